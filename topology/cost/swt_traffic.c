/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Bytes per class of link, step by step (swt_traffic.h): every phase's
 * messages placed on their routes once (swt_net_load_parts), each step
 * then weighs its phase's link crossings by its message size.
 */
#include "swt_traffic.h"

#include <stdlib.h>
#include <string.h>

/* Appends a step of phase i (or the ring's, phase -1) from its stats. */
static void swt_traffic_push(swt_traffic_t *tr, int phase, int s, int ag, long repeat, double m,
                             const swt_phase_stats_t *st)
{
    swt_traffic_step_t *ts = &tr->steps[tr->nsteps++];

    ts->phase = phase;
    ts->s = s;
    ts->ag = ag;
    ts->repeat = repeat;
    ts->msg_bytes = m;
    ts->nmsgs = st->nmsgs;
    for (int c = 0; c < SWT_LINK_NCLASSES; ++c) {
        ts->bytes[c] = m * (double) st->cross[c];
        tr->total[c] += (double) repeat * ts->bytes[c];
    }
    ts->busiest = m * st->wload;
    ts->busiest_link = st->busiest_link;
    tr->busiest += (double) repeat * ts->busiest;
}

static int swt_traffic_ring(swt_net_t *net, int nparts, double bytes, swt_traffic_t *tr)
{
    const swt_topo_t *topo = swt_net_topo(net);
    long p = swt_shape_size(swt_topo_logical(topo));
    swt_ring_t *ring = NULL;
    swt_phase_stats_t st;
    int rc = swt_ring_create(topo, &ring);

    if (SWT_OK == rc) {
        rc = swt_net_load_ring(net, ring, nparts, NULL, NULL, &st);
    }
    if (SWT_OK == rc && p > 1) {
        double m = bytes / ((double) nparts * (double) p);
        swt_traffic_push(tr, -1, -1, 0, p - 1, m, &st);
        swt_traffic_push(tr, -1, -1, 1, p - 1, m, &st);
    }
    swt_ring_destroy(ring);
    return rc;
}

/* Stats of phase i for alg's nparts parts into st[i], once. */
static int swt_traffic_phase(swt_net_t *net, swt_alg_t alg, int nparts, int i,
                             swt_phase_stats_t *st, char *done)
{
    int rc = SWT_OK;

    if (!done[i]) {
        rc = swt_net_load_parts(net, alg, nparts, i, NULL, NULL, &st[i]);
        done[i] = 1;
    }
    return rc;
}

int swt_traffic_create(swt_net_t *net, swt_alg_t alg, swt_kind_t kind, int nparts, double bytes,
                       swt_traffic_t **out)
{
    int np = swt_net_nphases(net), rc = SWT_OK, ncore = 0;
    swt_traffic_t *tr;
    swt_phase_stats_t *st;
    char *done;

    if (NULL == out || nparts < 1 || bytes < 0.0 || (SWT_ALG_RING == alg && SWT_KIND_BO != kind)) {
        return SWT_ERR_INVALID;
    }
    tr = calloc(1, sizeof(*tr));
    st = calloc((size_t) np + 1, sizeof(*st));
    done = calloc((size_t) np + 1, 1);
    if (NULL != tr) {
        tr->steps = calloc(2 * (size_t) np + 2, sizeof(*tr->steps));
    }
    if (NULL == tr || NULL == st || NULL == done || NULL == tr->steps) {
        rc = SWT_ERR_NOMEM;
        goto out;
    }
    if (SWT_ALG_RING == alg) {
        rc = swt_traffic_ring(net, nparts, bytes, tr);
        goto out;
    }
    for (int i = 0; i < np; ++i) {
        ncore += (SWT_PHASE_CORE == swt_net_phase(net, i)->kind);
    }
    /* folds, then the core in the component's order, then unfolds */
    for (int i = 0; i < np && SWT_OK == rc; ++i) {
        if (SWT_PHASE_FOLD == swt_net_phase(net, i)->kind) {
            rc = swt_traffic_phase(net, alg, nparts, i, st, done);
            swt_traffic_push(tr, i, -1, 0, 1, bytes / nparts, &st[i]);
        }
    }
    for (int t = 0; t < (SWT_KIND_BO == kind ? 2 : 1) * ncore && SWT_OK == rc; ++t) {
        int ag = (SWT_KIND_BO == kind && t >= ncore);
        int s = (SWT_KIND_LO == kind) ? ncore - 1 - t : ag ? 2 * ncore - 1 - t : t;
        int i = swt_net_core_phase(net, s);
        double m = (SWT_KIND_BO == kind) ? bytes / (double) (1UL << (s + 1)) : bytes;
        rc = swt_traffic_phase(net, alg, nparts, i, st, done);
        swt_traffic_push(tr, i, s, ag, 1, m / nparts, &st[i]);
    }
    for (int i = 0; i < np && SWT_OK == rc; ++i) {
        if (SWT_PHASE_UNFOLD == swt_net_phase(net, i)->kind) {
            rc = swt_traffic_phase(net, alg, nparts, i, st, done);
            swt_traffic_push(tr, i, -1, 1, 1, bytes / nparts, &st[i]);
        }
    }
out:
    free(st);
    free(done);
    if (SWT_OK != rc) {
        swt_traffic_destroy(tr);
        return rc;
    }
    *out = tr;
    return SWT_OK;
}

void swt_traffic_destroy(swt_traffic_t *tr)
{
    if (NULL != tr) {
        free(tr->steps);
        free(tr);
    }
}
