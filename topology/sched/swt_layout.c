/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The block layout of reduce-scatter and allgather (swt_layout.h).
 *
 * Butterflies, three passes: the block every core position ends with (the
 * lo[L] of swt_block_ranges_walk, for all positions at once), the fold
 * tree (each extra's parent is the position it hands its data to, the
 * fold rule of swt_fold.c), and a preorder walk of each survivor's tree
 * in block order. Rings: no folding, one block per position, read off the
 * part's cycle.
 */
#include "swt_layout.h"

#include <stdlib.h>

#include "swt_ring.h"

struct swt_layout {
    long p;       /* positions */
    long nblocks; /* core blocks, P */
    long *order;  /* [p] position at index i */
    long *index;  /* [p] index of position */
    long *first;  /* [P + 1] first index of core block b */
    long *group;  /* [p] size of the group rooted at a position */
};

/*
 * blk[x] = the block core position x ends with in the part that walks
 * walk, for every x at once: the
 * group names of swt_blocks.c per level (P (L+1) longs), then the same
 * descent as swt_block_ranges.
 */
static int swt_layout_blocks(const swt_shape_t *core, swt_alg_t alg, const swt_walk_t *walk,
                             long *blk)
{
    long P = swt_shape_size(core);
    int L = swt_nsteps(core);
    long *name = malloc(sizeof(long) * (size_t) (P * (L + 1)));

    if (NULL == name) {
        return SWT_ERR_NOMEM;
    }
    for (long y = 0; y < P; ++y) {
        name[(long) L * P + y] = y;
    }
    for (int s = L - 1; s >= 0; --s) {
        const long *up = name + (long) (s + 1) * P;
        for (long y = 0; y < P; ++y) {
            long q = swt_partner_walk(core, alg, walk, y, s, NULL);
            name[(long) s * P + y] = (up[y] < up[q]) ? up[y] : up[q];
        }
    }
    for (long x = 0; x < P; ++x) {
        long lo = 0;
        for (int s = 0; s < L; ++s) {
            if (name[(long) (s + 1) * P + x] != name[(long) s * P + x]) {
                lo += P >> (s + 1);
            }
        }
        blk[x] = lo;
    }
    free(name);
    return SWT_OK;
}

/* Parent of pos in the fold tree, or -1 for a survivor (*cpos: its core position). */
static long swt_layout_parent(const swt_shape_t *shape, const swt_shape_t *core, long pos,
                              long *cpos)
{
    int c[SWT_MAX_DIMS], cc[SWT_MAX_DIMS];

    swt_shape_coords(shape, pos, c);
    for (int i = 0; i < shape->ndims; ++i) {
        int onto;
        if (!swt_fold_coord(shape->dims[i], c[i], &cc[i], &onto)) {
            c[i] = onto;
            return swt_shape_pos(shape, c);
        }
    }
    *cpos = swt_shape_pos(core, cc);
    return -1;
}

/* Preorder of pos's tree from index *at; returns the group size. */
static long swt_layout_walk(swt_layout_t *l, const long *child_first, const long *children,
                            long pos, long *at)
{
    long n = 1;

    l->index[pos] = *at;
    l->order[(*at)++] = pos;
    for (long k = child_first[pos]; k < child_first[pos + 1]; ++k) {
        n += swt_layout_walk(l, child_first, children, children[k], at);
    }
    l->group[pos] = n;
    return n;
}

/* A layout of p positions and P core blocks, its arrays unfilled. */
static swt_layout_t *swt_layout_alloc(long p, long P)
{
    swt_layout_t *l = calloc(1, sizeof(*l));

    if (NULL == l) {
        return NULL;
    }
    l->p = p;
    l->nblocks = P;
    l->order = malloc(sizeof(long) * (size_t) p);
    l->index = malloc(sizeof(long) * (size_t) p);
    l->first = malloc(sizeof(long) * (size_t) (P + 1));
    l->group = malloc(sizeof(long) * (size_t) p);
    if (NULL == l->order || NULL == l->index || NULL == l->first || NULL == l->group) {
        swt_layout_destroy(l);
        return NULL;
    }
    return l;
}

static int swt_layout_butterfly(const swt_shape_t *shape, swt_alg_t alg, const swt_walk_t *walk,
                                swt_layout_t **out)
{
    swt_shape_t core;
    swt_layout_t *l = NULL;
    long p, P, at = 0;
    long *parent = NULL, *root = NULL, *child_first = NULL, *children = NULL, *blk = NULL;
    int rc = SWT_ERR_INVALID;

    if (NULL == shape || NULL == out || shape->ndims < 1 || shape->ndims > SWT_MAX_DIMS
        || swt_shape_size(shape) < 1) {
        return rc;
    }
    swt_fold_core(shape, &core);
    p = swt_shape_size(shape);
    P = swt_shape_size(&core);
    rc = SWT_ERR_NOMEM;
    l = swt_layout_alloc(p, P);
    parent = malloc(sizeof(long) * (size_t) p);
    root = malloc(sizeof(long) * (size_t) P);
    child_first = calloc((size_t) p + 1, sizeof(long));
    children = malloc(sizeof(long) * (size_t) p);
    blk = malloc(sizeof(long) * (size_t) P);
    if (NULL == l || NULL == parent || NULL == root || NULL == child_first || NULL == children
        || NULL == blk) {
        goto out;
    }
    rc = swt_layout_blocks(&core, alg, walk, blk);
    if (SWT_OK != rc) {
        goto out;
    }
    /* children of each position, in position order (a counting sort by parent) */
    for (long pos = 0; pos < p; ++pos) {
        long cpos = 0;
        parent[pos] = swt_layout_parent(shape, &core, pos, &cpos);
        if (parent[pos] >= 0) {
            child_first[parent[pos] + 1]++;
        } else {
            root[blk[cpos]] = pos;
        }
    }
    for (long pos = 0; pos < p; ++pos) {
        child_first[pos + 1] += child_first[pos];
    }
    for (long pos = 0; pos < p; ++pos) {
        if (parent[pos] >= 0) {
            /* child_first[parent] counts up while filling, restored below */
            children[child_first[parent[pos]]++] = pos;
        }
    }
    for (long pos = p; pos > 0; --pos) {
        child_first[pos] = child_first[pos - 1];
    }
    child_first[0] = 0;
    for (long b = 0; b < P; ++b) {
        l->first[b] = at;
        (void) swt_layout_walk(l, child_first, children, root[b], &at);
    }
    l->first[P] = at;
    rc = (at == p) ? SWT_OK : SWT_ERR_INVALID;
out:
    free(parent);
    free(root);
    free(child_first);
    free(children);
    free(blk);
    if (SWT_OK != rc) {
        swt_layout_destroy(l);
        return rc;
    }
    *out = l;
    return SWT_OK;
}

/*
 * Ring part `part`: the position at index i of the part's direction ends
 * its reduce-scatter with block (i + 1) mod p (swt_ring_sched.c), so block
 * b is the position at index b - 1.
 */
static int swt_layout_ring(const swt_topo_t *topo, int part, swt_layout_t **out)
{
    long p = swt_shape_size(swt_topo_logical(topo));
    swt_ring_t *ring = NULL;
    swt_layout_t *l = swt_layout_alloc(p, p);
    int rc = (NULL != l) ? swt_ring_create(topo, &ring) : SWT_ERR_NOMEM;

    for (long pos = 0; pos < p && SWT_OK == rc; ++pos) {
        long i = swt_ring_index(ring, part / 2, pos);
        long b = (((part % 2) ? (p - i) % p : i) + 1) % p;
        l->order[b] = pos;
        l->index[pos] = b;
        l->group[pos] = 1;
    }
    for (long b = 0; b <= p && SWT_OK == rc; ++b) {
        l->first[b] = b;
    }
    swt_ring_destroy(ring);
    if (SWT_OK != rc) {
        swt_layout_destroy(l);
        return rc;
    }
    *out = l;
    return SWT_OK;
}

int swt_layout_create(const swt_shape_t *shape, swt_alg_t alg, swt_layout_t **out)
{
    if (SWT_ALG_SWING != alg && SWT_ALG_RD != alg) {
        return SWT_ERR_INVALID;
    }
    return swt_layout_butterfly(shape, alg, NULL, out);
}

int swt_layout_create_part(const swt_topo_t *topo, swt_alg_t alg, int part, swt_layout_t **out)
{
    const swt_shape_t *shape;
    swt_walk_t walk;
    int rc;

    if (NULL == topo || NULL == out) {
        return SWT_ERR_INVALID;
    }
    shape = swt_topo_logical(topo);
    if (part < 0 || part >= swt_alg_nparts(shape, alg)) {
        return SWT_ERR_INVALID;
    }
    if (SWT_ALG_RING == alg) {
        return swt_layout_ring(topo, part, out);
    }
    rc = swt_part_walk(shape, alg, part, &walk);
    return (SWT_OK == rc) ? swt_layout_butterfly(shape, alg, &walk, out) : rc;
}

void swt_layout_destroy(swt_layout_t *l)
{
    if (NULL != l) {
        free(l->order);
        free(l->index);
        free(l->first);
        free(l->group);
        free(l);
    }
}

long swt_layout_size(const swt_layout_t *l)
{
    return l->p;
}

long swt_layout_nblocks(const swt_layout_t *l)
{
    return l->nblocks;
}

long swt_layout_pos(const swt_layout_t *l, long i)
{
    return l->order[i];
}

long swt_layout_index(const swt_layout_t *l, long pos)
{
    return l->index[pos];
}

long swt_layout_first(const swt_layout_t *l, long b)
{
    return l->first[b];
}

long swt_layout_group(const swt_layout_t *l, long pos)
{
    return l->group[pos];
}
