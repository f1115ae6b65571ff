/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Schedules of one communicator: resolve the topology description, then
 * compute this rank's step list for each planned algorithm of the tables
 * (peers translated from torus positions to communicator ranks through
 * the description's rank order), the block layouts of the parts of every
 * plan a reduce-scatter or allgather row runs, and the decision tables.
 * Done once at module enable; calls only read the plans.
 */
#include "coll_swing_module.h"
#include "coll_swing_decide.h"

#include <stdlib.h>

int mca_coll_swing_setup(mca_coll_swing_module_t *m)
{
    int rank = ompi_comm_rank(m->comm);
    swt_topo_t *topo = NULL;
    int rc;

    if (SWT_OK != mca_coll_swing_topo_resolve(m->comm, &topo, &m->topo_auto)) {
        return OMPI_ERR_OUT_OF_RESOURCE;
    }
    m->topo = topo; /* kept: the trees of the rooted collectives are built at first use */
    rc = OMPI_SUCCESS;
    for (int c = 0; c < MCA_COLL_SWING_NCOLLS && OMPI_SUCCESS == rc; ++c) {
        const mca_coll_swing_table_t *t = &mca_coll_swing_tables[c];
        for (int i = 0; i < t->nalgs && OMPI_SUCCESS == rc; ++i) {
            const mca_coll_swing_alg_t *a;
            int id = t->algs[i].plan;
            if (id < 0 || m->plans[id].nparts > 0) {
                continue;
            }
            a = &mca_coll_swing_algs[id];
            rc = mca_coll_swing_plan_build(&m->plans[id], topo, a->pattern, a->kind,
                                           a->multiport
                                               ? swt_alg_nparts(swt_topo_logical(topo), a->pattern)
                                               : 1,
                                           rank, NULL);
        }
    }
    for (int c = 0; c < MCA_COLL_SWING_NCOLLS && OMPI_SUCCESS == rc; ++c) {
        const mca_coll_swing_table_t *t = &mca_coll_swing_tables[c];
        for (int i = 0; i < t->nalgs && OMPI_SUCCESS == rc; ++i) {
            if (SWT_HALF_ALL != t->half && t->algs[i].plan >= 0) {
                rc = mca_coll_swing_plan_layouts(&m->plans[t->algs[i].plan], topo);
            }
        }
    }
    m->disp = (OMPI_SUCCESS == rc) ? mca_coll_swing_setup_malloc(
                  sizeof(size_t) * (size_t) (ompi_comm_size(m->comm) + 1))
                                   : NULL;
    if (OMPI_SUCCESS == rc && NULL == m->disp) {
        rc = OMPI_ERR_OUT_OF_RESOURCE;
    }
    if (OMPI_SUCCESS == rc) {
        rc = mca_coll_swing_decision_build(m, topo);
    }
    if (OMPI_SUCCESS != rc) {
        mca_coll_swing_setup_free(m);
    }
    return rc;
}

void mca_coll_swing_setup_free(mca_coll_swing_module_t *m)
{
    for (int i = 0; i < MCA_COLL_SWING_MAX_ALGS; ++i) {
        mca_coll_swing_plan_free(&m->plans[i]);
    }
    for (int c = 0; c < MCA_COLL_SWING_NCOLLS; ++c) {
        for (int i = 0; i < MCA_COLL_SWING_MAX_ALGS; ++i) {
            if (NULL != m->trees[c][i]) {
                mca_coll_swing_tree_free(m->trees[c][i]);
                free(m->trees[c][i]);
                m->trees[c][i] = NULL;
            }
        }
    }
    free(m->disp);
    m->disp = NULL;
    swt_tree_model_destroy(m->tree_model);
    m->tree_model = NULL;
    swt_topo_destroy(m->topo);
    m->topo = NULL;
    mca_coll_swing_decision_free(m);
}
