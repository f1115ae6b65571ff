/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Hamiltonian cycles of the logical torus (ALGORITHMS.md section 12; the
 * constructions are described in swt_ring.h). A cycle is built as the
 * list of its positions with the move that leaves each, so that a step
 * over a dimension of size 2 knows which of its two links it takes.
 */
#include "swt_ring.h"
#include "swt_route.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Routed steps the search on a grid may spend. */
#define SWT_RING_BUDGET (1L << 22)

typedef struct swt_cycle {
    long *pos;        /* [p] position at index i */
    signed char *dim; /* [p] dimension of the move from index i to i+1 */
    signed char *dir; /* [p] its direction */
} swt_cycle_t;

struct swt_ring {
    swt_shape_t shape;
    long p;
    int ncycles;
    swt_cycle_t cyc[2];
    long *idx[2]; /* [p] index of a position */
    char name[64];
};

/* A construction: staircases (k >= 1) or a snake (k == 0). */
typedef struct swt_ring_cand {
    int k, o, mirror; /* staircases */
    int rot;          /* snake: the first dimension, in active order */
} swt_ring_cand_t;

static long swt_ring_stride(const swt_shape_t *shape, int dim)
{
    long st = 1;

    for (int i = 0; i < dim; ++i) {
        st *= shape->dims[i];
    }
    return st;
}

static int swt_cycle_alloc(swt_cycle_t *c, long p)
{
    c->pos = malloc(sizeof(long) * (size_t) p);
    c->dim = malloc((size_t) p);
    c->dir = malloc((size_t) p);
    return (NULL == c->pos || NULL == c->dim || NULL == c->dir) ? SWT_ERR_NOMEM : SWT_OK;
}

static void swt_cycle_free(swt_cycle_t *c)
{
    free(c->pos);
    free(c->dim);
    free(c->dir);
    memset(c, 0, sizeof(*c));
}

static void swt_cycle_set(swt_cycle_t *c, long i, long pos, int dim, int dir)
{
    c->pos[i] = pos;
    c->dim[i] = (signed char) dim;
    c->dir[i] = (signed char) dir;
}

/* Cycle `which` of the staircases of cand on active dimensions x, y. */
static void swt_ring_staircase(const swt_shape_t *shape, int dx, int dy,
                               const swt_ring_cand_t *cand, int which, swt_cycle_t *c)
{
    long a = shape->dims[dx], b = shape->dims[dy], g = swt_gcd(a, b);
    long sx = swt_ring_stride(shape, dx), sy = swt_ring_stride(shape, dy);
    long u = 0, y = 0, p = a * b;
    int xdir = cand->mirror ? -1 : 1;

    for (long i = 0; i < p; ++i) {
        long x = cand->mirror ? (a - u) % a : u;
        int up = (((u + y - cand->o) % g + g) % g < cand->k) != (1 == which);
        swt_cycle_set(c, i, x * sx + y * sy, up ? dy : dx, up ? 1 : xdir);
        if (up) {
            y = (y + 1) % b;
        } else {
            u = (u + 1) % a;
        }
    }
}

/*
 * Snake over the active dimensions, starting with act[rot]: a ring over
 * that dimension, then one dimension after the other (see swt_ring.h).
 * Builds in place: the cycle so far occupies c[0..r).
 */
static void swt_ring_snake(const swt_shape_t *shape, const int *act, int nact, int rot,
                           swt_cycle_t *c, swt_cycle_t *tmp)
{
    int d0 = act[rot];
    long r = shape->dims[d0], s0 = swt_ring_stride(shape, d0);

    for (long i = 0; i < r; ++i) {
        swt_cycle_set(c, i, i * s0, d0, 1);
    }
    for (int j = 1; j < nact; ++j) {
        int dy = act[(rot + j) % nact];
        long h = shape->dims[dy], sy = swt_ring_stride(shape, dy), n = 0;
        for (long y = 0; y < h; ++y) {
            int fwd = (0 == y % 2), last = (y == h - 1);
            for (long t = 1; t < r; ++t) {
                long i = fwd ? t : r - t;   /* G index of this visit */
                long end = fwd ? r - 1 : 1; /* where the row ends */
                int mdim = dy, mdir = 1;
                if (i != end) {
                    mdim = fwd ? c->dim[i] : c->dim[i - 1];
                    mdir = fwd ? c->dir[i] : -c->dir[i - 1];
                } else if (last) {
                    /* to G[0]: G's closing link, or back over G[1] -> G[0] */
                    mdim = fwd ? c->dim[r - 1] : c->dim[0];
                    mdir = fwd ? c->dir[r - 1] : -c->dir[0];
                }
                swt_cycle_set(tmp, n++, c->pos[i] + y * sy, mdim, mdir);
            }
        }
        for (long y = h - 1; y >= 0; --y) {
            swt_cycle_set(tmp, n++, c->pos[0] + y * sy, y > 0 ? dy : c->dim[0],
                          y > 0 ? -1 : c->dir[0]);
        }
        memcpy(c->pos, tmp->pos, sizeof(long) * (size_t) n);
        memcpy(c->dim, tmp->dim, (size_t) n);
        memcpy(c->dir, tmp->dir, (size_t) n);
        r = n;
    }
}

/* Position one move away. */
static long swt_ring_step(const swt_shape_t *shape, long pos, int dim, int dir)
{
    int c[SWT_MAX_DIMS];

    swt_shape_coords(shape, pos, c);
    c[dim] = (c[dim] + dir + shape->dims[dim]) % shape->dims[dim];
    return swt_shape_pos(shape, c);
}

/* Every position once, each move leading to the next entry. */
static int swt_ring_valid(const swt_shape_t *shape, long p, const swt_cycle_t *c, long *seen)
{
    for (long i = 0; i < p; ++i) {
        seen[i] = -1;
    }
    for (long i = 0; i < p; ++i) {
        if (seen[c->pos[i]] >= 0
            || swt_ring_step(shape, c->pos[i], c->dim[i], c->dir[i]) != c->pos[(i + 1) % p]) {
            return 0;
        }
        seen[c->pos[i]] = i;
    }
    return 1;
}

static void swt_ring_build(const swt_shape_t *shape, const int *act, int nact,
                           const swt_ring_cand_t *cand, swt_cycle_t *cyc, swt_cycle_t *tmp)
{
    if (cand->k > 0) {
        swt_ring_staircase(shape, act[0], act[1], cand, 0, &cyc[0]);
        swt_ring_staircase(shape, act[0], act[1], cand, 1, &cyc[1]);
    } else if (nact > 0) {
        swt_ring_snake(shape, act, nact, cand->rot, &cyc[0], tmp);
    } else {
        swt_cycle_set(&cyc[0], 0, 0, 0, 1);
    }
}

/* (longest step, sum of hops) of the cycles on the grid. */
static void swt_ring_score(const swt_net_t *net, long p, int ncyc, const swt_cycle_t *cyc,
                           long *worst, long *sum)
{
    *worst = *sum = 0;
    for (int c = 0; c < ncyc; ++c) {
        for (long i = 0; i < p; ++i) {
            swt_route_t rt;
            swt_net_route(net, cyc[c].pos[i], cyc[c].pos[(i + 1) % p], cyc[c].dir[i], &rt);
            *sum += rt.hops;
            *worst = (rt.hops > *worst) ? rt.hops : *worst;
        }
    }
}

/* Next candidate after cand; 0 when there is none. */
static int swt_ring_next_cand(const swt_shape_t *shape, const int *act, int nact, int pair,
                              swt_ring_cand_t *cand)
{
    if (pair) {
        long a = shape->dims[act[0]], b = shape->dims[act[1]], g = swt_gcd(a, b);
        if (!cand->mirror) {
            cand->mirror = 1;
            return 1;
        }
        cand->mirror = 0;
        if (++cand->o < g) {
            return 1;
        }
        cand->o = 0;
        while (++cand->k < g) {
            if (swt_ring_k_ok(a, b, cand->k)) {
                return 1;
            }
        }
        return 0;
    }
    return ++cand->rot < nact;
}

static void swt_ring_name_set(swt_ring_t *ring, const int *act, int nact,
                              const swt_ring_cand_t *cand)
{
    static const char *const dn[] = { "x", "y", "z", "d3", "d4", "d5", "d6", "d7" };
    size_t used;

    if (nact <= 1) {
        snprintf(ring->name, sizeof(ring->name), "ring");
    } else if (cand->k > 0) {
        snprintf(ring->name, sizeof(ring->name), "staircases k=%d o=%d%s", cand->k, cand->o,
                 cand->mirror ? " mirrored" : "");
    } else {
        used = (size_t) snprintf(ring->name, sizeof(ring->name), "snake");
        for (int j = 0; j < nact && used < sizeof(ring->name); ++j) {
            used += (size_t) snprintf(ring->name + used, sizeof(ring->name) - used, "%s%s",
                                      j ? "," : " ", dn[act[(cand->rot + j) % nact]]);
        }
    }
}

/* The search: every candidate on a grid (within the budget), else the first. */
static int swt_ring_search(swt_ring_t *ring, const swt_net_t *net)
{
    const swt_shape_t *shape = &ring->shape;
    swt_cycle_t cur[2], tmp;
    swt_ring_cand_t cand = { 0, 0, 0, 0 }, best;
    int act[SWT_MAX_DIMS], nact = swt_shape_active(shape, act), found = 0;
    int pair = (2 == ring->ncycles);
    long best_w = 0, best_s = 0, spent = 0, p = ring->p;
    long *seen = malloc(sizeof(long) * (size_t) p);
    int rc = SWT_ERR_NOMEM;

    memset(cur, 0, sizeof(cur));
    memset(&tmp, 0, sizeof(tmp));
    if (NULL == seen || SWT_OK != swt_cycle_alloc(&cur[0], p)
        || SWT_OK != swt_cycle_alloc(&cur[1], p) || SWT_OK != swt_cycle_alloc(&tmp, p)) {
        goto out;
    }
    if (pair) {
        long a = shape->dims[act[0]], b = shape->dims[act[1]];
        while (!swt_ring_k_ok(a, b, ++cand.k)) {
        }
    }
    best = cand;
    do {
        long w = 0, s = 0;
        int ok = 1;
        swt_ring_build(shape, act, nact, &cand, cur, &tmp);
        for (int c = 0; c < ring->ncycles; ++c) {
            ok = ok && swt_ring_valid(shape, p, &cur[c], seen);
        }
        if (!ok) {
            continue;
        }
        if (NULL != net) {
            swt_ring_score(net, p, ring->ncycles, cur, &w, &s);
            spent += p * ring->ncycles;
        }
        if (!found || w < best_w || (w == best_w && s < best_s)) {
            found = 1;
            best = cand;
            best_w = w;
            best_s = s;
        }
    } while ((!found || (NULL != net && spent < SWT_RING_BUDGET))
             && swt_ring_next_cand(shape, act, nact, pair, &cand));
    rc = found ? SWT_OK : SWT_ERR_INVALID;
    if (found) {
        swt_ring_build(shape, act, nact, &best, ring->cyc, &tmp);
        swt_ring_name_set(ring, act, nact, &best);
    }
out:
    swt_cycle_free(&cur[0]);
    swt_cycle_free(&cur[1]);
    swt_cycle_free(&tmp);
    free(seen);
    return rc;
}

static int swt_ring_make(const swt_shape_t *shape, const swt_topo_t *topo, swt_ring_t **out)
{
    swt_ring_t *ring;
    swt_net_t *net = NULL;
    int rc;

    if (NULL == shape || NULL == out || shape->ndims < 1 || shape->ndims > SWT_MAX_DIMS) {
        return SWT_ERR_INVALID;
    }
    ring = calloc(1, sizeof(*ring));
    if (NULL == ring) {
        return SWT_ERR_NOMEM;
    }
    ring->shape = *shape;
    ring->p = swt_shape_size(shape);
    ring->ncycles = swt_ring_ncycles_shape(shape);
    rc = SWT_OK;
    for (int c = 0; c < ring->ncycles && SWT_OK == rc; ++c) {
        rc = swt_cycle_alloc(&ring->cyc[c], ring->p);
        ring->idx[c] = malloc(sizeof(long) * (size_t) ring->p);
        rc = (NULL == ring->idx[c]) ? SWT_ERR_NOMEM : rc;
    }
    if (SWT_OK == rc && NULL != topo && swt_topo_has_grid(topo)) {
        rc = swt_net_create(topo, &net);
    }
    if (SWT_OK == rc) {
        rc = swt_ring_search(ring, net);
    }
    for (int c = 0; c < ring->ncycles && SWT_OK == rc; ++c) {
        for (long i = 0; i < ring->p; ++i) {
            ring->idx[c][ring->cyc[c].pos[i]] = i;
        }
    }
    swt_net_destroy(net);
    if (SWT_OK != rc) {
        swt_ring_destroy(ring);
        return rc;
    }
    *out = ring;
    return SWT_OK;
}

int swt_ring_create(const swt_topo_t *topo, swt_ring_t **ring)
{
    if (NULL == topo) {
        return SWT_ERR_INVALID;
    }
    return swt_ring_make(swt_topo_logical(topo), topo, ring);
}

int swt_ring_create_shape(const swt_shape_t *shape, swt_ring_t **ring)
{
    return swt_ring_make(shape, NULL, ring);
}

void swt_ring_destroy(swt_ring_t *ring)
{
    if (NULL != ring) {
        for (int c = 0; c < 2; ++c) {
            swt_cycle_free(&ring->cyc[c]);
            free(ring->idx[c]);
        }
        free(ring);
    }
}

int swt_ring_ncycles(const swt_ring_t *ring)
{
    return ring->ncycles;
}

const char *swt_ring_name(const swt_ring_t *ring)
{
    return ring->name;
}

long swt_ring_at(const swt_ring_t *ring, int c, long i)
{
    return ring->cyc[c].pos[((i % ring->p) + ring->p) % ring->p];
}

long swt_ring_index(const swt_ring_t *ring, int c, long pos)
{
    return ring->idx[c][pos];
}

long swt_ring_next(const swt_ring_t *ring, int part, long pos, swt_move_t *move, long *prev)
{
    const swt_cycle_t *c = &ring->cyc[part / 2];
    long p = ring->p, i = ring->idx[part / 2][pos];
    long fwd = (i + 1) % p, back = (i + p - 1) % p;
    int backward = part % 2;

    move->dim = backward ? c->dim[back] : c->dim[i];
    move->dir = backward ? -c->dir[back] : c->dir[i];
    move->k = -1;
    move->dist = (p > 1) ? 1 : 0;
    if (NULL != prev) {
        *prev = c->pos[backward ? fwd : back];
    }
    return c->pos[backward ? back : fwd];
}
