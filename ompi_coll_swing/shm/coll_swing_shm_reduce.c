/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI_Reduce through the node's segment at few ranks (at most
 * SWING_SHM_REDUCE_ROOT_MAX): the root alone reduces, where the
 * allreduce's large scheme (coll_swing_shm.c) has every rank reduce a
 * slice. Chunks of slot_size bytes, chunk k in set (f+k)%2, f the
 * segment's turn (transport/coll_swing_shm_segment.h), one phase per chunk:
 *   copy in    every rank but the root copies chunk 0 into its slot
 *                                                              -> phase
 *   chunk k    the root reduces the p slots of chunk k (its own operand
 *              straight from its send buffer), in rank order, into its
 *              receive buffer; the others copy chunk k+1 into their
 *              slots of the other set                          -> phase
 * The others write set (f+k+1)%2 after the phase that ended chunk k-1,
 * which the root reaches only after reducing chunk k-1 from that set. The
 * root reads the last chunk after the last phase: the call leaves its set
 * read and the next call starts with the other one, so the others fill
 * call i+1 while the root still reduces call i.
 *
 * Why at few ranks: bytes the root moves per byte of the vector, reading
 * and writing, (p + 1) here against 5 - 1/p for the sliced scheme (copy in
 * all but its slice, reduce its slice, copy the result out), fewer up to
 * p = 3; and one phase per chunk against one more per call.
 *
 * Same bits: every element is combined in rank order by the same kernel
 * as in the sliced scheme, only over a longer range. A root in place whose
 * rank is not 0 copies its own chunk into its slot too (the kernel's
 * destination may only be its first operand). The root may be nobody
 * (hier's node phase after the leader's error): then nobody reduces, and
 * the phases run alike.
 */
#include "coll_swing_shm_op.h"
#include "coll_swing_kernel.h"

#include <string.h>

/* The root reads its own operand from its slot (in place, not rank 0). */
static int swing_reduce_own_slot(const mca_coll_swing_shm_op_t *op)
{
    return op->call.is_root && NULL == op->call.sbuf && 0 != op->s->rank;
}

/* Chunk op->e0 (op->n elements) into my slot of set op->set, if I write one. */
static void swing_reduce_copy_in(const mca_coll_swing_shm_op_t *op)
{
    const mca_coll_swing_call_t *call = &op->call;
    mca_coll_swing_shm_t *s = op->s;

    if (!call->is_root || swing_reduce_own_slot(op)) {
        memcpy(s->slots + (op->set * (size_t) s->nranks + (size_t) s->rank) * s->slot_size,
               op->src + op->gap + op->e0 * (size_t) call->extent,
               mca_coll_swing_shm_span(call, op->true_ext, op->n));
    }
}

int mca_coll_swing_shm_reduce_next(mca_coll_swing_shm_op_t *op)
{
    const mca_coll_swing_call_t *call = &op->call;
    mca_coll_swing_shm_t *s = op->s;
    size_t ext = (size_t) call->extent, chunk = s->slot_size / ext;
    char *slots = s->slots + op->set * (size_t) s->nranks * s->slot_size;
    char **in = s->in;

    if (0 == op->stage) {
        op->stage = 1;
        op->n = call->count < chunk ? call->count : chunk;
        swing_reduce_copy_in(op);
        return mca_coll_swing_shm_op_phase(op);
    }
    if (call->is_root) {
        for (int i = 0; i < s->nranks; ++i) {
            in[i] = (i == s->rank && !swing_reduce_own_slot(op))
                        ? (char *) op->src + op->e0 * ext
                        : slots + (size_t) i * s->slot_size - op->gap;
        }
        mca_coll_swing_reduce_n(call->op, call->dtype, (const void *const *) in, s->nranks,
                                call->rbuf + op->e0 * ext, op->n);
    }
    op->e0 += op->n;
    if (op->e0 >= call->count) {
        /* read after the last phase: the next call starts with the other set */
        s->open = (int) op->set;
        return SWING_SHM_OP_DONE;
    }
    op->set ^= 1;
    op->n = call->count - op->e0 < chunk ? call->count - op->e0 : chunk;
    swing_reduce_copy_in(op);
    return mca_coll_swing_shm_op_phase(op);
}
