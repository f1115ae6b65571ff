/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Trees and chains for broadcast, reduce, gather and scatter (swt_tree.h):
 * the one place that chooses the maker, Bine and binomial trees
 * (swt_tree_bin.c) or pipelined chains (swt_chain.c), and the API around
 * them: setup, a rank's list into the caller's room, a swt_sched_t.
 */
#include "swt_tree_int.h"

#include <stdlib.h>

#include "swt_sched_int.h"

const char *swt_coll_name(swt_coll_t coll)
{
    static const char *const names[SWT_COLL_COUNT] = { "bcast", "reduce", "gather", "scatter" };

    return (coll >= 0 && coll < SWT_COLL_COUNT) ? names[coll] : NULL;
}

swt_tree_order_t swt_tree_order(swt_coll_t coll, const swt_tree_opts_t *opts)
{
    if (NULL != opts && SWT_TREE_DEFAULT != opts->order) {
        return opts->order;
    }
    return (SWT_COLL_BCAST == coll || SWT_COLL_REDUCE == coll) ? SWT_TREE_FAR_FIRST
                                                               : SWT_TREE_NEAR_FIRST;
}

int swt_tree_max_parts(const swt_topo_t *topo, swt_alg_t alg, const swt_tree_opts_t *opts)
{
    const swt_shape_t *sh;

    if (NULL == topo) {
        return 0;
    }
    sh = swt_topo_logical(topo);
    if (SWT_ALG_RING == alg && NULL != opts && opts->rank_order) {
        return (swt_shape_size(sh) > 1) ? 2 : 1;
    }
    return swt_alg_nparts(sh, alg);
}

void swt_tree_destroy(swt_tree_t *tree)
{
    if (NULL != tree) {
        free(tree->t0);
        free(tree->blk);
        free(tree->at);
        free(tree->idx);
        free(tree->hop);
        free(tree);
    }
}

int swt_tree_create(const swt_topo_t *topo, swt_alg_t alg, swt_coll_t coll,
                    const swt_tree_opts_t *opts, int part, int nparts, swt_tree_t **out)
{
    swt_tree_order_t order = swt_tree_order(coll, opts);
    int blocks = (SWT_COLL_GATHER == coll || SWT_COLL_SCATTER == coll);
    swt_tree_t *t;
    int rc;

    if (NULL == topo || NULL == out || coll < 0 || coll >= SWT_COLL_COUNT
        || (SWT_ALG_SWING != alg && SWT_ALG_RD != alg && SWT_ALG_RING != alg) || nparts < 1
        || nparts > swt_tree_max_parts(topo, alg, opts) || part < 0 || part >= nparts
        || (NULL != opts && (opts->nsegs < 0 || opts->nsegs > (1L << 29)))
        || (SWT_TREE_FAR_FIRST != order && SWT_TREE_NEAR_FIRST != order)
        || (blocks && SWT_TREE_NEAR_FIRST != order) || (blocks && SWT_ALG_RING == alg)) {
        return SWT_ERR_INVALID;
    }
    t = calloc(1, sizeof(*t));
    if (NULL == t) {
        return SWT_ERR_NOMEM;
    }
    t->coll = coll;
    t->alg = alg;
    t->part = part;
    t->nparts = nparts;
    t->shape = *swt_topo_logical(topo);
    t->p = swt_shape_size(&t->shape);
    t->far = (SWT_TREE_FAR_FIRST == order);
    t->nsegs = (NULL != opts && opts->nsegs > 0) ? opts->nsegs : 1;
    t->rank_order = (NULL != opts) && opts->rank_order;
    rc = (SWT_ALG_RING == alg) ? swt_chain_setup(t, topo) : swt_tree_bin_setup(t);
    if (SWT_OK != rc) {
        swt_tree_destroy(t);
        return rc;
    }
    *out = t;
    return SWT_OK;
}

long swt_tree_nblocks(const swt_tree_t *tree)
{
    return tree->nblocks;
}

int swt_tree_max_steps(const swt_tree_t *tree)
{
    int nfold = 0;

    if (SWT_ALG_RING == tree->alg) {
        return (tree->p > 1) ? (int) (tree->p + tree->nsegs - 2) : 0;
    }
    for (int i = 0; i < tree->shape.ndims; ++i) {
        nfold += !swt_is_pow2(tree->shape.dims[i]);
    }
    return tree->L + 2 * nfold;
}

int swt_tree_set_nsegs(swt_tree_t *tree, long nsegs)
{
    /* the step index is an int: p + nsegs - 2 of them must fit */
    if (NULL == tree || SWT_ALG_RING != tree->alg || nsegs < 1 || nsegs > (1L << 30)
        || tree->p + nsegs > (1L << 30)) {
        return SWT_ERR_INVALID;
    }
    tree->nsegs = nsegs;
    tree->nblocks = nsegs;
    return SWT_OK;
}

void swt_tree_root(const swt_tree_t *tree, long root, swt_tree_root_t *rt)
{
    if (SWT_ALG_RING == tree->alg) {
        swt_chain_root(tree, root, rt);
    } else {
        swt_tree_bin_root(tree, root, rt);
    }
}

int swt_tree_step_at(const swt_tree_t *tree, const swt_tree_root_t *rt, long pos, int i,
                     swt_step_t *st)
{
    return (SWT_ALG_RING == tree->alg) ? swt_chain_step(tree, rt, pos, i, st)
                                       : swt_tree_bin_step(tree, rt, pos, i, st);
}

int swt_tree_steps(const swt_tree_t *tree, long root, long pos, swt_step_t *steps, int *nsteps)
{
    swt_tree_root_t rt;
    int last = -1;

    if (NULL == tree || NULL == steps || NULL == nsteps || root < 0 || root >= tree->p || pos < 0
        || pos >= tree->p) {
        return SWT_ERR_INVALID;
    }
    swt_tree_root(tree, root, &rt);
    for (int i = 0; i < rt.nphases; ++i) {
        swt_tree_step_at(tree, &rt, pos, i, &steps[i]);
        if (SWT_OP_IDLE != steps[i].op) {
            last = i;
        }
    }
    *nsteps = last + 1;
    return SWT_OK;
}

int swt_tree_create_part(const swt_topo_t *topo, swt_alg_t alg, swt_coll_t coll, long root,
                         long pos, int part, int nparts, const swt_tree_opts_t *opts,
                         swt_sched_t **out)
{
    swt_tree_t *tree = NULL;
    swt_sched_t *sched = NULL;
    int rc;

    if (NULL == out) {
        return SWT_ERR_INVALID;
    }
    rc = swt_tree_create(topo, alg, coll, opts, part, nparts, &tree);
    if (SWT_OK == rc) {
        sched = swt_sched_alloc(swt_tree_max_steps(tree));
        rc = (NULL != sched) ? swt_tree_steps(tree, root, pos, sched->steps, &sched->nsteps)
                             : SWT_ERR_NOMEM;
    }
    if (SWT_OK == rc) {
        sched->nblocks = tree->nblocks;
        *out = sched;
    } else {
        swt_sched_destroy(sched);
    }
    swt_tree_destroy(tree);
    return rc;
}
