/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Datatypes, operations, and the exact test data with its check.
 *
 * Every input is a small integer chosen so that every partial and final
 * result is exactly representable in the datatype (integers below 2^24
 * in float, 2^53 in double, no overflow in the integer types), whatever
 * order the reduction runs in.  The check therefore compares for
 * equality, and the expected value of element i comes in closed form.
 *
 * With k(i) = i % k_mod + 1 (so values vary along the buffer):
 *   sum:      rank r gives w(r) k(i), w(r) = r % w_mod + 1;
 *             result w_sum k(i), w_sum = sum of w(r) over the ranks
 *   max, min: rank r gives ((r + i) % p + 1 - shift) k(i), so each rank
 *             holds the extreme at some elements; result (p - shift) k(i)
 *             or (1 - shift) k(i); shift = p / 2 makes signed data negative
 *   prod:     rank i % p gives k(i), rank (i + 1) % p gives 2, rank
 *             (i + 2) % p gives -1 (signed types, p > 2), the others 1;
 *             result +-2 k(i)
 *
 * The collectives that reduce nothing use the sum's pattern: a broadcast
 * moves the result w_sum k(i), a gather or scatter block r rank r's input
 * w(r) k(i) at its own elements, so a block in the wrong place, or from
 * the wrong rank, shows (when w_mod > 1, as it is unless a narrow type
 * meets many ranks).
 */
#include <stdint.h>
#include <string.h>

#include "bench.h"

static const struct {
    const char *alias; /* name accepted by -d */
    bench_dtype_t type;
} bench_dtypes[] = {
    { "int8", { "int8", BENCH_DT_INT8, BENCH_KIND_SIGNED, 1, 127LL } },
    { "char", { "int8", BENCH_DT_INT8, BENCH_KIND_SIGNED, 1, 127LL } },
    { "uint8", { "uint8", BENCH_DT_UINT8, BENCH_KIND_UNSIGNED, 1, 255LL } },
    { "int16", { "int16", BENCH_DT_INT16, BENCH_KIND_SIGNED, 2, 32767LL } },
    { "short", { "int16", BENCH_DT_INT16, BENCH_KIND_SIGNED, 2, 32767LL } },
    { "uint16", { "uint16", BENCH_DT_UINT16, BENCH_KIND_UNSIGNED, 2, 65535LL } },
    { "int", { "int", BENCH_DT_INT32, BENCH_KIND_SIGNED, 4, 2147483647LL } },
    { "int32", { "int", BENCH_DT_INT32, BENCH_KIND_SIGNED, 4, 2147483647LL } },
    { "uint32", { "uint32", BENCH_DT_UINT32, BENCH_KIND_UNSIGNED, 4, 4294967295LL } },
    { "unsigned", { "uint32", BENCH_DT_UINT32, BENCH_KIND_UNSIGNED, 4, 4294967295LL } },
    { "long_long", { "long_long", BENCH_DT_INT64, BENCH_KIND_SIGNED, 8, 1LL << 62 } },
    { "int64", { "long_long", BENCH_DT_INT64, BENCH_KIND_SIGNED, 8, 1LL << 62 } },
    { "uint64", { "uint64", BENCH_DT_UINT64, BENCH_KIND_UNSIGNED, 8, 1LL << 62 } },
    { "float", { "float", BENCH_DT_FLOAT, BENCH_KIND_FLOAT, 4, 1LL << 24 } },
    { "double", { "double", BENCH_DT_DOUBLE, BENCH_KIND_FLOAT, 8, 1LL << 53 } },
};

static const bench_op_t bench_ops[] = {
    { "sum", BENCH_OP_SUM },
    { "prod", BENCH_OP_PROD },
    { "max", BENCH_OP_MAX },
    { "min", BENCH_OP_MIN },
};

const bench_dtype_t *bench_dtype_find(const char *name)
{
    for (size_t i = 0; i < sizeof(bench_dtypes) / sizeof(bench_dtypes[0]); i++) {
        if (0 == strcmp(name, bench_dtypes[i].alias)) {
            return &bench_dtypes[i].type;
        }
    }
    return NULL;
}

const char *bench_dtype_names(void)
{
    return "int8 (char), uint8, int16 (short), uint16, int (int32), uint32 "
           "(unsigned), long_long (int64), uint64, float, double";
}

const bench_op_t *bench_op_find(const char *name)
{
    for (size_t i = 0; i < sizeof(bench_ops) / sizeof(bench_ops[0]); i++) {
        if (0 == strcmp(name, bench_ops[i].name)) {
            return &bench_ops[i];
        }
    }
    return NULL;
}

/* MPI handles are not constant expressions in every MPI, so no table. */
MPI_Datatype bench_dtype_mpi(const bench_dtype_t *dt)
{
    switch (dt->id) {
    case BENCH_DT_INT8: return MPI_INT8_T;
    case BENCH_DT_UINT8: return MPI_UINT8_T;
    case BENCH_DT_INT16: return MPI_INT16_T;
    case BENCH_DT_UINT16: return MPI_UINT16_T;
    case BENCH_DT_INT32: return MPI_INT;
    case BENCH_DT_UINT32: return MPI_UINT32_T;
    case BENCH_DT_INT64: return MPI_LONG_LONG;
    case BENCH_DT_UINT64: return MPI_UINT64_T;
    case BENCH_DT_FLOAT: return MPI_FLOAT;
    case BENCH_DT_DOUBLE: return MPI_DOUBLE;
    }
    return MPI_DATATYPE_NULL;
}

MPI_Op bench_op_mpi(const bench_op_t *op)
{
    switch (op->id) {
    case BENCH_OP_SUM: return MPI_SUM;
    case BENCH_OP_PROD: return MPI_PROD;
    case BENCH_OP_MAX: return MPI_MAX;
    case BENCH_OP_MIN: return MPI_MIN;
    }
    return MPI_OP_NULL;
}

/* ------------------------------------------------------------------ */

static long long bench_sum_of_weights(int np, int w_mod)
{
    long long full = np / w_mod, rest = np % w_mod;
    return full * ((long long) w_mod * (w_mod + 1) / 2) + rest * (rest + 1) / 2;
}

static long long bench_abs(long long v)
{
    return v < 0 ? -v : v;
}

int bench_pattern_init(bench_pattern_t *pat, const bench_dtype_t *dt, const bench_op_t *op, int np)
{
    memset(pat, 0, sizeof(*pat));
    pat->op = op->id;
    pat->kind = dt->kind;
    pat->np = np;
    pat->k_mod = 7;
    pat->w_mod = np;

    switch (op->id) {
    case BENCH_OP_SUM:
        /* Fewer distinct weights first, then a shorter k cycle. */
        pat->w_sum = bench_sum_of_weights(np, pat->w_mod);
        while (pat->w_sum * pat->k_mod > dt->exact_max && pat->w_mod > 1) {
            pat->w_mod--;
            pat->w_sum = bench_sum_of_weights(np, pat->w_mod);
        }
        while (pat->w_sum * pat->k_mod > dt->exact_max && pat->k_mod > 1) {
            pat->k_mod--;
        }
        return pat->w_sum * pat->k_mod > dt->exact_max ? -1 : 0;
    case BENCH_OP_MAX:
    case BENCH_OP_MIN: {
        long long extreme;
        pat->shift = BENCH_KIND_UNSIGNED == dt->kind ? 0 : np / 2;
        extreme = bench_abs(np - pat->shift) > bench_abs(1 - pat->shift)
                      ? bench_abs(np - pat->shift)
                      : bench_abs(1 - pat->shift);
        while (extreme * pat->k_mod > dt->exact_max && pat->k_mod > 1) {
            pat->k_mod--;
        }
        return extreme * pat->k_mod > dt->exact_max ? -1 : 0;
    }
    case BENCH_OP_PROD: return 0; /* |result| <= 14 */
    }
    return -1;
}

static long long bench_pattern_k(const bench_pattern_t *pat, size_t i)
{
    return (long long) (i % (size_t) pat->k_mod) + 1;
}

static long long bench_pattern_input(const bench_pattern_t *pat, int rank, size_t i)
{
    long long k = bench_pattern_k(pat, i);
    size_t np = (size_t) pat->np;

    switch (pat->op) {
    case BENCH_OP_SUM: return (long long) (rank % pat->w_mod + 1) * k;
    case BENCH_OP_MAX:
    case BENCH_OP_MIN: return ((long long) (((size_t) rank + i) % np) + 1 - pat->shift) * k;
    case BENCH_OP_PROD:
        if ((size_t) rank == i % np) {
            return k;
        }
        if (np > 1 && (size_t) rank == (i + 1) % np) {
            return 2;
        }
        if (np > 2 && BENCH_KIND_UNSIGNED != pat->kind && (size_t) rank == (i + 2) % np) {
            return -1;
        }
        return 1;
    }
    return 0;
}

static long long bench_pattern_expected(const bench_pattern_t *pat, size_t i);

/* Rank's input at i, or the result (BENCH_DATA_RESULT). */
static long long bench_pattern_value(const bench_pattern_t *pat, int rank, size_t i)
{
    return BENCH_DATA_RESULT == rank ? bench_pattern_expected(pat, i)
                                     : bench_pattern_input(pat, rank, i);
}

static long long bench_pattern_expected(const bench_pattern_t *pat, size_t i)
{
    long long k = bench_pattern_k(pat, i);

    switch (pat->op) {
    case BENCH_OP_SUM: return pat->w_sum * k;
    case BENCH_OP_MAX: return (pat->np - pat->shift) * k;
    case BENCH_OP_MIN: return (1 - pat->shift) * k;
    case BENCH_OP_PROD: {
        long long r = k;
        if (pat->np > 1) {
            r *= 2;
        }
        if (pat->np > 2 && BENCH_KIND_UNSIGNED != pat->kind) {
            r = -r;
        }
        return r;
    }
    }
    return 0;
}

static void bench_value_set(bench_value_t *v, bench_kind_t kind, long long i, unsigned long long u,
                            double f)
{
    v->kind = kind;
    v->i = i;
    v->u = u;
    v->f = f;
}

/*
 * One fill and one check function per C type, on elements [first, first +
 * count) of rank's input or of the result (BENCH_DATA_RESULT); buf holds
 * element first.  The macro takes every name it uses as a parameter.
 */
#define BENCH_DEFINE_TYPED(SUFFIX, CTYPE, KIND)                                                  \
    static void bench_fill_##SUFFIX(void *buf, size_t first, size_t count,                       \
                                    const bench_pattern_t *pat, int rank)                        \
    {                                                                                            \
        CTYPE *b = buf;                                                                          \
        for (size_t i = 0; i < count; i++) {                                                     \
            b[i] = (CTYPE) bench_pattern_value(pat, rank, first + i);                            \
        }                                                                                        \
    }                                                                                            \
    static size_t bench_check_##SUFFIX(const void *buf, size_t first, size_t count,              \
                                       const bench_pattern_t *pat, int rank, bench_value_t *got, \
                                       bench_value_t *expected)                                  \
    {                                                                                            \
        const CTYPE *b = buf;                                                                    \
        for (size_t i = 0; i < count; i++) {                                                     \
            long long e = bench_pattern_value(pat, rank, first + i);                             \
            if (b[i] != (CTYPE) e) {                                                             \
                /* no float-to-integer conversion of a NaN or negative */                        \
                int fl = BENCH_KIND_FLOAT == KIND;                                               \
                bench_value_set(got, KIND, fl ? 0 : (long long) b[i],                            \
                                fl ? 0 : (unsigned long long) b[i], (double) b[i]);              \
                bench_value_set(expected, KIND, e, (unsigned long long) e, (double) e);          \
                return i;                                                                        \
            }                                                                                    \
        }                                                                                        \
        return count;                                                                            \
    }

BENCH_DEFINE_TYPED(int8, int8_t, BENCH_KIND_SIGNED)
BENCH_DEFINE_TYPED(uint8, uint8_t, BENCH_KIND_UNSIGNED)
BENCH_DEFINE_TYPED(int16, int16_t, BENCH_KIND_SIGNED)
BENCH_DEFINE_TYPED(uint16, uint16_t, BENCH_KIND_UNSIGNED)
BENCH_DEFINE_TYPED(int32, int, BENCH_KIND_SIGNED)
BENCH_DEFINE_TYPED(uint32, uint32_t, BENCH_KIND_UNSIGNED)
BENCH_DEFINE_TYPED(int64, long long, BENCH_KIND_SIGNED)
BENCH_DEFINE_TYPED(uint64, uint64_t, BENCH_KIND_UNSIGNED)
BENCH_DEFINE_TYPED(float, float, BENCH_KIND_FLOAT)
BENCH_DEFINE_TYPED(double, double, BENCH_KIND_FLOAT)

void bench_data_fill(void *buf, size_t count, const bench_dtype_t *dt, const bench_pattern_t *pat,
                     int rank)
{
    bench_data_fill_at(buf, 0, count, dt, pat, rank);
}

void bench_data_fill_at(void *buf, size_t first, size_t count, const bench_dtype_t *dt,
                        const bench_pattern_t *pat, int rank)
{
    switch (dt->id) {
    case BENCH_DT_INT8: bench_fill_int8(buf, first, count, pat, rank); break;
    case BENCH_DT_UINT8: bench_fill_uint8(buf, first, count, pat, rank); break;
    case BENCH_DT_INT16: bench_fill_int16(buf, first, count, pat, rank); break;
    case BENCH_DT_UINT16: bench_fill_uint16(buf, first, count, pat, rank); break;
    case BENCH_DT_INT32: bench_fill_int32(buf, first, count, pat, rank); break;
    case BENCH_DT_UINT32: bench_fill_uint32(buf, first, count, pat, rank); break;
    case BENCH_DT_INT64: bench_fill_int64(buf, first, count, pat, rank); break;
    case BENCH_DT_UINT64: bench_fill_uint64(buf, first, count, pat, rank); break;
    case BENCH_DT_FLOAT: bench_fill_float(buf, first, count, pat, rank); break;
    case BENCH_DT_DOUBLE: bench_fill_double(buf, first, count, pat, rank); break;
    }
}

void bench_data_fill_blocks(void *buf, size_t block, int np, const bench_dtype_t *dt,
                            const bench_pattern_t *pat)
{
    for (int r = 0; r < np; r++) {
        size_t first = (size_t) r * block;
        bench_data_fill_at((char *) buf + first * dt->size, first, block, dt, pat, r);
    }
}

void bench_data_fill_expected(void *buf, size_t count, const bench_dtype_t *dt,
                              const bench_pattern_t *pat)
{
    bench_data_fill_at(buf, 0, count, dt, pat, BENCH_DATA_RESULT);
}

size_t bench_data_check(const void *buf, size_t count, const bench_dtype_t *dt,
                        const bench_pattern_t *pat, bench_value_t *got, bench_value_t *expected)
{
    return bench_data_check_at(buf, 0, count, dt, pat, got, expected);
}

size_t bench_data_check_at(const void *buf, size_t first, size_t count, const bench_dtype_t *dt,
                           const bench_pattern_t *pat, bench_value_t *got, bench_value_t *expected)
{
    return bench_data_check_from(buf, first, count, dt, pat, BENCH_DATA_RESULT, got, expected);
}

size_t bench_data_check_from(const void *buf, size_t first, size_t count, const bench_dtype_t *dt,
                             const bench_pattern_t *pat, int rank, bench_value_t *got,
                             bench_value_t *expected)
{
    switch (dt->id) {
    case BENCH_DT_INT8: return bench_check_int8(buf, first, count, pat, rank, got, expected);
    case BENCH_DT_UINT8: return bench_check_uint8(buf, first, count, pat, rank, got, expected);
    case BENCH_DT_INT16: return bench_check_int16(buf, first, count, pat, rank, got, expected);
    case BENCH_DT_UINT16: return bench_check_uint16(buf, first, count, pat, rank, got, expected);
    case BENCH_DT_INT32: return bench_check_int32(buf, first, count, pat, rank, got, expected);
    case BENCH_DT_UINT32: return bench_check_uint32(buf, first, count, pat, rank, got, expected);
    case BENCH_DT_INT64: return bench_check_int64(buf, first, count, pat, rank, got, expected);
    case BENCH_DT_UINT64: return bench_check_uint64(buf, first, count, pat, rank, got, expected);
    case BENCH_DT_FLOAT: return bench_check_float(buf, first, count, pat, rank, got, expected);
    case BENCH_DT_DOUBLE: return bench_check_double(buf, first, count, pat, rank, got, expected);
    }
    return 0;
}

/* Debug (--inject-error): change element i of rank's input (or of the
 * result) so that the result at i is certainly wrong, whatever the
 * operation. */
void bench_data_inject(void *buf, size_t i, const bench_dtype_t *dt, const bench_pattern_t *pat,
                       int rank)
{
    long long in = bench_pattern_value(pat, rank, i);
    long long v = 0;

    switch (pat->op) {
    case BENCH_OP_SUM: v = in + 1; break;
    case BENCH_OP_PROD: v = in * 3; break;
    case BENCH_OP_MAX: v = bench_pattern_expected(pat, i) + 1; break;
    case BENCH_OP_MIN: v = bench_pattern_expected(pat, i) - 1; break;
    }
    switch (dt->id) {
    case BENCH_DT_INT8: ((int8_t *) buf)[i] = (int8_t) v; break;
    case BENCH_DT_UINT8: ((uint8_t *) buf)[i] = (uint8_t) v; break;
    case BENCH_DT_INT16: ((int16_t *) buf)[i] = (int16_t) v; break;
    case BENCH_DT_UINT16: ((uint16_t *) buf)[i] = (uint16_t) v; break;
    case BENCH_DT_INT32: ((int *) buf)[i] = (int) v; break;
    case BENCH_DT_UINT32: ((uint32_t *) buf)[i] = (uint32_t) v; break;
    case BENCH_DT_INT64: ((long long *) buf)[i] = v; break;
    case BENCH_DT_UINT64: ((uint64_t *) buf)[i] = (uint64_t) v; break;
    case BENCH_DT_FLOAT: ((float *) buf)[i] = (float) v; break;
    case BENCH_DT_DOUBLE: ((double *) buf)[i] = (double) v; break;
    }
}

int bench_value_format(char *out, size_t len, const bench_value_t *v)
{
    switch (v->kind) {
    case BENCH_KIND_SIGNED: return snprintf(out, len, "%lld", v->i);
    case BENCH_KIND_UNSIGNED: return snprintf(out, len, "%llu", v->u);
    case BENCH_KIND_FLOAT: return snprintf(out, len, "%.17g", v->f);
    }
    return snprintf(out, len, "?");
}
