/*
 * Schedules of one communicator: resolve the topology description, then
 * compute this rank's step list for each message-passing algorithm. Done
 * once at module enable; calls only read the plans.
 */
#include "coll_swing.h"

#include <stdlib.h>
#include <string.h>

#include "opal/util/output.h"

/* The torus for a communicator of p ranks; any problem falls back to a ring. */
static void swing_resolve_shape(int p, swt_shape_t *shape)
{
    static int warned_parse = 0, warned_fit = 0;
    const char *text = mca_coll_swing_component.topology;
    int rc;

    swt_shape_ring(p, shape);
    if (NULL == text || '\0' == text[0] || 0 == strcmp(text, "auto")
        || 0 == strcmp(text, "ring")) {
        return;
    }
    rc = swt_shape_parse(text, shape);
    if (SWT_OK != rc) {
        mca_coll_swing_warn_once(&warned_parse, 0,
            "coll_swing_topology \"%s\": %s (expected auto, ring, torus:AxB..., ring:N); using a ring",
            text, swt_strerror(rc));
        swt_shape_ring(p, shape);
        return;
    }
    if (swt_shape_size(shape) != p) {
        mca_coll_swing_warn_once(&warned_fit, 0,
            "coll_swing_topology \"%s\" has %ld positions but a communicator has %d ranks; using a ring there",
            text, swt_shape_size(shape), p);
        swt_shape_ring(p, shape);
    }
}

static int swing_plan_build(mca_coll_swing_plan_t *plan, const swt_shape_t *shape,
                            const mca_coll_swing_alg_t *alg, int rank)
{
    swt_sched_t *sched = NULL;
    int rc = swt_sched_create(shape, alg->pattern, alg->kind, rank, &sched);

    if (SWT_OK != rc) {
        return (SWT_ERR_NOMEM == rc) ? OMPI_ERR_OUT_OF_RESOURCE : OMPI_ERR_BAD_PARAM;
    }
    plan->nsteps = swt_sched_nsteps(sched);
    plan->nblocks = swt_sched_nblocks(sched);
    plan->steps = malloc(sizeof(swt_step_t) * (size_t) (plan->nsteps ? plan->nsteps : 1));
    if (NULL == plan->steps) {
        swt_sched_destroy(sched);
        return OMPI_ERR_OUT_OF_RESOURCE;
    }
    /* position r is communicator rank r */
    for (int i = 0; i < plan->nsteps; ++i) {
        plan->steps[i] = *swt_sched_step(sched, i);
    }
    swt_sched_destroy(sched);
    return OMPI_SUCCESS;
}

int mca_coll_swing_plans_build(mca_coll_swing_module_t *m)
{
    int p = ompi_comm_size(m->comm), rank = ompi_comm_rank(m->comm);
    int rc = OMPI_SUCCESS;

    swing_resolve_shape(p, &m->shape);
    for (int i = 0; i < MCA_COLL_SWING_ALG_COUNT && OMPI_SUCCESS == rc; ++i) {
        if (mca_coll_swing_exec_steps == mca_coll_swing_algs[i].exec) {
            rc = swing_plan_build(&m->plans[i], &m->shape, &mca_coll_swing_algs[i], rank);
        }
    }
    if (OMPI_SUCCESS != rc) {
        mca_coll_swing_plans_free(m);
        return rc;
    }
    m->lo_max_bytes = mca_coll_swing_component.lo_max_bytes;
    if (m->lo_max_bytes < 0) {
        m->lo_max_bytes = 64 * 1024;
    }
    return OMPI_SUCCESS;
}

void mca_coll_swing_plans_free(mca_coll_swing_module_t *m)
{
    for (int i = 0; i < MCA_COLL_SWING_ALG_COUNT; ++i) {
        free(m->plans[i].steps);
        m->plans[i].steps = NULL;
        m->plans[i].nsteps = 0;
    }
}
