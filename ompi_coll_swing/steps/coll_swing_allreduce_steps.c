/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The allreduce of a step list (Swing, recursive doubling, ring; LO, BO;
 * single-port or in parts), blocking and nonblocking: the schedule runner
 * (engine/coll_swing_runner.h) on the call's vector, driven to its end by
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
 * one message, each part on its slice at the offset its slice has in the
 * receive buffer; the parts' states live in the request. A request whose
 * scratch could not be had runs its schedule in error mode
 * (engine/coll_swing_runner.h): a nonblocking call must not wait for an
 * agreement, and its peers must not wait for it.
 */
#include "coll_swing_steps.h"
#include "coll_swing_agree.h"
#include "coll_swing_nb.h"
#include "coll_swing_p2p.h"

#include <string.h>

int mca_coll_swing_exec_steps(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    mca_coll_swing_runner_part_t pts[MCA_COLL_SWING_MAX_PARTS];
    mca_coll_swing_runner_t runner;
    ptrdiff_t gap = 0;
    size_t span = opal_datatype_span(&call->dtype->super, call->count, &gap);
    mca_coll_swing_growth_t g = { &m->scratch, &m->scratch_size, &m->scratch_agreed, span, span };
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
    np = mca_coll_swing_runner_parts(call, OMPI_SUCCESS == call->error ? m->scratch - gap : NULL,
                                     NULL, pts);
    mca_coll_swing_runner_allreduce(&runner, call, pts, np);
    return mca_coll_swing_runner_run(&runner);
}

static int swing_nb_steps_advance(mca_coll_swing_nbreq_t *req)
{
    if (!mca_coll_swing_runner_advance(&req->runner)) {
        return 0;
    }
    req->rc = req->runner.rc;
    return 1;
}

/* The parts on the request's scratch; without it, in error mode. */
static void swing_nb_steps_parts(mca_coll_swing_nbreq_t *req, int rc)
{
    char *tmp = (OMPI_SUCCESS == rc && NULL != req->scratch) ? req->scratch - req->gap : NULL;

    req->call.error = rc;
    req->nparts = mca_coll_swing_runner_parts(&req->call, tmp, req->tags, req->parts);
}

/*
 * Every start: the user's buffers as they are now, every part at its first
 * step. A persistent request built without its scratch tries again to get
 * it, and runs this start in error mode if it still cannot.
 */
static int swing_nb_steps_restart(mca_coll_swing_nbreq_t *req)
{
    if (OMPI_SUCCESS != req->call.error) {
        swing_nb_steps_parts(req, mca_coll_swing_nbreq_scratch(req));
    }
    mca_coll_swing_runner_allreduce(&req->runner, &req->call, req->parts, req->nparts);
    req->rc = OMPI_SUCCESS;
    return 0;
}

int mca_coll_swing_exec_nb_steps(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    ptrdiff_t gap = 0;
    size_t span = opal_datatype_span(&call->dtype->super, call->count, &gap);
    int nparts = call->plan->nparts, tags[MCA_COLL_SWING_MAX_PARTS];
    mca_coll_swing_nbreq_t *req = NULL;
    int rc;

    if (nparts < 1 || nparts > MCA_COLL_SWING_MAX_PARTS) {
        return OMPI_ERR_BAD_PARAM;
    }
    /* one tag per part, empty ones too: every rank takes as many */
    mca_coll_swing_p2p_nb_tags(m, call->persistent, nparts, tags);
    call->tag = tags[0];
    rc = mca_coll_swing_nbreq_get(m, call, &req);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    memcpy(req->tags, tags, sizeof(tags));
    req->need = span;
    req->gap = gap;
    swing_nb_steps_parts(req, mca_coll_swing_nbreq_scratch(req));
    req->advance = swing_nb_steps_advance;
    req->restart = swing_nb_steps_restart;
    if (!call->persistent) {
        /* started now: a missing scratch means error mode, not another try */
        mca_coll_swing_runner_allreduce(&req->runner, &req->call, req->parts, req->nparts);
        rc = mca_coll_swing_nbreq_start(req);
        if (OMPI_SUCCESS != rc) {
            mca_coll_swing_nbreq_discard(req);
            return rc;
        }
    }
    *call->request = &req->super.super;
    return OMPI_SUCCESS;
}
