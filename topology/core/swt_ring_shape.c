/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * How many edge-disjoint Hamiltonian cycles the constructions of
 * swt_ring.h give a shape: the staircase condition on a 2-D torus. The
 * part count of the ring allreduce (swt_alg_nparts) needs it below the
 * cycles themselves (swt_ring.c), whose search tries the same k.
 */
#include "swt_ring_shape.h"

long swt_gcd(long a, long b)
{
    while (0 != b) {
        long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Order of the translation (s, t) in Z_a x Z_b. */
static long swt_ring_order(long a, long b, long s, long t)
{
    long oa = a / swt_gcd(a, s), ob = b / swt_gcd(b, t);
    return oa / swt_gcd(oa, ob) * ob;
}

/* Staircases of a x b with parameter k are two Hamiltonian cycles. */
int swt_ring_k_ok(long a, long b, long k)
{
    long g = swt_gcd(a, b);

    return k >= 1 && k < g && swt_ring_order(a, b, g - k, k) == a * b / g
           && swt_ring_order(a, b, k, g - k) == a * b / g;
}

int swt_ring_ncycles_shape(const swt_shape_t *shape)
{
    int act[SWT_MAX_DIMS];
    long a, b;

    if (2 != swt_shape_active(shape, act)) {
        return 1;
    }
    a = shape->dims[act[0]];
    b = shape->dims[act[1]];
    for (long k = 1; k < swt_gcd(a, b); ++k) {
        if (swt_ring_k_ok(a, b, k)) {
            return 2;
        }
    }
    return 1;
}
