/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rho, Swing and recursive-doubling partners, step order
 * (ALGORITHMS.md sections 1 and 2), on rings up to 1024 and several tori.
 */
#include "unit_util.h"

#include <stdio.h>

static const char *const partner_tori[] = {
    "4x4", "8x8", "16x4", "4x4x4", "2x2x2x2", "2x8x4", "8x2", "2x4", "32x32",
};
#define NTORI ((int) (sizeof(partner_tori) / sizeof(partner_tori[0])))

START_TEST(test_rho_values)
{
    static const long expect[] = { 1, -1, 3, -5, 11, -21, 43, -85, 171, -341, 683 };

    for (int k = 0; k < (int) (sizeof(expect) / sizeof(expect[0])); ++k) {
        UNIT_CHECK(expect[k] == swt_rho(k), "rho(%d) = %ld, expected %ld", k, swt_rho(k),
                   expect[k]);
    }
}
END_TEST

START_TEST(test_rho_sum)
{
    long sum = 0, pw = 1;

    for (int k = 0; k < 61; ++k) {
        sum += pw;
        pw *= -2;
        UNIT_CHECK(sum == swt_rho(k), "rho(%d) = %ld, sum definition %ld", k, swt_rho(k), sum);
    }
}
END_TEST

START_TEST(test_log2_pow2)
{
    for (long v = 1; v < 5000; ++v) {
        int l = swt_log2_floor(v);
        UNIT_CHECK((1L << l) <= v && v < (1L << (l + 1)), "(1L << l) <= v && v < (1L << (l + 1))");
        UNIT_CHECK_EQ(swt_is_pow2(v), (1L << l) == v);
    }
    UNIT_CHECK(!swt_is_pow2(0), "!swt_is_pow2(0)");
}
END_TEST

/* Checks every partner of every position of a power-of-two shape. */
static void check_partners(const swt_shape_t *shape, swt_alg_t alg)
{
    long p = swt_shape_size(shape);
    int steps = swt_nsteps(shape);
    char name[64];
    int c[SWT_MAX_DIMS], cq[SWT_MAX_DIMS], cback[SWT_MAX_DIMS];

    swt_shape_format(shape, name, sizeof(name));
    UNIT_CHECK((1L << steps) == p, "%s: %d steps for %ld ranks", name, steps, p);
    for (int s = 0; s < steps; ++s) {
        for (long x = 0; x < p; ++x) {
            swt_move_t m, mb;
            long q = swt_partner(shape, alg, x, s, &m);
            long back = swt_partner(shape, alg, q, s, &mb);
            int d = shape->dims[m.dim];
            int changed = 0;

            UNIT_CHECK(q >= 0 && q < p && q != x, "%s alg %d: partner(%ld, %d) = %ld", name, alg, x,
                       s, q);
            UNIT_CHECK(back == x, "%s alg %d step %d: partner(%ld) = %ld but partner(%ld) = %ld",
                       name, alg, s, x, q, q, back);
            UNIT_CHECK_EQ(m.dim, mb.dim);
            UNIT_CHECK_EQ(m.k, mb.k);
            UNIT_CHECK_EQ(m.dir, -mb.dir);
            UNIT_CHECK_EQ(m.dist, mb.dist);
            swt_shape_coords(shape, x, c);
            swt_shape_coords(shape, q, cq);
            for (int i = 0; i < shape->ndims; ++i) {
                changed += (c[i] != cq[i]);
                UNIT_CHECK(i == m.dim || c[i] == cq[i],
                           "%s step %d: %ld -> %ld moves along dim %d, not only %d", name, s, x, q,
                           i, m.dim);
            }
            UNIT_CHECK_EQ(changed, 1);
            if (SWT_ALG_SWING == alg) {
                long rho = swt_rho(m.k);
                long delta = rho < 0 ? -rho : rho;
                UNIT_CHECK_EQ(m.dist, delta % d);
                UNIT_CHECK_EQ(cq[m.dim], ((c[m.dim] + (c[m.dim] % 2 ? -rho : rho)) % d + d) % d);
            } else {
                UNIT_CHECK_EQ(m.dist, 1L << m.k);
                UNIT_CHECK_EQ(cq[m.dim], c[m.dim] ^ (1 << m.k));
                /* straight toward the partner, never across the wrap-around */
                UNIT_CHECK_EQ(cq[m.dim], c[m.dim] + m.dir * m.dist);
            }
            /* the move reproduces the partner, wrap-around included */
            UNIT_CHECK_EQ(cq[m.dim], (int) (((c[m.dim] + m.dir * m.dist) % d + d) % d));
            swt_shape_coords(shape, back, cback);
            UNIT_CHECK_EQ(cback[m.dim], c[m.dim]);
        }
    }
}

START_TEST(test_partners_ring)
{
    swt_shape_t s = unit_ring(1 << _i);

    check_partners(&s, SWT_ALG_SWING);
    check_partners(&s, SWT_ALG_RD);
}
END_TEST

START_TEST(test_partners_torus)
{
    swt_shape_t s = unit_shape(partner_tori[_i]);

    check_partners(&s, SWT_ALG_SWING);
    check_partners(&s, SWT_ALG_RD);
}
END_TEST

/* Swing on a ring: step k reaches hop distance |rho(k)| (1, 1, 3, 5, 11 ...). */
START_TEST(test_swing_ring_distances)
{
    swt_shape_t s = unit_ring(1024);

    for (int k = 0; k < 10; ++k) {
        swt_move_t m;
        long q0 = swt_partner(&s, SWT_ALG_SWING, 0, k, &m);
        long q1 = swt_partner(&s, SWT_ALG_SWING, 1, k, NULL);
        long rho = swt_rho(k);
        UNIT_CHECK_EQ(q0, (rho + 1024) % 1024);
        UNIT_CHECK_EQ(q1, ((1 - rho) % 1024 + 1024) % 1024);
        UNIT_CHECK_EQ(m.dir, rho > 0 ? 1 : -1);
    }
}
END_TEST

static void check_order(const char *text, const int *dims, const int *ks, int n)
{
    swt_shape_t s = unit_shape(text);

    UNIT_CHECK_EQ(swt_nsteps(&s), n);
    for (int i = 0; i < n; ++i) {
        int dim, k;
        swt_step_dim(&s, i, &dim, &k);
        UNIT_CHECK(dim == dims[i] && k == ks[i], "%s step %d: (dim%d,k%d), expected (dim%d,k%d)",
                   text, i, dim, k, dims[i], ks[i]);
    }
}

START_TEST(test_step_order)
{
    static const int d88[] = { 0, 1, 0, 1, 0, 1 }, k88[] = { 0, 0, 1, 1, 2, 2 };
    static const int d82[] = { 0, 1, 0, 0 }, k82[] = { 0, 0, 1, 2 };
    static const int d28[] = { 0, 1, 1, 1 }, k28[] = { 0, 0, 1, 2 };
    static const int d248[] = { 0, 1, 2, 1, 2, 2 }, k248[] = { 0, 0, 0, 1, 1, 2 };
    static const int d16[] = { 0, 0, 0, 0 }, k16[] = { 0, 1, 2, 3 };

    check_order("8x8", d88, k88, 6);
    check_order("8x2", d82, k82, 4);
    check_order("2x8", d28, k28, 4);
    check_order("2x4x8", d248, k248, 6);
    check_order("16", d16, k16, 4);
}
END_TEST

START_TEST(test_step_order_1x16)
{
    static const int d[] = { 1, 1, 1, 1 }, k[] = { 0, 1, 2, 3 };
    check_order("1x16", d, k, 4);
}
END_TEST

static Suite *partner_suite(void)
{
    Suite *s = suite_create("partner");
    TCase *tc = tcase_create("core");

    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_rho_values);
    tcase_add_test(tc, test_rho_sum);
    tcase_add_test(tc, test_log2_pow2);
    tcase_add_loop_test(tc, test_partners_ring, 1, 11);
    tcase_add_loop_test(tc, test_partners_torus, 0, NTORI);
    tcase_add_test(tc, test_swing_ring_distances);
    tcase_add_test(tc, test_step_order);
    tcase_add_test(tc, test_step_order_1x16);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(partner_suite());
}
