/*
 * coll/swing: topology-aware MPI_Allreduce for Open MPI 4.1 and 5.0.
 *
 * The component computes, once per communicator, the step list of each of
 * its algorithms from a torus description (topology/ library) and executes
 * them with point-to-point messages through the PML. Calls it cannot serve
 * go to the module it replaced.
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

#include "swt.h"
#include "swt_topo.h"

/* Decision buckets: bucket b holds messages of (2^(b-1), 2^b] bytes. */
#define MCA_COLL_SWING_NBUCKETS 48

BEGIN_C_DECLS

/* Algorithms; the order is the order of the MCA enum and of the pvars. */
typedef enum {
    MCA_COLL_SWING_ALG_AUTO = 0,
    MCA_COLL_SWING_ALG_SWING_LO,
    MCA_COLL_SWING_ALG_RD_LO,
    MCA_COLL_SWING_ALG_SWING_BO,
    MCA_COLL_SWING_ALG_RD_BO,
    MCA_COLL_SWING_ALG_SHM,
    MCA_COLL_SWING_ALG_HIER,
    MCA_COLL_SWING_ALG_COUNT
} mca_coll_swing_alg_id_t;

struct mca_coll_swing_module_t;
struct mca_coll_swing_call_t;

typedef int (*mca_coll_swing_exec_fn_t)(struct mca_coll_swing_call_t *call,
                                        struct mca_coll_swing_module_t *module);

/* One row of the algorithm table: the MCA enum and the help text come from it. */
typedef struct mca_coll_swing_alg_t {
    const char *name;             /* MCA value and pvar suffix */
    mca_coll_swing_alg_id_t id;
    swt_alg_t pattern;            /* partners: Swing or recursive doubling */
    swt_kind_t kind;              /* latency- or bandwidth-optimal */
    mca_coll_swing_exec_fn_t exec;/* NULL for auto */
    const char *help;
} mca_coll_swing_alg_t;

extern const mca_coll_swing_alg_t mca_coll_swing_algs[MCA_COLL_SWING_ALG_COUNT];

typedef struct mca_coll_swing_component_t {
    mca_coll_swing_base_component_t super;
    int priority;             /* selection priority; <= 0 declines */
    int verbose;              /* verbosity of the output stream */
    int output;               /* opal_output stream */
    int algorithm;            /* forced algorithm, or auto */
    char *topology;           /* topology description, "auto" by default */
    long lo_max_bytes;        /* auto: LO up to this size; -1: cost model */
    long segment_size;        /* BO pipeline segment in bytes; 0: none */
    long shm_size;            /* shm: bytes of each rank's slot; 0: no shm */
    bool shm_assume_remote;   /* debug: treat every peer as off-node */
    bool shm_cma;             /* shm: single copy through process_vm_readv */
    long shm_cma_min;         /* shm: single copy from this many bytes */
    /* MPI_T counters */
    unsigned long long served[MCA_COLL_SWING_ALG_COUNT];
    unsigned long long served_total;
    unsigned long long fallback;
    unsigned long long shm_single_copy; /* shm calls served by single copy */
} mca_coll_swing_component_t;

OMPI_DECLSPEC extern mca_coll_swing_component_t mca_coll_swing_component;

/* An algorithm's step list for this rank, peers as communicator ranks. */
typedef struct mca_coll_swing_plan_t {
    int nsteps;
    long nblocks;
    swt_step_t *steps;
} mca_coll_swing_plan_t;

typedef struct mca_coll_swing_module_t {
    mca_coll_base_module_t super;
    struct ompi_communicator_t *comm;
    mca_coll_base_module_allreduce_fn_t prev_allreduce;
    mca_coll_base_module_t *prev_allreduce_module;
    int algorithm;                          /* forced, or auto */
    unsigned char choice[MCA_COLL_SWING_NBUCKETS]; /* auto: algorithm per bucket */
    unsigned char mp_choice[MCA_COLL_SWING_NBUCKETS]; /* best message passing per bucket */
    int topo_auto;                          /* shape derived, not described */
    mca_coll_swing_plan_t plans[MCA_COLL_SWING_ALG_COUNT];
    char *scratch;                          /* reused across calls */
    size_t scratch_size;
    struct mca_coll_swing_shm_t *shm;       /* shm segment, mapped at first use */
    int shm_state;                          /* coll_swing_shm.h */
    struct mca_coll_swing_hier_t *hier;     /* hier: set up at first use */
    int hier_state;                         /* SWING_SHM_* values */
} mca_coll_swing_module_t;

OBJ_CLASS_DECLARATION(mca_coll_swing_module_t);

/* One allreduce, normalised: buffers, element type and count settled. */
typedef struct mca_coll_swing_call_t {
    const char *sbuf;          /* NULL when in place */
    char *rbuf;
    size_t count;
    struct ompi_datatype_t *dtype;
    struct ompi_op_t *op;
    ptrdiff_t extent;
    size_t bytes;              /* count * size: for decisions */
    struct ompi_communicator_t *comm;
    const mca_coll_swing_plan_t *plan;
} mca_coll_swing_call_t;

/* component / module */
int mca_coll_swing_init_query(bool enable_progress_threads, bool enable_mpi_threads);
mca_coll_base_module_t *mca_coll_swing_comm_query(struct ompi_communicator_t *comm,
                                                  int *priority);
/*
 * Prints msg once per flag (a static of the caller), prefixed by topic:
 * level 0 always, by world rank 0 only (one line per job); level > 0 by
 * every process, only at that verbosity.
 */
void mca_coll_swing_warn_once(int *flag, int level, const char *topic,
                              const char *fmt, ...)
    __opal_attribute_format__(__printf__, 4, 5);

/* the collective */
int mca_coll_swing_allreduce(const void *sbuf, void *rbuf, int count,
                             struct ompi_datatype_t *dtype, struct ompi_op_t *op,
                             struct ompi_communicator_t *comm,
                             mca_coll_base_module_t *module);
int mca_coll_swing_plans_build(mca_coll_swing_module_t *module);
void mca_coll_swing_plans_free(mca_coll_swing_module_t *module);
int mca_coll_swing_decide(const mca_coll_swing_module_t *module, size_t bytes);
/* The message-passing algorithm auto would use (for calls shm cannot serve). */
int mca_coll_swing_decide_messages(const mca_coll_swing_module_t *module, size_t bytes);
int mca_coll_swing_decision_build(mca_coll_swing_module_t *module, const swt_topo_t *topo);
/* *is_auto: 1 when the shape was derived (coll_swing_topology auto or unusable) */
int mca_coll_swing_topo_resolve(struct ompi_communicator_t *comm, swt_topo_t **topo,
                                int *is_auto);

/* executors */
int mca_coll_swing_exec_steps(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/*
 * A call algorithm `from` cannot serve: served by the message-passing
 * algorithm auto would pick, counted as such; *warned (a static of the
 * caller) makes the message once per job.
 */
int mca_coll_swing_exec_instead(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module,
                                int from, int *warned, const char *why);
int mca_coll_swing_exec_hier(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/* Decision bucket of a message size: (2^(b-1), 2^b] bytes. */
int mca_coll_swing_bucket(size_t bytes);
/* A rank's host name, "" when unknown. */
const char *mca_coll_swing_host(struct ompi_communicator_t *comm, int rank);
/* This rank's step list on a topology: index is this rank's position in
   the description's rank order; ranks (NULL: identity) maps that order's
   ranks to communicator ranks. */
int mca_coll_swing_plan_build(mca_coll_swing_plan_t *plan, const swt_topo_t *topo,
                              swt_alg_t pattern, swt_kind_t kind, int index,
                              const int *ranks);
int mca_coll_swing_scratch(mca_coll_swing_module_t *module, size_t bytes, char **buf);
/* *buf holds at least bytes (old contents dropped when it grows). */
int mca_coll_swing_grow(char **buf, size_t *size, size_t bytes);
int mca_coll_swing_exec_shm(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/* 1 if every rank of the communicator is on this node (shm may serve it) */
int mca_coll_swing_shm_available(mca_coll_swing_module_t *module);
void mca_coll_swing_shm_release(mca_coll_swing_module_t *module);

END_C_DECLS

#endif
