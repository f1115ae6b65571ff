/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Point-to-point steps through the PML (coll_swing_p2p.h).
 */
#include "coll_swing_p2p.h"

#include "ompi/mca/coll/base/coll_tags.h"
#include "ompi/mca/pml/pml.h"

#include <limits.h>

/* A blocking call's tag; a nonblocking one carries its own (below). */
#define SWING_TAG(call) (0 != (call)->tag ? (call)->tag : MCA_COLL_BASE_TAG_ALLREDUCE)

/*
 * Tags of nonblocking and persistent operations: each operation outstanding
 * on a communicator needs its own, or a message of one could match a
 * receive of another (their steps interleave differently on each rank).
 * libnbc cycles through its whole range (NONBLOCKING_BASE downwards) and
 * the blocking collectives use the fixed tags above it, so swing takes 2^20
 * tags in the range coll_tags.h reserves for hcoll, far below the tags
 * hcoll uses near its top: 2^19 for MPI_Iallreduce, cycled by call, then
 * 2^19 for persistent requests, kept by each request for its life. An
 * operation takes one tag per part of its plan (a multiport or ring plan's
 * parts run independently: two parts' messages between one pair of ranks
 * must not match each other's receives); every rank takes as many, so the
 * counters stay equal on all ranks. The first
 * is -2^31 + 2^23: PMLs that keep only the low 24 bits of a tag (UCX) see
 * -2^23 and up, negative like every collective tag, where libnbc's
 * counter arrives only after millions of operations.
 */
#define SWING_NB_TAGS (1u << 19)
#define SWING_NB_TAG_FIRST (INT_MIN + (1 << 23))
/*
 * The parts of a blocking call's multiport or ring plan: part 0 keeps the
 * collective tag, part j > 0 takes the j-th tag after the nonblocking
 * ranges. Blocking collectives on a communicator are ordered, so fixed
 * tags serve; the parts' messages between one pair of ranks must not
 * match each other's receives, since each part posts as its own messages
 * complete (engine/coll_swing_runner.c).
 */
#define SWING_BLOCK_TAG_FIRST (SWING_NB_TAG_FIRST + 2 * (int) SWING_NB_TAGS)
_Static_assert(SWING_NB_TAG_FIRST > MCA_COLL_BASE_TAG_HCOLL_END
                   && SWING_BLOCK_TAG_FIRST + MCA_COLL_SWING_MAX_PARTS
                          < MCA_COLL_BASE_TAG_HCOLL_BASE,
               "swing's tags outside the hcoll range");

/* The agreements' tag (coll_swing_agree.c): the slot of part 0 above,
   which keeps the collective tag and leaves this one free. */
#define SWING_AGREE_TAG SWING_BLOCK_TAG_FIRST

/* The error mode's receive type: bytes of extent 0 (p2p_init). */
static struct ompi_datatype_t *swing_sink_type;
/* Where its data land: any byte would do; one per cache line keeps threads apart. */
static char swing_sink[64];

/* A post's faults (coll_swing_fault.h), before the PML is asked. */
static int swing_p2p_fault(void)
{
    if (mca_coll_swing_fault(MCA_COLL_SWING_FAULT_POST)) {
        return OMPI_ERR_TEMP_OUT_OF_RESOURCE;
    }
    if (mca_coll_swing_fault(MCA_COLL_SWING_FAULT_POST_FATAL)) {
        return OMPI_ERR_UNREACH;
    }
    return OMPI_SUCCESS;
}

int mca_coll_swing_p2p_isend(const mca_coll_swing_call_t *call, const char *buf, size_t n, int peer,
                             ompi_request_t **req)
{
    int rc = swing_p2p_fault();

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    return MCA_PML_CALL(isend(buf, n, call->dtype, peer, SWING_TAG(call),
                              MCA_PML_BASE_SEND_STANDARD, call->comm, req));
}

int mca_coll_swing_p2p_irecv(const mca_coll_swing_call_t *call, char *buf, size_t n, int peer,
                             ompi_request_t **req)
{
    int rc = swing_p2p_fault();

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    return MCA_PML_CALL(irecv(buf, n, call->dtype, peer, SWING_TAG(call), call->comm, req));
}

int mca_coll_swing_p2p_isend_empty(const mca_coll_swing_call_t *call, int peer,
                                   ompi_request_t **req)
{
    int rc = swing_p2p_fault();

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    return MCA_PML_CALL(isend(swing_sink, 0, call->dtype, peer, SWING_TAG(call),
                              MCA_PML_BASE_SEND_STANDARD, call->comm, req));
}

int mca_coll_swing_p2p_irecv_sink(const mca_coll_swing_call_t *call, size_t n, int peer,
                                  ompi_request_t **req)
{
    size_t size = 0;
    int rc = swing_p2p_fault();

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    ompi_datatype_type_size(call->dtype, &size);
    return MCA_PML_CALL(
        irecv(swing_sink, n * size, swing_sink_type, peer, SWING_TAG(call), call->comm, req));
}

int mca_coll_swing_p2p_result(ompi_request_t *req, size_t expect)
{
    int rc = req->req_status.MPI_ERROR;

    if (mca_coll_swing_fault(MCA_COLL_SWING_FAULT_COMPLETE)) {
        return OMPI_ERR_UNREACH;
    }
    if (OMPI_SUCCESS == rc && req->req_status._ucount < expect) {
        return MCA_COLL_SWING_PEER_FAILED;
    }
    return rc;
}

int mca_coll_swing_p2p_transient(int rc)
{
    return OMPI_ERR_TEMP_OUT_OF_RESOURCE == rc || OMPI_ERR_OUT_OF_RESOURCE == rc
           || OMPI_ERR_WOULD_BLOCK == rc;
}

int mca_coll_swing_p2p_init(void)
{
    int rc = ompi_datatype_create_resized(&ompi_mpi_byte.dt, 0, 0, &swing_sink_type);

    if (OMPI_SUCCESS == rc) {
        rc = ompi_datatype_commit(&swing_sink_type);
    }
    if (OMPI_SUCCESS != rc && NULL != swing_sink_type) {
        ompi_datatype_destroy(&swing_sink_type);
        swing_sink_type = NULL;
    }
    return rc;
}

void mca_coll_swing_p2p_fini(void)
{
    if (NULL != swing_sink_type) {
        ompi_datatype_destroy(&swing_sink_type);
        swing_sink_type = NULL;
    }
}

void mca_coll_swing_p2p_nb_tags(mca_coll_swing_module_t *module, int persistent, int ntags,
                                int *tags)
{
    unsigned int *seq = persistent ? &module->nb_persistent_seq : &module->nb_seq;
    unsigned int n = __atomic_fetch_add(seq, (unsigned int) ntags, __ATOMIC_RELAXED);

    /* 2^32 is a multiple of SWING_NB_TAGS: the cycle survives the counter's wrap */
    for (int j = 0; j < ntags; ++j) {
        unsigned int k = (n + (unsigned int) j) % SWING_NB_TAGS;
        tags[j] = SWING_NB_TAG_FIRST + (int) (persistent ? SWING_NB_TAGS + k : k);
    }
}

void mca_coll_swing_p2p_block_tags(int ntags, int *tags)
{
    for (int j = 0; j < ntags && j < MCA_COLL_SWING_MAX_PARTS; ++j) {
        tags[j] = (0 == j) ? 0 : SWING_BLOCK_TAG_FIRST + j;
    }
}

int mca_coll_swing_p2p_nb_tag(mca_coll_swing_module_t *module, int persistent)
{
    int tag;

    mca_coll_swing_p2p_nb_tags(module, persistent, 1, &tag);
    return tag;
}

/*
 * Dissemination (Hensgen, Finkel and Manber): in round k every rank sends
 * its value to rank + 2^k and takes the minimum with rank - 2^k's. After
 * ceil(log2 p) rounds each holds the minimum of all, for any p, since a
 * value counted twice changes no minimum. Between one pair of ranks at
 * most one message per agreement, and agreements on a communicator are
 * ordered, so one tag serves them all. Example, p = 3, ranks' values
 * 1, 0, 1: round 1 gives 1, 0, 0; round 2 gives 0, 0, 0.
 */
int mca_coll_swing_p2p_agree_round(ompi_communicator_t *comm, int d, int tag, int *in, int *out,
                                   ompi_request_t **reqs)
{
    int p = ompi_comm_size(comm), r = ompi_comm_rank(comm);
    int rc = MCA_PML_CALL(irecv(in, 1, MPI_INT, (r - d + p) % p, tag, comm, &reqs[0]));

    reqs[1] = MPI_REQUEST_NULL;
    if (OMPI_SUCCESS != rc) {
        reqs[0] = MPI_REQUEST_NULL;
        return rc;
    }
    rc = MCA_PML_CALL(
        isend(out, 1, MPI_INT, (r + d) % p, tag, MCA_PML_BASE_SEND_STANDARD, comm, &reqs[1]));
    if (OMPI_SUCCESS != rc) {
        reqs[1] = MPI_REQUEST_NULL;
        ompi_request_cancel(reqs[0]);
    }
    return rc;
}

int mca_coll_swing_p2p_agree_min(ompi_communicator_t *comm, int *value)
{
    int p = ompi_comm_size(comm), rc = OMPI_SUCCESS;

    for (int d = 1; d < p && OMPI_SUCCESS == rc; d <<= 1) {
        ompi_request_t *reqs[2];
        int in = *value, rc_wait;

        rc = mca_coll_swing_p2p_agree_round(comm, d, SWING_AGREE_TAG, &in, value, reqs);
        if (MPI_REQUEST_NULL == reqs[0]) {
            break;
        }
        rc_wait = ompi_request_wait_all(2, reqs, MPI_STATUSES_IGNORE);
        rc = (OMPI_SUCCESS != rc) ? rc : rc_wait;
        if (OMPI_SUCCESS == rc && in < *value) {
            *value = in;
        }
    }
    return rc;
}
