/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swk entry points: names, the ISA levels this CPU runs, the table lookup
 * and the blocked n-operand driver.
 *
 * Why blocks: dst = s0 op s1 op ... op sk computed as k passes over whole
 * vectors would stream dst through memory k times. Cut into blocks of a
 * few KiB, dst's block stays in L1 while each source block is read once,
 * so memory sees each input once and the output once. The fused
 * three-operand loop halves the L1 passes again.
 */
#include "swk_int.h"

#include <stdint.h>
#include <string.h>

enum { SWK_BOUNCE_BYTES = 4096 };

static const char *const swk_op_names[SWK_OP_COUNT] = {
    "sum", "prod", "max", "min", "land", "lor", "lxor", "band", "bor", "bxor", "maxloc", "minloc",
};
static const char *const swk_type_names[SWK_T_COUNT] = {
    "int8",        "uint8",         "int16",          "uint16",    "int32",
    "uint32",      "int64",         "uint64",         "float",     "double",
    "long double", "float complex", "double complex", "bool",      "float_int",
    "double_int",  "long_int",      "2int",           "short_int", "long_double_int",
    "2real",       "2double",
};
static const char *const swk_isa_names[SWK_ISA_COUNT] = { "base", "avx2", "avx512" };

const char *swk_op_name(swk_op_t op)
{
    return (unsigned) op < SWK_OP_COUNT ? swk_op_names[op] : "?";
}

const char *swk_type_name(swk_type_t type)
{
    return (unsigned) type < SWK_T_COUNT ? swk_type_names[type] : "?";
}

const char *swk_isa_name(swk_isa_t isa)
{
    return (unsigned) isa < SWK_ISA_COUNT ? swk_isa_names[isa] : "?";
}

int swk_isa_supported(swk_isa_t isa)
{
    switch (isa) {
    case SWK_ISA_BASE: return 1;
#if SWK_X86
    case SWK_ISA_AVX2: __builtin_cpu_init(); return __builtin_cpu_supports("avx2");
    case SWK_ISA_AVX512:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
               && __builtin_cpu_supports("avx512vl");
#endif
    default: return 0;
    }
}

swk_isa_t swk_isa_best(void)
{
    int isa = SWK_ISA_COUNT - 1;

    while (isa > SWK_ISA_BASE && !swk_isa_supported((swk_isa_t) isa)) {
        --isa;
    }
    return (swk_isa_t) isa;
}

const swk_kernel_t *swk_lookup(swk_isa_t isa, swk_op_t op, swk_type_t type)
{
    const swk_kernel_t *k;

    if ((unsigned) op >= SWK_OP_COUNT || (unsigned) type >= SWK_T_COUNT
        || !swk_isa_supported(isa)) {
        return NULL;
    }
    switch (isa) {
#if SWK_X86
    case SWK_ISA_AVX2: k = &swk_table_avx2[op][type]; break;
    case SWK_ISA_AVX512: k = &swk_table_avx512[op][type]; break;
#endif
    default: k = &swk_table_base[op][type]; break;
    }
    if (NULL == k->k2) {
        /* types an ISA table leaves out (complex) have portable kernels */
        k = &swk_table_base[op][type];
    }
    return NULL != k->k2 ? k : NULL;
}

static int swk_aligned(const swk_kernel_t *k, const void *dst, const void *const *src, int nsrc)
{
    uintptr_t bits = (uintptr_t) dst;

    for (int i = 0; i < nsrc; ++i) {
        bits |= (uintptr_t) src[i];
    }
    return 0 == (bits & k->align_mask);
}

/* One block of n elements at byte offset off, strictly left to right. */
static void swk_block(const swk_kernel_t *k, char *d, const char *const *s, int nsrc, size_t off,
                      size_t n)
{
    int i;

    if (nsrc >= 3) {
        k->k3(d + off, s[0] + off, s[1] + off, s[2] + off, n);
        i = 3;
    } else {
        k->k2(d + off, s[0] + off, s[1] + off, n);
        i = 2;
    }
    for (; i + 1 < nsrc; i += 2) {
        k->k3(d + off, d + off, s[i] + off, s[i + 1] + off, n);
    }
    if (i < nsrc) {
        k->k2(d + off, d + off, s[i] + off, n);
    }
}

/* Misaligned operands: copy each block through aligned scratch. */
static void swk_bounce(const swk_kernel_t *k, char *d, const char *const *s, int nsrc, size_t count)
{
    _Alignas(64) unsigned char acc[SWK_BOUNCE_BYTES], in[SWK_BOUNCE_BYTES];
    size_t per = SWK_BOUNCE_BYTES / k->size;

    for (size_t e = 0; e < count; e += per) {
        size_t n = count - e < per ? count - e : per, off = e * k->size;

        memcpy(acc, s[0] + off, n * k->size);
        for (int i = 1; i < nsrc; ++i) {
            memcpy(in, s[i] + off, n * k->size);
            k->k2(acc, acc, in, n);
        }
        memcpy(d + off, acc, n * k->size);
    }
}

/* Whole elements: every byte of each, padding included, inside the buffers. */
static void swk_reduce_whole(const swk_kernel_t *k, char *dst, const char *const *s, int nsrc,
                             size_t count)
{
    size_t per = k->block;

    if (0 == count) {
        return;
    }
    if (1 == nsrc) {
        if (dst != s[0]) {
            memmove(dst, s[0], count * k->size);
        }
        return;
    }
    if (!swk_aligned(k, dst, (const void *const *) s, nsrc)) {
        swk_bounce(k, dst, s, nsrc, count);
        return;
    }
    if (2 == nsrc) {
        /* one pass reads each source once already: no blocks needed */
        k->k2(dst, s[0], s[1], count);
        return;
    }
    for (size_t e = 0; e < count; e += per) {
        swk_block(k, dst, s, nsrc, e * k->size, count - e < per ? count - e : per);
    }
}

/* The element at byte offset off through aligned copies of its k->tail
   value bytes: the buffers may end there, before the struct's padding. */
static void swk_reduce_last(const swk_kernel_t *k, char *dst, const char *const *s, int nsrc,
                            size_t off)
{
    _Alignas(64) unsigned char acc[SWK_BOUNCE_BYTES], in[SWK_BOUNCE_BYTES];

    memcpy(acc, s[0] + off, k->tail);
    for (int i = 1; i < nsrc; ++i) {
        memcpy(in, s[i] + off, k->tail);
        k->k2(acc, acc, in, 1);
    }
    memmove(dst + off, acc, k->tail);
}

void swk_reduce(const swk_kernel_t *k, void *dst, const void *const *src, int nsrc, size_t count)
{
    const char *const *s = (const char *const *) src;

    if (nsrc < 1 || 0 == count) {
        return;
    }
    if (k->tail == k->size) {
        swk_reduce_whole(k, dst, s, nsrc, count);
        return;
    }
    swk_reduce_whole(k, dst, s, nsrc, count - 1);
    swk_reduce_last(k, dst, s, nsrc, (count - 1) * k->size);
}
