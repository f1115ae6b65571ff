/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * coll/swing: topology-aware collectives for Open MPI 4.1 and 5.0.
 *
 * The types every layer of the component shares: the component, the
 * per-communicator module and one normalized call. Types only; each layer
 * declares its functions in its own header, and calls go one way, from
 * the top down (docs/ARCHITECTURE.md):
 *
 *   module/      what Open MPI loads and a communicator gets: registration,
 *                query, enable, setup, release
 *   coll/        one entry per collective: normalize the call, decide,
 *                execute, fall back
 *   decide/      the algorithm table and the choice by message size
 *   ompi_algs/   Open MPI's own algorithms (coll/base), called as rows
 *   hier/        across nodes: node shared memory + a step list between nodes
 *   shm/         one node's shared segment
 *   steps/       the collectives that are step lists
 *   engine/      the schedule runner, nonblocking requests and their progress
 *   transport/   point-to-point steps, the shared segment, single copy
 *   node/        node map, topology resolution, a rank's step list
 *   base/        tunables, counters, warnings, buffers, reductions
 */
#ifndef MCA_COLL_SWING_H
#define MCA_COLL_SWING_H

#include "ompi_config.h"

#include "mpi.h"
#include "ompi/communicator/communicator.h"
#include "ompi/datatype/ompi_datatype.h"
#include "ompi/mca/coll/coll.h"
#include "ompi/op/op.h"

#include "coll_swing_compat.h"
#include "coll_swing_base.h"
#include "coll_swing_ubuf.h"
#include "coll_swing_node.h"

BEGIN_C_DECLS

typedef struct mca_coll_swing_component_t {
    mca_coll_swing_base_component_t super;
} mca_coll_swing_component_t;

OMPI_DECLSPEC extern mca_coll_swing_component_t mca_coll_swing_component;

/* A row of a measured decision table, as a module keeps it (decide/). */
typedef struct mca_coll_swing_row_t {
    size_t lo, hi; /* bytes of the whole vector, both included */
    int alg;       /* a row of the collective's table, or MCA_COLL_SWING_PREVIOUS */
    int line;      /* where it was written, for the verbose report */
} mca_coll_swing_row_t;

/* A row's "previous": the call goes to the previous module. */
#define MCA_COLL_SWING_PREVIOUS (-1)

typedef struct mca_coll_swing_module_t {
    mca_coll_base_module_t super;
    struct ompi_communicator_t *comm;
    /* the previous module (the one swing replaced), for each collective
       swing implements: its function and a reference to it, where the
       communicator's c_coll had them (module/coll_swing_module.c); the
       other slots stay NULL */
    mca_coll_base_comm_coll_t prev;
    /* nonblocking operations started on this communicator, and persistent
       requests built on it: every rank counts alike, so both give tags
       (transport/coll_swing_p2p.h) */
    unsigned int nb_seq;
    unsigned int nb_persistent_seq;
    /* nonblocking shm and hier operations, in call order: only the first
       uses the segment (shm/coll_swing_shm_nb.c) */
    struct mca_coll_swing_nbreq_t *nb_shm_head, *nb_shm_tail;
    int algorithm[MCA_COLL_SWING_NCOLLS]; /* per collective: forced, or auto (0) */
    /* auto, per collective: the algorithm per size bucket, and the best
       message-passing one (the fallback of calls the first cannot run) */
    unsigned char choice[MCA_COLL_SWING_NCOLLS][MCA_COLL_SWING_NBUCKETS];
    unsigned char mp_choice[MCA_COLL_SWING_NCOLLS][MCA_COLL_SWING_NBUCKETS];
    /* auto, per collective: the measured table's rows (in size order), which
       decide in their ranges before the buckets; NULL: none */
    mca_coll_swing_row_t *rows[MCA_COLL_SWING_NCOLLS];
    int nrows[MCA_COLL_SWING_NCOLLS];
    int topo_auto;                                        /* shape derived, not described */
    mca_coll_swing_plan_t plans[MCA_COLL_SWING_MAX_ALGS]; /* by allreduce algorithm id */
    size_t *disp;                                         /* [p + 1] per reduce-scatter or allgather
                                                             call: where rank r's block starts in
                                                             MPI's order (steps/coll_swing_blocks.c) */
    char *scratch;                                        /* reused across calls */
    size_t scratch_size;
    size_t scratch_agreed;             /* bytes every rank's scratch is known to
                                          hold (transport/coll_swing_agree.h) */
    struct mca_coll_swing_shm_t *shm;  /* shm segment, mapped at first use */
    int shm_state;                     /* transport/coll_swing_shm_segment.h */
    swt_topo_t *topo;                  /* the description, kept for the trees */
    struct swt_tree_model *tree_model; /* the trees' model (root 0): chains' segments */
    /* rooted collectives: a row's trees, built at its first call */
    mca_coll_swing_tree_t *trees[MCA_COLL_SWING_NCOLLS][MCA_COLL_SWING_MAX_ALGS];
    struct mca_coll_swing_hier_t *hier; /* hier: set up at first use */
    int hier_state;                     /* SWING_SHM_* values */
    /* one of Open MPI's algorithms that calls other collectives runs on this
       communicator: those calls go to the previous module, as they do under
       tuned (ompi_algs/coll_swing_ompi_algs.c) */
    int ompi_inner;
} mca_coll_swing_module_t;

OBJ_CLASS_DECLARATION(mca_coll_swing_module_t);

/* Why an algorithm cannot run a call it was chosen for (it then returns
   MCA_COLL_SWING_FALLBACK); warned makes the message once per job. The
   dispatcher falls back to message passing, or, for
   mca_coll_swing_agree_fallback (an agreement found a rank without
   memory: transport/coll_swing_agree.h), to the previous module. */
typedef struct mca_coll_swing_fallback_t {
    int warned;
    const char *why;
} mca_coll_swing_fallback_t;

/* Parts a multiport or ring plan may have: 2 per dimension of the torus. */
#define MCA_COLL_SWING_MAX_PARTS (2 * SWT_MAX_DIMS)

/* An algorithm's "not this call": the dispatcher falls back. */
#define MCA_COLL_SWING_FALLBACK OMPI_ERR_NOT_AVAILABLE
/* What a rank that learned of a peer's failure returns (docs/TESTING.md, "Faults"). */
#define MCA_COLL_SWING_PEER_FAILED OMPI_ERR_UNREACH

/*
 * One call, normalized: buffers, element type and count. Reduce-
 * scatter and allgather also say how the vector is cut into the ranks'
 * blocks: rank r's block has count_of(r) elements (counts[r] * unit, or
 * block), at displs[r] * unit in the result (allgatherv) or packed in
 * rank order. For allgather sbuf is this rank's block, for reduce-scatter
 * the whole vector.
 */
typedef struct mca_coll_swing_call_t {
    const char *sbuf; /* NULL when in place */
    char *rbuf;
    size_t count;      /* elements of the whole vector */
    const int *counts; /* per-rank blocks in units; NULL: block each */
    const int *displs; /* per-rank offsets in units; NULL: packed */
    size_t block;      /* elements of every block when counts is NULL */
    size_t unit;       /* elements of dtype per unit of counts and displs */
    struct ompi_datatype_t *dtype;
    struct ompi_op_t *op;
    ptrdiff_t extent;
    size_t bytes; /* count * size: for decisions */
    struct ompi_communicator_t *comm;
    const mca_coll_swing_plan_t *plan;
    mca_coll_swing_fallback_t *fallback; /* why, when an algorithm falls back */
    int root;                            /* rooted collectives: the root's rank */
    int is_root;                         /* this rank is the root */
    /* broadcast, gather, scatter: the user's buffers as bytes
       (base/coll_swing_ubuf.h); mine: this rank's block (broadcast: the
       vector), all: the root's p blocks */
    mca_coll_swing_ubuf_t mine, all;
    /* trees and chains of the rooted collectives: the row's (NULL when it
       could not be set up), where the module keeps it, whether this call
       set it up (the same on every rank: the call agrees), and which
       collective it is for (swt_coll_t) */
    mca_coll_swing_tree_t *tree;
    mca_coll_swing_tree_t **tree_slot;
    int tree_new;
    int tcoll;
    /* nonblocking and persistent calls: where the request goes (NULL for a
       blocking call), and the tag of its messages (0: the blocking tag) */
    struct ompi_request_t **request;
    int persistent;
    int tag;
    int coll;         /* mca_coll_swing_coll_id_t: whose counters */
    int ompi;         /* a row of Open MPI's: coll/tuned's number of
                         the algorithm it runs (ompi_algs/), else 0 */
    const void *args; /* the entry's arguments as the user gave them
                         (coll_swing_args.h): Open MPI's
                         algorithms take them unchanged */
    /* OMPI_SUCCESS, or the error this rank met before its first message
       (its scratch could not be had): the step list still runs, in error
       mode (engine/coll_swing_runner.h), so that no peer waits */
    int error;
} mca_coll_swing_call_t;

/* An executor of the algorithm table (decide/): runs call on module's
   communicator, returns an Open MPI code or MCA_COLL_SWING_FALLBACK. */
typedef int (*mca_coll_swing_exec_fn_t)(mca_coll_swing_call_t *call,
                                        struct mca_coll_swing_module_t *module);

END_C_DECLS

#endif
