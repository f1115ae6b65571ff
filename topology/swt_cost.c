/*
 * The cost model (ALGORITHMS.md section 7; see swt_cost.h).
 *
 * Every step time is affine in the message size n, and so is a sum of
 * them: T(n) = a + b*n. The model keeps, per algorithm and phase, the most
 * hops h and the congestion c; a query adds up a and b over the phases.
 * The LO/BO crossover is where the two lines meet. (No libm: the
 * component links this file too.)
 */
#include "swt_cost.h"
#include "swt_route.h"

#include <math.h>
#include <stdlib.h>

struct swt_model {
    swt_cost_params_t par;
    int nphases;
    swt_phase_t *phases;
    long *hops[2];       /* [alg][phase] */
    long *load[2];
};

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
    model->nphases = swt_net_nphases(net);
    model->phases = malloc(sizeof(swt_phase_t) * (size_t) (model->nphases + 1));
    for (int a = 0; a < 2; ++a) {
        model->hops[a] = calloc((size_t) (model->nphases + 1), sizeof(long));
        model->load[a] = calloc((size_t) (model->nphases + 1), sizeof(long));
        if (NULL == model->hops[a] || NULL == model->load[a]) {
            goto out;
        }
    }
    if (NULL == model->phases) {
        goto out;
    }
    rc = SWT_OK;
    for (int i = 0; i < model->nphases && SWT_OK == rc; ++i) {
        model->phases[i] = *swt_net_phase(net, i);
        for (int a = 0; a < 2 && SWT_OK == rc; ++a) {
            swt_phase_stats_t st;
            rc = swt_net_load(net, (swt_alg_t) a, i, NULL, NULL, &st);
            model->hops[a][i] = st.max_hops;
            model->load[a][i] = st.load;
        }
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
            free(model->hops[a]);
            free(model->load[a]);
        }
        free(model->phases);
        free(model);
    }
}

/* T(n) = *a + *b * n. */
static void swt_model_affine(const swt_model_t *model, swt_alg_t alg,
                             swt_kind_t kind, double *a, double *b)
{
    const swt_cost_params_t *par = &model->par;

    *a = *b = 0.0;
    for (int i = 0; i < model->nphases; ++i) {
        const swt_phase_t *ph = &model->phases[i];
        double h = (double) model->hops[alg][i], c = (double) model->load[alg][i];
        double lat = par->alpha + h * par->tau, per_byte = c / par->beta;
        if (0 == model->load[alg][i]) {
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

double swt_model_time(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind,
                      double bytes)
{
    double a, b;

    swt_model_affine(model, alg, kind, &a, &b);
    return a + b * bytes;
}

double swt_model_lo_max_bytes(const swt_model_t *model, swt_alg_t alg)
{
    double a_lo, b_lo, a_bo, b_bo, x;

    swt_model_affine(model, alg, SWT_KIND_LO, &a_lo, &b_lo);
    swt_model_affine(model, alg, SWT_KIND_BO, &a_bo, &b_bo);
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
    int ok = (i >= 0 && i < model->nphases);

    *max_hops = ok ? model->hops[alg][i] : 0;
    *load = ok ? model->load[alg][i] : 0;
}

double swt_model_time_part(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind,
                           swt_part_t part, double bytes)
{
    const swt_cost_params_t *par = &model->par;
    double a = 0.0, b = 0.0, block = 1.0;

    if (SWT_PART_ALL == part || SWT_KIND_LO == kind) {
        /* LO has no halves: the whole allreduce, then each keeps its part */
        return swt_model_time(model, alg, kind, bytes);
    }
    for (int i = 0; i < model->nphases; ++i) {
        if (SWT_PHASE_CORE == model->phases[i].kind) {
            block *= 0.5;   /* one core block: n / P */
        }
    }
    for (int i = 0; i < model->nphases; ++i) {
        const swt_phase_t *ph = &model->phases[i];
        double c = (double) model->load[alg][i], per_byte = c / par->beta;
        double gamma = (SWT_PART_RS == part) ? par->gamma : 0.0;
        if (0 == model->load[alg][i]) {
            continue;
        }
        a += par->alpha + (double) model->hops[alg][i] * par->tau;
        if (SWT_PHASE_CORE == ph->kind) {
            b += (1.0 / (double) (1UL << (ph->s + 1))) * (per_byte + gamma);
        } else if (SWT_PHASE_FOLD == ph->kind) {
            b += (SWT_PART_RS == part) ? per_byte + gamma : block * per_byte;
        } else {
            b += (SWT_PART_RS == part) ? block * per_byte : per_byte;
        }
    }
    return a + b * bytes;
}
