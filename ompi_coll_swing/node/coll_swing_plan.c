/*
 * A rank's step list for one algorithm on a resolved topology: the
 * schedule library's steps (topology/swt_sched.c), with peers translated
 * from torus positions to communicator ranks through the description's
 * rank order. Built once per communicator; calls only read it.
 */
#include "coll_swing_node.h"

#include <stdlib.h>

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
    plan->pattern = pattern;
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

void mca_coll_swing_plan_free(mca_coll_swing_plan_t *plan)
{
    free(plan->steps);
    plan->steps = NULL;
    plan->nsteps = 0;
}
