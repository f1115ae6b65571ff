/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Contiguous reduce-scatter block ranges (ALGORITHMS.md sections 4 and 5).
 *
 * R(x, s) = R(x, s+1) disjoint-union R(partner(x, s), s+1), with R(x, L) = {x}.
 * Every R(x, s) is a group that all its members agree on, so a group can be
 * named by its smallest member. Going up from s = L, the name at level s is
 * the minimum of the two names at level s+1. Going down from the whole range
 * [0, P), the half holding the group's smallest member takes the lower half
 * of the group's block range. Each R(x, s) thus owns the contiguous range
 * [lo[s], lo[s] + (P >> s)), and x finally owns block lo[L]. A multiport
 * part's walk only changes which partner each step pairs.
 */
#include "swt.h"

#include <stdlib.h>

int swt_block_ranges(const swt_shape_t *pow2, swt_alg_t alg, long x, long *lo)
{
    return swt_block_ranges_walk(pow2, alg, NULL, x, lo);
}

int swt_block_ranges_walk(const swt_shape_t *pow2, swt_alg_t alg, const swt_walk_t *walk, long x,
                          long *lo)
{
    long p = swt_shape_size(pow2);
    int steps = swt_nsteps(pow2);
    long *name = NULL, *next = NULL, *mine = NULL;
    int rc = SWT_ERR_NOMEM;

    if (x < 0 || x >= p) {
        return SWT_ERR_INVALID;
    }
    name = malloc(sizeof(long) * (size_t) p);
    next = malloc(sizeof(long) * (size_t) p);
    mine = malloc(sizeof(long) * (size_t) (steps + 1));
    if (NULL == name || NULL == next || NULL == mine) {
        goto out;
    }
    for (long y = 0; y < p; ++y) {
        name[y] = y;
    }
    mine[steps] = x;
    for (int s = steps - 1; s >= 0; --s) {
        long *tmp;
        for (long y = 0; y < p; ++y) {
            long q = swt_partner_walk(pow2, alg, walk, y, s, NULL);
            next[y] = (name[y] < name[q]) ? name[y] : name[q];
        }
        tmp = name;
        name = next;
        next = tmp;
        mine[s] = name[x];
    }
    lo[0] = 0;
    for (int s = 0; s < steps; ++s) {
        lo[s + 1] = lo[s] + ((mine[s + 1] == mine[s]) ? 0 : (p >> (s + 1)));
    }
    rc = SWT_OK;
out:
    free(name);
    free(next);
    free(mine);
    return rc;
}

void swt_block_elems(size_t count, long nblocks, long lo, long nb, size_t *first, size_t *n)
{
    size_t q = count / (size_t) nblocks, r = count % (size_t) nblocks;
    size_t a = (size_t) lo, b = (size_t) (lo + nb);
    size_t start = a * q + (a < r ? a : r);
    size_t end = b * q + (b < r ? b : r);

    *first = start;
    *n = end - start;
}
