/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Multiport Swing and RD (ALGORITHMS.md section 11): port and part counts,
 * the walks (rotated, mirrored) against a brute-force walk, the block
 * ranges of every part against the sets R(x, s) of section 4, the slices
 * of the parts, part 0 of 1 equal to the single-port list, and, on tori
 * with equal sides, no two parts of a rank leaving on the same link.
 * (Whole-collective results: test_sched_sim; link loads: test_route.)
 */
#include "unit_util.h"

#include "swt_topo.h"

/* Hand-counted: 2 links per dimension of size > 1; RD half; rings 2 or 4. */
START_TEST(test_counts)
{
    static const struct {
        const char *shape;
        int ports, swing, rd, ring;
    } want[] = {
        { "ring:1", 1, 1, 1, 1 }, { "ring:2", 2, 2, 1, 2 },  { "ring:8", 2, 2, 1, 2 },
        { "4x4", 4, 4, 2, 4 },    { "1x6", 2, 2, 1, 2 },     { "6x1x1", 2, 2, 1, 2 },
        { "4x4x4", 6, 6, 3, 2 },  { "8x9", 4, 4, 2, 2 },     { "6x3", 4, 4, 2, 2 },
        { "8x2", 4, 4, 2, 4 },    { "2x2x2x2", 8, 8, 4, 2 }, { "3x3", 4, 4, 2, 4 },
    };

    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); ++i) {
        swt_shape_t s = unit_shape(want[i].shape);
        UNIT_CHECK(swt_nports(&s) == want[i].ports
                       && swt_alg_nparts(&s, SWT_ALG_SWING) == want[i].swing
                       && swt_alg_nparts(&s, SWT_ALG_RD) == want[i].rd
                       && swt_alg_nparts(&s, SWT_ALG_RING) == want[i].ring,
                   "%s: ports %d swing %d rd %d ring %d", want[i].shape, swt_nports(&s),
                   swt_alg_nparts(&s, SWT_ALG_SWING), swt_alg_nparts(&s, SWT_ALG_RD),
                   swt_alg_nparts(&s, SWT_ALG_RING));
    }
}
END_TEST

/* Slices tile [0, count) in part order, sizes differ by at most one. */
START_TEST(test_part_elems)
{
    for (int nparts = 1; nparts <= 16; ++nparts) {
        for (size_t count = 0; count < 40; ++count) {
            size_t next = 0, mn = (size_t) -1, mx = 0;
            for (int j = 0; j < nparts; ++j) {
                size_t first, n;
                swt_part_elems(count, nparts, j, &first, &n);
                UNIT_CHECK_EQ(first, next);
                next += n;
                mn = n < mn ? n : mn;
                mx = n > mx ? n : mx;
            }
            UNIT_CHECK_EQ(next, count);
            UNIT_CHECK(mx - mn <= 1, "count %zu nparts %d: sizes %zu..%zu", count, nparts, mn, mx);
        }
    }
}
END_TEST

/*
 * Brute-force walk of part j: dimensions of size > 1 in order from the
 * (j mod D)-th, round-robin, each for log2 of its size rounds; Swing moves
 * by rho(k) with the sign of the parity, negated for j >= D.
 */
static void check_walks(const char *text, swt_alg_t alg)
{
    swt_shape_t sh = unit_shape(text);
    long p = swt_shape_size(&sh);
    int L = swt_nsteps(&sh), act[SWT_MAX_DIMS], D = 0;

    for (int i = 0; i < sh.ndims; ++i) {
        if (sh.dims[i] > 1) {
            act[D++] = i;
        }
    }
    for (int j = 0; j < swt_alg_nparts(&sh, alg); ++j) {
        swt_walk_t w;
        int order[128], n = 0;
        ck_assert_int_eq(SWT_OK, swt_part_walk(&sh, alg, j, &w));
        for (int round = 0; n < L; ++round) {
            for (int t = 0; t < D; ++t) {
                int d = act[(j + t) % D];
                if ((1 << round) < sh.dims[d]) {
                    order[n++] = d * 64 + round;
                }
            }
        }
        for (int s = 0; s < L; ++s) {
            for (long x = 0; x < p; ++x) {
                int c[SWT_MAX_DIMS], q[SWT_MAX_DIMS], d = order[s] / 64, k = order[s] % 64;
                long want, rho = swt_rho(k);
                swt_move_t mv;
                long got = swt_partner_walk(&sh, alg, &w, x, s, &mv);
                swt_shape_coords(&sh, x, c);
                memcpy(q, c, sizeof(q));
                if (SWT_ALG_RD == alg) {
                    q[d] = c[d] ^ (1 << k);
                } else {
                    long mvd = ((0 == c[d] % 2) ? rho : -rho) * (j >= D ? -1 : 1);
                    q[d] = (int) (((c[d] + mvd) % sh.dims[d] + sh.dims[d]) % sh.dims[d]);
                    UNIT_CHECK(mv.dir == (mvd > 0 ? 1 : -1), "%s part %d s %d x %ld: dir %d", text,
                               j, s, x, mv.dir);
                }
                want = swt_shape_pos(&sh, q);
                UNIT_CHECK(got == want && mv.dim == d && mv.k == k,
                           "%s alg %d part %d s %d x %ld: partner %ld (dim %d k %d), want %ld "
                           "(dim %d k %d)",
                           text, alg, j, s, x, got, mv.dim, mv.k, want, d, k);
            }
        }
    }
}

START_TEST(test_walks)
{
    static const char *const shapes[] = { "8",     "4x4", "8x2",     "2x8x4",
                                          "4x4x4", "1x8", "2x2x2x2", "16x4" };
    for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); ++i) {
        check_walks(shapes[i], SWT_ALG_SWING);
        check_walks(shapes[i], SWT_ALG_RD);
    }
}
END_TEST

/*
 * Block ranges of every part: R(x, L) = {x}, R(x, s) = R(x, s+1) U
 * R(partner, s+1) built literally; the final blocks of the members of
 * R(x, s) are exactly x's range at s, [lo[s], lo[s] + (P >> s)).
 */
static void check_part_blocks(const char *text, swt_alg_t alg)
{
    swt_shape_t sh = unit_shape(text);
    long p = swt_shape_size(&sh);
    int L = swt_nsteps(&sh);
    unit_set_t *r = malloc(sizeof(unit_set_t) * (size_t) (L + 1) * (size_t) p);
    long *lo = malloc(sizeof(long) * (size_t) (L + 1) * (size_t) p);

    ck_assert(NULL != r && NULL != lo && p <= 64 * UNIT_SET_WORDS);
    for (int j = 0; j < swt_alg_nparts(&sh, alg); ++j) {
        swt_walk_t w;
        ck_assert_int_eq(SWT_OK, swt_part_walk(&sh, alg, j, &w));
        for (long x = 0; x < p; ++x) {
            ck_assert_int_eq(SWT_OK, swt_block_ranges_walk(&sh, alg, &w, x, &lo[x * (L + 1)]));
            unit_set_clear(&r[L * p + x]);
            unit_set_add(&r[L * p + x], x);
        }
        for (int s = L - 1; s >= 0; --s) {
            for (long x = 0; x < p; ++x) {
                long q = swt_partner_walk(&sh, alg, &w, x, s, NULL);
                UNIT_CHECK(unit_set_disjoint(&r[(s + 1) * p + x], &r[(s + 1) * p + q]),
                           "%s alg %d part %d: R(%ld, %d) meets R(%ld, %d)", text, alg, j, x, s + 1,
                           q, s + 1);
                r[s * p + x] = r[(s + 1) * p + x];
                unit_set_union(&r[s * p + x], &r[(s + 1) * p + q]);
            }
        }
        for (int s = 0; s <= L; ++s) {
            for (long x = 0; x < p; ++x) {
                long first = lo[x * (L + 1) + s], n = p >> s, seen = 0;
                for (long y = 0; y < p; ++y) {
                    long b = lo[y * (L + 1) + L];
                    int in = (b >= first && b < first + n);
                    UNIT_CHECK(in == unit_set_has(&r[s * p + x], y),
                               "%s alg %d part %d: x %ld s %d: block %ld of %ld %s", text, alg, j,
                               x, s, b, y, in ? "in range, not in R" : "in R, not in range");
                    seen += in;
                }
                UNIT_CHECK_EQ(seen, n);
            }
        }
    }
    free(r);
    free(lo);
}

START_TEST(test_part_blocks)
{
    static const char *const shapes[] = { "16",      "4x4", "8x2",  "2x8x4", "4x4x4",
                                          "2x2x2x2", "8x8", "16x4", "1x8" };
    for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); ++i) {
        check_part_blocks(shapes[i], SWT_ALG_SWING);
        check_part_blocks(shapes[i], SWT_ALG_RD);
    }
}
END_TEST

/* Part 0 of 1 is the single-port list, byte for byte (the ring's where
   no hidden tiles make swt_ring_create choose among cycles). */
START_TEST(test_part0_is_single)
{
    static const char *const specs[] = { "ring:1",      "ring:2",        "ring:7",
                                         "ring:16",     "torus:4x4",     "torus:6x10",
                                         "torus:3x5x2", "torus:2x3x2x3", "n150" };
    for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); ++i) {
        swt_topo_t *topo = unit_topo_load(specs[i]);
        const swt_shape_t *sh = swt_topo_logical(topo);
        for (long x = 0; x < swt_shape_size(sh); ++x) {
            for (int a = 0; a < (swt_topo_has_grid(topo) ? 2 : 3); ++a) {
                for (int kind = (SWT_ALG_RING == a); kind < 2; ++kind) {
                    swt_sched_t *one = NULL, *part = NULL;
                    ck_assert_int_eq(SWT_OK, swt_sched_create(sh, (swt_alg_t) a, (swt_kind_t) kind,
                                                              x, &one));
                    ck_assert_int_eq(SWT_OK,
                                     swt_sched_create_part(topo, (swt_alg_t) a, (swt_kind_t) kind,
                                                           x, 0, 1, &part));
                    UNIT_CHECK_EQ(swt_sched_nsteps(one), swt_sched_nsteps(part));
                    UNIT_CHECK_EQ(swt_sched_nblocks(one), swt_sched_nblocks(part));
                    for (int s = 0; s < swt_sched_nsteps(one); ++s) {
                        UNIT_CHECK(0
                                       == memcmp(swt_sched_step(one, s), swt_sched_step(part, s),
                                                 sizeof(swt_step_t)),
                                   "%s alg %d kind %d pos %ld step %d differs", specs[i], a, kind,
                                   x, s);
                        if (SWT_ALG_RING != a) {
                            UNIT_CHECK_EQ(swt_sched_step(one, s)->from,
                                          swt_sched_step(one, s)->peer);
                        }
                    }
                    swt_sched_destroy(one);
                    swt_sched_destroy(part);
                }
            }
        }
        swt_topo_destroy(topo);
    }
}
END_TEST

/*
 * Equal sides: at every step the parts of a rank move along different
 * (dimension, direction) pairs, i.e. leave on different links (folds
 * excepted: every part hands its slice to the same survivor).
 */
static void check_distinct_links(const char *spec, swt_alg_t alg)
{
    swt_topo_t *topo = unit_topo_load(spec);
    const swt_shape_t *sh = swt_topo_logical(topo);
    int nparts = swt_alg_nparts(sh, alg);

    for (long x = 0; x < swt_shape_size(sh); ++x) {
        swt_sched_t *s[2 * SWT_MAX_DIMS];
        for (int j = 0; j < nparts; ++j) {
            ck_assert_int_eq(SWT_OK,
                             swt_sched_create_part(topo, alg, SWT_KIND_BO, x, j, nparts, &s[j]));
        }
        for (int i = 0; i < swt_sched_nsteps(s[0]); ++i) {
            unsigned used = 0;
            for (int j = 0; j < nparts; ++j) {
                const swt_step_t *st = swt_sched_step(s[j], i);
                unsigned bit = 1U << (2 * st->move.dim + (st->move.dir > 0));
                if (st->core_step < 0) {
                    continue;
                }
                UNIT_CHECK(!(used & bit),
                           "%s alg %d rank %ld step %d: part %d shares the "
                           "link (dim %d dir %d)",
                           spec, alg, x, i, j, st->move.dim, st->move.dir);
                used |= bit;
            }
        }
        for (int j = 0; j < nparts; ++j) {
            swt_sched_destroy(s[j]);
        }
    }
    swt_topo_destroy(topo);
}

START_TEST(test_distinct_links)
{
    static const char *const specs[] = { "ring:8",    "ring:2",    "ring:12",     "torus:4x4",
                                         "torus:8x8", "torus:2x2", "torus:4x4x4", "torus:2x2x2x2",
                                         "torus:6x6", "torus:1x8", "n150",        "torus:5x5x5" };
    for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); ++i) {
        check_distinct_links(specs[i], SWT_ALG_SWING);
        check_distinct_links(specs[i], SWT_ALG_RD);
        check_distinct_links(specs[i], SWT_ALG_RING);
    }
}
END_TEST

/* Out of the domain: no schedule. */
START_TEST(test_invalid)
{
    swt_topo_t *topo = unit_topo_load("torus:4x4");
    swt_sched_t *s = NULL;
    swt_walk_t w;

    ck_assert_int_eq(SWT_ERR_INVALID,
                     swt_sched_create_part(topo, SWT_ALG_SWING, SWT_KIND_BO, 0, 4, 4, &s));
    ck_assert_int_eq(SWT_ERR_INVALID,
                     swt_sched_create_part(topo, SWT_ALG_SWING, SWT_KIND_BO, 0, 0, 5, &s));
    ck_assert_int_eq(SWT_ERR_INVALID,
                     swt_sched_create_part(topo, SWT_ALG_RD, SWT_KIND_BO, 0, 2, 3, &s));
    ck_assert_int_eq(SWT_ERR_INVALID,
                     swt_sched_create_part(topo, SWT_ALG_RING, SWT_KIND_LO, 0, 0, 1, &s));
    ck_assert_int_eq(SWT_ERR_INVALID,
                     swt_sched_create_part(topo, SWT_ALG_SWING, SWT_KIND_LO, 16, 0, 1, &s));
    ck_assert_int_eq(SWT_ERR_INVALID,
                     swt_sched_create_part(topo, (swt_alg_t) 3, SWT_KIND_BO, 0, 0, 1, &s));
    ck_assert_int_eq(SWT_ERR_INVALID, swt_part_walk(swt_topo_logical(topo), SWT_ALG_RING, 0, &w));
    ck_assert_ptr_null(s);
    swt_topo_destroy(topo);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mport");
    TCase *tc = tcase_create("mport");

    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_counts);
    tcase_add_test(tc, test_part_elems);
    tcase_add_test(tc, test_walks);
    tcase_add_test(tc, test_part_blocks);
    tcase_add_test(tc, test_part0_is_single);
    tcase_add_test(tc, test_distinct_links);
    tcase_add_test(tc, test_invalid);
    suite_add_tcase(s, tc);
    return unit_run(s);
}
