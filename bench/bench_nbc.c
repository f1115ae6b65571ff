/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing_bench --nbc: MPI_Iallreduce and the persistent MPI_Allreduce_init,
 * coll/swing side by side with libnbc (a communicator made while
 * coll_swing_priority is 0), interleaved size by size in one run.
 *
 * Per size and configuration, each figure the median over iterations of
 * the slowest rank's time (a barrier before each call):
 *   blocking  MPI_Allreduce on the same communicator (swing's, or tuned's
 *             beside libnbc)
 *   pure      MPI_Iallreduce + MPI_Wait: pure communication time
 *   persist   MPI_Start + MPI_Wait of a request built once
 *   overall   MPI_Iallreduce, a compute loop as long as pure that calls
 *             MPI_Test every -u microseconds, MPI_Wait
 *   compute   the compute loop alone, inside overall
 *   overlap   as osu_iallreduce: max(0, 100 (1 - (overall - compute) / pure))
 * The data are small integers in float, so every result is exact; the
 * last call of each kind is checked.
 *
 * Options: -m MIN:MAX (bytes, powers of two), -i N (iterations, default
 * scaled by size), -u US (test interval, default 5), --csv FILE.
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

#if defined(OPEN_MPI) && OMPI_MAJOR_VERSION < 5
#include <mpi-ext.h>
#define BENCH_ALLREDUCE_INIT MPIX_Allreduce_init
#else
#define BENCH_ALLREDUCE_INIT MPI_Allreduce_init
#endif

enum { NBC_BLOCKING, NBC_PURE, NBC_PERSIST, NBC_OVERALL, NBC_COMPUTE, NBC_NFIG };

typedef struct nbc_opts {
    size_t min_bytes, max_bytes;
    int iters;
    double test_us;
    const char *csv;
} nbc_opts_t;

typedef struct nbc_run {
    int rank, np;
    float *sbuf, *rbuf;
    double *t;    /* per iteration, this rank */
    double *tmax; /* per iteration, slowest rank */
    int bad;
} nbc_run_t;

static int nbc_iters(const nbc_opts_t *o, size_t bytes)
{
    if (o->iters > 0) {
        return o->iters;
    }
    return bytes <= 65536 ? 200 : bytes <= (1 << 20) ? 50 : 10;
}

static int nbc_cmp(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

/* Median over iterations of the slowest rank's time, in microseconds. */
static double nbc_median(nbc_run_t *r, int n)
{
    MPI_Allreduce(r->t, r->tmax, n, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    qsort(r->tmax, (size_t) n, sizeof(double), nbc_cmp);
    return 1e6 * r->tmax[n / 2];
}

static void nbc_fill(nbc_run_t *r, size_t count)
{
    for (size_t i = 0; i < count; ++i) {
        r->sbuf[i] = (float) ((r->rank + (int) (i % 7)) % 16);
        r->rbuf[i] = -1.0f;
    }
}

static void nbc_check(nbc_run_t *r, size_t count)
{
    for (size_t i = 0; i < count; ++i) {
        float want = 0.0f;
        for (int k = 0; k < r->np; ++k) {
            want += (float) ((k + (int) (i % 7)) % 16);
        }
        if (r->rbuf[i] != want) {
            r->bad++;
            return;
        }
    }
}

/* Busy work for seconds, MPI_Test on req every test_s. */
static void nbc_compute(double seconds, double test_s, MPI_Request *req)
{
    double start = MPI_Wtime(), next = start + test_s, now;
    int done = 0;

    while ((now = MPI_Wtime()) - start < seconds) {
        if (now >= next) {
            if (!done && MPI_REQUEST_NULL != *req) {
                MPI_Test(req, &done, MPI_STATUS_IGNORE);
            }
            next = now + test_s;
        }
    }
}

/* The five figures of one configuration at one size. */
static void nbc_measure(nbc_run_t *r, MPI_Comm comm, size_t count, int n, double test_s,
                        double fig[NBC_NFIG])
{
    MPI_Request req;

    nbc_fill(r, count);
    for (int i = -2; i < n; ++i) {
        MPI_Barrier(comm);
        double t0 = MPI_Wtime();
        MPI_Allreduce(r->sbuf, r->rbuf, (int) count, MPI_FLOAT, MPI_SUM, comm);
        r->t[i < 0 ? 0 : i] = MPI_Wtime() - t0;
    }
    nbc_check(r, count);
    fig[NBC_BLOCKING] = nbc_median(r, n);

    nbc_fill(r, count);
    for (int i = -2; i < n; ++i) {
        MPI_Barrier(comm);
        double t0 = MPI_Wtime();
        MPI_Iallreduce(r->sbuf, r->rbuf, (int) count, MPI_FLOAT, MPI_SUM, comm, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        r->t[i < 0 ? 0 : i] = MPI_Wtime() - t0;
    }
    nbc_check(r, count);
    fig[NBC_PURE] = nbc_median(r, n);

    nbc_fill(r, count);
    BENCH_ALLREDUCE_INIT(r->sbuf, r->rbuf, (int) count, MPI_FLOAT, MPI_SUM, comm, MPI_INFO_NULL,
                         &req);
    for (int i = -2; i < n; ++i) {
        MPI_Barrier(comm);
        double t0 = MPI_Wtime();
        MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        r->t[i < 0 ? 0 : i] = MPI_Wtime() - t0;
    }
    MPI_Request_free(&req);
    nbc_check(r, count);
    fig[NBC_PERSIST] = nbc_median(r, n);

    /* overall and compute, the compute as long as the pure communication */
    double *cpu = malloc((size_t) n * sizeof(double));
    nbc_fill(r, count);
    for (int i = -2; i < n; ++i) {
        MPI_Barrier(comm);
        double t0 = MPI_Wtime(), t1;
        MPI_Iallreduce(r->sbuf, r->rbuf, (int) count, MPI_FLOAT, MPI_SUM, comm, &req);
        t1 = MPI_Wtime();
        nbc_compute(fig[NBC_PURE] * 1e-6, test_s, &req);
        if (i >= 0 && NULL != cpu) {
            cpu[i] = MPI_Wtime() - t1;
        }
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        r->t[i < 0 ? 0 : i] = MPI_Wtime() - t0;
    }
    nbc_check(r, count);
    fig[NBC_OVERALL] = nbc_median(r, n);
    if (NULL != cpu) {
        memcpy(r->t, cpu, (size_t) n * sizeof(double));
        free(cpu);
    }
    fig[NBC_COMPUTE] = nbc_median(r, n);
}

static int nbc_args(int argc, char **argv, nbc_opts_t *o)
{
    o->min_bytes = 8;
    o->max_bytes = 4 << 20;
    o->iters = 0;
    o->test_us = 5.0;
    o->csv = NULL;
    for (int i = 1; i < argc; ++i) {
        if (0 == strcmp(argv[i], "--nbc")) {
            continue;
        }
        if (i + 1 >= argc) {
            return -1;
        }
        if (0 == strcmp(argv[i], "-m")) {
            char *colon = strchr(argv[++i], ':');
            o->min_bytes = strtoull(argv[i], NULL, 10);
            o->max_bytes = colon ? strtoull(colon + 1, NULL, 10) : o->min_bytes;
        } else if (0 == strcmp(argv[i], "-i")) {
            o->iters = atoi(argv[++i]);
        } else if (0 == strcmp(argv[i], "-u")) {
            o->test_us = atof(argv[++i]);
        } else if (0 == strcmp(argv[i], "--csv")) {
            o->csv = argv[++i];
        } else {
            return -1;
        }
    }
    return (o->min_bytes >= 4 && o->min_bytes <= o->max_bytes && o->test_us > 0) ? 0 : -1;
}

/* Two communicators: swing's, and libnbc's (swing's priority 0 while it is made). */
static int nbc_comms(MPI_Comm comm[2])
{
    bench_cvar_t prio = { .name = "coll_swing_priority" };
    int rc;

    MPI_Comm_dup(MPI_COMM_WORLD, &comm[0]);
    if (!bench_mpit_init() || 0 != bench_cvar_open(&prio, prio.name)) {
        return -1;
    }
    rc = bench_cvar_write(&prio, 0);
    MPI_Comm_dup(MPI_COMM_WORLD, &comm[1]);
    bench_cvar_write(&prio, prio.original);
    bench_cvar_close(&prio);
    return MPI_SUCCESS == rc ? 0 : -1;
}

int bench_nbc_main(int argc, char **argv)
{
    static const char *const conf[2] = { "swing", "libnbc" };
    nbc_opts_t o;
    nbc_run_t r;
    MPI_Comm comm[2];
    FILE *csv = NULL;
    bench_pvar_t served;
    unsigned long long s0 = 0, s1 = 0;
    int status = BENCH_EXIT_OK, maxn;

    memset(&r, 0, sizeof(r));
    MPI_Comm_rank(MPI_COMM_WORLD, &r.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &r.np);
    if (0 != nbc_args(argc, argv, &o)) {
        if (0 == r.rank) {
            fprintf(stderr, "usage: swing_bench --nbc [-m MIN:MAX] [-i N] [-u US] [--csv FILE]\n");
        }
        return BENCH_EXIT_USAGE;
    }
    if (0 != nbc_comms(comm)) {
        if (0 == r.rank) {
            fprintf(stderr, "swing_bench --nbc: cannot set coll_swing_priority (swing loaded?)\n");
        }
        return BENCH_EXIT_RUNTIME;
    }
    maxn = nbc_iters(&o, o.min_bytes);
    r.sbuf = malloc(o.max_bytes);
    r.rbuf = malloc(o.max_bytes);
    r.t = malloc((size_t) maxn * sizeof(double));
    r.tmax = malloc((size_t) maxn * sizeof(double));
    if (NULL == r.sbuf || NULL == r.rbuf || NULL == r.t || NULL == r.tmax) {
        status = BENCH_EXIT_RUNTIME;
        goto out;
    }
    bench_pvar_open(&served, "coll_swing_iallreduce_served", NULL);
    if (0 == r.rank) {
        printf(
            "# swing_bench --nbc: %d ranks, float sum, MPI_Test every %g us in the compute loop\n"
            "# times in us, median over iterations of the slowest rank\n"
            "# %10s %-7s %9s %9s %6s %9s %6s %9s %9s %8s\n",
            r.np, o.test_us, "bytes", "conf", "blocking", "pure", "p/blk", "persist", "s/blk",
            "overall", "compute", "overlap%");
        if (NULL != o.csv && NULL == (csv = fopen(o.csv, "w"))) {
            perror(o.csv);
        }
        if (NULL != csv) {
            fprintf(csv, "bytes,conf,np,blocking_us,pure_us,persist_us,overall_us,compute_us,"
                         "overlap_pct\n");
        }
    }
    for (size_t bytes = o.min_bytes; bytes <= o.max_bytes; bytes *= 2) {
        for (int c = 0; c < 2; ++c) {
            double fig[NBC_NFIG], ovl;
            if (served.found) {
                bench_pvar_read(&served, &s0);
            }
            nbc_measure(&r, comm[c], bytes / sizeof(float), nbc_iters(&o, bytes), o.test_us * 1e-6,
                        fig);
            if (served.found) {
                bench_pvar_read(&served, &s1);
            }
            ovl = 100.0 * (1.0 - (fig[NBC_OVERALL] - fig[NBC_COMPUTE]) / fig[NBC_PURE]);
            ovl = ovl < 0.0 ? 0.0 : ovl;
            if (0 == r.rank) {
                printf("  %10zu %-7s %9.1f %9.1f %6.2f %9.1f %6.2f %9.1f %9.1f %8.1f%s\n", bytes,
                       conf[c], fig[NBC_BLOCKING], fig[NBC_PURE], fig[NBC_PURE] / fig[NBC_BLOCKING],
                       fig[NBC_PERSIST], fig[NBC_PERSIST] / fig[NBC_BLOCKING], fig[NBC_OVERALL],
                       fig[NBC_COMPUTE], ovl,
                       served.found && (0 == c) != (s1 > s0) ? "  (not served as named)" : "");
                fflush(stdout);
                if (NULL != csv) {
                    fprintf(csv, "%zu,%s,%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.2f\n", bytes, conf[c], r.np,
                            fig[NBC_BLOCKING], fig[NBC_PURE], fig[NBC_PERSIST], fig[NBC_OVERALL],
                            fig[NBC_COMPUTE], ovl);
                }
            }
        }
    }
    MPI_Allreduce(MPI_IN_PLACE, &r.bad, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (r.bad) {
        if (0 == r.rank) {
            fprintf(stderr, "swing_bench --nbc: %d wrong results\n", r.bad);
        }
        status = BENCH_EXIT_INVALID;
    }
    bench_pvar_close(&served);
out:
    if (NULL != csv) {
        fclose(csv);
    }
    MPI_Comm_free(&comm[0]);
    MPI_Comm_free(&comm[1]);
    free(r.sbuf);
    free(r.rbuf);
    free(r.t);
    free(r.tmax);
    bench_mpit_finalize();
    return status;
}
