/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Open MPI's own algorithms as coll/swing's rows (values ompi_* of every
 * coll_swing_<collective>_algorithm, found through MPI_T, none listed
 * here): each one, set through MPI_T for a duplicate of MPI_COMM_WORLD,
 * must give the right values for MPI_Allreduce, MPI_Reduce_scatter_block,
 * MPI_Reduce_scatter, MPI_Allgather, MPI_Allgatherv, MPI_Bcast,
 * MPI_Reduce, MPI_Gather and MPI_Scatter (every root, in place where MPI
 * allows it, counts 1, 3, p, 1000 and a big one, uneven counts with a
 * zero), and its counter coll_swing_<collective>_<value> must grow by one
 * per call with no fallback; where it cannot serve (two_proc on other than
 * 2 ranks) the call is served, by another row, with no fallback. No other
 * collective's served counter may grow: the composed ones (ompi_linear
 * allgather: a gather, then a broadcast) run their parts on the previous
 * module, as under tuned.
 * MPI_Iallreduce forced to one goes to the previous module: right value,
 * iallreduce_fallback +1. An 8-bit sum, which Open MPI's op/avx saturates,
 * is declined by them and served, wrapping, by one of swing's.
 *
 * Usage: test_ompi_algs [--big N] [--label TEXT]
 *        test_ompi_algs --list: prints COLLECTIVE:VALUE for every value of
 *        every collective's parameter (run_matrix.sh's lists), and exits
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "swing_pvar.h"

enum { C_ALLREDUCE, C_RSB, C_RS, C_AG, C_AGV, C_BCAST, C_REDUCE, C_GATHER, C_SCATTER, C_N };
static const char *const coll_names[C_N] = {
    "allreduce",      "reduce_scatter_block",
    "reduce_scatter", "allgather",
    "allgatherv",     "bcast",
    "reduce",         "gather",
    "scatter",
};

#define MAX_VALUES 32

static struct {
    int wrank, wsize;
    size_t big;
    const char *label;
    const char *coll, *alg; /* the case running */
    long cases, calls, failures;
} run = { .big = 100003, .label = "" };

static void fail(const char *what, long detail)
{
    if (run.failures < 20) {
        fprintf(stderr, "FAIL [%s] rank=%d %s %s: %s (%ld)\n", run.label, run.wrank, run.coll,
                run.alg, what, detail);
    }
    run.failures++;
}

/* The enum items of control variable var that begin with prefix. */
static int enum_items(const char *var, const char *prefix, char out[][64], int max)
{
    int num, n = 0;

    if (MPI_SUCCESS != MPI_T_cvar_get_num(&num)) {
        return 0;
    }
    for (int idx = 0; idx < num; ++idx) {
        char vname[256], desc[4096], ename[256];
        int vlen = sizeof(vname), dlen = sizeof(desc), elen = sizeof(ename);
        int verbosity, binding, scope, nitems;
        MPI_Datatype dt;
        MPI_T_enum et;

        if (MPI_SUCCESS
                != MPI_T_cvar_get_info(idx, vname, &vlen, &verbosity, &dt, &et, desc, &dlen,
                                       &binding, &scope)
            || 0 != strcmp(vname, var) || MPI_T_ENUM_NULL == et
            || MPI_SUCCESS != MPI_T_enum_get_info(et, &nitems, ename, &elen)) {
            continue;
        }
        for (int i = 0; i < nitems && n < max; ++i) {
            char item[256];
            int ilen = sizeof(item), value;
            if (MPI_SUCCESS == MPI_T_enum_get_item(et, i, &value, item, &ilen)
                && 0 == strncmp(item, prefix, strlen(prefix))) {
                snprintf(out[n++], 64, "%.63s", item);
            }
        }
    }
    return n;
}

static unsigned long long ctr(const char *coll, const char *what)
{
    char name[160];

    snprintf(name, sizeof(name), "%.60s_%.60s", coll, what);
    return swing_pvar_get(name);
}

/* Calls served by swing, of every collective but c. */
static unsigned long long others_served(int c)
{
    unsigned long long n = 0;

    for (int k = 0; k < C_N; ++k) {
        n += (k == c) ? 0 : ctr(coll_names[k], "served");
    }
    return n;
}

/* Element i of rank r's input: small integers, so every sum is exact. */
static int val(int r, size_t i)
{
    return (int) ((i % 7) + 1) * (r + 1) + (int) (i % 3);
}

/* Sum over ranks of val(r, i). */
static int sum(size_t i, int p)
{
    return (int) ((i % 7) + 1) * p * (p + 1) / 2 + p * (int) (i % 3);
}

static void check(int got, int want, const char *what, size_t i)
{
    if (got != want) {
        fail(what, (long) i);
    }
}

static void do_allreduce(MPI_Comm comm, size_t n, int in_place)
{
    int r, p, *s = malloc(n * sizeof(int)), *d = malloc(n * sizeof(int));

    MPI_Comm_rank(comm, &r);
    MPI_Comm_size(comm, &p);
    for (size_t i = 0; i < n; ++i) {
        s[i] = val(r, i);
        d[i] = in_place ? s[i] : -1;
    }
    MPI_Allreduce(in_place ? MPI_IN_PLACE : s, d, (int) n, MPI_INT, MPI_SUM, comm);
    for (size_t i = 0; i < n; ++i) {
        check(d[i], sum(i, p), "wrong sum", i);
    }
    free(s);
    free(d);
}

/* Reduce-scatter with counts[r] = n, or n + r % 2 with rank 1's 0 (uneven). */
static void do_rs(MPI_Comm comm, size_t n, int block, int in_place)
{
    int r, p, *counts, total = 0, off = 0;

    MPI_Comm_rank(comm, &r);
    MPI_Comm_size(comm, &p);
    counts = malloc((size_t) p * sizeof(int));
    for (int q = 0; q < p; ++q) {
        counts[q] = block ? (int) n : (1 == q ? 0 : (int) n + q % 2);
        total += counts[q];
        off += (q < r) ? counts[q] : 0;
    }
    int *s = malloc(((size_t) total + 1) * sizeof(int));
    int *d = malloc(((size_t) total + 1) * sizeof(int));
    for (int i = 0; i < total; ++i) {
        s[i] = val(r, (size_t) i);
        d[i] = s[i];
    }
    if (block) {
        MPI_Reduce_scatter_block(in_place ? MPI_IN_PLACE : s, d, (int) n, MPI_INT, MPI_SUM, comm);
    } else {
        MPI_Reduce_scatter(in_place ? MPI_IN_PLACE : s, d, counts, MPI_INT, MPI_SUM, comm);
    }
    for (int i = 0; i < counts[r]; ++i) {
        check(d[i], sum((size_t) (off + i), p), "wrong block", (size_t) i);
    }
    free(s);
    free(d);
    free(counts);
}

/* Allgather(v): rank q's block of counts[q] at displs[q] (v: blocks in
   reverse rank order, one element apart, rank 1's empty). */
static void do_ag(MPI_Comm comm, size_t n, int v, int in_place)
{
    int r, p, *counts, *displs, total = 0;

    MPI_Comm_rank(comm, &r);
    MPI_Comm_size(comm, &p);
    counts = malloc((size_t) p * sizeof(int));
    displs = malloc((size_t) p * sizeof(int));
    for (int q = p - 1; q >= 0; --q) {
        counts[q] = v ? (1 == q ? 0 : (int) n + q % 2) : (int) n;
        displs[q] = v ? total + 1 : q * (int) n;
        total += v ? counts[q] + 1 : counts[q];
    }
    total = v ? total : p * (int) n;
    int *s = malloc(((size_t) counts[r] + 1) * sizeof(int));
    int *d = malloc(((size_t) total + 1) * sizeof(int));
    for (int i = 0; i < total; ++i) {
        d[i] = -7;
    }
    for (int i = 0; i < counts[r]; ++i) {
        s[i] = val(r, (size_t) i);
        d[displs[r] + i] = s[i];
    }
    if (v) {
        MPI_Allgatherv(in_place ? MPI_IN_PLACE : s, counts[r], MPI_INT, d, counts, displs, MPI_INT,
                       comm);
    } else {
        MPI_Allgather(in_place ? MPI_IN_PLACE : s, (int) n, MPI_INT, d, (int) n, MPI_INT, comm);
    }
    for (int q = 0; q < p; ++q) {
        for (int i = 0; i < counts[q]; ++i) {
            check(d[displs[q] + i], val(q, (size_t) i), "wrong block", (size_t) q);
        }
    }
    if (v) {
        for (int q = 0; q < p; ++q) {
            check(d[displs[q] - 1], -7, "gap written", (size_t) q);
        }
    }
    free(s);
    free(d);
    free(counts);
    free(displs);
}

static void do_bcast(MPI_Comm comm, size_t n, int root)
{
    int r, *d = malloc(n * sizeof(int));

    MPI_Comm_rank(comm, &r);
    for (size_t i = 0; i < n; ++i) {
        d[i] = (r == root) ? val(root, i) : -1;
    }
    MPI_Bcast(d, (int) n, MPI_INT, root, comm);
    for (size_t i = 0; i < n; ++i) {
        check(d[i], val(root, i), "wrong element", i);
    }
    free(d);
}

static void do_reduce(MPI_Comm comm, size_t n, int root, int in_place)
{
    int r, p, *s = malloc(n * sizeof(int)), *d = malloc(n * sizeof(int));

    MPI_Comm_rank(comm, &r);
    MPI_Comm_size(comm, &p);
    for (size_t i = 0; i < n; ++i) {
        s[i] = val(r, i);
        d[i] = (in_place && r == root) ? s[i] : -1;
    }
    MPI_Reduce((in_place && r == root) ? MPI_IN_PLACE : s, d, (int) n, MPI_INT, MPI_SUM, root,
               comm);
    for (size_t i = 0; i < n && r == root; ++i) {
        check(d[i], sum(i, p), "wrong sum", i);
    }
    free(s);
    free(d);
}

static void do_gs(MPI_Comm comm, size_t n, int root, int gather, int in_place)
{
    int r, p, *one = malloc(n * sizeof(int)), *all;

    MPI_Comm_rank(comm, &r);
    MPI_Comm_size(comm, &p);
    all = malloc((size_t) p * n * sizeof(int));
    for (int q = 0; q < p; ++q) {
        for (size_t i = 0; i < n; ++i) {
            all[(size_t) q * n + i] = (r == root && (!gather || (in_place && q == r))) ? val(q, i)
                                                                                       : -1;
        }
    }
    for (size_t i = 0; i < n; ++i) {
        one[i] = gather ? val(r, i) : -1;
    }
    in_place = in_place && r == root;
    if (gather) {
        MPI_Gather(in_place ? MPI_IN_PLACE : one, (int) n, MPI_INT, all, (int) n, MPI_INT, root,
                   comm);
    } else {
        MPI_Scatter(all, (int) n, MPI_INT, in_place ? MPI_IN_PLACE : one, (int) n, MPI_INT, root,
                    comm);
    }
    for (size_t i = 0; i < n; ++i) {
        if (gather && r == root) {
            for (int q = 0; q < p; ++q) {
                check(all[(size_t) q * n + i], val(q, i), "wrong block", (size_t) q);
            }
        } else if (!gather && !in_place) {
            check(one[i], val(r, i), "wrong element", i);
        }
    }
    free(one);
    free(all);
}

/* Every case of collective c on comm; returns the calls made. */
static long cases(int c, MPI_Comm comm)
{
    int p;
    size_t counts[5] = { 1, 3, 0, 1000, run.big };
    long calls = 0;

    MPI_Comm_size(comm, &p);
    counts[2] = (size_t) p;
    for (int k = 0; k < 5; ++k) {
        size_t n = counts[k];
        size_t nb = (n > 10000) ? n / (size_t) p : n; /* blocks: the big vector in all */
        for (int ip = 0; ip < 2; ++ip) {
            switch (c) {
            case C_ALLREDUCE:
                do_allreduce(comm, n, ip);
                calls++;
                break;
            case C_RSB:
                do_rs(comm, nb, 1, ip);
                calls++;
                break;
            case C_RS:
                do_rs(comm, nb, 0, ip);
                calls++;
                break;
            case C_AG:
                do_ag(comm, nb, 0, ip);
                calls++;
                break;
            case C_AGV:
                do_ag(comm, nb, 1, ip);
                calls++;
                break;
            default:
                for (int root = 0; root < p; ++root) {
                    if (C_BCAST == c && 0 == ip) {
                        do_bcast(comm, n, root);
                    } else if (C_REDUCE == c) {
                        do_reduce(comm, n, root, ip);
                    } else if (C_GATHER == c || C_SCATTER == c) {
                        do_gs(comm, nb, root, C_GATHER == c, ip);
                    } else {
                        continue;
                    }
                    calls++;
                }
            }
            run.cases++;
        }
    }
    return calls;
}

static void one_algorithm(int c, const char *alg)
{
    char var[96];
    MPI_Comm comm;
    unsigned long long a0, s0, f0, o0, a1, s1, f1, o1;
    long calls;
    int declines = (0 == strcmp(alg, "ompi_two_proc") && 2 != run.wsize);

    run.coll = coll_names[c];
    run.alg = alg;
    snprintf(var, sizeof(var), "coll_swing_%s_algorithm", coll_names[c]);
    if (0 != swing_cvar_set(var, alg)) {
        fail("cannot be set through MPI_T", 0);
        return;
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    swing_cvar_set(var, "auto");
    a0 = ctr(run.coll, alg);
    s0 = ctr(run.coll, "served");
    f0 = ctr(run.coll, "fallback");
    o0 = others_served(c);
    calls = cases(c, comm);
    a1 = ctr(run.coll, alg);
    s1 = ctr(run.coll, "served");
    f1 = ctr(run.coll, "fallback");
    o1 = others_served(c);
    if (~0ULL == a0 || ~0ULL == s0 || ~0ULL == f0) {
        fail("counter missing", 0);
    } else if (f1 != f0) {
        fail("fell back", (long) (f1 - f0));
    } else if (s1 - s0 != (unsigned long long) calls) {
        fail("served counter off", (long) (s1 - s0));
    } else if (a1 - a0 != (declines ? 0ULL : (unsigned long long) calls)) {
        fail("algorithm's counter off", (long) (a1 - a0));
    } else if (o1 != o0) {
        fail("its parts served by swing, not by the previous module", (long) (o1 - o0));
    }
    run.calls += calls;
    MPI_Comm_free(&comm);
}

/* MPI_Iallreduce forced to an Open MPI row: the previous module serves it. */
static void nonblocking(const char *alg)
{
    MPI_Comm comm;
    MPI_Request req;
    unsigned long long f0, s0;
    int r, p, n = 1000, *s = malloc(1000 * sizeof(int)), *d = malloc(1000 * sizeof(int));

    run.coll = "iallreduce";
    run.alg = alg;
    if (0 != swing_cvar_set("coll_swing_iallreduce_algorithm", alg)) {
        fail("cannot be set through MPI_T", 0);
        return;
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    swing_cvar_set("coll_swing_iallreduce_algorithm", "auto");
    MPI_Comm_rank(comm, &r);
    MPI_Comm_size(comm, &p);
    for (int i = 0; i < n; ++i) {
        s[i] = val(r, (size_t) i);
    }
    f0 = ctr("iallreduce", "fallback");
    s0 = ctr("iallreduce", "served");
    for (int k = 0; k < 3; ++k) {
        MPI_Iallreduce(s, d, n, MPI_INT, MPI_SUM, comm, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int i = 0; i < n; ++i) {
            check(d[i], sum((size_t) i, p), "wrong sum", (size_t) i);
        }
    }
    if (ctr("iallreduce", "fallback") - f0 != 3 || ctr("iallreduce", "served") != s0) {
        fail("not handed to the previous module 3 times",
             (long) (ctr("iallreduce", "fallback") - f0));
    }
    MPI_Comm_free(&comm);
    free(s);
    free(d);
}

/* An 8-bit sum that overflows: Open MPI's op/avx saturates it, so its
   algorithms decline it and one of swing's serves it, wrapping. */
static void sum8(const char *alg)
{
    MPI_Comm comm;
    unsigned long long a0, s0, f0;
    int p, n = 1000;
    signed char *s = malloc(1000), *d = malloc(1000);

    run.coll = "allreduce";
    run.alg = alg;
    if (0 != swing_cvar_set("coll_swing_allreduce_algorithm", alg)) {
        fail("cannot be set through MPI_T", 0);
        return;
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    swing_cvar_set("coll_swing_allreduce_algorithm", "auto");
    MPI_Comm_size(comm, &p);
    memset(s, 100, 1000);
    a0 = ctr("allreduce", alg);
    s0 = ctr("allreduce", "served");
    f0 = ctr("allreduce", "fallback");
    MPI_Allreduce(s, d, n, MPI_INT8_T, MPI_SUM, comm);
    for (int i = 0; i < n; ++i) {
        check(d[i], (signed char) (unsigned char) (100 * p), "8-bit sum did not wrap", (size_t) i);
    }
    if (ctr("allreduce", "served") - s0 != 1 || ctr("allreduce", "fallback") != f0
        || ctr("allreduce", alg) != a0) {
        fail("8-bit sum not served by one of swing's", 0);
    }
    MPI_Comm_free(&comm);
    free(s);
    free(d);
}

int main(int argc, char **argv)
{
    char values[MAX_VALUES][64];
    long total_failures = 0;
    int nalgs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &run.wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &run.wsize);
    for (int i = 1; i < argc; ++i) {
        if (0 == strcmp(argv[i], "--big") && i + 1 < argc) {
            run.big = (size_t) strtoul(argv[++i], NULL, 10);
        } else if (0 == strcmp(argv[i], "--label") && i + 1 < argc) {
            run.label = argv[++i];
        }
    }
    swing_pvar_open();
    if (argc > 1 && 0 == strcmp(argv[1], "--list")) {
        for (int c = 0; c < C_N && 0 == run.wrank; ++c) {
            char var[96];
            int n;
            snprintf(var, sizeof(var), "coll_swing_%s_algorithm", coll_names[c]);
            n = enum_items(var, "", values, MAX_VALUES);
            for (int i = 0; i < n; ++i) {
                printf("%s:%s\n", coll_names[c], values[i]);
            }
        }
        swing_pvar_close();
        MPI_Finalize();
        return 0;
    }
    for (int c = 0; c < C_N; ++c) {
        char var[96];
        int n;
        snprintf(var, sizeof(var), "coll_swing_%s_algorithm", coll_names[c]);
        n = enum_items(var, "ompi_", values, MAX_VALUES);
        if (0 == n) {
            run.coll = coll_names[c];
            run.alg = "-";
            fail("no ompi_ value in its parameter", 0);
        }
        for (int i = 0; i < n; ++i) {
            one_algorithm(c, values[i]);
        }
        nalgs += n;
    }
    nonblocking("ompi_ring");
    nonblocking("ompi_basic_linear");
    sum8("ompi_ring");
    sum8("ompi_rabenseifner");
    swing_pvar_close();
    MPI_Allreduce(&run.failures, &total_failures, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (0 == run.wrank) {
        printf("test_ompi_algs [%s] np=%d: %d algorithms, %ld cases, %ld calls, %ld failures: %s\n",
               run.label, run.wsize, nalgs, run.cases, run.calls, total_failures,
               total_failures ? "FAIL" : "PASS");
    }
    MPI_Finalize();
    return total_failures ? 1 : 0;
}
