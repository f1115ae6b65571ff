/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The cost model of trees and chains (topology/cost/swt_cost_tree.h): cases
 * worked out by hand in the comments, and every form on several machines
 * against a brute force that builds every rank's step lists
 * (swt_tree_steps), walks every message's route link by link and adds up
 * the bytes of each directed link.
 */
#include "swt_cost.h"
#include "swt_layout.h"

#include <math.h>

#include "unit_util.h"

/* alpha 1 us, tau 0.1 us, beta 1 GB/s, gamma 1 ns/B */
static const swt_cost_params_t par = { .alpha = 1e-6, .tau = 1e-7, .beta = 1e9, .gamma = 1e-9 };

static void near(double got, double want)
{
    UNIT_CHECK(fabs(got - want) <= 1e-9 * fabs(want) + 1e-15, "got %.12g, want %.12g", got, want);
}

static const swt_tree_opts_t far = { SWT_TREE_FAR_FIRST, 0, 0 };
static const swt_tree_opts_t nearf = { SWT_TREE_NEAR_FIRST, 0, 0 };

/*
 * Ring of 8, root 0, n = 1000 bytes.
 * Bine broadcast, far-first: 0 -> 3 (3 hops); 0 -> 7, 3 -> 4 (1 hop each,
 * opposite directions); 0 -> 1, 3 -> 2, 7 -> 6, 4 -> 5 (1 hop, no link
 * twice). Every step carries n on its busiest link: 3 (1 + 1) us + (0.3 +
 * 0.1 + 0.1) us = 6.5 us; 9 hops in all, 9 n link bytes; 0 -> 3 does not
 * wrap, 0 -> 7 does: n through wrap-around links.
 * Its reduce adds gamma on the n a rank reduces per step: 6.5 + 3 = 9.5 us.
 * Binomial (RD), far-first: 0 -> 4 (4 hops), 0 -> 2, 4 -> 6 (2 each),
 * 0 -> 1, 2 -> 3, 4 -> 5, 6 -> 7: 6 + (0.4 + 0.2 + 0.1) = 6.7 us, 12 hops.
 * Chain, one part (the cycle 0 1 2 ... 7): every rank but the last sends
 * one segment one hop: T(S) = (6 + S)(1.1 us + 1 us / S); the best S is
 * sqrt(6 * 1 / 1.1) = 2.34: S = 2, T = 8 (1.1 + 0.5) = 12.8 us.
 */
START_TEST(test_ring8)
{
    swt_topo_t *t = unit_topo_load("ring:8");
    swt_tree_model_t *m = NULL;
    swt_tree_stats_t st;
    double lb = 0.0, wb = 0.0;
    long hops = 0;

    ck_assert_int_eq(SWT_OK, swt_tree_model_create(t, &par, 0, &m));
    near(swt_tree_model_time(m, SWT_ALG_SWING, SWT_COLL_BCAST, &far, 1, 1000), 6.5e-6);
    near(swt_tree_model_time(m, SWT_ALG_SWING, SWT_COLL_BCAST, NULL, 1, 1000), 6.5e-6);
    near(swt_tree_model_time(m, SWT_ALG_SWING, SWT_COLL_REDUCE, &far, 1, 1000), 9.5e-6);
    near(swt_tree_model_time(m, SWT_ALG_RD, SWT_COLL_BCAST, &far, 1, 1000), 6.7e-6);
    ck_assert_int_eq(3, swt_tree_model_nsteps(m, SWT_ALG_SWING, SWT_COLL_BCAST, &far, 1));
    for (int i = 0; i < 3; ++i) {
        ck_assert_int_eq(SWT_OK,
                         swt_tree_model_step(m, SWT_ALG_SWING, SWT_COLL_BCAST, &far, 1, i, &st));
        ck_assert_int_eq(1L << i, st.nmsgs);
        near(st.max_link, 1.0);
        lb += st.link_bytes;
        wb += st.wrap_bytes;
        hops += st.sum_hops;
    }
    ck_assert_int_eq(9, hops);
    near(lb, 9.0);
    near(wb, 1.0);
    ck_assert_int_eq(2, swt_tree_model_nsegs(m, SWT_COLL_BCAST, NULL, 1, 1000));
    near(swt_tree_model_time(m, SWT_ALG_RING, SWT_COLL_BCAST, NULL, 1, 1000), 12.8e-6);
    ck_assert(isinf(swt_tree_model_time(m, SWT_ALG_RING, SWT_COLL_GATHER, NULL, 1, 1000)));
    ck_assert(isinf(swt_tree_model_time(m, SWT_ALG_SWING, SWT_COLL_GATHER, &far, 1, 1000)));
    ck_assert(isinf(swt_tree_model_time(m, SWT_ALG_SWING, SWT_COLL_BCAST, NULL, 3, 1000)));
    ck_assert_int_eq(-1, swt_tree_model_nsteps(m, SWT_ALG_RING, SWT_COLL_SCATTER, NULL, 1));
    swt_tree_model_destroy(m);
    swt_topo_destroy(t);
}
END_TEST

/*
 * The overhead per message and the cores (ALGORITHMS.md section 12) in a
 * tree's step: ring:8, Bine far-first broadcast of 1000 B (steps 2.3,
 * 2.1, 2.1 us above). o = 0.5 us: each step + 2 o = 1 us, 9.5 us; with 2
 * cores a step costs at least every rank's overheads over them, 2 o 8 / 2
 * = 4 us, waiting ranks included: 12 us.
 */
START_TEST(test_overheads)
{
    swt_topo_t *t = unit_topo_load("ring:8");
    swt_cost_params_t po = par;
    swt_tree_model_t *m = NULL;

    po.o = 0.5e-6;
    ck_assert_int_eq(SWT_OK, swt_tree_model_create(t, &po, 0, &m));
    near(swt_tree_model_time(m, SWT_ALG_SWING, SWT_COLL_BCAST, &far, 1, 1000), 9.5e-6);
    swt_tree_model_destroy(m);
    po.cores = 2.0;
    ck_assert_int_eq(SWT_OK, swt_tree_model_create(t, &po, 0, &m));
    near(swt_tree_model_time(m, SWT_ALG_SWING, SWT_COLL_BCAST, &far, 1, 1000), 12.0e-6);
    swt_tree_model_destroy(m);
    swt_topo_destroy(t);
}
END_TEST

/* The chain's segment count is the best integer one. */
START_TEST(test_chain_nsegs)
{
    static const char *const specs[] = { "ring:8", "torus:4x4", "n150" };
    static const double sizes[] = { 8, 1000, 65536, 1 << 20, 64.0 * (1 << 20) };

    for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); ++i) {
        swt_topo_t *t = unit_topo_load(specs[i]);
        swt_tree_model_t *m = NULL;
        ck_assert_int_eq(SWT_OK, swt_tree_model_create(t, &par, 0, &m));
        for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); ++k) {
            for (int coll = 0; coll < 2; ++coll) {
                swt_tree_opts_t o = { SWT_TREE_DEFAULT, 0, 0 };
                int np = swt_tree_max_parts(t, SWT_ALG_RING, &o);
                long s = swt_tree_model_nsegs(m, (swt_coll_t) coll, &o, np, sizes[k]);
                double best = swt_tree_model_time(m, SWT_ALG_RING, (swt_coll_t) coll, &o, np,
                                                  sizes[k]);
                swt_tree_stats_t st;
                long p = swt_shape_size(swt_topo_logical(t));
                ck_assert(s >= 1);
                ck_assert_int_eq(SWT_OK, swt_tree_model_step(m, SWT_ALG_RING, (swt_coll_t) coll, &o,
                                                             np, 0, &st));
                for (long d = -2; d <= 2; ++d) {
                    long s2 = s + d;
                    double n = sizes[k] / (double) s2, step;
                    if (s2 < 1 || (double) s2 > sizes[k] / np) {
                        continue;
                    }
                    step = par.alpha + (double) st.max_hops * par.tau + st.max_link * n / par.beta
                           + par.gamma * st.reduced * n;
                    UNIT_CHECK(best <= (double) (p + s2 - 2) * step * (1 + 1e-12),
                               "%s %s %.0f B: S = %ld (%.9g s) loses to S = %ld (%.9g s)", specs[i],
                               swt_coll_name((swt_coll_t) coll), sizes[k], s, best, s2,
                               (double) (p + s2 - 2) * step);
                }
            }
        }
        swt_tree_model_destroy(m);
        swt_topo_destroy(t);
    }
}
END_TEST

/* ---- brute force ---- */

/* Bytes per unit of a message's weight (fraction of the size). */
static double bf_weight(const swt_layout_t *lay, long pos, const swt_step_t *st, long p, int nparts)
{
    if (NULL == lay) {
        return 1.0 / nparts;
    }
    switch (st->op) {
    case SWT_OP_FOLD_SEND: return (double) swt_layout_group(lay, pos) / (double) (p * nparts);
    case SWT_OP_UNFOLD_SEND:
        return (double) swt_layout_group(lay, st->peer) / (double) (p * nparts);
    default:
        return (double) (swt_layout_first(lay, st->send_lo + st->send_n)
                         - swt_layout_first(lay, st->send_lo))
               / (double) (p * nparts);
    }
}

static int bf_sends(swt_op_t op)
{
    return SWT_OP_SEND == op || SWT_OP_AG == op || SWT_OP_RS == op || SWT_OP_FOLD_SEND == op
           || SWT_OP_UNFOLD_SEND == op;
}

/*
 * One form by brute force: every step's time at n bytes, summed; its
 * statistics compared with the model's step by step on the way.
 */
static double bf_form(const swt_topo_t *topo, swt_tree_model_t *m, swt_alg_t alg, swt_coll_t coll,
                      const swt_tree_opts_t *opts, int nparts, long root, double n)
{
    const swt_shape_t *grid = swt_topo_grid(topo);
    long p = swt_shape_size(swt_topo_logical(topo)), ntiles = swt_shape_size(grid);
    int gd = grid->ndims, blocks = (SWT_COLL_GATHER == coll || SWT_COLL_SCATTER == coll);
    swt_tree_t *tree[2 * SWT_MAX_DIMS] = { NULL };
    swt_layout_t *lay[2 * SWT_MAX_DIMS] = { NULL };
    swt_step_t **lists = calloc((size_t) (p * nparts), sizeof(swt_step_t *));
    int *len = calloc((size_t) (p * nparts), sizeof(int)), nsteps = 0;
    double *load = malloc(sizeof(double) * (size_t) (ntiles * 2 * gd));
    double *red = malloc(sizeof(double) * (size_t) p), total = 0.0;
    swt_net_t *net = NULL;

    UNIT_CHECK(lists && len && load && red, "out of memory");
    ck_assert_int_eq(SWT_OK, swt_net_create(topo, &net));
    for (int j = 0; j < nparts; ++j) {
        int cap;
        ck_assert_int_eq(SWT_OK, swt_tree_create(topo, alg, coll, opts, j, nparts, &tree[j]));
        if (blocks) {
            ck_assert_int_eq(SWT_OK, swt_layout_create_part(topo, alg, j, &lay[j]));
        }
        cap = swt_tree_max_steps(tree[j]);
        for (long x = 0; x < p; ++x) {
            swt_step_t *l = malloc(sizeof(swt_step_t) * (size_t) (cap + 1));
            UNIT_CHECK(NULL != l, "out of memory");
            ck_assert_int_eq(SWT_OK, swt_tree_steps(tree[j], root, x, l, &len[j * p + x]));
            lists[j * p + x] = l;
            nsteps = (len[j * p + x] > nsteps) ? len[j * p + x] : nsteps;
        }
    }
    for (int i = 0; i < nsteps; ++i) {
        swt_tree_stats_t got;
        long nmsgs = 0, max_hops = 0, sum_hops = 0;
        double max_link = 0.0, link_bytes = 0.0, most_red = 0.0;
        for (long k = 0; k < ntiles * 2 * gd; ++k) {
            load[k] = 0.0;
        }
        for (long x = 0; x < p; ++x) {
            red[x] = 0.0;
        }
        for (int j = 0; j < nparts; ++j) {
            for (long x = 0; x < p; ++x) {
                const swt_step_t *st;
                swt_route_t rt;
                double w;
                if (i >= len[j * p + x]) {
                    continue;
                }
                st = &lists[j * p + x][i];
                if (SWT_COLL_REDUCE == coll
                    && (SWT_OP_RECV_REDUCE == st->op || SWT_OP_FOLD_RECV == st->op
                        || SWT_OP_RS == st->op)) {
                    red[x] += 1.0 / nparts;
                }
                if (!bf_sends(st->op)) {
                    continue;
                }
                w = bf_weight(lay[j], x, st, p, nparts);
                swt_net_route(net, x, st->peer, st->move.dir, &rt);
                nmsgs++;
                sum_hops += rt.hops;
                max_hops = (rt.hops > max_hops) ? rt.hops : max_hops;
                link_bytes += w * (double) rt.hops;
                for (int g = 0; g < rt.nsegs; ++g) {
                    const swt_seg_t *sg = &rt.segs[g];
                    int c[SWT_MAX_DIMS];
                    memcpy(c, sg->from, sizeof(c));
                    for (long h = 0; h < sg->hops; ++h) {
                        long l = swt_shape_pos(grid, c) * 2 * gd + 2 * sg->dim + (sg->dir > 0);
                        load[l] += w;
                        max_link = (load[l] > max_link) ? load[l] : max_link;
                        c[sg->dim] = (c[sg->dim] + sg->dir + grid->dims[sg->dim])
                                     % grid->dims[sg->dim];
                    }
                }
            }
        }
        for (long x = 0; x < p; ++x) {
            most_red = (red[x] > most_red) ? red[x] : most_red;
        }
        ck_assert_int_eq(SWT_OK, swt_tree_model_step(m, alg, coll, opts, nparts, i, &got));
        UNIT_CHECK(got.nmsgs == nmsgs && got.max_hops == max_hops && got.sum_hops == sum_hops,
                   "%s %s step %d: model %ld msgs %ld hops (max %ld), brute force %ld %ld (%ld)",
                   swt_topo_name(topo), swt_coll_name(coll), i, got.nmsgs, got.sum_hops,
                   got.max_hops, nmsgs, sum_hops, max_hops);
        near(got.max_link, max_link);
        near(got.link_bytes, link_bytes);
        near(got.reduced, most_red);
        if (nmsgs > 0) {
            total += par.alpha + (double) max_hops * par.tau + max_link * n / par.beta
                     + par.gamma * most_red * n;
        }
    }
    ck_assert_int_eq(nsteps <= swt_tree_model_nsteps(m, alg, coll, opts, nparts), 1);
    for (int j = 0; j < nparts; ++j) {
        for (long x = 0; x < p; ++x) {
            free(lists[j * p + x]);
        }
        swt_tree_destroy(tree[j]);
        swt_layout_destroy(lay[j]);
    }
    swt_net_destroy(net);
    free(lists);
    free(len);
    free(load);
    free(red);
    return total;
}

static void bf_spec(const char *spec)
{
    swt_topo_t *t = unit_topo_load(spec);
    long p = swt_shape_size(swt_topo_logical(t));
    long roots[2] = { 0, p - 1 };

    for (int r = 0; r < 2; ++r) {
        swt_tree_model_t *m = NULL;
        ck_assert_int_eq(SWT_OK, swt_tree_model_create(t, &par, roots[r], &m));
        for (int a = 0; a < 2; ++a) {
            for (int coll = 0; coll < SWT_COLL_COUNT; ++coll) {
                for (int o = 0; o < 2; ++o) {
                    const swt_tree_opts_t *opts = o ? &nearf : &far;
                    int maxp = swt_tree_max_parts(t, (swt_alg_t) a, opts);
                    if (coll >= SWT_COLL_GATHER && !o) {
                        continue;
                    }
                    for (int np = 1; np <= maxp; np = (np == maxp) ? maxp + 1 : maxp) {
                        double want = bf_form(t, m, (swt_alg_t) a, (swt_coll_t) coll, opts, np,
                                              roots[r], 1e6);
                        near(swt_tree_model_time(m, (swt_alg_t) a, (swt_coll_t) coll, opts, np,
                                                 1e6),
                             want);
                    }
                }
            }
        }
        swt_tree_model_destroy(m);
    }
    swt_topo_destroy(t);
}

static const char *const bf_specs[] = { "ring:8",      "ring:6", "torus:4x4",        "torus:3x5",
                                        "torus:2x2x2", "n150",   "n150-72:harvest=3" };

START_TEST(test_brute_force)
{
    bf_spec(bf_specs[_i]);
}
END_TEST

/* Bine moves fewer bytes over the links than binomial: the far-first
   broadcast and the scatter on rings and tori of 64. */
START_TEST(test_bine_fewer_link_bytes)
{
    static const char *const specs[] = { "ring:64", "torus:8x8", "torus:4x4x4" };

    for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); ++i) {
        swt_topo_t *t = unit_topo_load(specs[i]);
        swt_tree_model_t *m = NULL;
        ck_assert_int_eq(SWT_OK, swt_tree_model_create(t, &par, 0, &m));
        for (int coll = 0; coll < SWT_COLL_COUNT; ++coll) {
            double lb[2] = { 0.0, 0.0 };
            for (int a = 0; a < 2; ++a) {
                int ns = swt_tree_model_nsteps(m, (swt_alg_t) a, (swt_coll_t) coll, NULL, 1);
                for (int s = 0; s < ns; ++s) {
                    swt_tree_stats_t st;
                    swt_tree_model_step(m, (swt_alg_t) a, (swt_coll_t) coll, NULL, 1, s, &st);
                    lb[a] += st.link_bytes;
                }
            }
            UNIT_CHECK(lb[0] < lb[1], "%s %s: Bine %.3f n link bytes, binomial %.3f n", specs[i],
                       swt_coll_name((swt_coll_t) coll), lb[0], lb[1]);
        }
        swt_tree_model_destroy(m);
        swt_topo_destroy(t);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cost_tree");
    TCase *tc = tcase_create("model");

    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_ring8);
    tcase_add_test(tc, test_overheads);
    tcase_add_test(tc, test_chain_nsegs);
    tcase_add_loop_test(tc, test_brute_force, 0, (int) (sizeof(bf_specs) / sizeof(bf_specs[0])));
    tcase_add_test(tc, test_bine_fewer_link_bytes);
    suite_add_tcase(s, tc);
    return unit_run(s);
}
