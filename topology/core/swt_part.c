/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The parts of multiport schedules (ALGORITHMS.md sections 11 and 12): how
 * many parts an algorithm splits the vector into, and which slice and
 * which walk each part gets. Part j of Swing starts its walk at the
 * (j mod D)-th dimension of size > 1 and is mirrored from j = D on, so at
 * every step of a torus with equal sides the parts of a rank leave on its
 * 2D different links. Example, torus 4x4, Swing, rank 0, step 0: part 0
 * sends + along x, part 1 + along y, part 2 - along x, part 3 - along y.
 * Routing reads the walks; this needs only the shape (and, for the ring,
 * how many cycles it has: swt_ring_shape.c).
 */
#include "swt_ring_shape.h"

int swt_nports(const swt_shape_t *shape)
{
    int act[SWT_MAX_DIMS], d = swt_shape_active(shape, act);

    return d ? 2 * d : 1;
}

int swt_alg_nparts(const swt_shape_t *shape, swt_alg_t alg)
{
    int act[SWT_MAX_DIMS], d = swt_shape_active(shape, act);

    if (0 == d) {
        return 1;
    }
    switch (alg) {
    case SWT_ALG_SWING: return 2 * d;
    case SWT_ALG_RD: return d;
    default: return 2 * swt_ring_ncycles_shape(shape);
    }
}

int swt_part_walk(const swt_shape_t *shape, swt_alg_t alg, int part, swt_walk_t *walk)
{
    int act[SWT_MAX_DIMS], d = swt_shape_active(shape, act);

    if (SWT_ALG_RING == alg || part < 0 || part >= swt_alg_nparts(shape, alg)) {
        return SWT_ERR_INVALID;
    }
    walk->first = d ? act[part % d] : 0;
    walk->mirror = d && part >= d;
    return SWT_OK;
}

void swt_part_elems(size_t count, int nparts, int part, size_t *first, size_t *n)
{
    swt_block_elems(count, nparts, part, 1, first, n);
}
