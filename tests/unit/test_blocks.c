/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Reduce-scatter block sets and their contiguous remap (ALGORITHMS.md
 * sections 4 and 5), against a brute-force reference:
 *
 *   R(x, t) = {x} U union over u = t .. L-1 of R(partner(x, u), u + 1)
 *
 * computed literally from that definition. Checked: R(x, 0) is everything,
 * R(r, s) = R(r, s+1) disjoint-union R(q, s+1), every member of a group
 * agrees on it, swt_block_ranges maps each R(x, s) onto exactly the block
 * range it reports, and the RS/AG steps of the step lists (folded shapes
 * included) send and receive exactly the blocks of the right sets.
 */
#include "unit_util.h"

#include <stdio.h>

typedef struct ref_sets {
    long p;
    int steps;
    unit_set_t *r; /* r[s * p + x] = R(x, s) */
} ref_sets_t;

static unit_set_t *ref_at(const ref_sets_t *ref, int s, long x)
{
    return &ref->r[(size_t) s * (size_t) ref->p + (size_t) x];
}

static void ref_build(const swt_shape_t *pow2, swt_alg_t alg, ref_sets_t *ref)
{
    ref->p = swt_shape_size(pow2);
    ref->steps = swt_nsteps(pow2);
    UNIT_CHECK(ref->p <= 64 * UNIT_SET_WORDS, "ref->p <= 64 * UNIT_SET_WORDS");
    ref->r = malloc(sizeof(unit_set_t) * (size_t) (ref->steps + 1) * (size_t) ref->p);
    UNIT_CHECK(NULL != ref->r, "NULL != ref->r");
    for (int t = ref->steps; t >= 0; --t) {
        for (long x = 0; x < ref->p; ++x) {
            unit_set_t *set = ref_at(ref, t, x);
            unit_set_clear(set);
            unit_set_add(set, x);
            for (int u = t; u < ref->steps; ++u) {
                unit_set_union(set, ref_at(ref, u + 1, swt_partner(pow2, alg, x, u, NULL)));
            }
        }
    }
}

static void check_blocks(const swt_shape_t *pow2, swt_alg_t alg)
{
    ref_sets_t ref;
    long p, *lo, *owner;
    int L;
    char name[64];

    swt_shape_format(pow2, name, sizeof(name));
    ref_build(pow2, alg, &ref);
    p = ref.p;
    L = ref.steps;
    lo = malloc(sizeof(long) * (size_t) (L + 1) * (size_t) p);
    owner = malloc(sizeof(long) * (size_t) p);
    UNIT_CHECK(lo && owner, "lo && owner");
    for (long b = 0; b < p; ++b) {
        owner[b] = -1;
    }
    /* the sets of section 4 */
    for (long x = 0; x < p; ++x) {
        UNIT_CHECK(p == unit_set_count(ref_at(&ref, 0, x)), "%s alg %d: R(%ld, 0) not all", name,
                   alg, x);
        for (int s = 0; s < L; ++s) {
            long q = swt_partner(pow2, alg, x, s, NULL);
            unit_set_t u = *ref_at(&ref, s + 1, x);
            UNIT_CHECK(unit_set_disjoint(ref_at(&ref, s + 1, x), ref_at(&ref, s + 1, q)),
                       "%s alg %d: R(%ld, %d) meets R(%ld, %d)", name, alg, x, s + 1, q, s + 1);
            unit_set_union(&u, ref_at(&ref, s + 1, q));
            UNIT_CHECK(unit_set_equal(&u, ref_at(&ref, s, x)),
                       "%s alg %d: R(%ld, %d) != R(%ld, %d) U R(%ld, %d)", name, alg, x, s, x,
                       s + 1, q, s + 1);
            UNIT_CHECK_EQ(unit_set_count(ref_at(&ref, s, x)), p >> s);
        }
        for (int s = 0; s <= L; ++s) {
            for (long y = 0; y < p; ++y) {
                if (unit_set_has(ref_at(&ref, s, x), y)) {
                    UNIT_CHECK(unit_set_equal(ref_at(&ref, s, x), ref_at(&ref, s, y)),
                               "%s alg %d: %ld in R(%ld, %d) but R(%ld, %d) differs", name, alg, y,
                               x, s, y, s);
                }
            }
        }
    }
    /* the remap of section 5 */
    for (long x = 0; x < p; ++x) {
        long *lx = &lo[(size_t) x * (size_t) (L + 1)];
        UNIT_CHECK_EQ(SWT_OK, swt_block_ranges(pow2, alg, x, lx));
        UNIT_CHECK(lx[L] >= 0 && lx[L] < p && -1 == owner[lx[L]],
                   "%s alg %d: block %ld owned twice or out of range", name, alg, lx[L]);
        owner[lx[L]] = x;
    }
    for (long x = 0; x < p; ++x) {
        const long *lx = &lo[(size_t) x * (size_t) (L + 1)];
        for (int s = 0; s <= L; ++s) {
            long n = p >> s;
            UNIT_CHECK(lx[s] >= 0 && lx[s] + n <= p && 0 == lx[s] % n,
                       "%s alg %d: range of R(%ld, %d) = [%ld, +%ld)", name, alg, x, s, lx[s], n);
            for (long b = lx[s]; b < lx[s] + n; ++b) {
                UNIT_CHECK(unit_set_has(ref_at(&ref, s, x), owner[b]),
                           "%s alg %d: block %ld in range of R(%ld, %d) owned by %ld outside it",
                           name, alg, b, x, s, owner[b]);
            }
        }
    }
    free(lo);
    free(owner);
    free(ref.r);
}

/* RS/AG steps of the step lists against the reference sets of the core. */
static void check_sched_blocks(const swt_shape_t *shape, swt_alg_t alg)
{
    swt_shape_t core;
    ref_sets_t ref;
    long p = swt_shape_size(shape), pc, *owner, *lo;
    int L;
    char name[64];

    swt_shape_format(shape, name, sizeof(name));
    swt_fold_core(shape, &core);
    ref_build(&core, alg, &ref);
    pc = ref.p;
    L = ref.steps;
    owner = malloc(sizeof(long) * (size_t) pc);
    lo = malloc(sizeof(long) * (size_t) (L + 1));
    UNIT_CHECK(owner && lo, "owner && lo");
    for (long cx = 0; cx < pc; ++cx) {
        UNIT_CHECK_EQ(SWT_OK, swt_block_ranges(&core, alg, cx, lo));
        owner[lo[L]] = cx;
    }
    for (long x = 0; x < p; ++x) {
        swt_sched_t *sched;
        int c[SWT_MAX_DIMS], cc[SWT_MAX_DIMS], extra = 0;
        long cx;
        int rs = 0, ag = 0;

        swt_shape_coords(shape, x, c);
        for (int j = 0; j < shape->ndims; ++j) {
            int onto;
            extra |= !swt_fold_coord(shape->dims[j], c[j], &cc[j], &onto);
        }
        if (extra) {
            continue;
        }
        cx = swt_shape_pos(&core, cc);
        UNIT_CHECK_EQ(SWT_OK, swt_sched_create(shape, alg, SWT_KIND_BO, x, &sched));
        UNIT_CHECK_EQ(swt_sched_nblocks(sched), pc);
        for (int i = 0; i < swt_sched_nsteps(sched); ++i) {
            const swt_step_t *st = swt_sched_step(sched, i);
            int s = st->core_step;
            long q;
            const unit_set_t *sent, *got;
            if (SWT_OP_RS != st->op && SWT_OP_AG != st->op) {
                continue;
            }
            UNIT_CHECK_EQ(s, (SWT_OP_RS == st->op) ? rs : L - 1 - ag);
            rs += (SWT_OP_RS == st->op);
            ag += (SWT_OP_AG == st->op);
            q = swt_partner(&core, alg, cx, s, NULL);
            /* RS: send what q will own, keep mine; AG: the reverse */
            sent = ref_at(&ref, s + 1, (SWT_OP_RS == st->op) ? q : cx);
            got = ref_at(&ref, s + 1, (SWT_OP_RS == st->op) ? cx : q);
            UNIT_CHECK_EQ(st->send_n, pc >> (s + 1));
            UNIT_CHECK_EQ(st->recv_n, pc >> (s + 1));
            for (long b = 0; b < st->send_n; ++b) {
                UNIT_CHECK(unit_set_has(sent, owner[st->send_lo + b]),
                           "%s alg %d rank %ld step %d: sends block %ld of the wrong set", name,
                           alg, x, i, st->send_lo + b);
                UNIT_CHECK(unit_set_has(got, owner[st->recv_lo + b]),
                           "%s alg %d rank %ld step %d: receives block %ld of the wrong set", name,
                           alg, x, i, st->recv_lo + b);
            }
        }
        UNIT_CHECK_EQ(rs, L);
        UNIT_CHECK_EQ(ag, L);
        swt_sched_destroy(sched);
    }
    free(owner);
    free(lo);
    free(ref.r);
}

static const char *const block_tori[] = {
    "4x4", "8x8", "16x4", "4x16", "4x4x4", "2x8x4", "2x2x2x2", "8x2", "2x4", "32x8",
};
#define NBLOCK_TORI ((int) (sizeof(block_tori) / sizeof(block_tori[0])))

START_TEST(test_blocks_ring)
{
    swt_shape_t s = unit_ring(1 << _i);

    check_blocks(&s, SWT_ALG_SWING);
    check_blocks(&s, SWT_ALG_RD);
    check_sched_blocks(&s, SWT_ALG_SWING);
    check_sched_blocks(&s, SWT_ALG_RD);
}
END_TEST

START_TEST(test_blocks_torus)
{
    swt_shape_t s = unit_shape(block_tori[_i]);

    check_blocks(&s, SWT_ALG_SWING);
    check_blocks(&s, SWT_ALG_RD);
    check_sched_blocks(&s, SWT_ALG_SWING);
    check_sched_blocks(&s, SWT_ALG_RD);
}
END_TEST

/* Folded shapes: rings 3..100 and tori with non-power-of-two dimensions. */
static const char *const folded[] = {
    "3x3", "6x10", "3x5x2", "12x4", "5x5", "7x6", "17x3", "3x3x3", "2x6x5", "10x10",
};
#define NFOLDED ((int) (sizeof(folded) / sizeof(folded[0])))

START_TEST(test_blocks_folded_ring)
{
    for (int p = 3; p <= 100; ++p) {
        swt_shape_t s = unit_ring(p);
        check_sched_blocks(&s, SWT_ALG_SWING);
        check_sched_blocks(&s, SWT_ALG_RD);
    }
}
END_TEST

START_TEST(test_blocks_folded_torus)
{
    swt_shape_t s = unit_shape(folded[_i]);

    check_sched_blocks(&s, SWT_ALG_SWING);
    check_sched_blocks(&s, SWT_ALG_RD);
}
END_TEST

/* Element ranges: blocks differ by at most one element and tile [0, count). */
START_TEST(test_block_elems)
{
    static const size_t counts[] = { 0, 1, 2, 3, 7, 63, 64, 65, 1000, 1023 };
    for (long nb = 1; nb <= 64; ++nb) {
        for (size_t ci = 0; ci < sizeof(counts) / sizeof(counts[0]); ++ci) {
            size_t count = counts[ci], next = 0, mn = (size_t) -1, mx = 0;
            for (long b = 0; b < nb; ++b) {
                size_t first, n, f2, n2;
                swt_block_elems(count, nb, b, 1, &first, &n);
                UNIT_CHECK_EQ(first, next);
                next = first + n;
                mn = n < mn ? n : mn;
                mx = n > mx ? n : mx;
                /* a range of blocks is the union of its blocks */
                swt_block_elems(count, nb, 0, b + 1, &f2, &n2);
                UNIT_CHECK_EQ(f2, 0);
                UNIT_CHECK_EQ(n2, next);
            }
            UNIT_CHECK_EQ(next, count);
            UNIT_CHECK(mx - mn <= 1, "mx - mn <= 1");
        }
    }
}
END_TEST

static Suite *blocks_suite(void)
{
    Suite *s = suite_create("blocks");
    TCase *tc = tcase_create("core");

    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_blocks_ring, 0, 9); /* p = 1 .. 256 */
    tcase_add_loop_test(tc, test_blocks_torus, 0, NBLOCK_TORI);
    tcase_add_test(tc, test_blocks_folded_ring);
    tcase_add_loop_test(tc, test_blocks_folded_torus, 0, NFOLDED);
    tcase_add_test(tc, test_block_elems);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(blocks_suite());
}
