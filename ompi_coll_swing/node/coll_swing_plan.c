/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A rank's step list for one algorithm on a resolved topology: the
 * schedule library's steps (swt_sched_create.c; the parts of multiport
 * and ring schedules, swt_sched_create_part), with peers translated from
 * torus positions to communicator ranks through the description's rank
 * order. Built once per communicator; calls only read it.
 */
#include "coll_swing_node.h"

#include <stdlib.h>
#include <string.h>

/* Copies a library step list into plan, positions mapped to ranks. */
static int swing_plan_copy(mca_coll_swing_plan_t *plan, const swt_sched_t *sched,
                           const swt_topo_t *topo, const int *ranks)
{
    plan->nsteps = swt_sched_nsteps(sched);
    plan->nblocks = swt_sched_nblocks(sched);
    plan->nparts = 1;
    plan->parts = NULL;
    plan->steps = mca_coll_swing_setup_malloc(sizeof(swt_step_t)
                                              * (size_t) (plan->nsteps ? plan->nsteps : 1));
    if (NULL == plan->steps) {
        return OMPI_ERR_OUT_OF_RESOURCE;
    }
    for (int i = 0; i < plan->nsteps; ++i) {
        const swt_step_t *st = swt_sched_step(sched, i);
        int peer = swt_topo_pos_rank(topo, st->peer);
        int from = swt_topo_pos_rank(topo, st->from);
        plan->steps[i] = *st;
        plan->steps[i].peer = (NULL != ranks) ? ranks[peer] : peer;
        plan->steps[i].from = (NULL != ranks) ? ranks[from] : from;
    }
    return OMPI_SUCCESS;
}

static int swing_plan_rc(int swt_rc)
{
    return (SWT_ERR_NOMEM == swt_rc) ? OMPI_ERR_OUT_OF_RESOURCE : OMPI_ERR_BAD_PARAM;
}

int mca_coll_swing_plan_build(mca_coll_swing_plan_t *plan, const swt_topo_t *topo,
                              swt_alg_t pattern, swt_kind_t kind, int nparts, int index,
                              const int *ranks)
{
    long pos = swt_topo_rank_pos(topo, index);
    swt_sched_t *sched = NULL;
    int rc = OMPI_SUCCESS;

    memset(plan, 0, sizeof(*plan));
    plan->pattern = pattern;
    if (1 == nparts && SWT_ALG_RING != pattern) {
        int src = swt_sched_create(swt_topo_logical(topo), pattern, kind, pos, &sched);
        rc = (SWT_OK == src) ? swing_plan_copy(plan, sched, topo, ranks) : swing_plan_rc(src);
        swt_sched_destroy(sched);
        return rc;
    }
    plan->parts = mca_coll_swing_setup_calloc((size_t) nparts, sizeof(*plan->parts));
    if (NULL == plan->parts) {
        return OMPI_ERR_OUT_OF_RESOURCE;
    }
    plan->nparts = nparts;
    for (int j = 0; j < nparts && OMPI_SUCCESS == rc; ++j) {
        int src = swt_sched_create_part(topo, pattern, kind, pos, j, nparts, &sched);
        rc = (SWT_OK == src) ? swing_plan_copy(&plan->parts[j], sched, topo, ranks)
                             : swing_plan_rc(src);
        plan->parts[j].pattern = pattern;
        swt_sched_destroy(sched);
        sched = NULL;
    }
    if (OMPI_SUCCESS == rc && 1 == nparts) {
        /* a one-part ring: the part is the plan */
        mca_coll_swing_plan_t *only = plan->parts;
        *plan = *only;
        free(only);
    }
    if (OMPI_SUCCESS != rc) {
        mca_coll_swing_plan_free(plan);
    }
    return rc;
}

void mca_coll_swing_plan_free(mca_coll_swing_plan_t *plan)
{
    if (NULL != plan->parts) {
        for (int j = 0; j < plan->nparts; ++j) {
            mca_coll_swing_plan_free(&plan->parts[j]);
        }
        free(plan->parts);
    }
    mca_coll_swing_layout_free(plan->layout);
    free(plan->steps);
    memset(plan, 0, sizeof(*plan));
}
