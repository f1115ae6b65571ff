/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Back-to-back collectives on one node's shared segment, no barrier
 * between them: a writer runs one call ahead of its readers, filling the
 * slots of call i + 1 while they still copy call i out
 * (ompi_coll_swing/transport/coll_swing_shm_segment.h, the sets of slots in
 * turn). A sequence of calls, the same on every rank (a seeded
 * generator), mixes every collective that uses the segment, sizes of one
 * and several rounds (odd and even: the set a call leaves read varies),
 * every root, and an MPI_Iallreduce outstanding across a blocking call;
 * each call's data depend on its index, and some ranks sleep before some
 * calls so that the others run ahead. Every result is checked.
 *
 * The counter of the forced algorithm (MPI_T) of each blocking collective
 * that has one grows by its calls at least: the segment served them.
 *
 * usage: test_seg_turn [calls [alg]]   (alg: shm, the default, or hier on
 *        emulated nodes; run with that algorithm forced)
 */
#include "swing_pvar.h"

#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { K_BCAST, K_REDUCE, K_GATHER, K_SCATTER, K_ALLGATHER, K_RSB, K_ALLREDUCE, K_IALLREDUCE, K_N };
static const char *const names[K_N] = { "bcast",     "reduce",    "gather",
                                        "scatter",   "allgather", "reduce_scatter_block",
                                        "allreduce", "iallreduce" };
/* ints per rank's block, or of the vector: small, one round, several */
static const int sizes[] = { 100, 1500, 2100, 3000, 5000, 9000, 20000, 70000, 150000 };

static int p, rank, errors;
static unsigned long long made[K_N], before[K_N];
static const char *alg = "shm";

/* The forced algorithm's counter of a blocking collective (~0ULL: none). */
static unsigned long long shm_count(int kind)
{
    char name[96];

    snprintf(name, sizeof(name), "%s_%s", names[kind], alg);
    return swing_pvar_get(name);
}

static uint32_t next_rand(uint32_t *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

/* Rank r's element k in call i. */
static int val(int i, int r, size_t k)
{
    return (int) (((uint32_t) i * 2654435761u + (uint32_t) r * 40503u + (uint32_t) k * 7u)
                  % 1000003u)
           - 500000;
}

static int sum(int i, size_t k)
{
    int s = 0;

    for (int r = 0; r < p; ++r) {
        s += val(i, r, k);
    }
    return s;
}

static void check(int ok, int i, int kind, size_t n, int root, size_t k)
{
    if (!ok && errors++ < 5) {
        fprintf(stderr, "test_seg_turn: rank %d, call %d (%s of %zu, root %d): wrong element %zu\n",
                rank, i, names[kind], n, root, k);
    }
}

static void fill(int *b, int i, int r, size_t n, size_t k0)
{
    for (size_t k = 0; k < n; ++k) {
        b[k] = val(i, r, k0 + k);
    }
}

/* Call i of the sequence (root and n ints), checked. */
static void one(int i, int kind, size_t n, int root, int *a, int *b, int *c)
{
    MPI_Request req;

    switch (kind) {
    case K_BCAST:
        if (rank == root) {
            fill(a, i, root, n, 0);
        }
        MPI_Bcast(a, (int) n, MPI_INT, root, MPI_COMM_WORLD);
        for (size_t k = 0; k < n; ++k) {
            check(a[k] == val(i, root, k), i, kind, n, root, k);
        }
        break;
    case K_REDUCE:
    case K_ALLREDUCE:
        fill(a, i, rank, n, 0);
        if (K_REDUCE == kind) {
            MPI_Reduce(a, b, (int) n, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
        } else {
            MPI_Allreduce(a, b, (int) n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        }
        for (size_t k = 0; (K_ALLREDUCE == kind || rank == root) && k < n; ++k) {
            check(b[k] == sum(i, k), i, kind, n, root, k);
        }
        break;
    case K_GATHER:
        fill(a, i, rank, n, 0);
        MPI_Gather(a, (int) n, MPI_INT, b, (int) n, MPI_INT, root, MPI_COMM_WORLD);
        for (size_t k = 0; rank == root && k < n * (size_t) p; ++k) {
            check(b[k] == val(i, (int) (k / n), k % n), i, kind, n, root, k);
        }
        break;
    case K_SCATTER:
        for (int r = 0; rank == root && r < p; ++r) {
            fill(a + (size_t) r * n, i, r, n, 0);
        }
        MPI_Scatter(a, (int) n, MPI_INT, b, (int) n, MPI_INT, root, MPI_COMM_WORLD);
        for (size_t k = 0; k < n; ++k) {
            check(b[k] == val(i, rank, k), i, kind, n, root, k);
        }
        break;
    case K_ALLGATHER:
        fill(a, i, rank, n, 0);
        MPI_Allgather(a, (int) n, MPI_INT, b, (int) n, MPI_INT, MPI_COMM_WORLD);
        for (size_t k = 0; k < n * (size_t) p; ++k) {
            check(b[k] == val(i, (int) (k / n), k % n), i, kind, n, root, k);
        }
        break;
    case K_RSB:
        fill(a, i, rank, n * (size_t) p, 0);
        MPI_Reduce_scatter_block(a, b, (int) n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        for (size_t k = 0; k < n; ++k) {
            check(b[k] == sum(i, (size_t) rank * n + k), i, kind, n, root, k);
        }
        break;
    default:
        /* outstanding across a blocking broadcast of the next index */
        fill(a, i, rank, n, 0);
        MPI_Iallreduce(a, b, (int) n, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req);
        if (rank == root) {
            fill(c, i + 1, root, n, 0);
        }
        MPI_Bcast(c, (int) n, MPI_INT, root, MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (size_t k = 0; k < n; ++k) {
            check(b[k] == sum(i, k), i, kind, n, root, k);
            check(c[k] == val(i + 1, root, k), i, K_BCAST, n, root, k);
        }
        break;
    }
}

int main(int argc, char **argv)
{
    size_t most = 0;
    int calls, total = 0;
    uint32_t seed = 12345u;
    int *a, *b, *c;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    calls = argc > 1 ? atoi(argv[1]) : 400;
    alg = argc > 2 ? argv[2] : alg;
    for (size_t j = 0; j < sizeof(sizes) / sizeof(sizes[0]); ++j) {
        most = (size_t) sizes[j] > most ? (size_t) sizes[j] : most;
    }
    a = malloc(most * (size_t) p * sizeof(int));
    b = malloc(most * (size_t) p * sizeof(int));
    c = malloc(most * (size_t) p * sizeof(int));
    if (NULL == a || NULL == b || NULL == c) {
        MPI_Abort(MPI_COMM_WORLD, 99);
    }
    if (0 != swing_pvar_open()) {
        /* no counters: only the values are checked */
    }
    /* a handle counts from its first read */
    for (int k = 0; k < K_IALLREDUCE; ++k) {
        before[k] = shm_count(k);
    }
    /* the segment is set up by a blocking call: the nonblocking ones follow it */
    MPI_Allreduce(MPI_IN_PLACE, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (int i = 0; i < calls; ++i) {
        int kind = (int) (next_rand(&seed) % K_N);
        size_t n = (size_t) sizes[next_rand(&seed) % (sizeof(sizes) / sizeof(sizes[0]))];
        int root = (int) (next_rand(&seed) % (uint32_t) p);
        int late = (int) (next_rand(&seed) % (uint32_t) (2 * p));
        /* one rank sleeps before about half the calls: the others run ahead */
        if (late == rank) {
            usleep(200);
        }
        one(i, kind, n, root, a, b, c);
        made[kind]++;
    }
    for (int k = 0; k < K_IALLREDUCE; ++k) {
        unsigned long long v = shm_count(k);
        if (~0ULL != v && v - before[k] < made[k] && errors++ < 5) {
            fprintf(stderr, "test_seg_turn: rank %d: %llu of %llu %s calls through %s\n", rank,
                    v - before[k], made[k], names[k], alg);
        }
    }
    total = errors;
    MPI_Allreduce(MPI_IN_PLACE, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (0 == rank) {
        printf("test_seg_turn np=%d: %d calls, %d wrong elements: %s\n", p, calls, total,
               total ? "FAIL" : "PASS");
    }
    free(a);
    free(b);
    free(c);
    swing_pvar_close();
    MPI_Finalize();
    return total ? 1 : 0;
}
