/* SPDX-License-Identifier: BSD-3-Clause */
/* Internal to swk: the pair layouts and the per-ISA tables. */
#ifndef SWK_INT_H
#define SWK_INT_H

#include <stdint.h>

#include "swk.h"

/* Bytes of dst per block of swk_reduce: with two source blocks, in L1. */
#define SWK_BLOCK_BYTES 8192

typedef struct {
    float v;
    int k;
} swk_f32_i_t;
typedef struct {
    double v;
    int k;
} swk_f64_i_t;
typedef struct {
    long v;
    int k;
} swk_long_i_t;
typedef struct {
    int v;
    int k;
} swk_i32_i_t;
typedef struct {
    short v;
    int k;
} swk_i16_i_t;
typedef struct {
    long double v;
    int k;
} swk_ld_i_t;
typedef struct {
    float v;
    float k;
} swk_f32_f32_t;
typedef struct {
    double v;
    double k;
} swk_f64_f64_t;

#if defined(__x86_64__) && defined(__GNUC__)
#define SWK_X86 1
#else
#define SWK_X86 0
#endif

extern const swk_kernel_t swk_table_base[SWK_OP_COUNT][SWK_T_COUNT];
#if SWK_X86
extern const swk_kernel_t swk_table_avx2[SWK_OP_COUNT][SWK_T_COUNT];
extern const swk_kernel_t swk_table_avx512[SWK_OP_COUNT][SWK_T_COUNT];
#endif

#endif
