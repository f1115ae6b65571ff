/*
 * Schedules of one communicator: resolve the topology description, then
 * compute this rank's step list for each message-passing algorithm (peers
 * translated from torus positions to communicator ranks through the
 * description's rank order) and the decision table. Done once at module
 * enable; calls only read the plans.
 */
#include "coll_swing.h"

#include <stdlib.h>
#include <string.h>

#include "opal/util/output.h"

int mca_coll_swing_plan_build(mca_coll_swing_plan_t *plan, const swt_topo_t *topo,
                              swt_alg_t pattern, swt_kind_t kind, int index,
                              const int *ranks)
{
    swt_sched_t *sched = NULL;
    int rc = swt_sched_create(swt_topo_logical(topo), pattern, kind,
                              swt_topo_rank_pos(topo, index), &sched);

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
    for (int i = 0; i < plan->nsteps; ++i) {
        int peer = swt_topo_pos_rank(topo, swt_sched_step(sched, i)->peer);
        plan->steps[i] = *swt_sched_step(sched, i);
        plan->steps[i].peer = (NULL != ranks) ? ranks[peer] : peer;
    }
    swt_sched_destroy(sched);
    return OMPI_SUCCESS;
}

int mca_coll_swing_plans_build(mca_coll_swing_module_t *m)
{
    int rank = ompi_comm_rank(m->comm);
    swt_topo_t *topo = NULL;
    int rc;

    if (SWT_OK != mca_coll_swing_topo_resolve(m->comm, &topo, &m->topo_auto)) {
        return OMPI_ERR_OUT_OF_RESOURCE;
    }
    rc = OMPI_SUCCESS;
    for (int i = 0; i < MCA_COLL_SWING_ALG_COUNT && OMPI_SUCCESS == rc; ++i) {
        if (mca_coll_swing_exec_steps == mca_coll_swing_algs[i].exec) {
            rc = mca_coll_swing_plan_build(&m->plans[i], topo, mca_coll_swing_algs[i].pattern,
                                           mca_coll_swing_algs[i].kind, rank, NULL);
        }
    }
    if (OMPI_SUCCESS == rc) {
        rc = mca_coll_swing_decision_build(m, topo);
    }
    if (OMPI_SUCCESS != rc) {
        mca_coll_swing_plans_free(m);
    }
    swt_topo_destroy(topo);
    return rc;
}

void mca_coll_swing_plans_free(mca_coll_swing_module_t *m)
{
    for (int i = 0; i < MCA_COLL_SWING_ALG_COUNT; ++i) {
        free(m->plans[i].steps);
        m->plans[i].steps = NULL;
        m->plans[i].nsteps = 0;
    }
}
