/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The hierarchical algorithms priced on a network of groups
 * (swt_cost_hier.h): the models of its network of nodes between the
 * nodes, a step without links per phase inside them.
 */
#include "swt_cost_hier.h"
#include "swt_fabric.h"

#include <math.h>
#include <stdlib.h>

struct swt_hier_model {
    swt_topo_t *nodes;      /* the network of nodes */
    swt_model_t *all;       /* its allreduce and halves */
    swt_tree_model_t *tree; /* its trees, from position 0 (rank 0's node) */
    swt_cost_params_t par;  /* the description's constants */
    long nnodes;
    int k;    /* most ranks on one node */
    int even; /* every node with ranks has k */
};

/* The most ranks the placement puts on one node (0 when out of memory),
   and whether every node it uses has that many. */
static int swt_hier_per_node(const swt_fabric_t *fab, int *even)
{
    long nn = swt_fabric_nnodes(fab), p = swt_fabric_nranks(fab);
    long *count = calloc((size_t) (nn > 0 ? nn : 1), sizeof(long));
    long most = 0;

    *even = 1;
    if (NULL == count) {
        return 0;
    }
    for (long r = 0; r < p; ++r) {
        long node = swt_fabric_rank_node(fab, r);
        if (node >= 0 && node < nn && ++count[node] > most) {
            most = count[node];
        }
    }
    for (long x = 0; x < nn; ++x) {
        *even &= (0 == count[x] || most == count[x]);
    }
    free(count);
    return (int) most;
}

int swt_hier_model_create(const swt_topo_t *topo, const swt_cost_params_t *params,
                          swt_hier_model_t **out)
{
    const swt_fabric_t *fab = (NULL == topo) ? NULL : swt_topo_fabric(topo);
    swt_hier_model_t *hm = NULL;
    int rc = SWT_OK, k, even;

    *out = NULL;
    if (NULL == fab) {
        return SWT_ERR_INVALID;
    }
    k = swt_hier_per_node(fab, &even);
    if (k < 2) {
        return (0 == k) ? SWT_ERR_NOMEM : SWT_ERR_INVALID;
    }
    hm = calloc(1, sizeof(*hm));
    if (NULL == hm) {
        return SWT_ERR_NOMEM;
    }
    hm->k = k;
    hm->even = even;
    hm->par = (NULL != params) ? *params : *swt_topo_cost(topo);
    rc = swt_topo_fabric_nodes(topo, &hm->nodes);
    if (SWT_OK == rc) {
        hm->nnodes = swt_shape_size(swt_topo_logical(hm->nodes));
        rc = swt_model_create(hm->nodes, &hm->par, &hm->all);
    }
    if (SWT_OK == rc) {
        rc = swt_tree_model_create(hm->nodes, &hm->par, 0, &hm->tree);
    }
    if (SWT_OK != rc) {
        swt_hier_model_destroy(hm);
        return rc;
    }
    *out = hm;
    return SWT_OK;
}

void swt_hier_model_destroy(swt_hier_model_t *hm)
{
    if (NULL == hm) {
        return;
    }
    swt_tree_model_destroy(hm->tree);
    swt_model_destroy(hm->all);
    swt_topo_destroy(hm->nodes);
    free(hm);
}

long swt_hier_model_nnodes(const swt_hier_model_t *hm)
{
    return hm->nnodes;
}

int swt_hier_model_per_node(const swt_hier_model_t *hm)
{
    return hm->k;
}

int swt_hier_model_even(const swt_hier_model_t *hm)
{
    return hm->even;
}

double swt_hier_model_between(swt_hier_model_t *hm, swt_hier_coll_t coll, double bytes)
{
    double lo, bo;

    switch (coll) {
    case SWT_HIER_ALLREDUCE:
        lo = swt_model_time(hm->all, SWT_ALG_SWING, SWT_KIND_LO, bytes);
        bo = swt_model_time(hm->all, SWT_ALG_SWING, SWT_KIND_BO, bytes);
        return (lo < bo) ? lo : bo;
    case SWT_HIER_RS:
    case SWT_HIER_AG:
        return swt_model_time_half(hm->all, SWT_ALG_SWING, SWT_KIND_BO,
                                   SWT_HIER_RS == coll ? SWT_HALF_RS : SWT_HALF_AG, bytes);
    case SWT_HIER_BCAST:
    case SWT_HIER_REDUCE:
        return swt_tree_model_time(hm->tree, SWT_ALG_SWING,
                                   SWT_HIER_BCAST == coll ? SWT_COLL_BCAST : SWT_COLL_REDUCE, NULL,
                                   1, bytes);
    default: return HUGE_VAL;
    }
}

double swt_hier_model_time(swt_hier_model_t *hm, swt_hier_coll_t coll, double bytes)
{
    double between = swt_hier_model_between(hm, coll, bytes);
    double step = hm->par.alpha + 2.0 * hm->par.o;
    double reduce = hm->par.gamma * bytes * (double) (hm->k - 1) / (double) hm->k;

    if (HUGE_VAL == between) {
        return HUGE_VAL;
    }
    switch (coll) {
    case SWT_HIER_ALLREDUCE: return between + 2.0 * step + reduce;
    case SWT_HIER_RS:
    case SWT_HIER_REDUCE: return between + step + reduce;
    default: return between + step;
    }
}
