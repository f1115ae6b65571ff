/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * coll/swing, decision layer: the table of algorithms and the choice of
 * one per call.
 *
 * Each collective has one table, the single list of its algorithms: the
 * MCA enum of coll_swing_<collective>_algorithm, its help text, the MPI_T
 * counters, the plans built at setup and auto's candidates all come from
 * it. Adding an algorithm adds an id here, a row to a table, its executor
 * in the layer of its family (steps/, shm/, hier/; Open MPI's own:
 * ompi_algs/) and its tests (docs/ARCHITECTURE.md,
 * "Adding an algorithm"; the steps are beside the tables, in
 * decide/coll_swing_algorithms.c).
 */
#ifndef MCA_COLL_SWING_DECIDE_H
#define MCA_COLL_SWING_DECIDE_H

#include "coll_swing_hier.h"
#include "coll_swing_ompi_algs.h"
#include "coll_swing_shm.h"
#include "coll_swing_steps.h"

#include "swt_cost.h"

BEGIN_C_DECLS

/* Allreduce algorithms; the order is the order of the MCA enum and of the
   pvars. The ids also index the module's step lists (plans). */
typedef enum {
    MCA_COLL_SWING_ALG_AUTO = 0,
    MCA_COLL_SWING_ALG_SWING_LO,
    MCA_COLL_SWING_ALG_RD_LO,
    MCA_COLL_SWING_ALG_SWING_BO,
    MCA_COLL_SWING_ALG_RD_BO,
    MCA_COLL_SWING_ALG_SHM,
    MCA_COLL_SWING_ALG_HIER,
    MCA_COLL_SWING_ALG_SWING_LO_MP,
    MCA_COLL_SWING_ALG_RD_LO_MP,
    MCA_COLL_SWING_ALG_SWING_BO_MP,
    MCA_COLL_SWING_ALG_RD_BO_MP,
    MCA_COLL_SWING_ALG_RING,
    /* Open MPI's coll/base allreduces, as coll/tuned numbers them 1..6 */
    MCA_COLL_SWING_ALG_OMPI_BASIC_LINEAR,
    MCA_COLL_SWING_ALG_OMPI_NONOVERLAPPING,
    MCA_COLL_SWING_ALG_OMPI_RECURSIVE_DOUBLING,
    MCA_COLL_SWING_ALG_OMPI_RING,
    MCA_COLL_SWING_ALG_OMPI_SEGMENTED_RING,
    MCA_COLL_SWING_ALG_OMPI_RABENSEIFNER,
    MCA_COLL_SWING_ALG_COUNT
} mca_coll_swing_alg_id_t;

/* Reduce-scatter and allgather algorithms (one enum for the rows all four
   tables share: each table lists the rows it has, row i with id i; Open
   MPI's rows follow, per collective, below). */
typedef enum {
    MCA_COLL_SWING_RSAG_AUTO = 0,
    MCA_COLL_SWING_RSAG_SWING,
    MCA_COLL_SWING_RSAG_RD,
    MCA_COLL_SWING_RSAG_SHM,
    MCA_COLL_SWING_RSAG_HIER,
    MCA_COLL_SWING_RSAG_SWING_MP,
    MCA_COLL_SWING_RSAG_RD_MP,
    MCA_COLL_SWING_RSAG_RING,
    MCA_COLL_SWING_RSAG_COUNT
} mca_coll_swing_rsag_id_t;

/* Open MPI's rows of each of the four, in coll/tuned's order. */
typedef enum {
    MCA_COLL_SWING_RSB_OMPI_BASIC_LINEAR = MCA_COLL_SWING_RSAG_COUNT,
    MCA_COLL_SWING_RSB_OMPI_RECURSIVE_DOUBLING,
    MCA_COLL_SWING_RSB_OMPI_RECURSIVE_HALVING,
    MCA_COLL_SWING_RSB_OMPI_BUTTERFLY,
    MCA_COLL_SWING_RSB_COUNT
} mca_coll_swing_rsb_id_t;

typedef enum {
    MCA_COLL_SWING_RS_OMPI_NONOVERLAPPING = MCA_COLL_SWING_RSAG_COUNT,
    MCA_COLL_SWING_RS_OMPI_RECURSIVE_HALVING,
    MCA_COLL_SWING_RS_OMPI_RING,
    MCA_COLL_SWING_RS_OMPI_BUTTERFLY,
    MCA_COLL_SWING_RS_COUNT
} mca_coll_swing_rs_id_t;

/* sparbit: Open MPI 5.0 only (the last row, absent on 4.1) */
typedef enum {
    MCA_COLL_SWING_AG_OMPI_LINEAR = MCA_COLL_SWING_RSAG_COUNT,
    MCA_COLL_SWING_AG_OMPI_BRUCK,
    MCA_COLL_SWING_AG_OMPI_RECURSIVE_DOUBLING,
    MCA_COLL_SWING_AG_OMPI_RING,
    MCA_COLL_SWING_AG_OMPI_NEIGHBOR,
    MCA_COLL_SWING_AG_OMPI_TWO_PROC,
    MCA_COLL_SWING_AG_OMPI_SPARBIT,
    MCA_COLL_SWING_AG_COUNT
} mca_coll_swing_ag_id_t;

typedef enum {
    MCA_COLL_SWING_AGV_OMPI_DEFAULT = MCA_COLL_SWING_RSAG_COUNT,
    MCA_COLL_SWING_AGV_OMPI_BRUCK,
    MCA_COLL_SWING_AGV_OMPI_RING,
    MCA_COLL_SWING_AGV_OMPI_NEIGHBOR,
    MCA_COLL_SWING_AGV_OMPI_TWO_PROC,
    MCA_COLL_SWING_AGV_OMPI_SPARBIT,
    MCA_COLL_SWING_AGV_COUNT
} mca_coll_swing_agv_id_t;

/* Broadcast and reduce algorithms (one enum for the rows both tables
   share; Open MPI's rows follow, per collective, below). */
typedef enum {
    MCA_COLL_SWING_BR_AUTO = 0,
    MCA_COLL_SWING_BR_BINE,        /* Bine tree: Swing's distances */
    MCA_COLL_SWING_BR_BINOMIAL,    /* binomial tree: recursive doubling's */
    MCA_COLL_SWING_BR_BINE_MP,     /* a Bine tree per port */
    MCA_COLL_SWING_BR_BINOMIAL_MP, /* a binomial tree per torus dimension */
    MCA_COLL_SWING_BR_CHAIN,       /* pipelined chains along the torus's cycles */
    MCA_COLL_SWING_BR_BINE_BO,     /* bandwidth-optimal: scatter + allgather,
                                      reduce-scatter + gather, on Swing's lists */
    MCA_COLL_SWING_BR_BINOMIAL_BO, /* the same on recursive halving/doubling's */
    MCA_COLL_SWING_BR_BINE_BO_MP,  /* the same with a part per port */
    MCA_COLL_SWING_BR_SHM,         /* the node's shared segment (one node) */
    MCA_COLL_SWING_BR_HIER,        /* node segments + a tree between nodes' leaders */
    MCA_COLL_SWING_BR_COUNT
} mca_coll_swing_br_id_t;

typedef enum {
    MCA_COLL_SWING_BCAST_OMPI_BASIC_LINEAR = MCA_COLL_SWING_BR_COUNT,
    MCA_COLL_SWING_BCAST_OMPI_CHAIN,
    MCA_COLL_SWING_BCAST_OMPI_PIPELINE,
    MCA_COLL_SWING_BCAST_OMPI_SPLIT_BINARY_TREE,
    MCA_COLL_SWING_BCAST_OMPI_BINARY_TREE,
    MCA_COLL_SWING_BCAST_OMPI_BINOMIAL,
    MCA_COLL_SWING_BCAST_OMPI_KNOMIAL,
    MCA_COLL_SWING_BCAST_OMPI_SCATTER_ALLGATHER,
    MCA_COLL_SWING_BCAST_OMPI_SCATTER_ALLGATHER_RING,
    MCA_COLL_SWING_BCAST_COUNT
} mca_coll_swing_bcast_id_t;

typedef enum {
    MCA_COLL_SWING_REDUCE_OMPI_LINEAR = MCA_COLL_SWING_BR_COUNT,
    MCA_COLL_SWING_REDUCE_OMPI_CHAIN,
    MCA_COLL_SWING_REDUCE_OMPI_PIPELINE,
    MCA_COLL_SWING_REDUCE_OMPI_BINARY,
    MCA_COLL_SWING_REDUCE_OMPI_BINOMIAL,
    MCA_COLL_SWING_REDUCE_OMPI_IN_ORDER_BINARY,
    MCA_COLL_SWING_REDUCE_OMPI_RABENSEIFNER,
    MCA_COLL_SWING_REDUCE_COUNT
} mca_coll_swing_reduce_id_t;

/* Gather and scatter algorithms (one enum for the rows both tables share;
   Open MPI's rows follow, per collective, below). */
typedef enum {
    MCA_COLL_SWING_GS_AUTO = 0,
    MCA_COLL_SWING_GS_BINE,
    MCA_COLL_SWING_GS_BINOMIAL,
    MCA_COLL_SWING_GS_BINE_MP,
    MCA_COLL_SWING_GS_BINOMIAL_MP,
    MCA_COLL_SWING_GS_SHM, /* the node's shared segment (one node) */
    MCA_COLL_SWING_GS_COUNT
} mca_coll_swing_gs_id_t;

typedef enum {
    MCA_COLL_SWING_GATHER_OMPI_BASIC_LINEAR = MCA_COLL_SWING_GS_COUNT,
    MCA_COLL_SWING_GATHER_OMPI_BINOMIAL,
    MCA_COLL_SWING_GATHER_OMPI_LINEAR_SYNC,
    MCA_COLL_SWING_GATHER_COUNT
} mca_coll_swing_gather_id_t;

typedef enum {
    MCA_COLL_SWING_SCATTER_OMPI_BASIC_LINEAR = MCA_COLL_SWING_GS_COUNT,
    MCA_COLL_SWING_SCATTER_OMPI_BINOMIAL,
    MCA_COLL_SWING_SCATTER_OMPI_LINEAR_NB,
    MCA_COLL_SWING_SCATTER_COUNT
} mca_coll_swing_scatter_id_t;

/* Where an algorithm applies; auto picks by it. */
typedef enum {
    MCA_COLL_SWING_SCOPE_ANY = 0, /* message passing: any communicator */
    MCA_COLL_SWING_SCOPE_NODE,    /* every rank on one node (shm) */
    MCA_COLL_SWING_SCOPE_NODES    /* several nodes, several ranks on one (hier) */
} mca_coll_swing_scope_t;

/* One row of an algorithm table; row i has id i, row 0 is auto. */
typedef struct mca_coll_swing_alg_t {
    const char *name; /* MCA value and pvar suffix */
    int id;
    swt_alg_t pattern;                /* partners: Swing, recursive doubling, ring */
    swt_kind_t kind;                  /* latency- or bandwidth-optimal */
    int multiport;                    /* 1: one part per port of the torus, all
                                         parts at once (swt_alg_nparts) */
    mca_coll_swing_exec_fn_t exec;    /* NULL for auto */
    mca_coll_swing_exec_fn_t nb_exec; /* the nonblocking engine's, for
                                     MPI_Iallreduce and MPI_Allreduce_init;
                                     NULL: blocking only (auto skips the row,
                                     forced it falls back to message passing) */
    int plan;                         /* the step list it runs: an allreduce id
                                         whose plan setup builds (pattern and
                                         kind of that row), -1 for none; planned
                                         rows of scope ANY are auto's
                                         candidates, predicted by the model */
    mca_coll_swing_scope_t scope;
    const char *help;
    int tree; /* 1: a tree or chain of a rooted collective
                 (node/coll_swing_tree.c), built per root;
                 plan then names the BO list whose block
                 layouts gather and scatter use, or -1 */
    int ompi; /* Open MPI's coll/base algorithm, called as
                 coll/tuned calls it: tuned's number of it
                 (ompi_algs/); blocking only: forced on a
                 nonblocking call, the call goes to the
                 previous module. 0: swing's */
} mca_coll_swing_alg_t;

/* A collective's table. */
typedef struct mca_coll_swing_table_t {
    const char *name;  /* "allreduce": parameter and counter prefix */
    const char *call;  /* "MPI_Allreduce", in messages and help */
    const char *title; /* start of the parameter's help text */
    swt_half_t half;   /* what the cost model predicts: the whole
                          allreduce, or its RS or AG half */
    const mca_coll_swing_alg_t *algs;
    int nalgs;
    int nonblocking; /* rows run their nb_exec */
    int rooted;      /* 1 + the swt_coll_t of a rooted collective
                        (trees: swt_tree.h), 0 for the others */
} mca_coll_swing_table_t;

/* The executor a table runs for a row. */
static inline mca_coll_swing_exec_fn_t mca_coll_swing_exec_of(const mca_coll_swing_table_t *t,
                                                              const mca_coll_swing_alg_t *a)
{
    return t->nonblocking ? a->nb_exec : a->exec;
}

extern const mca_coll_swing_alg_t mca_coll_swing_algs[MCA_COLL_SWING_ALG_COUNT];
extern const mca_coll_swing_table_t mca_coll_swing_tables[MCA_COLL_SWING_NCOLLS];

/*
 * Fills the module's auto tables (setup): the rows of the measured decision
 * table (coll_swing_decision_file, else topo's decide rows) and, for every
 * size bucket, the cost model's choice on topo (shm on one node, hier across
 * nodes, when the topology is the automatic one).
 */
int mca_coll_swing_decision_build(mca_coll_swing_module_t *module, const swt_topo_t *topo);
/* Frees what decision_build kept (the rows). */
void mca_coll_swing_decision_free(mca_coll_swing_module_t *module);
/* At component close: forgets the messages already given. */
void mca_coll_swing_decision_fini(void);
/*
 * The built-in rows (coll_swing_node_rows): across = 0, one node's
 * (decide/node.table); 1, across nodes without a description's (gather
 * and scatter to the previous module). Parsed at component open, NULL
 * when off or unusable (said once).
 */
void mca_coll_swing_node_rows_init(void);
const struct swt_table *mca_coll_swing_node_rows(int across);
void mca_coll_swing_node_rows_fini(void);
/*
 * The algorithm of collective coll for a call of bytes: the forced one, or
 * auto's (a measured row in its range, else the bucket's);
 * MCA_COLL_SWING_PREVIOUS when a row hands the call to the previous module.
 */
int mca_coll_swing_decide(const mca_coll_swing_module_t *module, int coll, size_t bytes);
/*
 * The tree of row id of rooted collective coll into call (tree, tree_slot,
 * tree_new), set up at its first call (decide/coll_swing_trees.c). A tree
 * that cannot be set up leaves call->tree NULL: the executor's agreement
 * (tree_new) makes every rank hand the call to the previous module.
 */
void mca_coll_swing_decide_tree(mca_coll_swing_module_t *module, int coll, int id,
                                mca_coll_swing_call_t *call);
/* The tree a row of a rooted table runs: its collective's, except the
   scatter of a BO broadcast and the gather of a BO reduce. */
swt_coll_t mca_coll_swing_tree_coll(const mca_coll_swing_table_t *t, const mca_coll_swing_alg_t *a);
/* The message-passing algorithm auto would use (the fallback of calls that one cannot run). */
int mca_coll_swing_decide_messages(const mca_coll_swing_module_t *module, int coll, size_t bytes);

END_C_DECLS

#endif
