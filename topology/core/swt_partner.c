/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Swing and recursive-doubling partners on a power-of-two torus
 * (ALGORITHMS.md sections 1 and 2).
 *
 * Steps walk the dimensions round-robin from dimension 0; a dimension of
 * size d takes part in log2 d steps. Swing moves coordinate c by rho(k)
 * (even c) or -rho(k) (odd c), wrap-around included; RD flips bit k and
 * never wraps. A multiport part (section 11) starts the round-robin at
 * another dimension and, mirrored, negates Swing's moves.
 */
#include "swt.h"

long swt_rho(int k)
{
    /* (1 - (-2)^(k+1)) / 3, exact in 64-bit arithmetic for k < 62 */
    long pw = (k % 2) ? (1L << (k + 1)) : -(1L << (k + 1));
    return (1 - pw) / 3;
}

int swt_log2_floor(long v)
{
    int l = -1;
    while (v > 0) {
        v >>= 1;
        ++l;
    }
    return l;
}

int swt_is_pow2(long v)
{
    return v > 0 && 0 == (v & (v - 1));
}

int swt_partner_coord(swt_alg_t alg, int c, int k, int d, int *dir, long *dist)
{
    return swt_partner_coord_walk(alg, c, k, d, 0, dir, dist);
}

int swt_partner_coord_walk(swt_alg_t alg, int c, int k, int d, int mirror, int *dir, long *dist)
{
    long q;

    if (SWT_ALG_RD == alg) {
        q = c ^ (1 << k);
        *dir = (q > c) ? 1 : -1;
        *dist = 1L << k;
        return (int) q;
    }
    q = ((0 == c % 2) != (0 != mirror)) ? swt_rho(k) : -swt_rho(k);
    *dir = (q > 0) ? 1 : -1;
    *dist = (q > 0) ? q : -q;
    q = ((c + q) % d + d) % d;
    return (int) q;
}

int swt_nsteps(const swt_shape_t *pow2)
{
    int n = 0;
    for (int i = 0; i < pow2->ndims; ++i) {
        n += swt_log2_floor(pow2->dims[i]);
    }
    return n;
}

void swt_step_dim(const swt_shape_t *pow2, int s, int *dim, int *k)
{
    swt_step_dim_walk(pow2, NULL, s, dim, k);
}

void swt_step_dim_walk(const swt_shape_t *pow2, const swt_walk_t *walk, int s, int *dim, int *k)
{
    int first = (NULL != walk) ? walk->first : 0;

    for (int round = 0;; ++round) {
        for (int j = 0; j < pow2->ndims; ++j) {
            int i = (first + j) % pow2->ndims;
            if (swt_log2_floor(pow2->dims[i]) > round) {
                if (0 == s--) {
                    *dim = i;
                    *k = round;
                    return;
                }
            }
        }
    }
}

long swt_partner(const swt_shape_t *pow2, swt_alg_t alg, long pos, int s, swt_move_t *move)
{
    return swt_partner_walk(pow2, alg, NULL, pos, s, move);
}

long swt_partner_walk(const swt_shape_t *pow2, swt_alg_t alg, const swt_walk_t *walk, long pos,
                      int s, swt_move_t *move)
{
    int coords[SWT_MAX_DIMS];
    swt_move_t m;

    swt_step_dim_walk(pow2, walk, s, &m.dim, &m.k);
    swt_shape_coords(pow2, pos, coords);
    coords[m.dim] = swt_partner_coord_walk(alg, coords[m.dim], m.k, pow2->dims[m.dim],
                                           NULL != walk && walk->mirror, &m.dir, &m.dist);
    if (NULL != move) {
        *move = m;
    }
    return swt_shape_pos(pow2, coords);
}
