/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Setup of the hierarchical algorithms: the node map (node layer), one
 * shared segment per node, the Swing step lists between nodes on the
 * network of nodes (node/coll_swing_topo.c), the LO/BO choice from its
 * cost model, and the block layout of the BO list for reduce-scatter and
 * allgather.
 */
#include "coll_swing_hier_setup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opal/util/output.h"

#include "swt_cost.h"

/* The blocks of my group in the BO list's order, and each position's node. */
static int swing_hier_layout(mca_coll_swing_hier_t *h, const swt_topo_t *topo, const int *group,
                             int nranks)
{
    const mca_coll_swing_nodes_t *nd = &h->nodes;
    int rc;

    h->layout = mca_coll_swing_setup_calloc(1, sizeof(*h->layout));
    rc = (NULL != h->layout)
             ? mca_coll_swing_layout_build(h->layout, topo, SWT_ALG_SWING, 0, group, nranks)
             : OMPI_ERR_OUT_OF_RESOURCE;

    h->pos_node = mca_coll_swing_setup_malloc(sizeof(int) * (size_t) nd->nnodes);
    h->goff = mca_coll_swing_setup_malloc(sizeof(size_t) * (size_t) nd->kmin
                                          * (size_t) (nd->nnodes + 1));
    if (OMPI_SUCCESS == rc && (NULL == h->pos_node || NULL == h->goff)) {
        rc = OMPI_ERR_OUT_OF_RESOURCE;
    }
    for (int j = 0; j < nd->nnodes && OMPI_SUCCESS == rc; ++j) {
        h->pos_node[h->layout->index[group[j]]] = j;
    }
    return rc;
}

/* My group's step lists (local index lrank on every node), its block
   layout and the LO/BO table. */
static int swing_hier_plans(mca_coll_swing_hier_t *h, int nranks)
{
    const mca_coll_swing_nodes_t *nd = &h->nodes;
    long user_lo = mca_coll_swing_params.lo_max_bytes;
    int *group = mca_coll_swing_setup_malloc(sizeof(int) * (size_t) nd->nnodes), rc;
    swt_topo_t *topo = NULL;
    swt_model_t *model = NULL;

    if (NULL == group) {
        return OMPI_ERR_OUT_OF_RESOURCE;
    }
    rc = (SWT_OK == mca_coll_swing_topo_nodes(nd->nnodes, &topo, h->spec, sizeof(h->spec)))
             ? OMPI_SUCCESS
             : OMPI_ERR_BAD_PARAM;
    for (int j = 0; j < nd->nnodes && nd->lrank < nd->kmin; ++j) {
        group[j] = nd->members[j * nd->kmin + nd->lrank];
    }
    if (OMPI_SUCCESS == rc && nd->lrank < nd->kmin) {
        rc = mca_coll_swing_plan_build(&h->plans[SWING_HIER_LO], topo, SWT_ALG_SWING, SWT_KIND_LO,
                                       1, nd->node, group);
    }
    if (OMPI_SUCCESS == rc && nd->lrank < nd->kmin) {
        rc = mca_coll_swing_plan_build(&h->plans[SWING_HIER_BO], topo, SWT_ALG_SWING, SWT_KIND_BO,
                                       1, nd->node, group);
    }
    if (OMPI_SUCCESS == rc && nd->lrank < nd->kmin) {
        rc = swing_hier_layout(h, topo, group, nranks);
    }
    if (OMPI_SUCCESS == rc) {
        rc = (SWT_OK == swt_model_create(topo, swt_topo_cost(topo), &model))
                 ? OMPI_SUCCESS
                 : OMPI_ERR_OUT_OF_RESOURCE;
    }
    for (int b = 0; b < MCA_COLL_SWING_NBUCKETS && OMPI_SUCCESS == rc; ++b) {
        double bytes = (double) ((size_t) 1 << b);
        h->bo[b] = (user_lo >= 0) ? bytes > (double) user_lo
                                  : swt_model_time(model, SWT_ALG_SWING, SWT_KIND_BO, bytes)
                                        < swt_model_time(model, SWT_ALG_SWING, SWT_KIND_LO, bytes);
    }
    swt_model_destroy(model);
    swt_topo_destroy(topo);
    free(group);
    return rc;
}

static void swing_hier_report(const mca_coll_swing_module_t *m, const mca_coll_swing_hier_t *h)
{
    int b = 0;

    if (mca_coll_swing_params.verbose < 2 || 0 != ompi_comm_rank(m->comm)) {
        return;
    }
    while (b < MCA_COLL_SWING_NBUCKETS && !h->bo[b]) {
        ++b;
    }
    opal_output(mca_coll_swing_params.output,
                "coll:swing: %s hier: %d nodes, %d..%d ranks per node (%d slices), "
                "network of nodes %s; between nodes Swing LO up to %zu B per slice, BO above",
                m->comm->c_name, h->nodes.nnodes, h->nodes.kmin, h->nodes.kmax, h->nodes.kmin,
                h->spec, b > 0 ? (size_t) 1 << (b - 1) : (size_t) 0);
}

/*
 * Whether hier applies comes from the host names alone, without
 * allocating, so that every rank decides alike whatever fails after; then
 * the node map and step lists (local), then the segments, whose
 * agreements over the whole communicator carry every rank's success so
 * far: a rank whose setup failed makes hier unavailable everywhere.
 */
int mca_coll_swing_hier_setup(mca_coll_swing_module_t *m)
{
    mca_coll_swing_nodes_t shape = { 0 };
    mca_coll_swing_shm_t *shm = NULL;
    mca_coll_swing_hier_t *h;
    int ready, rc;

    mca_coll_swing_nodes_shape(m->comm, &shape);
    if (!mca_coll_swing_nodes_mixed(&shape)) {
        m->hier_state = SWING_SHM_UNAVAILABLE;
        return OMPI_SUCCESS;
    }
    h = mca_coll_swing_setup_calloc(1, sizeof(*h));
    ready = (NULL != h && OMPI_SUCCESS == mca_coll_swing_nodes_build(m->comm, &h->nodes)
             && OMPI_SUCCESS == swing_hier_plans(h, ompi_comm_size(m->comm)));
    rc = mca_coll_swing_shm_map(m, ready, ready ? h->nodes.nlocal : 0, ready ? h->nodes.lrank : 0,
                                ready ? h->nodes.first_local : 0, &shm);
    if (OMPI_SUCCESS == rc) {
        /* agreed: every rank was ready */
        h->shm = shm;
        m->hier = h;
        m->hier_state = SWING_SHM_READY;
        swing_hier_report(m, h);
        return OMPI_SUCCESS;
    }
    m->hier = h;
    mca_coll_swing_hier_release(m);
    m->hier_state = SWING_SHM_UNAVAILABLE;
    return OMPI_ERR_NOT_AVAILABLE == rc ? OMPI_SUCCESS : rc;
}

int mca_coll_swing_hier_prepare(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    static mca_coll_swing_fallback_t where = {
        0, "needs ranks on several nodes, several on one, and coll_swing_shm_size > 0"
    };
    int rc;

    if (SWING_SHM_UNKNOWN == m->hier_state) {
        rc = mca_coll_swing_hier_setup(m);
        if (OMPI_SUCCESS != rc) {
            return rc;
        }
    }
    if (SWING_SHM_READY != m->hier_state) {
        call->fallback = &where;
        return MCA_COLL_SWING_FALLBACK;
    }
    return OMPI_SUCCESS;
}

void mca_coll_swing_hier_release(mca_coll_swing_module_t *m)
{
    mca_coll_swing_hier_t *h = m->hier;

    if (NULL != h) {
        for (int i = 0; i < SWING_HIER_NPLANS; ++i) {
            mca_coll_swing_plan_free(&h->plans[i]);
        }
        mca_coll_swing_layout_free(h->layout);
        h->layout = NULL;
        if (NULL != h->trees.net) {
            mca_coll_swing_tree_free(&h->trees.tree[0]);
            mca_coll_swing_tree_free(&h->trees.tree[1]);
            swt_topo_destroy(h->trees.net);
        }
        free(h->trees.node_of);
        free(h->trees.lrank_of);
        free(h->trees.plan.steps);
        free(h->pos_node);
        free(h->goff);
        mca_coll_swing_shm_unmap(h->shm);
        mca_coll_swing_nodes_free(&h->nodes);
        free(h->scratch);
        free(h);
        m->hier = NULL;
    }
    m->hier_state = SWING_SHM_UNKNOWN;
}
