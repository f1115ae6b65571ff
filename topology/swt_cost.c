/*
 * The cost model (ALGORITHMS.md section 7; see swt_cost.h).
 *
 * Every step time is affine in the message size n, and so is a sum of
 * them: T(n) = a + b*n. The model keeps, per algorithm and phase, the most
 * hops h and the congestion c; a query adds up a and b over the phases.
 * The LO/BO crossover is where the two lines meet. The multiport forms
 * and the ring keep their own h and c (all parts placed on their links
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
    long ring_hops[SWT_MODEL_FORMS];  /* one ring step */
    double ring_load[SWT_MODEL_FORMS];
};

/* Most hops and congestion of every phase of alg, for both part counts. */
static int swt_model_butterfly(swt_model_t *model, swt_net_t *net, int a)
{
    int rc = SWT_OK;

    for (int f = 0; f < SWT_MODEL_FORMS && SWT_OK == rc; ++f) {
        model->hops[a][f] = calloc((size_t) (model->nphases + 1), sizeof(long));
        model->load[a][f] = calloc((size_t) (model->nphases + 1), sizeof(double));
        if (NULL == model->hops[a][f] || NULL == model->load[a][f]) {
            return SWT_ERR_NOMEM;
        }
        for (int i = 0; i < model->nphases && SWT_OK == rc; ++i) {
            swt_phase_stats_t st;
            rc = swt_net_load_parts(net, (swt_alg_t) a, model->nparts[a][f], i, NULL, NULL, &st);
            model->hops[a][f][i] = st.max_hops;
            /* a phase whose messages stay inside nodes still costs alpha */
            model->load[a][f][i] = (st.nmsgs > 0) ? st.wload : -1.0;
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
    }
    swt_ring_destroy(ring);
    return rc;
}

int swt_model_create(const swt_topo_t *topo, const swt_cost_params_t *params,
                     swt_model_t **out)
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
            }
        }
        free(model->phases);
        free(model);
    }
}

/* The ring: T(n) = *a + *b * n. */
static void swt_model_ring_affine(const swt_model_t *model, int f, double *a, double *b)
{
    const swt_cost_params_t *par = &model->par;
    double steps = (double) (model->p - 1), np = (double) model->nparts[SWT_ALG_RING][f];
    double h = (double) model->ring_hops[f], c = (double) model->ring_load[f];

    *a = 2.0 * steps * (par->alpha + h * par->tau);
    /* m = n / (np p) per message; RS reduces np m = n / p per step */
    *b = steps / (double) model->p * (2.0 * c / (par->beta * np) + par->gamma);
}

/* T(n) = *a + *b * n, Swing or RD with the part count of form f. */
static void swt_model_affine(const swt_model_t *model, swt_alg_t alg, int f,
                             swt_kind_t kind, double *a, double *b)
{
    const swt_cost_params_t *par = &model->par;
    double np = (double) model->nparts[alg][f];

    *a = *b = 0.0;
    for (int i = 0; i < model->nphases; ++i) {
        const swt_phase_t *ph = &model->phases[i];
        double h = (double) model->hops[alg][f][i], c = (double) model->load[alg][f][i];
        /* c messages of n / np bytes (times the phase's fraction) on a link */
        double lat = par->alpha + h * par->tau, per_byte = c / (par->beta * np);
        if (model->load[alg][f][i] < 0.0) {
            continue;   /* nobody sends in this phase */
        }
        if (SWT_PHASE_CORE == ph->kind && SWT_KIND_BO == kind) {
            /* reduce-scatter and allgather, each m = n / 2^(s+1) */
            double frac = 1.0 / (double) (1UL << (ph->s + 1));
            *a += 2.0 * lat;
            *b += frac * (2.0 * per_byte + par->gamma);
        } else {
            *a += lat;
            *b += per_byte + (SWT_PHASE_UNFOLD == ph->kind ? 0.0 : par->gamma);
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

double swt_model_time_parts(const swt_model_t *model, swt_alg_t alg,
                            swt_kind_t kind, int nparts, double bytes)
{
    int f = swt_model_form(model, alg, nparts);
    double a, b;

    if (f < 0 || (SWT_ALG_RING == alg && SWT_KIND_BO != kind)) {
        return HUGE_VAL;
    }
    if (SWT_ALG_RING == alg) {
        swt_model_ring_affine(model, f, &a, &b);
    } else {
        swt_model_affine(model, alg, f, kind, &a, &b);
    }
    return a + b * bytes;
}

double swt_model_time(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind,
                      double bytes)
{
    return swt_model_time_parts(model, alg, kind, 1, bytes);
}

double swt_model_lo_max_bytes(const swt_model_t *model, swt_alg_t alg)
{
    double a_lo, b_lo, a_bo, b_bo, x;

    if (SWT_ALG_SWING != alg && SWT_ALG_RD != alg) {
        return 0.0;
    }
    swt_model_affine(model, alg, 0, SWT_KIND_LO, &a_lo, &b_lo);
    swt_model_affine(model, alg, 0, SWT_KIND_BO, &a_bo, &b_bo);
    if (b_lo <= b_bo) {
        return (b_lo < b_bo || a_lo <= a_bo) ? HUGE_VAL : 0.0;
    }
    x = (a_bo - a_lo) / (b_lo - b_bo);
    if (x < 0.0) {
        return 0.0;
    }
    return (x < 9e18) ? (double) (long long) x : x;
}

int swt_model_nphases(const swt_model_t *model)
{
    return model->nphases;
}

void swt_model_phase(const swt_model_t *model, swt_alg_t alg, int i,
                     long *max_hops, long *load)
{
    int ok = (i >= 0 && i < model->nphases && (SWT_ALG_SWING == alg || SWT_ALG_RD == alg));

    *max_hops = ok ? model->hops[alg][0][i] : 0;
    *load = (ok && model->load[alg][0][i] > 0.0) ? (long) model->load[alg][0][i] : 0;
}

/* A half of the ring: T(n) = *a + *b * n (p - 1 steps of its allreduce's). */
static void swt_model_ring_half(const swt_model_t *model, int f, swt_half_t half, double *a,
                                double *b)
{
    const swt_cost_params_t *par = &model->par;
    double steps = (double) (model->p - 1), np = (double) model->nparts[SWT_ALG_RING][f];
    double c = (double) model->ring_load[f];

    *a = steps * (par->alpha + (double) model->ring_hops[f] * par->tau);
    *b = steps / (double) model->p
         * (c / (par->beta * np) + (SWT_HALF_RS == half ? par->gamma : 0.0));
}

/* A half of Swing or RD with the part count of form f: T(n) = *a + *b * n. */
static void swt_model_butterfly_half(const swt_model_t *model, swt_alg_t alg, int f,
                                     swt_half_t half, double *a, double *b)
{
    const swt_cost_params_t *par = &model->par;
    double block = 1.0, np = (double) model->nparts[alg][f];
    double gamma = (SWT_HALF_RS == half) ? par->gamma : 0.0;

    *a = *b = 0.0;
    for (int i = 0; i < model->nphases; ++i) {
        if (SWT_PHASE_CORE == model->phases[i].kind) {
            block *= 0.5;   /* one core block: n / P */
        }
    }
    for (int i = 0; i < model->nphases; ++i) {
        const swt_phase_t *ph = &model->phases[i];
        /* c messages of a part's share (n / np times the phase's fraction) on a link */
        double per_byte = (double) model->load[alg][f][i] / (par->beta * np);
        if (model->load[alg][f][i] < 0.0) {
            continue;
        }
        *a += par->alpha + (double) model->hops[alg][f][i] * par->tau;
        if (SWT_PHASE_CORE == ph->kind) {
            *b += (1.0 / (double) (1UL << (ph->s + 1))) * (per_byte + gamma);
        } else if (SWT_PHASE_FOLD == ph->kind) {
            *b += (SWT_HALF_RS == half) ? per_byte + gamma : block * per_byte;
        } else {
            *b += (SWT_HALF_RS == half) ? block * per_byte : per_byte;
        }
    }
}

double swt_model_time_half_parts(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind,
                                 int nparts, swt_half_t half, double bytes)
{
    int f = swt_model_form(model, alg, nparts);
    double a, b;

    if (SWT_HALF_ALL == half || SWT_KIND_LO == kind) {
        /* LO has no halves: the whole allreduce, then each keeps its part */
        return swt_model_time_parts(model, alg, kind, nparts, bytes);
    }
    if (f < 0) {
        return HUGE_VAL;
    }
    if (SWT_ALG_RING == alg) {
        swt_model_ring_half(model, f, half, &a, &b);
    } else {
        swt_model_butterfly_half(model, alg, f, half, &a, &b);
    }
    return a + b * bytes;
}

double swt_model_time_half(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind,
                           swt_half_t half, double bytes)
{
    return swt_model_time_half_parts(model, alg, kind, 1, half, bytes);
}
