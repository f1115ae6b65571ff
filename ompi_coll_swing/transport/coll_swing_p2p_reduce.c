/*
 * A reduce-scatter step's exchange (coll_swing_p2p.h): send one range to
 * the peer while its range arrives in segments, each reduced while the
 * next one is on the wire. Shared by every executor with RS steps, as
 * are the segment sizes (the multiport and nonblocking executors cut
 * their segments the same way).
 */
#include "coll_swing_p2p.h"
#include "coll_swing_kernel.h"

size_t mca_coll_swing_segment_elems(const mca_coll_swing_call_t *call, size_t n)
{
    long seg = mca_coll_swing_params.segment_size;
    size_t elems;

    if (seg <= 0 || call->extent <= 0) {
        return n ? n : 1;
    }
    elems = (size_t) seg / (size_t) call->extent;
    return elems ? elems : 1;
}

size_t mca_coll_swing_seg_len(size_t n, size_t seg, size_t i)
{
    size_t off = i * seg;
    return (n - off < seg) ? n - off : seg;
}

static char *swing_seg_at(const mca_coll_swing_call_t *call, const char *base, size_t elem)
{
    return (char *) base + (ptrdiff_t) elem * call->extent;
}

int mca_coll_swing_p2p_exchange_reduce(const mca_coll_swing_call_t *call, const char *send,
                                       size_t sn, char *tmp, char *acc, size_t rn, int peer)
{
    size_t seg = mca_coll_swing_segment_elems(call, sn > rn ? sn : rn);
    size_t nseg_s = (sn + seg - 1) / seg, nseg_r = (rn + seg - 1) / seg;
    size_t nseg = nseg_s > nseg_r ? nseg_s : nseg_r;
    ompi_request_t *rreq[2] = { MPI_REQUEST_NULL, MPI_REQUEST_NULL };
    ompi_request_t *sreq[2] = { MPI_REQUEST_NULL, MPI_REQUEST_NULL };
    int rc = OMPI_SUCCESS;

    /*
     * Two segments in flight each way: segment i is reduced while i+1
     * arrives. Both sides cut their ranges the same way from the range
     * start, so every send matches a receive of the same size.
     */
    if (nseg_r > 0) {
        rc = mca_coll_swing_p2p_irecv(call, tmp, mca_coll_swing_seg_len(rn, seg, 0), peer, &rreq[0]);
    }
    for (size_t i = 0; i < nseg && OMPI_SUCCESS == rc; ++i) {
        int slot = (int) (i % 2);
        if (i + 1 < nseg_r) {
            rc = mca_coll_swing_p2p_irecv(call, swing_seg_at(call, tmp, (i + 1) * seg),
                                          mca_coll_swing_seg_len(rn, seg, i + 1), peer,
                                          &rreq[1 - slot]);
        }
        if (OMPI_SUCCESS == rc && i < nseg_s) {
            if (MPI_REQUEST_NULL != sreq[slot]) {
                rc = ompi_request_wait(&sreq[slot], MPI_STATUS_IGNORE);
            }
            if (OMPI_SUCCESS == rc) {
                rc = mca_coll_swing_p2p_isend(call, swing_seg_at(call, send, i * seg),
                                              mca_coll_swing_seg_len(sn, seg, i), peer, &sreq[slot]);
            }
        }
        if (OMPI_SUCCESS == rc && i < nseg_r) {
            rc = ompi_request_wait(&rreq[slot], MPI_STATUS_IGNORE);
            /* acc[range] = peer's partial (left) op mine */
            if (OMPI_SUCCESS == rc) {
                mca_coll_swing_reduce_into(call->op, call->dtype,
                                           swing_seg_at(call, tmp, i * seg),
                                           swing_seg_at(call, acc, i * seg),
                                           mca_coll_swing_seg_len(rn, seg, i));
            }
        }
    }
    for (int i = 0; i < 2; ++i) {
        int src;
        (void) mca_coll_swing_p2p_finish(&rreq[i], OMPI_SUCCESS != rc);
        src = mca_coll_swing_p2p_finish(&sreq[i], 0);
        rc = (OMPI_SUCCESS == rc) ? src : rc;
    }
    return rc;
}
