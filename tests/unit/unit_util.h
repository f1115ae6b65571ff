/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Small helpers shared by the Check unit tests of topology/: shapes from
 * text, and a fixed-size bitset of ranks for brute-force set arithmetic.
 */
#ifndef UNIT_UTIL_H
#define UNIT_UTIL_H

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "swt.h"
#include "swt_topo.h"

/*
 * ck_assert_msg records a checkpoint through a pipe on every pass; in hot
 * loops only a failure should cost anything.
 */
#define UNIT_CHECK(cond, ...)          \
    do {                               \
        if (!(cond)) {                 \
            ck_abort_msg(__VA_ARGS__); \
        }                              \
    } while (0)

#define UNIT_CHECK_EQ(a, b)                                                          \
    do {                                                                             \
        long long unit_a_ = (long long) (a), unit_b_ = (long long) (b);              \
        if (unit_a_ != unit_b_) {                                                    \
            ck_abort_msg("%s == %s failed: %lld != %lld", #a, #b, unit_a_, unit_b_); \
        }                                                                            \
    } while (0)

/* A description that must load; the diagnostic names why it did not. */
static inline swt_topo_t *unit_topo_load(const char *spec)
{
    swt_topo_t *t = NULL;
    swt_diag_t d;
    int err = swt_topo_load(spec, &t, &d);
    ck_assert_msg(SWT_OK == err, "%s: %s:%d:%d: %s", spec, d.origin, d.line, d.col, d.msg);
    return t;
}

static inline swt_shape_t unit_shape(const char *text)
{
    swt_shape_t s;
    int rc = swt_shape_parse(text, &s);
    ck_assert_msg(SWT_OK == rc, "cannot parse shape %s", text);
    return s;
}

static inline swt_shape_t unit_ring(int p)
{
    swt_shape_t s;
    ck_assert_int_eq(SWT_OK, swt_shape_ring(p, &s));
    return s;
}

/* Runs a Check suite, prints Check's summary and PASS/FAIL, returns the exit status. */
static inline int unit_run(Suite *suite)
{
    SRunner *sr = srunner_create(suite);
    int failed, run;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    run = srunner_ntests_run(sr);
    srunner_free(sr);
    printf("%s: %d of %d checks failed\n", failed ? "FAIL" : "PASS", failed, run);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* A set of at most 64 * UNIT_SET_WORDS ranks. */
#define UNIT_SET_WORDS 64
typedef struct unit_set {
    uint64_t w[UNIT_SET_WORDS];
} unit_set_t;

static inline void unit_set_clear(unit_set_t *s)
{
    memset(s, 0, sizeof(*s));
}

static inline void unit_set_add(unit_set_t *s, long x)
{
    s->w[x / 64] |= (uint64_t) 1 << (x % 64);
}

static inline int unit_set_has(const unit_set_t *s, long x)
{
    return (int) ((s->w[x / 64] >> (x % 64)) & 1);
}

static inline void unit_set_union(unit_set_t *dst, const unit_set_t *src)
{
    for (int i = 0; i < UNIT_SET_WORDS; ++i) {
        dst->w[i] |= src->w[i];
    }
}

static inline long unit_set_count(const unit_set_t *s)
{
    long n = 0;
    for (int i = 0; i < UNIT_SET_WORDS; ++i) {
        n += __builtin_popcountll(s->w[i]);
    }
    return n;
}

static inline int unit_set_disjoint(const unit_set_t *a, const unit_set_t *b)
{
    for (int i = 0; i < UNIT_SET_WORDS; ++i) {
        if (a->w[i] & b->w[i]) {
            return 0;
        }
    }
    return 1;
}

static inline int unit_set_equal(const unit_set_t *a, const unit_set_t *b)
{
    return 0 == memcmp(a, b, sizeof(*a));
}

#endif
