/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing_bench_kernels: the component's reduction kernels (kernels/swk.h)
 * against Open MPI's own, MPI_Reduce_local (which calls ompi_op_reduce),
 * on the same buffers in the same process: b = a op b, MPI_SUM on float,
 * double, int8 and int32, from 64 B to 64 MiB, in cache (the same buffers
 * every call) and out of cache (a new pair of buffers every call, from a
 * pool four times larger than the last-level cache can hold).
 *
 *   swing_bench_kernels [--isa base|avx2|avx512] [--max BYTES] [--pool MiB]
 *
 * Printed per row: median time per call of 7 trials for each, the ratio
 * Open MPI / swk (above 1: swk faster) and swk's rate in GB/s counting
 * both inputs read and the output written. Every row is validated first:
 * the two results must be equal bit for bit (integer inputs that do not
 * overflow; Open MPI 4.1's op/avx saturates 8-bit sums, shown at the end).
 */
#define _POSIX_C_SOURCE 200809L

#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "swk.h"

enum { BK_TRIALS = 7 };

typedef struct {
    const char *name;
    MPI_Datatype mpi;
    swk_type_t swk;
    size_t size;
} bk_type_t;

typedef struct {
    swk_isa_t isa;
    size_t max_bytes;
    size_t pool_bytes;
} bk_opts_t;

static double bk_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

static void bk_fill(const bk_type_t *t, char *buf, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; ++i) {
        unsigned v = (unsigned) (i * 2654435761u + seed) % 50;
        if (MPI_FLOAT == t->mpi) {
            ((float *) buf)[i] = (float) v * 0.25f;
        } else if (MPI_DOUBLE == t->mpi) {
            ((double *) buf)[i] = (double) v * 0.25;
        } else if (MPI_INT8_T == t->mpi) {
            ((int8_t *) buf)[i] = (int8_t) v;
        } else {
            ((int32_t *) buf)[i] = (int32_t) v;
        }
    }
}

/* Median seconds per call of one contender over buffer pairs from the pool. */
static double bk_time(const bk_type_t *t, const swk_kernel_t *k, char *pool, size_t npairs,
                      size_t bytes, size_t n, int reps)
{
    double trial[BK_TRIALS];

    for (int tr = 0; tr < BK_TRIALS; ++tr) {
        double t0 = bk_now();
        for (int r = 0; r < reps; ++r) {
            char *a = pool + (size_t) (r % npairs) * 2 * bytes, *b = a + bytes;
            if (NULL == k) {
                MPI_Reduce_local(a, b, (int) n, t->mpi, MPI_SUM);
            } else {
                const void *src[2] = { b, a };
                swk_reduce(k, b, src, 2, n);
            }
        }
        trial[tr] = (bk_now() - t0) / reps;
    }
    for (int i = 1; i < BK_TRIALS; ++i) {
        for (int j = i; j > 0 && trial[j] < trial[j - 1]; --j) {
            double x = trial[j];
            trial[j] = trial[j - 1];
            trial[j - 1] = x;
        }
    }
    return trial[BK_TRIALS / 2];
}

/* 1 if both give the same bits on fresh copies of one pair. */
static int bk_validate(const bk_type_t *t, const swk_kernel_t *k, size_t n)
{
    size_t bytes = n * t->size;
    char *a = malloc(bytes), *b1 = malloc(bytes), *b2 = malloc(bytes);
    const void *src[2] = { b2, a };
    int ok = 0;

    if (a && b1 && b2) {
        bk_fill(t, a, n, 1);
        bk_fill(t, b1, n, 2);
        memcpy(b2, b1, bytes);
        MPI_Reduce_local(a, b1, (int) n, t->mpi, MPI_SUM);
        swk_reduce(k, b2, src, 2, n);
        ok = 0 == memcmp(b1, b2, bytes);
    }
    free(a);
    free(b1);
    free(b2);
    return ok;
}

static int bk_row(const bk_opts_t *o, const bk_type_t *t, size_t bytes, int cold, char *pool)
{
    const swk_kernel_t *k = swk_lookup(o->isa, SWK_OP_SUM, t->swk);
    size_t n = bytes / t->size, npairs = cold ? o->pool_bytes / (2 * bytes) : 1;
    int reps = (int) (((size_t) 256 << 20) / bytes);
    double tm, tk;

    if (!bk_validate(t, k, n)) {
        printf("%-7s %-4s %10zu  results differ from MPI_Reduce_local\n", t->name,
               cold ? "out" : "in", bytes);
        return 1;
    }
    reps = reps < 3 ? 3 : reps > 20000 ? 20000 : reps;
    if (cold && npairs < 2) {
        npairs = 2;
    }
    for (size_t i = 0; i < npairs; ++i) {
        bk_fill(t, pool + i * 2 * bytes, 2 * n, (unsigned) i);
    }
    tm = bk_time(t, NULL, pool, npairs, bytes, n, reps);
    tk = bk_time(t, k, pool, npairs, bytes, n, reps);
    printf("%-7s %-4s %10zu %12.3f %12.3f %7.2f %9.2f\n", t->name, cold ? "out" : "in", bytes,
           tm * 1e6, tk * 1e6, tm / tk, 3.0 * (double) bytes / tk / 1e9);
    return 0;
}

/* Open MPI's 8-bit sum of 100 + 100 against the kernel's. */
static void bk_int8_note(const bk_opts_t *o)
{
    int8_t a[64], b1[64], b2[64];
    const void *src[2] = { b2, a };

    memset(a, 100, sizeof(a));
    memset(b1, 100, sizeof(b1));
    memset(b2, 100, sizeof(b2));
    MPI_Reduce_local(a, b1, 64, MPI_INT8_T, MPI_SUM);
    swk_reduce(swk_lookup(o->isa, SWK_OP_SUM, SWK_T_I8), b2, src, 2, 64);
    printf("# int8 100 + 100: MPI_Reduce_local gives %d, swk gives %d (wrapping: -56)\n", b1[0],
           b2[0]);
}

static int bk_args(int argc, char **argv, bk_opts_t *o)
{
    o->isa = swk_isa_best();
    o->max_bytes = (size_t) 64 << 20;
    o->pool_bytes = (size_t) 512 << 20;
    for (int i = 1; i < argc; ++i) {
        if (0 == strcmp(argv[i], "--isa") && i + 1 < argc) {
            const char *v = argv[++i];
            int found = 0;
            for (int isa = 0; isa < SWK_ISA_COUNT; ++isa) {
                if (0 == strcmp(v, swk_isa_name((swk_isa_t) isa))) {
                    o->isa = (swk_isa_t) isa;
                    found = 1;
                }
            }
            if (!found || !swk_isa_supported(o->isa)) {
                fprintf(stderr, "swing_bench_kernels: --isa %s: unknown or not supported here\n",
                        v);
                return 1;
            }
        } else if (0 == strcmp(argv[i], "--max") && i + 1 < argc) {
            o->max_bytes = strtoull(argv[++i], NULL, 0);
        } else if (0 == strcmp(argv[i], "--pool") && i + 1 < argc) {
            o->pool_bytes = strtoull(argv[++i], NULL, 0) << 20;
        } else {
            fprintf(stderr, "usage: swing_bench_kernels [--isa base|avx2|avx512] "
                            "[--max BYTES] [--pool MiB]\n");
            return 1;
        }
    }
    if (o->pool_bytes < 2 * o->max_bytes) {
        o->pool_bytes = 2 * o->max_bytes;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const bk_type_t types[] = {
        { "float", MPI_FLOAT, SWK_T_F32, 4 },
        { "double", MPI_DOUBLE, SWK_T_F64, 8 },
        { "int8", MPI_INT8_T, SWK_T_I8, 1 },
        { "int32", MPI_INT32_T, SWK_T_I32, 4 },
    };
    bk_opts_t o;
    char *pool = NULL;
    int bad = 0;

    MPI_Init(&argc, &argv);
    if (0 != bk_args(argc, argv, &o) || NULL == (pool = malloc(o.pool_bytes))) {
        MPI_Finalize();
        return 1;
    }
    printf("# b = a + b, MPI_SUM; swk kernels: %s; times in us (median of %d trials)\n",
           swk_isa_name(o.isa), BK_TRIALS);
    printf("%-7s %-4s %10s %12s %12s %7s %9s\n", "type", "mem", "bytes", "ompi_us", "swk_us",
           "ratio", "swk_GB/s");
    for (int cold = 0; cold < 2; ++cold) {
        for (size_t t = 0; t < sizeof(types) / sizeof(types[0]); ++t) {
            for (size_t bytes = cold ? 65536 : 64; bytes <= (cold ? o.max_bytes : (size_t) 1 << 20);
                 bytes *= 4) {
                bad |= bk_row(&o, &types[t], bytes, cold, pool);
            }
        }
    }
    bk_int8_note(&o);
    free(pool);
    MPI_Finalize();
    return bad;
}
