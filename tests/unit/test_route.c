/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Physical routing, hops and link loads (topology/net/swt_route.h), against
 * numbers worked out by hand in the comments, and the phase messages
 * against the per-rank step lists of swt_sched.c.
 */
#include "swt_route.h"

#include "unit_util.h"

typedef struct totals {
    long hops[2][4096]; /* [alg][pos], LO: every phase once */
    long dist[2][4096];
    swt_phase_stats_t st[2][64];
    int nphases;
} totals_t;

static totals_t *sweep(const char *spec)
{
    totals_t *t = calloc(1, sizeof(*t));
    swt_topo_t *topo = unit_topo_load(spec);
    swt_net_t *net = NULL;

    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(SWT_OK, swt_net_create(topo, &net));
    t->nphases = swt_net_nphases(net);
    for (int a = 0; a < 2; ++a) {
        for (int i = 0; i < t->nphases; ++i) {
            ck_assert_int_eq(SWT_OK, swt_net_load(net, (swt_alg_t) a, i, t->hops[a], t->dist[a],
                                                  &t->st[a][i]));
        }
    }
    swt_net_destroy(net);
    swt_topo_destroy(topo);
    return t;
}

/*
 * Ring of 8. Swing moves 1, 1, 3 (rho = 1, -1, 3): every rank 5 hops.
 * RD moves 1, 2, 4: every rank 7. Loads: Swing s = 2, even c sends +3:
 * 0->3 and 6->1 both cross the + link leaving 0, so 2. RD s = 2: 0->4,
 * 1->5, 2->6, 3->7 all cross the + link leaving 3: 4.
 */
START_TEST(test_ring8)
{
    totals_t *t = sweep("ring:8");
    static const long sw_load[3] = { 1, 1, 2 }, rd_load[3] = { 1, 2, 4 };
    static const long sw_max[3] = { 1, 1, 3 }, rd_max[3] = { 1, 2, 4 };

    ck_assert_int_eq(3, t->nphases);
    for (int r = 0; r < 8; ++r) {
        UNIT_CHECK_EQ(t->hops[SWT_ALG_SWING][r], 5);
        UNIT_CHECK_EQ(t->dist[SWT_ALG_SWING][r], 5);
        UNIT_CHECK_EQ(t->hops[SWT_ALG_RD][r], 7);
        UNIT_CHECK_EQ(t->dist[SWT_ALG_RD][r], 7);
    }
    for (int s = 0; s < 3; ++s) {
        UNIT_CHECK_EQ(t->st[SWT_ALG_SWING][s].nmsgs, 8);
        UNIT_CHECK_EQ(t->st[SWT_ALG_SWING][s].load, sw_load[s]);
        UNIT_CHECK_EQ(t->st[SWT_ALG_RD][s].load, rd_load[s]);
        UNIT_CHECK_EQ(t->st[SWT_ALG_SWING][s].max_hops, sw_max[s]);
        UNIT_CHECK_EQ(t->st[SWT_ALG_RD][s].max_hops, rd_max[s]);
    }
    /* Swing s = 2: hops 8 * 3 */
    UNIT_CHECK_EQ(t->st[SWT_ALG_SWING][2].sum_hops, 24);
    free(t);
}
END_TEST

/*
 * Torus 4x4, steps (x,k0) (y,k0) (x,k1) (y,k1). Swing: 1+1+1+1 = 4 per
 * rank, 64 in all. RD: 1+1+2+2 = 6 per rank, 96 in all. Loads: Swing 1
 * in every step (on a line of 4, +1/-1 moves never share a link); RD
 * s = 2 (x, c^2): 0->2 and 1->3 share the + link leaving 1: 2.
 */
START_TEST(test_torus4x4)
{
    totals_t *t = sweep("torus:4x4");
    long sw = 0, rd = 0;

    ck_assert_int_eq(4, t->nphases);
    for (int r = 0; r < 16; ++r) {
        UNIT_CHECK_EQ(t->hops[SWT_ALG_SWING][r], 4);
        UNIT_CHECK_EQ(t->hops[SWT_ALG_RD][r], 6);
        sw += t->hops[SWT_ALG_SWING][r];
        rd += t->hops[SWT_ALG_RD][r];
    }
    UNIT_CHECK_EQ(sw, 64);
    UNIT_CHECK_EQ(rd, 96);
    for (int s = 0; s < 4; ++s) {
        UNIT_CHECK_EQ(t->st[SWT_ALG_SWING][s].load, 1);
        UNIT_CHECK_EQ(t->st[SWT_ALG_RD][s].load, s < 2 ? 1 : 2);
        UNIT_CHECK_EQ(t->st[SWT_ALG_RD][s].max_hops, s < 2 ? 1 : 2);
    }
    ck_assert_int_eq(t->st[SWT_ALG_RD][2].busiest.dim, 0);
    free(t);
}
END_TEST

/*
 * Ideal 8x8 torus: per dimension Swing moves 1, 1, 3 and RD 1, 2, 4, so
 * every rank makes 2 * 5 = 10 Swing hops and 2 * 7 = 14 RD hops.
 */
START_TEST(test_torus8x8_uniform)
{
    totals_t *t = sweep("torus:8x8");

    for (int r = 0; r < 64; ++r) {
        UNIT_CHECK_EQ(t->hops[SWT_ALG_SWING][r], 10);
        UNIT_CHECK_EQ(t->hops[SWT_ALG_RD][r], 14);
    }
    free(t);
}
END_TEST

/*
 * Ring of 6: extras 1 and 3 fold onto 0 and 2 (- direction, 1 hop);
 * survivors 0,2,4,5 are core 0..3. Swing core s = 0 (+1 even, -1 odd):
 * 0->2 (+, 2 hops through 1), 2->0 (2), 4->5 (1), 5->4 (1). s = 1 (-1
 * even, +1 odd): 0->5 (-, 1 through the wrap), 2->4 (+, 2), 4->2 (-, 2),
 * 5->0 (+, 1). Unfold: 0->1, 2->3 (+, 1). Totals: pos 0: 2+1+1 = 4,
 * 1: 1, 2: 2+2+1 = 5, 3: 1, 4: 1+2 = 3, 5: 1+1 = 2; 16 in all.
 */
START_TEST(test_ring6_fold)
{
    totals_t *t = sweep("ring:6");
    static const long want[6] = { 4, 1, 5, 1, 3, 2 };

    ck_assert_int_eq(4, t->nphases);
    for (int r = 0; r < 6; ++r) {
        UNIT_CHECK_EQ(t->hops[SWT_ALG_SWING][r], want[r]);
    }
    UNIT_CHECK_EQ(t->st[SWT_ALG_SWING][0].nmsgs, 2);
    UNIT_CHECK_EQ(t->st[SWT_ALG_SWING][0].load, 1);
    UNIT_CHECK_EQ(t->st[SWT_ALG_SWING][3].nmsgs, 2);
    free(t);
}
END_TEST

/* Route of position (lx,ly) to its partner in core step s on a topology. */
static long n150_hops(const char *spec, swt_alg_t alg, int s, int lx, int ly, int *dir, long *to)
{
    swt_topo_t *topo = unit_topo_load(spec);
    swt_net_t *net = NULL;
    swt_move_t mv;
    swt_route_t rt;
    int c[2] = { lx, ly };
    long pos;

    ck_assert_int_eq(SWT_OK, swt_net_create(topo, &net));
    pos = swt_shape_pos(swt_topo_logical(topo), c);
    ck_assert(swt_net_message(net, alg, swt_net_core_phase(net, s), pos, to, &mv));
    swt_net_route(net, pos, *to, mv.dir, &rt);
    *dir = mv.dir;
    swt_net_destroy(net);
    swt_topo_destroy(topo);
    return rt.hops;
}

/*
 * n150: logical columns sit on x = 1,2,3,4,6,7,8,9, rows on y =
 * 1,2,3,4,5,7,8,9 (10 x 12 grid, wraps).
 * - Swing s = 2 is (x, k1), rho = -1: odd column 3 (x = 4) moves + to
 *   column 4 (x = 6), crossing the DRAM column x = 5: 2 hops. Even
 *   column 0 (x = 1) moves - to column 7 (x = 9) through x = 0: 2 hops.
 * - Swing s = 3 is (y, k1): odd row 7 (y = 9) moves + to row 0 (y = 1)
 *   through y = 10, 11 and the Ethernet row 0: (1 - 9) mod 12 = 4 hops.
 * - Swing s = 5 is (y, k2), rho = 3: even row 6 (y = 8) moves + to row 1
 *   (y = 2): (2 - 8) mod 12 = 6 hops; row 4 (y = 5) to row 7 (y = 9)
 *   crosses the Ethernet row 6: 4 hops.
 * - RD s = 4 is (x, k2): column 0 (x = 1) to column 4 (x = 6): 5 hops.
 */
START_TEST(test_n150_traced)
{
    int dir;
    long to;

    UNIT_CHECK_EQ(n150_hops("n150", SWT_ALG_SWING, 2, 3, 0, &dir, &to), 2);
    UNIT_CHECK_EQ(dir, 1);
    UNIT_CHECK_EQ(to, 4);
    UNIT_CHECK_EQ(n150_hops("n150", SWT_ALG_SWING, 2, 0, 0, &dir, &to), 2);
    UNIT_CHECK_EQ(dir, -1);
    UNIT_CHECK_EQ(n150_hops("n150", SWT_ALG_SWING, 3, 0, 7, &dir, &to), 4);
    UNIT_CHECK_EQ(dir, 1);
    UNIT_CHECK_EQ(to, 0);
    UNIT_CHECK_EQ(n150_hops("n150", SWT_ALG_SWING, 5, 2, 6, &dir, &to), 6);
    UNIT_CHECK_EQ(n150_hops("n150", SWT_ALG_SWING, 5, 2, 4, &dir, &to), 4);
    UNIT_CHECK_EQ(n150_hops("n150", SWT_ALG_RD, 4, 0, 3, &dir, &to), 5);
}
END_TEST

/*
 * n150 rank 56 = logical (0,7) on tile (1,9), Swing: s0 +x to x = 2 (1),
 * s1 -y to y = 8 (1), s2 -x to x = 9 (2), s3 +y to y = 1 (4), s4 +x to
 * x = 4 (3), s5 -y to y = 5 (4): 15 physical hops, 10 logical. Swing
 * s = 4 (x, rho = 3): - moves 1->6 (x 2->8) and 3->0 (x 4->1) both cross
 * the - link leaving x = 2, the first of the links with load 2.
 */
START_TEST(test_n150_rank56)
{
    totals_t *t = sweep("n150");
    const swt_link_t *l = &t->st[SWT_ALG_SWING][4].busiest;

    UNIT_CHECK_EQ(t->hops[SWT_ALG_SWING][56], 15);
    UNIT_CHECK_EQ(t->dist[SWT_ALG_SWING][56], 10);
    UNIT_CHECK_EQ(t->st[SWT_ALG_SWING][4].load, 2);
    UNIT_CHECK_EQ(l->dim, 0);
    UNIT_CHECK_EQ(l->dir, -1);
    UNIT_CHECK_EQ(l->tile[0], 2);
    UNIT_CHECK_EQ(l->tile[1], 1);
    UNIT_CHECK_EQ(t->st[SWT_ALG_SWING][5].max_hops, 6);
    free(t);
}
END_TEST

/* Adds the links of a route to walk[]; returns the busiest count so far. */
static long walk_route(const swt_shape_t *g, long ntiles, const swt_route_t *rt, long *walk,
                       long most)
{
    for (int sg = 0; sg < rt->nsegs; ++sg) {
        int c[SWT_MAX_DIMS];
        const swt_seg_t *seg = &rt->segs[sg];
        memcpy(c, seg->from, sizeof(c));
        for (long h = 0; h < seg->hops; ++h) {
            long *cell = &walk[(2 * seg->dim + (seg->dir > 0)) * ntiles + swt_shape_pos(g, c)];
            most = (++*cell > most) ? *cell : most;
            c[seg->dim] = (c[seg->dim] + seg->dir + g->dims[seg->dim]) % g->dims[seg->dim];
        }
    }
    return most;
}

/*
 * Link loads equal a hop-by-hop walk of every route: single-port Swing and
 * RD, their multiport forms (on unequal sides parts meet on links, and the
 * count must say how often) and the ring's step (phase -1). Takes topo.
 */
static void check_walk_topo(swt_topo_t *topo, const char *spec)
{
    const swt_shape_t *g = swt_topo_grid(topo), *sh = swt_topo_logical(topo);
    long ntiles = swt_shape_size(g), p = swt_shape_size(sh);
    size_t cells = (size_t) ntiles * 2 * (size_t) g->ndims;
    long *walk = calloc(cells, sizeof(long));
    swt_net_t *net = NULL;
    swt_ring_t *ring = NULL;

    ck_assert_ptr_nonnull(walk);
    ck_assert_int_eq(SWT_OK, swt_net_create(topo, &net));
    ck_assert_int_eq(SWT_OK, swt_ring_create(topo, &ring));
    for (int f = 0; f < 5; ++f) {
        int a = (f < 4) ? f % 2 : 2, nparts = (f < 2) ? 1 : swt_alg_nparts(sh, (swt_alg_t) a);
        for (int i = (2 == a) ? -1 : 0; i < ((2 == a) ? 0 : swt_net_nphases(net)); ++i) {
            swt_phase_stats_t st;
            long most = 0, nmsgs = 0;
            memset(walk, 0, cells * sizeof(long));
            if (2 == a) {
                ck_assert_int_eq(SWT_OK, swt_net_load_ring(net, ring, nparts, NULL, NULL, &st));
            } else {
                ck_assert_int_eq(SWT_OK, swt_net_load_parts(net, (swt_alg_t) a, nparts, i, NULL,
                                                            NULL, &st));
            }
            for (int j = 0; j < nparts; ++j) {
                for (long pos = 0; pos < p; ++pos) {
                    swt_move_t mv;
                    swt_route_t rt;
                    long to;
                    if (2 == a) {
                        to = swt_ring_next(ring, j, pos, &mv, NULL);
                    } else if (!swt_net_part_message(net, (swt_alg_t) a, j, i, pos, &to, &mv)) {
                        continue;
                    }
                    swt_net_route(net, pos, to, mv.dir, &rt);
                    most = walk_route(g, ntiles, &rt, walk, most);
                    ++nmsgs;
                }
            }
            UNIT_CHECK(most == st.load && nmsgs == st.nmsgs,
                       "%s alg %d phase %d, %d parts: load "
                       "%ld, walk %ld; %ld messages, walk %ld",
                       spec, a, i, nparts, st.load, most, st.nmsgs, nmsgs);
            for (long t = 0; t < ntiles; ++t) {
                int c[SWT_MAX_DIMS];
                swt_shape_coords(g, t, c);
                for (int d = 0; d < g->ndims; ++d) {
                    UNIT_CHECK_EQ(swt_net_link_load(net, c, d, 1), walk[(2 * d + 1) * ntiles + t]);
                    UNIT_CHECK_EQ(swt_net_link_load(net, c, d, -1), walk[(2 * d) * ntiles + t]);
                }
            }
        }
    }
    swt_ring_destroy(ring);
    swt_net_destroy(net);
    free(walk);
    swt_topo_destroy(topo);
}

static void check_walk(const char *spec)
{
    check_walk_topo(unit_topo_load(spec), spec);
}

/*
 * torus:4x2, Swing, 4 parts: step 2 is (x, k1) for every part (y has run
 * out), parts 0 and 1 send alike, and so do 2 and 3: load 2, where steps
 * 0 and 1 (x and y in each part) have load 1.
 */
START_TEST(test_parts_unequal)
{
    swt_topo_t *topo = unit_topo_load("torus:4x2");
    swt_net_t *net = NULL;
    swt_phase_stats_t st;
    static const long want[3] = { 1, 1, 2 };

    ck_assert_int_eq(SWT_OK, swt_net_create(topo, &net));
    for (int i = 0; i < 3; ++i) {
        ck_assert_int_eq(SWT_OK, swt_net_load_parts(net, SWT_ALG_SWING, 4, i, NULL, NULL, &st));
        UNIT_CHECK_EQ(st.load, want[i]);
        UNIT_CHECK_EQ(st.nmsgs, 32);
        UNIT_CHECK_EQ(st.max_hops, 1);
    }
    ck_assert_int_eq(SWT_ERR_INVALID,
                     swt_net_load_parts(net, SWT_ALG_SWING, 5, 0, NULL, NULL, &st));
    ck_assert_int_eq(SWT_ERR_INVALID, swt_net_load_parts(net, SWT_ALG_RD, 3, 0, NULL, NULL, &st));
    swt_net_destroy(net);
    swt_topo_destroy(topo);
}
END_TEST

/*
 * A 4x4 torus laid row-major over the 5 usable columns of a 6x4 grid whose
 * x has no wrap-around link: a logical x step can change both physical
 * coordinates. Rank 4 = logical (0,1) sits on tile (4,0); Swing s = 0
 * sends it + to (1,1) = rank 5 on tile (0,1). Dimension-ordered: x first,
 * straight from 4 to 0 (no wrap link: - direction, 4 hops), then y + from
 * 0 to 1 (1 hop): 5 hops in two runs.
 */
static const char *mesh_text = "name meshy\n"
                               "grid 6x4 wrap=0,1\n"
                               "kind io 5,*\n"
                               "kind node rest\n"
                               "usable node\n"
                               "logical 4x4\n"
                               "map row-major\n";

START_TEST(test_nonseparable)
{
    swt_topo_t *topo = NULL;
    swt_net_t *net = NULL;
    swt_diag_t d;
    swt_move_t mv;
    swt_route_t rt;
    long to;

    ck_assert_msg(SWT_OK == swt_topo_parse(mesh_text, "mesh", &topo, &d), "%d:%d: %s", d.line,
                  d.col, d.msg);
    ck_assert_int_eq(SWT_OK, swt_net_create(topo, &net));
    ck_assert(swt_net_message(net, SWT_ALG_SWING, 0, 4, &to, &mv));
    UNIT_CHECK_EQ(to, 5);
    UNIT_CHECK_EQ(mv.dir, 1);
    swt_net_route(net, 4, to, mv.dir, &rt);
    UNIT_CHECK_EQ(rt.nsegs, 2);
    UNIT_CHECK_EQ(rt.segs[0].dim, 0);
    UNIT_CHECK_EQ(rt.segs[0].dir, -1);
    UNIT_CHECK_EQ(rt.segs[0].hops, 4);
    UNIT_CHECK_EQ(rt.segs[1].dim, 1);
    UNIT_CHECK_EQ(rt.segs[1].dir, 1);
    UNIT_CHECK_EQ(rt.segs[1].hops, 1);
    UNIT_CHECK_EQ(rt.segs[1].from[0], 0);
    UNIT_CHECK_EQ(rt.segs[1].from[1], 0);
    UNIT_CHECK_EQ(rt.hops, 5);
    swt_net_destroy(net);
    swt_topo_destroy(topo);
}
END_TEST

START_TEST(test_load_walk)
{
    check_walk("ring:8");
    check_walk("ring:12");
    check_walk("ring:6");
    check_walk("torus:4x4");
    check_walk("torus:4x2");
    check_walk("torus:8x2");
    check_walk("torus:6x10");
    check_walk("torus:3x4x5");
    check_walk("torus:2x8x4");
    check_walk("n150");
    check_walk("n150-72:harvest=3");
    check_walk("@" SWT_TEST_GOLDEN "/ring4-on-6.topo");
    {
        swt_topo_t *topo = NULL;
        ck_assert_int_eq(SWT_OK, swt_topo_parse(mesh_text, "mesh", &topo, NULL));
        check_walk_topo(topo, "meshy");
    }
}
END_TEST

/* The messages of the phases are the sends of the step lists, part by
   part (part 0: the single-port list). */
static void check_sched_parts(const char *spec)
{
    swt_topo_t *topo = unit_topo_load(spec);
    const swt_shape_t *sh = swt_topo_logical(topo);
    swt_net_t *net = NULL;

    ck_assert_int_eq(SWT_OK, swt_net_create(topo, &net));
    for (int a = 0; a < 2; ++a) {
        int nparts = swt_alg_nparts(sh, (swt_alg_t) a);
        for (int j = 0; j < nparts; ++j) {
            for (long pos = 0; pos < swt_shape_size(sh); ++pos) {
                swt_sched_t *sched = NULL;
                int n = 0;
                ck_assert_int_eq(SWT_OK, swt_sched_create_part(topo, (swt_alg_t) a, SWT_KIND_BO,
                                                               pos, j, nparts, &sched));
                for (int i = 0; i < swt_net_nphases(net); ++i) {
                    const swt_step_t *st;
                    swt_move_t mv;
                    long to;
                    if (!swt_net_part_message(net, (swt_alg_t) a, j, i, pos, &to, &mv)) {
                        continue;
                    }
                    /* skip receive-only steps and the allgather */
                    while (NULL != (st = swt_sched_step(sched, n))
                           && (SWT_OP_FOLD_RECV == st->op || SWT_OP_UNFOLD_RECV == st->op
                               || SWT_OP_AG == st->op)) {
                        ++n;
                    }
                    ck_assert_ptr_nonnull(st);
                    ++n;
                    UNIT_CHECK(st->peer == to && st->move.dir == mv.dir && st->move.dim == mv.dim
                                   && st->move.dist == mv.dist,
                               "%s alg %d part %d pos %ld phase %d: sched peer %ld dim %d dir %d, "
                               "net %ld %d %d",
                               spec, a, j, pos, i, st->peer, st->move.dim, st->move.dir, to, mv.dim,
                               mv.dir);
                }
                swt_sched_destroy(sched);
            }
        }
    }
    swt_net_destroy(net);
    swt_topo_destroy(topo);
}

START_TEST(test_messages_match_sched)
{
    static const char *const specs[] = { "ring:8",    "ring:6",      "ring:7",
                                         "torus:4x4", "torus:8x2",   "torus:6x10",
                                         "torus:3x5", "torus:3x4x5", "n150" };
    for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); ++i) {
        check_sched_parts(specs[i]);
    }
}
END_TEST

/* A 1024x1024 torus: one sweep is O(p), and still exact. */
START_TEST(test_large)
{
    swt_topo_t *topo = unit_topo_load("torus:1024x1024");
    swt_net_t *net = NULL;
    swt_phase_stats_t st;

    ck_assert_int_eq(SWT_OK, swt_net_create(topo, &net));
    ck_assert_int_eq(20, swt_net_nphases(net));
    /* last step: y, k = 9, delta(9) = 341 */
    ck_assert_int_eq(SWT_OK, swt_net_load(net, SWT_ALG_SWING, 19, NULL, NULL, &st));
    UNIT_CHECK_EQ(st.nmsgs, 1L << 20);
    UNIT_CHECK_EQ(st.max_hops, 341);
    UNIT_CHECK_EQ(st.sum_hops, 341L << 20);
    swt_net_destroy(net);
    swt_topo_destroy(topo);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("route");
    TCase *tc = tcase_create("route");

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_ring8);
    tcase_add_test(tc, test_torus4x4);
    tcase_add_test(tc, test_torus8x8_uniform);
    tcase_add_test(tc, test_ring6_fold);
    tcase_add_test(tc, test_n150_traced);
    tcase_add_test(tc, test_n150_rank56);
    tcase_add_test(tc, test_nonseparable);
    tcase_add_test(tc, test_load_walk);
    tcase_add_test(tc, test_messages_match_sched);
    tcase_add_test(tc, test_parts_unequal);
    tcase_add_test(tc, test_large);
    suite_add_tcase(s, tc);
    return unit_run(s);
}
