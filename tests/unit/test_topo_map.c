/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Machine descriptions, mapping side: logical position -> physical tile and
 * back, tile kinds, hidden tiles, harvested rows and rank orders, for the
 * n150 presets (checked against N150.md) and for plain and hand-written
 * descriptions.
 */
#include "swt_topo.h"
#include "unit_util.h"

#ifndef SWT_TEST_DATA
#define SWT_TEST_DATA "unit/data"
#endif

static swt_topo_t *parse(const char *text)
{
    swt_topo_t *t = NULL;
    swt_diag_t d;
    int err = swt_topo_parse(text, "test", &t, &d);
    ck_assert_msg(SWT_OK == err, "%d:%d: %s", d.line, d.col, d.msg);
    return t;
}

/* Physical tile of logical 2D coordinates (lx, ly). */
static void tile_of(const swt_topo_t *t, int lx, int ly, int *phys)
{
    int c[2] = { lx, ly };
    swt_topo_tile(t, swt_shape_pos(swt_topo_logical(t), c), phys);
}

START_TEST(test_n150_shape)
{
    swt_topo_t *t = unit_topo_load("n150");
    const swt_shape_t *l = swt_topo_logical(t), *g = swt_topo_grid(t);

    ck_assert_str_eq(swt_topo_name(t), "n150");
    ck_assert(swt_topo_has_grid(t));
    ck_assert_int_eq(l->ndims, 2);
    ck_assert_int_eq(l->dims[0], 8);
    ck_assert_int_eq(l->dims[1], 8);
    ck_assert_int_eq(g->ndims, 2);
    ck_assert_int_eq(g->dims[0], 10);
    ck_assert_int_eq(g->dims[1], 12);
    ck_assert_int_eq(swt_topo_wraps(t, 0), 1);
    ck_assert_int_eq(swt_topo_wraps(t, 1), 1);
    ck_assert_int_eq(swt_topo_wraps(t, 2), 0);
    swt_topo_destroy(t);
}
END_TEST

/* The cases N150.md names, one by one. */
START_TEST(test_n150_named_tiles)
{
    swt_topo_t *t = unit_topo_load("n150");
    int p[2];

    tile_of(t, 0, 0, p); /* logical (0,0) is physical 1-1 */
    ck_assert_int_eq(p[0], 1);
    ck_assert_int_eq(p[1], 1);
    tile_of(t, 3, 0, p); /* logical column 3 is x = 4 */
    ck_assert_int_eq(p[0], 4);
    tile_of(t, 4, 0, p); /* column 4 is x = 6: the DRAM column between */
    ck_assert_int_eq(p[0], 6);
    tile_of(t, 0, 7, p); /* logical row 7 is y = 9 */
    ck_assert_int_eq(p[0], 1);
    ck_assert_int_eq(p[1], 9);
    tile_of(t, 0, 5, p); /* row 5 is y = 7: the Ethernet row between */
    ck_assert_int_eq(p[1], 7);
    tile_of(t, 7, 7, p);
    ck_assert_int_eq(p[0], 9);
    ck_assert_int_eq(p[1], 9);
    swt_topo_destroy(t);
}
END_TEST

/* N150.md's kind table, tile by tile, computed independently here. */
static const char *expected_kind(int x, int y)
{
    if (5 == x || (0 == x && (0 == y || 1 == y || 5 == y || 6 == y || 7 == y || 11 == y))) {
        return "dram";
    }
    if (0 == x) {
        return 3 == y ? "pcie" : 10 == y ? "arc" : "router";
    }
    if (0 == y || 6 == y) {
        return "eth";
    }
    return "tensix";
}

START_TEST(test_n150_kinds_and_hidden)
{
    swt_topo_t *t = unit_topo_load("n150");
    long hosts = 0, tensix = 0;
    int p[2];

    for (int y = 0; y < 12; ++y) {
        for (int x = 0; x < 10; ++x) {
            int c[2] = { x, y };
            long pos = swt_topo_pos_at(t, c);
            ck_assert_str_eq(swt_topo_kind(t, c), expected_kind(x, y));
            tensix += 0 == strcmp(expected_kind(x, y), "tensix");
            if (pos < 0) {
                ck_assert_int_eq(pos, -1);
                continue;
            }
            ++hosts;
            ck_assert_str_eq(swt_topo_kind(t, c), "tensix");
            swt_topo_tile(t, pos, p);
            ck_assert_int_eq(p[0], x);
            ck_assert_int_eq(p[1], y);
        }
    }
    ck_assert_int_eq(tensix, 80);
    ck_assert_int_eq(hosts, 64);
    /* hidden: DRAM, Ethernet, and the Tensix rows 10 and 11 left over */
    ck_assert_int_eq(swt_topo_pos_at(t, (int[]){ 0, 0 }), -1);
    ck_assert_int_eq(swt_topo_pos_at(t, (int[]){ 5, 3 }), -1);
    ck_assert_int_eq(swt_topo_pos_at(t, (int[]){ 2, 6 }), -1);
    ck_assert_int_eq(swt_topo_pos_at(t, (int[]){ 3, 10 }), -1);
    /* outside the grid */
    ck_assert_int_eq(swt_topo_pos_at(t, (int[]){ 10, 0 }), -1);
    ck_assert_int_eq(swt_topo_pos_at(t, (int[]){ 0, -1 }), -1);
    ck_assert_ptr_null(swt_topo_kind(t, (int[]){ 0, 12 }));
    swt_topo_tile(t, 64, p);
    ck_assert_int_eq(p[0], -1);
    swt_topo_destroy(t);
}
END_TEST

/* Rows used with row Y harvested (0: none), from N150.md's rule: the 8
   lowest Tensix rows left. */
static void expected_rows(int harvested, int *rows)
{
    static const int tensix_rows[] = { 1, 2, 3, 4, 5, 7, 8, 9, 10, 11 };
    int n = 0;
    for (int i = 0; i < 10 && n < 8; ++i) {
        if (tensix_rows[i] != harvested) {
            rows[n++] = tensix_rows[i];
        }
    }
}

static const int harvest_rows[] = { 0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11 };

START_TEST(test_n150_harvest)
{
    static const int cols[8] = { 1, 2, 3, 4, 6, 7, 8, 9 };
    int y = harvest_rows[_i], rows[8], p[2];
    char spec[32];
    swt_topo_t *t;

    if (0 == y) {
        t = unit_topo_load("n150:harvest=none");
    } else {
        snprintf(spec, sizeof(spec), "n150:harvest=%d", y);
        t = unit_topo_load(spec);
        ck_assert_str_eq(swt_topo_name(t), spec);
    }
    expected_rows(y, rows);
    for (int ly = 0; ly < 8; ++ly) {
        for (int lx = 0; lx < 8; ++lx) {
            tile_of(t, lx, ly, p);
            ck_assert_int_eq(p[0], cols[lx]);
            ck_assert_int_eq(p[1], rows[ly]);
        }
    }
    for (int x = 0; x < 10 && y > 0; ++x) {
        int c[2] = { x, y };
        if (0 != x && 5 != x) {
            ck_assert_str_eq(swt_topo_kind(t, c), "harvested");
        }
        ck_assert_int_eq(swt_topo_pos_at(t, c), -1);
    }
    swt_topo_destroy(t);
}
END_TEST

START_TEST(test_n150_harvest3_rows)
{
    swt_topo_t *t = unit_topo_load("n150:harvest=3");
    int p[2];
    tile_of(t, 0, 2, p); /* row 3 is gone: logical row 2 is y = 4 */
    ck_assert_int_eq(p[1], 4);
    tile_of(t, 0, 7, p); /* and the last row is y = 10 */
    ck_assert_int_eq(p[1], 10);
    swt_topo_destroy(t);
}
END_TEST

START_TEST(test_n150_72)
{
    swt_topo_t *t = unit_topo_load("n150-72");
    long hosts = 0;
    int p[2];

    ck_assert_int_eq(swt_topo_logical(t)->dims[0], 8);
    ck_assert_int_eq(swt_topo_logical(t)->dims[1], 9);
    for (int y = 0; y < 12; ++y) {
        for (int x = 0; x < 10; ++x) {
            int c[2] = { x, y };
            int exposed = 0 == strcmp(expected_kind(x, y), "tensix") && 11 != y;
            ck_assert_int_eq(swt_topo_pos_at(t, c) >= 0, exposed);
            hosts += exposed;
        }
    }
    ck_assert_int_eq(hosts, 72);
    tile_of(t, 0, 8, p);
    ck_assert_int_eq(p[1], 10);
    swt_topo_destroy(t);
    t = unit_topo_load("n150-72:harvest=3");
    tile_of(t, 0, 8, p);
    ck_assert_int_eq(p[1], 11);
    ck_assert_int_eq(swt_topo_pos_at(t, (int[]){ 1, 3 }), -1);
    swt_topo_destroy(t);
}
END_TEST

START_TEST(test_plain_torus)
{
    swt_topo_t *t = unit_topo_load("torus:6x10");
    const swt_shape_t *l = swt_topo_logical(t);
    int p[2];

    ck_assert_str_eq(swt_topo_name(t), "torus:6x10");
    ck_assert(!swt_topo_has_grid(t));
    ck_assert_int_eq(swt_topo_grid(t)->dims[0], 6);
    ck_assert_int_eq(swt_topo_grid(t)->dims[1], 10);
    ck_assert_int_eq(swt_topo_wraps(t, 0), 1);
    ck_assert_int_eq(swt_topo_wraps(t, 1), 1);
    for (long pos = 0; pos < 60; ++pos) {
        int c[2];
        swt_shape_coords(l, pos, c);
        swt_topo_tile(t, pos, p);
        ck_assert_int_eq(p[0], c[0]);
        ck_assert_int_eq(p[1], c[1]);
        ck_assert_int_eq(swt_topo_pos_at(t, p), pos);
        ck_assert_str_eq(swt_topo_kind(t, p), "node");
        ck_assert_int_eq(swt_topo_rank_pos(t, pos), pos);
        ck_assert_int_eq(swt_topo_pos_rank(t, pos), pos);
    }
    ck_assert_int_eq(swt_topo_pos_at(t, (int[]){ 6, 0 }), -1);
    ck_assert_int_eq(swt_topo_rank_pos(t, 60), -1);
    ck_assert_int_eq(swt_topo_pos_rank(t, -1), -1);
    swt_topo_destroy(t);
    t = unit_topo_load("ring:5");
    ck_assert_int_eq(swt_topo_logical(t)->ndims, 1);
    ck_assert_int_eq(swt_topo_logical(t)->dims[0], 5);
    swt_topo_destroy(t);
    t = unit_topo_load("4x4x4");
    ck_assert_str_eq(swt_topo_name(t), "torus:4x4x4");
    ck_assert_int_eq(swt_topo_logical(t)->ndims, 3);
    swt_topo_destroy(t);
}
END_TEST

START_TEST(test_rank_order)
{
    /* a snake: ranks 0-7 on row 0 left to right, 8-15 on row 1 right to left */
    swt_topo_t *t = parse("logical 8x2\norder 0-7 15-8\n");

    for (long r = 0; r < 16; ++r) {
        long expect = r < 8 ? r : 8 + (15 - r);
        ck_assert_int_eq(swt_topo_rank_pos(t, r), expect);
        ck_assert_int_eq(swt_topo_pos_rank(t, expect), r);
    }
    ck_assert_int_eq(swt_topo_rank_pos(t, 16), -1);
    swt_topo_destroy(t);
    t = parse("logical 2x2 # comment\norder 3,2 1 0\n");
    ck_assert_int_eq(swt_topo_rank_pos(t, 0), 3);
    ck_assert_int_eq(swt_topo_pos_rank(t, 3), 0);
    ck_assert_int_eq(swt_topo_rank_pos(t, 2), 1);
    swt_topo_destroy(t);
    t = unit_topo_load("n150");
    ck_assert_int_eq(swt_topo_rank_pos(t, 9), 9);
    swt_topo_destroy(t);
}
END_TEST

START_TEST(test_explicit_tiles_and_wrap)
{
    swt_topo_t *t = parse("grid 3x1 wrap=0,1\nkind a rest\nlogical 3\n"
                          "map tiles 2,0 0,0 1,0\n");
    int p[2];

    ck_assert_int_eq(swt_topo_wraps(t, 0), 0);
    ck_assert_int_eq(swt_topo_wraps(t, 1), 1);
    swt_topo_tile(t, 0, p);
    ck_assert_int_eq(p[0], 2);
    swt_topo_tile(t, 1, p);
    ck_assert_int_eq(p[0], 0);
    ck_assert_int_eq(swt_topo_pos_at(t, (int[]){ 1, 0 }), 2);
    swt_topo_destroy(t);
}
END_TEST

START_TEST(test_row_major_3d)
{
    /* 2x2x2 grid, tile 0,0,0 not usable: positions fill the other seven */
    swt_topo_t *t = parse("grid 2x2x2\nkind io 0,0,0\nkind cpu rest\n"
                          "usable cpu\nlogical 7\n");
    int p[3];

    swt_topo_tile(t, 0, p);
    ck_assert_int_eq(p[0], 1);
    ck_assert_int_eq(p[1], 0);
    ck_assert_int_eq(p[2], 0);
    swt_topo_tile(t, 6, p);
    ck_assert(1 == p[0] && 1 == p[1] && 1 == p[2]);
    ck_assert_int_eq(swt_topo_pos_at(t, (int[]){ 0, 0, 0 }), -1);
    ck_assert_str_eq(swt_topo_kind(t, (int[]){ 0, 0, 0 }), "io");
    swt_topo_destroy(t);
}
END_TEST

START_TEST(test_harvest_axis)
{
    /* column 1 harvested: logical columns are physical 0 and 2 */
    swt_topo_t *t = parse("grid 3x3\nkind a rest\nharvest x 1\nlogical 2x3\n"
                          "map x auto\nmap y auto\n");
    int p[2];

    tile_of(t, 1, 2, p);
    ck_assert_int_eq(p[0], 2);
    ck_assert_int_eq(p[1], 2);
    ck_assert_str_eq(swt_topo_kind(t, (int[]){ 1, 0 }), "harvested");
    swt_topo_destroy(t);
}
END_TEST

/* The example of the format documentation (topology/presets/FORMAT.md). */
START_TEST(test_documented_example)
{
    swt_topo_t *t = unit_topo_load("@" SWT_TEST_DATA "/example.topo");
    int p[2];

    ck_assert_str_eq(swt_topo_name(t), "example-6x4");
    ck_assert_int_eq(swt_topo_wraps(t, 0), 1);
    ck_assert_int_eq(swt_topo_wraps(t, 1), 0);
    tile_of(t, 0, 0, p); /* rows 0 (io) and 2 (harvested) are skipped */
    ck_assert(1 == p[0] && 1 == p[1]);
    tile_of(t, 2, 1, p); /* column 3 is skipped */
    ck_assert(4 == p[0] && 3 == p[1]);
    ck_assert_int_eq(swt_topo_rank_pos(t, 4), 7); /* the snake */
    swt_topo_tile(t, swt_topo_rank_pos(t, 4), p);
    ck_assert(5 == p[0] && 3 == p[1]);
    ck_assert_str_eq(swt_topo_kind(t, (int[]){ 3, 1 }), "cpu");
    ck_assert_int_eq(swt_topo_pos_at(t, (int[]){ 3, 1 }), -1);
    ck_assert_str_eq(swt_topo_kind(t, (int[]){ 2, 2 }), "harvested");
    ck_assert_str_eq(swt_topo_kind(t, (int[]){ 0, 2 }), "mem");
    ck_assert(swt_topo_cost(t)->beta == 16e9);
    swt_topo_destroy(t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("topo_map");
    TCase *tc = tcase_create("map");

    tcase_add_test(tc, test_n150_shape);
    tcase_add_test(tc, test_n150_named_tiles);
    tcase_add_test(tc, test_n150_kinds_and_hidden);
    tcase_add_loop_test(tc, test_n150_harvest, 0,
                        (int) (sizeof(harvest_rows) / sizeof(harvest_rows[0])));
    tcase_add_test(tc, test_n150_harvest3_rows);
    tcase_add_test(tc, test_n150_72);
    tcase_add_test(tc, test_plain_torus);
    tcase_add_test(tc, test_rank_order);
    tcase_add_test(tc, test_explicit_tiles_and_wrap);
    tcase_add_test(tc, test_row_major_3d);
    tcase_add_test(tc, test_harvest_axis);
    tcase_add_test(tc, test_documented_example);
    suite_add_tcase(s, tc);
    return unit_run(s);
}
