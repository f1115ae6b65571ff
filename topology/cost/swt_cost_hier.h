/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swt_cost_hier: the hierarchical algorithms (the component's hier)
 * priced on a network of groups that places several ranks on a node.
 *
 * hier runs a phase inside every node (the shared segment), the
 * collective between one rank per node on the description's network of
 * nodes (swt_topo_fabric_nodes: the same links and cost), and a phase
 * inside the nodes again. Between the nodes it is priced by the models of
 * that network as hier runs it: single-port Swing, LO or BO whichever is
 * faster (allreduce; its k slices of n/k share the node's links, so n at
 * once), the BO half (reduce-scatter, allgather), the Bine tree from the
 * root's node (broadcast, reduce). A node phase costs what a step inside
 * a node costs in the model of the ranks (no link):
 *
 *     alpha + 2 o + gamma * (k - 1) n / k   (gamma where it reduces)
 *
 * k the most ranks on one node: allreduce has two (reduce, broadcast),
 * the others one. Copies at memory speed are not counted: the model has
 * no constant for them, and on a network they are small.
 */
#ifndef SWT_COST_HIER_H
#define SWT_COST_HIER_H

#include "swt_cost.h"

typedef enum {
    SWT_HIER_ALLREDUCE = 0,
    SWT_HIER_RS, /* reduce-scatter: the BO half's reduce-scatter */
    SWT_HIER_AG, /* allgather */
    SWT_HIER_BCAST,
    SWT_HIER_REDUCE,
    SWT_HIER_NCOLLS
} swt_hier_coll_t;

typedef struct swt_hier_model swt_hier_model_t;

/*
 * The model of hier on topo, the description of the ranks, with params
 * (NULL: the description's constants); rooted collectives from the node
 * of rank 0. SWT_ERR_INVALID when topo is not a network of groups or puts
 * at most one rank on every node (hier has nothing to do), SWT_ERR_NOMEM.
 */
int swt_hier_model_create(const swt_topo_t *topo, const swt_cost_params_t *params,
                          swt_hier_model_t **out);
void swt_hier_model_destroy(swt_hier_model_t *hm);
/* Nodes that host ranks, the most ranks on one of them, and whether every
   such node hosts that many (reduce-scatter's and allgather's hier needs it). */
long swt_hier_model_nnodes(const swt_hier_model_t *hm);
int swt_hier_model_per_node(const swt_hier_model_t *hm);
int swt_hier_model_even(const swt_hier_model_t *hm);
/* Predicted seconds of coll for bytes (the vector; reduce-scatter and
   allgather: the whole vector); HUGE_VAL when not modelled. */
double swt_hier_model_time(swt_hier_model_t *hm, swt_hier_coll_t coll, double bytes);
/* The part of it spent between the nodes. */
double swt_hier_model_between(swt_hier_model_t *hm, swt_hier_coll_t coll, double bytes);

#endif
