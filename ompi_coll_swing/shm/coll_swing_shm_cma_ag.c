/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Single-copy shm allgather and allgatherv for large messages: every rank
 * reads the other blocks with Linux cross-memory attach (process_vm_readv,
 * transport/coll_swing_cma.c) straight from their owners' buffers into
 * their MPI places in its receive buffer. The segment carries only the
 * phase counters, pids and block addresses.
 *
 *   publish   rank r writes the address of its block into its flag line:
 *             its send buffer, or its place in its receive buffer when in
 *             place                                               -> phase
 *   read      rank r reads block j of every other rank j (one call per
 *             block, starting at r + 1 so that the ranks do not all read
 *             the same peer at once) to displacement j of its receive
 *             buffer                                              -> phase
 *
 * The last phase keeps a rank from returning (and reusing its block) while
 * a peer still reads it; a rank whose read failed marks the call in the
 * segment before it, and every rank ends with the error
 * (transport/coll_swing_shm_segment.h). Nobody writes the published blocks during the
 * call: a rank writes only the other ranks' places in its own receive
 * buffer, and its own place before it publishes.
 *
 * Example, p = 3, allgatherv with counts {2, 0, 1} and displacements
 * {0, 3, 5}: rank 1 reads 2 elements of rank 0's block to rbuf[0, 2) and
 * 1 element of rank 2's to rbuf[5, 6); nothing from itself or for the
 * empty block; rbuf[2, 5) stays untouched.
 *
 * Memory traffic per byte of the result, per rank: R (p-1)/p W (p-1)/p,
 * one copy, against R1 W1 for the segment scheme (copy in, copy out) plus
 * one phase per 256 KiB piece there; two phases per call here.
 * Memory: nothing per call.
 */
#include "coll_swing_shm.h"
#include "coll_swing_steps.h"
#include "coll_swing_shm_segment.h"

int mca_coll_swing_shm_cma_allgather(const mca_coll_swing_call_t *call, mca_coll_swing_shm_t *s,
                                     uint64_t seq, const size_t *disp, ptrdiff_t gap,
                                     const char *own)
{
    mca_coll_swing_shm_line_t *me = mca_coll_swing_shm_line(s, s->rank);
    size_t ext = (size_t) call->extent;
    int rc = OMPI_SUCCESS;

    me->src = (uint64_t) (uintptr_t) own;
    mca_coll_swing_shm_phase(s);
    for (int k = 1; k < s->nranks && OMPI_SUCCESS == rc; ++k) {
        int j = (s->rank + k) % s->nranks;
        size_t bytes = mca_coll_swing_block_count(call, j) * ext;
        if (bytes > 0
            && 0
                   != mca_coll_swing_cma_read(mca_coll_swing_shm_line(s, j)->pid,
                                              call->rbuf + gap + disp[j] * ext,
                                              mca_coll_swing_shm_line(s, j)->src, bytes)) {
            rc = OMPI_ERROR;
        }
    }
    /* even after an error: the peers must not wait forever, and learn of it */
    if (OMPI_SUCCESS != rc) {
        mca_coll_swing_shm_fail(s, seq);
    }
    mca_coll_swing_shm_phase(s);
    if (OMPI_SUCCESS == rc && mca_coll_swing_shm_failed(s, seq)) {
        rc = MCA_COLL_SWING_PEER_FAILED;
        mca_coll_swing_count(&mca_coll_swing_counters.peer_error, 1);
    }
    return rc;
}
