/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The collective swing_bench times (-k): MPI_Allreduce (default),
 * MPI_Reduce_scatter_block, MPI_Reduce_scatter, MPI_Allgather, MPI_Bcast,
 * MPI_Reduce, MPI_Gather or MPI_Scatter, with the names of the swing and
 * tuned variables that configure it and the busbw factor of nccl-tests.
 *
 * A size n is, as in nccl-tests: for allreduce, bcast and reduce the
 * vector every rank has; for reduce-scatter the vector reduced, of which
 * each rank keeps n/p; for allgather the vector every rank ends with,
 * gathered from blocks of n/p; for gather and scatter the root's whole
 * buffer, p blocks of n/p.  busbw = algbw * 2(p-1)/p for allreduce,
 * algbw * (p-1)/p for the halves, gather and scatter (every rank already
 * holds, or keeps, 1/p of the data), algbw for bcast and reduce (the whole
 * vector crosses the root's links).
 *
 * The data and their checks are bench_main.c's; the values are
 * bench_data.c's exact pattern.
 */
#include <string.h>

#include "bench.h"

/* tuned's forced bcast and reduce trees and chains send in segments of
 * this many bytes (its default, 0, sends each message whole: a chain
 * without a pipeline). */
#define BENCH_TUNED_SEGSIZE 65536

static const bench_coll_t bench_colls[] = {
    { BENCH_COLL_ALLREDUCE, "allreduce", "MPI_Allreduce", "the vector every rank has", 2.0, 1, 0, 0,
      1, 0 },
    { BENCH_COLL_RSB, "reduce_scatter_block", "MPI_Reduce_scatter_block",
      "the whole vector reduced, each rank keeps n/p", 1.0, 1, 1, 0, 1, 0 },
    { BENCH_COLL_RS, "reduce_scatter", "MPI_Reduce_scatter",
      "the whole vector reduced, each rank keeps n/p", 1.0, 1, 1, 0, 1, 0 },
    { BENCH_COLL_ALLGATHER, "allgather", "MPI_Allgather",
      "the whole vector every rank ends with, p blocks of n/p", 1.0, 1, 1, 0, 0, 0 },
    { BENCH_COLL_BCAST, "bcast", "MPI_Bcast", "the vector every rank has", 1.0, 0, 0, 1, 0,
      BENCH_TUNED_SEGSIZE },
    { BENCH_COLL_REDUCE, "reduce", "MPI_Reduce", "the vector every rank has", 1.0, 0, 0, 1, 1,
      BENCH_TUNED_SEGSIZE },
    { BENCH_COLL_GATHER, "gather", "MPI_Gather", "the root's whole buffer, p blocks of n/p", 1.0, 1,
      1, 1, 0, 0 },
    { BENCH_COLL_SCATTER, "scatter", "MPI_Scatter", "the root's whole buffer, p blocks of n/p", 1.0,
      1, 1, 1, 0, 0 },
};
#define BENCH_NCOLLS (sizeof(bench_colls) / sizeof(bench_colls[0]))

const bench_coll_t *bench_coll_find(const char *name)
{
    for (size_t i = 0; i < BENCH_NCOLLS; i++) {
        if (0 == strcmp(name, bench_colls[i].name)) {
            return &bench_colls[i];
        }
    }
    return NULL;
}

const char *bench_coll_names(void)
{
    static char names[256];

    if (!names[0]) {
        for (size_t i = 0, used = 0; i < BENCH_NCOLLS && used < sizeof(names); i++) {
            int n = snprintf(names + used, sizeof(names) - used, "%s%s", i ? ", " : "",
                             bench_colls[i].name);
            used += n > 0 ? (size_t) n : 0;
        }
    }
    return names;
}

double bench_coll_busbw(const bench_coll_t *k, double algbw, int np)
{
    if (np <= 0) {
        return 0.0;
    }
    return algbw * k->bus * (k->share ? (double) (np - 1) / np : 1.0);
}

const char *bench_coll_bus_text(const bench_coll_t *k)
{
    if (!k->share) {
        return "1";
    }
    return k->bus > 1.0 ? "2 (p-1)/p" : "(p-1)/p";
}

/*
 * swing's algorithm for a configuration, or NULL where the collective has
 * no such algorithm. The halves have BO forms only, named without the _bo
 * (swing-bo-mp runs the halves' swing_mp); the rooted collectives have
 * their trees (and bcast and reduce the chains), which nothing else has.
 */
/*
 * Open MPI's own algorithms that swing runs as rows (its ompi_* values:
 * coll/tuned's names), and the collectives whose parameter has each.
 */
#define BENCH_C(c) (1u << BENCH_COLL_##c)
static const struct {
    const char *alg;
    unsigned colls;
} bench_ompi_algs[] = {
    { "ompi_basic_linear",
      BENCH_C(ALLREDUCE) | BENCH_C(RSB) | BENCH_C(BCAST) | BENCH_C(GATHER) | BENCH_C(SCATTER) },
    { "ompi_nonoverlapping", BENCH_C(ALLREDUCE) | BENCH_C(RS) },
    { "ompi_recursive_doubling", BENCH_C(ALLREDUCE) | BENCH_C(RSB) | BENCH_C(ALLGATHER) },
    { "ompi_ring", BENCH_C(ALLREDUCE) | BENCH_C(RS) | BENCH_C(ALLGATHER) },
    { "ompi_segmented_ring", BENCH_C(ALLREDUCE) },
    { "ompi_rabenseifner", BENCH_C(ALLREDUCE) | BENCH_C(REDUCE) },
    { "ompi_recursive_halving", BENCH_C(RSB) | BENCH_C(RS) },
    { "ompi_butterfly", BENCH_C(RSB) | BENCH_C(RS) },
    { "ompi_linear", BENCH_C(ALLGATHER) | BENCH_C(REDUCE) },
    { "ompi_bruck", BENCH_C(ALLGATHER) },
    { "ompi_neighbor", BENCH_C(ALLGATHER) },
    { "ompi_two_proc", BENCH_C(ALLGATHER) },
    { "ompi_sparbit", BENCH_C(ALLGATHER) },
    { "ompi_chain", BENCH_C(BCAST) | BENCH_C(REDUCE) },
    { "ompi_pipeline", BENCH_C(BCAST) | BENCH_C(REDUCE) },
    { "ompi_split_binary_tree", BENCH_C(BCAST) },
    { "ompi_binary_tree", BENCH_C(BCAST) },
    { "ompi_binomial", BENCH_C(BCAST) | BENCH_C(REDUCE) | BENCH_C(GATHER) | BENCH_C(SCATTER) },
    { "ompi_knomial", BENCH_C(BCAST) },
    { "ompi_scatter_allgather", BENCH_C(BCAST) },
    { "ompi_scatter_allgather_ring", BENCH_C(BCAST) },
    { "ompi_binary", BENCH_C(REDUCE) },
    { "ompi_in_order_binary", BENCH_C(REDUCE) },
    { "ompi_linear_sync", BENCH_C(GATHER) },
    { "ompi_linear_nb", BENCH_C(SCATTER) },
};

int bench_coll_ompi_alg(const char *alg)
{
    return 0 == strncmp(alg, "ompi_", 5);
}

const char *bench_coll_swing_alg(const bench_coll_t *k, const char *alg)
{
    static const char *const halves[][2] = {
        { "swing_bo", "swing" },
        { "rd_bo", "rd" },
        { "swing_bo_mp", "swing_mp" },
        { "rd_bo_mp", "rd_mp" },
    };
    static const char *const trees[] = { "bine", "binomial", "bine_mp", "binomial_mp" };
    /* broadcast and reduce only: chains and the bandwidth-optimal forms */
    static const char *const whole[] = { "chain", "bine_bo", "binomial_bo", "bine_bo_mp" };
    int tree = 0, bcast_reduce = 0;

    if (0 == strcmp(alg, "auto")) {
        return alg;
    }
    if (bench_coll_ompi_alg(alg)) {
        for (size_t i = 0; i < sizeof(bench_ompi_algs) / sizeof(bench_ompi_algs[0]); i++) {
            if (0 == strcmp(alg, bench_ompi_algs[i].alg)) {
                return (bench_ompi_algs[i].colls & (1u << k->id)) ? alg : NULL;
            }
        }
        return NULL;
    }
    for (size_t i = 0; i < sizeof(trees) / sizeof(trees[0]); i++) {
        tree |= 0 == strcmp(alg, trees[i]);
    }
    for (size_t i = 0; i < sizeof(whole) / sizeof(whole[0]); i++) {
        bcast_reduce |= 0 == strcmp(alg, whole[i]);
    }
    if (k->rooted) {
        /* gather and scatter (split): every message a range of blocks; shm
           and hier where the component has them (the enum says) */
        return (tree || (bcast_reduce && !k->split) || 0 == strcmp(alg, "shm")
                || 0 == strcmp(alg, "hier"))
                   ? alg
                   : NULL;
    }
    tree |= bcast_reduce;
    if (tree) {
        return NULL;
    }
    if (!k->split || 0 == strcmp(alg, "shm") || 0 == strcmp(alg, "hier")
        || 0 == strcmp(alg, "ring")) {
        return alg;
    }
    for (size_t i = 0; i < sizeof(halves) / sizeof(halves[0]); i++) {
        if (0 == strcmp(alg, halves[i][0])) {
            return halves[i][1];
        }
    }
    return NULL;
}

/* coll/tuned's forced algorithms that refuse some jobs instead of falling back. */
const char *bench_coll_tuned_refuses(const bench_coll_t *k, int alg, int np)
{
    if (BENCH_COLL_ALLGATHER == k->id && 6 == alg && 2 != np) {
        return "tuned's allgather two_proc serves 2 ranks only";
    }
    return NULL;
}

size_t bench_coll_block(const bench_coll_t *k, size_t count, int np)
{
    return k->split ? count / (size_t) np : count;
}

int bench_coll_call(const bench_coll_t *k, const void *sbuf, void *rbuf, int in_place, size_t count,
                    MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm, int *counts)
{
    const void *send = in_place ? MPI_IN_PLACE : sbuf;
    int np, rank, size;
    size_t block;

    MPI_Comm_size(comm, &np);
    MPI_Comm_rank(comm, &rank);
    MPI_Type_size(type, &size);
    block = bench_coll_block(k, count, np);
    switch (k->id) {
    case BENCH_COLL_ALLREDUCE: return MPI_Allreduce(send, rbuf, (int) count, type, op, comm);
    case BENCH_COLL_RSB: return MPI_Reduce_scatter_block(send, rbuf, (int) block, type, op, comm);
    case BENCH_COLL_RS:
        for (int r = 0; r < np; r++) {
            counts[r] = (int) block;
        }
        return MPI_Reduce_scatter(send, rbuf, counts, type, op, comm);
    case BENCH_COLL_ALLGATHER:
        if (in_place) {
            return MPI_Allgather(MPI_IN_PLACE, 0, type, rbuf, (int) block, type, comm);
        }
        return MPI_Allgather((const char *) sbuf + (size_t) rank * block * (size_t) size,
                             (int) block, type, rbuf, (int) block, type, comm);
    case BENCH_COLL_BCAST: return MPI_Bcast(rbuf, (int) count, type, root, comm);
    case BENCH_COLL_REDUCE: return MPI_Reduce(send, rbuf, (int) count, type, op, root, comm);
    case BENCH_COLL_GATHER:
        /* every rank sends its block of the vector; in place, the root's
         * block is already in place in rbuf */
        if (in_place) {
            return MPI_Gather(MPI_IN_PLACE, 0, type, rbuf, (int) block, type, root, comm);
        }
        return MPI_Gather((const char *) sbuf + (size_t) rank * block * (size_t) size, (int) block,
                          type, rbuf, (int) block, type, root, comm);
    case BENCH_COLL_SCATTER:
        /* every rank receives its block at rbuf; in place, the root's
         * block stays in sbuf */
        return MPI_Scatter(sbuf, (int) block, type, in_place ? MPI_IN_PLACE : rbuf, (int) block,
                           type, root, comm);
    }
    return MPI_ERR_ARG;
}
