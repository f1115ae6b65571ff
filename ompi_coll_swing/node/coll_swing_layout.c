/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The block layouts of reduce-scatter and allgather on a resolved topology
 * (topology/sched/swt_layout.c), one per part of a plan, positions translated to
 * communicator ranks through the description's rank order. Built once per
 * communicator with the per-call offset array, so a call only fills it.
 */
#include "coll_swing_node.h"

#include <stdlib.h>

#include "swt_layout.h"

int mca_coll_swing_layout_build(mca_coll_swing_layout_t *l, const swt_topo_t *topo,
                                swt_alg_t pattern, int part, const int *ranks, int nranks)
{
    swt_layout_t *sl = NULL;
    int rc = swt_layout_create_part(topo, pattern, part, &sl);
    long p;

    if (SWT_OK != rc) {
        return (SWT_ERR_NOMEM == rc) ? OMPI_ERR_OUT_OF_RESOURCE : OMPI_ERR_BAD_PARAM;
    }
    p = swt_layout_size(sl);
    l->p = (int) p;
    l->nranks = (nranks > 0) ? nranks : (int) p;
    l->nblocks = swt_layout_nblocks(sl);
    l->order = mca_coll_swing_setup_malloc(sizeof(int) * (size_t) p);
    l->index = mca_coll_swing_setup_malloc(sizeof(int) * (size_t) l->nranks);
    l->group = mca_coll_swing_setup_malloc(sizeof(int) * (size_t) l->nranks);
    l->first = mca_coll_swing_setup_malloc(sizeof(long) * (size_t) (l->nblocks + 1));
    l->off = mca_coll_swing_setup_malloc(sizeof(size_t) * (size_t) (p + 1));
    if (NULL == l->order || NULL == l->index || NULL == l->group || NULL == l->first
        || NULL == l->off) {
        swt_layout_destroy(sl);
        return OMPI_ERR_OUT_OF_RESOURCE;
    }
    /* ranks that are not positions (hier: the other local indices) have none */
    for (int r = 0; r < l->nranks; ++r) {
        l->index[r] = -1;
        l->group[r] = 0;
    }
    for (long i = 0; i < p; ++i) {
        long pos = swt_layout_pos(sl, i);
        int r = (int) swt_topo_pos_rank(topo, pos);
        r = (NULL != ranks) ? ranks[r] : r;
        l->order[i] = r;
        l->index[r] = (int) i;
        l->group[r] = (int) swt_layout_group(sl, pos);
    }
    for (long b = 0; b <= l->nblocks; ++b) {
        l->first[b] = swt_layout_first(sl, b);
    }
    swt_layout_destroy(sl);
    return OMPI_SUCCESS;
}

int mca_coll_swing_plan_layouts(mca_coll_swing_plan_t *plan, const swt_topo_t *topo)
{
    int rc = OMPI_SUCCESS;

    for (int j = 0; j < plan->nparts && OMPI_SUCCESS == rc; ++j) {
        mca_coll_swing_plan_t *part = (mca_coll_swing_plan_t *) mca_coll_swing_plan_part(plan, j);
        if (NULL != part->layout) {
            continue;
        }
        part->layout = mca_coll_swing_setup_calloc(1, sizeof(*part->layout));
        rc = (NULL != part->layout)
                 ? mca_coll_swing_layout_build(part->layout, topo, plan->pattern, j, NULL, -1)
                 : OMPI_ERR_OUT_OF_RESOURCE;
        if (OMPI_SUCCESS != rc) {
            mca_coll_swing_layout_free(part->layout);
            part->layout = NULL;
        }
    }
    return rc;
}

void mca_coll_swing_layout_free(mca_coll_swing_layout_t *l)
{
    if (NULL == l) {
        return;
    }
    free(l->order);
    free(l->index);
    free(l->group);
    free(l->first);
    free(l->off);
    free(l);
}
