/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Command line of swing_bench.  Hand-written rather than getopt_long so
 * that it builds with any C99 compiler and MPI wrapper; every rank parses
 * the same argv and reaches the same verdict without communicating.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define BENCH_MAX_BYTES ((size_t) 1 << 30)
#define BENCH_DEFAULT_MIN 8
#define BENCH_DEFAULT_MAX ((size_t) 64 << 20)

/* Iteration scaling: full counts up to 8 KiB, then x 1/sqrt(2) per
 * doubling up to 1 MiB (88 iterations), then x 1/2 per doubling (each
 * size costs about the same time), never below 10: a sweep to 64 MiB
 * stays within minutes even oversubscribed. */
#define BENCH_SMALL_BYTES ((size_t) 8192)
#define BENCH_LARGE_BYTES ((size_t) 1 << 20)
#define BENCH_SMALL_ITERS 1000
#define BENCH_MIN_ITERS 10
#define BENCH_MIN_WARMUP 2

/*
 * The algorithms this MPI has for the collective, from its own enums
 * (MPI_T): "tuned-N" are coll/tuned's numbers, swing's configurations its
 * names with '-' for '_'.  A list typed here would drift from the MPI's.
 */
static void bench_usage_algorithms(FILE *out, const bench_coll_t *k)
{
    const char *owner[] = { "coll_tuned", "coll_swing" };

    if (!bench_mpit_init()) {
        return;
    }
    for (int o = 0; o < 2; o++) {
        char var[96], name[64];
        bench_cvar_t cv;
        int value;

        snprintf(var, sizeof(var), "%s_%s_algorithm", owner[o], k->name);
        if (MPI_SUCCESS != bench_cvar_open(&cv, var) || MPI_T_ENUM_NULL == cv.enumtype) {
            fprintf(out, "%s: not in this MPI\n", var);
            bench_cvar_close(&cv);
            continue;
        }
        fprintf(out, "%s here:", var);
        for (int i = 0; 0 == bench_cvar_enum_item(&cv, i, &value, name, sizeof(name)); i++) {
            if (0 == o && value > 0) {
                fprintf(out, "%s %d %s", i > 1 ? "," : "", value, name);
            } else if (1 == o) {
                fprintf(out, "%s %s", i ? "," : "", name);
            }
        }
        fputc('\n', out);
        bench_cvar_close(&cv);
    }
    bench_mpit_finalize();
}

void bench_args_usage(FILE *out, const char *prog, const bench_coll_t *k)
{
    int n;
    const bench_config_desc_t *table = bench_config_table(&n);

    fprintf(out,
            "Usage: %s [options]\n"
            "OSU-style MPI_Allreduce (or -k) benchmark: every configuration below runs on\n"
            "its own communicator, side by side in one run, sizes interleaved.\n"
            "\n"
            "  -m, --sizes MIN:MAX     message sizes in bytes, powers of two, K/M/G\n"
            "                          suffixes allowed; -m MAX alone keeps MIN\n"
            "                          (default 8:67108864)\n"
            "  -i, --iterations N      timed iterations per size (default 1000 up to\n"
            "                          8 KiB, / sqrt(2) per doubling to 1 MiB, then\n"
            "                          / 2 per doubling, at least 10)\n"
            "  -w, --warmup N          warm-up iterations (default iterations / 10,\n"
            "                          >= 2)\n"
            "  -T, --budget SECONDS    timed iterations per size and configuration:\n"
            "                          as many as fit in SECONDS at the warm-up's\n"
            "                          mean time per call, at least 5, at most -i's\n"
            "                          count when given, else 100000 (not with -t\n"
            "                          loop)\n"
            "  -d, --datatype TYPE     %s\n"
            "                          (default float)\n"
            "  -o, --op OP             sum, prod, max, min (default sum)\n"
            "  -I, --in-place          use MPI_IN_PLACE (a rooted collective: on the\n"
            "                          root; bcast has none)\n"
            "  -c, --check-every       validate every iteration (default: the last\n"
            "                          iteration of each size and configuration)\n"
            "  -n, --no-validate       do not validate at all\n",
            prog, bench_dtype_names());
    /* two strings: C99 promises 4095 characters in one */
    fprintf(out, "  -k, --collective NAME   allreduce (default), reduce_scatter_block,\n"
                 "                          reduce_scatter (equal counts), allgather,\n"
                 "                          bcast, reduce, gather or scatter. A size n is\n"
                 "                          the vector every rank has (allreduce, bcast,\n"
                 "                          reduce), the whole vector reduced or gathered\n"
                 "                          (the halves), the root's whole buffer of p\n"
                 "                          blocks of n/p (gather, scatter). For the\n"
                 "                          halves swing-bo, rd-bo, swing-bo-mp, rd-bo-mp\n"
                 "                          are swing's swing, rd, swing_mp, rd_mp (ring\n"
                 "                          is ring); the rooted ones have the trees bine,\n"
                 "                          binomial, bine-mp, binomial-mp and (bcast,\n"
                 "                          reduce) chain; tuned-N is tuned's algorithm N\n"
                 "                          of the collective (listed at the end). The\n"
                 "                          groups take what fits the collective\n"
                 "      --root R            the root of bcast, reduce, gather, scatter\n"
                 "                          (default 0); 'rotate': call i of each size and\n"
                 "                          configuration (warm-up included, from 0) has\n"
                 "                          root i mod p\n"
                 "      --tuned-segsize B   coll_tuned_<NAME>_algorithm_segmentsize for the\n"
                 "                          tuned-N configurations, bytes (0: no segments).\n"
                 "                          Default: the job's when it set one, else 65536\n"
                 "                          for bcast and reduce (their chains and trees\n"
                 "                          pipeline only with one), else the job's (0)\n"
                 "  -C, --configs LIST      configurations, comma separated, or the groups\n"
                 "                          all, swing-all, tuned-all, ompi-all (Open MPI's\n"
                 "                          algorithms run by swing), nodes (default all)\n"
                 "      --config-shift K    each size runs the configurations from the\n"
                 "                          (K mod n)-th of -C's n on, then the first ones:\n"
                 "                          rounds of one run in rotated order (run_bench.sh\n"
                 "                          -R; default 0)\n"
                 "  -t, --timing MODE       swing: barrier before each call, each call\n"
                 "                          timed, slowest rank per call, median (default);\n"
                 "                          osu: as osu_allreduce, barrier before each\n"
                 "                          call, mean per rank averaged over ranks;\n"
                 "                          loop: calls back to back, the loop timed as a\n"
                 "                          whole, averaged over ranks (not with -I);\n"
                 "                          clock: as swing, but every rank starts each\n"
                 "                          call at one instant of the machine's clock\n"
                 "                          (ranks of one machine only: the emulated\n"
                 "                          cluster and network; see bench/README.md);\n"
                 "                          b2b: as applications call, back to back\n"
                 "                          with no barrier between them, timed in\n"
                 "                          up to 10 batches on the fly, call time =\n"
                 "                          slowest rank's batch time / its calls, median\n"
                 "                          over batches; -T fits the count to the\n"
                 "                          warm-up's pace (not with -I, -c)\n"
                 "      --csv FILE          write every figure to FILE (CSV)\n"
                 "  -v, --verbose           progress line on stderr even when it is no tty\n"
                 "  -h, --help              this text\n"
                 "      --version           swing_bench's version (alone, without mpirun)\n"
                 "      --inject-error      debug: one element of the data is made wrong\n"
                 "                          (the last rank's input; bcast and scatter: the\n"
                 "                          root's), to test that validation fails\n"
                 "\n"
                 "Configurations:\n");
    for (int i = 0; i < n; i++) {
        fprintf(out, "  %-12s %s\n", table[i].name, table[i].what);
    }
    fprintf(out, "tuned-N need the job started with --mca coll_tuned_use_dynamic_rules 1.\n"
                 "Configurations whose control variables do not exist are skipped.\n");
    if (k) {
        fprintf(out, "\nThe %s algorithms of this MPI (-k %s; tuned-N is tuned's N):\n", k->call,
                k->name);
        bench_usage_algorithms(out, k);
    }
    fprintf(out, "\n"
                 "Exit status: 0 success, 1 wrong result, 2 bad arguments,\n"
                 "3 other failure.\n");
}

/* Parse a byte count with an optional K, M or G (binary) suffix. */
static int bench_parse_bytes(const char *s, size_t *out)
{
    char *end;
    unsigned long long v;
    unsigned shift = 0;

    if (!*s || '-' == *s) {
        return -1;
    }
    errno = 0;
    v = strtoull(s, &end, 10);
    if (0 != errno || end == s) {
        return -1;
    }
    if (*end) {
        switch (*end) {
        case 'k':
        case 'K': shift = 10; break;
        case 'm':
        case 'M': shift = 20; break;
        case 'g':
        case 'G': shift = 30; break;
        default: return -1;
        }
        end++;
        if ('i' == *end) {
            end++;
        }
        if ('b' == *end || 'B' == *end) {
            end++;
        }
        if (*end) {
            return -1;
        }
    }
    if (v > (unsigned long long) BENCH_MAX_BYTES >> shift) {
        return -1;
    }
    *out = (size_t) (v << shift);
    return 0;
}

static int bench_is_pow2(size_t v)
{
    return v && 0 == (v & (v - 1));
}

static int bench_parse_sizes(const char *s, bench_args_t *args)
{
    const char *colon = strchr(s, ':');
    char buf[64];

    if (NULL == colon) {
        if (bench_parse_bytes(s, &args->max_bytes)) {
            return -1;
        }
    } else {
        size_t n = (size_t) (colon - s);
        if (n >= sizeof(buf)) {
            return -1;
        }
        memcpy(buf, s, n);
        buf[n] = '\0';
        if (bench_parse_bytes(buf, &args->min_bytes)
            || bench_parse_bytes(colon + 1, &args->max_bytes)) {
            return -1;
        }
    }
    if (!bench_is_pow2(args->min_bytes) || !bench_is_pow2(args->max_bytes)
        || args->min_bytes > args->max_bytes) {
        return -1;
    }
    return 0;
}

static int bench_parse_int(const char *s, int min, int *out)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(s, &end, 10);
    if (0 != errno || end == s || *end || v < min || v > INT_MAX) {
        return -1;
    }
    *out = (int) v;
    return 0;
}

/* Options, short and long, and whether they take a value. */
typedef struct bench_option {
    char short_name; /* 0 = long only */
    const char *long_name;
    int has_value;
} bench_option_t;

static const bench_option_t bench_options[] = {
    { 'm', "sizes", 1 },       { 'i', "iterations", 1 },  { 'w', "warmup", 1 },
    { 'd', "datatype", 1 },    { 'o', "op", 1 },          { 'I', "in-place", 0 },
    { 'c', "check-every", 0 }, { 'n', "no-validate", 0 }, { 'C', "configs", 1 },
    { 0, "csv", 1 },           { 'v', "verbose", 0 },     { 'h', "help", 0 },
    { 0, "inject-error", 0 },  { 't', "timing", 1 },      { 'T', "budget", 1 },
    { 'k', "collective", 1 },  { 0, "root", 1 },          { 0, "tuned-segsize", 1 },
    { 0, "config-shift", 1 },
};
#define BENCH_NOPTIONS (sizeof(bench_options) / sizeof(bench_options[0]))

/* Apply one option; returns 0, or -1 with *why set. */
static int bench_apply(const bench_option_t *opt, const char *value, bench_args_t *args,
                       const char **why)
{
    static char msg[160];

    switch (opt->short_name) {
    case 'm':
        *why = "-m wants MIN:MAX, powers of two from 1 B to 1 GiB";
        return bench_parse_sizes(value, args);
    case 'i': *why = "-i wants an integer >= 1"; return bench_parse_int(value, 1, &args->iters);
    case 'w': *why = "-w wants an integer >= 0"; return bench_parse_int(value, 0, &args->warmup);
    case 'd':
        *why = "unknown datatype (-d)";
        return NULL == (args->dtype = bench_dtype_find(value)) ? -1 : 0;
    case 'o':
        *why = "unknown operation (-o): sum, prod, max, min";
        return NULL == (args->op = bench_op_find(value)) ? -1 : 0;
    case 't':
        *why = "-t wants swing, osu, loop, clock or b2b";
        for (int t = BENCH_TIMING_SWING; t <= BENCH_TIMING_B2B; t++) {
            if (0 == strcmp(value, bench_timing_name((bench_timing_t) t))) {
                args->timing = (bench_timing_t) t;
                return 0;
            }
        }
        return -1;
    case 'T': {
        char *end;
        *why = "-T wants seconds, a number > 0 and at most 3600";
        args->budget = strtod(value, &end);
        return (end != value && '\0' == *end && args->budget > 0.0 && args->budget <= 3600.0) ? 0
                                                                                              : -1;
    }
    case 'k':
        snprintf(msg, sizeof(msg), "-k wants one of %s", bench_coll_names());
        *why = msg;
        return NULL == (args->coll = bench_coll_find(value)) ? -1 : 0;
    case 'I': args->in_place = 1; return 0;
    case 'c': args->check_every = 1; return 0;
    case 'n': args->validate = 0; return 0;
    case 'v': args->verbose = 1; return 0;
    case 'C':
        /* parsed once -k is known: the groups depend on it */
        args->config_list = value;
        args->configs_given = 1;
        return 0;
    case 0:
        if (0 == strcmp(opt->long_name, "csv")) {
            *why = "--csv wants a file name";
            args->csv_path = value;
            return *value ? 0 : -1;
        }
        if (0 == strcmp(opt->long_name, "root")) {
            *why = "--root wants a rank (>= 0) or 'rotate'";
            args->root_given = 1;
            args->root_rotate = 0 == strcmp(value, "rotate");
            return args->root_rotate ? 0 : bench_parse_int(value, 0, &args->root);
        }
        if (0 == strcmp(opt->long_name, "config-shift")) {
            *why = "--config-shift wants an integer >= 0";
            return bench_parse_int(value, 0, &args->config_shift);
        }
        if (0 == strcmp(opt->long_name, "tuned-segsize")) {
            size_t b;
            *why = "--tuned-segsize wants bytes, 0 to 1G (K, M suffixes)";
            if (bench_parse_bytes(value, &b) || b > INT_MAX) {
                return -1;
            }
            args->tuned_segsize = (int) b;
            return 0;
        }
        args->inject_error = 1;
        return 0;
    }
    return -1;
}

/* -C's list (or "all") for the collective chosen; 0, or -1 with *why. */
static int bench_args_configs(bench_args_t *args, const char **why)
{
    static char bad[64];
    static char msg[128];
    int n = bench_config_parse(args->config_list, args->coll, args->configs, args->named,
                               BENCH_MAX_CONFIGS, bad, sizeof(bad));

    if (n <= 0) {
        snprintf(msg, sizeof(msg), "unknown configuration '%s' in -C (see the list below)", bad);
        *why = n < 0 ? msg : "-C names no configuration for this collective";
        return -1;
    }
    args->nconfigs = n;
    return 0;
}

const char *bench_timing_name(bench_timing_t t)
{
    static const char *const names[] = { "swing", "osu", "loop", "clock", "b2b" };
    return (unsigned) t <= BENCH_TIMING_B2B ? names[t] : "?";
}

static const bench_option_t *bench_find_short(char c)
{
    for (size_t i = 0; i < BENCH_NOPTIONS; i++) {
        if (bench_options[i].short_name == c) {
            return &bench_options[i];
        }
    }
    return NULL;
}

static const bench_option_t *bench_find_long(const char *name, size_t len)
{
    for (size_t i = 0; i < BENCH_NOPTIONS; i++) {
        if (strlen(bench_options[i].long_name) == len
            && 0 == strncmp(bench_options[i].long_name, name, len)) {
            return &bench_options[i];
        }
    }
    return NULL;
}

static void bench_args_defaults(bench_args_t *args)
{
    memset(args, 0, sizeof(*args));
    args->min_bytes = BENCH_DEFAULT_MIN;
    args->max_bytes = BENCH_DEFAULT_MAX;
    args->iters = 0;
    args->warmup = -1;
    args->dtype = bench_dtype_find("float");
    args->op = bench_op_find("sum");
    args->validate = 1;
    args->coll = bench_coll_find("allreduce");
    args->config_list = "all";
    args->tuned_segsize = -1;
}

bench_args_result_t bench_args_parse(int argc, char **argv, int print, bench_args_t *args)
{
    const char *prog = argc > 0 ? argv[0] : "swing_bench";
    const char *why = NULL;
    const char *arg = NULL;
    int help = 0;

    bench_args_defaults(args);

    for (int i = 1; i < argc; i++) {
        const bench_option_t *opt;
        const char *value = NULL;

        arg = argv[i];
        if (0 == strncmp(arg, "--", 2) && arg[2]) {
            const char *eq = strchr(arg + 2, '=');
            size_t len = eq ? (size_t) (eq - arg - 2) : strlen(arg + 2);
            if (NULL == (opt = bench_find_long(arg + 2, len))) {
                why = "unknown option";
                goto fail;
            }
            if (opt->has_value) {
                if (eq) {
                    value = eq + 1;
                } else if (i + 1 < argc) {
                    value = argv[++i];
                } else {
                    why = "option wants a value";
                    goto fail;
                }
            } else if (eq) {
                why = "option takes no value";
                goto fail;
            }
            if ('h' == opt->short_name) {
                help = 1;
            } else if (bench_apply(opt, value, args, &why)) {
                arg = value ? value : arg;
                goto fail;
            }
            continue;
        }
        if ('-' != arg[0] || !arg[1]) {
            why = "unexpected argument";
            goto fail;
        }
        /* Short options; flags may be bundled (-Ic), a value may follow
         * attached (-m8:64) or as the next argument. */
        for (const char *c = arg + 1; *c; c++) {
            if (NULL == (opt = bench_find_short(*c))) {
                why = "unknown option";
                goto fail;
            }
            if (opt->has_value) {
                if (c[1]) {
                    value = c + 1;
                } else if (i + 1 < argc) {
                    value = argv[++i];
                } else {
                    why = "option wants a value";
                    goto fail;
                }
            }
            if ('h' == opt->short_name) {
                help = 1;
            } else if (bench_apply(opt, value, args, &why)) {
                arg = value ? value : arg;
                goto fail;
            }
            if (opt->has_value) {
                break;
            }
        }
    }

    if (help) {
        if (print) {
            bench_args_usage(stdout, prog, args->coll);
        }
        return BENCH_ARGS_HELP;
    }
    arg = NULL;
    if (bench_args_configs(args, &why)) {
        arg = args->config_list;
        goto fail;
    }
    if (args->root_given && !args->coll->rooted) {
        why = "--root: only bcast, reduce, gather and scatter have a root (-k)";
        goto fail;
    }
    if (args->in_place && BENCH_COLL_BCAST == args->coll->id) {
        why = "-I: MPI_Bcast has no MPI_IN_PLACE (its buffer is both)";
        goto fail;
    }
    if (args->check_every && !args->validate) {
        why = "-c and -n contradict each other";
        goto fail;
    }
    if (BENCH_TIMING_LOOP == args->timing && args->budget > 0.0) {
        why = "-T sizes the count from the warm-up's call times: not with -t loop";
        goto fail;
    }
    if ((BENCH_TIMING_LOOP == args->timing || BENCH_TIMING_B2B == args->timing)
        && (args->in_place || args->check_every)) {
        why = "-t loop and -t b2b run the calls back to back: not with -I or -c";
        goto fail;
    }
    if (args->max_bytes < args->dtype->size) {
        why = "largest size (-m) is smaller than one element of the datatype";
        goto fail;
    }
    return BENCH_ARGS_RUN;

fail:
    if (print) {
        if (arg) {
            fprintf(stderr, "%s: %s: '%s'\n", prog, why, arg);
        } else {
            fprintf(stderr, "%s: %s\n", prog, why);
        }
        bench_args_usage(stderr, prog, args->coll);
    }
    return BENCH_ARGS_ERROR;
}

int bench_args_iters(const bench_args_t *args, size_t bytes)
{
    double iters = BENCH_SMALL_ITERS;

    if (args->iters > 0) {
        return args->iters;
    }
    for (size_t s = BENCH_SMALL_BYTES; s < bytes; s *= 2) {
        iters *= s < BENCH_LARGE_BYTES ? 0.70710678118654752 : 0.5;
    }
    return iters < BENCH_MIN_ITERS ? BENCH_MIN_ITERS : (int) (iters + 0.5);
}

int bench_args_most(const bench_args_t *args, size_t bytes)
{
    if (args->iters <= 0 && args->budget > 0.0) {
        return BENCH_BUDGET_MOST;
    }
    return bench_args_iters(args, bytes);
}

int bench_args_warmup(const bench_args_t *args, size_t bytes)
{
    int w;

    if (args->warmup >= 0) {
        return args->warmup;
    }
    w = bench_args_iters(args, bytes) / 10;
    return w < BENCH_MIN_WARMUP ? BENCH_MIN_WARMUP : w;
}
