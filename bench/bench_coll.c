/*
 * The collective swing_bench times (-k): MPI_Allreduce (default),
 * MPI_Reduce_scatter_block, MPI_Reduce_scatter or MPI_Allgather, with the
 * names of the swing and tuned variables that configure it and the busbw
 * factor of nccl-tests.
 *
 * A size is the whole vector n, as in nccl-tests: reduce-scatter reduces n
 * bytes and leaves each rank n/p, allgather leaves every rank n bytes
 * gathered from blocks of n/p. busbw = algbw * 2(p-1)/p for allreduce,
 * algbw * (p-1)/p for the halves. Data: the input of every collective is
 * bench_data.c's pattern; reduce-scatter checks rank r's block against
 * the expected reduction at [r n/p, (r+1) n/p); allgather ranks send the
 * expected reduction of their block, so the gathered vector checks like
 * an allreduce result.
 */
#include <string.h>

#include "bench.h"

static const bench_coll_t bench_colls[] = {
    { BENCH_COLL_ALLREDUCE, "allreduce", "MPI_Allreduce", 2.0, 0 },
    { BENCH_COLL_RSB, "reduce_scatter_block", "MPI_Reduce_scatter_block", 1.0, 1 },
    { BENCH_COLL_RS, "reduce_scatter", "MPI_Reduce_scatter", 1.0, 1 },
    { BENCH_COLL_ALLGATHER, "allgather", "MPI_Allgather", 1.0, 1 },
};

const bench_coll_t *bench_coll_find(const char *name)
{
    for (size_t i = 0; i < sizeof(bench_colls) / sizeof(bench_colls[0]); i++) {
        if (0 == strcmp(name, bench_colls[i].name)) {
            return &bench_colls[i];
        }
    }
    return NULL;
}

double bench_coll_busbw(const bench_coll_t *k, double algbw, int np)
{
    return np > 0 ? algbw * k->bus * (np - 1) / np : 0.0;
}

/*
 * swing's algorithm for a configuration: the halves have BO forms only,
 * named without the _bo (swing-bo-mp runs the halves' swing_mp).
 */
const char *bench_coll_swing_alg(const bench_coll_t *k, const char *alg)
{
    static const char *const halves[][2] = {
        { "swing_bo", "swing" }, { "rd_bo", "rd" },
        { "swing_bo_mp", "swing_mp" }, { "rd_bo_mp", "rd_mp" },
    };

    if (!k->split || 0 == strcmp(alg, "auto") || 0 == strcmp(alg, "shm")
        || 0 == strcmp(alg, "hier") || 0 == strcmp(alg, "ring")) {
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

int bench_coll_call(const bench_coll_t *k, const void *sbuf, void *rbuf, size_t count,
                    MPI_Datatype type, MPI_Op op, MPI_Comm comm, int *counts)
{
    int np, rank;
    size_t block;

    MPI_Comm_size(comm, &np);
    MPI_Comm_rank(comm, &rank);
    block = bench_coll_block(k, count, np);
    switch (k->id) {
    case BENCH_COLL_ALLREDUCE:
        return MPI_Allreduce(sbuf, rbuf, (int) count, type, op, comm);
    case BENCH_COLL_RSB:
        return MPI_Reduce_scatter_block(sbuf, rbuf, (int) block, type, op, comm);
    case BENCH_COLL_RS:
        for (int r = 0; r < np; r++) {
            counts[r] = (int) block;
        }
        return MPI_Reduce_scatter(sbuf, rbuf, counts, type, op, comm);
    case BENCH_COLL_ALLGATHER: {
        int size;
        MPI_Type_size(type, &size);
        if (MPI_IN_PLACE == sbuf) {
            return MPI_Allgather(MPI_IN_PLACE, 0, type, rbuf, (int) block, type, comm);
        }
        return MPI_Allgather((const char *) sbuf + (size_t) rank * block * (size_t) size,
                             (int) block, type, rbuf, (int) block, type, comm);
    }
    }
    return MPI_ERR_ARG;
}
