/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swt_ring_shape: how many edge-disjoint Hamiltonian cycles the
 * constructions of swt_ring.h give a shape, known from the shape alone
 * (swt_ring_shape.c). swt_ring.h includes it; the part count of the ring
 * allreduce (swt_alg_nparts) uses it without the cycles.
 */
#ifndef SWT_RING_SHAPE_H
#define SWT_RING_SHAPE_H

#include "swt.h"

/* Cycles the constructions of swt_ring.h give shape: what swt_ring_create
   finds. */
int swt_ring_ncycles_shape(const swt_shape_t *shape);

/* The staircase condition, which swt_ring.c's search also tries: the
   staircases of a x b with parameter k are two Hamiltonian cycles. */
int swt_ring_k_ok(long a, long b, long k);
long swt_gcd(long a, long b);

#endif
