/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Bine and binomial trees: broadcast, reduce, gather and scatter on Swing's
 * partners (Bine) or recursive doubling's (binomial), any root, any p, one
 * part of the multiport form (swt_tree.h; ALGORITHMS.md section 14).
 *
 * The tree of root 0 on the power-of-two core: at tree step t = 0..L-1
 * every holder sends to its partner of core step s(t), s(t) = L-1-t
 * (far-first) or t (near-first), along the part's walk. Both orders give
 * every core rank exactly one receive for Swing and RD, on rings and tori
 * (tests/unit/test_tree.c checks every root of many shapes). Setup records
 * when each core position receives (t0, one byte each).
 *
 * Any root r: per dimension, x -> r + x (r_i even) or x -> r - x (r_i odd)
 * maps the partners of the walk onto themselves (rho is odd, so an odd
 * shift flips the parity rule, which the reflection flips back; RD: x XOR
 * r), and 0 onto r. So position x of the tree of r receives at
 * t0[y], y the preimage of x, from its partner of that step, and sends to
 * its partners of every later step. O(D) per step, no table of r.
 *
 * Gather and scatter use the near-first tree, in which the subtree of a
 * rank q receiving at core step s is R(q, s+1) of section 4: the contiguous
 * block range [blk[q] with its low L-s-1 bits cleared, + P >> (s+1)),
 * blk[q] the block q ends with in the reduce-scatter layout (computed as
 * swt_blocks.c and swt_layout.c do: group names going up, the half holding
 * the smaller name going low).
 *
 * Folding (section 6): a rank's list is its part of the phases of
 * swt_tree_root_t: broadcast and scatter hand the vector from an extra
 * root to the core (one phase per hop), run the core, then unfold
 * dimension by dimension in reverse (skipping the hand-over's ranks);
 * reduce and gather fold dimension by dimension, run the core, then hand
 * the result back to an extra root. Ranks idle at a phase before their last
 * one get an IDLE step there (swt_tree.h: steps are time-aligned).
 *
 * Example, ring of 8, Swing, broadcast far-first from 0: t = 0 (s = 2,
 * distance 3): 0 -> 3; t = 1 (s = 1, distance 1): 0 -> 7, 3 -> 4; t = 2
 * (s = 0, distance 1): 0 -> 1, 3 -> 2, 7 -> 6, 4 -> 5. Root 5 (odd):
 * x = 5 - y, so 5 -> 2, then 5 -> 6, 2 -> 1, then 5 -> 4, 2 -> 3, 6 -> 7,
 * 1 -> 0.
 */
#include "swt_tree_int.h"

#include <stdlib.h>

#define SWT_TB_UNSET 0xfe
#define SWT_TB_ROOT 0xff

static long swt_tb_mod(long a, long n)
{
    return ((a % n) + n) % n;
}

static long swt_tb_stride(const swt_shape_t *sh, int dim)
{
    long stride = 1;

    for (int i = 0; i < dim; ++i) {
        stride *= sh->dims[i];
    }
    return stride;
}

/* The tree step at which core step s is taken (the broadcast's order). */
static int swt_tb_sigma(const swt_tree_t *t, int tt)
{
    return t->far ? t->L - 1 - tt : tt;
}

/* Partner of core position y at core step s of the part's walk. */
static long swt_tb_partner(const swt_tree_t *t, long y, int s, int *dir)
{
    int dim = t->sdim[s], d = t->core.dims[dim];
    long stride = swt_tb_stride(&t->core, dim), dist;
    int c = (int) ((y / stride) % d);
    int q = swt_partner_coord_walk(t->alg, c, t->sk[s], d, t->mirror, dir, &dist);

    return y + (long) (q - c) * stride;
}

/* The preimage of core position x under the map that takes 0 to r. */
static long swt_tb_preimage(const swt_tree_t *t, long r, long x)
{
    long y = 0, stride = 1;

    for (int i = 0; i < t->core.ndims; ++i) {
        long d = t->core.dims[i];
        long rc = (r / stride) % d, xc = (x / stride) % d, yc;
        if (SWT_ALG_RD == t->alg) {
            yc = xc ^ rc;
        } else {
            yc = (0 == rc % 2) ? swt_tb_mod(xc - rc, d) : swt_tb_mod(rc - xc, d);
        }
        y += yc * stride;
        stride *= d;
    }
    return y;
}

/* t0: the broadcast of root 0, step by step; SWT_ERR_INVALID if a core
   position would receive twice (not a tree). */
static int swt_tb_receive_times(swt_tree_t *t)
{
    long *holders = malloc(sizeof(long) * (size_t) t->P), nh = 1;
    int rc = SWT_OK;

    if (NULL == holders) {
        return SWT_ERR_NOMEM;
    }
    for (long y = 0; y < t->P; ++y) {
        t->t0[y] = SWT_TB_UNSET;
    }
    t->t0[0] = SWT_TB_ROOT;
    holders[0] = 0;
    for (int tt = 0; tt < t->L && SWT_OK == rc; ++tt) {
        long n = nh;
        for (long h = 0; h < n; ++h) {
            int dir;
            long q = swt_tb_partner(t, holders[h], swt_tb_sigma(t, tt), &dir);
            if (SWT_TB_UNSET != t->t0[q]) {
                rc = SWT_ERR_INVALID;
                break;
            }
            t->t0[q] = (unsigned char) tt;
            holders[nh++] = q;
        }
    }
    free(holders);
    return rc;
}

/*
 * blk[y]: the block core position y ends with in the reduce-scatter of the
 * part's walk. Level by level from s = L-1 down: a group's name is its
 * smallest member; y's group at s joins its partner's, and y takes the
 * upper half of the joined range when its own name is not the smaller.
 */
static int swt_tb_blocks(swt_tree_t *t)
{
    long *name = malloc(sizeof(long) * (size_t) t->P);
    long *next = malloc(sizeof(long) * (size_t) t->P);
    int rc = SWT_ERR_NOMEM;

    if (NULL == name || NULL == next) {
        goto out;
    }
    for (long y = 0; y < t->P; ++y) {
        name[y] = y;
        t->blk[y] = 0;
    }
    for (int s = t->L - 1; s >= 0; --s) {
        long *tmp;
        for (long y = 0; y < t->P; ++y) {
            int dir;
            long q = swt_tb_partner(t, y, s, &dir);
            next[y] = (name[y] < name[q]) ? name[y] : name[q];
            if (next[y] != name[y]) {
                t->blk[y] += t->P >> (s + 1);
            }
        }
        tmp = name;
        name = next;
        next = tmp;
    }
    rc = SWT_OK;
out:
    free(name);
    free(next);
    return rc;
}

int swt_tree_bin_setup(swt_tree_t *t)
{
    swt_walk_t walk;
    int rc;

    swt_fold_core(&t->shape, &t->core);
    t->P = swt_shape_size(&t->core);
    t->L = swt_nsteps(&t->core);
    if (t->L > SWT_TREE_MAX_L) {
        return SWT_ERR_INVALID;
    }
    rc = swt_part_walk(&t->shape, t->alg, t->part, &walk);
    if (SWT_OK != rc) {
        return rc;
    }
    t->mirror = walk.mirror;
    for (int s = 0; s < t->L; ++s) {
        swt_step_dim_walk(&t->core, &walk, s, &t->sdim[s], &t->sk[s]);
    }
    t->nblocks = (SWT_COLL_GATHER == t->coll || SWT_COLL_SCATTER == t->coll) ? t->P : 1;
    t->t0 = malloc((size_t) t->P);
    if (NULL == t->t0) {
        return SWT_ERR_NOMEM;
    }
    rc = swt_tb_receive_times(t);
    if (SWT_OK == rc && t->nblocks > 1) {
        t->blk = malloc(sizeof(long) * (size_t) t->P);
        rc = (NULL != t->blk) ? swt_tb_blocks(t) : SWT_ERR_NOMEM;
    }
    return rc;
}

static int swt_tb_extras(const swt_shape_t *sh, int dim)
{
    return sh->dims[dim] - (1 << swt_log2_floor(sh->dims[dim]));
}

void swt_tree_bin_root(const swt_tree_t *t, long root, swt_tree_root_t *rt)
{
    int c[SWT_MAX_DIMS], cc[SWT_MAX_DIMS];
    int bcast_like = (SWT_COLL_BCAST == t->coll || SWT_COLL_SCATTER == t->coll);

    rt->root = root;
    rt->m = 0;
    rt->nfold = 0;
    rt->c[0] = root;
    swt_shape_coords(&t->shape, root, c);
    for (int i = 0; i < t->shape.ndims; ++i) {
        int e = swt_tb_extras(&t->shape, i), onto;
        if (e > 0) {
            rt->fold_dims[rt->nfold++] = i;
        }
        if (1 == c[i] % 2 && c[i] < 2 * e) {
            c[i] -= 1;
            rt->dim[rt->m] = i;
            rt->c[++rt->m] = swt_shape_pos(&t->shape, c);
        }
        (void) swt_fold_coord(t->shape.dims[i], c[i], &cc[i], &onto);
    }
    rt->core_root = swt_shape_pos(&t->core, cc);
    rt->npre = bcast_like ? rt->m : rt->nfold;
    rt->nphases = rt->npre + t->L + (bcast_like ? rt->nfold : rt->m);
}

/* A step to or from peer, one hop along dim (dir: my move toward peer). */
static void swt_tb_set(swt_step_t *st, swt_op_t op, long peer, int dim, int dir, long dist)
{
    st->op = op;
    st->peer = st->from = peer;
    st->core_step = -1;
    st->move.dim = dim;
    st->move.k = -1;
    st->move.dir = dir;
    st->move.dist = dist;
    st->send_lo = st->send_n = st->recv_lo = st->recv_n = 0;
    st->left = 0;
}

static void swt_tb_send(swt_step_t *st, long lo, long n)
{
    st->send_lo = lo;
    st->send_n = n;
}

static void swt_tb_recv(swt_step_t *st, long lo, long n)
{
    st->recv_lo = lo;
    st->recv_n = n;
}

/* 1 when coordinate c of dimension dim is an extra (folds onto c - 1). */
static int swt_tb_is_extra(const swt_shape_t *sh, const int *c, int dim)
{
    return 1 == c[dim] % 2 && c[dim] < 2 * swt_tb_extras(sh, dim);
}

/* 1 when c survives the folds of dimensions 0 .. below - 1. */
static int swt_tb_survives(const swt_shape_t *sh, const int *c, int below)
{
    for (int j = 0; j < below; ++j) {
        if (swt_tb_is_extra(sh, c, j)) {
            return 0;
        }
    }
    return 1;
}

/* 1 when pos is one of the root's ranks that hand over (c[0 .. m-1]). */
static int swt_tb_on_way(const swt_tree_root_t *rt, long pos)
{
    for (int k = 0; k < rt->m; ++k) {
        if (rt->c[k] == pos) {
            return 1;
        }
    }
    return 0;
}

/* Hand-over hop k (broadcast, scatter) or hand-back hop k (reduce, gather). */
static void swt_tb_hop(const swt_tree_t *t, const swt_tree_root_t *rt, long pos, int k, int back,
                       swt_step_t *st)
{
    long from = back ? rt->c[k + 1] : rt->c[k], to = back ? rt->c[k] : rt->c[k + 1];
    int dir = back ? 1 : -1; /* c[k + 1] is c[k] one lower along dim[k] */

    if (pos == from) {
        swt_tb_set(st, SWT_OP_SEND, to, rt->dim[k], dir, 1);
        swt_tb_send(st, 0, t->nblocks);
    } else if (pos == to) {
        swt_tb_set(st, SWT_OP_RECV, from, rt->dim[k], -dir, 1);
        swt_tb_recv(st, 0, t->nblocks);
    } else {
        swt_tree_idle(st, pos);
    }
}

/* Fold (reduce, gather) or unfold (broadcast, scatter) of dimension dim. */
static void swt_tb_fold(const swt_tree_t *t, const swt_tree_root_t *rt, long pos, int dim,
                        int unfold, swt_step_t *st)
{
    int c[SWT_MAX_DIMS];
    long stride = swt_tb_stride(&t->shape, dim);
    int e = swt_tb_extras(&t->shape, dim);

    swt_shape_coords(&t->shape, pos, c);
    swt_tree_idle(st, pos);
    if (!swt_tb_survives(&t->shape, c, dim)) {
        return;
    }
    if (swt_tb_is_extra(&t->shape, c, dim)) {
        if (!unfold) {
            swt_tb_set(st, SWT_OP_FOLD_SEND, pos - stride, dim, -1, 1);
        } else if (!swt_tb_on_way(rt, pos)) {
            swt_tb_set(st, SWT_OP_UNFOLD_RECV, pos - stride, dim, -1, 1);
        }
    } else if (0 == c[dim] % 2 && c[dim] + 1 < 2 * e) {
        if (!unfold) {
            swt_tb_set(st, SWT_OP_FOLD_RECV, pos + stride, dim, 1, 1);
        } else if (!swt_tb_on_way(rt, pos + stride)) {
            swt_tb_set(st, SWT_OP_UNFOLD_SEND, pos + stride, dim, 1, 1);
        }
    }
}

/* Position in the full shape of the survivor at core position y. */
static long swt_tb_unfold_pos(const swt_tree_t *t, long y)
{
    int cc[SWT_MAX_DIMS];

    swt_shape_coords(&t->core, y, cc);
    for (int i = 0; i < t->shape.ndims; ++i) {
        cc[i] = swt_unfold_coord(t->shape.dims[i], cc[i]);
    }
    return swt_shape_pos(&t->shape, cc);
}

/* R(y, s + 1): the blocks of the subtree of a rank that receives at core step s. */
static void swt_tb_subtree(const swt_tree_t *t, long y, int s, long *lo, long *n)
{
    *n = t->P >> (s + 1);
    *lo = t->blk[y] & ~(*n - 1);
}

/* Core tree step tt of pos (its core position found from its coordinates). */
static void swt_tb_core(const swt_tree_t *t, const swt_tree_root_t *rt, long pos, int tt,
                        swt_step_t *st)
{
    int c[SWT_MAX_DIMS], cc[SWT_MAX_DIMS], qc[SWT_MAX_DIMS];
    int bcast_like = (SWT_COLL_BCAST == t->coll || SWT_COLL_SCATTER == t->coll);
    int blocks = (t->nblocks > 1), bt, s, tx, dir, dim, onto;
    long cx, y, q, qpos, lo = 0, n = 1;

    swt_shape_coords(&t->shape, pos, c);
    for (int i = 0; i < t->shape.ndims; ++i) {
        if (!swt_fold_coord(t->shape.dims[i], c[i], &cc[i], &onto)) {
            swt_tree_idle(st, pos);
            return;
        }
    }
    cx = swt_shape_pos(&t->core, cc);
    y = swt_tb_preimage(t, rt->core_root, cx);
    tx = (SWT_TB_ROOT == t->t0[y]) ? -1 : t->t0[y];
    bt = bcast_like ? tt : t->L - 1 - tt;
    if (bt < tx) {
        swt_tree_idle(st, pos);
        return;
    }
    s = swt_tb_sigma(t, bt);
    q = swt_tb_partner(t, cx, s, &dir);
    qpos = swt_tb_unfold_pos(t, q);
    dim = t->sdim[s];
    swt_shape_coords(&t->shape, qpos, qc);
    if (bt == tx) {
        /* my parent: broadcast receives from it, reduce sends to it */
        if (blocks) {
            swt_tb_subtree(t, cx, s, &lo, &n);
        }
        swt_tb_set(st, bcast_like ? SWT_OP_RECV : SWT_OP_SEND, qpos, dim, dir, 0);
        bcast_like ? swt_tb_recv(st, lo, n) : swt_tb_send(st, lo, n);
    } else {
        /* my child q */
        if (blocks) {
            swt_tb_subtree(t, q, s, &lo, &n);
        }
        swt_tb_set(st,
                   bcast_like ? SWT_OP_SEND
                              : (SWT_COLL_REDUCE == t->coll ? SWT_OP_RECV_REDUCE : SWT_OP_RECV),
                   qpos, dim, dir, 0);
        bcast_like ? swt_tb_send(st, lo, n) : swt_tb_recv(st, lo, n);
    }
    st->core_step = s;
    st->move.k = t->sk[s];
    st->move.dist = swt_tb_mod(dir > 0 ? qc[dim] - c[dim] : c[dim] - qc[dim], t->shape.dims[dim]);
}

int swt_tree_bin_step(const swt_tree_t *t, const swt_tree_root_t *rt, long pos, int i,
                      swt_step_t *st)
{
    int bcast_like = (SWT_COLL_BCAST == t->coll || SWT_COLL_SCATTER == t->coll);
    int post = i - rt->npre - t->L;

    if (i < 0 || i >= rt->nphases) {
        return 0;
    }
    if (i < rt->npre) {
        if (bcast_like) {
            swt_tb_hop(t, rt, pos, i, 0, st);
        } else {
            swt_tb_fold(t, rt, pos, rt->fold_dims[i], 0, st);
        }
    } else if (post < 0) {
        swt_tb_core(t, rt, pos, i - rt->npre, st);
    } else if (bcast_like) {
        swt_tb_fold(t, rt, pos, rt->fold_dims[rt->nfold - 1 - post], 1, st);
    } else {
        swt_tb_hop(t, rt, pos, rt->m - 1 - post, 1, st);
    }
    return 1;
}
