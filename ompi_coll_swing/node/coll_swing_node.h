/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * coll/swing, node layer: where the ranks of a communicator run and which
 * torus their schedules follow. Host names and the node map, the topology
 * description a communicator resolves to, and a rank's step list on it.
 * Every rank computes all of this from the same global data, so all agree
 * without communicating. Uses only base/ and the libraries.
 */
#ifndef MCA_COLL_SWING_NODE_H
#define MCA_COLL_SWING_NODE_H

#include "coll_swing_base.h"

#include "ompi/communicator/communicator.h"

#include "swt.h"
#include "swt_topo.h"
#include "swt_tree.h"

BEGIN_C_DECLS

/*
 * Where the ranks' blocks live in the vector a BO step list (one part of
 * it) reduce-scatters or allgathers (topology/sched/swt_layout.h), in
 * communicator ranks: the vector holds the blocks of order[0], order[1],
 * ...; core block b is the ranks [first[b], first[b+1]) of that order;
 * rank r's group (r and the ranks folded into it) the ranks [index[r],
 * index[r] + group[r]). The p positions may be a subset of the
 * communicator's nranks ranks (hier: one rank per node); index and group
 * are indexed by communicator rank.
 */
typedef struct mca_coll_swing_layout_t {
    int p;
    int nranks; /* ranks of the communicator */
    long nblocks;
    int *order;  /* [p] rank at position i of the vector */
    int *index;  /* [nranks] position of rank r */
    int *group;  /* [nranks] ranks in r's fold group */
    long *first; /* [nblocks + 1] */
    size_t *off; /* [p + 1] per call: first element of position i */
} mca_coll_swing_layout_t;

/*
 * An algorithm's step list for this rank, peers (peer, from) as
 * communicator ranks. A multiport or ring algorithm has nparts > 1 parts,
 * each a step list of its own over a slice of the vector (parts[j]; the
 * plan's own steps are then unused); a single-port one is its only part.
 */
typedef struct mca_coll_swing_plan_t {
    swt_alg_t pattern;
    int nsteps;
    long nblocks;
    swt_step_t *steps;
    int nparts;
    struct mca_coll_swing_plan_t *parts; /* nparts > 1: the parts */
    mca_coll_swing_layout_t *layout;     /* a part's blocks for reduce-scatter and
                                            allgather; NULL unless built */
} mca_coll_swing_plan_t;

/* Part j of a plan (the plan itself when it has one part). */
static inline const mca_coll_swing_plan_t *mca_coll_swing_plan_part(
    const mca_coll_swing_plan_t *plan, int j)
{
    return plan->nparts > 1 ? &plan->parts[j] : plan;
}

/*
 * This rank's step list on a topology: index is this rank's position in
 * the description's rank order; ranks (NULL: identity) maps that order's
 * ranks to communicator ranks. nparts: 1, or the parts of the multiport
 * form of pattern (swt_alg_nparts; the ring always has its parts).
 */
int mca_coll_swing_plan_build(mca_coll_swing_plan_t *plan, const swt_topo_t *topo,
                              swt_alg_t pattern, swt_kind_t kind, int nparts, int index,
                              const int *ranks);
/* Frees the plan and its parts' layouts. */
void mca_coll_swing_plan_free(mca_coll_swing_plan_t *plan);
/*
 * The block layout of every part of plan (built on topo for pattern, as
 * above; part j's walk or cycle), for the reduce-scatter and allgather
 * halves of its steps. Idempotent.
 */
int mca_coll_swing_plan_layouts(mca_coll_swing_plan_t *plan, const swt_topo_t *topo);
/* The layout of part `part` of pattern on topo into l; ranks (NULL:
   identity) maps the description's ranks to communicator ranks, of which
   there are nranks (<= 0: as many as positions). */
int mca_coll_swing_layout_build(mca_coll_swing_layout_t *l, const swt_topo_t *topo,
                                swt_alg_t pattern, int part, const int *ranks, int nranks);
/* Frees a layout and what it holds (NULL: nothing). */
void mca_coll_swing_layout_free(mca_coll_swing_layout_t *layout);

/*
 * A rooted collective's algorithm (node/coll_swing_tree.c): the library's
 * tree or chain of every part, set up for every root, and this rank's
 * plan for the last root asked (parts' steps, peers as communicator
 * ranks). topo is the module's description, kept while the module lives.
 */
typedef struct mca_coll_swing_tree_t {
    const swt_topo_t *topo;
    swt_tree_t *parts[2 * SWT_MAX_DIMS];
    int room[2 * SWT_MAX_DIMS]; /* steps each part's buffer holds */
    int nparts;
    long nsegs; /* chains: segments per part */
    int root;   /* rank the plan is for; -1: none */
    mca_coll_swing_plan_t plan;
} mca_coll_swing_tree_t;

/* Sets up the nparts parts of pattern's tree (or chain) of coll on topo. */
int mca_coll_swing_tree_build(mca_coll_swing_tree_t *t, const swt_topo_t *topo, swt_alg_t pattern,
                              swt_coll_t coll, int nparts);
void mca_coll_swing_tree_free(mca_coll_swing_tree_t *t);
/* Chains: nsegs segments per part from now on. */
int mca_coll_swing_tree_segments(mca_coll_swing_tree_t *t, long nsegs);
/* This rank's plan for root (communicator ranks), built unless it is the last one's. */
int mca_coll_swing_tree_plan(mca_coll_swing_tree_t *t, int rank, int root,
                             const mca_coll_swing_plan_t **plan);

/*
 * The communicator's ranks grouped by node. Nodes are numbered in the
 * order of their lowest communicator rank; the ranks of a node in
 * communicator order give the local index. kmin, the fewest ranks on any
 * node, is the number of hier slices: local index i < kmin on every node
 * forms inter-node group i (one rank per node).
 */
typedef struct mca_coll_swing_nodes_t {
    int nnodes;
    int node;        /* my node */
    int nlocal;      /* ranks on my node */
    int lrank;       /* my index on my node */
    int kmin;        /* fewest ranks on a node */
    int kmax;        /* most ranks on a node */
    int *members;    /* [node * kmin + i]: rank of local index i there */
    int first_local; /* communicator rank of my node's first rank */
} mca_coll_swing_nodes_t;

/* A rank's host name, "" when unknown. */
const char *mca_coll_swing_host(struct ompi_communicator_t *comm, int rank);
/* Groups the ranks by host name; every rank computes the same map. */
int mca_coll_swing_nodes_build(struct ompi_communicator_t *comm, mca_coll_swing_nodes_t *out);
/* The nodes' number and the fewest and most ranks on one (nnodes, kmin,
   kmax of out; nothing else set), without allocating: every rank knows
   them even short of memory. */
void mca_coll_swing_nodes_shape(struct ompi_communicator_t *comm, mca_coll_swing_nodes_t *out);
void mca_coll_swing_nodes_free(mca_coll_swing_nodes_t *nodes);
/* 1 when a node-aware algorithm has something to do: more than one node,
   several ranks on one, and node shared memory allowed. */
int mca_coll_swing_nodes_mixed(const mca_coll_swing_nodes_t *nodes);
/* 1 if every rank of the communicator runs on this node. */
int mca_coll_swing_nodes_all_local(struct ompi_communicator_t *comm);

/*
 * The description a communicator's schedules follow (coll_swing_topology,
 * or auto); *is_auto: 1 when the shape was derived (auto, or the given
 * description did not fit).
 */
int mca_coll_swing_topo_resolve(struct ompi_communicator_t *comm, swt_topo_t **topo, int *is_auto);
/* The description of the network of nnodes nodes (hier); spec gets its text. */
int mca_coll_swing_topo_nodes(int nnodes, swt_topo_t **topo, char *spec, size_t len);

END_C_DECLS

#endif
