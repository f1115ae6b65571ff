/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A rank's step list of a rooted collective (broadcast, reduce, gather,
 * scatter) for one algorithm: the library's trees and chains
 * (topology/tree/swt_tree.h), set up once for every root, then this rank's
 * steps for the call's root (O(log p) for a tree, no allocation), peers
 * translated from positions to communicator ranks. The last root's plan
 * is kept: a program that broadcasts from one root builds it once.
 */
#include "coll_swing_node.h"

#include <stdlib.h>
#include <string.h>

static int swing_tree_rc(int swt_rc)
{
    return (SWT_ERR_NOMEM == swt_rc) ? OMPI_ERR_OUT_OF_RESOURCE : OMPI_ERR_BAD_PARAM;
}

/* Room for part j's steps (its most for any root). */
static int swing_tree_room(mca_coll_swing_tree_t *t, int j)
{
    int need = swt_tree_max_steps(t->parts[j]);
    mca_coll_swing_plan_t *pp = (1 == t->nparts) ? &t->plan : &t->plan.parts[j];

    if (need <= t->room[j]) {
        return OMPI_SUCCESS;
    }
    free(pp->steps);
    pp->steps = mca_coll_swing_setup_malloc(sizeof(swt_step_t) * (size_t) (need > 0 ? need : 1));
    t->room[j] = (NULL != pp->steps) ? need : 0;
    return (NULL != pp->steps) ? OMPI_SUCCESS : OMPI_ERR_OUT_OF_RESOURCE;
}

int mca_coll_swing_tree_build(mca_coll_swing_tree_t *t, const swt_topo_t *topo, swt_alg_t pattern,
                              swt_coll_t coll, int nparts)
{
    int rc = OMPI_SUCCESS;

    memset(t, 0, sizeof(*t));
    t->topo = topo;
    t->root = -1;
    t->nsegs = 1;
    if (nparts < 1 || nparts > 2 * SWT_MAX_DIMS) {
        return OMPI_ERR_BAD_PARAM;
    }
    t->nparts = nparts;
    t->plan.pattern = pattern;
    t->plan.nparts = nparts;
    if (nparts > 1) {
        t->plan.parts = mca_coll_swing_setup_calloc((size_t) nparts, sizeof(*t->plan.parts));
        if (NULL == t->plan.parts) {
            return OMPI_ERR_OUT_OF_RESOURCE;
        }
    }
    for (int j = 0; j < nparts && OMPI_SUCCESS == rc; ++j) {
        int src = swt_tree_create(topo, pattern, coll, NULL, j, nparts, &t->parts[j]);
        rc = (SWT_OK == src) ? swing_tree_room(t, j) : swing_tree_rc(src);
        if (nparts > 1) {
            t->plan.parts[j].pattern = pattern;
            t->plan.parts[j].nparts = 1;
        }
    }
    if (OMPI_SUCCESS != rc) {
        mca_coll_swing_tree_free(t);
    }
    return rc;
}

void mca_coll_swing_tree_free(mca_coll_swing_tree_t *t)
{
    for (int j = 0; j < t->nparts; ++j) {
        swt_tree_destroy(t->parts[j]);
        if (t->nparts > 1 && NULL != t->plan.parts) {
            free(t->plan.parts[j].steps);
        }
    }
    if (1 == t->nparts) {
        free(t->plan.steps);
    }
    free(t->plan.parts);
    memset(t, 0, sizeof(*t));
}

int mca_coll_swing_tree_segments(mca_coll_swing_tree_t *t, long nsegs)
{
    int rc = OMPI_SUCCESS;

    if (nsegs == t->nsegs) {
        return OMPI_SUCCESS;
    }
    for (int j = 0; j < t->nparts && OMPI_SUCCESS == rc; ++j) {
        rc = (SWT_OK == swt_tree_set_nsegs(t->parts[j], nsegs)) ? swing_tree_room(t, j)
                                                                : OMPI_ERR_BAD_PARAM;
    }
    t->nsegs = nsegs;
    t->root = -1; /* the steps change with the segments */
    return rc;
}

int mca_coll_swing_tree_plan(mca_coll_swing_tree_t *t, int rank, int root,
                             const mca_coll_swing_plan_t **plan)
{
    long me = swt_topo_rank_pos(t->topo, rank), rpos = swt_topo_rank_pos(t->topo, root);

    if (root == t->root) {
        *plan = &t->plan;
        return OMPI_SUCCESS;
    }
    if (me < 0 || rpos < 0) {
        return OMPI_ERR_BAD_PARAM;
    }
    for (int j = 0; j < t->nparts; ++j) {
        mca_coll_swing_plan_t *pp = (1 == t->nparts) ? &t->plan : &t->plan.parts[j];
        int rc = swt_tree_steps(t->parts[j], rpos, me, pp->steps, &pp->nsteps);
        if (SWT_OK != rc) {
            t->root = -1;
            return swing_tree_rc(rc);
        }
        pp->nblocks = swt_tree_nblocks(t->parts[j]);
        for (int i = 0; i < pp->nsteps; ++i) {
            pp->steps[i].peer = swt_topo_pos_rank(t->topo, pp->steps[i].peer);
            pp->steps[i].from = swt_topo_pos_rank(t->topo, pp->steps[i].from);
        }
    }
    if (t->nparts > 1) {
        /* the plan's own steps are unused; its length is its parts' longest */
        t->plan.nsteps = 0;
        for (int j = 0; j < t->nparts; ++j) {
            if (t->plan.parts[j].nsteps > t->plan.nsteps) {
                t->plan.nsteps = t->plan.parts[j].nsteps;
            }
        }
    }
    t->root = root;
    *plan = &t->plan;
    return OMPI_SUCCESS;
}
