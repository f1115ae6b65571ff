/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The agreement on a nonblocking operation's outcome (coll_swing_nb.h),
 * with coll_swing_agree_outcome set.
 *
 * The dissemination of transport/coll_swing_p2p.c's agree_min, advanced
 * from progress: in round d (1, 2, 4, ... below p) a rank receives the
 * flag of rank - d and sends its own to rank + d, and keeps the minimum;
 * a round's messages are posted when the previous round's have completed.
 * Example, p = 3, rank 1's operation failed (flags 1, 0, 1): after round
 * 1 the flags are 1, 0, 0, after round 2 all 0, and every rank's request
 * completes with an error. The tag is the request's own (drawn at its
 * call, the same on every rank), so outstanding requests on one
 * communicator never take each other's flags.
 */
#include "coll_swing_nb.h"
#include "coll_swing_p2p.h"

int mca_coll_swing_nb_agree(mca_coll_swing_nbreq_t *req)
{
    int p = ompi_comm_size(req->call.comm);

    if (0 == req->agree_d) {
        req->agree_ok = (OMPI_SUCCESS == req->rc);
        req->agree_rc = OMPI_SUCCESS;
        req->agree_req[0] = req->agree_req[1] = MPI_REQUEST_NULL;
        req->agree_d = 1;
    }
    while (req->agree_d < p && OMPI_SUCCESS == req->agree_rc) {
        if (MPI_REQUEST_NULL == req->agree_req[0]) {
            req->agree_rc = mca_coll_swing_p2p_agree_round(req->call.comm, req->agree_d,
                                                           req->agree_tag, &req->agree_in,
                                                           &req->agree_ok, req->agree_req);
            if (MPI_REQUEST_NULL == req->agree_req[0]) {
                break;
            }
        }
        for (int i = 0; i < 2; ++i) {
            if (MPI_REQUEST_NULL != req->agree_req[i] && !REQUEST_COMPLETE(req->agree_req[i])) {
                return 0;
            }
        }
        for (int i = 0; i < 2; ++i) {
            if (MPI_REQUEST_NULL != req->agree_req[i]) {
                int rc = req->agree_req[i]->req_status.MPI_ERROR;
                if (OMPI_SUCCESS == req->agree_rc && OMPI_SUCCESS != rc) {
                    req->agree_rc = rc;
                }
                ompi_request_free(&req->agree_req[i]);
            }
        }
        if (OMPI_SUCCESS == req->agree_rc && req->agree_in < req->agree_ok) {
            req->agree_ok = req->agree_in;
        }
        req->agree_d <<= 1;
    }
    if (OMPI_SUCCESS != req->rc) {
        return 1;
    }
    if (OMPI_SUCCESS != req->agree_rc) {
        req->rc = req->agree_rc;
    } else if (!req->agree_ok) {
        mca_coll_swing_count(&mca_coll_swing_counters.peer_error, 1);
        req->rc = MCA_COLL_SWING_PEER_FAILED;
    }
    return 1;
}
