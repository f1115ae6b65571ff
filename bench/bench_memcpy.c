/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The node's memory copy bandwidth, the physical limit an allreduce on
 * one node works against.  Measured twice: world rank 0 alone (the others
 * wait without spinning, so an oversubscribed node leaves it a core), and
 * every rank of the node at once (their sum).  Bandwidth is bytes copied
 * per second; each copied byte is read once and written once.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

/* Called through a volatile pointer so the compiler cannot drop copies
 * whose destination is never read. */
static void *(*volatile bench_copy)(void *, const void *, size_t) = memcpy;

/* Wait for the barrier without busy polling, sleeping 1 ms between
 * tests, so a waiting rank does not take CPU from the one measuring. */
static int bench_quiet_barrier(MPI_Comm comm)
{
    MPI_Request req;
    int done = 0, rc;
    struct timespec ms = { 0, 1000000 };

    rc = MPI_Ibarrier(comm, &req);
    while (MPI_SUCCESS == rc && !done) {
        rc = MPI_Test(&req, &done, MPI_STATUS_IGNORE);
        if (!done) {
            nanosleep(&ms, NULL);
        }
    }
    return rc;
}

/* Best-of-reps copy bandwidth of this process, GB/s. */
static double bench_copy_best(char *dst, const char *src, size_t bytes, int reps)
{
    double best = 0.0;

    bench_copy(dst, src, bytes); /* warm-up: page faults, caches */
    for (int r = 0; r < reps; r++) {
        double t = MPI_Wtime();
        bench_copy(dst, src, bytes);
        t = MPI_Wtime() - t;
        if (t > 0.0 && (double) bytes / t / 1e9 > best) {
            best = (double) bytes / t / 1e9;
        }
    }
    return best;
}

int bench_memcpy_measure(MPI_Comm node_comm, size_t bytes, int reps, bench_memcpy_t *out)
{
    char *src = NULL, *dst = NULL;
    int rank, have = 0, all_have = 0, local, rc;
    double t, tmax = 0.0;

    memset(out, 0, sizeof(*out));
    out->bytes = bytes;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(node_comm, &local);
    out->local_ranks = local;

    src = malloc(bytes);
    dst = malloc(bytes);
    if (src && dst) {
        memset(src, 1, bytes);
        memset(dst, 0, bytes);
        have = 1;
    }
    rc = MPI_Allreduce(&have, &all_have, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (MPI_SUCCESS != rc || !all_have) {
        goto out;
    }

    /* 1. Rank 0 alone. */
    if (0 == rank) {
        out->one_rank = bench_copy_best(dst, src, bytes, reps);
    }
    rc = bench_quiet_barrier(MPI_COMM_WORLD);
    if (MPI_SUCCESS != rc) {
        goto out;
    }

    /* 2. Every rank of the node together: total bytes over the slowest. */
    bench_copy(dst, src, bytes);
    rc = MPI_Barrier(node_comm);
    if (MPI_SUCCESS != rc) {
        goto out;
    }
    t = MPI_Wtime();
    for (int r = 0; r < reps; r++) {
        bench_copy(dst, src, bytes);
    }
    t = MPI_Wtime() - t;
    rc = MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, node_comm);
    if (MPI_SUCCESS != rc) {
        goto out;
    }
    if (0 == rank && tmax > 0.0) {
        out->all_ranks = (double) bytes * reps * local / tmax / 1e9;
    }
    out->ok = 1;

out:
    free(dst);
    free(src);
    return rc;
}
