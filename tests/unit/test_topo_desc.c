/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Machine descriptions, parser side: every preset and shape round-trips
 * through swt_topo_format, and every broken description (the corpus in
 * tests/unit/data/ and the inline cases below) is rejected with its own
 * error at its own line and column. Also run under valgrind (valgrind_topo.sh).
 */
#include "swt_topo.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef SWT_TEST_DATA
#define SWT_TEST_DATA "unit/data"
#endif

static char *format_alloc(const swt_topo_t *t)
{
    int n = swt_topo_format(t, NULL, 0);
    char *buf = malloc((size_t) n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(swt_topo_format(t, buf, (size_t) n + 1), n);
    ck_assert_uint_eq(strlen(buf), (size_t) n);
    return buf;
}

static const char *const round_trip_specs[] = {
    "n150",
    "n150:harvest=3",
    "n150:harvest=11",
    "n150:harvest=1",
    "n150-72",
    "n150-72:harvest=5",
    "n150-72:harvest=none",
    "torus",
    "ring:8",
    "ring:1",
    "torus:8x8",
    "torus:4x4x4",
    "torus:6x10",
    "4x4x4",
    "torus:2x2x2x2x2x2x2x2",
    "dragonfly",
    "fattree",
    "dragonfly:4,4,2,0.5",
    "dragonfly:6,2:pairs=ring:slots=2",
    "fattree:4,4,2:place=roundrobin",
    "fattree:2,2,1:place=3,3,0,2",
};
#define N_ROUND_TRIP (int) (sizeof(round_trip_specs) / sizeof(round_trip_specs[0]))

/* Round trip of spec i: load, format, parse, compare, format again. */
START_TEST(test_round_trip_spec)
{
    swt_topo_t *a = NULL, *b = NULL;
    swt_diag_t d;
    char *ta, *tb;
    int err = swt_topo_load(round_trip_specs[_i], &a, &d);

    ck_assert_msg(SWT_OK == err, "%s: %s:%d:%d: %s", round_trip_specs[_i], d.origin, d.line, d.col,
                  d.msg);
    ta = format_alloc(a);
    err = swt_topo_parse(ta, "formatted", &b, &d);
    ck_assert_msg(SWT_OK == err, "%s reparse: %d:%d: %s\n%s", round_trip_specs[_i], d.line, d.col,
                  d.msg, ta);
    ck_assert_msg(swt_topo_equal(a, b), "%s differs after round trip", round_trip_specs[_i]);
    tb = format_alloc(b);
    ck_assert_str_eq(ta, tb);
    free(ta);
    free(tb);
    swt_topo_destroy(a);
    swt_topo_destroy(b);
}
END_TEST

/* Every listed preset loads and round-trips, and the list is what we ship. */
START_TEST(test_round_trip_presets)
{
    const char *const *names = swt_topo_presets();
    int n = 0;

    for (; NULL != names[n]; ++n) {
        swt_topo_t *a = NULL, *b = NULL;
        char *text;
        ck_assert_int_eq(swt_topo_load(names[n], &a, NULL), SWT_OK);
        ck_assert_str_eq(swt_topo_name(a), names[n]);
        text = format_alloc(a);
        ck_assert_int_eq(swt_topo_parse(text, "fmt", &b, NULL), SWT_OK);
        ck_assert(swt_topo_equal(a, b));
        free(text);
        swt_topo_destroy(a);
        swt_topo_destroy(b);
    }
    ck_assert_int_eq(n, 5);
    ck_assert_str_eq(names[0], "n150");
    ck_assert_str_eq(names[1], "n150-72");
    ck_assert_str_eq(names[2], "torus");
    ck_assert_str_eq(names[3], "dragonfly");
    ck_assert_str_eq(names[4], "fattree");
}
END_TEST

/* The equality used by the round trip can fail. */
START_TEST(test_equal_detects_differences)
{
    swt_topo_t *a, *b, *c, *e;

    ck_assert_int_eq(swt_topo_load("n150", &a, NULL), SWT_OK);
    ck_assert_int_eq(swt_topo_load("n150:harvest=3:name=n150", &b, NULL), SWT_OK);
    ck_assert_int_eq(swt_topo_parse("logical 8x8\n", "x", &c, NULL), SWT_OK);
    ck_assert_int_eq(swt_topo_parse("logical 8x8\norder 1 0 2-63\n", "x", &e, NULL), SWT_OK);
    ck_assert_str_eq(swt_topo_name(b), "n150");
    ck_assert(swt_topo_equal(a, a));
    ck_assert(!swt_topo_equal(a, b));
    ck_assert(!swt_topo_equal(a, c));
    ck_assert(!swt_topo_equal(c, e));
    swt_topo_destroy(a);
    swt_topo_destroy(b);
    swt_topo_destroy(c);
    swt_topo_destroy(e);
}
END_TEST

/* presets/torus.topo states the same constants as the built-in default. */
START_TEST(test_default_cost_matches_torus_preset)
{
    swt_topo_t *a, *b;
    const swt_cost_params_t *ca, *cb;

    ck_assert_int_eq(swt_topo_load("torus:4x4", &a, NULL), SWT_OK);
    ck_assert_int_eq(swt_topo_parse("logical 4x4\n", "x", &b, NULL), SWT_OK);
    ca = swt_topo_cost(a);
    cb = swt_topo_cost(b);
    ck_assert(ca->alpha == cb->alpha && ca->tau == cb->tau && ca->beta == cb->beta
              && ca->gamma == cb->gamma);
    ck_assert(ca->alpha > 0 && ca->tau > 0 && ca->beta > 0 && ca->gamma > 0);
    swt_topo_destroy(a);
    swt_topo_destroy(b);
}
END_TEST

START_TEST(test_n150_cost)
{
    swt_topo_t *t;
    ck_assert_int_eq(swt_topo_load("n150", &t, NULL), SWT_OK);
    ck_assert(swt_topo_cost(t)->tau == 9e-9);
    ck_assert(swt_topo_cost(t)->beta == 9e9);
    swt_topo_destroy(t);
}
END_TEST

/* set_cost: the parser's domain; a set cost survives the round trip
   exactly, in its shortest form (1e-06, not 9.9999999999999995e-07). */
START_TEST(test_set_cost)
{
    const swt_cost_params_t good = { 1.351e-4, 2.3e-6, 1.086e7, 1.8e-11, 0.0, 0.0 };
    const swt_cost_params_t bad[] = {
        { 0.0, 1e-7, 1e9, 1e-10, 0.0, 0.0 },       { 1e-6, -1e-9, 1e9, 1e-10, 0.0, 0.0 },
        { 1e-6, 1e-7, 0.0, 1e-10, 0.0, 0.0 },      { 1e-6, 1e-7, 1e9, -1.0, 0.0, 0.0 },
        { 1e-6, 1e-7, HUGE_VAL, 1e-10, 0.0, 0.0 }, { NAN, 1e-7, 1e9, 1e-10, 0.0, 0.0 },
        { 1e-6, 1e-7, 1e9, 1e-10, -1e-6, 0.0 },    { 1e-6, 1e-7, 1e9, 1e-10, 0.0, -2.0 },
        { 1e-6, 1e-7, 1e9, 1e-10, HUGE_VAL, 0.0 }, { 1e-6, 1e-7, 1e9, 1e-10, 0.0, NAN }
    };
    const swt_cost_params_t msgs = { 1.351e-4, 2.3e-6, 1.086e7, 1.8e-11, 2.5e-5, 2.0 };
    swt_topo_t *t, *u = NULL;
    char *text;

    ck_assert_int_eq(swt_topo_load("torus:4x4", &t, NULL), SWT_OK);
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); ++i) {
        ck_assert_int_eq(swt_topo_set_cost(t, &bad[i]), SWT_ERR_INVALID);
    }
    ck_assert(swt_topo_cost(t)->alpha == 1e-6);
    ck_assert_int_eq(swt_topo_set_cost(t, &good), SWT_OK);
    text = format_alloc(t);
    ck_assert_ptr_nonnull(
        strstr(text, "cost alpha=0.0001351 tau=2.3e-06 beta=1.086e+07 gamma=1.8e-11\n"));
    ck_assert_int_eq(swt_topo_parse(text, "formatted", &u, NULL), SWT_OK);
    ck_assert(swt_topo_equal(t, u));
    ck_assert(0 == memcmp(swt_topo_cost(u), &good, sizeof(good)));
    free(text);
    swt_topo_destroy(u);
    u = NULL;
    /* o and cores (section 12) print when set, and read back */
    ck_assert_int_eq(swt_topo_set_cost(t, &msgs), SWT_OK);
    text = format_alloc(t);
    ck_assert_ptr_nonnull(strstr(text, " gamma=1.8e-11 o=2.5e-05 cores=2\n"));
    ck_assert_int_eq(swt_topo_parse(text, "formatted", &u, NULL), SWT_OK);
    ck_assert(swt_topo_equal(t, u));
    ck_assert(0 == memcmp(swt_topo_cost(u), &msgs, sizeof(msgs)));
    free(text);
    swt_topo_destroy(u);
    swt_topo_destroy(t);
}
END_TEST

/* cost o= and cores=: any order among the other keys; the defaults are 0
   (no overhead per message, no core bound). */
START_TEST(test_cost_messages)
{
    swt_topo_t *t = NULL;

    ck_assert_int_eq(swt_topo_parse("logical 4x4\ncost cores=2 alpha=2e-4 o=3e-5\n", "x", &t, NULL),
                     SWT_OK);
    ck_assert(swt_topo_cost(t)->o == 3e-5);
    ck_assert(swt_topo_cost(t)->cores == 2.0);
    ck_assert(swt_topo_cost(t)->alpha == 2e-4);
    ck_assert(swt_topo_cost(t)->beta == 12.5e9);
    swt_topo_destroy(t);
    ck_assert_int_eq(swt_topo_load("torus:4x4", &t, NULL), SWT_OK);
    ck_assert(swt_topo_cost(t)->o == 0.0 && swt_topo_cost(t)->cores == 0.0);
    swt_topo_destroy(t);
}
END_TEST

/* decide lo_max_bytes=N: read, kept through the round trip, part of
   equality, and settable within its domain. */
START_TEST(test_decide)
{
    swt_topo_t *t, *u = NULL, *plain;
    char *text;

    ck_assert_int_eq(swt_topo_parse("logical 4x2\ndecide lo_max_bytes=1536\n", "x", &t, NULL),
                     SWT_OK);
    ck_assert_int_eq(swt_topo_lo_max_bytes(t), 1536);
    text = format_alloc(t);
    ck_assert_ptr_nonnull(strstr(text, "decide lo_max_bytes=1536\n"));
    ck_assert_int_eq(swt_topo_parse(text, "formatted", &u, NULL), SWT_OK);
    ck_assert(swt_topo_equal(t, u));
    ck_assert_int_eq(swt_topo_load("torus:4x2", &plain, NULL), SWT_OK);
    ck_assert_int_eq(swt_topo_lo_max_bytes(plain), -1);
    ck_assert(!swt_topo_equal(t, plain) || 0 != strcmp(swt_topo_name(t), swt_topo_name(plain)));
    ck_assert_int_eq(swt_topo_set_lo_max_bytes(u, -2), SWT_ERR_INVALID);
    ck_assert_int_eq(swt_topo_set_lo_max_bytes(u, SWT_TOPO_MAX_LO_BYTES + 1), SWT_ERR_INVALID);
    ck_assert_int_eq(swt_topo_set_lo_max_bytes(u, 0), SWT_OK);
    ck_assert(!swt_topo_equal(t, u));
    ck_assert_int_eq(swt_topo_set_lo_max_bytes(u, -1), SWT_OK);
    free(text);
    text = format_alloc(u);
    ck_assert_ptr_null(strstr(text, "decide"));
    free(text);
    swt_topo_destroy(plain);
    swt_topo_destroy(u);
    swt_topo_destroy(t);
}
END_TEST

/* ---- the broken-file corpus ---- */

typedef struct bad_case {
    const char *file; /* in tests/unit/data, loaded with "@" */
    int err;
    int line;
    int col;
    const char *msg; /* substring of the message */
} bad_case_t;

static const bad_case_t bad_files[] = {
    { "bad_empty.topo", SWT_ERR_PARSE, 0, 0, "empty description" },
    { "bad_comments_only.topo", SWT_ERR_PARSE, 0, 0, "empty description" },
    { "bad_truncated.topo", SWT_ERR_PARSE, 4, 17, "expected a coordinate" },
    { "bad_unknown_key.topo", SWT_ERR_PARSE, 2, 1, "unknown statement 'colour'" },
    { "bad_overlap.topo", SWT_ERR_PARSE, 3, 11, "tile 1,0 already has kind eth (line 2)" },
    { "bad_out_of_range.topo", SWT_ERR_PARSE, 2, 11, "column 10 outside the grid: expected 0..9" },
    { "bad_too_small.topo", SWT_ERR_PARSE, 3, 0,
      "64 positions but the grid has only 16 usable tiles" },
    { "bad_zero_dim.topo", SWT_ERR_PARSE, 1, 13, "dimension of size 0" },
    { "bad_huge.topo", SWT_ERR_PARSE, 1, 9, "too large" },
    { "bad_binary_nul.topo", SWT_ERR_PARSE, 3, 16, "NUL byte" },
    { "bad_binary_high.topo", SWT_ERR_PARSE, 2, 11, "unexpected byte 0xff" },
    { "bad_duplicate.topo", SWT_ERR_PARSE, 3, 1, "duplicate 'grid' statement (first at line 2)" },
    { "bad_map_unusable.topo", SWT_ERR_PARSE, 6, 0,
      "falls on tile 0,0 of kind dram, which is not usable" },
    { "bad_order.topo", SWT_ERR_PARSE, 2, 13, "position 3 listed twice (ranks 2 and 3)" },
    { "bad_cost.topo", SWT_ERR_PARSE, 2, 22, "finite number > 0 for beta" },
    { "bad_no_kind.topo", SWT_ERR_PARSE, 3, 0, "tile 1,0 has no kind" },
};
#define N_BAD_FILES (int) (sizeof(bad_files) / sizeof(bad_files[0]))

static void check_diag(const char *what, int err, const swt_topo_t *t, const swt_diag_t *d,
                       int xerr, int xline, int xcol, const char *xmsg, const char *xorigin)
{
    ck_assert_msg(err == xerr, "%s: error %d, expected %d (%s)", what, err, xerr, d->msg);
    ck_assert_ptr_null(t);
    ck_assert_msg(d->line == xline && d->col == xcol, "%s: at %d:%d, expected %d:%d (%s)", what,
                  d->line, d->col, xline, xcol, d->msg);
    ck_assert_msg(NULL != strstr(d->msg, xmsg), "%s: message '%s' lacks '%s'", what, d->msg, xmsg);
    if (NULL != xorigin) {
        ck_assert_str_eq(d->origin, xorigin);
    }
}

START_TEST(test_bad_file)
{
    const bad_case_t *c = &bad_files[_i];
    char spec[1100], path[1024];
    swt_topo_t *t = (swt_topo_t *) 1;
    swt_diag_t d;
    int err;

    snprintf(path, sizeof(path), "%s/%s", SWT_TEST_DATA, c->file);
    snprintf(spec, sizeof(spec), "@%s", path);
    memset(&d, 0x55, sizeof(d));
    err = swt_topo_load(spec, &t, &d);
    check_diag(c->file, err, t, &d, c->err, c->line, c->col, c->msg, path);
}
END_TEST

typedef struct bad_text {
    const char *text;
    int err;
    int line;
    int col;
    const char *msg;
} bad_text_t;

static const bad_text_t bad_texts[] = {
    { "logical 4\nmap row-major\n", SWT_ERR_PARSE, 2, 1, "'map' needs a 'grid' statement" },
    { "grid 4x4 wrap=1\nkind n rest\nlogical 4\n", SWT_ERR_PARSE, 1, 10, "wrap gives 1 value" },
    { "logical 8x8\norder 0-62\n", SWT_ERR_PARSE, 2, 11,
      "63 positions listed: expected one per rank, 64" },
    { "logical 8x8\norder 0-64\n", SWT_ERR_PARSE, 2, 7, "position 64 outside the logical shape" },
    { "logical 1x2x3x4x5x6x7x8x9\n", SWT_ERR_PARSE, 1, 25, "too many dimensions" },
    { "logical 4\ncost tau=1e999\n", SWT_ERR_PARSE, 2, 10, "finite number >= 0 for tau" },
    { "logical 4\ncost tau=-1\n", SWT_ERR_PARSE, 2, 10, "finite number >= 0 for tau" },
    { "logical 4\ncost tau=1 tau=2\n", SWT_ERR_PARSE, 2, 12, "tau given twice" },
    { "logical 4\ncost speed=3\n", SWT_ERR_PARSE, 2, 6, "expected alpha=" },
    { "logical 4\ncost o=-1e-6\n", SWT_ERR_PARSE, 2, 8, "finite number >= 0 for o" },
    { "logical 4\ncost cores=x\n", SWT_ERR_PARSE, 2, 12, "finite number >= 0 for cores" },
    { "logical 4\ncost o=1 o=2\n", SWT_ERR_PARSE, 2, 10, "o given twice" },
    { "logical 4\ndecide lo_max_bytes=-1\n", SWT_ERR_PARSE, 2, 21, "whole number of bytes" },
    { "logical 4\ndecide lo_max_bytes=1e3\n", SWT_ERR_PARSE, 2, 21, "whole number of bytes" },
    { "logical 4\ndecide lo_max_bytes=\n", SWT_ERR_PARSE, 2, 8, "expected lo_max_bytes=BYTES" },
    { "logical 4\ndecide hi=3\n", SWT_ERR_PARSE, 2, 8, "expected lo_max_bytes=BYTES" },
    { "logical 4\ndecide lo_max_bytes=99999999999999999999\n", SWT_ERR_PARSE, 2, 21,
      "whole number of bytes" },
    { "logical 4\ndecide lo_max_bytes=1\ndecide lo_max_bytes=2\n", SWT_ERR_PARSE, 3, 1,
      "duplicate 'decide lo_max_bytes' statement (first at line 2)" },
    { "logical 65536x65536\n", SWT_ERR_PARSE, 1, 9, "shape too large" },
    { "grid 2048x1024\nkind a rest\nlogical 4\n", SWT_ERR_PARSE, 1, 6, "shape too large" },
    { "logical 4\nname\n", SWT_ERR_PARSE, 2, 5, "'name' expects one word" },
    { "logical 4\nlogical 8\n", SWT_ERR_PARSE, 2, 1, "duplicate 'logical'" },
    { "logical 4\ngrid 4\nkind a rest\nmap x 0-2\n", SWT_ERR_PARSE, 4, 7,
      "3 values listed: logical dimension 0 needs 4" },
    { "logical 2x2\ngrid 3x3\nkind a rest\nmap x 0,0\n", SWT_ERR_PARSE, 4, 9,
      "column 0 listed twice" },
    { "logical 4\ngrid 2x2\nkind a 0,0,0\n", SWT_ERR_PARSE, 3, 8,
      "tile '0,0,0' has too many coordinates" },
    { "logical 4\ngrid 2x2\nkind a 0\n", SWT_ERR_PARSE, 3, 8,
      "tile '0' has 1 coordinate: expected 2" },
    { "logical 4\ngrid 2x2\nkind a/b rest\n", SWT_ERR_PARSE, 3, 7, "kind names use letters" },
    { "logical 4\ngrid 2x2\nkind a rest\nusable b\n", SWT_ERR_PARSE, 4, 8, "unknown kind 'b'" },
    { "logical 4\ngrid 2x2\nkind a rest\nharvest 2\n", SWT_ERR_PARSE, 4, 9,
      "row 2 outside the grid: expected 0..1" },
    { "logical 4\ngrid 2x2\nkind a rest\nmap tiles 0,0 1,0 0,1 0,1\n", SWT_ERR_PARSE, 4, 23,
      "tile 0,1 hosts logical positions 2 and 3" },
    { "logical 4\ngrid 2x2\nkind a rest\nmap tiles 0,0 1,0 0,1\n", SWT_ERR_PARSE, 4, 22,
      "3 tiles listed" },
    { "logical 2x2\ngrid 2x2\nkind a rest\nmap x 0-1\nmap row-major\n", SWT_ERR_PARSE, 5, 1,
      "'map' already given at line 4" },
    { "logical 4\r\nbogus\r\n", SWT_ERR_PARSE, 2, 1, "unknown statement 'bogus'" },
    { "logical 4\n\x01\n", SWT_ERR_PARSE, 2, 1, "unexpected byte 0x01" },
    { "", SWT_ERR_PARSE, 0, 0, "empty description" },
};
#define N_BAD_TEXTS (int) (sizeof(bad_texts) / sizeof(bad_texts[0]))

START_TEST(test_bad_text)
{
    const bad_text_t *c = &bad_texts[_i];
    swt_topo_t *t = (swt_topo_t *) 1;
    swt_diag_t d;
    char what[64];
    int err;

    snprintf(what, sizeof(what), "inline case %d", _i);
    memset(&d, 0x55, sizeof(d));
    err = swt_topo_parse(c->text, NULL, &t, &d);
    check_diag(what, err, t, &d, c->err, c->line, c->col, c->msg, "<string>");
}
END_TEST

START_TEST(test_long_line)
{
    char *text = malloc(6000);
    swt_topo_t *t = NULL;
    swt_diag_t d;
    int err;

    memset(text, 'a', 5999);
    text[5999] = '\0';
    memcpy(text, "logical 4\nname ", 15);
    err = swt_topo_parse(text, "long", &t, &d);
    check_diag("long line", err, t, &d, SWT_ERR_PARSE, 2, 4097, "line longer than 4096", "long");
    free(text);
}
END_TEST

/* Random bytes and random truncations of a preset: an error or a result,
   never a crash (valgrind checks the reads). */
START_TEST(test_garbage_no_crash)
{
    swt_topo_t *base;
    char *text, *buf;
    size_t n;
    unsigned seed = 12345;

    ck_assert_int_eq(swt_topo_load("n150", &base, NULL), SWT_OK);
    text = format_alloc(base);
    n = strlen(text);
    buf = malloc(n + 1);
    for (int round = 0; round < 300; ++round) {
        swt_topo_t *t = NULL;
        swt_diag_t d;
        size_t cut = (size_t) rand_r(&seed) % (n + 1);
        int err;
        memcpy(buf, text, cut);
        buf[cut] = '\0';
        for (int k = 0; k < round % 5; ++k) {
            if (cut > 0) {
                buf[(size_t) rand_r(&seed) % cut] = (char) (1 + rand_r(&seed) % 255);
            }
        }
        err = swt_topo_parse(buf, "garbage", &t, &d);
        ck_assert(SWT_OK == err || SWT_ERR_PARSE == err);
        ck_assert((SWT_OK == err) == (NULL != t));
        if (SWT_OK != err) {
            ck_assert(d.line >= 0 && strlen(d.msg) > 0);
        }
        swt_topo_destroy(t);
    }
    free(buf);
    free(text);
    swt_topo_destroy(base);
}
END_TEST

/*
 * Descriptions assembled at random from valid and invalid pieces: each is
 * rejected with a located message, or accepted and then round-trips.
 */
static const char *const fuzz_logical[] = {
    "logical 4", "logical 2x2",   "logical 3x2", "logical 8",
    "logical 0", "logical 2x2x2", "logical 2x1",
};
static const char *const fuzz_grid[] = {
    "grid 4x3", "grid 4x3 wrap=1,0", "grid 2x2x2", "grid 6", "grid 3x3",
};
static const char *const fuzz_lines[] = {
    "name f",
    "kind b 0,0",
    "kind b 0,*",
    "kind c 1-2,1",
    "kind d *,2",
    "kind e 0",
    "kind e 0,0,1",
    "usable a",
    "usable a b",
    "usable c",
    "harvest 1",
    "harvest x 0",
    "harvest none",
    "harvest 9",
    "map row-major",
    "map x auto",
    "map y auto",
    "map x 1-3",
    "map y 0,2",
    "map x 0-1",
    "map tiles 1,1 2,1 3,1 1,2",
    "map z auto",
    "order row-major",
    "order 3-0",
    "order 0 1 2 3",
    "order 1,0,3,2,5,4,7,6",
    "cost tau=1e-9",
    "cost alpha=1 beta=2 gamma=0",
    "cost beta=0",
    "# comment",
    "",
    "map tiles 0,0 0,0",
    "kind a 9,9",
    "order 0-99999999999999999999",
    "kind b 1,*",
    "map tiles 0,1 1,1",
    "usable b",
};
#define FUZZ_PICK(a, seed) a[rand_r(seed) % (sizeof(a) / sizeof(a[0]))]

START_TEST(test_fuzz_round_trip)
{
    unsigned seed = 777;
    int accepted = 0, with_grid = 0;
    char text[1024];

    for (int round = 0; round < 5000; ++round) {
        swt_topo_t *a = NULL, *b = NULL;
        swt_diag_t d;
        int n = rand_r(&seed) % 5, grid = rand_r(&seed) % 10 < 6, err;
        size_t used = 0;
        used += (size_t) snprintf(text, sizeof(text), "%s\n%s\n%s\n",
                                  rand_r(&seed) % 20 ? FUZZ_PICK(fuzz_logical, &seed) : "",
                                  grid ? FUZZ_PICK(fuzz_grid, &seed) : "",
                                  grid && rand_r(&seed) % 8 ? "kind a rest" : "");
        for (int i = 0; i < n; ++i) {
            used += (size_t) snprintf(text + used, sizeof(text) - used, "%s\n",
                                      FUZZ_PICK(fuzz_lines, &seed));
        }
        n += 3;
        err = swt_topo_parse(text, "fuzz", &a, &d);
        if (SWT_OK != err) {
            ck_assert_msg(SWT_ERR_PARSE == err, "%s", text);
            ck_assert_ptr_null(a);
            ck_assert(d.line >= 0 && d.line <= n + 1 && strlen(d.msg) > 10);
            continue;
        }
        ++accepted;
        with_grid += swt_topo_has_grid(a);
        char *f = format_alloc(a);
        err = swt_topo_parse(f, "fuzz-format", &b, &d);
        ck_assert_msg(SWT_OK == err, "%s\n->\n%s\n%d:%d %s", text, f, d.line, d.col, d.msg);
        ck_assert_msg(swt_topo_equal(a, b), "%s\n->\n%s", text, f);
        free(f);
        swt_topo_destroy(a);
        swt_topo_destroy(b);
    }
    /* the pieces make both outcomes common */
    ck_assert_int_gt(accepted, 500);
    ck_assert_int_gt(with_grid, 200);
    ck_assert_int_lt(accepted, 4500);
}
END_TEST

START_TEST(test_format_small_buffer)
{
    swt_topo_t *t;
    char small[16];
    int n;

    ck_assert_int_eq(swt_topo_load("n150", &t, NULL), SWT_OK);
    n = swt_topo_format(t, NULL, 0);
    ck_assert_int_gt(n, 400);
    memset(small, 'X', sizeof(small));
    ck_assert_int_eq(swt_topo_format(t, small, sizeof(small)), n);
    ck_assert_str_eq(small, "name n150\nlogic");
    swt_topo_destroy(t);
}
END_TEST

/*
 * A tile list may go on over several 'map tiles' statements (the printer
 * splits one that would pass the line limit), and printed lines never
 * pass it: a kind list, a tile list and an auto per-axis map of 10000
 * positions each load back equal.
 */
START_TEST(test_long_lists)
{
    static const char *const texts[] = {
        "grid 100x100\nkind t rest\nlogical 10000\nmap tiles *,*\n",
        "grid 100x100\nkind a 0-49,*\nkind b rest\nlogical 10000\nmap tiles 0-49,* 50-99,*\n",
        NULL, /* every other row of 2x3000 a hole, 'map y auto': built below */
    };
    swt_topo_t *a = NULL, *b = NULL;
    swt_diag_t d;
    char *holes = malloc(40000);
    size_t used;

    ck_assert_ptr_nonnull(holes);
    used = (size_t) sprintf(holes, "grid 2x3000\nkind t rest\nlogical 2x1500\nmap y auto\n");
    for (int y = 1; y < 3000; y += 2) {
        used += (size_t) sprintf(holes + used, "kind hole *,%d\n", y);
    }

    ck_assert_int_eq(swt_topo_parse("grid 2x2\nkind t rest\nlogical 4\nmap tiles 1,1 0,0\n"
                                    "map tiles 0,1\nmap tiles 1,0\n",
                                    NULL, &a, &d),
                     SWT_OK);
    ck_assert_int_eq(swt_topo_parse("grid 2x2\nkind t rest\nlogical 4\n"
                                    "map tiles 1,1 0,0 0,1 1,0\n",
                                    NULL, &b, &d),
                     SWT_OK);
    ck_assert(swt_topo_equal(a, b));
    swt_topo_destroy(a);
    swt_topo_destroy(b);
    ck_assert_int_eq(swt_topo_parse("grid 2x2\nkind t rest\nlogical 4\nmap tiles 1,1 0,0\n"
                                    "map row-major\n",
                                    NULL, &a, &d),
                     SWT_ERR_PARSE);
    ck_assert_msg(5 == d.line && NULL != strstr(d.msg, "'map' already given at line 4"), "%d: %s",
                  d.line, d.msg);
    for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); ++i) {
        char *f, *line;
        ck_assert_int_eq(swt_topo_parse(texts[i] ? texts[i] : holes, NULL, &a, &d), SWT_OK);
        f = format_alloc(a);
        for (line = f; NULL != line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
            size_t n = strcspn(line, "\n");
            ck_assert_msg(n <= 4096, "text %zu: a printed line of %zu characters", i, n);
        }
        ck_assert_msg(SWT_OK == swt_topo_parse(f, NULL, &b, &d), "text %zu: %d:%d: %s", i, d.line,
                      d.col, d.msg);
        ck_assert(swt_topo_equal(a, b));
        free(f);
        swt_topo_destroy(a);
        swt_topo_destroy(b);
    }
    free(holes);
}
END_TEST

/* ---- specs and files ---- */

START_TEST(test_bad_specs)
{
    swt_topo_t *t = (swt_topo_t *) 1;
    swt_diag_t d;
    int err;

    err = swt_topo_load("n151", &t, &d);
    check_diag("n151", err, t, &d, SWT_ERR_INVALID, 0, 0, "unknown topology 'n151'", "preset:n151");
    ck_assert_ptr_nonnull(strstr(d.msg, "n150, n150-72, torus"));
    err = swt_topo_load("n150:harvest", &t, &d);
    check_diag("no value", err, t, &d, SWT_ERR_PARSE, 0, 0, "expected KEY=VALUE", NULL);
    /* n150.topo has 27 lines; the override is appended as line 28 */
    err = swt_topo_load("n150:harvest=6", &t, &d);
    check_diag("harvest=6", err, t, &d, SWT_ERR_PARSE, 28, 9,
               "row 6 holds no usable tile to harvest", "preset:n150:harvest=6");
    err = swt_topo_load("n150:harvest=0", &t, &d);
    check_diag("harvest=0", err, t, &d, SWT_ERR_PARSE, 28, 9, "row 0 holds no usable tile", NULL);
    err = swt_topo_load("n150:harvest=12", &t, &d);
    check_diag("harvest=12", err, t, &d, SWT_ERR_PARSE, 28, 9,
               "row 12 outside the grid: expected 0..11", NULL);
    err = swt_topo_load("n150:colour=red", &t, &d);
    check_diag("colour", err, t, &d, SWT_ERR_PARSE, 28, 1, "unknown statement 'colour'", NULL);
    err = swt_topo_load("torus:8y8", &t, &d);
    ck_assert_int_eq(err, SWT_ERR_PARSE);
    ck_assert_ptr_null(t);
    ck_assert_int_eq(d.col, 16); /* "logical torus:8y8": the 'y' */
    ck_assert_ptr_nonnull(strstr(d.msg, "found 'y'"));
    err = swt_topo_load("torus:8x8:harvest=1", &t, &d);
    check_diag("shape:", err, t, &d, SWT_ERR_PARSE, 0, 0, "expected a shape such as torus:8x8",
               NULL);
    err = swt_topo_load("ring:4x4", &t, &d);
    ck_assert_int_eq(err, SWT_ERR_PARSE);
    ck_assert_ptr_null(t);
    ck_assert_ptr_nonnull(strstr(d.msg, "a ring has one dimension"));
    err = swt_topo_load("", &t, &d);
    ck_assert_int_eq(err, SWT_ERR_INVALID);
    ck_assert_int_eq(swt_topo_load(NULL, &t, NULL), SWT_ERR_INVALID);
    ck_assert_int_eq(swt_topo_parse(NULL, NULL, &t, NULL), SWT_ERR_INVALID);
}
END_TEST

START_TEST(test_io_errors)
{
    char path[] = "/tmp/swt_topo_testXXXXXX";
    swt_topo_t *t = (swt_topo_t *) 1;
    swt_diag_t d;
    FILE *f;
    int fd, err;

    err = swt_topo_load("@/nonexistent/dir/x.topo", &t, &d);
    check_diag("missing", err, t, &d, SWT_ERR_IO, 0, 0, "cannot open", "/nonexistent/dir/x.topo");
    err = swt_topo_load("@/", &t, &d);
    check_diag("directory", err, t, &d, SWT_ERR_IO, 0, 0, "not a regular file", "/");
    fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    f = fdopen(fd, "w");
    for (int i = 0; i < (1 << 20) / 16 + 1; ++i) {
        fputs("# padding......\n", f);
    }
    fclose(f);
    {
        char spec[64];
        snprintf(spec, sizeof(spec), "@%s", path);
        err = swt_topo_load(spec, &t, &d);
        check_diag("large", err, t, &d, SWT_ERR_IO, 0, 0, "file too large", path);
        /* a good file loads */
        f = fopen(path, "w");
        fputs("# a small file\nname mine\nlogical 3x5   # comment\n", f);
        fclose(f);
        ck_assert_int_eq(swt_topo_load(spec, &t, &d), SWT_OK);
        ck_assert_str_eq(swt_topo_name(t), "mine");
        ck_assert_int_eq(swt_topo_logical(t)->ndims, 2);
        ck_assert_int_eq(swt_topo_logical(t)->dims[1], 5);
        swt_topo_destroy(t);
    }
    unlink(path);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("topo_desc");
    TCase *tc = tcase_create("desc");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_round_trip_spec, 0, N_ROUND_TRIP);
    tcase_add_test(tc, test_round_trip_presets);
    tcase_add_test(tc, test_equal_detects_differences);
    tcase_add_test(tc, test_default_cost_matches_torus_preset);
    tcase_add_test(tc, test_n150_cost);
    tcase_add_test(tc, test_set_cost);
    tcase_add_test(tc, test_decide);
    tcase_add_test(tc, test_cost_messages);
    tcase_add_loop_test(tc, test_bad_file, 0, N_BAD_FILES);
    tcase_add_loop_test(tc, test_bad_text, 0, N_BAD_TEXTS);
    tcase_add_test(tc, test_long_line);
    tcase_add_test(tc, test_garbage_no_crash);
    tcase_add_test(tc, test_fuzz_round_trip);
    tcase_add_test(tc, test_format_small_buffer);
    tcase_add_test(tc, test_long_lists);
    tcase_add_test(tc, test_bad_specs);
    tcase_add_test(tc, test_io_errors);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return 0 == failed ? EXIT_SUCCESS : EXIT_FAILURE;
}
