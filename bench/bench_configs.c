/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The configurations compared, and one communicator for each.
 *
 * Open MPI selects a communicator's coll modules when the communicator is
 * created, and the modules read their parameters then: coll/swing its
 * priority (0 = decline) and forced algorithm, coll/tuned its forced
 * allreduce algorithm.  So writing those control variables through MPI_T
 * and then duplicating MPI_COMM_WORLD gives a communicator that keeps
 * that configuration for its lifetime, and several such communicators
 * can be timed side by side in one run.
 *
 * Limits: coll_tuned_use_dynamic_rules is read-only at run time (tuned
 * looks at it when it is opened), so tuned-1..9 need the job started with
 * --mca coll_tuned_use_dynamic_rules 1; without it they are skipped.
 *
 * The table holds every collective's configurations: the groups (all,
 * swing-all, nodes) take the swing ones that have a form for the
 * collective timed (bench_coll_swing_alg), and the tuned-N that this
 * coll/tuned has for it (its enum, at run time).
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* Priority given to swing for its configurations: above tuned (30). */
#define BENCH_SWING_PRIORITY 40

static const bench_config_desc_t bench_configs_all[] = {
    { "swing-auto", BENCH_FAMILY_SWING, "auto", 0,
      "coll/swing, its own choice of algorithm by size", 0 },
    { "swing-lo", BENCH_FAMILY_SWING, "swing_lo", 0, "coll/swing forced: Swing, latency-optimal",
      0 },
    { "rd-lo", BENCH_FAMILY_SWING, "rd_lo", 0,
      "coll/swing forced: recursive doubling, latency-optimal", 0 },
    { "swing-bo", BENCH_FAMILY_SWING, "swing_bo", 0, "coll/swing forced: Swing, bandwidth-optimal",
      0 },
    { "rd-bo", BENCH_FAMILY_SWING, "rd_bo", 0,
      "coll/swing forced: recursive halving/doubling, bandwidth-optimal", 0 },
    { "swing-lo-mp", BENCH_FAMILY_SWING, "swing_lo_mp", 0,
      "coll/swing forced: multiport Swing, latency-optimal (a part per port)", 0 },
    { "rd-lo-mp", BENCH_FAMILY_SWING, "rd_lo_mp", 0,
      "coll/swing forced: multiport recursive doubling, latency-optimal", 0 },
    { "swing-bo-mp", BENCH_FAMILY_SWING, "swing_bo_mp", 0,
      "coll/swing forced: multiport Swing, bandwidth-optimal (a part per port)", 0 },
    { "rd-bo-mp", BENCH_FAMILY_SWING, "rd_bo_mp", 0,
      "coll/swing forced: multiport recursive halving/doubling, bandwidth-optimal", 0 },
    { "ring", BENCH_FAMILY_SWING, "ring", 0,
      "coll/swing forced: ring along the torus's Hamiltonian cycles, both directions", 0 },
    { "shm", BENCH_FAMILY_SWING, "shm", 0, "coll/swing forced: shared-memory allreduce", 0 },
    { "hier", BENCH_FAMILY_SWING, "hier", 0,
      "coll/swing forced: hierarchical, node shm + Swing between nodes", 1 },
    { "bine", BENCH_FAMILY_SWING, "bine", 0,
      "coll/swing forced (rooted): Bine tree, a binomial tree on Swing's distances", 0 },
    { "binomial", BENCH_FAMILY_SWING, "binomial", 0,
      "coll/swing forced (rooted): binomial tree, recursive doubling's distances", 0 },
    { "bine-mp", BENCH_FAMILY_SWING, "bine_mp", 0,
      "coll/swing forced (rooted): multiport Bine trees, a part per port", 0 },
    { "binomial-mp", BENCH_FAMILY_SWING, "binomial_mp", 0,
      "coll/swing forced (rooted): multiport binomial trees, a part per port", 0 },
    { "chain", BENCH_FAMILY_SWING, "chain", 0,
      "coll/swing forced (bcast, reduce): pipelined chains along the torus's cycles", 0 },
    { "bine-bo", BENCH_FAMILY_SWING, "bine_bo", 0,
      "coll/swing forced (bcast, reduce): Bine scatter + Swing allgather, reduce-scatter + "
      "gather",
      0 },
    { "binomial-bo", BENCH_FAMILY_SWING, "binomial_bo", 0,
      "coll/swing forced (bcast, reduce): the same on recursive doubling's partners", 0 },
    { "bine-bo-mp", BENCH_FAMILY_SWING, "bine_bo_mp", 0,
      "coll/swing forced (bcast, reduce): bandwidth-optimal Bine, a part per port", 0 },
    /* Open MPI's own algorithms run by swing (group ompi-all; not in the
       other groups: tuned-N runs the same code) */
    { "ompi-basic-linear", BENCH_FAMILY_SWING, "ompi_basic_linear", 0,
      "coll/swing forced: Open MPI's linear (allreduce: reduce + bcast; "
      "reduce_scatter_block: reduce + scatter; bcast, gather, scatter)",
      0 },
    { "ompi-nonoverlapping", BENCH_FAMILY_SWING, "ompi_nonoverlapping", 0,
      "coll/swing forced: Open MPI's allreduce: MPI_Reduce + MPI_Bcast; "
      "reduce_scatter: MPI_Reduce + MPI_Scatterv",
      0 },
    { "ompi-recursive-doubling", BENCH_FAMILY_SWING, "ompi_recursive_doubling", 0,
      "coll/swing forced: Open MPI's recursive doubling (allreduce, "
      "reduce_scatter_block, allgather)",
      0 },
    { "ompi-ring", BENCH_FAMILY_SWING, "ompi_ring", 0,
      "coll/swing forced: Open MPI's ring (allreduce, reduce_scatter, allgather)", 0 },
    { "ompi-segmented-ring", BENCH_FAMILY_SWING, "ompi_segmented_ring", 0,
      "coll/swing forced: Open MPI's allreduce: segmented ring, tuned's default segment", 0 },
    { "ompi-rabenseifner", BENCH_FAMILY_SWING, "ompi_rabenseifner", 0,
      "coll/swing forced: Open MPI's Rabenseifner (allreduce, reduce)", 0 },
    { "ompi-recursive-halving", BENCH_FAMILY_SWING, "ompi_recursive_halving", 0,
      "coll/swing forced: Open MPI's recursive halving (reduce_scatter_block, reduce_scatter)", 0 },
    { "ompi-butterfly", BENCH_FAMILY_SWING, "ompi_butterfly", 0,
      "coll/swing forced: Open MPI's butterfly (reduce_scatter_block, reduce_scatter)", 0 },
    { "ompi-linear", BENCH_FAMILY_SWING, "ompi_linear", 0,
      "coll/swing forced: Open MPI's linear (allgather: gather + bcast; reduce)", 0 },
    { "ompi-bruck", BENCH_FAMILY_SWING, "ompi_bruck", 0,
      "coll/swing forced: Open MPI's allgather: Bruck", 0 },
    { "ompi-neighbor", BENCH_FAMILY_SWING, "ompi_neighbor", 0,
      "coll/swing forced: Open MPI's allgather: neighbor exchange", 0 },
    { "ompi-two-proc", BENCH_FAMILY_SWING, "ompi_two_proc", 0,
      "coll/swing forced: Open MPI's allgather: two processes (np 2)", 0 },
    { "ompi-sparbit", BENCH_FAMILY_SWING, "ompi_sparbit", 0,
      "coll/swing forced: Open MPI's allgather: sparbit (Open MPI 5.0)", 0 },
    { "ompi-chain", BENCH_FAMILY_SWING, "ompi_chain", 0,
      "coll/swing forced: Open MPI's chains, fanout 4 (bcast, reduce)", 0 },
    { "ompi-pipeline", BENCH_FAMILY_SWING, "ompi_pipeline", 0,
      "coll/swing forced: Open MPI's pipeline (bcast, reduce)", 0 },
    { "ompi-split-binary-tree", BENCH_FAMILY_SWING, "ompi_split_binary_tree", 0,
      "coll/swing forced: Open MPI's bcast: split binary tree", 0 },
    { "ompi-binary-tree", BENCH_FAMILY_SWING, "ompi_binary_tree", 0,
      "coll/swing forced: Open MPI's bcast: binary tree", 0 },
    { "ompi-binomial", BENCH_FAMILY_SWING, "ompi_binomial", 0,
      "coll/swing forced: Open MPI's binomial tree (bcast, reduce, gather, scatter)", 0 },
    { "ompi-knomial", BENCH_FAMILY_SWING, "ompi_knomial", 0,
      "coll/swing forced: Open MPI's bcast: k-nomial tree, radix 4", 0 },
    { "ompi-scatter-allgather", BENCH_FAMILY_SWING, "ompi_scatter_allgather", 0,
      "coll/swing forced: Open MPI's bcast: scatter + recursive-doubling allgather", 0 },
    { "ompi-scatter-allgather-ring", BENCH_FAMILY_SWING, "ompi_scatter_allgather_ring", 0,
      "coll/swing forced: Open MPI's bcast: scatter + ring allgather", 0 },
    { "ompi-binary", BENCH_FAMILY_SWING, "ompi_binary", 0,
      "coll/swing forced: Open MPI's reduce: binary tree", 0 },
    { "ompi-in-order-binary", BENCH_FAMILY_SWING, "ompi_in_order_binary", 0,
      "coll/swing forced: Open MPI's reduce: in-order binary tree", 0 },
    { "ompi-linear-sync", BENCH_FAMILY_SWING, "ompi_linear_sync", 0,
      "coll/swing forced: Open MPI's gather: linear with synchronisation", 0 },
    { "ompi-linear-nb", BENCH_FAMILY_SWING, "ompi_linear_nb", 0,
      "coll/swing forced: Open MPI's scatter: linear, nonblocking sends", 0 },
    { "han", BENCH_FAMILY_HAN, NULL, 0,
      "coll/han (needs --mca coll_han_priority 35: read-only at run time)", 1 },
    { "tuned", BENCH_FAMILY_TUNED, NULL, 0, "coll/tuned, its own decision (swing priority 0)", 0 },
    { "tuned-1", BENCH_FAMILY_TUNED, NULL, 1,
      "coll/tuned forced: its algorithm 1 (allreduce: basic linear)", 0 },
    { "tuned-2", BENCH_FAMILY_TUNED, NULL, 2,
      "coll/tuned forced: 2 (allreduce: nonoverlapping, reduce + bcast)", 0 },
    { "tuned-3", BENCH_FAMILY_TUNED, NULL, 3,
      "coll/tuned forced: 3 (allreduce: recursive doubling)", 0 },
    { "tuned-4", BENCH_FAMILY_TUNED, NULL, 4, "coll/tuned forced: 4 (allreduce: ring)", 0 },
    { "tuned-5", BENCH_FAMILY_TUNED, NULL, 5, "coll/tuned forced: 5 (allreduce: segmented ring)",
      0 },
    { "tuned-6", BENCH_FAMILY_TUNED, NULL, 6, "coll/tuned forced: 6 (allreduce: Rabenseifner)", 0 },
    { "tuned-7", BENCH_FAMILY_TUNED, NULL, 7,
      "coll/tuned forced: 7 (bcast: knomial; reduce: Rabenseifner)", 0 },
    { "tuned-8", BENCH_FAMILY_TUNED, NULL, 8, "coll/tuned forced: 8 (bcast: scatter + allgather)",
      0 },
    { "tuned-9", BENCH_FAMILY_TUNED, NULL, 9,
      "coll/tuned forced: 9 (bcast: scatter + ring allgather)", 0 },
    { "default", BENCH_FAMILY_DEFAULT, NULL, 0,
      "MPI_COMM_WORLD as the MPI sets it up, nothing changed (any MPI)", 0 },
};
#define BENCH_NCONFIGS ((int) (sizeof(bench_configs_all) / sizeof(bench_configs_all[0])))

const bench_config_desc_t *bench_config_table(int *n)
{
    *n = BENCH_NCONFIGS;
    return bench_configs_all;
}

static int bench_config_add(const bench_config_desc_t *d, int by_name,
                            const bench_config_desc_t **out, unsigned char *named, int n, int max)
{
    for (int i = 0; i < n; i++) {
        if (out[i] == d) {
            if (named && by_name) {
                named[i] = 1;
            }
            return n;
        }
    }
    if (n < max) {
        if (named) {
            named[n] = (unsigned char) by_name;
        }
        out[n++] = d;
    }
    return n;
}

/* Does the group take d for the collective k? */
static int bench_config_in_group(const char *group, const bench_config_desc_t *d,
                                 const bench_coll_t *k)
{
    int swing = BENCH_FAMILY_SWING == d->family;

    if (swing && NULL == bench_coll_swing_alg(k, d->swing_algorithm)) {
        return 0;
    }
    if (swing && bench_coll_ompi_alg(d->swing_algorithm)) {
        return 0 == strcmp(group, "ompi-all");
    }
    if (0 == strcmp(group, "all")) {
        return !d->nodes_only && (swing || BENCH_FAMILY_TUNED == d->family);
    }
    if (0 == strcmp(group, "swing-all")) {
        return !d->nodes_only && swing;
    }
    if (0 == strcmp(group, "tuned-all")) {
        return BENCH_FAMILY_TUNED == d->family;
    }
    if (0 == strcmp(group, "nodes")) {
        return BENCH_FAMILY_DEFAULT != d->family && 0 != strcmp(d->name, "rd-lo")
               && 0 != strcmp(d->name, "rd-bo") && 0 != strcmp(d->name, "shm");
    }
    return 0;
}

int bench_config_parse(const char *list, const bench_coll_t *k, const bench_config_desc_t **out,
                       unsigned char *named, int max, char *bad, size_t badlen)
{
    const char *p = list;
    int n = 0;

    while (*p) {
        char name[64];
        size_t len = strcspn(p, ", \t");
        int matched = 0;

        if (0 == len) {
            p++;
            continue;
        }
        snprintf(name, sizeof(name), "%.*s", (int) len, p);
        p += len;
        for (int i = 0; i < BENCH_NCONFIGS; i++) {
            const bench_config_desc_t *d = &bench_configs_all[i];
            if (0 == strcmp(name, d->name)) {
                n = bench_config_add(d, 1, out, named, n, max);
                matched = 1;
            } else if (bench_config_in_group(name, d, k)) {
                n = bench_config_add(d, 0, out, named, n, max);
                matched = 1;
            }
        }
        if (!matched
            && !(0 == strcmp(name, "all") || 0 == strcmp(name, "swing-all")
                 || 0 == strcmp(name, "tuned-all") || 0 == strcmp(name, "nodes")
                 || 0 == strcmp(name, "ompi-all"))) {
            if (bad && badlen) {
                snprintf(bad, badlen, "%s", name);
            }
            return -1;
        }
    }
    return n;
}

/* The control variables the configurations touch. */
typedef struct bench_cvars {
    bench_cvar_t swing_priority;
    bench_cvar_t swing_algorithm;
    bench_cvar_t tuned_algorithm;
    bench_cvar_t tuned_segsize; /* coll_tuned_<coll>_algorithm_segmentsize */
    int segsize;                /* the tuned-N's, bytes; -1 = the job's */
    bench_cvar_t tuned_dynamic;
    bench_cvar_t tuned_priority; /* read-only: read, never written */
    bench_cvar_t han_priority;   /* read-only: read, never written */
    int multinode;               /* the job spans nodes */
    const bench_coll_t *coll;    /* the collective timed */
    char names[3][96];           /* the variables' names for it */
} bench_cvars_t;

/* 1 when every rank has it (collective). */
static int bench_configs_all_have(int mine)
{
    int all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return all;
}

/* 1 when the job's ranks are on more than one node (collective). */
static int bench_spans_nodes(void)
{
    MPI_Comm node;
    int lrank = 0, leader, leaders = 1;

    if (MPI_SUCCESS
        == MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node)) {
        MPI_Comm_rank(node, &lrank);
        MPI_Comm_free(&node);
    }
    leader = (0 == lrank);
    MPI_Allreduce(&leader, &leaders, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    return leaders > 1;
}

/*
 * coll/han outranks coll/tuned in this job (Open MPI 5 by default, 4.1 when
 * started so) on communicators across nodes, the only ones han takes.
 */
static int bench_han_over_tuned(const bench_cvars_t *cv, int *han)
{
    int tuned = 30;

    *han = 0;
    if (!cv->multinode) {
        return 0;
    }
    if (!cv->han_priority.found || MPI_SUCCESS != bench_cvar_read(&cv->han_priority, han)) {
        return 0;
    }
    if (cv->tuned_priority.found) {
        bench_cvar_read(&cv->tuned_priority, &tuned);
    }
    return *han > tuned;
}

static void bench_cvars_restore(bench_cvars_t *cv)
{
    bench_cvar_t *all[] = { &cv->swing_priority, &cv->swing_algorithm, &cv->tuned_algorithm,
                            &cv->tuned_segsize, &cv->tuned_dynamic };

    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
        int now;
        if (all[i]->found && MPI_SUCCESS == bench_cvar_read(all[i], &now)
            && now != all[i]->original) {
            bench_cvar_write(all[i], all[i]->original);
        }
    }
}

/* Write one variable; on failure say why in why[]. */
static int bench_set(const bench_cvar_t *cv, int value, char *why, size_t len)
{
    int rc = bench_cvar_write(cv, value);

    if (MPI_SUCCESS != rc) {
        if (rc < 0) {
            snprintf(why, len, "%s=%d did not stick", cv->name, value);
        } else {
            snprintf(why, len, "cannot write %s (MPI_T error %d)", cv->name, rc);
        }
        return -1;
    }
    return 0;
}

static int bench_apply_swing(const bench_config_desc_t *d, bench_cvars_t *cv, bench_config_t *cfg,
                             char *why, size_t len)
{
    const char *item = bench_coll_swing_alg(cv->coll, d->swing_algorithm);
    int alg;

    if (!cv->swing_priority.found || !cv->swing_algorithm.found) {
        snprintf(why, len,
                 "control variable %s not found (coll/swing not "
                 "loaded?)",
                 cv->swing_priority.found ? cv->swing_algorithm.name : cv->swing_priority.name);
        return -1;
    }
    if (NULL == item) {
        snprintf(why, len, "not a swing algorithm of %s (-k %s)", cv->coll->call, cv->coll->name);
        return -1;
    }
    if (bench_cvar_enum_value(&cv->swing_algorithm, item, &alg)) {
        char names[256];
        bench_cvar_enum_names(&cv->swing_algorithm, names, sizeof(names));
        snprintf(why, len, "%s has no value '%s' (it has: %s)", cv->swing_algorithm.name, item,
                 names[0] ? names : "no enum");
        return -1;
    }
    if (bench_set(&cv->swing_priority, BENCH_SWING_PRIORITY, why, len)
        || bench_set(&cv->swing_algorithm, alg, why, len)) {
        return -1;
    }
    /* Calls swing hands back go to tuned's own decision. */
    if (cv->tuned_algorithm.found && bench_set(&cv->tuned_algorithm, 0, why, len)) {
        return -1;
    }
    snprintf(cfg->detail, sizeof(cfg->detail), "%s=%d %s=%s", cv->swing_priority.name,
             BENCH_SWING_PRIORITY, cv->swing_algorithm.name, item);
    return 0;
}

/* -1 with why[], or -2: this coll/tuned has no such algorithm of the
 * collective (a group's tuned-N past the last, dropped without a word). */
static int bench_apply_tuned(const bench_config_desc_t *d, bench_cvars_t *cv, bench_config_t *cfg,
                             char *why, size_t len)
{
    char item[64] = "";
    int dynamic;

    if (!cv->tuned_algorithm.found) {
        snprintf(why, len,
                 "control variable %s not found (coll/tuned not "
                 "available)",
                 cv->tuned_algorithm.name);
        return -1;
    }
    if (MPI_T_ENUM_NULL != cv->tuned_algorithm.enumtype
        && bench_cvar_enum_name(&cv->tuned_algorithm, d->tuned_algorithm, item, sizeof(item))) {
        snprintf(why, len, "this coll/tuned has no %s algorithm %d", cv->coll->name,
                 d->tuned_algorithm);
        return -2;
    }
    MPI_Comm_size(MPI_COMM_WORLD, &dynamic);
    if (NULL != bench_coll_tuned_refuses(cv->coll, d->tuned_algorithm, dynamic)) {
        snprintf(why, len, "%s", bench_coll_tuned_refuses(cv->coll, d->tuned_algorithm, dynamic));
        return -1;
    }
    if (bench_han_over_tuned(cv, &dynamic)) {
        snprintf(why, len,
                 "coll/han's priority (%d) is above tuned's in this job: "
                 "han would serve",
                 dynamic);
        return -1;
    }
    if (d->tuned_algorithm > 0 && cv->tuned_dynamic.found
        && MPI_SUCCESS == bench_cvar_read(&cv->tuned_dynamic, &dynamic) && !dynamic
        && bench_cvar_write(&cv->tuned_dynamic, 1)) {
        snprintf(why, len,
                 "forcing needs the job started with --mca "
                 "coll_tuned_use_dynamic_rules 1");
        return -1;
    }
    if (bench_set(&cv->tuned_algorithm, d->tuned_algorithm, why, len)) {
        return -1;
    }
    /* the forced trees and chains send in segments of it (read with the
     * algorithm when the communicator is made); tuned's own decision
     * passes its own */
    if (d->tuned_algorithm > 0 && cv->segsize >= 0
        && bench_set(&cv->tuned_segsize, cv->segsize, why, len)) {
        return -1;
    }
    /* Without swing there is nothing to switch off. */
    if (cv->swing_priority.found && bench_set(&cv->swing_priority, 0, why, len)) {
        return -1;
    }
    snprintf(cfg->detail, sizeof(cfg->detail), "%s%s %s=%d%s%s%s",
             cv->swing_priority.found ? cv->swing_priority.name : "",
             cv->swing_priority.found ? "=0" : "", cv->tuned_algorithm.name, d->tuned_algorithm,
             item[0] ? " (" : "", item, item[0] ? ")" : "");
    return 0;
}

/* han serves where swing declines, when the job gave it priority over tuned. */
static int bench_apply_han(bench_cvars_t *cv, bench_config_t *cfg, char *why, size_t len)
{
    int han;

    if (!bench_han_over_tuned(cv, &han)) {
        snprintf(why, len,
                 cv->multinode ? "start the job with --mca coll_han_priority 35 "
                                 "(above tuned, below swing; read-only at run time)"
                               : "coll/han serves only communicators across nodes");
        return -1;
    }
    if (cv->swing_priority.found && bench_set(&cv->swing_priority, 0, why, len)) {
        return -1;
    }
    snprintf(cfg->detail, sizeof(cfg->detail), "%s=0 coll_han_priority=%d (job)",
             cv->swing_priority.found ? cv->swing_priority.name : "(no swing)", han);
    return 0;
}

static void bench_skip(bench_configs_t *set, const char *name)
{
    size_t used = strlen(set->skipped);
    snprintf(set->skipped + used, sizeof(set->skipped) - used, "%s%s", used ? " " : "", name);
}

/* The algorithms swing can run (its enum minus "auto"): each may have a
 * counter of the calls it executed, which tells what swing-auto chose. */
static void bench_swing_algorithms(bench_configs_t *set, const bench_cvar_t *alg)
{
    int v;

    if (!alg->found) {
        return;
    }
    for (int i = 0; set->nalgs < BENCH_MAX_ALGS
                    && 0
                           == bench_cvar_enum_item(alg, i, &v, set->alg_name[set->nalgs],
                                                   sizeof(set->alg_name[0]));
         i++) {
        if (0 != strcmp(set->alg_name[set->nalgs], "auto")) {
            set->nalgs++;
        }
    }
    /* a measured table's "previous" rows: counted like an algorithm (its
       counter, coll_swing_<collective>_previous, exists from swing 0.2 on) */
    if (set->nalgs < BENCH_MAX_ALGS) {
        snprintf(set->alg_name[set->nalgs++], sizeof(set->alg_name[0]), "previous");
    }
}

/*
 * coll/han makes its communicators of a node and of the node leaders at
 * its first call of a collective, and swing, at the job's priority then,
 * would serve their calls: han over swing's trees, not Open MPI's own.
 * One call now, while swing's priority is still 0, makes them with the
 * components han would have without swing.
 */
static int bench_han_subcomms(const bench_coll_t *k, MPI_Comm comm)
{
    int np, rc, *buf;

    MPI_Comm_size(comm, &np);
    buf = calloc((size_t) np * 3, sizeof(int));
    if (!bench_configs_all_have(NULL != buf)) {
        free(buf);
        return MPI_ERR_NO_MEM;
    }
    rc = bench_coll_call(k, buf, buf + np, 0, (size_t) np, MPI_INT, MPI_SUM, 0, comm, buf + 2 * np);
    free(buf);
    return rc;
}

/* Set the variables for one configuration and duplicate MPI_COMM_WORLD. */
/* named: d was asked for by its name (else by a group, and then a tuned
 * algorithm number past the collective's last is dropped quietly). */
static int bench_config_make(bench_configs_t *set, bench_cvars_t *cv, const bench_config_desc_t *d,
                             int named, int rank)
{
    bench_config_t *cfg = &set->cfg[set->n];
    char why[512] = "", pname[96];
    int ok, all_ok, rc, quiet = 0;

    memset(cfg, 0, sizeof(*cfg));
    cfg->desc = d;
    cfg->comm = MPI_COMM_NULL;

    /* Each configuration starts from the job's own settings. */
    bench_cvars_restore(cv);
    switch (d->family) {
    case BENCH_FAMILY_SWING: ok = 0 == bench_apply_swing(d, cv, cfg, why, sizeof(why)); break;
    case BENCH_FAMILY_TUNED:
        rc = bench_apply_tuned(d, cv, cfg, why, sizeof(why));
        ok = 0 == rc;
        quiet = -2 == rc && !named;
        break;
    case BENCH_FAMILY_HAN: ok = 0 == bench_apply_han(cv, cfg, why, sizeof(why)); break;
    default:
        snprintf(cfg->detail, sizeof(cfg->detail), "no variable changed");
        ok = 1;
        break;
    }

    /* Every rank must agree, or the dup would mix configurations. */
    rc = MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (MPI_SUCCESS != rc) {
        return rc;
    }
    if (!all_ok) {
        if (quiet) {
            return MPI_SUCCESS;
        }
        if (0 == rank) {
            fprintf(stderr, "swing_bench: skipping %s: %s\n", d->name,
                    ok ? "not possible on every rank" : why);
        }
        bench_skip(set, d->name);
        return MPI_SUCCESS;
    }

    rc = MPI_Comm_dup(MPI_COMM_WORLD, &cfg->comm);
    if (MPI_SUCCESS == rc && BENCH_FAMILY_HAN == d->family) {
        rc = bench_han_subcomms(cv->coll, cfg->comm);
    }
    if (MPI_SUCCESS != rc) {
        return rc;
    }
    MPI_Comm_set_name(cfg->comm, (char *) d->name);
    snprintf(pname, sizeof(pname), "coll_swing_%s_served", cv->coll->name);
    bench_pvar_open(&cfg->served, pname, &cfg->comm);
    snprintf(pname, sizeof(pname), "coll_swing_%s_fallback", cv->coll->name);
    bench_pvar_open(&cfg->fallback, pname, &cfg->comm);
    snprintf(pname, sizeof(pname), "coll_swing_%s_previous", cv->coll->name);
    bench_pvar_open(&cfg->previous, pname, &cfg->comm);
    if (cfg->served.found && cfg->fallback.found) {
        set->counters_present = 1;
    }
    for (int a = 0; a < set->nalgs; a++) {
        snprintf(pname, sizeof(pname), "coll_swing_%s_%s", cv->coll->name, set->alg_name[a]);
        bench_pvar_open(&cfg->alg[a], pname, &cfg->comm);
    }
    set->n++;
    return MPI_SUCCESS;
}

/*
 * The segment size the forced tuned-N get: --tuned-segsize; else the
 * job's when it set one; else the collective's default (bcast and reduce:
 * their chains and trees pipeline only with one); else none.  -1: leave
 * the variable at the job's value.  note[] says which, for the header.
 */
static int bench_tuned_segsize(const bench_cvars_t *cv, const bench_args_t *args, char *note,
                               size_t len)
{
    const char *var = cv->tuned_segsize.name;
    int job = cv->tuned_segsize.original;

    if (!cv->tuned_segsize.found) {
        snprintf(note, len, "%s not found: tuned's own segmentation%s", var,
                 args->tuned_segsize >= 0 ? " (--tuned-segsize ignored)" : "");
        return -1;
    }
    if (args->tuned_segsize >= 0) {
        snprintf(note, len, "%s=%d (--tuned-segsize)", var, args->tuned_segsize);
        return args->tuned_segsize;
    }
    if (0 != job) {
        snprintf(note, len, "%s=%d (the job's)", var, job);
        return -1;
    }
    if (cv->coll->segsize > 0) {
        snprintf(note, len,
                 "%s=%d (swing_bench's default for %s: tuned's chains, "
                 "pipeline and trees send in segments of it; 0, tuned's default, "
                 "sends whole messages; --tuned-segsize)",
                 var, cv->coll->segsize, cv->coll->name);
        return cv->coll->segsize;
    }
    snprintf(note, len, "%s=0 (the job's: no segmentation; --tuned-segsize)", var);
    return -1;
}

int bench_configs_create(bench_configs_t *set, const bench_args_t *args, int mpit, int rank)
{
    bench_cvars_t cv;
    int rc = MPI_SUCCESS;

    memset(set, 0, sizeof(*set));
    memset(&cv, 0, sizeof(cv));
    cv.swing_priority.name = "coll_swing_priority";
    cv.coll = args->coll;
    snprintf(cv.names[0], sizeof(cv.names[0]), "coll_swing_%s_algorithm", args->coll->name);
    snprintf(cv.names[1], sizeof(cv.names[1]), "coll_tuned_%s_algorithm", args->coll->name);
    snprintf(cv.names[2], sizeof(cv.names[2]), "coll_tuned_%s_algorithm_segmentsize",
             args->coll->name);
    cv.swing_algorithm.name = cv.names[0];
    cv.tuned_algorithm.name = cv.names[1];
    cv.tuned_segsize.name = cv.names[2];
    cv.tuned_dynamic.name = "coll_tuned_use_dynamic_rules";
    cv.tuned_priority.name = "coll_tuned_priority";
    cv.han_priority.name = "coll_han_priority";
    if (mpit) {
        bench_cvar_open(&cv.tuned_priority, cv.tuned_priority.name);
        bench_cvar_open(&cv.han_priority, cv.han_priority.name);
        bench_cvar_open(&cv.swing_priority, cv.swing_priority.name);
        bench_cvar_open(&cv.swing_algorithm, cv.swing_algorithm.name);
        bench_cvar_open(&cv.tuned_algorithm, cv.tuned_algorithm.name);
        bench_cvar_open(&cv.tuned_segsize, cv.tuned_segsize.name);
        bench_cvar_open(&cv.tuned_dynamic, cv.tuned_dynamic.name);
    }
    cv.segsize = bench_tuned_segsize(&cv, args, set->tuned_note, sizeof(set->tuned_note));
    cv.multinode = bench_spans_nodes();
    set->swing_present = cv.swing_priority.found;
    bench_swing_algorithms(set, &cv.swing_algorithm);

    /* The benchmark's own communicator: swing declines it (its counters
     * then count the timed calls alone), the rest is the job's. */
    set->ctl = MPI_COMM_NULL;
    if (cv.swing_priority.found) {
        bench_cvar_write(&cv.swing_priority, 0);
    }
    rc = MPI_Comm_dup(MPI_COMM_WORLD, &set->ctl);
    bench_cvars_restore(&cv);
    if (MPI_SUCCESS == rc) {
        MPI_Comm_set_name(set->ctl, "swing_bench control");
    }

    for (int i = 0; i < args->nconfigs && MPI_SUCCESS == rc; i++) {
        rc = bench_config_make(set, &cv, args->configs[i], args->named[i], rank);
    }
    /* Nothing usable from the default list (another MPI): still measure
     * what the MPI does by itself. */
    if (MPI_SUCCESS == rc && 0 == set->n && !args->configs_given) {
        const bench_config_desc_t *deflt = NULL;
        bench_config_parse("default", args->coll, &deflt, NULL, 1, NULL, 0);
        if (0 == rank) {
            fprintf(stderr, "swing_bench: no configuration available, "
                            "running 'default'\n");
        }
        rc = bench_config_make(set, &cv, deflt, 1, rank);
    }

    /* Communicators created later by anyone get the job's settings. */
    bench_cvars_restore(&cv);
    bench_cvar_close(&cv.swing_priority);
    bench_cvar_close(&cv.swing_algorithm);
    bench_cvar_close(&cv.tuned_algorithm);
    bench_cvar_close(&cv.tuned_segsize);
    bench_cvar_close(&cv.tuned_dynamic);
    bench_cvar_close(&cv.tuned_priority);
    bench_cvar_close(&cv.han_priority);
    return rc;
}

void bench_configs_free(bench_configs_t *set)
{
    if (MPI_COMM_NULL != set->ctl) {
        MPI_Comm_free(&set->ctl);
    }
    for (int i = 0; i < set->n; i++) {
        bench_pvar_close(&set->cfg[i].served);
        bench_pvar_close(&set->cfg[i].fallback);
        bench_pvar_close(&set->cfg[i].previous);
        for (int a = 0; a < set->nalgs; a++) {
            bench_pvar_close(&set->cfg[i].alg[a]);
        }
        if (MPI_COMM_NULL != set->cfg[i].comm) {
            MPI_Comm_free(&set->cfg[i].comm);
        }
    }
    set->n = 0;
}
