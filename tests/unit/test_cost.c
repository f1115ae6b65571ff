/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The cost model (topology/cost/swt_cost.h) on cases small enough to compute
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
static const swt_cost_params_t par = { .alpha = 1e-6, .tau = 1e-7, .beta = 1e9, .gamma = 1e-9 };

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

/*
 * Ports, ring of 4, n = 1000 bytes. Swing, 2 parts (part 1 mirrored): in
 * both steps part 0 takes the + links leaving even and the - links
 * leaving odd positions and part 1 the others: every link once, h = 1,
 * c = 1, each message n/2 of the single-port one.
 *   LO: 2 * (1 + 0.1 + 1 * 500/1e9 s + 1 [gamma on all 1000 bytes]) us
 *       = 2 * 2.6 = 5.2 us.
 *   BO: 4.4 us + (0.5 + 0.25) * (2 * 0.5 + 1) ns * n = 4.4 + 1.5 = 5.9 us.
 * One part: the single-port times of test_ring4 (Swing BO 6.65 us).
 * RD: one part on a ring (D = 1): the single-port times.
 * Ring, cycle 0 1 2 3, 3 reduce-scatter and 3 allgather steps, h = 1:
 *   2 parts (+ and -): c = 1, m = n/8: 6.6 us + 3/4 (2 * 0.5 + 1) ns * n
 *   = 6.6 + 1.5 = 8.1 us. 1 part: 6.6 + 3/4 (2 + 1) = 8.85 us.
 */
START_TEST(test_ring4_ports)
{
    swt_model_t *m = model("ring:4", &par);

    near(swt_model_time_parts(m, SWT_ALG_SWING, SWT_KIND_LO, 2, 1000), 5.2e-6);
    near(swt_model_time_parts(m, SWT_ALG_SWING, SWT_KIND_BO, 2, 1000), 5.9e-6);
    near(swt_model_time_parts(m, SWT_ALG_RD, SWT_KIND_BO, 1, 1000), 7.35e-6);
    near(swt_model_time_parts(m, SWT_ALG_SWING, SWT_KIND_BO, 1, 1000), 6.65e-6);
    near(swt_model_time_parts(m, SWT_ALG_RING, SWT_KIND_BO, 2, 1000), 8.1e-6);
    near(swt_model_time_parts(m, SWT_ALG_RING, SWT_KIND_BO, 1, 1000), 8.85e-6);
    ck_assert(isinf(swt_model_time_parts(m, SWT_ALG_RING, SWT_KIND_LO, 2, 1000)));
    ck_assert(isinf(swt_model_time_parts(m, SWT_ALG_SWING, SWT_KIND_BO, 3, 1000)));
    ck_assert(isinf(swt_model_time_parts(m, SWT_ALG_RD, SWT_KIND_BO, 2, 1000)));
    swt_model_destroy(m);
}
END_TEST

/*
 * Torus 4x4, n = 1000. Swing, 4 parts: x+, y+, x-, y- at every step, every
 * link once (h = 1, c = 1, m = n/4): BO = 4 steps * 2 * 1.1 us + 0.9375 *
 * (2 * 0.25 + 1) ns * n = 8.8 + 1.40625 = 10.20625 us (single port: 8.8 +
 * 0.9375 * 3 = 11.6125 us). RD, 2 parts (x first, y first): steps 2 and 3
 * (k = 1) go 2 hops and share a link in pairs as single-port RD does (c =
 * 2), but x and y parts never meet: BO = 2 * (1.1 + 1.1 + 1.2 + 1.2) us +
 * (0.5 * 2 + 0.25 * 2 + 0.125 * 3 + 0.0625 * 3) ns * n = 9.2 + 2.0625 =
 * 11.2625 us. Ring, 4 parts on the two staircases, every directed link
 * once: 30 * 1.1 us + 15/16 * (2 * 0.25 + 1) ns * n = 33 + 1.40625 us.
 */
START_TEST(test_torus4x4_ports)
{
    swt_model_t *m = model("torus:4x4", &par);

    near(swt_model_time_parts(m, SWT_ALG_SWING, SWT_KIND_BO, 4, 1000), 10.20625e-6);
    near(swt_model_time(m, SWT_ALG_SWING, SWT_KIND_BO, 1000), 11.6125e-6);
    near(swt_model_time_parts(m, SWT_ALG_RD, SWT_KIND_BO, 2, 1000), 11.2625e-6);
    near(swt_model_time_parts(m, SWT_ALG_RING, SWT_KIND_BO, 4, 1000), 34.40625e-6);
    swt_model_destroy(m);
}
END_TEST

/*
 * The halves on the torus 4x4 with ports, n = 1000 (the allreduce above
 * split in two). Swing, 4 parts: reduce-scatter 4 * 1.1 us + 0.9375 *
 * (0.25 + 1) ns * n = 4.4 + 1.171875 us; allgather 4.4 + 0.9375 * 0.25 ns
 * * n = 4.4 + 0.234375 us. Ring, 4 parts: 15 * 1.1 us + 15/16 * (0.25 +
 * 1) ns * n = 16.5 + 1.171875 us, and 16.5 + 0.234375 us. Without folding
 * the two halves add up to the allreduce for every part count; one part
 * is swt_model_time_half; part counts not built are not modelled.
 */
START_TEST(test_torus4x4_halves)
{
    swt_model_t *m = model("torus:4x4", &par);

    near(swt_model_time_half_parts(m, SWT_ALG_SWING, SWT_KIND_BO, 4, SWT_HALF_RS, 1000),
         5.571875e-6);
    near(swt_model_time_half_parts(m, SWT_ALG_SWING, SWT_KIND_BO, 4, SWT_HALF_AG, 1000),
         4.634375e-6);
    near(swt_model_time_half_parts(m, SWT_ALG_RING, SWT_KIND_BO, 4, SWT_HALF_RS, 1000),
         17.671875e-6);
    near(swt_model_time_half_parts(m, SWT_ALG_RING, SWT_KIND_BO, 4, SWT_HALF_AG, 1000),
         16.734375e-6);
    for (int a = 0; a < 3; ++a) {
        int forms[2] = { 1, SWT_ALG_RD == a ? 2 : 4 };
        for (int f = 0; f < 2; ++f) {
            near(swt_model_time_half_parts(m, (swt_alg_t) a, SWT_KIND_BO, forms[f], SWT_HALF_RS,
                                           1000)
                     + swt_model_time_half_parts(m, (swt_alg_t) a, SWT_KIND_BO, forms[f],
                                                 SWT_HALF_AG, 1000),
                 swt_model_time_parts(m, (swt_alg_t) a, SWT_KIND_BO, forms[f], 1000));
        }
        near(swt_model_time_half_parts(m, (swt_alg_t) a, SWT_KIND_BO, 1, SWT_HALF_AG, 5000),
             swt_model_time_half(m, (swt_alg_t) a, SWT_KIND_BO, SWT_HALF_AG, 5000));
    }
    ck_assert(
        isinf(swt_model_time_half_parts(m, SWT_ALG_SWING, SWT_KIND_BO, 3, SWT_HALF_RS, 1000)));
    swt_model_destroy(m);
}
END_TEST

/*
 * Torus 4x2, Swing, 4 parts: step 2 is (x, k1) in every part, parts 0 and
 * 1 (and 2 and 3) send alike: c = 2 there, 1 before. BO, n = 1000: 3 * 2
 * * 1.1 us + (0.75 * (2 * 0.25 + 1) + 0.125 * (2 * 0.5 + 1)) ns * n = 6.6 +
 * 1.375 = 7.975 us. Steps 0 and 1 send two parts to the y neighbour, one
 * + and one -: c = 1 because y, of size 2 and wrapping, has two links
 * between the pair (ALGORITHMS.md section 9: 2 links per dimension of
 * size > 1). Ring, 4 parts (both staircases, both ways): 32 messages on
 * the 32 directed links, c = 1, m = n/32: 14 * 1.1 us + 7/8 * (2 * 0.25 +
 * 1) ns * n = 15.4 + 1.3125 = 16.7125 us.
 */
START_TEST(test_torus4x2_ports)
{
    swt_model_t *m = model("torus:4x2", &par);

    near(swt_model_time_parts(m, SWT_ALG_SWING, SWT_KIND_BO, 4, 1000), 7.975e-6);
    near(swt_model_time_parts(m, SWT_ALG_RING, SWT_KIND_BO, 4, 1000), 16.7125e-6);
    swt_model_destroy(m);
}
END_TEST

/*
 * The same torus with one link between y neighbours (y does not wrap, as
 * on bench/torus-net.sh's network, which builds one veth pair there): the
 * two parts of steps 0 and 1 share it, c = 2 in every step. Swing BO, 4
 * parts: 6.6 us + 0.875 * (2 * 0.5 + 1) ns * n = 8.35 us. Ring: the y
 * link from every tile carries 2 messages (one cycle forward, the other
 * backward), c = 2: 15.4 + 7/8 * (2 * 0.5 + 1) = 17.15 us. One part sends
 * one message per step, so single-port times do not change.
 */
START_TEST(test_torus4x2_one_y_link)
{
    swt_topo_t *t = NULL;
    swt_model_t *one = NULL, *two = model("torus:4x2", &par);

    ck_assert_int_eq(SWT_OK, swt_topo_parse("logical 4x2\ngrid 4x2 wrap=1,0\nkind node rest\n", "x",
                                            &t, NULL));
    ck_assert_int_eq(SWT_OK, swt_model_create(t, &par, &one));
    near(swt_model_time_parts(one, SWT_ALG_SWING, SWT_KIND_BO, 4, 1000), 8.35e-6);
    near(swt_model_time_parts(one, SWT_ALG_RING, SWT_KIND_BO, 4, 1000), 17.15e-6);
    for (int alg = 0; alg < 2; ++alg) {
        near(swt_model_time(one, (swt_alg_t) alg, SWT_KIND_BO, 1000),
             swt_model_time(two, (swt_alg_t) alg, SWT_KIND_BO, 1000));
        near(swt_model_time(one, (swt_alg_t) alg, SWT_KIND_LO, 1000),
             swt_model_time(two, (swt_alg_t) alg, SWT_KIND_LO, 1000));
    }
    swt_model_destroy(one);
    swt_model_destroy(two);
    swt_topo_destroy(t);
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

/*
 * Messages (section 12): each message costs o at its sender and at its
 * receiver. On the torus 4x4 (no folding, 4 core steps, every rank in an
 * exchange each step) a rank posts 2 k messages a step with k parts, so
 * o = 0.1 us adds 4 * 2k * 0.1 us: 0.8 us single-port, 3.2 us with
 * Swing's 4 parts, 1.6 us with RD's 2; BO twice that (8 steps).
 * Swing LO, n = 1000, alpha 1 us, beta 1 GB/s, tau = gamma = 0:
 *   one part:   4 * (1 + 2 * 0.1 + 1000/1e9 s) = 4 * 2.2 = 8.8 us
 *   four parts: 4 * (1 + 8 * 0.1 + 250/1e9 s) = 4 * 2.05 = 8.2 us
 */
static const swt_cost_params_t msg_par = { 1e-6, 0.0, 1e9, 0.0, 1e-7, 0.0 };
static const swt_cost_params_t nomsg_par = { 1e-6, 0.0, 1e9, 0.0, 0.0, 0.0 };

START_TEST(test_message_overhead)
{
    swt_model_t *m = model("torus:4x4", &msg_par), *z = model("torus:4x4", &nomsg_par);
    swt_step_cost_t st[SWT_MODEL_STEPS_MAX];
    static const struct {
        swt_alg_t alg;
        int k;
    } forms[] = {
        { SWT_ALG_SWING, 1 }, { SWT_ALG_SWING, 4 }, { SWT_ALG_RD, 1 }, { SWT_ALG_RD, 2 }
    };

    near(swt_model_time_parts(m, SWT_ALG_SWING, SWT_KIND_LO, 1, 1000), 8.8e-6);
    near(swt_model_time_parts(m, SWT_ALG_SWING, SWT_KIND_LO, 4, 1000), 8.2e-6);
    for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); ++i) {
        for (int kind = 0; kind < 2; ++kind) {
            double steps = SWT_KIND_LO == kind ? 4.0 : 8.0;
            int n = swt_model_steps(m, forms[i].alg, (swt_kind_t) kind, forms[i].k, SWT_HALF_ALL,
                                    1000, st, SWT_MODEL_STEPS_MAX);
            near(swt_model_time_parts(m, forms[i].alg, (swt_kind_t) kind, forms[i].k, 1000)
                     - swt_model_time_parts(z, forms[i].alg, (swt_kind_t) kind, forms[i].k, 1000),
                 steps * 2 * forms[i].k * 1e-7);
            UNIT_CHECK_EQ(n, (int) steps);
            for (int j = 0; j < n; ++j) {
                UNIT_CHECK_EQ(st[j].msgs, 2 * forms[i].k);
                UNIT_CHECK_EQ(st[j].bound, SWT_BOUND_LINKS);
                UNIT_CHECK(0.0 == st[j].cores, "no cores: no core bound, got %g", st[j].cores);
            }
        }
    }
    /* the ring: 2 * 15 steps of 2k messages, k = 4 */
    near(swt_model_time_parts(m, SWT_ALG_RING, SWT_KIND_BO, 4, 1000)
             - swt_model_time_parts(z, SWT_ALG_RING, SWT_KIND_BO, 4, 1000),
         30 * 8 * 1e-7);
    swt_model_destroy(m);
    swt_model_destroy(z);
}
END_TEST

/*
 * A fold step: the extra rank sends one message per part, its survivor
 * receives one; the unfold the same back. Ring of 3 (a fold, one core
 * step between 0 and 2, an unfold), o = 0.1 us: LO adds 0.1 + 0.2 + 0.1
 * = 0.4 us single-port, 0.8 us with Swing's 2 parts.
 */
START_TEST(test_fold_overhead)
{
    swt_model_t *m = model("ring:3", &msg_par), *z = model("ring:3", &nomsg_par);

    near(swt_model_time(m, SWT_ALG_SWING, SWT_KIND_LO, 1000)
             - swt_model_time(z, SWT_ALG_SWING, SWT_KIND_LO, 1000),
         0.4e-6);
    near(swt_model_time_parts(m, SWT_ALG_SWING, SWT_KIND_LO, 2, 1000)
             - swt_model_time_parts(z, SWT_ALG_SWING, SWT_KIND_LO, 2, 1000),
         0.8e-6);
    swt_model_destroy(m);
    swt_model_destroy(z);
}
END_TEST

/*
 * The core bound: 16 ranks on 2 cores. Torus 4x4, n = 1000, alpha 1 us,
 * beta 1 GB/s, gamma 1 ns/B, o = 0.1 us. Swing LO:
 *   one part, a step: links 1 + 2 * 0.1 + 1 + 1 = 3.2 us; cores: 16 ranks
 *   each post 2 messages (32 overheads: 3.2 us) and reduce 1000 bytes
 *   (16 us), over 2 cores = 9.6 us. The cores bound: 4 * 9.6 = 38.4 us.
 *   four parts: links 1 + 8 * 0.1 + 0.25 + 1 = 3.05 us; cores (128 * 0.1
 *   + 16) / 2 = 14.4 us: 57.6 us. Single-port is faster (without cores,
 *   12.8 against 12.2 us, the multiport form was): the case.
 * With gamma = 0 the bound moves with n: at 100 bytes the cores (3.2 / 2
 * = 1.6 us against 1.3) set the step, at 1000 bytes the links (2.2).
 * With as many cores as ranks the core bound never exceeds a rank's own
 * work, so the times are those without cores.
 */
START_TEST(test_core_bound)
{
    const swt_cost_params_t par2 = { 1e-6, 0.0, 1e9, 1e-9, 1e-7, 2.0 };
    const swt_cost_params_t par0 = { 1e-6, 0.0, 1e9, 1e-9, 1e-7, 0.0 };
    const swt_cost_params_t par16 = { 1e-6, 0.0, 1e9, 1e-9, 1e-7, 16.0 };
    const swt_cost_params_t lin2 = { 1e-6, 0.0, 1e9, 0.0, 1e-7, 2.0 };
    swt_model_t *m = model("torus:4x4", &par2), *z = model("torus:4x4", &par0);
    swt_model_t *w = model("torus:4x4", &par16), *l = model("torus:4x4", &lin2);
    swt_step_cost_t st[SWT_MODEL_STEPS_MAX];
    int n;

    near(swt_model_time_parts(m, SWT_ALG_SWING, SWT_KIND_LO, 1, 1000), 38.4e-6);
    near(swt_model_time_parts(m, SWT_ALG_SWING, SWT_KIND_LO, 4, 1000), 57.6e-6);
    near(swt_model_time_parts(z, SWT_ALG_SWING, SWT_KIND_LO, 1, 1000), 12.8e-6);
    near(swt_model_time_parts(z, SWT_ALG_SWING, SWT_KIND_LO, 4, 1000), 12.2e-6);
    n = swt_model_steps(m, SWT_ALG_SWING, SWT_KIND_LO, 4, SWT_HALF_ALL, 1000, st,
                        SWT_MODEL_STEPS_MAX);
    UNIT_CHECK_EQ(n, 4);
    for (int j = 0; j < n; ++j) {
        UNIT_CHECK_EQ(st[j].bound, SWT_BOUND_CORES);
        near(st[j].cores, 14.4e-6);
        near(st[j].links, 3.05e-6);
        near(st[j].time, 14.4e-6);
    }
    near(swt_model_cores_share(m, SWT_ALG_SWING, SWT_KIND_LO, 4, SWT_HALF_ALL, 1000), 1.0);
    ck_assert(0.0 == swt_model_cores_share(z, SWT_ALG_SWING, SWT_KIND_LO, 4, SWT_HALF_ALL, 1000));

    near(swt_model_time(l, SWT_ALG_SWING, SWT_KIND_LO, 100), 4 * 1.6e-6);
    near(swt_model_time(l, SWT_ALG_SWING, SWT_KIND_LO, 1000), 4 * 2.2e-6);
    swt_model_steps(l, SWT_ALG_SWING, SWT_KIND_LO, 1, SWT_HALF_ALL, 100, st, SWT_MODEL_STEPS_MAX);
    UNIT_CHECK_EQ(st[0].bound, SWT_BOUND_CORES);
    swt_model_steps(l, SWT_ALG_SWING, SWT_KIND_LO, 1, SWT_HALF_ALL, 1000, st, SWT_MODEL_STEPS_MAX);
    UNIT_CHECK_EQ(st[0].bound, SWT_BOUND_LINKS);

    for (int a = 0; a < 3; ++a) {
        int k = SWT_ALG_RD == a ? 2 : 4;
        for (double b = 8; b <= 1 << 22; b *= 8) {
            near(swt_model_time_parts(w, (swt_alg_t) a, SWT_KIND_BO, k, b),
                 swt_model_time_parts(z, (swt_alg_t) a, SWT_KIND_BO, k, b));
            /* no folding: the halves still add up to the allreduce */
            near(swt_model_time_half_parts(m, (swt_alg_t) a, SWT_KIND_BO, k, SWT_HALF_RS, b)
                     + swt_model_time_half_parts(m, (swt_alg_t) a, SWT_KIND_BO, k, SWT_HALF_AG, b),
                 swt_model_time_parts(m, (swt_alg_t) a, SWT_KIND_BO, k, b));
        }
    }
    swt_model_destroy(m);
    swt_model_destroy(z);
    swt_model_destroy(w);
    swt_model_destroy(l);
}
END_TEST

/*
 * The LO/BO crossover with a core bound (piecewise-linear times): LO no
 * slower up to it, BO faster just above, and not where the model without
 * cores puts it (the cores charge LO's whole-vector reductions 8 times).
 */
START_TEST(test_crossover_cores)
{
    const swt_cost_params_t par2 = { 1e-6, 1e-7, 1e9, 1e-9, 1e-6, 2.0 };
    const swt_cost_params_t par0 = { 1e-6, 1e-7, 1e9, 1e-9, 1e-6, 0.0 };
    swt_model_t *m = model("torus:4x4", &par2), *z = model("torus:4x4", &par0);
    double x = swt_model_lo_max_bytes(m, SWT_ALG_SWING),
           x0 = swt_model_lo_max_bytes(z, SWT_ALG_SWING);

    UNIT_CHECK(x > 0.0 && x < 1e9, "crossover %g", x);
    ck_assert(swt_model_time(m, SWT_ALG_SWING, SWT_KIND_LO, x)
              <= swt_model_time(m, SWT_ALG_SWING, SWT_KIND_BO, x));
    ck_assert(swt_model_time(m, SWT_ALG_SWING, SWT_KIND_LO, x + 1)
              > swt_model_time(m, SWT_ALG_SWING, SWT_KIND_BO, x + 1));
    for (double b = 1; b < x; b *= 2) {
        ck_assert(swt_model_time(m, SWT_ALG_SWING, SWT_KIND_LO, b)
                  <= swt_model_time(m, SWT_ALG_SWING, SWT_KIND_BO, b));
    }
    UNIT_CHECK(x != x0, "the same crossover with and without cores: %g", x);
    swt_model_destroy(m);
    swt_model_destroy(z);
}
END_TEST

/*
 * Old descriptions predict as before: a description without o and cores
 * gives the times of the same constants written out with o=0 cores=0, to
 * the bit, and prints without them.
 */
START_TEST(test_old_descriptions)
{
    swt_topo_t *a = unit_topo_load("ring:8"), *b = NULL;
    swt_model_t *ma = NULL, *mb = NULL;
    char text[4096];

    ck_assert_int_eq(SWT_OK, swt_topo_parse("logical 8\ncost alpha=1e-6 tau=1e-7 beta=12.5e9 "
                                            "gamma=1e-10 o=0 cores=0\n",
                                            "x", &b, NULL));
    ck_assert_int_eq(SWT_OK, swt_model_create(a, NULL, &ma));
    ck_assert_int_eq(SWT_OK, swt_model_create(b, NULL, &mb));
    for (double n = 8; n <= 1 << 26; n *= 4) {
        for (int alg = 0; alg < 3; ++alg) {
            int k = swt_alg_nparts(swt_topo_logical(a), (swt_alg_t) alg);
            ck_assert(swt_model_time_parts(ma, (swt_alg_t) alg, SWT_KIND_BO, k, n)
                      == swt_model_time_parts(mb, (swt_alg_t) alg, SWT_KIND_BO, k, n));
        }
    }
    ck_assert(swt_model_lo_max_bytes(ma, SWT_ALG_SWING) == 9395.0);
    ck_assert(swt_model_lo_max_bytes(mb, SWT_ALG_SWING) == 9395.0);
    swt_topo_format(b, text, sizeof(text));
    ck_assert_ptr_null(strstr(text, " o="));
    ck_assert_ptr_null(strstr(text, "cores"));
    swt_model_destroy(ma);
    swt_model_destroy(mb);
    swt_topo_destroy(a);
    swt_topo_destroy(b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cost");
    TCase *tc = tcase_create("cost");

    tcase_add_test(tc, test_ring4);
    tcase_add_test(tc, test_ring3_fold);
    tcase_add_test(tc, test_ring4_ports);
    tcase_add_test(tc, test_torus4x4_ports);
    tcase_add_test(tc, test_torus4x4_halves);
    tcase_add_test(tc, test_torus4x2_ports);
    tcase_add_test(tc, test_torus4x2_one_y_link);
    tcase_add_test(tc, test_single);
    tcase_add_test(tc, test_params_from_topo);
    tcase_add_test(tc, test_message_overhead);
    tcase_add_test(tc, test_fold_overhead);
    tcase_add_test(tc, test_core_bound);
    tcase_add_test(tc, test_crossover_cores);
    tcase_add_test(tc, test_old_descriptions);
    suite_add_tcase(s, tc);
    return unit_run(s);
}
