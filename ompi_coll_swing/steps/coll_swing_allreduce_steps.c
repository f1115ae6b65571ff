/*
 * The allreduce of a step list (Swing, recursive doubling, ring; LO, BO;
 * single-port or in parts), blocking and nonblocking: the step machine
 * (engine/coll_swing_sm.h) on the call's vector, driven to its end by
 * MPI_Allreduce, advanced from progress by MPI_Iallreduce and
 * MPI_Allreduce_init. One code, so both give the same bits.
 *
 * A multiport or ring plan splits the vector into contiguous parts
 * (swt_part_elems), each with a step list of its own and a tag of its
 * own; step i of every part goes out together, so the parts' messages
 * use different links at once.
 *
 * Memory: blocking, one message of scratch (span of count elements) in
 * the module, no allocation once the module has seen the largest message
 * (every rank grows it, then all agree: transport/coll_swing_agree.h);
 * nonblocking, the request's own scratch, kept with the request when it
 * goes idle (a persistent request or a repeated call allocates nothing):
 * the parts' states, then one message, each part on its slice at the
 * offset its slice has in the receive buffer.
 */
#include "coll_swing_steps.h"
#include "coll_swing_agree.h"
#include "coll_swing_nb.h"
#include "coll_swing_p2p.h"

int mca_coll_swing_exec_steps(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    mca_coll_swing_smpart_t pts[MCA_COLL_SWING_MAX_PARTS];
    mca_coll_swing_sm_t sm;
    ptrdiff_t gap = 0;
    size_t span = opal_datatype_span(&call->dtype->super, call->count, &gap);
    mca_coll_swing_growth_t g = {&m->scratch, &m->scratch_size, &m->scratch_agreed, span};
    int rc, np;

    if (call->plan->nparts < 1 || call->plan->nparts > MCA_COLL_SWING_MAX_PARTS) {
        return OMPI_ERR_BAD_PARAM;
    }
    if (OMPI_SUCCESS == call->error) {
        rc = mca_coll_swing_grow_agreed(call, m, &g, 1);
        if (OMPI_SUCCESS != rc) {
            return rc;
        }
    }
    /* error mode (a caller's failure before this step list): no scratch needed */
    np = mca_coll_swing_sm_parts(call, OMPI_SUCCESS == call->error ? m->scratch - gap : NULL,
                                 NULL, pts);
    mca_coll_swing_sm_allreduce(&sm, call, pts, np);
    return mca_coll_swing_sm_run(&sm);
}

static int swing_nb_steps_advance(mca_coll_swing_nbreq_t *req)
{
    if (!mca_coll_swing_sm_advance(&req->sm)) {
        return 0;
    }
    req->rc = req->sm.rc;
    return 1;
}

/* Every start: the user's buffers as they are now, every part at its first step. */
static int swing_nb_steps_restart(mca_coll_swing_nbreq_t *req)
{
    mca_coll_swing_sm_allreduce(&req->sm, &req->call, req->parts, req->nparts);
    req->rc = OMPI_SUCCESS;
    return 0;
}

int mca_coll_swing_exec_nb_steps(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    ptrdiff_t gap = 0;
    size_t span = opal_datatype_span(&call->dtype->super, call->count, &gap);
    int nparts = call->plan->nparts, tags[MCA_COLL_SWING_MAX_PARTS];
    size_t head = MCA_COLL_SWING_NB_HEAD(nparts);
    mca_coll_swing_nbreq_t *req = NULL;
    int rc;

    if (nparts < 1 || nparts > MCA_COLL_SWING_MAX_PARTS) {
        return OMPI_ERR_BAD_PARAM;
    }
    /* one tag per part, empty ones too: every rank takes as many */
    mca_coll_swing_p2p_nb_tags(m, call->persistent, nparts, tags);
    call->tag = tags[0];
    rc = mca_coll_swing_nbreq_get(m, call, head + span, &req);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    req->parts = (mca_coll_swing_smpart_t *) (void *) req->scratch;
    req->nparts = mca_coll_swing_sm_parts(&req->call, req->scratch + head - gap, tags,
                                          req->parts);
    req->advance = swing_nb_steps_advance;
    req->restart = swing_nb_steps_restart;
    if (!call->persistent) {
        swing_nb_steps_restart(req);
        rc = mca_coll_swing_nbreq_start(req);
        if (OMPI_SUCCESS != rc) {
            mca_coll_swing_nbreq_discard(req);
            return rc;
        }
    }
    *call->request = &req->super.super;
    return OMPI_SUCCESS;
}
