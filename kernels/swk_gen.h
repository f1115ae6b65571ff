/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The kernels' source, compiled once per ISA level: the file that includes
 * it sets the target (pragma) and names the table (SWK_TABLE). Each
 * (op, type) gets an element function, a two-operand loop and a fused
 * three-operand loop; the compiler vectorises the loops for the target.
 *
 * Integer SUM and PROD are computed in an unsigned type at least as wide,
 * then narrowed: wrapping, never saturating, and no signed overflow.
 *
 * Complex types only in the portable table (SWK_WITH_COMPLEX): with FMA in
 * the target, GCC lowers complex multiplication to fused multiply-adds
 * whatever -ffp-contract says, so the result would depend on the CPU.
 */
#include "swk_int.h"

#include <stddef.h>

#ifndef SWK_TABLE
#error "define SWK_TABLE before including swk_gen.h"
#endif

/* lists of X(...) calls, laid out by hand: clang-format 14 does not settle on one layout */
/* clang-format off */
/* name, enum suffix, C type, unsigned type for SUM/PROD */
#define SWK_INT_TYPES(X)                                                  \
    X(i8, I8, int8_t, unsigned) X(u8, U8, uint8_t, unsigned)              \
    X(i16, I16, int16_t, unsigned) X(u16, U16, uint16_t, unsigned)        \
    X(i32, I32, int32_t, uint32_t) X(u32, U32, uint32_t, uint32_t)        \
    X(i64, I64, int64_t, uint64_t) X(u64, U64, uint64_t, uint64_t)
#define SWK_FLOAT_TYPES(X) X(f32, F32, float) X(f64, F64, double) X(ld, LD, long double)
#define SWK_CPLX_TYPES(X) X(c32, C32, float _Complex) X(c64, C64, double _Complex)
#define SWK_PAIR_TYPES(X)                                                 \
    X(f32_i, F32_I, swk_f32_i_t) X(f64_i, F64_I, swk_f64_i_t)             \
    X(long_i, LONG_I, swk_long_i_t) X(i32_i, I32_I, swk_i32_i_t)          \
    X(i16_i, I16_I, swk_i16_i_t) X(ld_i, LD_I, swk_ld_i_t)                \
    X(f32_f32, F32_F32, swk_f32_f32_t) X(f64_f64, F64_F64, swk_f64_f64_t)

/* The ops of each class of types: X(op name, enum suffix, type...) */
#define SWK_INT_OPS(X, tn, TE, T)                                         \
    X(sum, SUM, tn, TE, T) X(prod, PROD, tn, TE, T)                       \
    X(max, MAX, tn, TE, T) X(min, MIN, tn, TE, T)                         \
    X(land, LAND, tn, TE, T) X(lor, LOR, tn, TE, T) X(lxor, LXOR, tn, TE, T) \
    X(band, BAND, tn, TE, T) X(bor, BOR, tn, TE, T) X(bxor, BXOR, tn, TE, T)
#define SWK_FLOAT_OPS(X, tn, TE, T)                                       \
    X(sum, SUM, tn, TE, T) X(prod, PROD, tn, TE, T)                       \
    X(max, MAX, tn, TE, T) X(min, MIN, tn, TE, T)
#define SWK_CPLX_OPS(X, tn, TE, T) X(sum, SUM, tn, TE, T) X(prod, PROD, tn, TE, T)
#define SWK_BOOL_OPS(X, tn, TE, T)                                        \
    X(land, LAND, tn, TE, T) X(lor, LOR, tn, TE, T) X(lxor, LXOR, tn, TE, T)
#define SWK_PAIR_OPS(X, tn, TE, T) X(maxloc, MAXLOC, tn, TE, T) X(minloc, MINLOC, tn, TE, T)
/* clang-format on */
/* clang-format on */

/* Element functions: x is the left (accumulated) operand. */
#define SWK_DEF_INT_ELEM(tn, TE, T, W)      \
    static inline T swk_sum_##tn(T x, T y)  \
    {                                       \
        return (T) ((W) x + (W) y);         \
    }                                       \
    static inline T swk_prod_##tn(T x, T y) \
    {                                       \
        return (T) ((W) x * (W) y);         \
    }                                       \
    static inline T swk_max_##tn(T x, T y)  \
    {                                       \
        return x > y ? x : y;               \
    }                                       \
    static inline T swk_min_##tn(T x, T y)  \
    {                                       \
        return x < y ? x : y;               \
    }                                       \
    static inline T swk_land_##tn(T x, T y) \
    {                                       \
        return (T) (x && y);                \
    }                                       \
    static inline T swk_lor_##tn(T x, T y)  \
    {                                       \
        return (T) (x || y);                \
    }                                       \
    static inline T swk_lxor_##tn(T x, T y) \
    {                                       \
        return (T) (!x != !y);              \
    }                                       \
    static inline T swk_band_##tn(T x, T y) \
    {                                       \
        return (T) (x & y);                 \
    }                                       \
    static inline T swk_bor_##tn(T x, T y)  \
    {                                       \
        return (T) (x | y);                 \
    }                                       \
    static inline T swk_bxor_##tn(T x, T y) \
    {                                       \
        return (T) (x ^ y);                 \
    }
#define SWK_DEF_FLOAT_ELEM(tn, TE, T)       \
    static inline T swk_sum_##tn(T x, T y)  \
    {                                       \
        return x + y;                       \
    }                                       \
    static inline T swk_prod_##tn(T x, T y) \
    {                                       \
        return x * y;                       \
    }                                       \
    static inline T swk_max_##tn(T x, T y)  \
    {                                       \
        return x > y ? x : y;               \
    }                                       \
    static inline T swk_min_##tn(T x, T y)  \
    {                                       \
        return x < y ? x : y;               \
    }
#define SWK_DEF_CPLX_ELEM(tn, TE, T)        \
    static inline T swk_sum_##tn(T x, T y)  \
    {                                       \
        return x + y;                       \
    }                                       \
    static inline T swk_prod_##tn(T x, T y) \
    {                                       \
        return x * y;                       \
    }
#define SWK_DEF_PAIR_ELEM(tn, TE, T)          \
    static inline T swk_maxloc_##tn(T x, T y) \
    {                                         \
        if (y.v > x.v)                        \
            return y;                         \
        if (y.v == x.v && y.k < x.k)          \
            x.k = y.k;                        \
        return x;                             \
    }                                         \
    static inline T swk_minloc_##tn(T x, T y) \
    {                                         \
        if (y.v < x.v)                        \
            return y;                         \
        if (y.v == x.v && y.k < x.k)          \
            x.k = y.k;                        \
        return x;                             \
    }

static inline _Bool swk_land_bool(_Bool x, _Bool y)
{
    return x && y;
}
static inline _Bool swk_lor_bool(_Bool x, _Bool y)
{
    return x || y;
}
static inline _Bool swk_lxor_bool(_Bool x, _Bool y)
{
    return x != y;
}

/*
 * The loops of one (op, type). ivdep: operands are distinct or exactly the
 * same buffer (swk.h), so no iteration depends on another and the compiler
 * need not test for overlap before using vectors.
 */
#define SWK_DEF_LOOPS(op, OE, tn, TE, T)                                                    \
    static void swk_##op##_##tn##_2(void *dst, const void *a, const void *b, size_t n)      \
    {                                                                                       \
        T *d = dst;                                                                         \
        const T *x = a, *y = b;                                                             \
        _Pragma("GCC ivdep") for (size_t i = 0; i < n; ++i)                                 \
        {                                                                                   \
            d[i] = swk_##op##_##tn(x[i], y[i]);                                             \
        }                                                                                   \
    }                                                                                       \
    static void swk_##op##_##tn##_3(void *dst, const void *a, const void *b, const void *c, \
                                    size_t n)                                               \
    {                                                                                       \
        T *d = dst;                                                                         \
        const T *x = a, *y = b, *z = c;                                                     \
        _Pragma("GCC ivdep") for (size_t i = 0; i < n; ++i)                                 \
        {                                                                                   \
            d[i] = swk_##op##_##tn(swk_##op##_##tn(x[i], y[i]), z[i]);                      \
        }                                                                                   \
    }
#define SWK_ENTRY_TAIL(op, OE, tn, TE, T, TAIL)                  \
    [SWK_OP_##OE][SWK_T_##TE] = { .k2 = swk_##op##_##tn##_2,     \
                                  .k3 = swk_##op##_##tn##_3,     \
                                  .size = sizeof(T),             \
                                  .tail = (TAIL),                \
                                  .align_mask = _Alignof(T) - 1, \
                                  .block = SWK_BLOCK_BYTES / sizeof(T) },
#define SWK_ENTRY(op, OE, tn, TE, T) SWK_ENTRY_TAIL(op, OE, tn, TE, T, sizeof(T))
/* a pair's value bytes end with its index field, before any padding */
#define SWK_PAIR_ENTRY(op, OE, tn, TE, T) \
    SWK_ENTRY_TAIL(op, OE, tn, TE, T, offsetof(T, k) + sizeof(((T *) 0)->k))

#define SWK_INT_LOOPS(tn, TE, T, W) SWK_INT_OPS(SWK_DEF_LOOPS, tn, TE, T)
#define SWK_FLOAT_LOOPS(tn, TE, T) SWK_FLOAT_OPS(SWK_DEF_LOOPS, tn, TE, T)
#define SWK_CPLX_LOOPS(tn, TE, T) SWK_CPLX_OPS(SWK_DEF_LOOPS, tn, TE, T)
#define SWK_PAIR_LOOPS(tn, TE, T) SWK_PAIR_OPS(SWK_DEF_LOOPS, tn, TE, T)
#define SWK_INT_ENTRIES(tn, TE, T, W) SWK_INT_OPS(SWK_ENTRY, tn, TE, T)
#define SWK_FLOAT_ENTRIES(tn, TE, T) SWK_FLOAT_OPS(SWK_ENTRY, tn, TE, T)
#define SWK_CPLX_ENTRIES(tn, TE, T) SWK_CPLX_OPS(SWK_ENTRY, tn, TE, T)
#define SWK_PAIR_ENTRIES(tn, TE, T) SWK_PAIR_OPS(SWK_PAIR_ENTRY, tn, TE, T)

SWK_INT_TYPES(SWK_DEF_INT_ELEM)
SWK_FLOAT_TYPES(SWK_DEF_FLOAT_ELEM)
#ifdef SWK_WITH_COMPLEX
SWK_CPLX_TYPES(SWK_DEF_CPLX_ELEM)
SWK_CPLX_TYPES(SWK_CPLX_LOOPS)
#endif
SWK_PAIR_TYPES(SWK_DEF_PAIR_ELEM)

SWK_INT_TYPES(SWK_INT_LOOPS)
SWK_FLOAT_TYPES(SWK_FLOAT_LOOPS)
SWK_PAIR_TYPES(SWK_PAIR_LOOPS)
SWK_BOOL_OPS(SWK_DEF_LOOPS, bool, BOOL, _Bool)

const swk_kernel_t SWK_TABLE[SWK_OP_COUNT][SWK_T_COUNT] = {
    SWK_INT_TYPES(SWK_INT_ENTRIES) SWK_FLOAT_TYPES(SWK_FLOAT_ENTRIES)
#ifdef SWK_WITH_COMPLEX
        SWK_CPLX_TYPES(SWK_CPLX_ENTRIES)
#endif
            SWK_PAIR_TYPES(SWK_PAIR_ENTRIES) SWK_BOOL_OPS(SWK_ENTRY, bool, BOOL, _Bool)
};
