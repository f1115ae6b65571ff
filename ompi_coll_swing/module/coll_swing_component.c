/*
 * Component registration: MCA parameters (bound to base/'s tunables), MPI_T
 * counters (from the algorithm tables), output stream, version check.
 */
#include "coll_swing_module.h"
#include "coll_swing_decide.h"
#include "coll_swing_kernel.h"
#include "coll_swing_nb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opal/mca/base/mca_base_pvar.h"
#include "opal/mca/base/mca_base_var.h"
#include "opal/util/output.h"
#include "ompi/mca/coll/base/base.h"

const char *mca_coll_swing_component_version_string =
    "Open MPI swing collective MCA component version " SWING_VERSION;

#define SWING_SEGMENT_DEFAULT (1L << 20)
#define SWING_SHM_SIZE_DEFAULT (256L << 10)
#define SWING_SHM_CMA_MIN_DEFAULT (512L << 10)
#define SWING_SHM_CMA_AG_MIN_DEFAULT (-1L)

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
};

/* A read-only pvar of class counter (only grows) or level (goes up and down). */
static int swing_register_pvar(const char *name, const char *desc, int var_class,
                               unsigned long long *ctr)
{
    return mca_base_component_pvar_register(
        &mca_coll_swing_component.super.collm_version, name, desc,
        OPAL_INFO_LVL_4, var_class,
        MCA_BASE_VAR_TYPE_UNSIGNED_LONG_LONG, NULL, MCA_BASE_VAR_BIND_NO_OBJECT,
        MCA_BASE_PVAR_FLAG_READONLY | MCA_BASE_PVAR_FLAG_CONTINUOUS,
        NULL, NULL, NULL, ctr);
}

/* coll_swing_<collective>_algorithm, an enum made from the collective's table. */
static int swing_register_algorithm(int coll)
{
    const mca_coll_swing_table_t *t = &mca_coll_swing_tables[coll];
    mca_base_var_enum_value_t values[MCA_COLL_SWING_MAX_ALGS + 1];
    mca_base_var_enum_t *alg_enum = NULL;
    char help[1024], name[64];
    int *value = &mca_coll_swing_params.algorithm[coll];
    size_t used;
    int rc;

    used = (size_t) snprintf(help, sizeof(help),
                             "%s (can be set per communicator through MPI_T before it is created):",
                             t->title);
    for (int i = 0; i < t->nalgs; ++i) {
        values[i].value = t->algs[i].id;
        values[i].string = t->algs[i].name;
        if (used < sizeof(help)) {
            used += (size_t) snprintf(help + used, sizeof(help) - used, " %s = %s;",
                                      t->algs[i].name, t->algs[i].help);
        }
    }
    values[t->nalgs].value = 0;
    values[t->nalgs].string = NULL;
    /* allreduce keeps the enum's first name (MPI_T clients may know it) */
    snprintf(name, sizeof(name), MCA_COLL_SWING_ALLREDUCE == coll ? "coll_swing_algorithms"
                                                                   : "coll_swing_%s_algorithms",
             t->name);
    rc = mca_base_var_enum_create(name, values, &alg_enum);
    if (OPAL_SUCCESS != rc) {
        return rc;
    }
    /*
     * An unknown name makes Open MPI print the valid values and fail the
     * registration; the component stays usable with the default instead of
     * disappearing.
     */
    *value = 0;
    snprintf(name, sizeof(name), "%s_algorithm", t->name);
    (void) mca_base_component_var_register(
        &mca_coll_swing_component.super.collm_version, name,
        help, MCA_BASE_VAR_TYPE_INT, alg_enum, 0, MCA_BASE_VAR_FLAG_SETTABLE,
        OPAL_INFO_LVL_5, MCA_BASE_VAR_SCOPE_ALL, value);
    OBJ_RELEASE(alg_enum);
    if (*value < 0 || *value >= t->nalgs) {
        *value = 0;
    }
    return OMPI_SUCCESS;
}

/* <collective>_served, _fallback and one per algorithm. */
static void swing_register_counters(int coll)
{
    const mca_coll_swing_table_t *t = &mca_coll_swing_tables[coll];
    mca_coll_swing_coll_counters_t *ctr = &mca_coll_swing_counters.coll[coll];
    char name[64], desc[128];

    snprintf(name, sizeof(name), "%s_served", t->name);
    snprintf(desc, sizeof(desc), "%s calls executed by swing", t->call);
    (void) swing_register_pvar(name, desc, MCA_BASE_PVAR_CLASS_COUNTER, &ctr->served_total);
    snprintf(name, sizeof(name), "%s_fallback", t->name);
    snprintf(desc, sizeof(desc), "%s calls handed to the previous module", t->call);
    (void) swing_register_pvar(name, desc, MCA_BASE_PVAR_CLASS_COUNTER, &ctr->fallback);
    snprintf(name, sizeof(name), "%s_previous", t->name);
    snprintf(desc, sizeof(desc), "%s calls auto handed to the previous module because a row "
             "of the measured decision table said previous", t->call);
    (void) swing_register_pvar(name, desc, MCA_BASE_PVAR_CLASS_COUNTER, &ctr->previous);
    for (int i = 1; i < t->nalgs; ++i) {
        snprintf(name, sizeof(name), "%s_%s", t->name, t->algs[i].name);
        (void) swing_register_pvar(name, t->algs[i].help, MCA_BASE_PVAR_CLASS_COUNTER,
                                   &ctr->served[i]);
    }
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
    mca_coll_swing_params_t *c = &mca_coll_swing_params;
    const mca_base_component_t *v = &mca_coll_swing_component.super.collm_version;
    int rc;

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
    for (int coll = 0; coll < MCA_COLL_SWING_NCOLLS; ++coll) {
        rc = swing_register_algorithm(coll);
        if (OMPI_SUCCESS != rc) {
            return rc;
        }
    }
    c->topology = "auto";
    (void) mca_base_component_var_register(v, "topology",
        "Torus the schedules follow: auto (one node: a ring of the ranks; across nodes "
        "with equal node blocks: ranks per node x nodes; otherwise a ring), ring, "
        "a shape such as torus:8x8 or 4x2, a preset name, or @/path/to/file",
        MCA_BASE_VAR_TYPE_STRING, NULL, 0, MCA_BASE_VAR_FLAG_SETTABLE,
        OPAL_INFO_LVL_5, MCA_BASE_VAR_SCOPE_ALL, &c->topology);
    c->decision_file = "";
    (void) mca_base_component_var_register(v, "decision_file",
        "auto: a measured decision table, a file of rows 'decide COLLECTIVE LO-HI ALGORITHM "
        "[ranks=N]' (bench/swing-tune writes one; topology/presets/TABLE.md): in a row's "
        "range (bytes of the whole vector) auto runs its algorithm, or hands the call to "
        "the component swing replaced (previous); the model decides between and beyond the "
        "rows. It replaces, per collective, the rows of the topology description. A bad row "
        "gives one message naming its line and is left out; a file that does not load, one "
        "message. Empty (the default): no file",
        MCA_BASE_VAR_TYPE_STRING, NULL, 0, MCA_BASE_VAR_FLAG_SETTABLE,
        OPAL_INFO_LVL_5, MCA_BASE_VAR_SCOPE_ALL, &c->decision_file);
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
        "segment scheme (docs/RESULTS.md, shared memory)",
        MCA_BASE_VAR_TYPE_BOOL, NULL, 0, MCA_BASE_VAR_FLAG_SETTABLE,
        OPAL_INFO_LVL_6, MCA_BASE_VAR_SCOPE_ALL, &c->shm_cma);
    c->shm_cma_min = SWING_SHM_CMA_MIN_DEFAULT;
    (void) mca_base_component_var_register(v, "shm_cma_min",
        "shm algorithm: smallest message (bytes) sent with single copy when available",
        MCA_BASE_VAR_TYPE_LONG, NULL, 0, MCA_BASE_VAR_FLAG_SETTABLE,
        OPAL_INFO_LVL_6, MCA_BASE_VAR_SCOPE_ALL, &c->shm_cma_min);
    c->shm_cma_allgather_min = SWING_SHM_CMA_AG_MIN_DEFAULT;
    (void) mca_base_component_var_register(v, "shm_cma_allgather_min",
        "shm MPI_Allgather and MPI_Allgatherv: smallest message (bytes, all blocks "
        "together) whose blocks every rank reads straight from the others' buffers by "
        "single copy (process_vm_readv) where the kernel allows it; smaller ones, or all "
        "where it refuses, go through the segment; -1: never (with coll_swing_shm_cma "
        "off, single copy is then not even tried) (default -1: on the machine measured "
        "it was not faster than the segment at any size, docs/COLLECTIVES.md)",
        MCA_BASE_VAR_TYPE_LONG, NULL, 0, MCA_BASE_VAR_FLAG_SETTABLE,
        OPAL_INFO_LVL_6, MCA_BASE_VAR_SCOPE_ALL, &c->shm_cma_allgather_min);
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
    swing_check_size("shm_cma_allgather_min", &c->shm_cma_allgather_min, -1,
                     SWING_SHM_CMA_AG_MIN_DEFAULT);
    swing_check_size("segment_size", &c->segment_size, 0, SWING_SEGMENT_DEFAULT);

    for (int coll = 0; coll < MCA_COLL_SWING_NCOLLS; ++coll) {
        swing_register_counters(coll);
    }
    (void) swing_register_pvar("allreduce_shm_single_copy",
        "shm MPI_Allreduce calls served by single copy (process_vm_readv)",
        MCA_BASE_PVAR_CLASS_COUNTER, &mca_coll_swing_counters.shm_single_copy);
    (void) swing_register_pvar("allgather_shm_single_copy",
        "shm MPI_Allgather and MPI_Allgatherv calls served by single copy (process_vm_readv)",
        MCA_BASE_PVAR_CLASS_COUNTER, &mca_coll_swing_counters.shm_ag_single_copy);
    (void) swing_register_pvar("nb_requests",
        "swing requests (MPI_Iallreduce, MPI_Allreduce_init) alive now: active, "
        "complete and not yet freed, or persistent",
        MCA_BASE_PVAR_CLASS_LEVEL, &mca_coll_swing_counters.nb_active);
    (void) swing_register_pvar("nb_progress",
        "1 while swing's progress callback is registered (some swing request is active)",
        MCA_BASE_PVAR_CLASS_LEVEL, &mca_coll_swing_counters.nb_progress);
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
    mca_coll_swing_params.output = opal_output_open(NULL);
    opal_output_set_verbosity(mca_coll_swing_params.output, mca_coll_swing_params.verbose);
    return OMPI_SUCCESS;
}

static int swing_close(void)
{
    mca_coll_swing_nb_fini();
    mca_coll_swing_decision_fini();
    if (mca_coll_swing_params.output >= 0) {
        opal_output_close(mca_coll_swing_params.output);
        mca_coll_swing_params.output = -1;
    }
    return OMPI_SUCCESS;
}
