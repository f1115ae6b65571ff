/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Pipelined chains: broadcast and reduce along a Hamiltonian cycle of the
 * torus, or along the rank order (swt_tree.h; ALGORITHMS.md section 14).
 *
 * Part j follows cycle j / 2 of swt_ring_create (forward for even j,
 * backward for odd j), or, with rank_order, the ranks 0, 1, ..., p-1
 * (part 0) or p-1, ..., 0 (part 1). The chain is that order opened at
 * the root: a broadcast flows from the root to the rank before it, a
 * reduce from the rank after the root round to the root. Index a rank by
 * u, its place along the flow (0 at the start, p - 1 at the end), and cut
 * the part's slice into S segments. At tree step t, rank u receives
 * segment t - u + 1 from the rank before it (if u > 0) and sends segment
 * t - u to the one after it (if u < p - 1): a step of a middle rank is one
 * AG (broadcast: copy) or RS (reduce: received partial (left) op mine)
 * with a send peer and a receive peer, the ends SEND or RECV. p + S - 2
 * steps of n / S bytes each, every link of the chain carrying n bytes in
 * all (a scatter and allgather over one port carries 2n), every message
 * one hop of the cycle.
 *
 * Steps are time-aligned (swt_tree.h): rank u starts with u - 1 IDLE
 * steps, so its list has O(p + S) steps.
 *
 * Example, ring of 4, part 0 (0 1 2 3), broadcast from 1, S = 2 (the
 * flow 1 2 3 0), 4 steps:
 *   rank 1: SEND seg 0 to 2 | SEND seg 1 to 2
 *   rank 2: RECV seg 0      | AG: seg 0 to 3, seg 1 from 1 | SEND seg 1 to 3
 *   rank 3: IDLE            | RECV seg 0 | AG: seg 0 to 0, seg 1 from 2 | SEND seg 1
 *   rank 0: IDLE            | IDLE       | RECV seg 0 | RECV seg 1
 */
#include "swt_tree_int.h"

#include <stdlib.h>

#include "swt_ring.h"

static long swt_chain_mod(long a, long n)
{
    return ((a % n) + n) % n;
}

/* The move from position a to position b of a rank-order chain: the
   first dimension they differ in, travelled in direction dir. */
static void swt_chain_rank_move(const swt_shape_t *sh, long a, long b, int dir, swt_move_t *mv)
{
    int ca[SWT_MAX_DIMS], cb[SWT_MAX_DIMS];

    swt_shape_coords(sh, a, ca);
    swt_shape_coords(sh, b, cb);
    mv->dim = 0;
    mv->k = -1;
    mv->dir = dir;
    mv->dist = 0;
    for (int i = 0; i < sh->ndims; ++i) {
        if (ca[i] != cb[i]) {
            mv->dim = i;
            mv->dist = swt_chain_mod(dir > 0 ? cb[i] - ca[i] : ca[i] - cb[i], sh->dims[i]);
            break;
        }
    }
}

static int swt_chain_ranks(swt_tree_t *t, const swt_topo_t *topo)
{
    int dir = t->part ? -1 : 1;

    for (long i = 0; i < t->p; ++i) {
        long pos = swt_topo_rank_pos(topo, t->part ? (t->p - i) % t->p : i);
        if (pos < 0) {
            return SWT_ERR_INVALID;
        }
        t->at[i] = pos;
        t->idx[pos] = i;
    }
    for (long i = 0; i < t->p; ++i) {
        swt_chain_rank_move(&t->shape, t->at[i], t->at[(i + 1) % t->p], dir, &t->hop[i]);
    }
    return SWT_OK;
}

static int swt_chain_cycle(swt_tree_t *t, const swt_topo_t *topo)
{
    swt_ring_t *ring = NULL;
    int rc = swt_ring_create(topo, &ring);

    for (long pos = 0; pos < t->p && SWT_OK == rc; ++pos) {
        long i = swt_ring_index(ring, t->part / 2, pos);
        i = (t->part % 2) ? (t->p - i) % t->p : i;
        t->at[i] = pos;
        t->idx[pos] = i;
    }
    for (long i = 0; i < t->p && SWT_OK == rc; ++i) {
        long next = swt_ring_next(ring, t->part, t->at[i], &t->hop[i], NULL);
        if (next != t->at[(i + 1) % t->p]) {
            rc = SWT_ERR_INVALID; /* the cycle's index and its next disagree */
        }
    }
    swt_ring_destroy(ring);
    return rc;
}

int swt_chain_setup(swt_tree_t *t, const swt_topo_t *topo)
{
    if (SWT_COLL_BCAST != t->coll && SWT_COLL_REDUCE != t->coll) {
        return SWT_ERR_INVALID;
    }
    t->nblocks = t->nsegs;
    t->at = malloc(sizeof(long) * (size_t) t->p);
    t->idx = malloc(sizeof(long) * (size_t) t->p);
    t->hop = malloc(sizeof(swt_move_t) * (size_t) t->p);
    if (NULL == t->at || NULL == t->idx || NULL == t->hop) {
        return SWT_ERR_NOMEM;
    }
    return t->rank_order ? swt_chain_ranks(t, topo) : swt_chain_cycle(t, topo);
}

void swt_chain_root(const swt_tree_t *t, long root, swt_tree_root_t *rt)
{
    rt->root = root;
    rt->npre = 0;
    rt->m = 0;
    rt->nfold = 0;
    rt->c[0] = root;
    rt->core_root = root;
    rt->nphases = (t->p > 1) ? (int) (t->p + t->nsegs - 2) : 0;
}

int swt_chain_step(const swt_tree_t *t, const swt_tree_root_t *rt, long pos, int i, swt_step_t *st)
{
    long p = t->p, S = t->nsegs, me = t->idx[pos];
    long u = swt_chain_mod(me - t->idx[rt->root] - (SWT_COLL_REDUCE == t->coll), p);
    long sseg = i - u, rseg = i - u + 1;
    int sends = (u <= p - 2 && sseg >= 0 && sseg < S);
    int recvs = (u >= 1 && rseg >= 0 && rseg < S);
    long next = t->at[(me + 1) % p], prev = t->at[(me + p - 1) % p];
    int bcast = (SWT_COLL_BCAST == t->coll);

    if (i < 0 || i >= rt->nphases) {
        return 0;
    }
    swt_tree_idle(st, pos);
    if (!sends && !recvs) {
        return 1;
    }
    st->core_step = i;
    if (sends) {
        st->op = recvs ? (bcast ? SWT_OP_AG : SWT_OP_RS) : SWT_OP_SEND;
        st->peer = next;
        st->from = recvs ? prev : next;
        st->move = t->hop[me];
        st->send_lo = sseg;
        st->send_n = 1;
    } else {
        st->op = bcast ? SWT_OP_RECV : SWT_OP_RECV_REDUCE;
        st->peer = st->from = prev;
        st->move = t->hop[(me + p - 1) % p];
        st->move.dir = -st->move.dir;
    }
    if (recvs) {
        st->recv_lo = rseg;
        st->recv_n = 1;
    }
    return 1;
}
