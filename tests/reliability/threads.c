/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Concurrent MPI_Allreduce (and every fourth iteration MPI_Reduce_scatter_block
 * then MPI_Allgather) from several threads, each on its own
 * communicator (MPI_THREAD_MULTIPLE), results checked exactly. Thread t of
 * every rank draws the same counts from (seed, t), so the calls match.
 * Exits 77 (skipped) when the library does not provide THREAD_MULTIPLE.
 *
 * usage: threads [--seed N] [--iters N] [--threads N] [--max-count N]
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "rel_util.h"

#define THREADS_MAX 16

typedef struct worker {
    int id;
    MPI_Comm comm;
    uint64_t seed;
    unsigned long long iters, max_count, calls, errors;
} worker_t;

static long long threads_input(uint64_t salt, int rank, size_t i)
{
    return (long long) (rel_hash3(salt, (uint64_t) rank, i) % 2001) - 1000;
}

/*
 * MPI_Reduce_scatter_block of blk elements a rank, then MPI_Allgather in
 * place of the blocks: every rank ends with the whole reduced vector.
 * Returns the errors found.
 */
static unsigned long long threads_halves(MPI_Comm comm, uint64_t salt, size_t blk, long long *in,
                                         long long *out)
{
    int r, n, rc;

    MPI_Comm_rank(comm, &r);
    MPI_Comm_size(comm, &n);
    for (size_t i = 0; i < blk * (size_t) n; ++i) {
        in[i] = threads_input(salt, r, i);
    }
    rc = MPI_Reduce_scatter_block(in, out + (size_t) r * blk, (int) blk, MPI_LONG_LONG, MPI_SUM,
                                  comm);
    if (MPI_SUCCESS == rc) {
        rc = MPI_Allgather(MPI_IN_PLACE, 0, MPI_LONG_LONG, out, (int) blk, MPI_LONG_LONG, comm);
    }
    for (size_t i = 0; MPI_SUCCESS == rc && i < blk * (size_t) n; ++i) {
        long long want = 0;
        for (int q = 0; q < n; ++q) {
            want += threads_input(salt, q, i);
        }
        if (out[i] != want) {
            fprintf(stderr,
                    "threads: FAIL reduce_scatter_block + allgather element %zu: got "
                    "%lld, expected %lld\n",
                    i, out[i], want);
            return 1;
        }
    }
    return MPI_SUCCESS != rc;
}

static void *worker_run(void *arg)
{
    worker_t *w = arg;
    rel_rng_t rng;
    int r, n;
    size_t cap = (size_t) w->max_count + 1;
    long long *buf = malloc(cap * sizeof(*buf));
    long long *out = malloc(cap * sizeof(*out));
    double *dbuf = malloc(cap * sizeof(*dbuf));

    MPI_Comm_rank(w->comm, &r);
    MPI_Comm_size(w->comm, &n);
    rel_rng_seed(&rng, w->seed ^ tu_mix((uint64_t) w->id + 1));
    for (unsigned long long it = 0; it < w->iters && NULL != buf && NULL != dbuf && NULL != out;
         ++it) {
        size_t count = (size_t) rel_rng_range(&rng, 1, (long long) w->max_count);
        uint64_t salt = rel_rng_next(&rng);
        int use_double = (int) rel_rng_range(&rng, 0, 1), rc;

        for (size_t i = 0; i < count; ++i) {
            long long v = threads_input(salt, r, i);
            buf[i] = v;
            dbuf[i] = (double) v;
        }
        rc = use_double
                 ? MPI_Allreduce(MPI_IN_PLACE, dbuf, (int) count, MPI_DOUBLE, MPI_SUM, w->comm)
                 : MPI_Allreduce(MPI_IN_PLACE, buf, (int) count, MPI_LONG_LONG, MPI_SUM, w->comm);
        w->calls++;
        for (size_t i = 0; MPI_SUCCESS == rc && i < count; ++i) {
            long long want = 0;
            for (int q = 0; q < n; ++q) {
                want += threads_input(salt, q, i);
            }
            if ((use_double && dbuf[i] != (double) want) || (!use_double && buf[i] != want)) {
                if (0 == w->errors) {
                    fprintf(stderr,
                            "threads: FAIL thread %d iter %llu count %zu %s element %zu: "
                            "got %g / %lld, expected %lld\n",
                            w->id, it, count, use_double ? "double" : "long long", i, dbuf[i],
                            buf[i], want);
                }
                w->errors++;
                break;
            }
        }
        if (MPI_SUCCESS != rc) {
            fprintf(stderr, "threads: FAIL thread %d iter %llu: MPI error %d\n", w->id, it, rc);
            w->errors++;
        }
        if (0 == it % 4) {
            w->errors += threads_halves(w->comm, salt, count / (size_t) n, buf, out);
        }
    }
    if (NULL == buf || NULL == dbuf || NULL == out) {
        w->errors++;
    }
    free(out);
    free(buf);
    free(dbuf);
    return NULL;
}

int main(int argc, char **argv)
{
    worker_t w[THREADS_MAX];
    pthread_t tid[THREADS_MAX];
    unsigned long long iters = 200, max_count = 4096, nthreads = 4, bad = 0, all_bad = 0;
    unsigned long long seed = 12345;
    rel_pvar_t pv_served;
    unsigned long long served = 0, expect = 0;
    int provided, rank, size;
    const rel_opt_t opts[] = {
        { "--seed", &seed, NULL, NULL },
        { "--iters", &iters, NULL, NULL },
        { "--threads", &nthreads, NULL, NULL },
        { "--max-count", &max_count, NULL, NULL },
        { NULL, NULL, NULL, NULL },
    };

    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (provided < MPI_THREAD_MULTIPLE) {
        if (0 == rank) {
            printf("threads: MPI_THREAD_MULTIPLE not provided (got %d): skipped\n", provided);
        }
        MPI_Finalize();
        return 77;
    }
    rel_parse_opts("threads", NULL, argc, argv, opts);
    if (nthreads < 1 || nthreads > THREADS_MAX || max_count < 1) {
        fprintf(stderr, "threads: --threads 1..%d, --max-count >= 1\n", THREADS_MAX);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_T_init_thread(MPI_THREAD_MULTIPLE, &provided);
    (void) rel_pvar_open(&pv_served, "allreduce_served");
    if (0 == rank) {
        printf("threads: np %d threads %llu iters %llu seed %llu\n", size, nthreads, iters,
               (unsigned long long) seed);
    }
    /* communicators are created in order by the main thread; half reversed */
    for (int t = 0; t < (int) nthreads; ++t) {
        w[t].id = t;
        w[t].seed = seed;
        w[t].iters = iters;
        w[t].max_count = max_count;
        w[t].calls = w[t].errors = 0;
        MPI_Comm_split(MPI_COMM_WORLD, 0, (t % 2) ? size - rank : rank, &w[t].comm);
        MPI_Comm_set_errhandler(w[t].comm, MPI_ERRORS_RETURN);
    }
    for (int t = 0; t < (int) nthreads; ++t) {
        if (0 != pthread_create(&tid[t], NULL, worker_run, &w[t])) {
            fprintf(stderr, "threads: pthread_create failed\n");
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }
    for (int t = 0; t < (int) nthreads; ++t) {
        pthread_join(tid[t], NULL);
        bad += w[t].errors;
        expect += w[t].calls;
        MPI_Comm_free(&w[t].comm);
    }
    if (0 != rel_pvar_read(&pv_served, &served) || (size >= 2 && served < expect)) {
        fprintf(stderr, "threads: rank %d: swing served %llu calls, expected at least %llu\n", rank,
                served, expect);
        bad++;
    }
    rel_pvar_close(&pv_served);
    tu_sum_to_all(&bad, &all_bad, MPI_UNSIGNED_LONG_LONG);
    if (0 == rank) {
        printf("threads: %llu calls per rank, swing served %llu, %llu problems: %s\n", expect,
               served, all_bad, all_bad ? "FAIL" : "OK");
    }
    MPI_T_finalize();
    MPI_Finalize();
    return all_bad ? 1 : 0;
}
