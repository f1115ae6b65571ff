/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The reduction kernels (kernels/swk.h) against a scalar reference written
 * independently of them: every op x type on every ISA level this CPU runs,
 * 1 to 6 operands, lengths around every vector width and across blocks,
 * shifted and byte-misaligned buffers, in place and out of place, integer
 * overflow (must wrap), NaN, infinities, signed zeros and ties.
 */
#include "unit_util.h"

#include <complex.h>
#include <math.h>
#include <stddef.h>

#include "swk.h"
#include "swk_int.h"

enum { KT_MAXSRC = 6, KT_MAXLEN = 20000, KT_SLACK = 128 };

typedef enum { KT_SINT, KT_UINT, KT_FLOAT, KT_CPLX, KT_BOOL, KT_PAIR } kt_class_t;

typedef struct {
    kt_class_t cls;
    size_t size; /* bytes per element */
    size_t cmp;  /* bytes that carry the value (long double: 10) */
} kt_info_t;

static kt_info_t kt_info(swk_type_t t)
{
    switch (t) {
    case SWK_T_I8: return (kt_info_t){ KT_SINT, 1, 1 };
    case SWK_T_U8: return (kt_info_t){ KT_UINT, 1, 1 };
    case SWK_T_I16: return (kt_info_t){ KT_SINT, 2, 2 };
    case SWK_T_U16: return (kt_info_t){ KT_UINT, 2, 2 };
    case SWK_T_I32: return (kt_info_t){ KT_SINT, 4, 4 };
    case SWK_T_U32: return (kt_info_t){ KT_UINT, 4, 4 };
    case SWK_T_I64: return (kt_info_t){ KT_SINT, 8, 8 };
    case SWK_T_U64: return (kt_info_t){ KT_UINT, 8, 8 };
    case SWK_T_F32: return (kt_info_t){ KT_FLOAT, 4, 4 };
    case SWK_T_F64: return (kt_info_t){ KT_FLOAT, 8, 8 };
    case SWK_T_LD: return (kt_info_t){ KT_FLOAT, sizeof(long double), 10 };
    case SWK_T_C32: return (kt_info_t){ KT_CPLX, 8, 8 };
    case SWK_T_C64: return (kt_info_t){ KT_CPLX, 16, 16 };
    case SWK_T_BOOL: return (kt_info_t){ KT_BOOL, sizeof(_Bool), 1 };
    case SWK_T_F32_I: return (kt_info_t){ KT_PAIR, sizeof(swk_f32_i_t), 0 };
    case SWK_T_F64_I: return (kt_info_t){ KT_PAIR, sizeof(swk_f64_i_t), 0 };
    case SWK_T_LONG_I: return (kt_info_t){ KT_PAIR, sizeof(swk_long_i_t), 0 };
    case SWK_T_I32_I: return (kt_info_t){ KT_PAIR, sizeof(swk_i32_i_t), 0 };
    case SWK_T_I16_I: return (kt_info_t){ KT_PAIR, sizeof(swk_i16_i_t), 0 };
    case SWK_T_LD_I: return (kt_info_t){ KT_PAIR, sizeof(swk_ld_i_t), 0 };
    case SWK_T_F32_F32: return (kt_info_t){ KT_PAIR, sizeof(swk_f32_f32_t), 0 };
    case SWK_T_F64_F64: return (kt_info_t){ KT_PAIR, sizeof(swk_f64_f64_t), 0 };
    default: return (kt_info_t){ KT_BOOL, 0, 0 };
    }
}

/* Which ops MPI defines on which class: the kernels must cover exactly these. */
static int kt_expected(swk_op_t op, kt_class_t cls)
{
    switch (cls) {
    case KT_SINT:
    case KT_UINT: return op <= SWK_OP_BXOR;
    case KT_FLOAT: return op <= SWK_OP_MIN;
    case KT_CPLX: return op == SWK_OP_SUM || op == SWK_OP_PROD;
    case KT_BOOL: return op == SWK_OP_LAND || op == SWK_OP_LOR || op == SWK_OP_LXOR;
    case KT_PAIR: return op == SWK_OP_MAXLOC || op == SWK_OP_MINLOC;
    }
    return 0;
}

static uint64_t kt_rng = 88172645463325252ull;

static uint64_t kt_rand(void)
{
    kt_rng ^= kt_rng << 13;
    kt_rng ^= kt_rng >> 7;
    kt_rng ^= kt_rng << 17;
    return kt_rng;
}

static double kt_rand_real(void)
{
    static const double special[] = { 0.0, -0.0, 1.0, -1.0, 3.5, 1e300, -1e-310 };
    uint64_t r = kt_rand();

    switch (r % 16) {
    case 0: return NAN;
    case 1: return INFINITY;
    case 2: return -INFINITY;
    case 3: return special[(r >> 8) % 7];
    default: return ((double) (int64_t) (r >> 11) - 2e15) / 1e13;
    }
}

/*
 * One element of type t at p (any alignment: built in an aligned local,
 * then copied); pairs draw from few values so that ties happen.
 */
static void kt_fill_one(swk_type_t t, unsigned char *dst)
{
    _Alignas(64) unsigned char p[64];
    uint64_t r = kt_rand();
    double v = kt_rand_real();
    int k = (int) (kt_rand() % 7);

    switch (t) {
    case SWK_T_F32: *(float *) p = (float) v; break;
    case SWK_T_F64: *(double *) p = v; break;
    case SWK_T_LD:
        memset(p, 0, sizeof(long double));
        *(long double *) p = v;
        break;
    case SWK_T_C32: *(float complex *) p = CMPLXF((float) v, (float) kt_rand_real()); break;
    case SWK_T_C64: *(double complex *) p = CMPLX(v, kt_rand_real()); break;
    case SWK_T_BOOL: *(_Bool *) p = r & 1; break;
    case SWK_T_F32_I: *(swk_f32_i_t *) p = (swk_f32_i_t){ (float) (r % 4), k }; break;
    case SWK_T_F64_I:
        *(swk_f64_i_t *) p = (swk_f64_i_t){ (r % 9) ? (double) (r % 4) : NAN, k };
        break;
    case SWK_T_LONG_I: *(swk_long_i_t *) p = (swk_long_i_t){ (long) (r % 4) - 2, k }; break;
    case SWK_T_I32_I: *(swk_i32_i_t *) p = (swk_i32_i_t){ (int) (r % 4) - 2, k }; break;
    case SWK_T_I16_I: *(swk_i16_i_t *) p = (swk_i16_i_t){ (short) (r % 4), k }; break;
    case SWK_T_LD_I:
        memset(p, 0, sizeof(swk_ld_i_t));
        ((swk_ld_i_t *) p)->v = (long double) (r % 4);
        ((swk_ld_i_t *) p)->k = k;
        break;
    case SWK_T_F32_F32: *(swk_f32_f32_t *) p = (swk_f32_f32_t){ (float) (r % 4), (float) k }; break;
    case SWK_T_F64_F64:
        *(swk_f64_f64_t *) p = (swk_f64_f64_t){ (double) (r % 4), (double) k };
        break;
    default:
        /* integers: every bit pattern, small values now and then */
        r = (r % 4) ? r : r % 3;
        memcpy(p, &r, kt_info(t).size);
        break;
    }
    memcpy(dst, p, kt_info(t).size);
}

/* Integers through 64-bit arithmetic on their bits, truncated at the end. */
static void kt_ref_int(swk_op_t op, int is_signed, size_t size, unsigned char *acc,
                       const unsigned char *in)
{
    uint64_t a = 0, b = 0, r = 0, mask = size == 8 ? ~0ull : (1ull << (8 * size)) - 1;
    int64_t sa, sb;

    memcpy(&a, acc, size);
    memcpy(&b, in, size);
    sa = (int64_t) (a << (64 - 8 * size)) >> (64 - 8 * size);
    sb = (int64_t) (b << (64 - 8 * size)) >> (64 - 8 * size);
    switch (op) {
    case SWK_OP_SUM: r = a + b; break;
    case SWK_OP_PROD: r = a * b; break;
    case SWK_OP_MAX: r = (is_signed ? sb > sa : b > a) ? b : a; break;
    case SWK_OP_MIN: r = (is_signed ? sb < sa : b < a) ? b : a; break;
    case SWK_OP_LAND: r = (a != 0) & (b != 0); break;
    case SWK_OP_LOR: r = (a != 0) | (b != 0); break;
    case SWK_OP_LXOR: r = (a != 0) ^ (b != 0); break;
    case SWK_OP_BAND: r = a & b; break;
    case SWK_OP_BOR: r = a | b; break;
    default: r = a ^ b; break;
    }
    r &= mask;
    memcpy(acc, &r, size);
}

#define KT_REAL_REF(T, op, accp, inp) \
    do {                              \
        T a_, b_;                     \
        memcpy(&a_, accp, sizeof(T)); \
        memcpy(&b_, inp, sizeof(T));  \
        if (SWK_OP_SUM == op)         \
            a_ += b_;                 \
        else if (SWK_OP_PROD == op)   \
            a_ *= b_;                 \
        else if (SWK_OP_MAX == op) {  \
            if (!(a_ > b_))           \
                a_ = b_;              \
        } else if (!(a_ < b_))        \
            a_ = b_;                  \
        memcpy(accp, &a_, sizeof(T)); \
    } while (0)

#define KT_CPLX_REF(T, op, accp, inp)              \
    do {                                           \
        T a_, b_;                                  \
        memcpy(&a_, accp, sizeof(T));              \
        memcpy(&b_, inp, sizeof(T));               \
        a_ = SWK_OP_SUM == op ? a_ + b_ : a_ * b_; \
        memcpy(accp, &a_, sizeof(T));              \
    } while (0)

#define KT_PAIR_REF(T, op, accp, inp)                                  \
    do {                                                               \
        T a_, b_;                                                      \
        memcpy(&a_, accp, sizeof(T));                                  \
        memcpy(&b_, inp, sizeof(T));                                   \
        int better_ = SWK_OP_MAXLOC == op ? b_.v > a_.v : b_.v < a_.v; \
        if (better_)                                                   \
            a_ = b_;                                                   \
        else if (b_.v == a_.v && b_.k < a_.k)                          \
            a_.k = b_.k;                                               \
        memcpy(accp, &a_, sizeof(T));                                  \
    } while (0)

static void kt_ref(swk_op_t op, swk_type_t t, unsigned char *acc, const unsigned char *in)
{
    kt_info_t ti = kt_info(t);

    switch (t) {
    case SWK_T_F32: KT_REAL_REF(float, op, acc, in); break;
    case SWK_T_F64: KT_REAL_REF(double, op, acc, in); break;
    case SWK_T_LD: KT_REAL_REF(long double, op, acc, in); break;
    case SWK_T_C32: KT_CPLX_REF(float complex, op, acc, in); break;
    case SWK_T_C64: KT_CPLX_REF(double complex, op, acc, in); break;
    case SWK_T_BOOL: kt_ref_int(op, 0, 1, acc, in); break;
    case SWK_T_F32_I: KT_PAIR_REF(swk_f32_i_t, op, acc, in); break;
    case SWK_T_F64_I: KT_PAIR_REF(swk_f64_i_t, op, acc, in); break;
    case SWK_T_LONG_I: KT_PAIR_REF(swk_long_i_t, op, acc, in); break;
    case SWK_T_I32_I: KT_PAIR_REF(swk_i32_i_t, op, acc, in); break;
    case SWK_T_I16_I: KT_PAIR_REF(swk_i16_i_t, op, acc, in); break;
    case SWK_T_LD_I: KT_PAIR_REF(swk_ld_i_t, op, acc, in); break;
    case SWK_T_F32_F32: KT_PAIR_REF(swk_f32_f32_t, op, acc, in); break;
    case SWK_T_F64_F64: KT_PAIR_REF(swk_f64_f64_t, op, acc, in); break;
    default: kt_ref_int(op, KT_SINT == ti.cls, ti.size, acc, in); break;
    }
}

/* Bits equal, or both NaN: which NaN an addition returns is the hardware's. */
static int kt_real_same(size_t size, const unsigned char *x, const unsigned char *y)
{
    float fx, fy;
    double dx, dy;
    long double lx, ly;

    switch (size) {
    case sizeof(float):
        memcpy(&fx, x, size);
        memcpy(&fy, y, size);
        return 0 == memcmp(x, y, size) || (isnan(fx) && isnan(fy));
    case sizeof(double):
        memcpy(&dx, x, size);
        memcpy(&dy, y, size);
        return 0 == memcmp(x, y, size) || (isnan(dx) && isnan(dy));
    default:
        memcpy(&lx, x, sizeof(lx));
        memcpy(&ly, y, sizeof(ly));
        return 0 == memcmp(x, y, 10) || (isnan(lx) && isnan(ly));
    }
}

/* Compare the bytes that carry values (pairs: value and index fields). */
static int kt_same(swk_type_t t, const unsigned char *x, const unsigned char *y)
{
    kt_info_t ti = kt_info(t);

    if (KT_FLOAT == ti.cls) {
        return kt_real_same(ti.size, x, y);
    }
    if (KT_CPLX == ti.cls) {
        return kt_real_same(ti.size / 2, x, y)
               && kt_real_same(ti.size / 2, x + ti.size / 2, y + ti.size / 2);
    }
    if (KT_PAIR != ti.cls) {
        return 0 == memcmp(x, y, ti.cmp);
    }
    /* aligned copies: the buffers may be misaligned on purpose */
    _Alignas(64) unsigned char xa[64], ya[64];
    memcpy(xa, x, ti.size);
    memcpy(ya, y, ti.size);
    x = xa;
    y = ya;
#define KT_PAIR_SAME(T)                                                               \
    (0                                                                                \
         == memcmp(&((const T *) x)->v, &((const T *) y)->v,                          \
                   sizeof(((const T *) x)->v) > 10 ? 10 : sizeof(((const T *) x)->v)) \
     && 0 == memcmp(&((const T *) x)->k, &((const T *) y)->k, sizeof(((const T *) x)->k)))
    switch (t) {
    case SWK_T_F32_I: return KT_PAIR_SAME(swk_f32_i_t);
    case SWK_T_F64_I: return KT_PAIR_SAME(swk_f64_i_t);
    case SWK_T_LONG_I: return KT_PAIR_SAME(swk_long_i_t);
    case SWK_T_I32_I: return KT_PAIR_SAME(swk_i32_i_t);
    case SWK_T_I16_I: return KT_PAIR_SAME(swk_i16_i_t);
    case SWK_T_LD_I: return KT_PAIR_SAME(swk_ld_i_t);
    case SWK_T_F32_F32: return KT_PAIR_SAME(swk_f32_f32_t);
    default: return KT_PAIR_SAME(swk_f64_f64_t);
    }
#undef KT_PAIR_SAME
}

/* One case: n elements, nsrc operands, buffers shifted by shift bytes. */
static void kt_case(swk_isa_t isa, swk_op_t op, swk_type_t t, size_t n, int nsrc, size_t shift,
                    int in_place)
{
    const swk_kernel_t *k = swk_lookup(isa, op, t);
    size_t sz = kt_info(t).size, bytes = n * sz + KT_SLACK;
    unsigned char *src[KT_MAXSRC], *dst = calloc(1, bytes), *ref = calloc(1, bytes);
    const void *srcp[KT_MAXSRC];

    for (int s = 0; s < nsrc; ++s) {
        src[s] = calloc(1, bytes);
        for (size_t i = 0; i < n; ++i) {
            kt_fill_one(t, src[s] + shift + i * sz);
        }
        srcp[s] = src[s] + shift;
    }
    memcpy(ref, src[0], bytes);
    for (size_t i = 0; i < n; ++i) {
        for (int s = 1; s < nsrc; ++s) {
            kt_ref(op, t, ref + shift + i * sz, src[s] + shift + i * sz);
        }
    }
    if (in_place) {
        swk_reduce(k, src[0] + shift, srcp, nsrc, n);
        memcpy(dst, src[0], bytes);
    } else {
        swk_reduce(k, dst + shift, srcp, nsrc, n);
    }
    for (size_t i = 0; i < n; ++i) {
        UNIT_CHECK(kt_same(t, dst + shift + i * sz, ref + shift + i * sz),
                   "%s %s %s: element %zu of %zu differs (%d operands, shift %zu%s)",
                   swk_isa_name(isa), swk_op_name(op), swk_type_name(t), i, n, nsrc, shift,
                   in_place ? ", in place" : "");
    }
    for (int s = 0; s < nsrc; ++s) {
        free(src[s]);
    }
    free(dst);
    free(ref);
}

START_TEST(test_coverage)
{
    for (int isa = 0; isa < SWK_ISA_COUNT; ++isa) {
        if (!swk_isa_supported((swk_isa_t) isa)) {
            continue;
        }
        for (int op = 0; op < SWK_OP_COUNT; ++op) {
            for (int t = 0; t < SWK_T_COUNT; ++t) {
                const swk_kernel_t *k = swk_lookup((swk_isa_t) isa, op, t);
                UNIT_CHECK((NULL != k) == kt_expected(op, kt_info(t).cls), "%s %s %s: kernel %s",
                           swk_isa_name(isa), swk_op_name(op), swk_type_name(t),
                           k ? "present, not expected" : "missing");
                UNIT_CHECK(NULL == k || (k->size == kt_info(t).size && k->block * k->size == 8192),
                           "%s: size %zu", swk_type_name(t), k ? k->size : 0);
            }
        }
    }
}
END_TEST

/* _i: one ISA level; every op x type, lengths, operand counts, shifts. */
START_TEST(test_values)
{
    static const size_t lens[] = { 1, 2, 3, 7, 15, 16, 17, 31, 33, 63, 64, 65, 127, 129, 1000 };
    swk_isa_t isa = (swk_isa_t) _i;

    if (!swk_isa_supported(isa)) {
        printf("kernels: %s not supported by this CPU, skipped\n", swk_isa_name(isa));
        return;
    }
    for (int op = 0; op < SWK_OP_COUNT; ++op) {
        for (int t = 0; t < SWK_T_COUNT; ++t) {
            if (!kt_expected(op, kt_info(t).cls)) {
                continue;
            }
            for (size_t l = 0; l < sizeof(lens) / sizeof(lens[0]); ++l) {
                int nsrc = 1 + (int) (l % KT_MAXSRC);
                kt_case(isa, op, t, lens[l], nsrc, (l % 4) * kt_info(t).size, l & 1);
            }
            kt_case(isa, op, t, KT_MAXLEN + 3, 5, 0, 0);
            kt_case(isa, op, t, KT_MAXLEN + 3, 4, 0, 1);
            kt_case(isa, op, t, 333, 3, 1, 0);
            kt_case(isa, op, t, 333, 2, 3, 1);
        }
    }
}
END_TEST

/* Bytes of a pair's value, to the end of its index field (an independent
   count, not the kernel's: the MPI type's true extent for the last element). */
static size_t kt_pair_tail(swk_type_t t)
{
    switch (t) {
    case SWK_T_F32_I: return offsetof(swk_f32_i_t, k) + sizeof(int);
    case SWK_T_F64_I: return offsetof(swk_f64_i_t, k) + sizeof(int);
    case SWK_T_LONG_I: return offsetof(swk_long_i_t, k) + sizeof(int);
    case SWK_T_I32_I: return 2 * sizeof(int);
    case SWK_T_I16_I: return offsetof(swk_i16_i_t, k) + sizeof(int);
    case SWK_T_LD_I: return offsetof(swk_ld_i_t, k) + sizeof(int);
    case SWK_T_F32_F32: return 2 * sizeof(float);
    case SWK_T_F64_F64: return 2 * sizeof(double);
    default: return kt_info(t).size;
    }
}

/*
 * Buffers that end at the last element's value, as MPI sizes them (span:
 * (n - 1) extents + the true extent), each followed by canary bytes: no
 * kernel reads (AddressSanitizer, in the sanitizer build) or writes (the
 * canaries) past them, for pair types whose struct ends in padding.
 */
START_TEST(test_pair_tail)
{
    static const size_t lens[] = { 1, 2, 3, 7, 1000 };
    enum { CANARY = 64 };

    for (int isa = 0; isa < SWK_ISA_COUNT; ++isa) {
        if (!swk_isa_supported((swk_isa_t) isa)) {
            continue;
        }
        for (int t = SWK_T_F32_I; t <= SWK_T_F64_F64; ++t) {
            size_t sz = kt_info(t).size, tail = kt_pair_tail(t);
            for (size_t l = 0; l < sizeof(lens) / sizeof(lens[0]); ++l) {
                size_t n = lens[l], span = (n - 1) * sz + tail;
                for (int nsrc = 1; nsrc <= 4; ++nsrc) {
                    unsigned char *src[4], *dst = malloc(span + CANARY);
                    unsigned char *ref = calloc(1, n * sz);
                    const void *srcp[4];

                    memset(dst, 0xA5, span + CANARY);
                    for (int s = 0; s < nsrc; ++s) {
                        src[s] = malloc(span);
                        for (size_t i = 0; i + 1 < n; ++i) {
                            kt_fill_one((swk_type_t) t, src[s] + i * sz);
                        }
                        /* the last element built whole, copied to its tail only */
                        kt_fill_one((swk_type_t) t, ref);
                        memcpy(src[s] + (n - 1) * sz, ref, tail);
                        srcp[s] = src[s];
                    }
                    memcpy(ref, src[0], span);
                    for (size_t i = 0; i < n; ++i) {
                        for (int s = 1; s < nsrc; ++s) {
                            unsigned char one[64] = { 0 };
                            memcpy(one, src[s] + i * sz, i + 1 < n ? sz : tail);
                            kt_ref(SWK_OP_MAXLOC, (swk_type_t) t, ref + i * sz, one);
                        }
                    }
                    swk_reduce(swk_lookup((swk_isa_t) isa, SWK_OP_MAXLOC, (swk_type_t) t), dst,
                               srcp, nsrc, n);
                    for (size_t b = span; b < span + CANARY; ++b) {
                        UNIT_CHECK(0xA5 == dst[b],
                                   "%s maxloc %s n %zu, %d operands: "
                                   "byte %zu past the buffer's %zu written",
                                   swk_isa_name((swk_isa_t) isa), swk_type_name((swk_type_t) t), n,
                                   nsrc, b - span, span);
                    }
                    for (size_t i = 0; i < n; ++i) {
                        unsigned char got[64] = { 0 }, want[64] = { 0 };
                        memcpy(got, dst + i * sz, i + 1 < n ? sz : tail);
                        memcpy(want, ref + i * sz, i + 1 < n ? sz : tail);
                        UNIT_CHECK(kt_same((swk_type_t) t, got, want),
                                   "%s maxloc %s: element %zu of %zu differs (%d operands)",
                                   swk_isa_name((swk_isa_t) isa), swk_type_name((swk_type_t) t), i,
                                   n, nsrc);
                    }
                    for (int s = 0; s < nsrc; ++s) {
                        free(src[s]);
                    }
                    free(dst);
                    free(ref);
                }
            }
        }
    }
}
END_TEST

/* The fix for Open MPI 4.1's op/avx: 8-bit sums wrap, never saturate. */
START_TEST(test_int8_wraps)
{
    int8_t a[100], b[100], d[100];
    uint8_t ua[100], ub[100], ud[100];
    const void *s[2] = { a, b }, *us[2] = { ua, ub };

    for (int i = 0; i < 100; ++i) {
        a[i] = 100;
        b[i] = 100;
        ua[i] = 200;
        ub[i] = 100;
    }
    for (int isa = 0; isa < SWK_ISA_COUNT; ++isa) {
        if (!swk_isa_supported((swk_isa_t) isa)) {
            continue;
        }
        swk_reduce(swk_lookup(isa, SWK_OP_SUM, SWK_T_I8), d, s, 2, 100);
        swk_reduce(swk_lookup(isa, SWK_OP_SUM, SWK_T_U8), ud, us, 2, 100);
        for (int i = 0; i < 100; ++i) {
            UNIT_CHECK(d[i] == -56 && ud[i] == 44, "%s: 100+100 = %d, 200+100 = %u",
                       swk_isa_name(isa), d[i], ud[i]);
        }
    }
}
END_TEST

START_TEST(test_names)
{
    ck_assert_str_eq(swk_op_name(SWK_OP_BXOR), "bxor");
    ck_assert_str_eq(swk_type_name(SWK_T_F64_F64), "2double");
    ck_assert_str_eq(swk_isa_name(SWK_ISA_AVX512), "avx512");
    ck_assert_str_eq(swk_op_name(SWK_OP_COUNT), "?");
    ck_assert(swk_isa_supported(swk_isa_best()));
    ck_assert(NULL == swk_lookup(SWK_ISA_BASE, SWK_OP_COUNT, SWK_T_I8));
}
END_TEST

static Suite *kernels_suite(void)
{
    Suite *s = suite_create("kernels");
    TCase *tc = tcase_create("core");

    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_names);
    tcase_add_test(tc, test_coverage);
    tcase_add_test(tc, test_int8_wraps);
    tcase_add_test(tc, test_pair_tail);
    tcase_add_loop_test(tc, test_values, 0, SWK_ISA_COUNT);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(kernels_suite());
}
