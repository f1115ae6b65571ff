/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Which schedule maker builds a step list, the one place that chooses:
 *   swt_sched_create       on a shape: Swing and RD, the butterflies
 *                          (swt_sched_butterfly.c); RING, part 0 of the
 *                          cycles of a plain torus (swt_ring_sched.c)
 *   swt_sched_create_part  one part of the multiport or ring form on a
 *                          description: a butterfly on the part's walk
 *                          (swt_part.c), or the ring on the cycles that
 *                          swt_ring_create picks for the description
 * It sits above the makers and the rings; nothing in topology/ calls it.
 */
#include "swt_ring_sched.h"
#include "swt_sched_butterfly.h"
#include "swt_topo.h"

int swt_sched_create(const swt_shape_t *shape, swt_alg_t alg, swt_kind_t kind, long pos,
                     swt_sched_t **out)
{
    swt_ring_t *ring = NULL;
    int rc;

    if (NULL == shape || NULL == out || shape->ndims < 1 || shape->ndims > SWT_MAX_DIMS || pos < 0
        || pos >= swt_shape_size(shape)) {
        return SWT_ERR_INVALID;
    }
    if (SWT_ALG_RING != alg) {
        return swt_sched_butterfly(shape, alg, kind, NULL, pos, out);
    }
    if (SWT_KIND_BO != kind) {
        return SWT_ERR_INVALID;
    }
    rc = swt_ring_create_shape(shape, &ring);
    if (SWT_OK == rc) {
        rc = swt_sched_ring(ring, swt_shape_size(shape), pos, 0, out);
    }
    swt_ring_destroy(ring);
    return rc;
}

int swt_sched_create_part(const swt_topo_t *topo, swt_alg_t alg, swt_kind_t kind, long pos,
                          int part, int nparts, swt_sched_t **out)
{
    const swt_shape_t *shape;
    swt_ring_t *ring = NULL;
    swt_walk_t walk;
    long p;
    int rc;

    if (NULL == topo || NULL == out) {
        return SWT_ERR_INVALID;
    }
    shape = swt_topo_logical(topo);
    p = swt_shape_size(shape);
    if (pos < 0 || pos >= p || nparts < 1 || nparts > swt_alg_nparts(shape, alg) || part < 0
        || part >= nparts || (SWT_ALG_RING == alg && SWT_KIND_BO != kind)
        || (alg != SWT_ALG_SWING && alg != SWT_ALG_RD && alg != SWT_ALG_RING)) {
        return SWT_ERR_INVALID;
    }
    if (SWT_ALG_RING != alg) {
        rc = swt_part_walk(shape, alg, part, &walk);
        return (SWT_OK == rc) ? swt_sched_butterfly(shape, alg, kind, &walk, pos, out) : rc;
    }
    rc = swt_ring_create(topo, &ring);
    if (SWT_OK == rc) {
        rc = swt_sched_ring(ring, p, pos, part, out);
    }
    swt_ring_destroy(ring);
    return rc;
}
