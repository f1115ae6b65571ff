/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Point-to-point steps (transport layer): messages of a call's element
 * type through the PML, on the communicator of the call, with the
 * collective tag of coll_tags.h (never a user tag). Blocking collectives
 * on one communicator are ordered by MPI, so one tag serves them all; a
 * nonblocking or persistent operation gets one of its own (call->tag).
 */
#ifndef MCA_COLL_SWING_P2P_H
#define MCA_COLL_SWING_P2P_H

#include "coll_swing.h"

#include "ompi/request/request.h"

BEGIN_C_DECLS

int mca_coll_swing_p2p_isend(const mca_coll_swing_call_t *call, const char *buf, size_t n, int peer,
                             ompi_request_t **req);
int mca_coll_swing_p2p_irecv(const mca_coll_swing_call_t *call, char *buf, size_t n, int peer,
                             ompi_request_t **req);

/*
 * The error mode of an operation that failed on this rank or learned that
 * a peer failed (engine/coll_swing_runner.c): every message still goes, so
 * that no peer waits for one, but carries nothing: an empty send, and a
 * receive of the n elements the peer may still send into a sink (a byte
 * type of extent 0: the data land on one byte), which needs no buffer and
 * never truncates (Open MPI 4.1's PML does not survive a truncated
 * receive into a short buffer across TCP).
 */
int mca_coll_swing_p2p_isend_empty(const mca_coll_swing_call_t *call, int peer,
                                   ompi_request_t **req);
int mca_coll_swing_p2p_irecv_sink(const mca_coll_swing_call_t *call, size_t n, int peer,
                                  ompi_request_t **req);
/*
 * How a completed request ended: OMPI_SUCCESS, its error, or
 * MCA_COLL_SWING_PEER_FAILED for a receive shorter than the expect bytes
 * posted (an error mode's empty message).
 */
int mca_coll_swing_p2p_result(ompi_request_t *req, size_t expect);
/* 1 for a post refused for want of resources: worth retrying later. */
int mca_coll_swing_p2p_transient(int rc);
/* The sink type, at component open and close. */
int mca_coll_swing_p2p_init(void);
void mca_coll_swing_p2p_fini(void);
/* Collective, blocking: *value becomes the minimum of every rank's, by
   messages on swing's own tag through the PML alone (no collective
   module: they may be in any state, or be calling swing). */
int mca_coll_swing_p2p_agree_min(ompi_communicator_t *comm, int *value);
/* Round d of that dissemination on tag, posted: reqs[0] receives rank -
   d's value into *in, reqs[1] sends *out to rank + d. A failed receive
   leaves both MPI_REQUEST_NULL; a failed send leaves reqs[1] so and the
   receive cancelled, still to be completed. Returns the post's error. */
int mca_coll_swing_p2p_agree_round(ompi_communicator_t *comm, int d, int tag, int *in, int *out,
                                   ompi_request_t **reqs);
/* The tags of the parts of a blocking call's plan (ntags <= 2 *
   SWT_MAX_DIMS): 0, the collective tag, for part 0, a fixed tag of
   swing's own for each other part. */
void mca_coll_swing_p2p_block_tags(int ntags, int *tags);
/* The tag of the next nonblocking operation (persistent: of a new
   persistent request) on the module's communicator; never 0. */
int mca_coll_swing_p2p_nb_tag(mca_coll_swing_module_t *module, int persistent);
/* ntags consecutive tags of the same cycle for one operation (one per part
   of its plan); every rank of the communicator must take as many. */
void mca_coll_swing_p2p_nb_tags(mca_coll_swing_module_t *module, int persistent, int ntags,
                                int *tags);

END_C_DECLS

#endif
