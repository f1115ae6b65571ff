/*
 * Hierarchical allreduce (private to coll_swing_hier*.c and the decision):
 * the communicator's ranks grouped by node, each node's shared segment,
 * and the Swing step lists between nodes.
 *
 * Nodes are numbered in the order of their lowest communicator rank; the
 * ranks of a node in communicator order give the local index. kmin, the
 * fewest ranks on any node, is the number of slices: local index i < kmin
 * on every node forms inter-node group i (one rank per node).
 */
#ifndef MCA_COLL_SWING_HIER_H
#define MCA_COLL_SWING_HIER_H

#include "coll_swing.h"
#include "coll_swing_shm.h"

typedef struct mca_coll_swing_nodes_t {
    int nnodes;
    int node;                /* my node */
    int nlocal;              /* ranks on my node */
    int lrank;               /* my index on my node */
    int kmin;                /* fewest ranks on a node */
    int kmax;                /* most ranks on a node */
    int *members;            /* [node * kmin + i]: rank of local index i there */
    int first_local;         /* communicator rank of my node's first rank */
} mca_coll_swing_nodes_t;

enum { SWING_HIER_LO = 0, SWING_HIER_BO, SWING_HIER_NPLANS };

typedef struct mca_coll_swing_hier_t {
    mca_coll_swing_nodes_t nodes;
    mca_coll_swing_shm_t *seg;                   /* my node's segment */
    mca_coll_swing_plan_t plans[SWING_HIER_NPLANS]; /* Swing LO / BO between nodes,
                                                    peers: my group's ranks */
    unsigned char bo[MCA_COLL_SWING_NBUCKETS];   /* 1: BO between nodes for a
                                                    slice of this bucket */
    char spec[64];                               /* the node-level topology */
    char *scratch;                               /* my slice, between the phases */
    size_t scratch_size;
} mca_coll_swing_hier_t;

/* Groups the ranks by host name; every rank computes the same map. */
int mca_coll_swing_nodes_build(struct ompi_communicator_t *comm, mca_coll_swing_nodes_t *out);
void mca_coll_swing_nodes_free(mca_coll_swing_nodes_t *nodes);
/* 1 when hier has something to do: more than one node, several ranks on one. */
int mca_coll_swing_hier_applies(const mca_coll_swing_nodes_t *nodes);

/* Collective over the module's communicator: nodes, segments, plans. */
int mca_coll_swing_hier_setup(mca_coll_swing_module_t *m);
void mca_coll_swing_hier_release(mca_coll_swing_module_t *m);

#endif
