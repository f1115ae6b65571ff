/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Single-copy shm allreduce for large messages (ALGORITHMS.md section 8,
 * "single copy"): ranks read each other's buffers directly with Linux
 * cross-memory attach (process_vm_readv); the segment carries only the
 * phase counters, pids and buffer addresses.
 *
 *   publish   rank r writes the addresses of its send and receive buffers
 *             into its flag line                                  -> phase
 *   reduce    rank r owns slice r (cache-line aligned, as in the segment
 *             scheme); chunk by chunk it reads slice r of every peer's
 *             send buffer into a private buffer that stays in cache and
 *             reduces all p operands in rank order into its own receive
 *             buffer                                              -> phase
 *   gather    rank r reads every other slice from its owner's receive
 *             buffer straight into its own                         -> phase
 *
 * The last phase keeps a rank from returning (and reusing its receive
 * buffer) while a peer still reads from it.
 *
 * Memory traffic per byte of message, per rank, at p ranks (R reads,
 * W writes of main memory; the private chunks stay in cache):
 *   segment scheme: copy in R1 W1, reduce R1 W1/p, copy out R1 W1
 *                   = R3 W(2 + 1/p)
 *   single copy:    reduce R1 W1/p, gather R(p-1)/p W(p-1)/p
 *                   = R(2 - 1/p) W1
 * At p = 2: 2.5 bytes moved per byte against 5.5, where a copy moves 2.
 *
 * Every element is still reduced once, by its slice owner, in rank order
 * 0..p-1, so all ranks get the same bits (and the same bits as the
 * segment scheme).
 */
#include "coll_swing_shm_op.h"
#include "coll_swing_kernel.h"

#include <string.h>

/* Reduce my slice [lo, hi) chunk by chunk from every rank's source buffer. */
static int swing_cma_reduce(const mca_coll_swing_call_t *call, mca_coll_swing_shm_t *s,
                            const char *src, ptrdiff_t gap, ptrdiff_t true_ext, size_t lo,
                            size_t hi)
{
    size_t ext = (size_t) call->extent, per = s->cma_chunk / ext;
    int in_place = (NULL == call->sbuf);

    for (size_t e0 = lo; e0 < hi; e0 += per) {
        size_t n = hi - e0 < per ? hi - e0 : per;
        size_t span = (n - 1) * ext + (size_t) true_ext, off = e0 * ext + (size_t) gap;
        for (int i = 0; i < s->nranks; ++i) {
            char *tmp = s->cma_tmp + (size_t) i * s->cma_chunk;
            const mca_coll_swing_shm_line_t *l = mca_coll_swing_shm_line(s, i);
            if (i != s->rank) {
                if (0 != mca_coll_swing_cma_read(l->pid, tmp, l->src + off, span)) {
                    return OMPI_ERROR;
                }
                s->in[i] = tmp - gap;
            } else if (in_place && 0 != i) {
                /* the destination may only be the first operand */
                memcpy(tmp, src + off, span);
                s->in[i] = tmp - gap;
            } else {
                s->in[i] = (char *) src + e0 * ext;
            }
        }
        mca_coll_swing_reduce_n(call->op, call->dtype, (const void *const *) s->in, s->nranks,
                                call->rbuf + e0 * ext, n);
    }
    return OMPI_SUCCESS;
}

/* Reads every other slice from its owner's receive buffer into mine. */
static int swing_cma_gather(const mca_coll_swing_call_t *call, mca_coll_swing_shm_t *s,
                            ptrdiff_t gap, ptrdiff_t true_ext)
{
    size_t ext = (size_t) call->extent, n = call->count;

    for (int i = 0; i < s->nranks; ++i) {
        size_t lo = mca_coll_swing_shm_slice(n, s->nranks, i, ext);
        size_t hi = mca_coll_swing_shm_slice(n, s->nranks, i + 1, ext);
        const mca_coll_swing_shm_line_t *l = mca_coll_swing_shm_line(s, i);
        if (i != s->rank && hi > lo
            && 0
                   != mca_coll_swing_cma_read(l->pid, call->rbuf + lo * ext + gap,
                                              l->dst + lo * ext + (size_t) gap,
                                              (hi - lo - 1) * ext + (size_t) true_ext)) {
            return OMPI_ERROR;
        }
    }
    return OMPI_SUCCESS;
}

int mca_coll_swing_shm_cma_next(mca_coll_swing_shm_op_t *op)
{
    const mca_coll_swing_call_t *call = &op->call;
    mca_coll_swing_shm_t *s = op->s;
    mca_coll_swing_shm_line_t *me = mca_coll_swing_shm_line(s, s->rank);
    size_t ext = (size_t) call->extent, n = call->count;

    switch (op->stage++) {
    case 0:
        mca_coll_swing_count(&mca_coll_swing_counters.shm_single_copy, 1);
        me->src = (uint64_t) (uintptr_t) op->src;
        me->dst = (uint64_t) (uintptr_t) call->rbuf;
        return mca_coll_swing_shm_op_phase(op);
    case 1: {
        size_t lo = mca_coll_swing_shm_slice(n, s->nranks, s->rank, ext);
        size_t hi = mca_coll_swing_shm_slice(n, s->nranks, s->rank + 1, ext);
        if (hi > lo) {
            op->rc = swing_cma_reduce(call, s, op->src, op->gap, op->true_ext, lo, hi);
        }
        return mca_coll_swing_shm_op_phase(op);
    }
    case 2:
        if (OMPI_SUCCESS == op->rc) {
            op->rc = swing_cma_gather(call, s, op->gap, op->true_ext);
        }
        /* even after an error: the peers must not wait forever */
        return mca_coll_swing_shm_op_phase(op);
    default: return SWING_SHM_OP_DONE;
    }
}
