/*
 * Point-to-point steps through the PML (coll_swing_p2p.h).
 */
#include "coll_swing_p2p.h"

#include "ompi/mca/coll/base/coll_tags.h"
#include "ompi/mca/pml/pml.h"

#define SWING_TAG MCA_COLL_BASE_TAG_ALLREDUCE

int mca_coll_swing_p2p_send(const mca_coll_swing_call_t *call, const char *buf, size_t n,
                            int peer)
{
    return MCA_PML_CALL(send(buf, n, call->dtype, peer, SWING_TAG,
                             MCA_PML_BASE_SEND_STANDARD, call->comm));
}

int mca_coll_swing_p2p_recv(const mca_coll_swing_call_t *call, char *buf, size_t n, int peer)
{
    return MCA_PML_CALL(recv(buf, n, call->dtype, peer, SWING_TAG, call->comm,
                             MPI_STATUS_IGNORE));
}

int mca_coll_swing_p2p_isend(const mca_coll_swing_call_t *call, const char *buf, size_t n,
                             int peer, ompi_request_t **req)
{
    return MCA_PML_CALL(isend(buf, n, call->dtype, peer, SWING_TAG,
                              MCA_PML_BASE_SEND_STANDARD, call->comm, req));
}

int mca_coll_swing_p2p_irecv(const mca_coll_swing_call_t *call, char *buf, size_t n,
                             int peer, ompi_request_t **req)
{
    return MCA_PML_CALL(irecv(buf, n, call->dtype, peer, SWING_TAG, call->comm, req));
}

int mca_coll_swing_p2p_sendrecv(const mca_coll_swing_call_t *call, const char *sbuf,
                                size_t sn, char *rbuf, size_t rn, int peer)
{
    ompi_request_t *reqs[2];
    int rc;

    rc = mca_coll_swing_p2p_irecv(call, rbuf, rn, peer, &reqs[0]);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    rc = mca_coll_swing_p2p_isend(call, sbuf, sn, peer, &reqs[1]);
    if (OMPI_SUCCESS != rc) {
        mca_coll_swing_p2p_finish(&reqs[0], 1);
        return rc;
    }
    return ompi_request_wait_all(2, reqs, MPI_STATUSES_IGNORE);
}

int mca_coll_swing_p2p_finish(ompi_request_t **req, int cancel)
{
    if (MPI_REQUEST_NULL == *req) {
        return OMPI_SUCCESS;
    }
    if (cancel) {
        ompi_request_cancel(*req);
    }
    return ompi_request_wait(req, MPI_STATUS_IGNORE);
}
