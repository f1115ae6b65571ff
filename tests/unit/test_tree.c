/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Trees and chains of broadcast, reduce, gather and scatter
 * (topology/tree/swt_tree.h), by brute force.
 *
 * Structure, for every root: every rank but the root receives exactly once
 * per part (broadcast, scatter), from a rank that already holds the data,
 * at the step index its sender sends at (time-aligned lists); the core
 * steps go to the Swing partner (distance |rho(k)|) or the RD one (2^k);
 * a scatter's or gather's core message carries exactly the blocks of the
 * subtree below it, one contiguous range of the reduce-scatter layout.
 *
 * Whole collectives: every rank's step lists (every part) run in one
 * process with the schedule runner's semantics
 * (ompi_coll_swing/engine/coll_swing_runner.c): parts in lockstep, a send
 * completes only once its receiver took it (rendezvous, the strictest MPI
 * behaviour), one FIFO per ordered pair and part (a tag per part).
 * Ranges and operands as the machine has them:
 *   SEND, RECV, RECV_REDUCE, AG, RS   block ranges: blocks cut evenly
 *                                     (swt_block_elems), or with a layout
 *                                     one element per position
 *   FOLD_*, UNFOLD_*                  the whole vector, except the fold of
 *                                     an allgather half (gather) and the
 *                                     unfold of a reduce-scatter half
 *                                     (scatter): the extra's fold group
 *   RECV_REDUCE, RS, FOLD_RECV        mine = received (left) + mine
 *                                     (FOLD_RECV copies in an AG half)
 * Broadcast and reduce run as the whole-vector half, gather as an
 * allgather half and scatter as a reduce-scatter half on the layout of
 * swt_layout_create_part. Values are exact 64-bit integers; ranks that do
 * not hold a value yet start with poison, so a message sent too early
 * shows. The compositions broadcast = scatter + allgather half and reduce
 * = reduce-scatter half + gather run on one layout.
 */
#include "unit_util.h"

#include "swt_layout.h"
#include "swt_tree.h"

#define TS_MAX_PARTS (2 * SWT_MAX_DIMS)
#define TS_POISON 0xdeadbeefcafef00dULL

typedef enum { H_ALL, H_RS, H_AG } half_t;

typedef struct tmsg {
    struct tmsg *next;
    int step;
    swt_op_t op;
    size_t n;
    int consumed;
    uint64_t *data;
} tmsg_t;

typedef struct tpart {
    swt_layout_t *lay; /* NULL: blocks cut evenly */
    long nblocks;
    size_t len;         /* elements of the part's vector */
    swt_step_t **steps; /* [p] */
    int *nsteps;        /* [p] */
    uint64_t *v;        /* [p * len] */
} tpart_t;

typedef struct tsim {
    long p;
    int np;
    half_t half;
    int aligned; /* tree lists: a message is sent and received at one index */
    tpart_t part[TS_MAX_PARTS];
    int *pc;       /* [p] */
    int *posted;   /* [p] */
    unsigned *got; /* [p] parts whose receive of the step is done */
    tmsg_t **out;  /* [p * np] the step's send, until taken */
    tmsg_t **head; /* [(src * p + dst) * np + part] */
    long *recvs;   /* [p * np] receives of each rank and part */
    long *sends;   /* [p * np] */
    char what[200];
} tsim_t;

static uint64_t ts_mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t ts_value(long x, int part, size_t i)
{
    return ts_mix(((uint64_t) x << 32) ^ ((uint64_t) part << 24) ^ (uint64_t) i);
}

static int ts_sends(swt_op_t op)
{
    return SWT_OP_SEND == op || SWT_OP_AG == op || SWT_OP_RS == op || SWT_OP_FOLD_SEND == op
           || SWT_OP_UNFOLD_SEND == op;
}

static int ts_recvs(swt_op_t op)
{
    return SWT_OP_RECV == op || SWT_OP_RECV_REDUCE == op || SWT_OP_AG == op || SWT_OP_RS == op
           || SWT_OP_FOLD_RECV == op || SWT_OP_UNFOLD_RECV == op;
}

static int ts_skipped(const tsim_t *s, swt_op_t op)
{
    return (H_RS == s->half && SWT_OP_AG == op) || (H_AG == s->half && SWT_OP_RS == op)
           || SWT_OP_LO == op || SWT_OP_IDLE == op;
}

/* Element range of a step of x in part pt: what it sends (send) or receives. */
static void ts_range(const tsim_t *s, const tpart_t *pt, long x, const swt_step_t *st, int send,
                     size_t *first, size_t *n)
{
    int fold = (SWT_OP_FOLD_SEND == st->op || SWT_OP_FOLD_RECV == st->op);
    long r;

    switch (st->op) {
    case SWT_OP_FOLD_SEND:
    case SWT_OP_FOLD_RECV:
    case SWT_OP_UNFOLD_SEND:
    case SWT_OP_UNFOLD_RECV:
        if (H_ALL == s->half || (H_RS == s->half) == fold) {
            *first = 0;
            *n = pt->len;
            return;
        }
        r = (SWT_OP_FOLD_SEND == st->op || SWT_OP_UNFOLD_RECV == st->op) ? x
            : (SWT_OP_FOLD_RECV == st->op)                               ? st->from
                                                                         : st->peer;
        *first = (size_t) swt_layout_index(pt->lay, r);
        *n = (size_t) swt_layout_group(pt->lay, r);
        return;
    default: {
        long lo = send ? st->send_lo : st->recv_lo, nb = send ? st->send_n : st->recv_n;
        UNIT_CHECK(lo >= 0 && nb >= 0 && lo + nb <= pt->nblocks,
                   "%s: rank %ld blocks [%ld,+%ld) of %ld", s->what, x, lo, nb, pt->nblocks);
        if (NULL == pt->lay) {
            swt_block_elems(pt->len, pt->nblocks, lo, nb, first, n);
        } else {
            *first = (size_t) swt_layout_first(pt->lay, lo);
            *n = (size_t) swt_layout_first(pt->lay, lo + nb) - *first;
        }
    }
    }
}

static tmsg_t **ts_queue(tsim_t *s, long src, long dst, int part)
{
    return &s->head[((size_t) src * (size_t) s->p + (size_t) dst) * (size_t) s->np + (size_t) part];
}

static void ts_post(tsim_t *s, long x, int j, const swt_step_t *st)
{
    tpart_t *pt = &s->part[j];
    tmsg_t *m = calloc(1, sizeof(*m)), **tail;
    size_t first, n;

    UNIT_CHECK(NULL != m, "out of memory");
    UNIT_CHECK(st->peer >= 0 && st->peer < s->p && st->peer != x, "%s: rank %ld sends to %ld",
               s->what, x, st->peer);
    ts_range(s, pt, x, st, 1, &first, &n);
    m->step = s->pc[x];
    m->op = st->op;
    m->n = n;
    m->data = malloc(sizeof(uint64_t) * (n ? n : 1));
    UNIT_CHECK(NULL != m->data, "out of memory");
    memcpy(m->data, pt->v + (size_t) x * pt->len + first, sizeof(uint64_t) * n);
    for (tail = ts_queue(s, x, st->peer, j); NULL != *tail; tail = &(*tail)->next) {
    }
    *tail = m;
    s->out[x * s->np + j] = m;
    s->sends[x * s->np + j]++;
}

/* 1 when x's receive of step st in part j completed. */
static int ts_take(tsim_t *s, long x, int j, const swt_step_t *st)
{
    tpart_t *pt = &s->part[j];
    tmsg_t **q = ts_queue(s, st->from, x, j), *m = *q;
    size_t first, n;
    uint64_t *v = pt->v + (size_t) x * pt->len;
    int reduce = SWT_OP_RECV_REDUCE == st->op || SWT_OP_RS == st->op
                 || (SWT_OP_FOLD_RECV == st->op && H_AG != s->half);

    if (NULL == m) {
        return 0;
    }
    ts_range(s, pt, x, st, 0, &first, &n);
    UNIT_CHECK(!s->aligned || m->step == s->pc[x],
               "%s: part %d: rank %ld at step %d got the "
               "message %ld sent at step %d",
               s->what, j, x, s->pc[x], st->from, m->step);
    UNIT_CHECK(m->n == n,
               "%s: part %d rank %ld step %d (op %d) expects %zu elements from %ld "
               "(op %d), got %zu",
               s->what, j, x, s->pc[x], (int) st->op, n, st->from, (int) m->op, m->n);
    for (size_t i = 0; i < n; ++i) {
        v[first + i] = reduce ? m->data[i] + v[first + i] : m->data[i];
    }
    *q = m->next;
    m->consumed = 1;
    s->recvs[x * s->np + j]++;
    return 1;
}

static const swt_step_t *ts_step(const tsim_t *s, int j, long x, int i)
{
    const tpart_t *pt = &s->part[j];
    return (i < pt->nsteps[x]) ? &pt->steps[x][i] : NULL;
}

static int ts_len(const tsim_t *s, long x)
{
    int n = 0;
    for (int j = 0; j < s->np; ++j) {
        n = (s->part[j].nsteps[x] > n) ? s->part[j].nsteps[x] : n;
    }
    return n;
}

/* Step pc[x] of every part of x: posted, then complete; 1 when it completed. */
static int ts_step_run(tsim_t *s, long x)
{
    unsigned all = (1U << s->np) - 1;

    if (!s->posted[x]) {
        s->posted[x] = 1;
        s->got[x] = 0;
        for (int j = 0; j < s->np; ++j) {
            const swt_step_t *st = ts_step(s, j, x, s->pc[x]);
            if (NULL == st || ts_skipped(s, st->op) || !ts_recvs(st->op)) {
                s->got[x] |= 1U << j;
            }
            if (NULL != st && !ts_skipped(s, st->op) && ts_sends(st->op)) {
                ts_post(s, x, j, st);
            }
        }
    }
    for (int j = 0; j < s->np; ++j) {
        if (!(s->got[x] & (1U << j)) && ts_take(s, x, j, ts_step(s, j, x, s->pc[x]))) {
            s->got[x] |= 1U << j;
        }
    }
    if (s->got[x] != all) {
        return 0;
    }
    for (int j = 0; j < s->np; ++j) {
        tmsg_t *m = s->out[x * s->np + j];
        if (NULL != m && !m->consumed) {
            return 0;
        }
    }
    for (int j = 0; j < s->np; ++j) {
        tmsg_t *m = s->out[x * s->np + j];
        if (NULL != m) {
            free(m->data);
            free(m);
            s->out[x * s->np + j] = NULL;
        }
    }
    s->pc[x]++;
    s->posted[x] = 0;
    return 1;
}

/* Runs every rank to its end; a pass without progress is a deadlock. */
static void ts_run(tsim_t *s)
{
    int done = 0;

    memset(s->pc, 0, sizeof(int) * (size_t) s->p);
    memset(s->posted, 0, sizeof(int) * (size_t) s->p);
    memset(s->recvs, 0, sizeof(long) * (size_t) (s->p * s->np));
    memset(s->sends, 0, sizeof(long) * (size_t) (s->p * s->np));
    while (!done) {
        int progress = 0;
        done = 1;
        for (long x = 0; x < s->p; ++x) {
            while (s->pc[x] < ts_len(s, x)) {
                int was = s->posted[x];
                if (!ts_step_run(s, x)) {
                    progress |= !was;
                    break;
                }
                progress = 1;
            }
            done &= (s->pc[x] >= ts_len(s, x));
        }
        UNIT_CHECK(done || progress, "%s: deadlock", s->what);
    }
    for (long i = 0; i < s->p * s->p * s->np; ++i) {
        UNIT_CHECK(NULL == s->head[i], "%s: a message %ld -> %ld was never received", s->what,
                   i / s->np / s->p, (i / s->np) % s->p);
    }
}

static void ts_init(tsim_t *s, long p, int np, half_t half, int aligned)
{
    memset(s, 0, sizeof(*s));
    s->p = p;
    s->np = np;
    s->half = half;
    s->aligned = aligned;
    s->pc = calloc((size_t) p, sizeof(int));
    s->posted = calloc((size_t) p, sizeof(int));
    s->got = calloc((size_t) p, sizeof(unsigned));
    s->out = calloc((size_t) (p * np), sizeof(tmsg_t *));
    s->head = calloc((size_t) (p * p * np), sizeof(tmsg_t *));
    s->recvs = calloc((size_t) (p * np), sizeof(long));
    s->sends = calloc((size_t) (p * np), sizeof(long));
    UNIT_CHECK(s->pc && s->posted && s->got && s->out && s->head && s->recvs && s->sends,
               "out of memory");
    for (int j = 0; j < np; ++j) {
        s->part[j].steps = calloc((size_t) p, sizeof(swt_step_t *));
        s->part[j].nsteps = calloc((size_t) p, sizeof(int));
        UNIT_CHECK(s->part[j].steps && s->part[j].nsteps, "out of memory");
    }
}

static void ts_alloc_vectors(tsim_t *s)
{
    for (int j = 0; j < s->np; ++j) {
        free(s->part[j].v);
        s->part[j].v = malloc(sizeof(uint64_t) * (s->part[j].len ? s->part[j].len : 1)
                              * (size_t) s->p);
        UNIT_CHECK(NULL != s->part[j].v, "out of memory");
    }
}

static void ts_free_steps(tsim_t *s)
{
    for (int j = 0; j < s->np; ++j) {
        for (long x = 0; x < s->p; ++x) {
            free(s->part[j].steps[x]);
            s->part[j].steps[x] = NULL;
        }
    }
}

static void ts_free(tsim_t *s)
{
    ts_free_steps(s);
    for (int j = 0; j < s->np; ++j) {
        free(s->part[j].steps);
        free(s->part[j].nsteps);
        free(s->part[j].v);
        swt_layout_destroy(s->part[j].lay);
    }
    free(s->pc);
    free(s->posted);
    free(s->got);
    free(s->out);
    free(s->head);
    free(s->recvs);
    free(s->sends);
}

/* Every rank's list of part j of tree for root. */
static void ts_lists(tsim_t *s, int j, const swt_tree_t *tree, long root)
{
    tpart_t *pt = &s->part[j];
    int cap = swt_tree_max_steps(tree);

    pt->nblocks = swt_tree_nblocks(tree);
    for (long x = 0; x < s->p; ++x) {
        free(pt->steps[x]);
        pt->steps[x] = malloc(sizeof(swt_step_t) * (size_t) (cap ? cap : 1));
        UNIT_CHECK(NULL != pt->steps[x], "out of memory");
        UNIT_CHECK_EQ(SWT_OK, swt_tree_steps(tree, root, x, pt->steps[x], &pt->nsteps[x]));
        UNIT_CHECK(pt->nsteps[x] <= cap, "%s: %d steps, room for %d", s->what, pt->nsteps[x], cap);
        UNIT_CHECK(0 == pt->nsteps[x] || SWT_OP_IDLE != pt->steps[x][pt->nsteps[x] - 1].op,
                   "%s: rank %ld's list ends idle", s->what, x);
    }
}

/* ---- structure ---- */

/* On a power-of-two shape: core steps go to the partner of their move. */
static void ts_check_moves(const tsim_t *s, const swt_shape_t *sh, swt_alg_t alg)
{
    for (int j = 0; j < s->np; ++j) {
        for (long x = 0; x < s->p; ++x) {
            for (int i = 0; i < s->part[j].nsteps[x]; ++i) {
                const swt_step_t *st = &s->part[j].steps[x][i];
                int c[SWT_MAX_DIMS], q[SWT_MAX_DIMS], d;
                long peer = ts_sends(st->op) ? st->peer : st->from, want;
                if (SWT_OP_IDLE == st->op || st->core_step < 0) {
                    continue;
                }
                want = (SWT_ALG_RD == alg) ? 1L << st->move.k : labs(swt_rho(st->move.k));
                d = sh->dims[st->move.dim];
                UNIT_CHECK(st->move.dist == want % d || (d == 2 && st->move.dist == 1),
                           "%s: rank %ld step %d (k %d) distance %ld, want %ld", s->what, x, i,
                           st->move.k, st->move.dist, want);
                swt_shape_coords(sh, x, c);
                swt_shape_coords(sh, peer, q);
                c[st->move.dim] = (int) (((c[st->move.dim] + st->move.dir * st->move.dist) % d + d)
                                         % d);
                for (int k = 0; k < sh->ndims; ++k) {
                    UNIT_CHECK(c[k] == q[k], "%s: rank %ld step %d: its move does not reach %ld",
                               s->what, x, i, peer);
                }
            }
        }
    }
}

/* Broadcast, scatter: every rank but the root receives once per part;
   reduce, gather: every rank off the root's hand-back sends once. */
static void ts_check_counts(const tsim_t *s, swt_coll_t coll, long root, const char *onway)
{
    int down = (SWT_COLL_BCAST == coll || SWT_COLL_SCATTER == coll);

    for (int j = 0; j < s->np; ++j) {
        for (long x = 0; x < s->p; ++x) {
            long r = s->recvs[x * s->np + j], n = s->sends[x * s->np + j];
            if (down) {
                UNIT_CHECK(r == (x != root), "%s: part %d: rank %ld received %ld times", s->what, j,
                           x, r);
            } else if (!onway[x]) {
                UNIT_CHECK(n == (x != root), "%s: part %d: rank %ld sent %ld times", s->what, j, x,
                           n);
            }
        }
    }
}

/*
 * Scatter and gather: the rank each one receives from (scatter) or sends to
 * (gather) is its parent; a core message to (from) rank y must carry
 * exactly the blocks of y and of every rank below y.
 */
static void ts_check_subtrees(const tsim_t *s, swt_coll_t coll)
{
    long *parent = malloc(sizeof(long) * (size_t) s->p);
    char *in = malloc((size_t) s->p);

    UNIT_CHECK(NULL != parent && NULL != in, "out of memory");
    for (int j = 0; j < s->np; ++j) {
        const tpart_t *pt = &s->part[j];
        for (long x = 0; x < s->p; ++x) {
            parent[x] = -1;
            for (int i = 0; i < pt->nsteps[x]; ++i) {
                const swt_step_t *st = &pt->steps[x][i];
                if (SWT_COLL_SCATTER == coll && ts_recvs(st->op)) {
                    parent[x] = st->from;
                } else if (SWT_COLL_GATHER == coll && ts_sends(st->op) && parent[x] < 0) {
                    parent[x] = st->peer;
                }
            }
        }
        for (long x = 0; x < s->p; ++x) {
            for (int i = 0; i < pt->nsteps[x]; ++i) {
                const swt_step_t *st = &pt->steps[x][i];
                long y, lo, n, a, b;
                if (st->core_step < 0 || SWT_OP_IDLE == st->op) {
                    continue;
                }
                y = (SWT_COLL_SCATTER == coll) ? (ts_sends(st->op) ? st->peer : -1)
                                               : (ts_sends(st->op) ? x : -1);
                if (y < 0) {
                    continue;
                }
                lo = ts_sends(st->op) ? st->send_lo : st->recv_lo;
                n = ts_sends(st->op) ? st->send_n : st->recv_n;
                a = swt_layout_first(pt->lay, lo);
                b = swt_layout_first(pt->lay, lo + n);
                for (long z = 0; z < s->p; ++z) {
                    long w = z, idx = swt_layout_index(pt->lay, z);
                    int below = 0;
                    for (long hops = 0; w >= 0 && hops <= s->p; ++hops, w = parent[w]) {
                        if (w == y) {
                            below = 1;
                            break;
                        }
                    }
                    UNIT_CHECK(below == (idx >= a && idx < b),
                               "%s: part %d: rank %ld's message at step %d (blocks [%ld,+%ld)) "
                               "%s rank %ld's block, which is %s the subtree of %ld",
                               s->what, j, x, i, lo, n, below ? "lacks" : "holds", z,
                               below ? "in" : "outside", y);
                }
            }
        }
    }
    free(parent);
    free(in);
}

/* The ranks of root's hand-over (extra root, its survivor, ... before the core). */
static void ts_onway(const swt_topo_t *topo, long root, char *onway)
{
    const swt_shape_t *sh = swt_topo_logical(topo);
    int c[SWT_MAX_DIMS];
    long p = swt_shape_size(sh);

    memset(onway, 0, (size_t) p);
    swt_shape_coords(sh, root, c);
    for (int i = 0; i < sh->ndims; ++i) {
        int e = sh->dims[i] - (1 << swt_log2_floor(sh->dims[i]));
        if (1 == c[i] % 2 && c[i] < 2 * e) {
            onway[swt_shape_pos(sh, c)] = 1;
            c[i] -= 1;
            onway[swt_shape_pos(sh, c)] = 1;
        }
    }
}

/* ---- whole collectives ---- */

/* Fills the vectors for coll from root (count: bcast/reduce elements). */
static void ts_fill(tsim_t *s, swt_coll_t coll, long root)
{
    for (int j = 0; j < s->np; ++j) {
        tpart_t *pt = &s->part[j];
        for (long x = 0; x < s->p; ++x) {
            uint64_t *v = pt->v + (size_t) x * pt->len;
            for (size_t i = 0; i < pt->len; ++i) {
                switch (coll) {
                case SWT_COLL_BCAST: v[i] = (x == root) ? ts_value(root, j, i) : TS_POISON; break;
                case SWT_COLL_REDUCE: v[i] = ts_value(x, j, i); break;
                case SWT_COLL_SCATTER:
                    v[i] = (x == root) ? ts_value(swt_layout_pos(pt->lay, (long) i), j, 0)
                                       : TS_POISON;
                    break;
                case SWT_COLL_GATHER:
                    v[i] = ((long) i == swt_layout_index(pt->lay, x)) ? ts_value(x, j, 0)
                                                                      : TS_POISON;
                    break;
                }
            }
        }
    }
}

static void ts_verify(const tsim_t *s, swt_coll_t coll, long root)
{
    for (int j = 0; j < s->np; ++j) {
        const tpart_t *pt = &s->part[j];
        for (long x = 0; x < s->p; ++x) {
            const uint64_t *v = pt->v + (size_t) x * pt->len;
            if (SWT_COLL_BCAST == coll) {
                for (size_t i = 0; i < pt->len; ++i) {
                    UNIT_CHECK(v[i] == ts_value(root, j, i),
                               "%s: part %d rank %ld element %zu "
                               "is not the root's",
                               s->what, j, x, i);
                }
            } else if (SWT_COLL_SCATTER == coll) {
                long i = swt_layout_index(pt->lay, x);
                UNIT_CHECK(v[i] == ts_value(x, j, 0), "%s: part %d rank %ld lacks its block",
                           s->what, j, x);
            }
        }
        if (SWT_COLL_REDUCE == coll) {
            const uint64_t *v = pt->v + (size_t) root * pt->len;
            for (size_t i = 0; i < pt->len; ++i) {
                uint64_t want = 0;
                for (long x = 0; x < s->p; ++x) {
                    want += ts_value(x, j, i);
                }
                UNIT_CHECK(v[i] == want,
                           "%s: part %d element %zu: the root has 0x%llx, "
                           "want 0x%llx",
                           s->what, j, i, (unsigned long long) v[i], (unsigned long long) want);
            }
        } else if (SWT_COLL_GATHER == coll) {
            const uint64_t *v = pt->v + (size_t) root * pt->len;
            for (long y = 0; y < s->p; ++y) {
                UNIT_CHECK(v[swt_layout_index(pt->lay, y)] == ts_value(y, j, 0),
                           "%s: part %d: the root lacks rank %ld's block", s->what, j, y);
            }
        }
    }
}

typedef struct tcase_ {
    swt_alg_t alg;
    swt_coll_t coll;
    swt_tree_opts_t opts;
    int nparts;
} tcase_t;

static const char *ts_alg_name(swt_alg_t alg)
{
    return SWT_ALG_SWING == alg ? "swing" : SWT_ALG_RD == alg ? "rd" : "chain";
}

/*
 * coll with (alg, opts) in nparts parts on topo, for the roots in
 * [root_lo, root_hi): structure and values; count elements per part for
 * broadcast and reduce.
 */
static void ts_coll(const swt_topo_t *topo, const tcase_t *tc, long root_lo, long root_hi,
                    size_t count)
{
    const swt_shape_t *sh = swt_topo_logical(topo);
    long p = swt_shape_size(sh);
    int blocks = (SWT_COLL_GATHER == tc->coll || SWT_COLL_SCATTER == tc->coll), pow2 = 1;
    half_t half = (SWT_COLL_GATHER == tc->coll)    ? H_AG
                  : (SWT_COLL_SCATTER == tc->coll) ? H_RS
                                                   : H_ALL;
    swt_tree_t *tree[TS_MAX_PARTS] = { NULL };
    char *onway = malloc((size_t) p);
    tsim_t s;

    UNIT_CHECK(NULL != onway, "out of memory");
    for (int i = 0; i < sh->ndims; ++i) {
        pow2 &= swt_is_pow2(sh->dims[i]);
    }
    ts_init(&s, p, tc->nparts, half, 1);
    for (int j = 0; j < tc->nparts; ++j) {
        size_t first, n;
        UNIT_CHECK_EQ(SWT_OK,
                      swt_tree_create(topo, tc->alg, tc->coll, &tc->opts, j, tc->nparts, &tree[j]));
        swt_part_elems(count, tc->nparts, j, &first, &n);
        if (blocks) {
            UNIT_CHECK_EQ(SWT_OK, swt_layout_create_part(topo, tc->alg, j, &s.part[j].lay));
            UNIT_CHECK_EQ(swt_layout_nblocks(s.part[j].lay), swt_tree_nblocks(tree[j]));
            s.part[j].len = (size_t) p;
        } else {
            s.part[j].len = n;
        }
    }
    ts_alloc_vectors(&s);
    for (long root = root_lo; root < root_hi; ++root) {
        snprintf(s.what, sizeof(s.what), "%s %s %s %s%s segs %ld, %d parts, root %ld, count %zu",
                 swt_topo_name(topo), ts_alg_name(tc->alg), swt_coll_name(tc->coll),
                 SWT_TREE_FAR_FIRST == swt_tree_order(tc->coll, &tc->opts) ? "far" : "near",
                 tc->opts.rank_order ? " rank-order" : "", tc->opts.nsegs, tc->nparts, root, count);
        for (int j = 0; j < tc->nparts; ++j) {
            ts_lists(&s, j, tree[j], root);
        }
        ts_fill(&s, tc->coll, root);
        ts_run(&s);
        ts_verify(&s, tc->coll, root);
        if (SWT_ALG_RING != tc->alg) {
            ts_onway(topo, root, onway);
            ts_check_counts(&s, tc->coll, root, onway);
            if (pow2) {
                ts_check_moves(&s, sh, tc->alg);
            }
            if (blocks && p <= 64) {
                ts_check_subtrees(&s, tc->coll);
            }
        }
    }
    for (int j = 0; j < tc->nparts; ++j) {
        swt_tree_destroy(tree[j]);
    }
    ts_free(&s);
    free(onway);
}

/* Every tree (Swing, RD; both orders where offered; 1 part and all) and
   chain form of every collective on spec, every root when all_roots. */
static void ts_all(const char *spec, int all_roots)
{
    swt_topo_t *topo = unit_topo_load(spec);
    long p = swt_shape_size(swt_topo_logical(topo));
    long roots[] = { 0, 1, p / 2, p - 1 };

    for (int a = 0; a < 3; ++a) {
        for (int coll = 0; coll < SWT_COLL_COUNT; ++coll) {
            int blocks = (SWT_COLL_GATHER == coll || SWT_COLL_SCATTER == coll);
            for (int o = 0; o < (SWT_ALG_RING == a ? 2 : blocks ? 1 : 2); ++o) {
                tcase_t tc = { (swt_alg_t) a, (swt_coll_t) coll, { 0 }, 1 };
                int maxp;
                if (SWT_ALG_RING == a) {
                    if (blocks) {
                        continue;
                    }
                    tc.opts.rank_order = o;
                    tc.opts.nsegs = 3;
                } else {
                    tc.opts.order = blocks ? SWT_TREE_NEAR_FIRST
                                           : (o ? SWT_TREE_NEAR_FIRST : SWT_TREE_FAR_FIRST);
                }
                maxp = swt_tree_max_parts(topo, tc.alg, &tc.opts);
                for (int np = 1; np <= maxp; np = (np == maxp) ? maxp + 1 : maxp) {
                    tc.nparts = np;
                    if (all_roots) {
                        ts_coll(topo, &tc, 0, p, 5 * (size_t) np + 3);
                    } else {
                        for (size_t r = 0; r < sizeof(roots) / sizeof(roots[0]); ++r) {
                            ts_coll(topo, &tc, roots[r], roots[r] + 1, 5 * (size_t) np + 3);
                        }
                    }
                }
            }
        }
    }
    swt_topo_destroy(topo);
}

START_TEST(test_rings_all_roots)
{
    char spec[32];

    snprintf(spec, sizeof(spec), "ring:%d", _i);
    ts_all(spec, 1);
}
END_TEST

static const char *const ts_tori[] = {
    "torus:2x4",     "torus:4x2",   "torus:4x4",  "torus:3x5",     "torus:5x3",   "torus:3x3",
    "torus:8x2",     "torus:2x2x2", "torus:6x10", "torus:3x5x2",   "torus:1x6",   "torus:6x1",
    "torus:2x3x2x3", "torus:4x8",   "torus:7x5",  "torus:2x2x2x2", "torus:3x3x3",
};

START_TEST(test_tori_all_roots)
{
    ts_all(ts_tori[_i], 1);
}
END_TEST

START_TEST(test_presets)
{
    ts_all("n150", 0);
    ts_all("n150-72:harvest=3", 0);
    ts_all("@" SWT_TEST_GOLDEN "/ring4-on-6.topo", 1);
}
END_TEST

/* Chains: several segment counts (fewer elements than segments included). */
START_TEST(test_chain_segments)
{
    static const char *const specs[] = { "ring:5", "torus:4x4", "torus:3x5", "n150" };
    static const long segs[] = { 1, 2, 7, 40 };

    for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); ++i) {
        swt_topo_t *topo = unit_topo_load(specs[i]);
        long p = swt_shape_size(swt_topo_logical(topo));
        for (size_t k = 0; k < sizeof(segs) / sizeof(segs[0]); ++k) {
            for (int coll = 0; coll < 2; ++coll) {
                for (int ro = 0; ro < 2; ++ro) {
                    tcase_t tc = { SWT_ALG_RING, (swt_coll_t) coll, { 0 }, 1 };
                    tc.opts.nsegs = segs[k];
                    tc.opts.rank_order = ro;
                    tc.nparts = swt_tree_max_parts(topo, SWT_ALG_RING, &tc.opts);
                    ts_coll(topo, &tc, 0, p < 8 ? p : 8, 30);
                    ts_coll(topo, &tc, p - 1, p, 5);
                }
            }
        }
        swt_topo_destroy(topo);
    }
}
END_TEST

/*
 * The tree property on large rings and tori, every root, without moving
 * data: each rank but the root receives exactly once (a core, hand-over or
 * unfold step), from a rank whose own receive came earlier, which sends to
 * it at that very step.
 */
static void ts_tree_property(const char *spec, swt_alg_t alg, swt_tree_order_t order)
{
    swt_topo_t *topo = unit_topo_load(spec);
    long p = swt_shape_size(swt_topo_logical(topo));
    int nparts = swt_tree_max_parts(topo, alg, NULL);
    swt_tree_opts_t opts = { order, 0, 0 };
    int *when = malloc(sizeof(int) * (size_t) p);
    long *from = malloc(sizeof(long) * (size_t) p);

    UNIT_CHECK(when && from, "out of memory");
    for (int j = 0; j < nparts; ++j) {
        swt_tree_t *tree = NULL;
        swt_step_t *st;
        int cap;
        UNIT_CHECK_EQ(SWT_OK, swt_tree_create(topo, alg, SWT_COLL_BCAST, &opts, j, nparts, &tree));
        cap = swt_tree_max_steps(tree);
        st = malloc(sizeof(swt_step_t) * (size_t) (cap ? cap : 1));
        UNIT_CHECK(NULL != st, "out of memory");
        for (long root = 0; root < p; ++root) {
            for (long x = 0; x < p; ++x) {
                int n, nrecv = 0;
                UNIT_CHECK_EQ(SWT_OK, swt_tree_steps(tree, root, x, st, &n));
                when[x] = -1;
                for (int i = 0; i < n; ++i) {
                    if (SWT_OP_RECV == st[i].op || SWT_OP_UNFOLD_RECV == st[i].op) {
                        nrecv++;
                        when[x] = i;
                        from[x] = st[i].from;
                    }
                }
                UNIT_CHECK(nrecv == (x != root),
                           "%s %s part %d root %ld: rank %ld receives %d "
                           "times",
                           spec, ts_alg_name(alg), j, root, x, nrecv);
            }
            for (long x = 0; x < p; ++x) {
                int n;
                if (x == root) {
                    continue;
                }
                UNIT_CHECK(when[from[x]] < when[x],
                           "%s root %ld: %ld receives at %d from %ld, "
                           "which receives at %d",
                           spec, root, x, when[x], from[x], when[from[x]]);
                UNIT_CHECK_EQ(SWT_OK, swt_tree_steps(tree, root, from[x], st, &n));
                UNIT_CHECK(when[x] < n && st[when[x]].peer == x
                               && (SWT_OP_SEND == st[when[x]].op
                                   || SWT_OP_UNFOLD_SEND == st[when[x]].op),
                           "%s root %ld: %ld does not send to %ld at step %d", spec, root, from[x],
                           x, when[x]);
            }
        }
        free(st);
        swt_tree_destroy(tree);
    }
    free(when);
    free(from);
    swt_topo_destroy(topo);
}

START_TEST(test_tree_property_rings)
{
    char spec[32];

    for (int p = 4; p <= 1024; p *= 2) {
        snprintf(spec, sizeof(spec), "ring:%d", p);
        for (int a = 0; a < 2; ++a) {
            ts_tree_property(spec, (swt_alg_t) a, SWT_TREE_FAR_FIRST);
            ts_tree_property(spec, (swt_alg_t) a, SWT_TREE_NEAR_FIRST);
        }
    }
}
END_TEST

START_TEST(test_tree_property_tori)
{
    static const char *const specs[] = { "torus:16x16",   "torus:32x8", "torus:8x8x4",
                                         "torus:4x4x4x4", "torus:2x64", "torus:24x20",
                                         "ring:1000" };
    for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); ++i) {
        for (int a = 0; a < 2; ++a) {
            ts_tree_property(specs[i], (swt_alg_t) a, SWT_TREE_FAR_FIRST);
            ts_tree_property(specs[i], (swt_alg_t) a, SWT_TREE_NEAR_FIRST);
        }
    }
}
END_TEST

/*
 * Multiport: at step 0 of a broadcast or scatter every part of the root
 * leaves on a link of its own (a dimension and a direction no other part
 * takes), for every root of tori with equal sides: the root's 2D links
 * (RD: D of them) all carry data at once.
 */
START_TEST(test_root_links)
{
    static const char *const specs[] = { "ring:16", "torus:4x4", "torus:8x8", "torus:4x4x4" };

    for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); ++i) {
        swt_topo_t *topo = unit_topo_load(specs[i]);
        long p = swt_shape_size(swt_topo_logical(topo));
        for (int a = 0; a < 2; ++a) {
            for (int c = 0; c < SWT_COLL_COUNT; ++c) {
                int np = swt_tree_max_parts(topo, (swt_alg_t) a, NULL);
                swt_tree_t *tree[TS_MAX_PARTS];
                swt_step_t st[64];
                if (SWT_COLL_BCAST != c && SWT_COLL_SCATTER != c) {
                    continue;
                }
                for (int j = 0; j < np; ++j) {
                    UNIT_CHECK_EQ(SWT_OK, swt_tree_create(topo, (swt_alg_t) a, (swt_coll_t) c, NULL,
                                                          j, np, &tree[j]));
                }
                for (long root = 0; root < p; ++root) {
                    unsigned used = 0;
                    for (int j = 0; j < np; ++j) {
                        int n;
                        unsigned link;
                        UNIT_CHECK_EQ(SWT_OK, swt_tree_steps(tree[j], root, root, st, &n));
                        UNIT_CHECK(n > 0 && SWT_OP_SEND == st[0].op,
                                   "%s: root %ld part %d "
                                   "does not send at step 0",
                                   specs[i], root, j);
                        link = 1U << (2 * st[0].move.dim + (st[0].move.dir > 0));
                        UNIT_CHECK(!(used & link),
                                   "%s %s %s root %ld: part %d leaves on a "
                                   "link another part takes",
                                   specs[i], ts_alg_name((swt_alg_t) a),
                                   swt_coll_name((swt_coll_t) c), root, j);
                        used |= link;
                    }
                }
                for (int j = 0; j < np; ++j) {
                    swt_tree_destroy(tree[j]);
                }
            }
        }
        swt_topo_destroy(topo);
    }
}
END_TEST

/* ---- compositions on one layout ---- */

/* The RS or AG half lists of the BO allreduce, part j of np. */
static void ts_half_lists(tsim_t *s, const swt_topo_t *topo, swt_alg_t alg, int j, int np)
{
    tpart_t *pt = &s->part[j];

    pt->nblocks = swt_layout_nblocks(pt->lay);
    for (long x = 0; x < s->p; ++x) {
        swt_sched_t *sched = NULL;
        UNIT_CHECK_EQ(SWT_OK, swt_sched_create_part(topo, alg, SWT_KIND_BO, x, j, np, &sched));
        free(pt->steps[x]);
        pt->nsteps[x] = swt_sched_nsteps(sched);
        pt->steps[x] = malloc(sizeof(swt_step_t) * (size_t) (pt->nsteps[x] + 1));
        UNIT_CHECK(NULL != pt->steps[x], "out of memory");
        for (int i = 0; i < pt->nsteps[x]; ++i) {
            pt->steps[x][i] = *swt_sched_step(sched, i);
        }
        swt_sched_destroy(sched);
    }
}

/*
 * Broadcast = scatter + allgather half and reduce = reduce-scatter half +
 * gather, on the layout of each part, every root.
 */
static void ts_compose(const char *spec, swt_alg_t alg, int mp)
{
    swt_topo_t *topo = unit_topo_load(spec);
    long p = swt_shape_size(swt_topo_logical(topo));
    int np = mp ? swt_tree_max_parts(topo, alg, NULL) : 1;
    swt_tree_t *sc[TS_MAX_PARTS], *ga[TS_MAX_PARTS];
    tsim_t s;

    ts_init(&s, p, np, H_RS, 1);
    for (int j = 0; j < np; ++j) {
        UNIT_CHECK_EQ(SWT_OK, swt_layout_create_part(topo, alg, j, &s.part[j].lay));
        s.part[j].len = (size_t) p;
        UNIT_CHECK_EQ(SWT_OK, swt_tree_create(topo, alg, SWT_COLL_SCATTER, NULL, j, np, &sc[j]));
        UNIT_CHECK_EQ(SWT_OK, swt_tree_create(topo, alg, SWT_COLL_GATHER, NULL, j, np, &ga[j]));
    }
    ts_alloc_vectors(&s);
    for (long root = 0; root < p; ++root) {
        /* broadcast: the root's vector scattered, then allgathered */
        snprintf(s.what, sizeof(s.what), "%s %s %d parts root %ld: scatter + allgather", spec,
                 ts_alg_name(alg), np, root);
        s.half = H_RS;
        s.aligned = 1;
        for (int j = 0; j < np; ++j) {
            ts_lists(&s, j, sc[j], root);
        }
        ts_fill(&s, SWT_COLL_SCATTER, root);
        ts_run(&s);
        s.half = H_AG;
        s.aligned = 0;
        for (int j = 0; j < np; ++j) {
            ts_half_lists(&s, topo, alg, j, np);
        }
        ts_run(&s);
        for (int j = 0; j < np; ++j) {
            for (long x = 0; x < p; ++x) {
                for (long i = 0; i < p; ++i) {
                    UNIT_CHECK(s.part[j].v[x * p + i]
                                   == ts_value(swt_layout_pos(s.part[j].lay, i), j, 0),
                               "%s: part %d rank %ld element %ld", s.what, j, x, i);
                }
            }
        }
        /* reduce: reduce-scatter, then the blocks gathered to the root */
        snprintf(s.what, sizeof(s.what), "%s %s %d parts root %ld: reduce-scatter + gather", spec,
                 ts_alg_name(alg), np, root);
        s.half = H_RS;
        s.aligned = 0;
        for (int j = 0; j < np; ++j) {
            ts_half_lists(&s, topo, alg, j, np);
            for (long x = 0; x < p; ++x) {
                for (long i = 0; i < p; ++i) {
                    s.part[j].v[x * p + i] = ts_value(x, j, (size_t) i);
                }
            }
        }
        ts_run(&s);
        s.half = H_AG;
        s.aligned = 1;
        for (int j = 0; j < np; ++j) {
            ts_lists(&s, j, ga[j], root);
        }
        ts_run(&s);
        for (int j = 0; j < np; ++j) {
            for (long i = 0; i < p; ++i) {
                uint64_t want = 0;
                for (long x = 0; x < p; ++x) {
                    want += ts_value(x, j, (size_t) i);
                }
                UNIT_CHECK(s.part[j].v[root * p + i] == want, "%s: part %d element %ld", s.what, j,
                           i);
            }
        }
    }
    for (int j = 0; j < np; ++j) {
        swt_tree_destroy(sc[j]);
        swt_tree_destroy(ga[j]);
    }
    ts_free(&s);
    swt_topo_destroy(topo);
}

START_TEST(test_compose)
{
    static const char *const specs[] = { "ring:8",     "ring:6",      "ring:13",
                                         "torus:4x4",  "torus:3x5",   "torus:2x4",
                                         "torus:6x10", "torus:3x3x3", "n150" };
    for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); ++i) {
        for (int a = 0; a < 2; ++a) {
            ts_compose(specs[i], (swt_alg_t) a, 0);
            ts_compose(specs[i], (swt_alg_t) a, 1);
        }
    }
}
END_TEST

/* ---- examples of the headers ---- */

/* swt_tree_bin.c: ring of 8, Swing, broadcast far-first from 0 and from 5. */
START_TEST(test_example_bine8)
{
    swt_topo_t *topo = unit_topo_load("ring:8");
    swt_tree_t *tree = NULL;
    swt_step_t st[16];
    /* {root, sender, receiver, step} */
    static const long want[][4] = {
        { 0, 0, 3, 0 }, { 0, 0, 7, 1 }, { 0, 3, 4, 1 }, { 0, 0, 1, 2 }, { 0, 3, 2, 2 },
        { 0, 7, 6, 2 }, { 0, 4, 5, 2 }, { 5, 5, 2, 0 }, { 5, 5, 6, 1 }, { 5, 2, 1, 1 },
        { 5, 5, 4, 2 }, { 5, 2, 3, 2 }, { 5, 6, 7, 2 }, { 5, 1, 0, 2 },
    };

    ck_assert_int_eq(SWT_OK,
                     swt_tree_create(topo, SWT_ALG_SWING, SWT_COLL_BCAST, NULL, 0, 1, &tree));
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); ++i) {
        int n;
        ck_assert_int_eq(SWT_OK, swt_tree_steps(tree, want[i][0], want[i][2], st, &n));
        ck_assert_int_eq(n, 3); /* a rank sends at every step after its receive */
        ck_assert_int_eq(SWT_OP_RECV, st[want[i][3]].op);
        ck_assert_int_eq(want[i][1], st[want[i][3]].from);
        ck_assert_int_eq(SWT_OK, swt_tree_steps(tree, want[i][0], want[i][1], st, &n));
        ck_assert_int_eq(SWT_OP_SEND, st[want[i][3]].op);
        ck_assert_int_eq(want[i][2], st[want[i][3]].peer);
    }
    swt_tree_destroy(tree);
    swt_topo_destroy(topo);
}
END_TEST

/* swt_chain.c: ring of 4, part 0, broadcast from 1 in 2 segments. */
START_TEST(test_example_chain4)
{
    swt_topo_t *topo = unit_topo_load("ring:4");
    swt_tree_opts_t opts = { SWT_TREE_DEFAULT, 2, 0 };
    swt_tree_t *tree = NULL;
    swt_step_t st[8];
    int n;
    /* per rank 0..3: op, send segment, receive segment of each step */
    static const int want[4][4][3] = {
        { { SWT_OP_IDLE, 0, 0 },
          { SWT_OP_IDLE, 0, 0 },
          { SWT_OP_RECV, -1, 0 },
          { SWT_OP_RECV, -1, 1 } },
        { { SWT_OP_SEND, 0, -1 }, { SWT_OP_SEND, 1, -1 }, { -1, 0, 0 }, { -1, 0, 0 } },
        { { SWT_OP_RECV, -1, 0 }, { SWT_OP_AG, 0, 1 }, { SWT_OP_SEND, 1, -1 }, { -1, 0, 0 } },
        { { SWT_OP_IDLE, 0, 0 },
          { SWT_OP_RECV, -1, 0 },
          { SWT_OP_AG, 0, 1 },
          { SWT_OP_SEND, 1, -1 } },
    };
    static const int len[4] = { 4, 2, 3, 4 };

    ck_assert_int_eq(SWT_OK,
                     swt_tree_create(topo, SWT_ALG_RING, SWT_COLL_BCAST, &opts, 0, 1, &tree));
    ck_assert_int_eq(2, swt_tree_nblocks(tree));
    for (long x = 0; x < 4; ++x) {
        ck_assert_int_eq(SWT_OK, swt_tree_steps(tree, 1, x, st, &n));
        ck_assert_int_eq(len[x], n);
        for (int i = 0; i < n; ++i) {
            ck_assert_int_eq(want[x][i][0], st[i].op);
            if (want[x][i][1] >= 0 && SWT_OP_IDLE != st[i].op) {
                ck_assert_int_eq(want[x][i][1], st[i].send_lo);
                ck_assert_int_eq((x + 1) % 4, st[i].peer);
            }
            if (want[x][i][2] >= 0 && SWT_OP_IDLE != st[i].op) {
                ck_assert_int_eq(want[x][i][2], st[i].recv_lo);
                ck_assert_int_eq((x + 3) % 4, st[i].from);
            }
        }
    }
    swt_tree_destroy(tree);
    swt_topo_destroy(topo);
}
END_TEST

/* Scatter and gather blocks are the layout's; the near-first bcast and the
   scatter have the same partners. */
START_TEST(test_arguments)
{
    swt_topo_t *topo = unit_topo_load("torus:3x5");
    swt_tree_t *t = NULL;
    swt_tree_opts_t far = { SWT_TREE_FAR_FIRST, 0, 0 };
    swt_step_t st[32];
    int n;

    ck_assert_int_eq(SWT_ERR_INVALID,
                     swt_tree_create(topo, SWT_ALG_SWING, SWT_COLL_GATHER, &far, 0, 1, &t));
    ck_assert_int_eq(SWT_ERR_INVALID,
                     swt_tree_create(topo, SWT_ALG_RING, SWT_COLL_SCATTER, NULL, 0, 1, &t));
    ck_assert_int_eq(SWT_ERR_INVALID,
                     swt_tree_create(topo, SWT_ALG_SWING, SWT_COLL_BCAST, NULL, 4, 4, &t));
    ck_assert_int_eq(SWT_ERR_INVALID,
                     swt_tree_create(topo, SWT_ALG_RD, SWT_COLL_BCAST, NULL, 0, 3, &t));
    ck_assert_int_eq(SWT_ERR_INVALID,
                     swt_tree_create(topo, SWT_ALG_SWING, (swt_coll_t) 7, NULL, 0, 1, &t));
    ck_assert_int_eq(SWT_OK, swt_tree_create(topo, SWT_ALG_SWING, SWT_COLL_BCAST, NULL, 0, 1, &t));
    ck_assert_int_eq(SWT_ERR_INVALID, swt_tree_steps(t, 15, 0, st, &n));
    ck_assert_int_eq(SWT_ERR_INVALID, swt_tree_steps(t, 0, -1, st, &n));
    ck_assert_int_eq(SWT_ERR_INVALID, swt_tree_set_nsegs(t, 4));
    swt_tree_destroy(t);
    ck_assert_int_eq(SWT_OK, swt_tree_create(topo, SWT_ALG_RING, SWT_COLL_REDUCE, NULL, 0, 2, &t));
    ck_assert_int_eq(1, swt_tree_nblocks(t));
    ck_assert_int_eq(SWT_OK, swt_tree_set_nsegs(t, 9));
    ck_assert_int_eq(9, swt_tree_nblocks(t));
    ck_assert_int_eq(15 + 9 - 2, swt_tree_max_steps(t));
    ck_assert_int_eq(SWT_ERR_INVALID, swt_tree_set_nsegs(t, 0));
    swt_tree_destroy(t);
    ck_assert_str_eq("scatter", swt_coll_name(SWT_COLL_SCATTER));
    ck_assert_ptr_null(swt_coll_name((swt_coll_t) 4));
    ck_assert_int_eq(SWT_TREE_FAR_FIRST, swt_tree_order(SWT_COLL_REDUCE, NULL));
    ck_assert_int_eq(SWT_TREE_NEAR_FIRST, swt_tree_order(SWT_COLL_GATHER, NULL));
    swt_topo_destroy(topo);
}
END_TEST

/* A one-rank communicator: no steps at all. */
START_TEST(test_single)
{
    swt_topo_t *topo = unit_topo_load("ring:1");
    swt_sched_t *sched = NULL;

    for (int a = 0; a < 3; ++a) {
        for (int coll = 0; coll < SWT_COLL_COUNT; ++coll) {
            int rc = swt_tree_create_part(topo, (swt_alg_t) a, (swt_coll_t) coll, 0, 0, 0, 1, NULL,
                                          &sched);
            if (SWT_ALG_RING == a && coll >= SWT_COLL_GATHER) {
                ck_assert_int_eq(SWT_ERR_INVALID, rc);
                continue;
            }
            ck_assert_int_eq(SWT_OK, rc);
            ck_assert_int_eq(0, swt_sched_nsteps(sched));
            swt_sched_destroy(sched);
        }
    }
    swt_topo_destroy(topo);
}
END_TEST

static Suite *tree_suite(void)
{
    Suite *s = suite_create("tree");
    TCase *tc = tcase_create("core");

    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_example_bine8);
    tcase_add_test(tc, test_example_chain4);
    tcase_add_test(tc, test_arguments);
    tcase_add_test(tc, test_single);
    tcase_add_loop_test(tc, test_rings_all_roots, 2, 34);
    tcase_add_loop_test(tc, test_tori_all_roots, 0, (int) (sizeof(ts_tori) / sizeof(ts_tori[0])));
    tcase_add_test(tc, test_presets);
    tcase_add_test(tc, test_chain_segments);
    tcase_add_test(tc, test_tree_property_rings);
    tcase_add_test(tc, test_tree_property_tori);
    tcase_add_test(tc, test_compose);
    tcase_add_test(tc, test_root_links);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(tree_suite());
}
