/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing_bench: OSU-style MPI_Allreduce benchmark that compares several
 * collective configurations side by side in one run, each on its own
 * communicator.
 *
 * Public MPI API only.  Open MPI specifics (which coll component and which
 * algorithm serves a communicator) are reached through the MPI tool
 * interface (MPI_T) and are skipped when the variables do not exist.
 *
 * Files:
 *   bench_args.c     command line
 *   bench_data.c     datatypes, operations, exact test data and its check
 *   bench_stats.c    statistics and bandwidth arithmetic
 *   bench_mpit.c     MPI_T control and performance variable helpers
 *   bench_configs.c  the configuration table, one communicator each
 *   bench_memcpy.c   the node's memory copy bandwidth
 *   bench_report.c   header, tables and CSV
 *   bench_main.c     the sweep
 */
#ifndef BENCH_H
#define BENCH_H

#include <stddef.h>
#include <stdio.h>

#include <mpi.h>

/* This project's version: swing_version.h from configure, or -DSWING_VERSION
 * (bench/Makefile.standalone reads it from configure.ac). */
#ifndef SWING_VERSION
#include "swing_version.h"
#endif

/* Exit codes of swing_bench (also seen by the caller of mpirun). */
enum {
    BENCH_EXIT_OK = 0,
    BENCH_EXIT_INVALID = 1, /* a wrong result */
    BENCH_EXIT_USAGE = 2,   /* bad arguments */
    BENCH_EXIT_RUNTIME = 3  /* out of memory, MPI failure, no config */
};

/* ------------------------------------------------------------------ */
/* Datatypes, operations and test data (bench_data.c)                  */

typedef enum { BENCH_KIND_SIGNED, BENCH_KIND_UNSIGNED, BENCH_KIND_FLOAT } bench_kind_t;

typedef enum {
    BENCH_DT_INT8,
    BENCH_DT_UINT8,
    BENCH_DT_INT16,
    BENCH_DT_UINT16,
    BENCH_DT_INT32,
    BENCH_DT_UINT32,
    BENCH_DT_INT64,
    BENCH_DT_UINT64,
    BENCH_DT_FLOAT,
    BENCH_DT_DOUBLE
} bench_dtype_id_t;

typedef struct bench_dtype {
    const char *name; /* canonical name, as printed */
    bench_dtype_id_t id;
    bench_kind_t kind;
    size_t size;         /* bytes per element */
    long long exact_max; /* largest magnitude held exactly */
} bench_dtype_t;

typedef enum { BENCH_OP_SUM, BENCH_OP_PROD, BENCH_OP_MAX, BENCH_OP_MIN } bench_op_id_t;

typedef struct bench_op {
    const char *name;
    bench_op_id_t id;
} bench_op_t;

/* Look up by name (aliases allowed); NULL when unknown. */
const bench_dtype_t *bench_dtype_find(const char *name);
const bench_op_t *bench_op_find(const char *name);
/* Comma separated list of accepted names, for the usage text. */
const char *bench_dtype_names(void);
MPI_Datatype bench_dtype_mpi(const bench_dtype_t *dt);
MPI_Op bench_op_mpi(const bench_op_t *op);

/*
 * The input of rank r at element i is an integer; every value and every
 * result is exactly representable in the datatype, so the check compares
 * for equality.  Expected values come in closed form from the parameters
 * below, never from a second reduction.
 */
typedef struct bench_pattern {
    bench_op_id_t op;
    bench_kind_t kind;
    int np;
    int k_mod;       /* k(i) = i % k_mod + 1: varies along the buffer */
    int w_mod;       /* sum: weight of rank r is r % w_mod + 1 */
    long long w_sum; /* sum: sum of the weights over all ranks */
    long long shift; /* max/min: subtracted so signed data go negative */
} bench_pattern_t;

/* Fit the pattern to (datatype, op, np); -1 when np is too large for
 * exact values in this datatype. */
int bench_pattern_init(bench_pattern_t *pat, const bench_dtype_t *dt, const bench_op_t *op, int np);

/* A value as read back from a buffer, for messages. */
typedef struct bench_value {
    bench_kind_t kind;
    long long i;
    unsigned long long u;
    double f;
} bench_value_t;

/* In the rank arguments below: not a rank, the reduction's result. */
#define BENCH_DATA_RESULT (-1)

void bench_data_fill(void *buf, size_t count, const bench_dtype_t *dt, const bench_pattern_t *pat,
                     int rank);
/* Elements [first, first + count) of rank's input (or of the result,
 * BENCH_DATA_RESULT) into buf, which holds element first. */
void bench_data_fill_at(void *buf, size_t first, size_t count, const bench_dtype_t *dt,
                        const bench_pattern_t *pat, int rank);
/* The blocks of a gather or scatter: block r (elements [r block,
 * (r + 1) block)) holds rank r's input at those elements. */
void bench_data_fill_blocks(void *buf, size_t block, int np, const bench_dtype_t *dt,
                            const bench_pattern_t *pat);
/* Index of the first wrong element, or count when all are right; *got
 * and *expected describe the wrong one. */
size_t bench_data_check(const void *buf, size_t count, const bench_dtype_t *dt,
                        const bench_pattern_t *pat, bench_value_t *got, bench_value_t *expected);
/* The same for elements [first, first + count) of the result, at buf. */
size_t bench_data_check_at(const void *buf, size_t first, size_t count, const bench_dtype_t *dt,
                           const bench_pattern_t *pat, bench_value_t *got, bench_value_t *expected);
/* The same against rank's input (or the result, BENCH_DATA_RESULT). */
size_t bench_data_check_from(const void *buf, size_t first, size_t count, const bench_dtype_t *dt,
                             const bench_pattern_t *pat, int rank, bench_value_t *got,
                             bench_value_t *expected);
/* The expected result of elements [0, count) into buf (allgather's input). */
void bench_data_fill_expected(void *buf, size_t count, const bench_dtype_t *dt,
                              const bench_pattern_t *pat);
/* Debug: make element i of buf, which holds rank's input (or the result,
 * BENCH_DATA_RESULT), wrong so that any result made from it is wrong. */
void bench_data_inject(void *buf, size_t i, const bench_dtype_t *dt, const bench_pattern_t *pat,
                       int rank);
/* Print a value as the datatype shows it. */
int bench_value_format(char *out, size_t len, const bench_value_t *v);

/* ------------------------------------------------------------------ */
/* The collective timed, -k (bench_coll.c)                             */

typedef enum {
    BENCH_COLL_ALLREDUCE,
    BENCH_COLL_RSB, /* MPI_Reduce_scatter_block */
    BENCH_COLL_RS,  /* MPI_Reduce_scatter, equal counts */
    BENCH_COLL_ALLGATHER,
    BENCH_COLL_BCAST,
    BENCH_COLL_REDUCE,
    BENCH_COLL_GATHER,
    BENCH_COLL_SCATTER
} bench_coll_id_t;

typedef struct bench_coll {
    bench_coll_id_t id;
    const char *name; /* -k value; coll_swing_<name>_algorithm, counters */
    const char *call; /* in headers and messages */
    const char *size; /* what a size (n bytes) is, for the header */
    double bus;       /* busbw = algbw * bus, times (p-1)/p when share */
    int share;        /* busbw has the factor (p-1)/p (nccl-tests) */
    int split;        /* the vector is p blocks of count / p */
    int rooted;       /* one root: bcast, reduce, gather, scatter */
    int reduces;      /* an operation (-o) applies */
    int segsize;      /* coll_tuned_<name>_algorithm_segmentsize that the
                         tuned-N configurations get by default (bytes),
                         0 = the job's value */
} bench_coll_t;

const bench_coll_t *bench_coll_find(const char *name);
/* The -k names, comma separated (usage and messages). */
const char *bench_coll_names(void);
double bench_coll_busbw(const bench_coll_t *k, double algbw, int np);
/* The busbw factor as text: "2 (p-1)/p", "(p-1)/p" or "1". */
const char *bench_coll_bus_text(const bench_coll_t *k);
/* 1: alg is one of Open MPI's algorithms that swing runs (ompi_*). */
int bench_coll_ompi_alg(const char *alg);
/* swing's enum item for a configuration's algorithm; NULL: no such form. */
const char *bench_coll_swing_alg(const bench_coll_t *k, const char *alg);
/* Why coll/tuned's forced algorithm alg fails this job (it errors, it does
   not fall back), or NULL. */
const char *bench_coll_tuned_refuses(const bench_coll_t *k, int alg, int np);
/* Elements of one rank's block (the whole count for allreduce). */
size_t bench_coll_block(const bench_coll_t *k, size_t count, int np);
/*
 * One call on count elements of the whole vector (bcast: rbuf is the
 * buffer). in_place: this rank passes MPI_IN_PLACE (the caller asks it of
 * every rank, or of the root alone for the rooted collectives);
 * counts: np ints of scratch.
 */
int bench_coll_call(const bench_coll_t *k, const void *sbuf, void *rbuf, int in_place, size_t count,
                    MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm, int *counts);

/* ------------------------------------------------------------------ */
/* Configurations (bench_configs.c)                                    */

typedef enum {
    BENCH_FAMILY_SWING,   /* coll/swing with a given algorithm */
    BENCH_FAMILY_TUNED,   /* coll/tuned, own decision or forced */
    BENCH_FAMILY_DEFAULT, /* whatever the MPI picks, nothing changed */
    BENCH_FAMILY_HAN      /* coll/han, when the job raised its priority */
} bench_family_t;

typedef struct bench_config_desc {
    const char *name; /* in -C, table columns and CSV */
    bench_family_t family;
    const char *swing_algorithm; /* enum item of coll_swing_allreduce_algorithm
                                    (bench_coll_swing_alg: of the collective's) */
    int tuned_algorithm;         /* coll_tuned_<coll>_algorithm, 0 = own */
    const char *what;            /* one line for the usage text */
    int nodes_only;              /* for jobs across nodes: not in "all" */
} bench_config_desc_t;

#define BENCH_MAX_CONFIGS 48

/* The whole table, in default order; *n gets its length. */
const bench_config_desc_t *bench_config_table(int *n);
/*
 * Parse a list (comma or space separated names, or the groups "all",
 * "swing-all", "tuned-all", "nodes") into out[], without duplicates.  A
 * group takes the swing configurations that have a form for the
 * collective k; named[i] (when not NULL) is 1 for a configuration named
 * by itself, 0 for one a group brought.  Returns the number chosen, or -1
 * with the offending name in *bad.
 */
int bench_config_parse(const char *list, const bench_coll_t *k, const bench_config_desc_t **out,
                       unsigned char *named, int max, char *bad, size_t badlen);

/* ------------------------------------------------------------------ */
/* Command line (bench_args.c)                                         */

/* How calls are timed (-t). */
typedef enum {
    BENCH_TIMING_SWING, /* barrier, time each call, max over ranks, median */
    BENCH_TIMING_OSU,   /* osu_allreduce: barrier, time each call, mean
                           per rank, averaged over ranks */
    BENCH_TIMING_LOOP,  /* back to back, the loop timed as a whole,
                           averaged over ranks */
    BENCH_TIMING_CLOCK, /* every rank starts each call at one instant of
                           the machine's clock; as swing otherwise */
    BENCH_TIMING_B2B    /* back to back as OSU times them, in batches:
                           slowest rank per batch, median over batches */
} bench_timing_t;

const char *bench_timing_name(bench_timing_t t);

/* Clock timing (bench_clock.c): calls started at one instant of the clock. */
typedef struct bench_clock {
    MPI_Comm comm; /* the ranks, for the benchmark's own messages */
    double margin; /* rank 0: s between choosing an instant and the instant */
    double delay;  /* this rank: s from rank 0's choice to its receipt */
    int late;      /* rank 0: timed calls that some rank started late */
    int was_late;  /* this rank started the last call late */
    int counted;   /* the last call is a timed one */
} bench_clock_t;

double bench_clock_now(void);
void bench_clock_init(bench_clock_t *c);
/* Waits with every rank for one instant of the clock (a reduction and a
   broadcast, no allreduce); *start gets it, in bench_clock_now() seconds. */
int bench_clock_start(bench_clock_t *c, int counted, double *start);
/* After the last call of a loop: account for its start. */
int bench_clock_finish(bench_clock_t *c);

typedef struct bench_args {
    size_t min_bytes; /* smallest message, power of two */
    size_t max_bytes; /* largest message, power of two */
    int iters;        /* timed iterations, 0 = scaled by size */
    int warmup;       /* warm-up iterations, -1 = scaled by size */
    double budget;    /* -T: seconds of timed calls per size, 0 = off */
    const bench_dtype_t *dtype;
    const bench_op_t *op;
    int in_place;            /* MPI_IN_PLACE */
    int check_every;         /* validate every iteration */
    int validate;            /* validate the last iteration of each size */
    int verbose;             /* progress line even when stderr is no tty */
    int inject_error;        /* debug: corrupt one input element */
    int configs_given;       /* -C was used */
    const char *config_list; /* -C's value, or "all" */
    int nconfigs;
    const bench_config_desc_t *configs[BENCH_MAX_CONFIGS];
    unsigned char named[BENCH_MAX_CONFIGS]; /* named by itself, not by a group */
    int root;                               /* --root: the rooted collectives' root */
    int root_rotate;                        /* --root rotate: call i has root i mod p */
    int root_given;                         /* --root was used */
    int tuned_segsize;                      /* --tuned-segsize, bytes; -1 = not given */
    int config_shift;                       /* --config-shift: each size starts at this one */
    const char *csv_path;                   /* NULL = no CSV */
    bench_timing_t timing;
    const bench_coll_t *coll; /* -k: the collective timed */
} bench_args_t;

typedef enum {
    BENCH_ARGS_RUN,  /* arguments fine, run */
    BENCH_ARGS_HELP, /* -h: usage printed to stdout */
    BENCH_ARGS_ERROR /* message and usage printed to stderr */
} bench_args_result_t;

/* Parse argv.  Prints only when print is non-zero (rank 0). */
bench_args_result_t bench_args_parse(int argc, char **argv, int print, bench_args_t *args);
/* k: the collective whose algorithms the MPI lists (MPI_T), or NULL. */
void bench_args_usage(FILE *out, const char *prog, const bench_coll_t *k);

/* Iterations for a message size, honouring -i / -w. */
int bench_args_iters(const bench_args_t *args, size_t bytes);
/* The most timed calls of a size: -T without -i lifts the default count
   (the budget sets the calls) up to BENCH_BUDGET_MOST. */
#define BENCH_BUDGET_MOST 100000
int bench_args_most(const bench_args_t *args, size_t bytes);
int bench_args_warmup(const bench_args_t *args, size_t bytes);

/* ------------------------------------------------------------------ */
/* Statistics (bench_stats.c)                                          */

/*
 * Seconds. Timing swing: over the iterations of the slowest rank of each.
 * Timings osu and loop: median = the mean per call averaged over ranks,
 * min / max = the means of the fastest / slowest rank, p95 = max.
 */
typedef struct bench_stats {
    double median;
    double min;
    double max;
    double p95; /* nearest-rank 95th percentile */
} bench_stats_t;

/* Sorts times[] in place. */
void bench_stats_compute(double *times, int n, bench_stats_t *out);
/* Bytes / seconds in GB/s (1e9). */
double bench_algbw(size_t bytes, double seconds);
/* algbw * 2 (p - 1) / p, the nccl-tests convention. */
double bench_busbw(double algbw, int np);

/* ------------------------------------------------------------------ */
/* MPI_T helpers (bench_mpit.c)                                        */

typedef struct bench_cvar {
    const char *name;
    int found; /* the variable exists and is usable */
    int index;
    MPI_T_cvar_handle handle;
    MPI_Datatype type;
    MPI_T_enum enumtype; /* MPI_T_ENUM_NULL when not an enum */
    int scope;
    int original; /* value when the benchmark started */
} bench_cvar_t;

/* MPI_T_init_thread; returns 1 when the tool interface is usable. */
int bench_mpit_init(void);
void bench_mpit_finalize(void);

/* Find a control variable of integer type bound to no object and remember
 * its current value.  Returns 0 and cv->found = 1 on success. */
int bench_cvar_open(bench_cvar_t *cv, const char *name);
void bench_cvar_close(bench_cvar_t *cv);
int bench_cvar_read(const bench_cvar_t *cv, int *value);
/* Write, then read back; returns the MPI_T error or -1 on a mismatch. */
int bench_cvar_write(const bench_cvar_t *cv, int value);
/* Item i (from 0) of the variable's enum: its value, and its name in name
 * (len bytes). -1 past the last item, or when the variable is no enum. */
int bench_cvar_enum_item(const bench_cvar_t *cv, int i, int *value, char *name, size_t len);
/* Integer value of an enum item, by name; -1 when there is no such item. */
int bench_cvar_enum_value(const bench_cvar_t *cv, const char *item, int *value);
/* Name of the enum item with this value; -1 when there is none. */
int bench_cvar_enum_name(const bench_cvar_t *cv, int value, char *out, size_t len);
/* Names of the enum items, comma separated (for messages). */
void bench_cvar_enum_names(const bench_cvar_t *cv, char *out, size_t len);

/* A counter performance variable, read as unsigned long long. */
typedef struct bench_pvar {
    int found;
    MPI_T_pvar_handle handle;
    MPI_Datatype type;
} bench_pvar_t;

/* Open a counter, bound to comm when the variable is bound to a
 * communicator.  found = 0 (and 0 returned) when it does not exist. */
int bench_pvar_open(bench_pvar_t *pv, const char *name, MPI_Comm *comm);
int bench_pvar_read(const bench_pvar_t *pv, unsigned long long *value);
void bench_pvar_close(bench_pvar_t *pv);

/* ------------------------------------------------------------------ */
/* Configurations with their communicators (bench_configs.c)           */

#define BENCH_MAX_ALGS 24

typedef struct bench_config {
    const bench_config_desc_t *desc;
    MPI_Comm comm;                    /* dup of MPI_COMM_WORLD */
    bench_pvar_t served;              /* coll_swing_<coll>_served */
    bench_pvar_t fallback;            /* coll_swing_<coll>_fallback */
    bench_pvar_t previous;            /* coll_swing_<coll>_previous: calls a measured
                                         table's row handed on (auto's choice) */
    bench_pvar_t alg[BENCH_MAX_ALGS]; /* coll_swing_<coll>_<algorithm> */
    int warned;                       /* "not served" said once already */
    int wrong;                        /* Open MPI's own algorithm (not swing) gave
                                         wrong values: left out of later sizes */
    char detail[128];                 /* the control variables it set */
} bench_config_t;

typedef struct bench_configs {
    MPI_Comm ctl; /* dup of MPI_COMM_WORLD that swing declines:
                     the benchmark's own barriers and reductions,
                     so swing's counters count timed calls only */
    int n;
    bench_config_t cfg[BENCH_MAX_CONFIGS];
    int swing_present;    /* coll_swing_priority exists */
    int counters_present; /* swing's served/fallback pvars exist */
    int nalgs;            /* swing algorithms with a counter */
    char alg_name[BENCH_MAX_ALGS][32];
    char skipped[1024];   /* names of the skipped configurations */
    char tuned_note[256]; /* what the forced tuned-N got besides */
} bench_configs_t;

/*
 * Create one communicator per requested configuration (collective over
 * MPI_COMM_WORLD), skipping with one stderr line (rank 0) those that
 * cannot be set up.  Control variables are back at their original values
 * on return.  Returns 0, or an MPI error.
 */
int bench_configs_create(bench_configs_t *set, const bench_args_t *args, int mpit, int rank);
void bench_configs_free(bench_configs_t *set);

/* ------------------------------------------------------------------ */
/* Memory copy bandwidth (bench_memcpy.c)                              */

typedef struct bench_memcpy {
    size_t bytes;     /* per copy */
    double one_rank;  /* GB/s, world rank 0 alone, best of reps */
    double all_ranks; /* GB/s, every rank of rank 0's node at once, sum */
    int local_ranks;  /* ranks on rank 0's node */
    int ok;           /* measured */
} bench_memcpy_t;

/* Collective over MPI_COMM_WORLD; result valid on world rank 0. */
int bench_memcpy_measure(MPI_Comm node_comm, size_t bytes, int reps, bench_memcpy_t *out);

/* ------------------------------------------------------------------ */
/* Results and report (bench_report.c)                                 */

typedef enum {
    BENCH_SERVED_UNKNOWN,
    BENCH_SERVED_YES, /* every call executed by swing */
    BENCH_SERVED_NO   /* some or all calls not executed by swing */
} bench_served_t;

typedef struct bench_result {
    int ran;
    size_t bytes;
    size_t count;
    int iters;
    int warmup;
    bench_stats_t stats; /* seconds */
    double algbw;        /* GB/s */
    double busbw;        /* GB/s */
    bench_served_t served;
    int flagged;         /* not what the configuration claims */
    char swing_algs[96]; /* swing algorithms that ran ('+'), or "" */
    int validated;
} bench_result_t;

typedef struct bench_env {
    int np;
    int nodes;
    int max_local;      /* most ranks on one node */
    long cores;         /* online cores on rank 0's node */
    int oversubscribed; /* ranks > cores on some node */
    char library[256];  /* first line of MPI_Get_library_version */
} bench_env_t;

typedef struct bench_report {
    const bench_args_t *args;
    const bench_env_t *env;
    const bench_configs_t *configs;
    const bench_memcpy_t *mem;
    int nsizes;
    size_t *sizes;
    bench_result_t *results; /* [config * nsizes + size] */
    FILE *csv;
} bench_report_t;

const char *bench_served_name(bench_served_t s);
void bench_report_header(FILE *out, const bench_report_t *rep);
void bench_report_time_header(FILE *out, const bench_report_t *rep);
void bench_report_time_row(FILE *out, const bench_report_t *rep, int size);
void bench_report_tables(FILE *out, const bench_report_t *rep);
void bench_report_csv_header(FILE *csv);
void bench_report_csv_row(const bench_report_t *rep, int config, int size);

/* ------------------------------------------------------------------ */
/* Nonblocking and persistent allreduce, swing beside libnbc (bench_nbc.c) */

/* swing_bench --nbc ...: after MPI_Init; returns the exit status. */
int bench_nbc_main(int argc, char **argv);

#endif /* BENCH_H */
