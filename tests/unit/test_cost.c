/*
 * The cost model (topology/swt_cost.h) on cases small enough to compute
 * by hand in the comments.
 */
#include "swt_cost.h"

#include <math.h>

#include "unit_util.h"

static swt_model_t *model(const char *spec, const swt_cost_params_t *par)
{
    swt_topo_t *t = NULL;
    swt_model_t *m = NULL;

    ck_assert_int_eq(SWT_OK, swt_topo_load(spec, &t, NULL));
    ck_assert_int_eq(SWT_OK, swt_model_create(t, par, &m));
    swt_topo_destroy(t);
    return m;
}

static void near(double got, double want)
{
    UNIT_CHECK(fabs(got - want) <= 1e-9 * fabs(want), "got %.12g, want %.12g", got, want);
}

/* alpha 1 us, tau 0.1 us, beta 1 GB/s, gamma 1 ns/B */
static const swt_cost_params_t par = { 1e-6, 1e-7, 1e9, 1e-9 };

/*
 * Ring of 4, n = 1000 bytes.
 * Swing: s0 and s1 both 1 hop, load 1.
 *   LO: 2 * (1 + 0.1 + 1000/1e9 s = 1 + 1 [gamma]) us = 2 * 3.1 = 6.2 us.
 *   BO: RS s0 (m 500): 1 + 0.1 + 0.5 + 0.5 = 2.1; RS s1 (m 250):
 *       1 + 0.1 + 0.25 + 0.25 = 1.6; AG s1: 1.35; AG s0: 1.6. Sum 6.65 us.
 * RD: s0 1 hop load 1; s1 (c^2): 0->2 and 1->3 share a link, 2 hops, load 2.
 *   LO: (1 + 0.1 + 1 + 1) + (1 + 0.2 + 2 + 1) = 3.1 + 4.2 = 7.3 us.
 *   BO: RS 500: 1 + 0.1 + 0.5 + 0.5 = 2.1; RS 250: 1 + 0.2 + 0.5 + 0.25
 *       = 1.95; AG 250: 1.7; AG 500: 1.6. Sum 7.35 us.
 * Swing crossover: LO = 2.2 us + 4 ns * n, BO = 4.4 us + (0.5 * 3 + 0.25
 *   * 3) ns * n = 4.4 us + 2.25 ns * n; equal at 2.2e-6 / 1.75e-9 =
 *   1257.14 bytes: 1257.
 */
START_TEST(test_ring4)
{
    swt_model_t *m = model("ring:4", &par);

    near(swt_model_time(m, SWT_ALG_SWING, SWT_KIND_LO, 1000), 6.2e-6);
    near(swt_model_time(m, SWT_ALG_SWING, SWT_KIND_BO, 1000), 6.65e-6);
    near(swt_model_time(m, SWT_ALG_RD, SWT_KIND_LO, 1000), 7.3e-6);
    near(swt_model_time(m, SWT_ALG_RD, SWT_KIND_BO, 1000), 7.35e-6);
    ck_assert(1257.0 == swt_model_lo_max_bytes(m, SWT_ALG_SWING));
    ck_assert(swt_model_time(m, SWT_ALG_SWING, SWT_KIND_LO, 1257)
              <= swt_model_time(m, SWT_ALG_SWING, SWT_KIND_BO, 1257));
    ck_assert(swt_model_time(m, SWT_ALG_SWING, SWT_KIND_LO, 1258)
              > swt_model_time(m, SWT_ALG_SWING, SWT_KIND_BO, 1258));
    swt_model_destroy(m);
}
END_TEST

/*
 * Ring of 3: extra 1 folds onto 0 (1 hop); the core is {0, 2}. Core s0:
 * 0 (even) moves + to 2 through 1, 2 (odd) moves - to 0 through 1: both
 * 2 hops, on different directed links: h = 2, load 1. Unfold 0 -> 1.
 * LO, n = 1000: fold 1 + 0.1 + 1 + 1 = 3.1; core 1 + 0.2 + 1 + 1 = 3.2;
 * unfold 1 + 0.1 + 1 = 2.1. Sum 8.4 us.
 * BO: fold 3.1; RS (m 500) 1 + 0.2 + 0.5 + 0.5 = 2.2; AG 1.7; unfold 2.1.
 * Sum 9.1 us.
 */
START_TEST(test_ring3_fold)
{
    swt_model_t *m = model("ring:3", &par);
    long h, c;

    ck_assert_int_eq(3, swt_model_nphases(m));
    swt_model_phase(m, SWT_ALG_SWING, 1, &h, &c);
    UNIT_CHECK_EQ(h, 2);
    UNIT_CHECK_EQ(c, 1);
    near(swt_model_time(m, SWT_ALG_SWING, SWT_KIND_LO, 1000), 8.4e-6);
    near(swt_model_time(m, SWT_ALG_SWING, SWT_KIND_BO, 1000), 9.1e-6);
    swt_model_destroy(m);
}
END_TEST

/* One rank: nothing to do, LO always. */
START_TEST(test_single)
{
    swt_model_t *m = model("ring:1", &par);

    near(swt_model_time(m, SWT_ALG_SWING, SWT_KIND_BO, 1e6) + 1.0, 1.0);
    ck_assert(isinf(swt_model_lo_max_bytes(m, SWT_ALG_SWING)));
    swt_model_destroy(m);
}
END_TEST

/*
 * NULL params: the description's constants. On the ring of 4 with the
 * same constants from a description the times agree.
 */
START_TEST(test_params_from_topo)
{
    swt_topo_t *t = NULL;
    swt_model_t *a = NULL, *b = NULL;

    ck_assert_int_eq(SWT_OK, swt_topo_load("n150", &t, NULL));
    ck_assert_int_eq(SWT_OK, swt_model_create(t, NULL, &a));
    ck_assert_int_eq(SWT_OK, swt_model_create(t, swt_topo_cost(t), &b));
    near(swt_model_time(a, SWT_ALG_SWING, SWT_KIND_LO, 4096),
         swt_model_time(b, SWT_ALG_SWING, SWT_KIND_LO, 4096));
    ck_assert(swt_model_lo_max_bytes(a, SWT_ALG_SWING) > 0);
    swt_model_destroy(a);
    swt_model_destroy(b);
    swt_topo_destroy(t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cost");
    TCase *tc = tcase_create("cost");

    tcase_add_test(tc, test_ring4);
    tcase_add_test(tc, test_ring3_fold);
    tcase_add_test(tc, test_single);
    tcase_add_test(tc, test_params_from_topo);
    suite_add_tcase(s, tc);
    return unit_run(s);
}
