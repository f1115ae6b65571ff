/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The cost model (ALGORITHMS.md sections 7 and 12; see swt_cost.h).
 *
 * Every step has two lower bounds, each affine in the message size n: the
 * links (alpha + h*tau + msgs*o + busiest-link bytes/beta + gamma * bytes
 * the rank reduces) and, where ranks share cores, the cores (every rank's
 * overheads and reductions of the step over the cores); the step costs
 * the larger. A query lists the steps (swt_steps_t) and adds them up.
 * Without a core bound (cores 0, every description written before it)
 * the sum is affine, T(n) = a + b*n, and the LO/BO crossover is where two
 * lines meet; with one it is piecewise linear and the crossover is found
 * segment by segment. The model keeps, per algorithm and phase, the most
 * hops h, the congestion c and the messages of the phase; the multiport
 * forms and the ring keep their own (all parts placed on their links
 * together). (No libm: the component links this file too.)
 */
#include "swt_cost.h"
#include "swt_route.h"

#include <math.h>
#include <stdlib.h>

/* Part counts a model knows: [0] one part, [1] the multiport form. */
#define SWT_MODEL_FORMS 2

struct swt_model {
    swt_cost_params_t par;
    long p;
    int nphases;
    swt_phase_t *phases;
    int nparts[3][SWT_MODEL_FORMS];   /* [alg][form] */
    long *hops[2][SWT_MODEL_FORMS];   /* Swing and RD: [alg][form][phase] */
    double *load[2][SWT_MODEL_FORMS]; /* c: messages over rate (swt_route.h wload); -1: none */
    long *nmsgs[2][SWT_MODEL_FORMS];  /* messages of the phase, all ranks and parts */
    long ring_hops[SWT_MODEL_FORMS];  /* one ring step */
    double ring_load[SWT_MODEL_FORMS];
    long ring_nmsgs[SWT_MODEL_FORMS];
};

/*
 * The steps of one prediction. Phases: at most 2 * SWT_MAX_DIMS folds and
 * unfolds and 30 core steps (swt.h's 2^30 positions), each core step
 * twice in BO; the ring's steps are two entries (p - 1 alike each).
 */
#define SWT_MODEL_MAX_STEPS SWT_MODEL_STEPS_MAX

typedef struct swt_steps {
    int n;
    int cores;   /* the core bound applies (par.cores > 0) */
    double a, b; /* sum of the link lines: T(n) = a + b n without cores */
    struct {
        double la, lb; /* link bound: la + lb n */
        double ca, cb; /* core bound: ca + cb n */
        double mult;   /* identical steps it stands for */
        int phase;     /* phase index; -1: a ring step */
        int op;        /* swt_cost_op_t */
        long msgs;     /* messages a rank posts */
    } st[SWT_MODEL_MAX_STEPS];
} swt_steps_t;

/*
 * Adds mult alike steps. lat: alpha + h*tau; per_byte: seconds per byte of
 * n on the busiest link; red: the share of n a rank reduces; msgs: the
 * messages a rank posts (sends and receives); nmsgs: the messages of the
 * step in all, each paying o at its sender and its receiver; nparts: the
 * parts, so nmsgs / nparts ranks receive and reduce.
 */
static void swt_steps_add(swt_steps_t *s, const swt_cost_params_t *par, int phase, swt_cost_op_t op,
                          double mult, double lat, double per_byte, double red, long msgs,
                          long nmsgs, double nparts)
{
    double la = lat + (double) msgs * par->o, lb = per_byte + red * par->gamma;

    s->a += mult * la;
    s->b += mult * lb;
    if (s->n == SWT_MODEL_MAX_STEPS) {
        return; /* not reached: see SWT_MODEL_MAX_STEPS */
    }
    s->st[s->n].la = la;
    s->st[s->n].lb = lb;
    s->st[s->n].ca = swt_cost_core_overheads(par, (double) nmsgs);
    s->st[s->n].cb = s->cores ? par->gamma * red * (double) nmsgs / nparts / par->cores : 0.0;
    s->st[s->n].mult = mult;
    s->st[s->n].phase = phase;
    s->st[s->n].op = op;
    s->st[s->n].msgs = msgs;
    s->n++;
}

static void swt_steps_init(swt_steps_t *s, const swt_cost_params_t *par)
{
    s->n = 0;
    s->cores = par->cores > 0.0;
    s->a = s->b = 0.0;
}

/* Step i at n: its link and core bounds. */
static void swt_steps_bounds(const swt_steps_t *s, int i, double n, double *links, double *cores)
{
    *links = s->st[i].la + s->st[i].lb * n;
    *cores = s->cores ? s->st[i].ca + s->st[i].cb * n : 0.0;
}

/* The predicted time at n: the affine sum without cores (as before them). */
static double swt_steps_time(const swt_steps_t *s, double n)
{
    double t = 0.0;

    if (!s->cores) {
        return s->a + s->b * n;
    }
    for (int i = 0; i < s->n; ++i) {
        double l, c;
        swt_steps_bounds(s, i, n, &l, &c);
        t += s->st[i].mult * (c > l ? c : l);
    }
    return t;
}

/* Most hops and congestion of every phase of alg, for both part counts. */
static int swt_model_butterfly(swt_model_t *model, swt_net_t *net, int a)
{
    int rc = SWT_OK;

    for (int f = 0; f < SWT_MODEL_FORMS && SWT_OK == rc; ++f) {
        model->hops[a][f] = calloc((size_t) (model->nphases + 1), sizeof(long));
        model->load[a][f] = calloc((size_t) (model->nphases + 1), sizeof(double));
        model->nmsgs[a][f] = calloc((size_t) (model->nphases + 1), sizeof(long));
        if (NULL == model->hops[a][f] || NULL == model->load[a][f] || NULL == model->nmsgs[a][f]) {
            return SWT_ERR_NOMEM;
        }
        for (int i = 0; i < model->nphases && SWT_OK == rc; ++i) {
            swt_phase_stats_t st;
            rc = swt_net_load_parts(net, (swt_alg_t) a, model->nparts[a][f], i, NULL, NULL, &st);
            model->hops[a][f][i] = st.max_hops;
            /* a phase whose messages stay inside nodes still costs alpha */
            model->load[a][f][i] = (st.nmsgs > 0) ? st.wload : -1.0;
            model->nmsgs[a][f][i] = st.nmsgs;
        }
    }
    return rc;
}

static int swt_model_ring(swt_model_t *model, const swt_topo_t *topo, swt_net_t *net)
{
    swt_ring_t *ring = NULL;
    int rc = swt_ring_create(topo, &ring);

    for (int f = 0; f < SWT_MODEL_FORMS && SWT_OK == rc; ++f) {
        swt_phase_stats_t st;
        rc = swt_net_load_ring(net, ring, model->nparts[SWT_ALG_RING][f], NULL, NULL, &st);
        model->ring_hops[f] = st.max_hops;
        model->ring_load[f] = st.wload;
        model->ring_nmsgs[f] = st.nmsgs;
    }
    swt_ring_destroy(ring);
    return rc;
}

int swt_model_create(const swt_topo_t *topo, const swt_cost_params_t *params, swt_model_t **out)
{
    swt_model_t *model = NULL;
    swt_net_t *net = NULL;
    int rc;

    if (NULL == topo || NULL == out) {
        return SWT_ERR_INVALID;
    }
    rc = swt_net_create(topo, &net);
    if (SWT_OK != rc) {
        return rc;
    }
    rc = SWT_ERR_NOMEM;
    model = calloc(1, sizeof(*model));
    if (NULL == model) {
        goto out;
    }
    model->par = (NULL != params) ? *params : *swt_topo_cost(topo);
    model->p = swt_shape_size(swt_topo_logical(topo));
    model->nphases = swt_net_nphases(net);
    model->phases = malloc(sizeof(swt_phase_t) * (size_t) (model->nphases + 1));
    if (NULL == model->phases) {
        goto out;
    }
    for (int i = 0; i < model->nphases; ++i) {
        model->phases[i] = *swt_net_phase(net, i);
    }
    for (int a = 0; a < 3; ++a) {
        model->nparts[a][0] = 1;
        model->nparts[a][1] = swt_alg_nparts(swt_topo_logical(topo), (swt_alg_t) a);
    }
    rc = swt_model_butterfly(model, net, SWT_ALG_SWING);
    if (SWT_OK == rc) {
        rc = swt_model_butterfly(model, net, SWT_ALG_RD);
    }
    if (SWT_OK == rc) {
        rc = swt_model_ring(model, topo, net);
    }
out:
    swt_net_destroy(net);
    if (SWT_OK != rc) {
        swt_model_destroy(model);
        return rc;
    }
    *out = model;
    return SWT_OK;
}

void swt_model_destroy(swt_model_t *model)
{
    if (NULL != model) {
        for (int a = 0; a < 2; ++a) {
            for (int f = 0; f < SWT_MODEL_FORMS; ++f) {
                free(model->hops[a][f]);
                free(model->load[a][f]);
                free(model->nmsgs[a][f]);
            }
        }
        free(model->phases);
        free(model);
    }
}

/* The ring's steps: p - 1 reduce-scatter steps, then p - 1 allgather steps. */
static void swt_model_ring_steps(const swt_model_t *model, int f, swt_steps_t *s)
{
    const swt_cost_params_t *par = &model->par;
    double steps = (double) (model->p - 1), np = (double) model->nparts[SWT_ALG_RING][f];
    double h = (double) model->ring_hops[f], c = (double) model->ring_load[f];
    double lat = par->alpha + h * par->tau;
    /* m = n / (np p) per message; RS reduces np m = n / p per step */
    double per_byte = c / (par->beta * np) / (double) model->p, red = 1.0 / (double) model->p;
    long msgs = 2 * model->nparts[SWT_ALG_RING][f], nmsgs = model->ring_nmsgs[f];

    swt_steps_add(s, par, -1, SWT_COST_RS, steps, lat, per_byte, red, msgs, nmsgs, np);
    swt_steps_add(s, par, -1, SWT_COST_AG, steps, lat, per_byte, 0.0, msgs, nmsgs, np);
}

/* The steps of Swing or RD with the part count of form f. */
static void swt_model_butterfly_steps(const swt_model_t *model, swt_alg_t alg, int f,
                                      swt_kind_t kind, swt_steps_t *s)
{
    const swt_cost_params_t *par = &model->par;
    int nparts = model->nparts[alg][f];
    double np = (double) nparts;

    for (int i = 0; i < model->nphases; ++i) {
        const swt_phase_t *ph = &model->phases[i];
        double h = (double) model->hops[alg][f][i], c = (double) model->load[alg][f][i];
        /* c messages of n / np bytes (times the phase's fraction) on a link */
        double lat = par->alpha + h * par->tau, per_byte = c / (par->beta * np);
        long nmsgs = model->nmsgs[alg][f][i];
        if (model->load[alg][f][i] < 0.0) {
            continue; /* nobody sends in this phase */
        }
        if (SWT_PHASE_CORE == ph->kind && SWT_KIND_BO == kind) {
            /* reduce-scatter and allgather, each m = n / 2^(s+1) */
            double frac = 1.0 / (double) (1UL << (ph->s + 1));
            swt_steps_add(s, par, i, SWT_COST_RS, 1.0, lat, frac * per_byte, frac, 2 * nparts,
                          nmsgs, np);
            swt_steps_add(s, par, i, SWT_COST_AG, 1.0, lat, frac * per_byte, 0.0, 2 * nparts, nmsgs,
                          np);
        } else if (SWT_PHASE_CORE == ph->kind) {
            swt_steps_add(s, par, i, SWT_COST_LO, 1.0, lat, per_byte, 1.0, 2 * nparts, nmsgs, np);
        } else {
            /* a rank sends (or receives) one message per part */
            int fold = SWT_PHASE_FOLD == ph->kind;
            swt_steps_add(s, par, i, fold ? SWT_COST_FOLD : SWT_COST_UNFOLD, 1.0, lat, per_byte,
                          fold ? 1.0 : 0.0, nparts, nmsgs, np);
        }
    }
}

/* The form (part count) of nparts, or -1. */
static int swt_model_form(const swt_model_t *model, swt_alg_t alg, int nparts)
{
    if (alg < SWT_ALG_SWING || alg > SWT_ALG_RING) {
        return -1;
    }
    for (int f = 0; f < SWT_MODEL_FORMS; ++f) {
        if (model->nparts[alg][f] == nparts) {
            return f;
        }
    }
    return -1;
}

/* A half of the ring: p - 1 steps of its allreduce's. */
static void swt_model_ring_half(const swt_model_t *model, int f, swt_half_t half, swt_steps_t *s)
{
    const swt_cost_params_t *par = &model->par;
    double steps = (double) (model->p - 1), np = (double) model->nparts[SWT_ALG_RING][f];
    double c = (double) model->ring_load[f];
    double lat = par->alpha + (double) model->ring_hops[f] * par->tau;
    int rs = SWT_HALF_RS == half;

    swt_steps_add(s, par, -1, rs ? SWT_COST_RS : SWT_COST_AG, steps, lat,
                  c / (par->beta * np) / (double) model->p, rs ? 1.0 / (double) model->p : 0.0,
                  2 * model->nparts[SWT_ALG_RING][f], model->ring_nmsgs[f], np);
}

/* A half of Swing or RD with the part count of form f. */
static void swt_model_butterfly_half(const swt_model_t *model, swt_alg_t alg, int f,
                                     swt_half_t half, swt_steps_t *s)
{
    const swt_cost_params_t *par = &model->par;
    int nparts = model->nparts[alg][f], rs = SWT_HALF_RS == half;
    double block = 1.0, np = (double) nparts;

    for (int i = 0; i < model->nphases; ++i) {
        if (SWT_PHASE_CORE == model->phases[i].kind) {
            block *= 0.5; /* one core block: n / P */
        }
    }
    for (int i = 0; i < model->nphases; ++i) {
        const swt_phase_t *ph = &model->phases[i];
        /* c messages of a part's share (n / np times the phase's fraction) on a link */
        double per_byte = (double) model->load[alg][f][i] / (par->beta * np);
        double lat = par->alpha + (double) model->hops[alg][f][i] * par->tau;
        long nmsgs = model->nmsgs[alg][f][i];
        if (model->load[alg][f][i] < 0.0) {
            continue;
        }
        if (SWT_PHASE_CORE == ph->kind) {
            double frac = 1.0 / (double) (1UL << (ph->s + 1));
            swt_steps_add(s, par, i, rs ? SWT_COST_RS : SWT_COST_AG, 1.0, lat, frac * per_byte,
                          rs ? frac : 0.0, 2 * nparts, nmsgs, np);
        } else if (SWT_PHASE_FOLD == ph->kind) {
            /* RS folds the whole vector (and reduces it), AG one block */
            swt_steps_add(s, par, i, SWT_COST_FOLD, 1.0, lat, rs ? per_byte : block * per_byte,
                          rs ? 1.0 : 0.0, nparts, nmsgs, np);
        } else {
            swt_steps_add(s, par, i, SWT_COST_UNFOLD, 1.0, lat, rs ? block * per_byte : per_byte,
                          0.0, nparts, nmsgs, np);
        }
    }
}

/*
 * The steps of (alg, kind, nparts) as a whole allreduce or one half; -1
 * for what is not modelled (other part counts, a latency-optimal ring).
 * LO has no halves: the whole allreduce, then each rank keeps its part.
 */
static int swt_model_fill(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind, int nparts,
                          swt_half_t half, swt_steps_t *s)
{
    int f = swt_model_form(model, alg, nparts);

    swt_steps_init(s, &model->par);
    if (f < 0 || (SWT_ALG_RING == alg && SWT_KIND_BO != kind)) {
        return -1;
    }
    if (SWT_HALF_ALL == half || SWT_KIND_LO == kind) {
        if (SWT_ALG_RING == alg) {
            swt_model_ring_steps(model, f, s);
        } else {
            swt_model_butterfly_steps(model, alg, f, kind, s);
        }
    } else if (SWT_ALG_RING == alg) {
        swt_model_ring_half(model, f, half, s);
    } else {
        swt_model_butterfly_half(model, alg, f, half, s);
    }
    return 0;
}

double swt_model_time_parts(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind, int nparts,
                            double bytes)
{
    return swt_model_time_half_parts(model, alg, kind, nparts, SWT_HALF_ALL, bytes);
}

double swt_model_time(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind, double bytes)
{
    return swt_model_time_parts(model, alg, kind, 1, bytes);
}

/* The larger bound of step i just above n (ties: the one that grows faster). */
static double swt_steps_slope(const swt_steps_t *s, double n)
{
    double slope = 0.0;

    for (int i = 0; i < s->n; ++i) {
        double l, c;
        swt_steps_bounds(s, i, n, &l, &c);
        if (s->cores && (c > l || (c == l && s->st[i].cb > s->st[i].lb))) {
            slope += s->st[i].mult * s->st[i].cb;
        } else {
            slope += s->st[i].mult * s->st[i].lb;
        }
    }
    return slope;
}

/* Where the bounds of a step of s cross at a positive size: adds it to x. */
static void swt_steps_breaks(const swt_steps_t *s, double *x, int *nx)
{
    for (int i = 0; i < s->n && s->cores; ++i) {
        double db = s->st[i].lb - s->st[i].cb, v;
        if (db == 0.0) {
            continue;
        }
        v = (s->st[i].ca - s->st[i].la) / db;
        if (v > 0.0 && v < 1e30) {
            x[(*nx)++] = v;
        }
    }
}

static int swt_cmp_double(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

/*
 * The largest n with LO(n) <= BO(n) on all of [0, n], both piecewise
 * linear (a step's time is the larger of two lines): on each segment
 * between the points where some step changes bound the difference is
 * affine, so the first segment where it turns positive holds the answer.
 */
static double swt_steps_crossover(const swt_steps_t *lo, const swt_steps_t *bo)
{
    double x[2 * SWT_MODEL_MAX_STEPS + 1], from = 0.0, d_from;
    int nx = 0;

    swt_steps_breaks(lo, x, &nx);
    swt_steps_breaks(bo, x, &nx);
    qsort(x, (size_t) nx, sizeof(double), swt_cmp_double);
    d_from = swt_steps_time(lo, 0.0) - swt_steps_time(bo, 0.0);
    if (d_from > 0.0) {
        return 0.0;
    }
    for (int i = 0; i <= nx; ++i) {
        double to, d_to, slope;
        if (i < nx && x[i] <= from) {
            continue;
        }
        if (i == nx) {
            slope = swt_steps_slope(lo, from) - swt_steps_slope(bo, from);
            return (slope > 0.0) ? from - d_from / slope : HUGE_VAL;
        }
        to = x[i];
        d_to = swt_steps_time(lo, to) - swt_steps_time(bo, to);
        if (d_to > 0.0) {
            return from + (to - from) * (-d_from) / (d_to - d_from);
        }
        from = to;
        d_from = d_to;
    }
    return HUGE_VAL;
}

double swt_model_lo_max_bytes(const swt_model_t *model, swt_alg_t alg)
{
    swt_steps_t lo, bo;
    double x;

    if (SWT_ALG_SWING != alg && SWT_ALG_RD != alg) {
        return 0.0;
    }
    swt_model_fill(model, alg, SWT_KIND_LO, 1, SWT_HALF_ALL, &lo);
    swt_model_fill(model, alg, SWT_KIND_BO, 1, SWT_HALF_ALL, &bo);
    if (lo.cores) {
        x = swt_steps_crossover(&lo, &bo);
    } else if (lo.b <= bo.b) {
        /* two lines (section 7's model): they meet once, or never */
        return (lo.b < bo.b || lo.a <= bo.a) ? HUGE_VAL : 0.0;
    } else {
        x = (bo.a - lo.a) / (lo.b - bo.b);
    }
    if (x < 0.0) {
        return 0.0;
    }
    return (x < 9e18) ? (double) (long long) x : x;
}

int swt_model_nphases(const swt_model_t *model)
{
    return model->nphases;
}

void swt_model_phase(const swt_model_t *model, swt_alg_t alg, int i, long *max_hops, long *load)
{
    int ok = (i >= 0 && i < model->nphases && (SWT_ALG_SWING == alg || SWT_ALG_RD == alg));

    *max_hops = ok ? model->hops[alg][0][i] : 0;
    *load = (ok && model->load[alg][0][i] > 0.0) ? (long) model->load[alg][0][i] : 0;
}

double swt_model_time_half_parts(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind,
                                 int nparts, swt_half_t half, double bytes)
{
    swt_steps_t s;

    if (0 != swt_model_fill(model, alg, kind, nparts, half, &s)) {
        return HUGE_VAL;
    }
    return swt_steps_time(&s, bytes);
}

double swt_model_time_half(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind,
                           swt_half_t half, double bytes)
{
    return swt_model_time_half_parts(model, alg, kind, 1, half, bytes);
}

int swt_model_steps(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind, int nparts,
                    swt_half_t half, double bytes, swt_step_cost_t *steps, int max)
{
    swt_steps_t s;

    if (0 != swt_model_fill(model, alg, kind, nparts, half, &s)) {
        return -1;
    }
    for (int i = 0; i < s.n && i < max; ++i) {
        swt_step_cost_t *o = &steps[i];
        swt_steps_bounds(&s, i, bytes, &o->links, &o->cores);
        o->phase = s.st[i].phase;
        o->op = (swt_cost_op_t) s.st[i].op;
        o->count = s.st[i].mult;
        o->msgs = s.st[i].msgs;
        o->bound = (o->cores > o->links) ? SWT_BOUND_CORES : SWT_BOUND_LINKS;
        o->time = (o->cores > o->links) ? o->cores : o->links;
    }
    return s.n;
}

double swt_model_cores_share(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind, int nparts,
                             swt_half_t half, double bytes)
{
    swt_steps_t s;
    double all = 0.0, cores = 0.0;

    if (0 != swt_model_fill(model, alg, kind, nparts, half, &s) || !s.cores) {
        return 0.0;
    }
    for (int i = 0; i < s.n; ++i) {
        double l, c;
        swt_steps_bounds(&s, i, bytes, &l, &c);
        all += s.st[i].mult * (c > l ? c : l);
        cores += (c > l) ? s.st[i].mult * c : 0.0;
    }
    return (all > 0.0) ? cores / all : 0.0;
}
