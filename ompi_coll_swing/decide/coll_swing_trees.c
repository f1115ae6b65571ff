/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The tree (or chain) of a rooted collective's row (topology/tree/swt_tree.h
 * through node/coll_swing_tree.c), set up at the row's first call: most
 * programs broadcast and reduce with a few algorithms, and a tree holds
 * O(p) per part. Gather and scatter take as many parts as the BO list
 * whose block layouts they run on. Set up in a call, on one rank it may
 * fail where the others succeed: the executor agrees on it
 * (steps/coll_swing_tree_exec.c).
 */
#include "coll_swing_decide.h"

#include <stdlib.h>

void mca_coll_swing_decide_tree(mca_coll_swing_module_t *m, int coll, int id,
                                mca_coll_swing_call_t *call)
{
    const mca_coll_swing_table_t *t = &mca_coll_swing_tables[coll];
    const mca_coll_swing_alg_t *a = &t->algs[id];
    mca_coll_swing_tree_t *tr = m->trees[coll][id];
    int nparts = 1;

    call->tree_slot = &m->trees[coll][id];
    call->tree = tr;
    call->tree_new = (NULL == tr);
    if (NULL != tr) {
        return;
    }
    if (a->plan >= 0) {
        /* gather, scatter: as many parts as the BO list whose layouts they use */
        nparts = m->plans[a->plan].nparts;
    } else if (a->multiport) {
        nparts = swt_tree_max_parts(m->topo, a->pattern, NULL);
    }
    tr = mca_coll_swing_setup_calloc(1, sizeof(*tr));
    if (NULL == tr) {
        return;
    }
    if (OMPI_SUCCESS
        != mca_coll_swing_tree_build(tr, m->topo, a->pattern, mca_coll_swing_tree_coll(t, a),
                                     nparts)) {
        free(tr);
        return;
    }
    m->trees[coll][id] = call->tree = tr;
}

swt_coll_t mca_coll_swing_tree_coll(const mca_coll_swing_table_t *t, const mca_coll_swing_alg_t *a)
{
    swt_coll_t coll = (swt_coll_t) (t->rooted - 1);

    /* a bandwidth-optimal broadcast scatters first, a reduce gathers last */
    if (SWT_KIND_BO == a->kind && SWT_COLL_BCAST == coll) {
        return SWT_COLL_SCATTER;
    }
    if (SWT_KIND_BO == a->kind && SWT_COLL_REDUCE == coll) {
        return SWT_COLL_GATHER;
    }
    return coll;
}
