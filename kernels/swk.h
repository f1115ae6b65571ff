/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swk: element-wise reduction kernels, plain C, no MPI.
 *
 * dst = src[0] op src[1] op ... op src[n-1], combined strictly left to
 * right, so two callers that pass the same operands in the same order get
 * the same bits (floating point included). Integer arithmetic wraps
 * (two's complement), it never saturates. MAX and MIN keep the left
 * operand unless the right one compares greater (smaller): (x > y ? x : y),
 * which is Open MPI's rule, NaNs included. MAXLOC/MINLOC keep the smaller
 * index on ties.
 *
 * The kernels exist in one portable build and, on x86-64, in AVX2 and
 * AVX-512 builds of the same source; swk_select_isa picks one table for the
 * process.
 */
#ifndef SWK_H
#define SWK_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    SWK_OP_SUM,
    SWK_OP_PROD,
    SWK_OP_MAX,
    SWK_OP_MIN,
    SWK_OP_LAND,
    SWK_OP_LOR,
    SWK_OP_LXOR,
    SWK_OP_BAND,
    SWK_OP_BOR,
    SWK_OP_BXOR,
    SWK_OP_MAXLOC,
    SWK_OP_MINLOC,
    SWK_OP_COUNT
} swk_op_t;

typedef enum {
    SWK_T_I8,
    SWK_T_U8,
    SWK_T_I16,
    SWK_T_U16,
    SWK_T_I32,
    SWK_T_U32,
    SWK_T_I64,
    SWK_T_U64,
    SWK_T_F32,
    SWK_T_F64,
    SWK_T_LD,
    SWK_T_C32,
    SWK_T_C64,
    SWK_T_BOOL,
    /* value/index pairs, laid out as the C struct {value; index;} */
    SWK_T_F32_I,
    SWK_T_F64_I,
    SWK_T_LONG_I,
    SWK_T_I32_I,
    SWK_T_I16_I,
    SWK_T_LD_I,
    SWK_T_F32_F32,
    SWK_T_F64_F64,
    SWK_T_COUNT
} swk_type_t;

typedef enum { SWK_ISA_BASE, SWK_ISA_AVX2, SWK_ISA_AVX512, SWK_ISA_COUNT } swk_isa_t;

/* dst = a op b, n elements; dst may be a or b. */
typedef void (*swk_fn2_t)(void *dst, const void *a, const void *b, size_t n);
/* dst = (a op b) op c, n elements; dst may be a. */
typedef void (*swk_fn3_t)(void *dst, const void *a, const void *b, const void *c, size_t n);

typedef struct {
    swk_fn2_t k2; /* NULL: no kernel for this op and type */
    swk_fn3_t k3;
    size_t size;       /* bytes per element (the C type's sizeof) */
    size_t tail;       /* bytes of an element up to the end of its last field:
                          less than size where the C struct ends in padding */
    size_t align_mask; /* alignment the loops assume, minus 1 */
    size_t block;      /* elements per cache block of swk_reduce */
} swk_kernel_t;

/* Names, for messages and benchmarks ("sum", "int8", "avx2"). */
const char *swk_op_name(swk_op_t op);
const char *swk_type_name(swk_type_t type);
const char *swk_isa_name(swk_isa_t isa);

/* Whether this CPU runs an ISA level's kernels. */
int swk_isa_supported(swk_isa_t isa);
/* The best level this CPU supports. */
swk_isa_t swk_isa_best(void);

/* The kernel of one ISA level, or NULL when there is none for op x type. */
const swk_kernel_t *swk_lookup(swk_isa_t isa, swk_op_t op, swk_type_t type);

/*
 * dst = src[0] op ... op src[nsrc-1], count elements, nsrc >= 1, in blocks
 * that stay in the first-level cache: every source is read once and dst
 * written once however many sources there are. dst may be src[0], no other
 * source. Any alignment (misaligned buffers go through an aligned bounce).
 * The last element is read and written only up to k->tail bytes: buffers
 * of a pair type such as {double; int;} end at the true extent, before
 * the C struct's trailing padding.
 */
void swk_reduce(const swk_kernel_t *k, void *dst, const void *const *src, int nsrc, size_t count);

#ifdef __cplusplus
}
#endif

#endif
