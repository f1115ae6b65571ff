/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Rings of the torus (ALGORITHMS.md section 12, topology/net/swt_ring.h): every
 * cycle visits every position once and each of its steps is one logical
 * hop (one physical hop on a plain torus); two cycles share no link and
 * together take every link of the 2-D torus; the number of cycles agrees
 * with a brute-force search of the staircases; the ring parts' step lists
 * send to the next position and receive from the previous one.
 */
#include "swt_ring.h"
#include "swt_route.h"

#include "unit_util.h"

/* Link a move crosses, named by the tile its + direction leaves. */
static long link_id(const swt_shape_t *sh, long pos, const swt_move_t *mv)
{
    int c[SWT_MAX_DIMS];

    swt_shape_coords(sh, pos, c);
    if (mv->dir < 0) {
        c[mv->dim] = (c[mv->dim] + sh->dims[mv->dim] - 1) % sh->dims[mv->dim];
    }
    return swt_shape_pos(sh, c) * SWT_MAX_DIMS + mv->dim;
}

static void check_cycles(const char *spec, int want_cycles)
{
    swt_topo_t *topo = unit_topo_load(spec);
    const swt_shape_t *sh = swt_topo_logical(topo);
    long p = swt_shape_size(sh);
    swt_ring_t *ring = NULL;
    swt_net_t *net = NULL;
    char *used = calloc((size_t) p * SWT_MAX_DIMS, 1), *seen = calloc((size_t) p, 1);
    long nlinks = 0;

    ck_assert(NULL != used && NULL != seen);
    ck_assert_int_eq(SWT_OK, swt_ring_create(topo, &ring));
    ck_assert_int_eq(SWT_OK, swt_net_create(topo, &net));
    UNIT_CHECK(swt_ring_ncycles(ring) == want_cycles && swt_ring_ncycles_shape(sh) == want_cycles,
               "%s: %d cycles (%s), want %d", spec, swt_ring_ncycles(ring), swt_ring_name(ring),
               want_cycles);
    for (int c = 0; c < swt_ring_ncycles(ring); ++c) {
        memset(seen, 0, (size_t) p);
        for (long i = 0; i < p; ++i) {
            long pos = swt_ring_at(ring, c, i), prev, next;
            int cc[SWT_MAX_DIMS], cn[SWT_MAX_DIMS], differ = 0;
            swt_move_t mv;
            swt_route_t rt;
            UNIT_CHECK(!seen[pos], "%s cycle %d: %ld twice", spec, c, pos);
            seen[pos] = 1;
            UNIT_CHECK_EQ(swt_ring_index(ring, c, pos), i);
            next = swt_ring_next(ring, 2 * c, pos, &mv, &prev);
            UNIT_CHECK_EQ(next, swt_ring_at(ring, c, i + 1));
            UNIT_CHECK_EQ(prev, swt_ring_at(ring, c, i - 1));
            /* one logical hop: one coordinate moves by the move's direction */
            swt_shape_coords(sh, pos, cc);
            swt_shape_coords(sh, next, cn);
            for (int d = 0; d < sh->ndims; ++d) {
                differ += (cc[d] != cn[d]);
            }
            UNIT_CHECK(p < 2
                           || (1 == differ && mv.dist == 1
                               && cn[mv.dim]
                                      == (cc[mv.dim] + mv.dir + sh->dims[mv.dim])
                                             % sh->dims[mv.dim]),
                       "%s cycle %d: %ld -> %ld is not the move (dim %d dir %d)", spec, c, pos,
                       next, mv.dim, mv.dir);
            if (!swt_topo_has_grid(topo)) {
                swt_net_route(net, pos, next, mv.dir, &rt);
                UNIT_CHECK(p < 2 || 1 == rt.hops, "%s: %ld -> %ld takes %ld hops", spec, pos, next,
                           rt.hops);
            }
            /* the backward part goes the same links the other way */
            ck_assert_int_eq(prev, swt_ring_next(ring, 2 * c + 1, pos, &mv, NULL));
            if (p > 1) {
                long l;
                swt_ring_next(ring, 2 * c, pos, &mv, NULL);
                l = link_id(sh, pos, &mv);
                UNIT_CHECK(!used[l], "%s: cycle %d reuses a link at %ld (dim %d)", spec, c, pos,
                           mv.dim);
                used[l] = 1;
                ++nlinks;
            }
        }
    }
    /* two cycles on a 2-D torus: every one of its 2p links exactly once */
    if (2 == want_cycles) {
        UNIT_CHECK_EQ(nlinks, 2 * p);
    }
    swt_net_destroy(net);
    swt_ring_destroy(ring);
    free(used);
    free(seen);
    swt_topo_destroy(topo);
}

START_TEST(test_cycles)
{
    static const struct {
        const char *spec;
        int cycles;
    } cases[] = {
        { "ring:1", 1 },
        { "ring:2", 1 },
        { "ring:3", 1 },
        { "ring:8", 1 },
        { "torus:4x4", 2 },
        { "torus:8x8", 2 },
        { "torus:4x2", 2 },
        { "torus:8x2", 2 },
        { "torus:6x10", 2 },
        { "torus:3x3", 2 },
        { "torus:2x2", 2 },
        { "torus:4x8", 2 },
        { "torus:8x9", 1 },
        { "torus:6x3", 1 },
        { "torus:3x5", 1 },
        { "torus:7x5", 1 },
        { "torus:4x4x4", 1 },
        { "torus:3x3x3", 1 },
        { "torus:2x2x2x2", 1 },
        { "torus:3x5x2", 1 },
        { "torus:1x6", 1 },
        { "torus:2x1x3", 1 },
        { "n150", 2 },
        { "n150-72", 1 },
        { "n150-72:harvest=3", 1 },
        { "@" SWT_TEST_GOLDEN "/ring4-on-6.topo", 1 },
    };

    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i) {
        check_cycles(cases[i].spec, cases[i].cycles);
    }
}
END_TEST

/*
 * Brute force: walk the staircases of a x b for every k (cycle 0 moves +y
 * from class (x + y) mod g < k, +x elsewhere; cycle 1 the other way) and
 * count a pair when both come back to (0,0) after exactly ab steps having
 * visited every position.
 */
static int brute_pair(int a, int b)
{
    int g = a, t = b;

    while (t) {
        int r = g % t;
        g = t;
        t = r;
    }
    for (int k = 1; k < g; ++k) {
        int ok = 1;
        for (int which = 0; which < 2 && ok; ++which) {
            char vis[400] = { 0 };
            int x = 0, y = 0;
            for (int i = 0; i < a * b && ok; ++i) {
                int up = (((x + y) % g) < k) != which;
                ok = !vis[y * a + x];
                vis[y * a + x] = 1;
                x = up ? x : (x + 1) % a;
                y = up ? (y + 1) % b : y;
            }
            ok = ok && 0 == x && 0 == y;
        }
        if (ok) {
            return 1;
        }
    }
    return 0;
}

START_TEST(test_pair_brute)
{
    for (int a = 2; a <= 20; ++a) {
        for (int b = 2; b <= 20; ++b) {
            char text[32];
            swt_shape_t sh;
            snprintf(text, sizeof(text), "%dx%d", a, b);
            sh = unit_shape(text);
            UNIT_CHECK(swt_ring_ncycles_shape(&sh) == 1 + brute_pair(a, b),
                       "%s: %d cycles, brute force %d", text, swt_ring_ncycles_shape(&sh),
                       1 + brute_pair(a, b));
        }
    }
}
END_TEST

/* The example of swt_ring.h: 4x4, k = 1, o = 0. */
START_TEST(test_staircase_example)
{
    static const long want[16] = { 0, 4, 5, 6, 7, 11, 8, 9, 10, 14, 15, 12, 13, 1, 2, 3 };
    swt_shape_t sh = unit_shape("4x4");
    swt_ring_t *ring = NULL;

    ck_assert_int_eq(SWT_OK, swt_ring_create_shape(&sh, &ring));
    ck_assert_str_eq("staircases k=1 o=0", swt_ring_name(ring));
    for (int i = 0; i < 16; ++i) {
        UNIT_CHECK_EQ(swt_ring_at(ring, 0, i), want[i]);
    }
    swt_ring_destroy(ring);
}
END_TEST

/*
 * n150: the two cycles take every logical link once, so they cost what
 * the links cost: per row 6 one-hop x links, 3 -> 4 and 7 -> 0 over two
 * hops (the DRAM column, x = 0): 10; per column 6 one-hop y links, row
 * 4 -> 5 over the Ethernet row (2) and 7 -> 0 over y = 10, 11, 0 (4): 12.
 * 8 * 10 + 8 * 12 = 176 hops, the longest 4.
 */
START_TEST(test_n150_hops)
{
    swt_topo_t *topo = unit_topo_load("n150");
    swt_ring_t *ring = NULL;
    swt_net_t *net = NULL;
    long sum = 0, worst = 0;

    ck_assert_int_eq(SWT_OK, swt_ring_create(topo, &ring));
    ck_assert_int_eq(SWT_OK, swt_net_create(topo, &net));
    for (int c = 0; c < 2; ++c) {
        for (long pos = 0; pos < 64; ++pos) {
            swt_move_t mv;
            swt_route_t rt;
            long to = swt_ring_next(ring, 2 * c, pos, &mv, NULL);
            swt_net_route(net, pos, to, mv.dir, &rt);
            sum += rt.hops;
            worst = rt.hops > worst ? rt.hops : worst;
        }
    }
    UNIT_CHECK_EQ(sum, 176);
    UNIT_CHECK_EQ(worst, 4);
    swt_net_destroy(net);
    swt_ring_destroy(ring);
    swt_topo_destroy(topo);
}
END_TEST

/* Ring parts: 2(p-1) steps, to the next position, from the previous one. */
START_TEST(test_ring_sched)
{
    static const char *const specs[] = { "ring:5", "torus:4x4", "torus:3x5x2", "n150" };

    for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); ++i) {
        swt_topo_t *topo = unit_topo_load(specs[i]);
        const swt_shape_t *sh = swt_topo_logical(topo);
        long p = swt_shape_size(sh);
        int nparts = swt_alg_nparts(sh, SWT_ALG_RING);
        swt_ring_t *ring = NULL;
        ck_assert_int_eq(SWT_OK, swt_ring_create(topo, &ring));
        for (long x = 0; x < p; ++x) {
            for (int j = 0; j < nparts; ++j) {
                swt_sched_t *s = NULL;
                swt_move_t mv;
                long prev, next = swt_ring_next(ring, j, x, &mv, &prev);
                ck_assert_int_eq(SWT_OK, swt_sched_create_part(topo, SWT_ALG_RING, SWT_KIND_BO, x,
                                                               j, nparts, &s));
                UNIT_CHECK_EQ(swt_sched_nsteps(s), 2 * (p - 1));
                UNIT_CHECK_EQ(swt_sched_nblocks(s), p);
                for (int t = 0; t < swt_sched_nsteps(s); ++t) {
                    const swt_step_t *st = swt_sched_step(s, t);
                    UNIT_CHECK(st->peer == next && st->from == prev && st->send_n == 1
                                   && st->recv_n == 1 && st->move.dim == mv.dim
                                   && st->move.dir == mv.dir
                                   && st->op == (t < p - 1 ? SWT_OP_RS : SWT_OP_AG),
                               "%s rank %ld part %d step %d", specs[i], x, j, t);
                }
                swt_sched_destroy(s);
            }
        }
        swt_ring_destroy(ring);
        swt_topo_destroy(topo);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ring");
    TCase *tc = tcase_create("ring");

    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_cycles);
    tcase_add_test(tc, test_pair_brute);
    tcase_add_test(tc, test_staircase_example);
    tcase_add_test(tc, test_n150_hops);
    tcase_add_test(tc, test_ring_sched);
    suite_add_tcase(s, tc);
    return unit_run(s);
}
