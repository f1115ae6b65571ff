/* SPDX-License-Identifier: BSD-3-Clause */
/* The kernels built for AVX-512 (F, BW, VL; x86-64 only; chosen at run time). */
#include "swk_int.h"
#if SWK_X86
#pragma GCC target("avx512f,avx512bw,avx512vl,prefer-vector-width=512")
#define SWK_TABLE swk_table_avx512
#include "swk_gen.h"
#endif
