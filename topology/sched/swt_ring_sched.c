/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Step list of one part of the ring allreduce (ALGORITHMS.md section 12).
 *
 * Part j runs along its cycle in its own direction (swt_ring_next); index
 * the cycle's positions i = 0..p-1 in that direction and cut the part's
 * slice into p blocks. Reduce-scatter t = 0..p-2: send block (i - t) mod p
 * to the next position, receive block (i - t - 1) mod p from the previous
 * one and reduce it, the received partial on the left. Block b is thus
 * reduced along one chain, from index b to index b - 1, which ends up
 * owning it: every rank gets the bits of that one evaluation. Allgather
 * t = 0..p-2: send block (i + 1 - t), receive block (i - t), copies.
 * 2(p-1) steps of n/p bytes: 2n(p-1)/p per rank, the minimum.
 *
 * Example, ring of 4, part 0, position 0 (index 0), next 1, previous 3:
 *   RS t=0: send block 0, receive block 3 and reduce
 *   RS t=1: send block 3, receive block 2 and reduce
 *   RS t=2: send block 2, receive block 1 and reduce: block 1 is final
 *   AG t=0: send block 1, receive block 0
 *   AG t=1: send block 0, receive block 3
 *   AG t=2: send block 3, receive block 2
 */
#include "swt_ring_sched.h"
#include "swt_sched_int.h"

int swt_sched_ring(const swt_ring_t *ring, long p, long pos, int part, swt_sched_t **out)
{
    swt_sched_t *sched;
    swt_move_t mv;
    long prev, next = swt_ring_next(ring, part, pos, &mv, &prev);
    long i = swt_ring_index(ring, part / 2, pos);

    if (p - 1 > (1L << 29)) {
        return SWT_ERR_INVALID;
    }
    sched = swt_sched_alloc((int) (2 * (p - 1)));
    if (NULL == sched) {
        return SWT_ERR_NOMEM;
    }
    i = (part % 2) ? (p - i) % p : i;
    sched->nblocks = p;
    for (int ag = 0; ag < 2; ++ag) {
        for (long t = 0; t < p - 1; ++t) {
            swt_step_t *st = swt_sched_push(sched, ag ? SWT_OP_AG : SWT_OP_RS, next, mv.dim, mv.dir,
                                            mv.dist);
            st->from = prev;
            st->core_step = (int) t;
            st->send_lo = ((i + ag - t) % p + p) % p;
            st->recv_lo = ((i + ag - t - 1) % p + p) % p;
            st->send_n = st->recv_n = 1;
        }
    }
    *out = sched;
    return SWT_OK;
}
