/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Folding a dimension of any size d onto its power-of-two core
 * d' = 2^floor(log2 d) (ALGORITHMS.md section 6).
 *
 * The e = d - d' extras are the odd coordinates below 2e; each hands its
 * vector to its even neighbour one hop away, so folding costs one hop and
 * the survivors still form a torus of size d' in the same order.
 */
#include "swt.h"

static int swt_fold_extras(int d)
{
    return d - (1 << swt_log2_floor(d));
}

int swt_fold_coord(int d, int c, int *core_c, int *onto)
{
    int e = swt_fold_extras(d);

    if (c < 2 * e) {
        if (c % 2) {
            *onto = c - 1;
            return 0;
        }
        *core_c = c / 2;
        return 1;
    }
    *core_c = c - e;
    return 1;
}

int swt_unfold_coord(int d, int f)
{
    int e = swt_fold_extras(d);
    return (f < e) ? 2 * f : f + e;
}

void swt_fold_core(const swt_shape_t *shape, swt_shape_t *core)
{
    *core = *shape;
    for (int i = 0; i < shape->ndims; ++i) {
        core->dims[i] = 1 << swt_log2_floor(shape->dims[i]);
    }
}
