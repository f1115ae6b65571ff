/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The price of hier on a network of groups (swt_cost_hier.h): refused
 * where it has nothing to do, equal to the network of nodes' own models
 * plus the node phases, and cheaper than the schedules over all ranks
 * where the ranks share cores and every message costs them (the emulated
 * dragonfly with two ranks per node), dearer where it is not.
 */
#include "swt_cost_hier.h"
#include "unit_util.h"

#include <math.h>

static void near(double got, double want, const char *what)
{
    ck_assert_msg(fabs(got - want) <= 1e-12 * fabs(want), "%s: %.9g s, expected %.9g", what, got,
                  want);
}

START_TEST(test_refused)
{
    static const char *const specs[] = { "torus:4x4", "dragonfly:4,4", "fattree:4,4,2", "ring:8" };

    for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); ++i) {
        swt_topo_t *t = unit_topo_load(specs[i]);
        swt_hier_model_t *hm = (swt_hier_model_t *) 1;
        UNIT_CHECK(SWT_ERR_INVALID == swt_hier_model_create(t, NULL, &hm) && NULL == hm,
                   "%s: hier priced with at most one rank per node", specs[i]);
        swt_topo_destroy(t);
    }
}
END_TEST

/*
 * dragonfly:2,2:slots=2: 8 ranks, 2 on each of 4 nodes in blocks; its
 * network of nodes is dragonfly:2,2 (groups {0,1}, {2,3}, one global link
 * at a local link's rate), the default constants a = 1 us, t = 0.1 us,
 * b = 12.5e9 B/s, g = 1e-10 s/B, no overhead: a phase inside the nodes
 * costs a. By hand on the 4 nodes (docs/ALGORITHMS.md, sections 7, 9, 14
 * and 15), Swing's partners:
 *   s0 (0,1) (2,3): node -> router -> node, h = 2, every link once;
 *   s1 (0,3) (1,2): h = 3, 0 -> 3 and 1 -> 2 share the global link: c = 2.
 *   LO = (a + 2t + n/b + gn) + (a + 3t + 2n/b + gn) = 2a + 5t + 3n/b + 2gn
 *   BO: reduce-scatter (a + 2t + n/2b + gn/2) + (a + 3t + 2 n/4b + gn/4)
 *       = 2a + 5t + n/b + 3gn/4; allgather the same without g:
 *       2a + 5t + n/b; BO = 4a + 10t + 2n/b + 3gn/4.
 *   Bine broadcast from node 0, far-first: 0 -> 3 (h 3, one message on
 *   the global link), then 0 -> 1 and 3 -> 2 (h 2): 2a + 5t + 2n/b.
 * hier adds its phases (allreduce two, the others one) and g on half the
 * vector where it reduces (k = 2 ranks a node: (k-1)/k).
 */
START_TEST(test_parts)
{
    const double a = 1e-6, tau = 1e-7, b = 12.5e9, g = 1e-10;
    swt_topo_t *t = unit_topo_load("dragonfly:2,2:slots=2");
    const swt_cost_params_t *par = swt_topo_cost(t);
    swt_hier_model_t *hm = NULL;

    UNIT_CHECK(a == par->alpha && tau == par->tau && b == par->beta && g == par->gamma
                   && 0.0 == par->o && 0.0 == par->cores,
               "the default constants changed: the sums below assume them");
    ck_assert_int_eq(swt_hier_model_create(t, NULL, &hm), SWT_OK);
    UNIT_CHECK_EQ(swt_hier_model_nnodes(hm), 4);
    UNIT_CHECK_EQ(swt_hier_model_per_node(hm), 2);
    UNIT_CHECK_EQ(swt_hier_model_even(hm), 1);
    for (double n = 8.0; n <= 16777216.0; n *= 64.0) {
        double lo = 2 * a + 5 * tau + 3 * n / b + 2 * g * n;
        double bo = 4 * a + 10 * tau + 2 * n / b + 0.75 * g * n;
        double rs = 2 * a + 5 * tau + n / b + 0.75 * g * n;
        double ag = 2 * a + 5 * tau + n / b;

        near(swt_hier_model_time(hm, SWT_HIER_ALLREDUCE, n),
             (lo < bo ? lo : bo) + 2 * a + g * n / 2, "allreduce");
        near(swt_hier_model_time(hm, SWT_HIER_BCAST, n), 2 * a + 5 * tau + 2 * n / b + a, "bcast");
        near(swt_hier_model_time(hm, SWT_HIER_RS, n), rs + a + g * n / 2, "reduce-scatter");
        near(swt_hier_model_between(hm, SWT_HIER_AG, n), ag, "allgather");
    }
    swt_hier_model_destroy(hm);
    swt_topo_destroy(t);
}
END_TEST

/* The best single-port allreduce over all ranks. */
static double flat_best(const swt_model_t *m, double n)
{
    double best = HUGE_VAL;

    for (int a = 0; a < 2; ++a) {
        for (int k = 0; k < 2; ++k) {
            double x = swt_model_time(m, a ? SWT_ALG_RD : SWT_ALG_SWING,
                                      k ? SWT_KIND_BO : SWT_KIND_LO, n);
            best = (x < best) ? x : best;
        }
    }
    return best;
}

/*
 * 4 groups of 4 nodes, 2 ranks per node, with the emulated network's
 * constants (o = 12.9 us, 3.24 cores for 32 ranks): a small allreduce
 * over all 32 ranks pays 5 steps of 32 messages' overheads on the shared
 * cores, hier 4 steps of 16 and two phases inside the nodes, so hier
 * costs less. With a core per rank and no overhead (the default
 * constants) the phases inside the nodes cost a full alpha each, which
 * the schedules over all ranks spend once: hier costs more.
 */
START_TEST(test_against_flat)
{
    static const char *const
        shared = "name d\ndragonfly 4,4,1,0.25\nplace blocks\nslots 2\n"
                 "cost alpha=6.686e-06 tau=2.675e-07 beta=6.137e+06 gamma=1.946e-11 o=1.293e-05 "
                 "cores=3.24\n";
    swt_topo_t *t = NULL, *plain = unit_topo_load("dragonfly:4,4,1,0.25:slots=2");
    swt_hier_model_t *hm = NULL, *hp = NULL;
    swt_model_t *m = NULL, *mp = NULL;

    ck_assert_int_eq(swt_topo_parse(shared, "test", &t, NULL), SWT_OK);
    ck_assert_int_eq(swt_hier_model_create(t, NULL, &hm), SWT_OK);
    ck_assert_int_eq(swt_model_create(t, NULL, &m), SWT_OK);
    ck_assert_int_eq(swt_hier_model_create(plain, NULL, &hp), SWT_OK);
    ck_assert_int_eq(swt_model_create(plain, NULL, &mp), SWT_OK);
    for (double n = 8.0; n <= 1024.0; n *= 2.0) {
        double h = swt_hier_model_time(hm, SWT_HIER_ALLREDUCE, n), f = flat_best(m, n);
        UNIT_CHECK(h < f, "shared cores, %.0f B: hier %.1f us, over all ranks %.1f us", n, h * 1e6,
                   f * 1e6);
    }
    /* (from about 1 KiB the bytes, no longer alpha, decide there) */
    for (double n = 8.0; n <= 256.0; n *= 2.0) {
        double h = swt_hier_model_time(hp, SWT_HIER_ALLREDUCE, n), f = flat_best(mp, n);
        UNIT_CHECK(h > f, "default constants, %.0f B: hier %.3f us, over all ranks %.3f us", n,
                   h * 1e6, f * 1e6);
    }
    swt_model_destroy(mp);
    swt_model_destroy(m);
    swt_hier_model_destroy(hp);
    swt_hier_model_destroy(hm);
    swt_topo_destroy(plain);
    swt_topo_destroy(t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cost_hier");
    TCase *tc = tcase_create("model");

    tcase_add_test(tc, test_refused);
    tcase_add_test(tc, test_parts);
    tcase_add_test(tc, test_against_flat);
    suite_add_tcase(s, tc);
    return unit_run(s);
}
