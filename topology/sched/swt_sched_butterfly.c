/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Step lists of Swing and RD (the butterflies): fold, core schedule, unfold.
 *
 * Fold (section 6): dimension by dimension, an extra coordinate hands its
 * whole vector to its survivor and later receives the result; survivors
 * continue on the power-of-two core. Multi-dimensional shapes fold per
 * dimension, so the core is still a torus.
 *
 * Core, latency-optimal (section 3): the core steps run from s = L-1 down
 * to 0, the allgather order. In that order the set of ranks a partial
 * covers after each step is a group R(x, s) that all its members share, so
 * every rank combines the same partials in the same order (the operand
 * whose block range is lower goes left) and floating-point results are
 * bit-identical on every rank. The forward order of the paper reaches
 * overlapping sets on different ranks and gives different roundings.
 * Partners, distances and per-step costs are those of section 2.
 *
 * Core, bandwidth-optimal (section 4): reduce-scatter s = 0..L-1 sending
 * the peer's half of the current range, then allgather s = L-1..0.
 *
 * A multiport part (section 11) is the same list with its own walk: the
 * fold steps are those of every part, the core pairs as the walk says.
 */
#include "swt_sched_butterfly.h"
#include "swt_sched_int.h"

#include <stdlib.h>

/* at most 2 fold steps per dimension and 2L core steps, L < 64 */
#define SWT_SCHED_BUTTERFLY_CAP (4 * SWT_MAX_DIMS + 128)

static long swt_move_dist(int d, int from, int to, int dir)
{
    int delta = (dir > 0) ? to - from : from - to;
    return ((delta % d) + d) % d;
}

/* Position in the full shape of the survivor that holds core position cpos. */
static long swt_core_to_pos(const swt_shape_t *shape, const swt_shape_t *core, long cpos)
{
    int cc[SWT_MAX_DIMS];

    swt_shape_coords(core, cpos, cc);
    for (int i = 0; i < shape->ndims; ++i) {
        cc[i] = swt_unfold_coord(shape->dims[i], cc[i]);
    }
    return swt_shape_pos(shape, cc);
}

static void swt_sched_core_step(swt_sched_t *sched, const swt_shape_t *shape,
                                const swt_shape_t *core, swt_alg_t alg, const swt_walk_t *walk,
                                swt_op_t op, long cpos, const int *mine, const long *lo, int s)
{
    swt_move_t m;
    int peer_c[SWT_MAX_DIMS];
    long q = swt_partner_walk(core, alg, walk, cpos, s, &m);
    long peer = swt_core_to_pos(shape, core, q);
    long half = swt_shape_size(core) >> (s + 1);
    int low = (lo[s + 1] == lo[s]);
    long other = low ? lo[s] + half : lo[s];
    swt_step_t *st;

    swt_shape_coords(shape, peer, peer_c);
    st = swt_sched_push(sched, op, peer, m.dim, m.dir,
                        swt_move_dist(shape->dims[m.dim], mine[m.dim], peer_c[m.dim], m.dir));
    st->core_step = s;
    st->move.k = m.k;
    st->left = low;
    if (SWT_OP_RS == op) {
        st->send_lo = other;
        st->recv_lo = lo[s + 1];
    } else if (SWT_OP_AG == op) {
        st->send_lo = lo[s + 1];
        st->recv_lo = other;
    }
    if (SWT_OP_LO != op) {
        st->send_n = st->recv_n = half;
    }
}

static int swt_sched_core(swt_sched_t *sched, const swt_shape_t *shape, swt_alg_t alg,
                          swt_kind_t kind, const swt_walk_t *walk, const int *mine,
                          const int *core_c)
{
    swt_shape_t core;
    int steps;
    long cpos, *lo;
    int rc;

    swt_fold_core(shape, &core);
    steps = swt_nsteps(&core);
    cpos = swt_shape_pos(&core, core_c);
    lo = malloc(sizeof(long) * (size_t) (steps + 1));
    if (NULL == lo) {
        return SWT_ERR_NOMEM;
    }
    rc = swt_block_ranges_walk(&core, alg, walk, cpos, lo);
    if (SWT_OK == rc) {
        sched->nblocks = swt_shape_size(&core);
        if (SWT_KIND_LO == kind) {
            for (int s = steps - 1; s >= 0; --s) {
                swt_sched_core_step(sched, shape, &core, alg, walk, SWT_OP_LO, cpos, mine, lo, s);
            }
        } else {
            for (int s = 0; s < steps; ++s) {
                swt_sched_core_step(sched, shape, &core, alg, walk, SWT_OP_RS, cpos, mine, lo, s);
            }
            for (int s = steps - 1; s >= 0; --s) {
                swt_sched_core_step(sched, shape, &core, alg, walk, SWT_OP_AG, cpos, mine, lo, s);
            }
        }
    }
    free(lo);
    return rc;
}

int swt_sched_butterfly(const swt_shape_t *shape, swt_alg_t alg, swt_kind_t kind,
                        const swt_walk_t *walk, long pos, swt_sched_t **out)
{
    swt_sched_t *sched;
    int mine[SWT_MAX_DIMS], core_c[SWT_MAX_DIMS], c[SWT_MAX_DIMS];
    int fold_dims[SWT_MAX_DIMS], nfold = 0, extra = 0;
    int rc = SWT_OK;

    sched = swt_sched_alloc(SWT_SCHED_BUTTERFLY_CAP);
    if (NULL == sched) {
        return SWT_ERR_NOMEM;
    }
    swt_shape_coords(shape, pos, mine);
    for (int i = 0; i < shape->ndims && !extra; ++i) {
        int d = shape->dims[i], onto;
        for (int j = 0; j < shape->ndims; ++j) {
            c[j] = mine[j];
        }
        if (!swt_fold_coord(d, mine[i], &core_c[i], &onto)) {
            c[i] = onto;
            swt_sched_push(sched, SWT_OP_FOLD_SEND, swt_shape_pos(shape, c), i, -1, 1);
            swt_sched_push(sched, SWT_OP_UNFOLD_RECV, swt_shape_pos(shape, c), i, -1, 1);
            extra = 1;
        } else if (0 == mine[i] % 2 && mine[i] + 1 < 2 * (d - (1 << swt_log2_floor(d)))) {
            c[i] = mine[i] + 1;
            swt_sched_push(sched, SWT_OP_FOLD_RECV, swt_shape_pos(shape, c), i, 1, 1);
            fold_dims[nfold++] = i;
        }
    }
    if (!extra) {
        rc = swt_sched_core(sched, shape, alg, kind, walk, mine, core_c);
    }
    for (int f = nfold - 1; f >= 0 && SWT_OK == rc; --f) {
        int i = fold_dims[f];
        for (int j = 0; j < shape->ndims; ++j) {
            c[j] = mine[j];
        }
        c[i] = mine[i] + 1;
        swt_sched_push(sched, SWT_OP_UNFOLD_SEND, swt_shape_pos(shape, c), i, 1, 1);
    }
    if (SWT_OK != rc) {
        swt_sched_destroy(sched);
        return rc;
    }
    *out = sched;
    return SWT_OK;
}
