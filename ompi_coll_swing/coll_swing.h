/*
 * coll/swing: topology-aware MPI_Allreduce for Open MPI 4.1.
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

#include "swt.h"

BEGIN_C_DECLS

/* Algorithms; the order is the order of the MCA enum and of the pvars. */
typedef enum {
    MCA_COLL_SWING_ALG_AUTO = 0,
    MCA_COLL_SWING_ALG_SWING_LO,
    MCA_COLL_SWING_ALG_RD_LO,
    MCA_COLL_SWING_ALG_SWING_BO,
    MCA_COLL_SWING_ALG_RD_BO,
    MCA_COLL_SWING_ALG_SHM,
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
    mca_coll_base_component_2_0_0_t super;
    int priority;             /* selection priority; <= 0 declines */
    int verbose;              /* verbosity of the output stream */
    int output;               /* opal_output stream */
    int algorithm;            /* forced algorithm, or auto */
    char *topology;           /* topology description, "auto" by default */
    long lo_max_bytes;        /* auto: LO up to this size; -1: cost model */
    long segment_size;        /* BO pipeline segment in bytes; 0: none */
    /* MPI_T counters */
    unsigned long long served[MCA_COLL_SWING_ALG_COUNT];
    unsigned long long served_total;
    unsigned long long fallback;
} mca_coll_swing_component_t;

OMPI_MODULE_DECLSPEC extern mca_coll_swing_component_t mca_coll_swing_component;

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
    long lo_max_bytes;                      /* auto threshold in bytes */
    swt_shape_t shape;                      /* torus the schedules follow */
    mca_coll_swing_plan_t plans[MCA_COLL_SWING_ALG_COUNT];
    char *scratch;                          /* reused across calls */
    size_t scratch_size;
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
/* prints msg once per key (a static flag of the caller) at verbosity level */
void mca_coll_swing_warn_once(int *flag, int level, const char *fmt, ...)
    __opal_attribute_format__(__printf__, 3, 4);

/* the collective */
int mca_coll_swing_allreduce(const void *sbuf, void *rbuf, int count,
                             struct ompi_datatype_t *dtype, struct ompi_op_t *op,
                             struct ompi_communicator_t *comm,
                             mca_coll_base_module_t *module);
int mca_coll_swing_plans_build(mca_coll_swing_module_t *module);
void mca_coll_swing_plans_free(mca_coll_swing_module_t *module);
int mca_coll_swing_decide(const mca_coll_swing_module_t *module, size_t bytes);

/* executors */
int mca_coll_swing_exec_steps(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
int mca_coll_swing_scratch(mca_coll_swing_module_t *module, size_t bytes, char **buf);

END_C_DECLS

#endif
