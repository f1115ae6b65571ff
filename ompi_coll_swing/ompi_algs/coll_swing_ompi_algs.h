/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * coll/swing, Open MPI's own algorithms: the coll/base algorithms that
 * coll/tuned runs, as rows of swing's tables (decide/, named
 * ompi_<tuned's name>), one executor per collective. A row says which
 * algorithm by coll/tuned's number of it (its coll_tuned_<collective>_
 * algorithm value, below), the entry layer passes it in call->ompi, and
 * the executor calls libmpi's ompi_coll_base_<collective>_intra_<algorithm>
 * with the user's arguments (call->args) and coll/tuned's defaults for a
 * forced algorithm.
 */
#ifndef MCA_COLL_SWING_OMPI_ALGS_H
#define MCA_COLL_SWING_OMPI_ALGS_H

#include "coll_swing.h"

BEGIN_C_DECLS

/* coll/tuned's defaults for a forced algorithm (its coll_tuned_<collective>_
   algorithm_* parameters, the same in 4.1 and 5.0). */
#define MCA_COLL_SWING_OMPI_SEGSIZE 0       /* _segmentsize: no segments */
#define MCA_COLL_SWING_OMPI_CHAIN_FANOUT 4  /* _chain_fanout (coll_tuned_init_chain_fanout) */
#define MCA_COLL_SWING_OMPI_KNOMIAL_RADIX 4 /* bcast_algorithm_knomial_radix */
#define MCA_COLL_SWING_OMPI_MAX_REQUESTS 0  /* reduce and scatter _max_requests: no limit */

/* coll/tuned's numbers of its algorithms (the same in 4.1 and 5.0). */
enum {
    MCA_COLL_SWING_OMPI_ALLREDUCE_BASIC_LINEAR = 1,
    MCA_COLL_SWING_OMPI_ALLREDUCE_NONOVERLAPPING = 2,
    MCA_COLL_SWING_OMPI_ALLREDUCE_RECURSIVE_DOUBLING = 3,
    MCA_COLL_SWING_OMPI_ALLREDUCE_RING = 4,
    MCA_COLL_SWING_OMPI_ALLREDUCE_SEGMENTED_RING = 5,
    MCA_COLL_SWING_OMPI_ALLREDUCE_RABENSEIFNER = 6,
};
enum {
    MCA_COLL_SWING_OMPI_RSB_BASIC_LINEAR = 1,
    MCA_COLL_SWING_OMPI_RSB_RECURSIVE_DOUBLING = 2,
    MCA_COLL_SWING_OMPI_RSB_RECURSIVE_HALVING = 3,
    MCA_COLL_SWING_OMPI_RSB_BUTTERFLY = 4,
};
enum {
    MCA_COLL_SWING_OMPI_RS_NONOVERLAPPING = 1,
    MCA_COLL_SWING_OMPI_RS_RECURSIVE_HALVING = 2,
    MCA_COLL_SWING_OMPI_RS_RING = 3,
    MCA_COLL_SWING_OMPI_RS_BUTTERFLY = 4,
};
enum {
    MCA_COLL_SWING_OMPI_AG_LINEAR = 1,
    MCA_COLL_SWING_OMPI_AG_BRUCK = 2,
    MCA_COLL_SWING_OMPI_AG_RECURSIVE_DOUBLING = 3,
    MCA_COLL_SWING_OMPI_AG_RING = 4,
    MCA_COLL_SWING_OMPI_AG_NEIGHBOR = 5,
    MCA_COLL_SWING_OMPI_AG_TWO_PROC = 6,
    MCA_COLL_SWING_OMPI_AG_SPARBIT = 7, /* 5.0 */
};
enum {
    MCA_COLL_SWING_OMPI_AGV_DEFAULT = 1,
    MCA_COLL_SWING_OMPI_AGV_BRUCK = 2,
    MCA_COLL_SWING_OMPI_AGV_RING = 3,
    MCA_COLL_SWING_OMPI_AGV_NEIGHBOR = 4,
    MCA_COLL_SWING_OMPI_AGV_TWO_PROC = 5,
    MCA_COLL_SWING_OMPI_AGV_SPARBIT = 6, /* 5.0 */
};
enum {
    MCA_COLL_SWING_OMPI_BCAST_BASIC_LINEAR = 1,
    MCA_COLL_SWING_OMPI_BCAST_CHAIN = 2,
    MCA_COLL_SWING_OMPI_BCAST_PIPELINE = 3,
    MCA_COLL_SWING_OMPI_BCAST_SPLIT_BINARY_TREE = 4,
    MCA_COLL_SWING_OMPI_BCAST_BINARY_TREE = 5,
    MCA_COLL_SWING_OMPI_BCAST_BINOMIAL = 6,
    MCA_COLL_SWING_OMPI_BCAST_KNOMIAL = 7,
    MCA_COLL_SWING_OMPI_BCAST_SCATTER_ALLGATHER = 8,
    MCA_COLL_SWING_OMPI_BCAST_SCATTER_ALLGATHER_RING = 9,
};
enum {
    MCA_COLL_SWING_OMPI_REDUCE_LINEAR = 1,
    MCA_COLL_SWING_OMPI_REDUCE_CHAIN = 2,
    MCA_COLL_SWING_OMPI_REDUCE_PIPELINE = 3,
    MCA_COLL_SWING_OMPI_REDUCE_BINARY = 4,
    MCA_COLL_SWING_OMPI_REDUCE_BINOMIAL = 5,
    MCA_COLL_SWING_OMPI_REDUCE_IN_ORDER_BINARY = 6,
    MCA_COLL_SWING_OMPI_REDUCE_RABENSEIFNER = 7,
};
enum {
    MCA_COLL_SWING_OMPI_GATHER_BASIC_LINEAR = 1,
    MCA_COLL_SWING_OMPI_GATHER_BINOMIAL = 2,
    MCA_COLL_SWING_OMPI_GATHER_LINEAR_SYNC = 3,
};
enum {
    MCA_COLL_SWING_OMPI_SCATTER_BASIC_LINEAR = 1,
    MCA_COLL_SWING_OMPI_SCATTER_BINOMIAL = 2,
    MCA_COLL_SWING_OMPI_SCATTER_LINEAR_NB = 3,
};

/* The executors of the rows, one per collective: call->ompi says which. */
int mca_coll_swing_ompi_allreduce(mca_coll_swing_call_t *call,
                                  struct mca_coll_swing_module_t *module);
int mca_coll_swing_ompi_reduce_scatter_block(mca_coll_swing_call_t *call,
                                             struct mca_coll_swing_module_t *module);
int mca_coll_swing_ompi_reduce_scatter(mca_coll_swing_call_t *call,
                                       struct mca_coll_swing_module_t *module);
int mca_coll_swing_ompi_allgather(mca_coll_swing_call_t *call,
                                  struct mca_coll_swing_module_t *module);
int mca_coll_swing_ompi_allgatherv(mca_coll_swing_call_t *call,
                                   struct mca_coll_swing_module_t *module);
int mca_coll_swing_ompi_bcast(mca_coll_swing_call_t *call, struct mca_coll_swing_module_t *module);
int mca_coll_swing_ompi_reduce(mca_coll_swing_call_t *call, struct mca_coll_swing_module_t *module);
int mca_coll_swing_ompi_gather(mca_coll_swing_call_t *call, struct mca_coll_swing_module_t *module);
int mca_coll_swing_ompi_scatter(mca_coll_swing_call_t *call,
                                struct mca_coll_swing_module_t *module);

END_C_DECLS

#endif
