/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Measured decision tables (topology/table/swt_table.h): decide rows in a
 * description and in a decision file, the rows left out with a warning
 * (bad range, overlapping, out of order) while the rest loads, the lookup
 * by collective, communicator size and bytes, and the printed form.
 */
#include "swt_table.h"

#include <unistd.h>

#include "unit_util.h"

static swt_topo_t *parse_ok(const char *text)
{
    swt_topo_t *t = NULL;
    swt_diag_t d;
    int err = swt_topo_parse(text, "my.topo", &t, &d);

    ck_assert_msg(SWT_OK == err, "%s:%d:%d: %s", d.origin, d.line, d.col, d.msg);
    return t;
}

/* The warning that names line:col of my.topo and says what. */
static void has_warning(const swt_table_t *tab, int line, int col, const char *what)
{
    char where[64];

    snprintf(where, sizeof(where), "%s:%d:%d: ", swt_table_origin(tab), line, col);
    for (int i = 0; i < swt_table_nwarnings(tab); ++i) {
        const char *w = swt_table_warning(tab, i);
        if (0 == strncmp(w, where, strlen(where)) && NULL != strstr(w, what)) {
            return;
        }
    }
    ck_abort_msg("no warning '%s...%s' among %d (first: %s)", where, what, swt_table_nwarnings(tab),
                 swt_table_nwarnings(tab) ? swt_table_warning(tab, 0) : "none");
}

START_TEST(test_rows)
{
    swt_topo_t *t = parse_ok("logical 8\n"
                             "decide allreduce 0-16K swing_lo\n"
                             "decide allreduce 16385-1M swing_bo_mp   # a comment\n"
                             "decide allreduce 4M- previous\n"
                             "decide allgather 0-64 rd ranks=8\n"
                             "decide lo_max_bytes=2048\n");
    const swt_table_t *tab = swt_topo_table(t);
    const swt_table_row_t *r;

    ck_assert_int_eq(swt_table_nrows(tab), 4);
    ck_assert_int_eq(swt_table_nwarnings(tab), 0);
    ck_assert_int_eq(swt_topo_lo_max_bytes(t), 2048);
    r = swt_table_row(tab, 0);
    ck_assert_str_eq(r->coll, "allreduce");
    ck_assert_str_eq(r->alg, "swing_lo");
    ck_assert(0 == r->lo && 16384 == r->hi && 0 == r->ranks && 2 == r->line);
    r = swt_table_row(tab, 1);
    ck_assert(16385 == r->lo && 1048576 == r->hi);
    r = swt_table_row(tab, 2);
    ck_assert(4194304 == r->lo && SWT_TABLE_NO_END == r->hi);
    ck_assert_str_eq(r->alg, "previous");
    r = swt_table_row(tab, 3);
    ck_assert(8 == r->ranks && 64 == r->hi);
    swt_topo_destroy(t);
}
END_TEST

/* A row covers exactly its range: not one byte below, not one above. */
START_TEST(test_find)
{
    swt_topo_t *t = parse_ok("logical 8\n"
                             "decide allreduce 100-200 rd_bo\n"
                             "decide allreduce 300- ring\n"
                             "decide allreduce 0-1K swing_lo ranks=4\n");
    const swt_table_t *tab = swt_topo_table(t);
    int idx[8];

    ck_assert_ptr_null(swt_table_find(tab, "allreduce", 8, 99));
    ck_assert_str_eq(swt_table_find(tab, "allreduce", 8, 100)->alg, "rd_bo");
    ck_assert_str_eq(swt_table_find(tab, "allreduce", 8, 200)->alg, "rd_bo");
    ck_assert_ptr_null(swt_table_find(tab, "allreduce", 8, 201));
    ck_assert_ptr_null(swt_table_find(tab, "allreduce", 8, 299));
    ck_assert_str_eq(swt_table_find(tab, "allreduce", 8, 300)->alg, "ring");
    ck_assert_str_eq(swt_table_find(tab, "allreduce", 8, 1ULL << 50)->alg, "ring");
    ck_assert_ptr_null(swt_table_find(tab, "allgather", 8, 150));
    /* a communicator of 4 ranks has rows of its own: only those */
    ck_assert_str_eq(swt_table_find(tab, "allreduce", 4, 150)->alg, "swing_lo");
    ck_assert_ptr_null(swt_table_find(tab, "allreduce", 4, 2000));
    ck_assert_int_eq(swt_table_select(tab, "allreduce", 4, idx, 8), 1);
    ck_assert_int_eq(idx[0], 2);
    ck_assert_int_eq(swt_table_select(tab, "allreduce", 16, idx, 8), 2);
    ck_assert(0 == idx[0] && 1 == idx[1]);
    swt_topo_destroy(t);
}
END_TEST

/*
 * Bad rows are left out, each with one warning naming my.topo, its line
 * and column; the description loads with the good ones.
 */
START_TEST(test_bad_rows)
{
    swt_topo_t *t = parse_ok("logical 8\n"
                             "decide allreduce 0-16K swing_lo\n"       /* 2: kept */
                             "decide allreduce 8K-32K swing_bo\n"      /* 3: overlaps */
                             "decide allreduce 64K-1M swing_bo\n"      /* 4: kept */
                             "decide allreduce 32K-48K rd_bo\n"        /* 5: out of order */
                             "decide allreduce 2M-1M ring\n"           /* 6: empty */
                             "decide allreduce 2x-4M ring\n"           /* 7: bad range */
                             "decide allreduce 2M-4M\n"                /* 8: no algorithm */
                             "decide Allreduce 2M-4M ring\n"           /* 9: not a name */
                             "decide allreduce 2M-4M ring ranks=0\n"   /* 10: bad ranks */
                             "decide allreduce 2M-4M ring ranks=4 x\n" /* 11: too many words */
                             "decide allreduce 0-1K rd_lo ranks=4\n"   /* 12: kept, its own group */
                             "decide allgather 0-1K rd\n");            /* 13: kept */
    const swt_table_t *tab = swt_topo_table(t);

    ck_assert_int_eq(swt_table_nrows(tab), 4);
    ck_assert_int_eq(swt_table_nwarnings(tab), 8);
    ck_assert_int_eq(swt_table_row(tab, 0)->line, 2);
    ck_assert_int_eq(swt_table_row(tab, 1)->line, 4);
    ck_assert_int_eq(swt_table_row(tab, 2)->line, 12);
    ck_assert_int_eq(swt_table_row(tab, 3)->line, 13);
    has_warning(tab, 3, 18, "allreduce 8K-32K overlaps 0-16K at line 2");
    has_warning(tab, 5, 18, "allreduce 32K-48K is out of order, below 64K-1M at line 4");
    has_warning(tab, 6, 18, "the range 2M-1M is empty");
    has_warning(tab, 7, 18, "bad size range '2x-4M'");
    has_warning(tab, 8, 23, "expected 'decide COLLECTIVE LO-HI ALGORITHM [ranks=N]'");
    has_warning(tab, 9, 8, "'Allreduce' is not a collective's name");
    has_warning(tab, 10, 29, "expected ranks=N");
    has_warning(tab, 11, 37, "expected 'decide COLLECTIVE");
    for (int i = 0; i < swt_table_nwarnings(tab); ++i) {
        ck_assert_ptr_nonnull(strstr(swt_table_warning(tab, i), "decide row ignored"));
    }
    swt_topo_destroy(t);
}
END_TEST

/* One word after decide stays what it was: lo_max_bytes=N or an error. */
START_TEST(test_lo_max_still)
{
    swt_topo_t *t = NULL;
    swt_diag_t d;

    ck_assert_int_eq(swt_topo_parse("logical 4\ndecide allreduce\n", "x", &t, &d), SWT_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(d.msg, "expected lo_max_bytes=BYTES"));
    t = parse_ok("logical 4\ndecide allreduce 0- rd_lo\ndecide lo_max_bytes=64\n");
    ck_assert_int_eq(swt_topo_lo_max_bytes(t), 64);
    ck_assert_int_eq(swt_table_nrows(swt_topo_table(t)), 1);
    swt_topo_destroy(t);
    t = parse_ok("logical 4\n");
    ck_assert_ptr_null(swt_topo_table(t));
    ck_assert_int_eq(swt_table_nrows(swt_topo_table(t)), 0);
    swt_topo_destroy(t);
}
END_TEST

/* Rows print as written (suffixes where exact) and read back equal. */
START_TEST(test_round_trip)
{
    swt_topo_t *t = parse_ok("logical 4x2\n"
                             "decide reduce_scatter 0-8192 swing\n"
                             "decide reduce_scatter 8193-1048576 ring ranks=8\n"
                             "decide allreduce 1G- previous\n");
    swt_topo_t *u = NULL, *v = NULL;
    char text[8192];

    swt_topo_format(t, text, sizeof(text));
    ck_assert_ptr_nonnull(strstr(text, "decide reduce_scatter 0-8K swing\n"
                                       "decide reduce_scatter 8193-1M ring ranks=8\n"
                                       "decide allreduce 1G- previous\n"));
    ck_assert_int_eq(swt_topo_parse(text, "formatted", &u, NULL), SWT_OK);
    ck_assert(swt_topo_equal(t, u));
    v = parse_ok("logical 4x2\n"
                 "decide reduce_scatter 0-8192 swing\n"
                 "decide reduce_scatter 8193-1048576 rd ranks=8\n"
                 "decide allreduce 1G- previous\n");
    ck_assert(!swt_topo_equal(t, v) || 0 != strcmp(swt_topo_name(t), swt_topo_name(v)));
    swt_topo_destroy(t);
    swt_topo_destroy(u);
    swt_topo_destroy(v);
}
END_TEST

/*
 * A decision file: rows and comments; anything else of a description is
 * left out with a warning, as are bad rows; a file that is not text fails.
 */
START_TEST(test_file)
{
    char path[] = "/tmp/swt_table_XXXXXX";
    const char *text = "# swing-tune output\n"
                       "decide allreduce 0-1K rd_lo ranks=2\n"
                       "name foo\n"
                       "decide lo_max_bytes=3\n"
                       "decide allreduce 512-2K swing_bo ranks=2\n"
                       "decide allreduce 1025-2K swing_bo ranks=2\n";
    swt_table_t *tab = NULL;
    swt_diag_t d;
    int fd = mkstemp(path);
    char out[1024];

    ck_assert(fd >= 0);
    ck_assert_int_eq(write(fd, text, strlen(text)), (int) strlen(text));
    close(fd);
    ck_assert_int_eq(swt_table_load(path, &tab, &d), SWT_OK);
    ck_assert_str_eq(swt_table_origin(tab), path);
    ck_assert_int_eq(swt_table_nrows(tab), 2);
    ck_assert_int_eq(swt_table_nwarnings(tab), 3);
    has_warning(tab, 3, 1, "'name' ignored: a decision file holds decide rows only");
    has_warning(tab, 4, 8, "'decide lo_max_bytes' ignored");
    has_warning(tab, 5, 18, "overlaps 0-1K at line 2");
    swt_table_format(tab, out, sizeof(out));
    ck_assert_str_eq(out, "decide allreduce 0-1K rd_lo ranks=2\n"
                          "decide allreduce 1025-2K swing_bo ranks=2\n");
    swt_table_destroy(tab);
    unlink(path);
    ck_assert_int_eq(swt_table_load(path, &tab, &d), SWT_ERR_IO);
    ck_assert_ptr_null(tab);
    ck_assert_int_eq(swt_table_parse("decide allreduce 0- rd\nbogus\n", "f", &tab, &d),
                     SWT_ERR_PARSE);
    ck_assert_int_eq(d.line, 2);
    ck_assert_ptr_null(tab);
}
END_TEST

START_TEST(test_range_names)
{
    swt_table_row_t r = { "allreduce", "ring", 16385, 1 << 20, 0, 1 };
    char buf[48];

    ck_assert_str_eq(swt_table_range(&r, buf, sizeof(buf)), "16385-1M");
    r.lo = 0;
    r.hi = SWT_TABLE_NO_END;
    ck_assert_str_eq(swt_table_range(&r, buf, sizeof(buf)), "0-");
    r.lo = 3ULL << 30;
    ck_assert_str_eq(swt_table_range(&r, buf, sizeof(buf)), "3G-");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("table");
    TCase *tc = tcase_create("table");

    tcase_add_test(tc, test_rows);
    tcase_add_test(tc, test_find);
    tcase_add_test(tc, test_bad_rows);
    tcase_add_test(tc, test_lo_max_still);
    tcase_add_test(tc, test_round_trip);
    tcase_add_test(tc, test_file);
    tcase_add_test(tc, test_range_names);
    suite_add_tcase(s, tc);
    return unit_run(s);
}
