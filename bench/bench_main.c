/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing_bench main: set up one communicator per configuration, then sweep
 * message sizes (outer loop) over the configurations (inner loop), so all
 * configurations of a size are timed close together in time and share
 * whatever the machine was doing then.
 *
 * Per (size, configuration): warm-up calls, then timed calls, each
 * preceded by a barrier (on a dup of MPI_COMM_WORLD that swing declines,
 * as every call of the benchmark's own in the sweep); each rank times its own call
 * and, after the loop, MPI_MAX over ranks gives the iteration time (an
 * allreduce ends when its last rank has the result; a rooted collective
 * when its last rank is done, whether root or not).
 *
 * The data of each collective (bench_data.c's exact pattern) and what a
 * checked call verifies (the receive buffers poisoned before it):
 *   allreduce     input: rank r's; every rank: the result
 *   reduce-scatter(s)   the same; every rank: its block of the result
 *   allgather     block r: the result's; every rank: the whole result
 *   bcast         the root's buffer: the result's values; every rank,
 *                 the root too: the whole vector
 *   reduce        input: rank r's; the root: the result; every rank but an
 *                 in-place root: its send buffer unchanged
 *   gather        block r: rank r's input at block r's elements; the root:
 *                 every block; every rank but an in-place root: its block
 *                 of the send buffer unchanged
 *   scatter       the root's buffer: as gather's; every rank: its block
 *                 (an in-place root: still in its send buffer); the root:
 *                 its whole send buffer unchanged
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

#define BENCH_MEMCPY_BYTES ((size_t) 64 << 20)
#define BENCH_MEMCPY_REPS 5
/* Written over the result buffer before a checked call, so a call that
 * writes nothing cannot pass on the previous configuration's result. */
#define BENCH_POISON 0xA5

/* What one rank found wrong. */
typedef struct bench_failure {
    int failed;
    size_t index;      /* the element, in the whole vector */
    const char *where; /* "" (the result) or " of its send buffer" */
    int root;          /* the call's root (rooted collectives) */
    int iteration;     /* 0-based, warm-up included */
    int calls;         /* warm-up + timed */
    bench_value_t got;
    bench_value_t expected;
} bench_failure_t;

/* Everything the sweep needs, set up once. */
#define BENCH_BUDGET_MIN 5 /* -T: the fewest timed calls per size */

typedef struct bench_run {
    const bench_args_t *args;
    bench_pattern_t pattern;
    bench_report_t report;
    bench_configs_t *configs; /* the same as report.configs, writable */
    int rank;
    int np;
    int progress; /* print the progress line (rank 0) */
    void *sbuf;
    void *rbuf;
    MPI_Comm ctl; /* the benchmark's own collectives (configs->ctl) */
    int *counts;  /* MPI_Reduce_scatter's per-rank counts */
    int injected; /* --inject-error: sbuf[inject_at] is wrong here */
    size_t inject_at;
    double *times;       /* this rank's per-iteration times */
    double *maxtimes;    /* MPI_MAX over ranks, on rank 0 */
    bench_clock_t clock; /* -t clock: the start margin, late starts */
} bench_run_t;

static void bench_env_probe(bench_env_t *env, MPI_Comm node_comm)
{
    int local, local_rank, len = 0, over, first;
    char lib[MPI_MAX_LIBRARY_VERSION_STRING];

    memset(env, 0, sizeof(*env));
    MPI_Comm_size(MPI_COMM_WORLD, &env->np);
    MPI_Comm_size(node_comm, &local);
    MPI_Comm_rank(node_comm, &local_rank);
    env->cores = sysconf(_SC_NPROCESSORS_ONLN);
    over = env->cores > 0 && local > env->cores;
    first = 0 == local_rank;
    MPI_Allreduce(&over, &env->oversubscribed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&local, &env->max_local, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&first, &env->nodes, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);

    MPI_Get_library_version(lib, &len);
    lib[len < (int) sizeof(lib) ? len : (int) sizeof(lib) - 1] = '\0';
    lib[strcspn(lib, "\r\n")] = '\0';
    snprintf(env->library, sizeof(env->library), "%s", lib);
}

static void bench_progress(const bench_run_t *run, size_t bytes, const char *config, int size_index)
{
    if (run->progress) {
        fprintf(stderr, "\r[np=%d] %10zu B  %-10s (%d/%d sizes)   ", run->np, bytes, config,
                size_index + 1, run->report.nsizes);
        fflush(stderr);
    }
}

static void bench_progress_clear(const bench_run_t *run)
{
    if (run->progress) {
        fprintf(stderr, "\r%60s\r", "");
        fflush(stderr);
    }
}

/*
 * Served or not, from swing's counters around the loop: every call
 * executed by swing (yes), or some handed to the previous module (no).
 * diff[] holds, over all ranks: max served, -min served, max fallback.
 */
static void bench_judge_served(bench_run_t *run, int c, bench_result_t *res, const long long *diff,
                               int calls)
{
    const bench_configs_t *set = run->report.configs;
    bench_config_t *cfg = &run->configs->cfg[c];
    int swing = BENCH_FAMILY_SWING == cfg->desc->family;
    long long served_max = diff[0], served_min = -diff[1], fb = diff[2];

    if (!(cfg->served.found && cfg->fallback.found)) {
        res->served = swing || set->swing_present ? BENCH_SERVED_UNKNOWN : BENCH_SERVED_NO;
        return;
    }
    res->served = served_min == calls && 0 == fb ? BENCH_SERVED_YES : BENCH_SERVED_NO;
    res->flagged = swing ? BENCH_SERVED_YES != res->served : served_max > 0;
    if (res->flagged && 0 == run->rank && !cfg->warned) {
        bench_progress_clear(run);
        if (swing && 0 == served_max && 0 == fb) {
            fprintf(stderr,
                    "swing_bench: warning: %s at %zu B: swing did not "
                    "see the calls (another component serves this "
                    "communicator); marked '!' in the tables\n",
                    cfg->desc->name, res->bytes);
        } else {
            fprintf(stderr,
                    "swing_bench: warning: %s at %zu B: swing "
                    "executed %lld..%lld of %d calls per rank, handed at most "
                    "%lld to the previous module; marked '!' in the tables\n",
                    cfg->desc->name, res->bytes, served_min, served_max, calls, fb);
        }
        cfg->warned = 1;
    }
}

/* Per-algorithm counters of swing (0 where there is none). */
static void bench_alg_counters(const bench_run_t *run, const bench_config_t *cfg,
                               unsigned long long *values)
{
    for (int i = 0; i < run->report.configs->nalgs; i++) {
        values[i] = 0;
        if (cfg->alg[i].found) {
            bench_pvar_read(&cfg->alg[i], &values[i]);
        }
    }
}

/* The swing algorithms this rank ran during the loop, joined by '+'. */
static void bench_alg_names(const bench_run_t *run, const bench_config_t *cfg,
                            const unsigned long long *before, const unsigned long long *after,
                            bench_result_t *res)
{
    size_t used = 0;

    res->swing_algs[0] = '\0';
    for (int i = 0; i < run->report.configs->nalgs; i++) {
        if (cfg->alg[i].found && after[i] != before[i] && used < sizeof(res->swing_algs)) {
            int n = snprintf(res->swing_algs + used, sizeof(res->swing_algs) - used, "%s%s",
                             used ? "+" : "", run->report.configs->alg_name[i]);
            used += n > 0 ? (size_t) n : 0;
        }
    }
}

/* Say what went wrong, from the lowest failing rank. */
static int bench_report_failure(const bench_run_t *run, int c, size_t bytes,
                                const bench_failure_t *f)
{
    long long first = f->failed ? run->rank : run->np, lowest;
    int nfailed = 0;

    MPI_Allreduce(&first, &lowest, 1, MPI_LONG_LONG, MPI_MIN, run->ctl);
    if (lowest >= run->np) {
        return 0;
    }
    MPI_Allreduce(&f->failed, &nfailed, 1, MPI_INT, MPI_SUM, run->ctl);
    if (lowest == run->rank) {
        const bench_args_t *a = run->args;
        char got[64], exp[64], op[32] = "", root[32] = "";
        bench_value_format(got, sizeof(got), &f->got);
        bench_value_format(exp, sizeof(exp), &f->expected);
        if (a->coll->reduces) {
            snprintf(op, sizeof(op), ", op %s", a->op->name);
        }
        if (a->coll->rooted) {
            snprintf(root, sizeof(root), ", root %d", f->root);
        }
        bench_progress_clear(run);
        fprintf(stderr,
                "swing_bench: VALIDATION FAILED: config %s, %s, size %zu B "
                "(%zu x %s%s%s%s), rank %d, element %zu%s: expected %s, got "
                "%s (call %d of %d, warm-up included; %d of %d ranks saw "
                "wrong values)\n",
                run->report.configs->cfg[c].desc->name, a->coll->call, bytes,
                bytes / a->dtype->size, a->dtype->name, op, a->in_place ? ", in place" : "", root,
                run->rank, f->index, f->where, exp, got, f->iteration + 1, f->calls, nfailed,
                run->np);
        fflush(stderr);
    }
    return 1;
}

/*
 * A wrong result fails the run, except one of a configuration that swing
 * does not serve (tuned's, han's, the MPI's default) without
 * --inject-error: that is Open MPI's own algorithm (Open MPI 5.0.7's
 * sparbit allgather in place, for one), so the configuration is left out
 * of the later sizes and the run goes on, said once.
 */
static int bench_drop_wrong(bench_run_t *run, bench_config_t *cfg, size_t bytes)
{
    if (BENCH_FAMILY_SWING == cfg->desc->family || run->args->inject_error) {
        return -BENCH_EXIT_INVALID;
    }
    cfg->wrong = 1;
    if (0 == run->rank) {
        fprintf(stderr,
                "swing_bench: config %s left out from %zu B on: the wrong values "
                "above are Open MPI's own algorithm's, not swing's\n",
                cfg->desc->name, bytes);
        fflush(stderr);
    }
    return MPI_SUCCESS;
}

/*
 * -T: the timed calls that fit in budget seconds at the slowest rank's
 * mean warm-up time per call, at least BENCH_BUDGET_MIN, at most the
 * count the options give (for which the time arrays are sized). The
 * slowest rank's: a broadcast's root is done long before the others.
 */
static int bench_budget_iters(MPI_Comm ctl, double budget, double per_call, int most, int *iters)
{
    double slowest = 0.0;
    int n = most;
    int rc = MPI_Allreduce(&per_call, &slowest, 1, MPI_DOUBLE, MPI_MAX, ctl);

    if (slowest > 0.0 && budget / slowest < (double) most) {
        n = (int) (budget / slowest);
    }
    if (n < BENCH_BUDGET_MIN) {
        n = (most < BENCH_BUDGET_MIN) ? most : BENCH_BUDGET_MIN;
    }
    *iters = n;
    return rc;
}

/* Elements of the whole vector the collective moves for count asked: a
 * multiple of np for the collectives that split it (0: too small). */
static size_t bench_vector(const bench_run_t *run, size_t count)
{
    return bench_coll_block(run->args->coll, count, run->np)
           * (run->args->coll->split ? (size_t) run->np : 1);
}

/* The root of call i (warm-up included) of a loop. */
static int bench_root(const bench_run_t *run, int call)
{
    return run->args->root_rotate ? call % run->np : run->args->root;
}

/* Does this rank pass MPI_IN_PLACE (-I; of the rooted, the root alone)? */
static int bench_in_place(const bench_run_t *run, int root)
{
    return run->args->in_place && (!run->args->coll->rooted || run->rank == root);
}

static int bench_call(bench_run_t *run, const bench_config_t *cfg, size_t count, MPI_Datatype type,
                      MPI_Op op, int root, int in_place)
{
    return bench_coll_call(run->args->coll, run->sbuf, run->rbuf, in_place, count, type, op, root,
                           cfg->comm, run->counts);
}

/*
 * The receive buffer before a call: the input where in place, else poison
 * where the call is checked. Allgather and gather in place: this rank's
 * (the root's) block only; bcast: the root's data on the root.
 */
static void bench_prepare(bench_run_t *run, size_t count, int root, int check)
{
    size_t size = run->args->dtype->size, bytes = count * size;
    size_t block = bytes / (size_t) run->np;
    int in_place = bench_in_place(run, root), me = run->rank == root;

    switch (run->args->coll->id) {
    case BENCH_COLL_ALLGATHER:
        if (in_place || check) {
            size_t mine = (size_t) run->rank * block;
            memset(run->rbuf, BENCH_POISON, bytes);
            if (in_place) {
                memcpy((char *) run->rbuf + mine, (char *) run->sbuf + mine, block);
            }
        }
        return;
    case BENCH_COLL_BCAST:
        if (check) {
            if (me) {
                memcpy(run->rbuf, run->sbuf, bytes);
            } else {
                memset(run->rbuf, BENCH_POISON, bytes);
            }
        }
        return;
    case BENCH_COLL_REDUCE:
        if (me && in_place) {
            memcpy(run->rbuf, run->sbuf, bytes);
        } else if (me && check) {
            memset(run->rbuf, BENCH_POISON, bytes);
        }
        return;
    case BENCH_COLL_GATHER:
        if (me && check) {
            memset(run->rbuf, BENCH_POISON, bytes);
        }
        if (me && in_place) {
            size_t mine = (size_t) root * block;
            memcpy((char *) run->rbuf + mine, (char *) run->sbuf + mine, block);
        }
        return;
    case BENCH_COLL_SCATTER:
        if (check && !in_place) {
            memset(run->rbuf, BENCH_POISON, block);
        }
        return;
    default:
        if (in_place) {
            memcpy(run->rbuf, run->sbuf, bytes);
        } else if (check) {
            memset(run->rbuf, BENCH_POISON, bytes);
        }
        return;
    }
}

/* 1 when elements [first, first + n) at buf are not rank's input (or the
 * result), with the wrong one in f. */
static int bench_wrong_range(const bench_run_t *run, const void *buf, size_t first, size_t n,
                             int rank, const char *where, bench_failure_t *f)
{
    size_t bad = bench_data_check_from(buf, first, n, run->args->dtype, &run->pattern, rank,
                                       &f->got, &f->expected);

    if (bad < n) {
        f->index = first + bad;
        f->where = where;
        return 1;
    }
    return 0;
}

/* 1 when the call changed this rank's send buffer at [first, first + n),
 * which holds rank's input there; --inject-error's element is no input. */
static int bench_wrong_sent(const bench_run_t *run, size_t first, size_t n, int rank,
                            bench_failure_t *f)
{
    static const char where[] = " of its send buffer";
    size_t size = run->args->dtype->size, end = first + n, cut = end;

    if (run->injected && run->inject_at >= first && run->inject_at < end) {
        cut = run->inject_at;
    }
    if (bench_wrong_range(run, (char *) run->sbuf + first * size, first, cut - first, rank, where,
                          f)) {
        return 1;
    }
    return cut < end
           && bench_wrong_range(run, (char *) run->sbuf + (cut + 1) * size, cut + 1, end - cut - 1,
                                rank, where, f);
}

/* 1 when the call with this root left a wrong value where this rank can
 * see it (the table at the top of this file), with the element in f. */
static int bench_wrong(const bench_run_t *run, size_t count, int root, bench_failure_t *f)
{
    size_t size = run->args->dtype->size, block = count / (size_t) run->np;
    size_t mine = (size_t) run->rank * block;
    int me = run->rank == root, in_place = bench_in_place(run, root);

    f->root = root;
    switch (run->args->coll->id) {
    case BENCH_COLL_RSB:
    case BENCH_COLL_RS:
        return bench_wrong_range(run, run->rbuf, mine, block, BENCH_DATA_RESULT, "", f);
    case BENCH_COLL_REDUCE:
        if (me && bench_wrong_range(run, run->rbuf, 0, count, BENCH_DATA_RESULT, "", f)) {
            return 1;
        }
        return !in_place && bench_wrong_sent(run, 0, count, run->rank, f);
    case BENCH_COLL_GATHER:
        for (int r = 0; me && r < run->np; r++) {
            size_t first = (size_t) r * block;
            if (bench_wrong_range(run, (char *) run->rbuf + first * size, first, block, r, "", f)) {
                return 1;
            }
        }
        return !in_place && bench_wrong_sent(run, mine, block, run->rank, f);
    case BENCH_COLL_SCATTER:
        if (bench_wrong_range(run, in_place ? (char *) run->sbuf + mine * size : run->rbuf, mine,
                              block, run->rank, "", f)) {
            return 1;
        }
        for (int r = 0; me && r < run->np; r++) {
            if (bench_wrong_sent(run, (size_t) r * block, block, r, f)) {
                return 1;
            }
        }
        return 0;
    default: /* allreduce, allgather, bcast: the whole vector */
        return bench_wrong_range(run, run->rbuf, 0, count, BENCH_DATA_RESULT, "", f);
    }
}

/* Batches of -t b2b: enough for a median and a spread, few enough that
 * reading the clock between them costs nothing. */
#define BENCH_B2B_BATCHES 10

/*
 * Back-to-back timing (-t loop, -t b2b), as OSU times its collectives:
 * warm-up calls, one barrier, then the timed calls in a row with nothing
 * between them, so a call may start while the last one's readers are still
 * busy. loop: times[0] gets this rank's mean per call over all of them.
 * b2b: the calls are cut into up to BENCH_B2B_BATCHES batches, the clock
 * read between two calls, times[b] this rank's mean per call of batch b;
 * -T fits the count to the warm-up's back-to-back pace. *iters in: the
 * most calls, out: the calls timed; *ntimes the times written. The last
 * result is validated.
 */
static int bench_loop(bench_run_t *run, bench_config_t *cfg, size_t count, MPI_Datatype type,
                      MPI_Op op, int warmup, int *iters, int *ntimes, bench_failure_t *fail)
{
    const bench_args_t *a = run->args;
    int b2b = BENCH_TIMING_B2B == a->timing;
    double t;
    int rc = MPI_SUCCESS, call = 0, batches, done = 0;

    bench_prepare(run, count, bench_root(run, 0), a->validate);
    t = MPI_Wtime();
    for (int it = 0; MPI_SUCCESS == rc && it < warmup; it++, call++) {
        rc = bench_call(run, cfg, count, type, op, bench_root(run, call), 0);
    }
    t = MPI_Wtime() - t;
    if (MPI_SUCCESS == rc && b2b && a->budget > 0.0) {
        rc = bench_budget_iters(run->ctl, a->budget, t / (warmup ? warmup : 1), *iters, iters);
    }
    if (MPI_SUCCESS == rc) {
        rc = MPI_Barrier(run->ctl);
    }
    batches = (b2b && *iters > 1) ? (*iters < BENCH_B2B_BATCHES ? *iters : BENCH_B2B_BATCHES) : 1;
    t = MPI_Wtime();
    for (int b = 0; MPI_SUCCESS == rc && b < batches; b++) {
        int upto = (int) ((long long) *iters * (b + 1) / batches), first = done;
        double now;

        for (; MPI_SUCCESS == rc && done < upto; done++, call++) {
            rc = bench_call(run, cfg, count, type, op, bench_root(run, call), 0);
        }
        now = MPI_Wtime();
        run->times[b] = (now - t) / (done - first);
        t = now;
    }
    *ntimes = batches;
    if (MPI_SUCCESS == rc && a->validate
        && bench_wrong(run, count, bench_root(run, call - 1), fail)) {
        fail->failed = 1;
        fail->calls = warmup + *iters;
        fail->iteration = warmup + *iters - 1;
    }
    return rc;
}

/*
 * Timings osu and loop: each rank's mean per call, then their average,
 * minimum and maximum over the ranks (osu_allreduce's Avg/Min/Max).
 */
static int bench_rank_means(bench_run_t *run, int iters, bench_stats_t *st)
{
    double mine = 0.0, sum = 0.0, lo = 0.0, hi = 0.0;
    int rc;

    if (BENCH_TIMING_LOOP == run->args->timing) {
        mine = run->times[0];
    } else {
        for (int i = 0; i < iters; i++) {
            mine += run->times[i];
        }
        mine /= iters;
    }
    rc = MPI_Reduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, run->ctl);
    if (MPI_SUCCESS == rc) {
        rc = MPI_Reduce(&mine, &lo, 1, MPI_DOUBLE, MPI_MIN, 0, run->ctl);
    }
    if (MPI_SUCCESS == rc) {
        rc = MPI_Reduce(&mine, &hi, 1, MPI_DOUBLE, MPI_MAX, 0, run->ctl);
    }
    st->median = sum / run->np;
    st->min = lo;
    st->max = hi;
    st->p95 = hi;
    return rc;
}

/* Time one configuration at one size.  Returns an MPI error, or
 * BENCH_EXIT_INVALID (negated) after a wrong result. */
static int bench_measure(bench_run_t *run, int c, int s)
{
    const bench_args_t *a = run->args;
    bench_config_t *cfg = &run->configs->cfg[c];
    bench_result_t *res = &run->report
                               .results[(size_t) c * (size_t) run->report.nsizes + (size_t) s];
    size_t count = bench_vector(run, run->report.sizes[s] / a->dtype->size);
    size_t bytes = count * a->dtype->size;
    MPI_Datatype type = bench_dtype_mpi(a->dtype);
    MPI_Op op = bench_op_mpi(a->op);
    int iters = bench_args_most(a, bytes);
    int warmup = bench_args_warmup(a, bytes);
    int total = warmup + iters, rc;
    int clock = BENCH_TIMING_CLOCK == a->timing;
    /* back to back (loop, b2b); slowest rank per time (swing, clock, b2b) */
    int b2b = BENCH_TIMING_LOOP == a->timing || BENCH_TIMING_B2B == a->timing;
    int slowest = BENCH_TIMING_SWING == a->timing || clock || BENCH_TIMING_B2B == a->timing;
    int ntimes = iters;
    double warm = 0.0; /* -T: this rank's warm-up time */
    unsigned long long s0 = 0, s1 = 0, f0 = 0, f1 = 0, p0 = 0, p1 = 0;
    unsigned long long a0[BENCH_MAX_ALGS], a1[BENCH_MAX_ALGS];
    long long mine[3], all[3];
    bench_failure_t fail;

    memset(&fail, 0, sizeof(fail));
    memset(res, 0, sizeof(*res));
    res->bytes = bytes;
    res->count = count;
    res->iters = iters;
    res->warmup = warmup;
    if (0 == count || cfg->wrong) {
        return MPI_SUCCESS; /* fewer elements than ranks, or dropped: not run */
    }

    if (cfg->served.found && cfg->fallback.found) {
        bench_pvar_read(&cfg->served, &s0);
        bench_pvar_read(&cfg->fallback, &f0);
    }
    if (cfg->previous.found) {
        bench_pvar_read(&cfg->previous, &p0);
    }
    bench_alg_counters(run, cfg, a0);
    if (b2b) {
        rc = bench_loop(run, cfg, count, type, op, warmup, &iters, &ntimes, &fail);
        if (MPI_SUCCESS != rc) {
            return rc;
        }
        total = warmup + iters;
        res->iters = iters;
    }
    for (int it = 0; !b2b && it < total; it++) {
        int check, root;
        double t;

        if (a->budget > 0.0 && it == warmup) {
            rc = bench_budget_iters(run->ctl, a->budget, warm / (warmup ? warmup : 1), iters,
                                    &iters);
            if (MPI_SUCCESS != rc) {
                return rc;
            }
            total = warmup + iters;
            res->iters = iters;
        }
        check = a->validate && (a->check_every || it == total - 1);
        root = bench_root(run, it);

        bench_prepare(run, count, root, check);
        if (clock) {
            rc = bench_clock_start(&run->clock, it >= warmup, &t);
        } else {
            rc = MPI_Barrier(run->ctl);
            t = MPI_Wtime();
        }
        if (MPI_SUCCESS != rc) {
            return rc;
        }
        rc = bench_call(run, cfg, count, type, op, root, bench_in_place(run, root));
        t = (clock ? bench_clock_now() : MPI_Wtime()) - t;
        if (MPI_SUCCESS != rc) {
            return rc;
        }
        if (it >= warmup) {
            run->times[it - warmup] = t;
        } else {
            warm += t;
        }
        if (check && !fail.failed && bench_wrong(run, count, root, &fail)) {
            fail.failed = 1;
            fail.calls = total;
            fail.iteration = it;
        }
    }
    if (clock && MPI_SUCCESS != (rc = bench_clock_finish(&run->clock))) {
        return rc;
    }
    if (cfg->served.found && cfg->fallback.found) {
        bench_pvar_read(&cfg->served, &s1);
        bench_pvar_read(&cfg->fallback, &f1);
    }
    if (cfg->previous.found) {
        bench_pvar_read(&cfg->previous, &p1);
        /* auto's own choice of the replaced component: decided by swing */
        s1 += p1 - p0;
    }
    bench_alg_counters(run, cfg, a1);

    if (bench_report_failure(run, c, bytes, &fail)) {
        return bench_drop_wrong(run, cfg, bytes);
    }
    if (!b2b) {
        ntimes = iters;
    }
    if (slowest) {
        rc = MPI_Reduce(run->times, run->maxtimes, ntimes, MPI_DOUBLE, MPI_MAX, 0, run->ctl);
    } else {
        rc = bench_rank_means(run, iters, &res->stats);
    }
    if (MPI_SUCCESS != rc) {
        return rc;
    }
    mine[0] = (long long) (s1 - s0);
    mine[1] = -(long long) (s1 - s0);
    mine[2] = (long long) (f1 - f0);
    rc = MPI_Allreduce(mine, all, 3, MPI_LONG_LONG, MPI_MAX, run->ctl);
    if (MPI_SUCCESS != rc) {
        return rc;
    }

    res->ran = 1;
    res->validated = a->validate;
    bench_alg_names(run, cfg, a0, a1, res);
    bench_judge_served(run, c, res, all, total);
    if (0 == run->rank) {
        if (slowest) {
            bench_stats_compute(run->maxtimes, ntimes, &res->stats);
        }
        res->algbw = bench_algbw(bytes, res->stats.median);
        res->busbw = bench_coll_busbw(a->coll, res->algbw, run->np);
        bench_report_csv_row(&run->report, c, s);
    }
    return MPI_SUCCESS;
}

/*
 * The send buffer of one size, the same for every configuration (the
 * table at the top of this file); --inject-error makes one element of
 * what is sent wrong: the last rank's input (in its own block where the
 * blocks are sent), or the root's data (every rank's copy of it).
 */
static void bench_fill(bench_run_t *run, size_t count)
{
    const bench_args_t *a = run->args;
    size_t block = bench_vector(run, count) / (size_t) run->np;
    size_t last = (size_t) (run->np - 1) * block + block / 2;
    int rank = run->rank;

    run->injected = 0;
    switch (a->coll->id) {
    case BENCH_COLL_ALLGATHER:
    case BENCH_COLL_BCAST:
        bench_data_fill_expected(run->sbuf, count, a->dtype, &run->pattern);
        run->inject_at = BENCH_COLL_BCAST == a->coll->id ? count / 2 : last;
        run->injected = BENCH_COLL_BCAST == a->coll->id || rank == run->np - 1;
        rank = BENCH_DATA_RESULT;
        break;
    case BENCH_COLL_GATHER:
    case BENCH_COLL_SCATTER:
        bench_data_fill_blocks(run->sbuf, block, run->np, a->dtype, &run->pattern);
        run->inject_at = last;
        run->injected = BENCH_COLL_SCATTER == a->coll->id || rank == run->np - 1;
        rank = run->np - 1;
        break;
    default:
        bench_data_fill(run->sbuf, count, a->dtype, &run->pattern, rank);
        run->inject_at = count / 2;
        run->injected = rank == run->np - 1;
        break;
    }
    run->injected = run->injected && a->inject_error && (block > 0 || !a->coll->split);
    if (run->injected) {
        bench_data_inject(run->sbuf, run->inject_at, a->dtype, &run->pattern, rank);
    }
}

static int bench_sweep(bench_run_t *run)
{
    bench_report_t *rep = &run->report;

    for (int s = 0; s < rep->nsizes; s++) {
        size_t bytes = rep->sizes[s];

        bench_fill(run, bytes / run->args->dtype->size);
        for (int k = 0; k < rep->configs->n; k++) {
            int c = (k + run->args->config_shift % rep->configs->n) % rep->configs->n;
            int rc;
            if (0 == run->rank) {
                bench_progress(run, bytes, rep->configs->cfg[c].desc->name, s);
            }
            rc = bench_measure(run, c, s);
            if (MPI_SUCCESS != rc) {
                return rc;
            }
        }
        if (0 == run->rank) {
            bench_progress_clear(run);
            bench_report_time_row(stdout, rep, s);
        }
    }
    if (0 == run->rank && BENCH_TIMING_CLOCK == run->args->timing && run->clock.late > 0) {
        fprintf(stderr,
                "swing_bench: clock timing: %d timed calls started late on some "
                "rank (their times include the delay); the margin is now %.2f ms\n",
                run->clock.late, run->clock.margin * 1e3);
    }
    return MPI_SUCCESS;
}

/* 1 when every rank has it, collective over MPI_COMM_WORLD. */
static int bench_all(int mine)
{
    int all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return all;
}

int main(int argc, char **argv)
{
    bench_args_t args;
    bench_run_t run;
    bench_env_t env;
    bench_configs_t configs;
    bench_memcpy_t mem;
    MPI_Comm node_comm = MPI_COMM_NULL;
    int status = BENCH_EXIT_OK, mpit = 0, rc, max_iters = 0;
    int have_configs = 0;

    /* before MPI_Init: answers without mpirun */
    if (2 == argc && 0 == strcmp(argv[1], "--version")) {
        printf("swing_bench (swing) %s\n", SWING_VERSION);
        return BENCH_EXIT_OK;
    }
    MPI_Init(&argc, &argv);
    memset(&run, 0, sizeof(run));
    bench_clock_init(&run.clock);
    MPI_Comm_rank(MPI_COMM_WORLD, &run.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &run.np);
    run.args = &args;
    if (argc > 1 && 0 == strcmp(argv[1], "--nbc")) {
        status = bench_nbc_main(argc, argv);
        goto finalize;
    }
    if (2 == argc && 0 == strcmp(argv[1], "--memcpy")) {
        /* the memory copy bandwidth alone (run_bench.sh: at its start and end) */
        MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, run.rank, MPI_INFO_NULL,
                            &node_comm);
        if (MPI_SUCCESS
                != bench_memcpy_measure(node_comm, BENCH_MEMCPY_BYTES, BENCH_MEMCPY_REPS, &mem)
            || !mem.ok) {
            status = BENCH_EXIT_RUNTIME;
        } else if (0 == run.rank) {
            printf("memcpy_GBps %.3f one rank, %.3f %d ranks at once\n", mem.one_rank,
                   mem.all_ranks, mem.local_ranks);
        }
        MPI_Comm_free(&node_comm);
        goto finalize;
    }

    switch (bench_args_parse(argc, argv, 0 == run.rank, &args)) {
    case BENCH_ARGS_HELP: goto finalize;
    case BENCH_ARGS_ERROR: status = BENCH_EXIT_USAGE; goto finalize;
    case BENCH_ARGS_RUN: break;
    }
    if (args.coll->rooted && !args.root_rotate && args.root >= run.np) {
        if (0 == run.rank) {
            fprintf(stderr, "swing_bench: --root %d: the job has %d ranks\n", args.root, run.np);
        }
        status = BENCH_EXIT_USAGE;
        goto finalize;
    }
    /* Collectives that reduce nothing move the sum's pattern (bench_data.c). */
    if (bench_pattern_init(&run.pattern, args.dtype,
                           args.coll->reduces ? args.op : bench_op_find("sum"), run.np)) {
        if (0 == run.rank) {
            fprintf(stderr,
                    "swing_bench: %d ranks are too many for exact %s "
                    "data in %s; use a wider datatype (-d)\n",
                    run.np, args.coll->reduces ? args.op->name : "sum", args.dtype->name);
        }
        status = BENCH_EXIT_USAGE;
        goto finalize;
    }

    /* Sizes: powers of two from MIN (at least one element) to MAX. */
    for (size_t b = args.min_bytes; b <= args.max_bytes; b *= 2) {
        if (b >= args.dtype->size) {
            run.report.nsizes++;
        }
    }
    run.report.sizes = calloc((size_t) run.report.nsizes, sizeof(size_t));
    run.report.results = calloc((size_t) run.report.nsizes * BENCH_MAX_CONFIGS,
                                sizeof(bench_result_t));
    if (!bench_all(run.report.sizes && run.report.results)) {
        status = BENCH_EXIT_RUNTIME;
        goto cleanup;
    }
    for (size_t b = args.min_bytes, i = 0; b <= args.max_bytes; b *= 2) {
        if (b >= args.dtype->size) {
            run.report.sizes[i++] = b;
            if (bench_args_most(&args, b) > max_iters) {
                max_iters = bench_args_most(&args, b);
            }
        }
    }

    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, run.rank, MPI_INFO_NULL, &node_comm);
    bench_env_probe(&env, node_comm);

    if (0 == run.rank && args.csv_path) {
        run.report.csv = fopen(args.csv_path, "w");
        if (NULL == run.report.csv) {
            perror(args.csv_path);
        }
    }
    if (!bench_all(0 != run.rank || NULL == args.csv_path || NULL != run.report.csv)) {
        status = BENCH_EXIT_USAGE;
        goto cleanup;
    }

    mpit = bench_mpit_init();
    rc = bench_configs_create(&configs, &args, mpit, run.rank);
    have_configs = 1;
    if (MPI_SUCCESS != rc || 0 == configs.n) {
        if (0 == run.rank) {
            fprintf(stderr, "swing_bench: no configuration to run\n");
        }
        status = BENCH_EXIT_RUNTIME;
        goto cleanup;
    }

    /* Before the benchmark buffers exist, to keep the peak low. */
    bench_memcpy_measure(node_comm, BENCH_MEMCPY_BYTES, BENCH_MEMCPY_REPS, &mem);

    run.sbuf = malloc(args.max_bytes);
    run.rbuf = malloc(args.max_bytes);
    run.counts = malloc((size_t) run.np * sizeof(int));
    run.times = malloc((size_t) max_iters * sizeof(double));
    run.maxtimes = malloc((size_t) max_iters * sizeof(double));
    if (!bench_all(run.sbuf && run.rbuf && run.counts && run.times && run.maxtimes)) {
        if (0 == run.rank) {
            fprintf(stderr, "swing_bench: out of memory\n");
        }
        status = BENCH_EXIT_RUNTIME;
        goto cleanup;
    }

    run.report.args = &args;
    run.report.env = &env;
    run.report.configs = &configs;
    run.configs = &configs;
    run.ctl = configs.ctl;
    run.clock.comm = configs.ctl;
    run.report.mem = &mem;
    run.progress = 0 == run.rank && (args.verbose || isatty(STDERR_FILENO));
    if (0 == run.rank) {
        bench_report_header(stdout, &run.report);
        bench_report_time_header(stdout, &run.report);
        if (run.report.csv) {
            bench_report_csv_header(run.report.csv);
        }
    }

    rc = bench_sweep(&run);
    if (-BENCH_EXIT_INVALID == rc) {
        status = BENCH_EXIT_INVALID;
    } else if (MPI_SUCCESS != rc) {
        status = BENCH_EXIT_RUNTIME;
    } else if (0 == run.rank) {
        bench_report_tables(stdout, &run.report);
    }

cleanup:
    free(run.maxtimes);
    free(run.times);
    free(run.rbuf);
    free(run.sbuf);
    free(run.counts);
    if (have_configs) {
        bench_configs_free(&configs);
    }
    if (mpit) {
        bench_mpit_finalize();
    }
    if (run.report.csv) {
        fclose(run.report.csv);
    }
    if (MPI_COMM_NULL != node_comm) {
        MPI_Comm_free(&node_comm);
    }
    free(run.report.results);
    free(run.report.sizes);
finalize:
    fflush(stdout);
    MPI_Finalize();
    return status;
}
