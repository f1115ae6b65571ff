/* SPDX-License-Identifier: BSD-3-Clause */
/* The portable kernels: the compiler's baseline for the target. */
#define SWK_TABLE swk_table_base
#define SWK_WITH_COMPLEX 1
#include "swk_gen.h"
