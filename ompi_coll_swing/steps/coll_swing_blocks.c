/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Where the ranks' blocks of a reduce-scatter or allgather call are: in
 * the user's vector (MPI's order, or allgatherv's displacements) and in
 * the vector a step list works on (the layout's order). Recomputed per
 * call (O(p) per part): the counts are the call's. A plan of several parts
 * cuts every block into as many pieces, piece j for part j, by the rule
 * that cuts an allreduce's vector into parts (swt_part_elems).
 */
#include "coll_swing_steps.h"

size_t mca_coll_swing_block_count(const mca_coll_swing_call_t *call, int r)
{
    return (NULL != call->counts) ? (size_t) call->counts[r] * call->unit : call->block;
}

size_t mca_coll_swing_block_disps(const mca_coll_swing_call_t *call, int p, size_t *disp)
{
    size_t at = 0, most = 0;

    for (int r = 0; r < p; ++r) {
        size_t n = mca_coll_swing_block_count(call, r);
        disp[r] = (NULL != call->displs) ? (size_t) call->displs[r] * call->unit : at;
        at += n;
        most = (n > most) ? n : most;
    }
    disp[p] = at;
    return most;
}

void mca_coll_swing_block_piece(const mca_coll_swing_call_t *call, int r, int nparts, int j,
                                size_t *first, size_t *n)
{
    swt_part_elems(mca_coll_swing_block_count(call, r), nparts, j, first, n);
}

void mca_coll_swing_block_layout(const mca_coll_swing_call_t *call, mca_coll_swing_layout_t *l,
                                 int nparts, int j)
{
    l->off[0] = 0;
    for (int i = 0; i < l->p; ++i) {
        size_t first, n;
        mca_coll_swing_block_piece(call, l->order[i], nparts, j, &first, &n);
        l->off[i + 1] = l->off[i] + n;
    }
}
