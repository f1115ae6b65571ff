/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Component registration: MCA parameters (one table, bound to base/'s
 * tunables; the algorithm parameters from decide/'s tables), MPI_T counters
 * (from the algorithm tables), output stream, version check.
 */
#include "coll_swing_module.h"
#include "coll_swing_decide.h"
#include "coll_swing_kernel.h"
#include "coll_swing_nb.h"
#include "coll_swing_p2p.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opal/mca/base/mca_base_pvar.h"
#include "opal/mca/base/mca_base_var.h"
#include "opal/util/output.h"
#include "ompi/mca/coll/base/base.h"

const char *mca_coll_swing_component_version_string =
    "Open MPI swing collective MCA component version " SWING_VERSION;

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
    return mca_base_component_pvar_register(&mca_coll_swing_component.super.collm_version, name,
                                            desc, OPAL_INFO_LVL_4, var_class,
                                            MCA_BASE_VAR_TYPE_UNSIGNED_LONG_LONG, NULL,
                                            MCA_BASE_VAR_BIND_NO_OBJECT,
                                            MCA_BASE_PVAR_FLAG_READONLY
                                                | MCA_BASE_PVAR_FLAG_CONTINUOUS,
                                            NULL, NULL, NULL, ctr);
}

/* coll_swing_<collective>_algorithm, an enum made from the collective's table. */
static int swing_register_algorithm(int coll)
{
    const mca_coll_swing_table_t *t = &mca_coll_swing_tables[coll];
    mca_base_var_enum_value_t values[MCA_COLL_SWING_MAX_ALGS + 1];
    mca_base_var_enum_t *alg_enum = NULL;
    /* room for every row's help: broadcast's 20 take about 2600 */
    char help[4096], name[64];
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
    snprintf(name, sizeof(name),
             MCA_COLL_SWING_ALLREDUCE == coll ? "coll_swing_algorithms"
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
    (void) mca_base_component_var_register(&mca_coll_swing_component.super.collm_version, name,
                                           help, MCA_BASE_VAR_TYPE_INT, alg_enum, 0,
                                           MCA_BASE_VAR_FLAG_SETTABLE, OPAL_INFO_LVL_5,
                                           MCA_BASE_VAR_SCOPE_ALL, value);
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
    snprintf(desc, sizeof(desc),
             "%s calls auto handed to the previous module because a row "
             "of the measured decision table said previous",
             t->call);
    (void) swing_register_pvar(name, desc, MCA_BASE_PVAR_CLASS_COUNTER, &ctr->previous);
    snprintf(name, sizeof(name), "%s_error", t->name);
    snprintf(desc, sizeof(desc), "%s calls swing served that ended with an error on this rank",
             t->call);
    (void) swing_register_pvar(name, desc, MCA_BASE_PVAR_CLASS_COUNTER, &ctr->error);
    for (int i = 1; i < t->nalgs; ++i) {
        snprintf(name, sizeof(name), "%s_%s", t->name, t->algs[i].name);
        (void) swing_register_pvar(name, t->algs[i].help, MCA_BASE_PVAR_CLASS_COUNTER,
                                   &ctr->served[i]);
    }
}

/* What the component did about faults (docs/TESTING.md, "Faults"). */
static void swing_register_fault_counters(void)
{
    mca_coll_swing_counters_t *c = &mca_coll_swing_counters;
    char name[64], desc[128];

    (void) swing_register_pvar(
        "agree", "agreements of every rank before a call grew its scratch beyond what was agreed",
        MCA_BASE_PVAR_CLASS_COUNTER, &c->agree);
    (void) swing_register_pvar(
        "agree_fallback",
        "agreements that found a rank short of memory: every rank handed the call to the "
        "previous module",
        MCA_BASE_PVAR_CLASS_COUNTER, &c->agree_fallback);
    (void) swing_register_pvar("p2p_retry",
                               "point-to-point posts refused for want of resources and retried",
                               MCA_BASE_PVAR_CLASS_COUNTER, &c->p2p_retry);
    (void) swing_register_pvar(
        "peer_error",
        "operations that learned of a peer's failure (a short or failed message, the "
        "segment's mark) and ended with an error",
        MCA_BASE_PVAR_CLASS_COUNTER, &c->peer_error);
    (void) swing_register_pvar("faults_injected", "faults made by coll_swing_fault_inject",
                               MCA_BASE_PVAR_CLASS_COUNTER, &c->faults_injected);
    for (int i = 0; i < MCA_COLL_SWING_FAULT_COUNT; ++i) {
        snprintf(name, sizeof(name), "fault_%s", mca_coll_swing_fault_names[i]);
        snprintf(desc, sizeof(desc),
                 "occurrences of fault point %s while "
                 "coll_swing_fault_inject is set",
                 mca_coll_swing_fault_names[i]);
        (void) swing_register_pvar(name, desc, MCA_BASE_PVAR_CLASS_COUNTER, &c->fault_seen[i]);
    }
}

/*
 * One MCA parameter, coll_swing_<name>, bound to its tunable in base/. The
 * row with no name stands for the per-collective algorithm parameters,
 * made from decide/'s tables; they keep their place in ompi_info's list.
 */
typedef struct swing_param_t {
    const char *name;
    mca_base_var_type_t type; /* INT, LONG, BOOL or STRING */
    mca_base_var_info_lvl_t level;
    mca_base_var_scope_t scope;
    const char *help;
    void *storage;                           /* in mca_coll_swing_params, of that type */
    long dflt;                               /* INT, LONG and BOOL */
    const char *dflt_string;                 /* STRING */
    const mca_base_var_enum_value_t *values; /* INT: an enum named coll_swing_<name> */
    long min;                                /* LONG (sizes): smaller values warn, get dflt */
} swing_param_t;

static const mca_base_var_enum_value_t swing_kernel_values[] = {
    { MCA_COLL_SWING_KERNELS_AUTO, "auto" }, { MCA_COLL_SWING_KERNELS_BASE, "base" },
    { MCA_COLL_SWING_KERNELS_AVX2, "avx2" }, { MCA_COLL_SWING_KERNELS_AVX512, "avx512" },
    { MCA_COLL_SWING_KERNELS_OMPI, "ompi" }, { 0, NULL },
};

static const swing_param_t swing_params[] = {
    { .name = "priority",
      .type = MCA_BASE_VAR_TYPE_INT,
      .level = OPAL_INFO_LVL_2,
      .scope = MCA_BASE_VAR_SCOPE_ALL,
      .storage = &mca_coll_swing_params.priority,
      .dflt = 40,
      .help = "Priority of the swing coll component; 0 or less: never selected (default 40, "
              "above coll/tuned's 30)" },
    { .name = "verbose",
      .type = MCA_BASE_VAR_TYPE_INT,
      .level = OPAL_INFO_LVL_9,
      .scope = MCA_BASE_VAR_SCOPE_LOCAL,
      .storage = &mca_coll_swing_params.verbose,
      .dflt = 0,
      .help = "Verbosity: 0 warnings only, 1 fallbacks and setup, 2 decisions per "
              "communicator, 3 every call" },
    { .name = NULL },
    { .name = "topology",
      .type = MCA_BASE_VAR_TYPE_STRING,
      .level = OPAL_INFO_LVL_5,
      .scope = MCA_BASE_VAR_SCOPE_ALL,
      .storage = &mca_coll_swing_params.topology,
      .dflt_string = "auto",
      .help = "Topology the schedules follow: auto (one node: a ring of the ranks; across "
              "nodes with equal node blocks: ranks per node x nodes; otherwise a ring), a "
              "shape such as ring:8, torus:8x8 or 4x2, a preset name (n150, n150:harvest=Y, "
              "n150-72, torus), a network of groups dragonfly:G,A[,H[,R]] or "
              "fattree:L,N[,U[,R]] (with :slots=K, :place=roundrobin), or @/path/to/file "
              "(docs/TOPOLOGIES.md)" },
    { .name = "decision_file",
      .type = MCA_BASE_VAR_TYPE_STRING,
      .level = OPAL_INFO_LVL_5,
      .scope = MCA_BASE_VAR_SCOPE_ALL,
      .storage = &mca_coll_swing_params.decision_file,
      .dflt_string = "",
      .help = "auto: a measured decision table, a file of rows 'decide COLLECTIVE LO-HI "
              "ALGORITHM [ranks=N]' (bench/swing-tune writes one; topology/presets/TABLE.md): "
              "in a row's range (bytes of the whole vector) auto runs its algorithm, or hands "
              "the call to the component swing replaced (previous); the model decides between "
              "and beyond the rows. It replaces, per collective, the rows of the topology "
              "description. A bad row gives one message naming its line and is left out; a "
              "file that does not load, one message. Empty (the default): no file" },
    { .name = "lo_max_bytes",
      .type = MCA_BASE_VAR_TYPE_LONG,
      .level = OPAL_INFO_LVL_5,
      .scope = MCA_BASE_VAR_SCOPE_ALL,
      .storage = &mca_coll_swing_params.lo_max_bytes,
      .dflt = -1,
      .min = -1,
      .help = "auto: largest message (bytes) sent with a latency-optimal algorithm; "
              "-1 (the default): the topology description's measured crossover (decide "
              "lo_max_bytes=N) if it has one, else the cost model for the communicator's "
              "size and topology. A measured decision table's rows decide first in their "
              "ranges; on one node shm, across nodes hier take the sizes they serve" },
    { .name = "segment_size",
      .type = MCA_BASE_VAR_TYPE_LONG,
      .level = OPAL_INFO_LVL_6,
      .scope = MCA_BASE_VAR_SCOPE_ALL,
      .storage = &mca_coll_swing_params.segment_size,
      .dflt = 1L << 20,
      .min = 0,
      .help = "Bandwidth-optimal algorithms: pipeline segment in bytes; 0 sends each step in "
              "one piece" },
    { .name = "shm_size",
      .type = MCA_BASE_VAR_TYPE_LONG,
      .level = OPAL_INFO_LVL_6,
      .scope = MCA_BASE_VAR_SCOPE_ALL,
      .storage = &mca_coll_swing_params.shm_size,
      .dflt = 256L << 10,
      .min = 0,
      .help = "shm algorithm: bytes of each rank's slot in the shared segment (the segment "
              "holds 2 (p + 1) slots plus 16 KiB per rank); larger messages go in chunks of "
              "this size, small enough to stay in cache; hier uses the same per node; 0: shm "
              "and hier never used (default 256 KiB; minimum 4096, maximum 1 GiB)" },
    { .name = "shm_cma",
      .type = MCA_BASE_VAR_TYPE_BOOL,
      .level = OPAL_INFO_LVL_6,
      .scope = MCA_BASE_VAR_SCOPE_ALL,
      .storage = &mca_coll_swing_params.shm_cma,
      .dflt = 0,
      .help = "shm algorithm: large messages read the peers' buffers directly (Linux "
              "cross-memory attach, process_vm_readv) instead of staging through the "
              "segment; tried once per communicator, the segment scheme serves where the "
              "kernel refuses; off by default: on the machines measured the kernel's copy "
              "was slower than the segment scheme (docs/ALGORITHMS.md, shared memory)" },
    { .name = "shm_cma_min",
      .type = MCA_BASE_VAR_TYPE_LONG,
      .level = OPAL_INFO_LVL_6,
      .scope = MCA_BASE_VAR_SCOPE_ALL,
      .storage = &mca_coll_swing_params.shm_cma_min,
      .dflt = 512L << 10,
      .min = 0,
      .help = "shm algorithm: smallest message (bytes) sent with single copy when available" },
    { .name = "shm_cma_allgather_min",
      .type = MCA_BASE_VAR_TYPE_LONG,
      .level = OPAL_INFO_LVL_6,
      .scope = MCA_BASE_VAR_SCOPE_ALL,
      .storage = &mca_coll_swing_params.shm_cma_allgather_min,
      .dflt = -1,
      .min = -1,
      .help = "shm MPI_Allgather and MPI_Allgatherv: smallest message (bytes, all blocks "
              "together) whose blocks every rank reads straight from the others' buffers by "
              "single copy (process_vm_readv) where the kernel allows it; smaller ones, or "
              "all where it refuses, go through the segment; -1: never (with "
              "coll_swing_shm_cma off, single copy is then not even tried) (default -1: on "
              "the machine measured it was not faster than the segment at any size, "
              "docs/ALGORITHMS.md, shared memory)" },
    { .name = "shm_cma_bcast_min",
      .type = MCA_BASE_VAR_TYPE_LONG,
      .level = OPAL_INFO_LVL_6,
      .scope = MCA_BASE_VAR_SCOPE_ALL,
      .storage = &mca_coll_swing_params.shm_cma_bcast_min,
      .dflt = -1,
      .min = -1,
      .help = "shm MPI_Bcast: smallest message (bytes) the ranks read straight from the "
              "root's buffer by single copy (process_vm_readv) where the kernel allows it; "
              "smaller ones, or all where it refuses, go through the segment in chunks the "
              "root fills while the others read; -1: never (with coll_swing_shm_cma off, "
              "single copy is then not even tried) (default -1: a broadcast through the "
              "segment moves no more memory than single copy, which adds the kernel's "
              "pinning of pages and was slower for allreduce and allgather on the machine "
              "measured)" },
    { .name = "node_rows",
      .type = MCA_BASE_VAR_TYPE_BOOL,
      .level = OPAL_INFO_LVL_5,
      .scope = MCA_BASE_VAR_SCOPE_ALL,
      .storage = &mca_coll_swing_params.node_rows,
      .dflt = 1,
      .help = "auto on one node (shm): follow the built-in one-node rows, a decision table "
              "measured with swing-tune (timed as the OSU benchmarks time) on 2 and 4 ranks, "
              "which hand the sizes where the shared segment was slower to the fastest of "
              "Open MPI's algorithms or the previous component (ompi_coll_swing/decide/"
              "node.table; docs/TUNING.md); across nodes without a description, MPI_Gather "
              "and MPI_Scatter go to the previous component. coll_swing_decision_file's rows "
              "for a collective replace them; false: neither" },
    { .name = "shm_assume_remote",
      .type = MCA_BASE_VAR_TYPE_BOOL,
      .level = OPAL_INFO_LVL_9,
      .scope = MCA_BASE_VAR_SCOPE_ALL,
      .storage = &mca_coll_swing_params.shm_assume_remote,
      .dflt = 0,
      .help = "Debug: treat every peer as on another node, so shm and hier are never "
              "offered (tests the multi-node refusal on one machine)" },
    { .name = "kernels",
      .type = MCA_BASE_VAR_TYPE_INT,
      .level = OPAL_INFO_LVL_6,
      .scope = MCA_BASE_VAR_SCOPE_ALL,
      .storage = &mca_coll_swing_params.kernels,
      .dflt = MCA_COLL_SWING_KERNELS_AUTO,
      .values = swing_kernel_values,
      .help = "Reductions of intrinsic ops on predefined types: auto = the component's "
              "kernels built for the best ISA this CPU runs; base = portable kernels; avx2, "
              "avx512 = that build (falls back to the best supported one); ompi = Open MPI's "
              "op functions (note: Open MPI 4.1's op/avx saturates 8-bit sums)" },
    { .name = "agree_outcome",
      .type = MCA_BASE_VAR_TYPE_BOOL,
      .level = OPAL_INFO_LVL_5,
      .scope = MCA_BASE_VAR_SCOPE_ALL,
      .storage = &mca_coll_swing_params.agree_outcome,
      .dflt = 0,
      .help = "After every call swing serves, the ranks agree on its outcome (ceil(log2 p) "
              "rounds of one integer; a nonblocking or persistent request completes after "
              "them): a failure on one rank then ends the call with an error on every rank, "
              "where without it a failure late in the call reaches only the ranks that "
              "depend on the failed rank's data, and the others return their exact results "
              "(docs/TESTING.md, Faults). Must be the same on every rank (default 0)" },
    { .name = "fault_inject",
      .type = MCA_BASE_VAR_TYPE_STRING,
      .level = OPAL_INFO_LVL_9,
      .scope = MCA_BASE_VAR_SCOPE_LOCAL,
      .storage = &mca_coll_swing_params.fault_inject,
      .dflt_string = NULL,
      .help = "Debug only, for tests: faults to inject, RANK:POINT:N[,RANK:POINT:N...]: the "
              "Nth occurrence of POINT on the process of MPI_COMM_WORLD rank RANK fails, once; "
              "points: alloc, setup, segment, post, post_fatal, complete, start, cma, pack "
              "(docs/TESTING.md, Faults). Empty (the default): none, at no cost. Given at "
              "launch (\"none\" included), a value written later through MPI_T is read at "
              "the next point reached, and the occurrences are counted from there" },
};

#define SWING_NPARAMS (sizeof(swing_params) / sizeof(swing_params[0]))

static void swing_param_default(const swing_param_t *p)
{
    switch (p->type) {
    case MCA_BASE_VAR_TYPE_INT: *(int *) p->storage = (int) p->dflt; break;
    case MCA_BASE_VAR_TYPE_LONG: *(long *) p->storage = p->dflt; break;
    case MCA_BASE_VAR_TYPE_BOOL: *(bool *) p->storage = 0 != p->dflt; break;
    default: *(char **) p->storage = (char *) p->dflt_string; break;
    }
}

static int swing_param_register(const swing_param_t *p)
{
    mca_base_var_enum_t *values = NULL;
    char name[64];
    int rc;

    if (NULL != p->values) {
        snprintf(name, sizeof(name), "coll_swing_%s", p->name);
        rc = mca_base_var_enum_create(name, p->values, &values);
        if (OPAL_SUCCESS != rc) {
            return rc;
        }
    }
    swing_param_default(p);
    (void) mca_base_component_var_register(&mca_coll_swing_component.super.collm_version, p->name,
                                           p->help, p->type, values, 0, MCA_BASE_VAR_FLAG_SETTABLE,
                                           p->level, p->scope, p->storage);
    if (NULL != values) {
        OBJ_RELEASE(values);
    }
    return OMPI_SUCCESS;
}

/*
 * Sizes below their minimum take their default, with one warning in all:
 * about the first of them in this order.
 */
static void swing_check_sizes(void)
{
    static const char *const order[] = {
        "lo_max_bytes",          "shm_size",          "shm_cma_min",
        "shm_cma_allgather_min", "shm_cma_bcast_min", "segment_size",
    };
    static int warned = 0;

    for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); ++i) {
        for (size_t j = 0; j < SWING_NPARAMS; ++j) {
            const swing_param_t *p = &swing_params[j];

            if (NULL != p->name && 0 == strcmp(p->name, order[i])
                && *(long *) p->storage < p->min) {
                mca_coll_swing_warn_once(
                    &warned, 0, "warning",
                    "coll_swing_%s = %ld is out of range (minimum %ld); using %ld", p->name,
                    *(long *) p->storage, p->min, p->dflt);
                *(long *) p->storage = p->dflt;
            }
        }
    }
}

static int swing_register(void)
{
    int rc;

    for (size_t i = 0; i < SWING_NPARAMS; ++i) {
        if (NULL != swing_params[i].name) {
            rc = swing_param_register(&swing_params[i]);
            if (OMPI_SUCCESS != rc) {
                return rc;
            }
            continue;
        }
        for (int coll = 0; coll < MCA_COLL_SWING_NCOLLS; ++coll) {
            rc = swing_register_algorithm(coll);
            if (OMPI_SUCCESS != rc) {
                return rc;
            }
        }
    }
    mca_coll_swing_kernel_select();
    swing_check_sizes();

    for (int coll = 0; coll < MCA_COLL_SWING_NCOLLS; ++coll) {
        swing_register_counters(coll);
    }
    (void) swing_register_pvar("allreduce_shm_single_copy",
                               "shm MPI_Allreduce calls served by single copy (process_vm_readv)",
                               MCA_BASE_PVAR_CLASS_COUNTER,
                               &mca_coll_swing_counters.shm_single_copy);
    (void) swing_register_pvar(
        "allgather_shm_single_copy",
        "shm MPI_Allgather and MPI_Allgatherv calls served by single copy (process_vm_readv)",
        MCA_BASE_PVAR_CLASS_COUNTER, &mca_coll_swing_counters.shm_ag_single_copy);
    (void) swing_register_pvar("bcast_shm_single_copy",
                               "shm MPI_Bcast calls served by single copy (process_vm_readv)",
                               MCA_BASE_PVAR_CLASS_COUNTER,
                               &mca_coll_swing_counters.shm_bcast_single_copy);
    (void) swing_register_pvar(
        "nb_requests",
        "swing requests (MPI_Iallreduce, MPI_Allreduce_init) alive now: active, "
        "complete and not yet freed, or persistent",
        MCA_BASE_PVAR_CLASS_LEVEL, &mca_coll_swing_counters.nb_active);
    (void) swing_register_pvar(
        "nb_progress",
        "1 while swing's progress callback is registered (some swing request is active)",
        MCA_BASE_PVAR_CLASS_LEVEL, &mca_coll_swing_counters.nb_progress);
    swing_register_fault_counters();
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
        fprintf(stderr,
                "coll:swing: built for Open MPI %d.%d.%d, running under %s: "
                "swing is disabled (rebuild it against this Open MPI)\n",
                OMPI_MAJOR_VERSION, OMPI_MINOR_VERSION, OMPI_RELEASE_VERSION, running);
    }
}

static int swing_open(void)
{
    int rc;

    if (swing_wrong_version) {
        return OMPI_ERR_NOT_AVAILABLE;
    }
    mca_coll_swing_params.output = opal_output_open(NULL);
    opal_output_set_verbosity(mca_coll_swing_params.output, mca_coll_swing_params.verbose);
    mca_coll_swing_fault_init();
    /* the error mode's receive type and the nonblocking engine's spare request */
    rc = mca_coll_swing_p2p_init();
    if (OMPI_SUCCESS == rc) {
        mca_coll_swing_nb_init();
        mca_coll_swing_node_rows_init();
    }
    return rc;
}

static int swing_close(void)
{
    mca_coll_swing_nb_fini();
    mca_coll_swing_decision_fini();
    mca_coll_swing_node_rows_fini();
    mca_coll_swing_p2p_fini();
    mca_coll_swing_fault_fini();
    if (mca_coll_swing_params.output >= 0) {
        opal_output_close(mca_coll_swing_params.output);
        mca_coll_swing_params.output = -1;
    }
    return OMPI_SUCCESS;
}
