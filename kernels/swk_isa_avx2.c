/* SPDX-License-Identifier: BSD-3-Clause */
/* The kernels built for AVX2 (x86-64 only; chosen at run time). */
#include "swk_int.h"
#if SWK_X86
#pragma GCC target("avx2")
#define SWK_TABLE swk_table_avx2
#include "swk_gen.h"
#endif
