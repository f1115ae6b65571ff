/*
 * Component registration: MCA parameters, MPI_T counters, output stream.
 */
#include "coll_swing.h"
#include "coll_swing_kernel.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opal/mca/base/mca_base_pvar.h"
#include "opal/mca/base/mca_base_var.h"
#include "opal/util/output.h"
#include "opal/util/proc.h"
#include "ompi/mca/coll/base/base.h"

const char *mca_coll_swing_component_version_string =
    "Open MPI swing collective MCA component version " SWING_VERSION;

#define SWING_SEGMENT_DEFAULT (1L << 20)
#define SWING_SHM_SIZE_DEFAULT (256L << 10)
#define SWING_SHM_CMA_MIN_DEFAULT (512L << 10)

static int swing_register(void);
static int swing_open(void);
static int swing_close(void);

static bool swing_wrong_version = false;

mca_coll_swing_component_t mca_coll_swing_component = {
    .super = {
        .collm_version = {
            MCA_COLL_SWING_BASE_VERSION,
            .mca_component_name = "swing",
            MCA_BASE_MAKE_VERSION(component, SWING_VERSION_MAJOR,
                                  SWING_VERSION_MINOR, SWING_VERSION_RELEASE),
            .mca_open_component = swing_open,
            .mca_close_component = swing_close,
            .mca_register_component_params = swing_register,
        },
        .collm_data = {
            MCA_BASE_METADATA_PARAM_CHECKPOINT
        },
        .collm_init_query = mca_coll_swing_init_query,
        .collm_comm_query = mca_coll_swing_comm_query,
    },
    .priority = 40,
    .verbose = 0,
    .output = -1,
    .algorithm = MCA_COLL_SWING_ALG_AUTO,
    .topology = NULL,
    .lo_max_bytes = -1,
    .segment_size = SWING_SEGMENT_DEFAULT,
    .shm_size = SWING_SHM_SIZE_DEFAULT,
    .shm_assume_remote = false,
    .shm_cma = false,
    .shm_cma_min = SWING_SHM_CMA_MIN_DEFAULT,
};

static int swing_register_counter(const char *name, const char *desc,
                                  unsigned long long *ctr)
{
    return mca_base_component_pvar_register(
        &mca_coll_swing_component.super.collm_version, name, desc,
        OPAL_INFO_LVL_4, MCA_BASE_PVAR_CLASS_COUNTER,
        MCA_BASE_VAR_TYPE_UNSIGNED_LONG_LONG, NULL, MCA_BASE_VAR_BIND_NO_OBJECT,
        MCA_BASE_PVAR_FLAG_READONLY | MCA_BASE_PVAR_FLAG_CONTINUOUS,
        NULL, NULL, NULL, ctr);
}

static int swing_register_algorithm(void)
{
    mca_base_var_enum_value_t values[MCA_COLL_SWING_ALG_COUNT + 1];
    mca_base_var_enum_t *alg_enum = NULL;
    char help[1024];
    size_t used;
    int rc;

    used = (size_t) snprintf(help, sizeof(help),
                             "Allreduce algorithm (can be set per communicator through MPI_T before it is created):");
    for (int i = 0; i < MCA_COLL_SWING_ALG_COUNT; ++i) {
        values[i].value = mca_coll_swing_algs[i].id;
        values[i].string = mca_coll_swing_algs[i].name;
        if (used < sizeof(help)) {
            used += (size_t) snprintf(help + used, sizeof(help) - used, " %s = %s;",
                                      mca_coll_swing_algs[i].name,
                                      mca_coll_swing_algs[i].help);
        }
    }
    values[MCA_COLL_SWING_ALG_COUNT].value = 0;
    values[MCA_COLL_SWING_ALG_COUNT].string = NULL;
    rc = mca_base_var_enum_create("coll_swing_algorithms", values, &alg_enum);
    if (OPAL_SUCCESS != rc) {
        return rc;
    }
    /*
     * An unknown name makes Open MPI print the valid values and fail the
     * registration; the component stays usable with the default instead of
     * disappearing.
     */
    (void) mca_base_component_var_register(
        &mca_coll_swing_component.super.collm_version, "allreduce_algorithm",
        help, MCA_BASE_VAR_TYPE_INT, alg_enum, 0, MCA_BASE_VAR_FLAG_SETTABLE,
        OPAL_INFO_LVL_5, MCA_BASE_VAR_SCOPE_ALL,
        &mca_coll_swing_component.algorithm);
    OBJ_RELEASE(alg_enum);
    if (mca_coll_swing_component.algorithm < 0
        || mca_coll_swing_component.algorithm >= MCA_COLL_SWING_ALG_COUNT) {
        mca_coll_swing_component.algorithm = MCA_COLL_SWING_ALG_AUTO;
    }
    return OMPI_SUCCESS;
}

/* Negative sizes are refused with one warning; the default stays. */
static void swing_check_size(const char *name, long *value, long min, long dflt)
{
    static int warned = 0;

    if (*value < min) {
        mca_coll_swing_warn_once(&warned, 0, "warning",
            "coll_swing_%s = %ld is out of range (minimum %ld); using %ld",
            name, *value, min, dflt);
        *value = dflt;
    }
}

static int swing_register(void)
{
    mca_coll_swing_component_t *c = &mca_coll_swing_component;
    const mca_base_component_t *v = &c->super.collm_version;
    char name[64];
    int rc;

    c->algorithm = MCA_COLL_SWING_ALG_AUTO;
    c->lo_max_bytes = -1;
    c->segment_size = SWING_SEGMENT_DEFAULT;
    (void) mca_base_component_var_register(v, "priority",
        "Priority of the swing coll component; 0 or less: never selected (default 40, above coll/tuned's 30)",
        MCA_BASE_VAR_TYPE_INT, NULL, 0, MCA_BASE_VAR_FLAG_SETTABLE,
        OPAL_INFO_LVL_2, MCA_BASE_VAR_SCOPE_ALL, &c->priority);
    (void) mca_base_component_var_register(v, "verbose",
        "Verbosity: 0 warnings only, 1 fallbacks and setup, 2 decisions per communicator, 3 every call",
        MCA_BASE_VAR_TYPE_INT, NULL, 0, MCA_BASE_VAR_FLAG_SETTABLE,
        OPAL_INFO_LVL_9, MCA_BASE_VAR_SCOPE_LOCAL, &c->verbose);
    rc = swing_register_algorithm();
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    c->topology = "auto";
    (void) mca_base_component_var_register(v, "topology",
        "Torus the schedules follow: auto (a ring of the communicator), ring, "
        "a shape such as torus:8x8 or 4x2, a preset name, or @/path/to/file",
        MCA_BASE_VAR_TYPE_STRING, NULL, 0, MCA_BASE_VAR_FLAG_SETTABLE,
        OPAL_INFO_LVL_5, MCA_BASE_VAR_SCOPE_ALL, &c->topology);
    (void) mca_base_component_var_register(v, "lo_max_bytes",
        "auto: largest message (bytes) sent with a latency-optimal algorithm; "
        "-1: from the cost model for the communicator's size and topology",
        MCA_BASE_VAR_TYPE_LONG, NULL, 0, MCA_BASE_VAR_FLAG_SETTABLE,
        OPAL_INFO_LVL_5, MCA_BASE_VAR_SCOPE_ALL, &c->lo_max_bytes);
    (void) mca_base_component_var_register(v, "segment_size",
        "Bandwidth-optimal algorithms: pipeline segment in bytes; 0 sends each step in one piece",
        MCA_BASE_VAR_TYPE_LONG, NULL, 0, MCA_BASE_VAR_FLAG_SETTABLE,
        OPAL_INFO_LVL_6, MCA_BASE_VAR_SCOPE_ALL, &c->segment_size);

    c->shm_size = SWING_SHM_SIZE_DEFAULT;
    (void) mca_base_component_var_register(v, "shm_size",
        "shm algorithm: bytes of each rank's slot in the shared segment (the segment "
        "holds 2 (p + 1) slots plus 16 KiB per rank); larger messages go in chunks of this "
        "size, small enough to stay in cache; hier uses the same per node; 0: shm and hier "
        "never used "
        "(default 256 KiB; minimum 4096, maximum 1 GiB)",
        MCA_BASE_VAR_TYPE_LONG, NULL, 0, MCA_BASE_VAR_FLAG_SETTABLE,
        OPAL_INFO_LVL_6, MCA_BASE_VAR_SCOPE_ALL, &c->shm_size);
    c->shm_cma = false;
    (void) mca_base_component_var_register(v, "shm_cma",
        "shm algorithm: large messages read the peers' buffers directly (Linux "
        "cross-memory attach, process_vm_readv) instead of staging through the segment; "
        "tried once per communicator, the segment scheme serves where the kernel refuses; "
        "off by default: on the machines measured the kernel's copy was slower than the "
        "segment scheme (README, Shared memory)",
        MCA_BASE_VAR_TYPE_BOOL, NULL, 0, MCA_BASE_VAR_FLAG_SETTABLE,
        OPAL_INFO_LVL_6, MCA_BASE_VAR_SCOPE_ALL, &c->shm_cma);
    c->shm_cma_min = SWING_SHM_CMA_MIN_DEFAULT;
    (void) mca_base_component_var_register(v, "shm_cma_min",
        "shm algorithm: smallest message (bytes) sent with single copy when available",
        MCA_BASE_VAR_TYPE_LONG, NULL, 0, MCA_BASE_VAR_FLAG_SETTABLE,
        OPAL_INFO_LVL_6, MCA_BASE_VAR_SCOPE_ALL, &c->shm_cma_min);
    c->shm_assume_remote = false;
    (void) mca_base_component_var_register(v, "shm_assume_remote",
        "Debug: treat every peer as on another node, so shm and hier are never offered "
        "(tests the multi-node refusal on one machine)",
        MCA_BASE_VAR_TYPE_BOOL, NULL, 0, MCA_BASE_VAR_FLAG_SETTABLE,
        OPAL_INFO_LVL_9, MCA_BASE_VAR_SCOPE_ALL, &c->shm_assume_remote);

    rc = mca_coll_swing_kernel_register(v);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }

    swing_check_size("lo_max_bytes", &c->lo_max_bytes, -1, -1);
    swing_check_size("shm_size", &c->shm_size, 0, SWING_SHM_SIZE_DEFAULT);
    swing_check_size("shm_cma_min", &c->shm_cma_min, 0, SWING_SHM_CMA_MIN_DEFAULT);
    swing_check_size("segment_size", &c->segment_size, 0, SWING_SEGMENT_DEFAULT);

    (void) swing_register_counter("allreduce_served",
        "MPI_Allreduce calls executed by swing", &c->served_total);
    (void) swing_register_counter("allreduce_shm_single_copy",
        "shm MPI_Allreduce calls served by single copy (process_vm_readv)",
        &c->shm_single_copy);
    (void) swing_register_counter("allreduce_fallback",
        "MPI_Allreduce calls handed to the previous module", &c->fallback);
    for (int i = 1; i < MCA_COLL_SWING_ALG_COUNT; ++i) {
        snprintf(name, sizeof(name), "allreduce_%s", mca_coll_swing_algs[i].name);
        (void) swing_register_counter(name, mca_coll_swing_algs[i].help,
                                      &c->served[i]);
    }
    return OMPI_SUCCESS;
}

/*
 * Runs when the .so is loaded, before Open MPI looks at it: under another
 * series Open MPI would drop it without a word, under another 5.0.x run it
 * on structures it was not built for. One line per job (rank 0, or the
 * process itself outside mpirun), then the component stays unavailable.
 */
__attribute__((constructor)) static void swing_check_version(void)
{
    const char *rank = getenv("OMPI_COMM_WORLD_RANK");
    char running[64];

    if (mca_coll_swing_compat_runtime_ok(running, sizeof(running))) {
        return;
    }
    swing_wrong_version = true;
    if (NULL == rank || 0 == strcmp(rank, "0")) {
        fprintf(stderr, "coll:swing: built for Open MPI %d.%d.%d, running under %s: "
                "swing is disabled (rebuild it against this Open MPI)\n",
                OMPI_MAJOR_VERSION, OMPI_MINOR_VERSION, OMPI_RELEASE_VERSION, running);
    }
}

static int swing_open(void)
{
    if (swing_wrong_version) {
        return OMPI_ERR_NOT_AVAILABLE;
    }
    mca_coll_swing_component.output = opal_output_open(NULL);
    opal_output_set_verbosity(mca_coll_swing_component.output,
                              mca_coll_swing_component.verbose);
    return OMPI_SUCCESS;
}

static int swing_close(void)
{
    if (mca_coll_swing_component.output >= 0) {
        opal_output_close(mca_coll_swing_component.output);
        mca_coll_swing_component.output = -1;
    }
    return OMPI_SUCCESS;
}

/*
 * Warnings are printed by the process of world rank 0 only: every process
 * sees the same parameters and the same descriptions, so one line says it
 * for the job. (Open MPI's help aggregation was tried first; under load
 * mpirun drops some of its messages.)
 */
void mca_coll_swing_warn_once(int *flag, int level, const char *topic,
                              const char *fmt, ...)
{
    char msg[512];
    va_list ap;

    if (*flag || (level > 0 && mca_coll_swing_component.verbose < level)) {
        return;
    }
    *flag = 1;
    if (0 == level && 0 != OPAL_PROC_MY_NAME.vpid) {
        return;
    }
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    opal_output(0, "coll:swing: %s: %s", topic, msg);
}
