/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The cost model of trees and chains (swt_cost_tree.h).
 *
 * A form (algorithm, collective, order or chain kind, one part or all) is
 * measured once: for every step index, every rank's step of every part
 * (swt_tree_step_at: O(D) each, no lists), its message placed on the
 * physical links with its weight (swt_net_load_msgs), the largest link
 * load, the longest route, the bytes times hops, the bytes through
 * wrap-around links and the most a rank reduces, all as fractions of the
 * size. A query then adds up the steps: T(n) is affine in n for a tree;
 * a chain's depends on its segment count, chosen here. (No libm, as
 * swt_cost.c: the component links this file too; the square root is
 * Newton's.)
 */
#include "swt_cost_tree.h"
#include "swt_layout.h"
#include "swt_tree_int.h"

#include <math.h>
#include <stdlib.h>

#define SWT_TM_PARTS (2 * SWT_MAX_DIMS)

typedef struct swt_tm_form {
    int state; /* 0 not measured, 1 measured, -1 not offered */
    int nsteps;
    swt_tree_stats_t *st; /* [nsteps] */
} swt_tm_form_t;

struct swt_tree_model {
    const swt_topo_t *topo;
    swt_cost_params_t par;
    long root, p;
    swt_net_t *net;
    /* [alg][coll][tree: far, near | chain: cycle, rank order][1 part, all] */
    swt_tm_form_t form[3][SWT_COLL_COUNT][2][2];
};

int swt_tree_model_create(const swt_topo_t *topo, const swt_cost_params_t *params, long root,
                          swt_tree_model_t **out)
{
    swt_tree_model_t *m;
    int rc;

    if (NULL == topo || NULL == out || root < 0 || root >= swt_shape_size(swt_topo_logical(topo))) {
        return SWT_ERR_INVALID;
    }
    m = calloc(1, sizeof(*m));
    if (NULL == m) {
        return SWT_ERR_NOMEM;
    }
    m->topo = topo;
    m->par = (NULL != params) ? *params : *swt_topo_cost(topo);
    m->root = root;
    m->p = swt_shape_size(swt_topo_logical(topo));
    rc = swt_net_create(topo, &m->net);
    if (SWT_OK != rc) {
        free(m);
        return rc;
    }
    *out = m;
    return SWT_OK;
}

void swt_tree_model_destroy(swt_tree_model_t *m)
{
    if (NULL == m) {
        return;
    }
    for (int a = 0; a < 3; ++a) {
        for (int c = 0; c < SWT_COLL_COUNT; ++c) {
            for (int v = 0; v < 2; ++v) {
                for (int f = 0; f < 2; ++f) {
                    free(m->form[a][c][v][f].st);
                }
            }
        }
    }
    swt_net_destroy(m->net);
    free(m);
}

static int swt_tm_sends(swt_op_t op)
{
    return SWT_OP_SEND == op || SWT_OP_AG == op || SWT_OP_RS == op || SWT_OP_FOLD_SEND == op
           || SWT_OP_UNFOLD_SEND == op;
}

/* 1 when the step reduces what it receives (a reduce's, a chain's RS). */
static int swt_tm_reduces(swt_coll_t coll, swt_op_t op)
{
    return SWT_COLL_REDUCE == coll
           && (SWT_OP_RECV_REDUCE == op || SWT_OP_FOLD_RECV == op || SWT_OP_RS == op);
}

/* Weight of what pos sends in st: positions of a gather's or scatter's
   blocks, else 1 (the part's vector or one segment). */
static int swt_tm_weight(const swt_layout_t *lay, long pos, const swt_step_t *st)
{
    if (NULL == lay) {
        return 1;
    }
    switch (st->op) {
    case SWT_OP_FOLD_SEND: return (int) swt_layout_group(lay, pos);
    case SWT_OP_UNFOLD_SEND: return (int) swt_layout_group(lay, st->peer);
    default:
        return (int) (swt_layout_first(lay, st->send_lo + st->send_n)
                      - swt_layout_first(lay, st->send_lo));
    }
}

/* Bytes times hops, bytes through wrap-around links and, on a network of
   groups, bytes per class of link of one message. */
static void swt_tm_route(const swt_tree_model_t *m, const swt_msg_t *msg, double unit,
                         swt_tree_stats_t *st)
{
    const swt_shape_t *grid = swt_topo_grid(m->topo);
    const swt_fabric_t *fab = swt_topo_fabric(m->topo);
    swt_route_t rt;

    swt_net_route(m->net, msg->from, msg->to, msg->dir, &rt);
    st->link_bytes += (double) msg->weight * unit * (double) rt.hops;
    for (int i = 0; NULL != fab && i < rt.nlinks; ++i) {
        long a, b;
        int cls;
        double rate;
        if (SWT_OK == swt_fabric_link(fab, rt.links[i], &a, &b, &cls, &rate)) {
            st->class_bytes[cls] += (double) msg->weight * unit;
        }
    }
    for (int g = 0; g < rt.nsegs; ++g) {
        const swt_seg_t *sg = &rt.segs[g];
        long a = sg->from[sg->dim], n = grid->dims[sg->dim];
        if (swt_topo_wraps(m->topo, sg->dim)
            && (sg->dir > 0 ? a + sg->hops > n - 1 : a - sg->hops < 0)) {
            st->wrap_bytes += (double) msg->weight * unit;
        }
    }
}

typedef struct swt_tm_work {
    swt_tree_t *tree[SWT_TM_PARTS];
    swt_layout_t *lay[SWT_TM_PARTS];
    swt_tree_root_t rt[SWT_TM_PARTS];
    swt_msg_t *msgs; /* [p * nparts] */
    long *red;       /* [p] weight each rank reduces */
} swt_tm_work_t;

/* Step i of every part and rank: one swt_tree_stats_t. */
static int swt_tm_step(const swt_tree_model_t *m, swt_tm_work_t *w, swt_coll_t coll, int nparts,
                       int i, double unit, swt_tree_stats_t *out)
{
    swt_phase_stats_t ps;
    long nm = 0, most = 0;
    int rc;

    for (long x = 0; x < m->p; ++x) {
        w->red[x] = 0;
    }
    for (int j = 0; j < nparts; ++j) {
        for (long x = 0; x < m->p; ++x) {
            swt_step_t st;
            if (!swt_tree_step_at(w->tree[j], &w->rt[j], x, i, &st)) {
                continue;
            }
            if (swt_tm_sends(st.op)) {
                swt_msg_t *msg = &w->msgs[nm++];
                msg->from = x;
                msg->to = st.peer;
                msg->dir = st.move.dir;
                msg->dist = st.move.dist;
                msg->weight = swt_tm_weight(w->lay[j], x, &st);
            }
            if (swt_tm_reduces(coll, st.op)) {
                w->red[x] += (SWT_OP_RS == st.op) ? st.recv_n : 1;
            }
        }
    }
    rc = swt_net_load_msgs(m->net, w->msgs, nm, &ps);
    if (SWT_OK != rc) {
        return rc;
    }
    out->nmsgs = ps.nmsgs;
    out->max_hops = ps.max_hops;
    out->sum_hops = ps.sum_hops;
    out->max_link = ps.wload * unit;
    out->busiest = ps.busiest;
    out->busiest_link = ps.busiest_link;
    out->link_bytes = out->wrap_bytes = 0.0;
    for (int c = 0; c < SWT_LINK_NCLASSES; ++c) {
        out->class_bytes[c] = 0.0;
    }
    for (long k = 0; k < nm; ++k) {
        swt_tm_route(m, &w->msgs[k], unit, out);
    }
    for (long x = 0; x < m->p; ++x) {
        most = (w->red[x] > most) ? w->red[x] : most;
    }
    out->reduced = (double) most * unit;
    return SWT_OK;
}

/* Measures form f: every step of a tree, the busiest step of a chain. */
static int swt_tm_measure(swt_tree_model_t *m, swt_alg_t alg, swt_coll_t coll,
                          const swt_tree_opts_t *opts, int nparts, swt_tm_form_t *f)
{
    swt_tm_work_t w = { { NULL }, { NULL }, { { 0 } }, NULL, NULL };
    int blocks = (SWT_COLL_GATHER == coll || SWT_COLL_SCATTER == coll),
        chain = (SWT_ALG_RING == alg);
    double unit = 1.0 / (double) nparts;
    int rc = SWT_OK;

    for (int j = 0; j < nparts && SWT_OK == rc; ++j) {
        rc = swt_tree_create(m->topo, alg, coll, opts, j, nparts, &w.tree[j]);
        if (SWT_OK == rc && chain && m->p > 1) {
            /* S = p: step p - 2 has every rank but the last one sending */
            rc = swt_tree_set_nsegs(w.tree[j], m->p);
        }
        if (SWT_OK == rc && blocks) {
            rc = swt_layout_create_part(m->topo, alg, j, &w.lay[j]);
        }
        if (SWT_OK == rc) {
            swt_tree_root(w.tree[j], m->root, &w.rt[j]);
        }
    }
    if (SWT_ERR_INVALID == rc) {
        f->state = -1; /* not offered */
        goto out;
    }
    if (blocks) {
        unit /= (double) m->p;
    }
    w.msgs = malloc(sizeof(swt_msg_t) * (size_t) m->p * (size_t) nparts);
    w.red = malloc(sizeof(long) * (size_t) m->p);
    f->nsteps = chain ? (m->p > 1) : w.rt[0].nphases;
    f->st = calloc((size_t) f->nsteps + 1, sizeof(swt_tree_stats_t));
    if (SWT_OK == rc && (NULL == w.msgs || NULL == w.red || NULL == f->st)) {
        rc = SWT_ERR_NOMEM;
    }
    for (int i = 0; i < f->nsteps && SWT_OK == rc; ++i) {
        rc = swt_tm_step(m, &w, coll, nparts, chain ? (int) (m->p - 2) : i, unit, &f->st[i]);
    }
    f->state = (SWT_OK == rc) ? 1 : 0;
out:
    for (int j = 0; j < nparts; ++j) {
        swt_tree_destroy(w.tree[j]);
        swt_layout_destroy(w.lay[j]);
    }
    free(w.msgs);
    free(w.red);
    if (1 != f->state) {
        free(f->st);
        f->st = NULL;
        f->nsteps = 0;
    }
    return (f->state < 0) ? SWT_OK : rc;
}

/* The measured form of the arguments, or NULL (not offered, not modelled,
   out of memory). */
static const swt_tm_form_t *swt_tm_form(swt_tree_model_t *m, swt_alg_t alg, swt_coll_t coll,
                                        const swt_tree_opts_t *opts, int nparts)
{
    swt_tree_opts_t o = { swt_tree_order(coll, opts), 0, NULL != opts && opts->rank_order };
    int maxp, v, f;
    swt_tm_form_t *form;

    if (NULL == m || alg < SWT_ALG_SWING || alg > SWT_ALG_RING || coll < 0
        || coll >= SWT_COLL_COUNT) {
        return NULL;
    }
    maxp = swt_tree_max_parts(m->topo, alg, &o);
    f = (1 == nparts) ? 0 : (nparts == maxp) ? 1 : -1;
    v = (SWT_ALG_RING == alg) ? o.rank_order : (SWT_TREE_NEAR_FIRST == o.order);
    if (f < 0 || (SWT_TREE_NEAR_FIRST != o.order && SWT_TREE_FAR_FIRST != o.order)) {
        return NULL;
    }
    form = &m->form[alg][coll][v][f];
    if (0 == form->state) {
        (void) swt_tm_measure(m, alg, coll, &o, nparts, form);
    }
    return (1 == form->state) ? form : NULL;
}

/*
 * The latency of one step: alpha, the hops, and the overhead o of the
 * messages a rank posts in it (one per part, sent and received).
 */
static double swt_tm_latency(const swt_tree_model_t *m, const swt_tree_stats_t *st, int nparts)
{
    const swt_cost_params_t *par = &m->par;

    return par->alpha + 2.0 * par->o * (double) nparts + (double) st->max_hops * par->tau;
}

/*
 * Where ranks share cores (cores > 0), the least a step costs: every
 * rank's overheads over the cores, the allreduce's bound (ALGORITHMS.md
 * section 12) with the waiting ranks counted too, since a rank that
 * waits for its message polls on the same cores as those that send
 * (measured: a tree's step costs what a step in which every rank
 * exchanges costs, 2026-11-26).
 */
static double swt_tm_floor(const swt_tree_model_t *m, const swt_tree_stats_t *st)
{
    double ranks = ((double) st->nmsgs > (double) m->p) ? (double) st->nmsgs : (double) m->p;

    return swt_cost_core_overheads(&m->par, ranks);
}

/* One step's time at n bytes (a chain: at n / S). */
static double swt_tm_step_time(const swt_tree_model_t *m, const swt_tree_stats_t *st, int nparts,
                               double n)
{
    const swt_cost_params_t *par = &m->par;
    double t, lo;

    if (0 == st->nmsgs) {
        return 0.0;
    }
    t = swt_tm_latency(m, st, nparts) + st->max_link * n / par->beta + par->gamma * st->reduced * n;
    lo = swt_tm_floor(m, st);
    return (t > lo) ? t : lo;
}

static double swt_tm_sqrt(double x)
{
    double r = (x > 1.0) ? x : 1.0;

    if (x <= 0.0) {
        return 0.0;
    }
    for (int i = 0; i < 200; ++i) {
        double next = 0.5 * (r + x / r);
        if (next >= r) {
            break;
        }
        r = next;
    }
    return r;
}

static double swt_tm_chain_time(const swt_tree_model_t *m, const swt_tm_form_t *f, int nparts,
                                double n, long S)
{
    if (m->p < 2) {
        return 0.0;
    }
    return (double) (m->p + S - 2) * swt_tm_step_time(m, &f->st[0], nparts, n / (double) S);
}

static long swt_tm_best_nsegs(const swt_tree_model_t *m, const swt_tm_form_t *f, int nparts,
                              double n)
{
    const swt_cost_params_t *par = &m->par;
    const swt_tree_stats_t *st;
    double a, b, k = (double) (m->p - 2), smax, s, fl;
    long lo, best = 1;

    if (m->p < 3 || f->nsteps < 1) {
        return 1;
    }
    st = &f->st[0];
    a = swt_tm_latency(m, st, nparts);
    fl = swt_tm_floor(m, st);
    a = (a < fl) ? fl : a;
    b = n * (st->max_link / par->beta + par->gamma * st->reduced);
    smax = n / (double) nparts; /* a segment of at least one byte per part */
    if (smax > (double) ((1L << 29) - m->p)) {
        smax = (double) ((1L << 29) - m->p);
    }
    if (b <= 0.0 || smax < 2.0) {
        return 1;
    }
    s = swt_tm_sqrt(k * b / a);
    s = (s < 1.0) ? 1.0 : (s > smax) ? smax : s;
    lo = (long) s;
    best = lo;
    if ((double) (lo + 1) <= smax
        && swt_tm_chain_time(m, f, nparts, n, lo + 1) < swt_tm_chain_time(m, f, nparts, n, lo)) {
        best = lo + 1;
    }
    return best;
}

double swt_tree_model_time(swt_tree_model_t *m, swt_alg_t alg, swt_coll_t coll,
                           const swt_tree_opts_t *opts, int nparts, double bytes)
{
    const swt_tm_form_t *f = swt_tm_form(m, alg, coll, opts, nparts);
    double t = 0.0;

    if (NULL == f) {
        return HUGE_VAL;
    }
    if (SWT_ALG_RING == alg) {
        return swt_tm_chain_time(m, f, nparts, bytes, swt_tm_best_nsegs(m, f, nparts, bytes));
    }
    for (int i = 0; i < f->nsteps; ++i) {
        t += swt_tm_step_time(m, &f->st[i], nparts, bytes);
    }
    return t;
}

long swt_tree_model_nsegs(swt_tree_model_t *m, swt_coll_t coll, const swt_tree_opts_t *opts,
                          int nparts, double bytes)
{
    const swt_tm_form_t *f = swt_tm_form(m, SWT_ALG_RING, coll, opts, nparts);

    return (NULL == f) ? 1 : swt_tm_best_nsegs(m, f, nparts, bytes);
}

int swt_tree_model_nsteps(swt_tree_model_t *m, swt_alg_t alg, swt_coll_t coll,
                          const swt_tree_opts_t *opts, int nparts)
{
    const swt_tm_form_t *f = swt_tm_form(m, alg, coll, opts, nparts);

    return (NULL == f) ? -1 : f->nsteps;
}

int swt_tree_model_step(swt_tree_model_t *m, swt_alg_t alg, swt_coll_t coll,
                        const swt_tree_opts_t *opts, int nparts, int i, swt_tree_stats_t *st)
{
    const swt_tm_form_t *f = swt_tm_form(m, alg, coll, opts, nparts);

    if (NULL == f || NULL == st || i < 0 || i >= f->nsteps) {
        return SWT_ERR_INVALID;
    }
    *st = f->st[i];
    return SWT_OK;
}
