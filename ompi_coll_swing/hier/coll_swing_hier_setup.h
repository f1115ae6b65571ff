/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * State of the hierarchical algorithms on a communicator (private to
 * coll_swing_hier*.c): the node map (node/coll_swing_node.h), each node's
 * shared segment, the Swing step lists between nodes, and for
 * reduce-scatter and allgather the block layout of my group's BO list.
 */
#ifndef MCA_COLL_SWING_HIER_SETUP_H
#define MCA_COLL_SWING_HIER_SETUP_H

#include "coll_swing_hier.h"
#include "coll_swing_shm_segment.h"
#include "coll_swing_shm_op.h"
#include "coll_swing_steps.h"

enum { SWING_HIER_LO = 0, SWING_HIER_BO, SWING_HIER_NPLANS };

/*
 * Broadcast and reduce between one leader per node (coll_swing_hier_rooted.c),
 * set up at their first call, without communicating: the network of
 * nodes, a Bine tree on it per collective, every rank's node and local
 * index (a root's node and its index there), and room for my steps with
 * the leaders as peers.
 */
typedef struct mca_coll_swing_hier_trees_t {
    swt_topo_t *net;               /* NULL: not set up yet */
    mca_coll_swing_tree_t tree[2]; /* broadcast, reduce */
    int *node_of, *lrank_of;       /* [p] */
    mca_coll_swing_plan_t plan;    /* my steps for the call's root */
    int room;                      /* steps plan.steps holds */
} mca_coll_swing_hier_trees_t;

typedef struct mca_coll_swing_hier_t {
    mca_coll_swing_nodes_t nodes;
    mca_coll_swing_shm_t *shm;                      /* my node's segment */
    mca_coll_swing_plan_t plans[SWING_HIER_NPLANS]; /* Swing LO / BO between nodes,
                                                    peers: my group's ranks */
    unsigned char bo[MCA_COLL_SWING_NBUCKETS];      /* 1: BO between nodes for a
                                                       slice of this bucket */
    char spec[64];                                  /* the node-level topology */
    char *scratch;                                  /* my slice, between the phases */
    size_t scratch_size;
    size_t scratch_agreed; /* bytes every rank's is known to hold
                              (transport/coll_swing_agree.h) */
    /* reduce-scatter and allgather (coll_swing_hier_rsag.c), ranks of local
       index < kmin: the blocks of my group (one rank per node) in the
       order of the BO list's blocks, and for every position the node */
    mca_coll_swing_layout_t *layout;
    int *pos_node;                     /* [nnodes] */
    size_t *goff;                      /* [kmin * (nnodes + 1)] per call:
                                          layout offsets of group j */
    mca_coll_swing_hier_trees_t trees; /* broadcast and reduce */
} mca_coll_swing_hier_t;

/* Collective over the module's communicator: nodes, segments, plans. */
int mca_coll_swing_hier_setup(mca_coll_swing_module_t *m);
/* The state set up at the first hier call (collective); MCA_COLL_SWING_FALLBACK
   (call->fallback set) where hier cannot run: one node, one rank per node,
   shared memory off. */
int mca_coll_swing_hier_prepare(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m);
/*
 * Sets op up for a hier allreduce of call (coll_swing_hier.c): the state
 * ready, the scheme chosen; *slice_bytes is the private buffer the call
 * needs, which the caller sets at op->slice before running it.
 * MCA_COLL_SWING_FALLBACK (call->fallback set) where hier cannot run.
 */
int mca_coll_swing_hier_op_init(mca_coll_swing_shm_op_t *op, mca_coll_swing_call_t *call,
                                mca_coll_swing_module_t *module, size_t *slice_bytes);

#endif
