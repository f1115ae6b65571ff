/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Link load of one phase: how many of its messages cross each directed
 * physical link, and the maximum (the congestion c of ALGORITHMS.md
 * section 7).
 *
 * Walking every message hop by hop would cost the sum of all hops, which
 * grows like p * sqrt(p) for Swing's long late steps on a large torus. A
 * route is a few straight runs, each an interval of links on one line of
 * the grid, so each run adds +1 at its first link and -1 after its last
 * one (a run through the wrap-around link is two intervals), and one
 * prefix sum along the lines of each touched (dimension, direction) turns
 * the differences into loads: O(p + tiles) per phase. A network of groups
 * counts every link of its short routes instead (swt_fabric_load.c).
 */
#include "swt_route_int.h"

#include <stdlib.h>
#include <string.h>

static int *swt_load_array(swt_net_t *net, int dim, int dir)
{
    return net->load + (size_t) (2 * dim + (dir > 0)) * (size_t) net->ntiles;
}

/* Adds w to the links of coordinates lo..hi (lo <= hi) of the line at base. */
static void swt_load_interval(swt_net_t *net, int *arr, long base, int dim, long lo, long hi, int w)
{
    arr[base + lo * net->gstride[dim]] += w;
    if (hi + 1 < net->grid.dims[dim]) {
        arr[base + (hi + 1) * net->gstride[dim]] -= w;
    }
}

/* A run of hops links from the tile of index idx, coordinate a along dim,
   each loaded with w. */
static void swt_load_run(swt_net_t *net, long idx, long a, int dim, int dir, long hops, int w)
{
    long n = net->grid.dims[dim], base = idx - a * net->gstride[dim];
    long lo = (dir > 0) ? a : a - hops + 1;
    long hi = (dir > 0) ? a + hops - 1 : a;
    int *arr = swt_load_array(net, dim, dir);

    if (hops <= 0) {
        return;
    }
    net->touched[2 * dim + (dir > 0)] = 1;
    if (lo < 0) {
        swt_load_interval(net, arr, base, dim, lo + n, n - 1, w);
        lo = 0;
    }
    if (hi >= n) {
        swt_load_interval(net, arr, base, dim, 0, hi - n, w);
        hi = n - 1;
    }
    swt_load_interval(net, arr, base, dim, lo, hi, w);
}

static void swt_load_seg(swt_net_t *net, const swt_seg_t *sg, int w)
{
    long idx = 0;

    for (int d = 0; d < net->grid.ndims; ++d) {
        idx += sg->from[d] * net->gstride[d];
    }
    swt_load_run(net, idx, sg->from[sg->dim], sg->dim, sg->dir, sg->hops, w);
}

/* Prefix sums along dim, then the largest load and its first link. */
static void swt_load_finish(swt_net_t *net, int dim, int dir, swt_phase_stats_t *st)
{
    int *arr = swt_load_array(net, dim, dir);
    long stride = net->gstride[dim], n = net->grid.dims[dim];

    long best = -1;

    for (long outer = 0; outer < net->ntiles; outer += stride * n) {
        for (long t = outer + stride; t < outer + stride * n; ++t) {
            arr[t] += arr[t - stride];
        }
    }
    for (long t = 0; t < net->ntiles; ++t) {
        if (arr[t] > st->load) {
            st->load = arr[t];
            best = t;
        }
    }
    if (best >= 0) {
        swt_shape_coords(&net->grid, best, st->busiest.tile);
        st->busiest.dim = dim;
        st->busiest.dir = dir;
    }
}

/* Per-coordinate tables of a phase, so that the sweep only indexes. */
typedef struct swt_load_tab {
    int *to_c;     /* [d]: destination coordinate, -1: sends nothing */
    int *dir;      /* [d] */
    long *dist;    /* [d]: logical distance */
    long *hops;    /* [d]: physical hops when the tile is the coordinate */
    int *dir_phys; /* [d]: direction of travel on such a grid */
    char *surv;    /* [sum of dims]: coordinate survives the fold */
    char *surv_of[SWT_MAX_DIMS];
} swt_load_tab_t;

static int swt_load_tab_make(const swt_net_t *net, swt_alg_t alg, const swt_phase_t *ph, int mirror,
                             swt_load_tab_t *tb)
{
    const swt_shape_t *sh = &net->logical;
    long d = sh->dims[ph->dim], nsurv = 0;

    for (int j = 0; j < sh->ndims; ++j) {
        nsurv += sh->dims[j];
    }
    tb->to_c = malloc(sizeof(int) * (size_t) d);
    tb->dir = malloc(sizeof(int) * (size_t) d);
    tb->dir_phys = malloc(sizeof(int) * (size_t) d);
    tb->dist = malloc(sizeof(long) * (size_t) d);
    tb->hops = malloc(sizeof(long) * (size_t) d);
    tb->surv = malloc((size_t) nsurv);
    if (NULL == tb->to_c || NULL == tb->dir || NULL == tb->dir_phys || NULL == tb->dist
        || NULL == tb->hops || NULL == tb->surv) {
        return SWT_ERR_NOMEM;
    }
    nsurv = 0;
    for (int j = 0; j < sh->ndims; ++j) {
        tb->surv_of[j] = tb->surv + nsurv;
        for (int c = 0; c < sh->dims[j]; ++c) {
            int core_c, onto;
            tb->surv_of[j][c] = (char) swt_fold_coord(sh->dims[j], c, &core_c, &onto);
        }
        nsurv += sh->dims[j];
    }
    for (int c = 0; c < d; ++c) {
        int to_c, dir, wrap = net->wrap[ph->dim];
        if (!swt_net_coord_move(net, alg, ph, mirror, c, &to_c, &dir)) {
            tb->to_c[c] = -1;
            continue;
        }
        tb->to_c[c] = to_c;
        tb->dir[c] = dir;
        tb->dist[c] = ((dir > 0 ? to_c - c : c - to_c) % d + d) % d;
        tb->dir_phys[c] = wrap ? dir : (to_c > c ? 1 : -1);
        tb->hops[c] = wrap ? tb->dist[c] : labs((long) to_c - c);
    }
    return SWT_OK;
}

static void swt_load_tab_free(swt_load_tab_t *tb)
{
    free(tb->to_c);
    free(tb->dir);
    free(tb->dir_phys);
    free(tb->dist);
    free(tb->hops);
    free(tb->surv);
}

static void swt_load_clear(swt_net_t *net)
{
    for (int a = 0; a < 2 * net->grid.ndims; ++a) {
        if (net->touched[a]) {
            memset(net->load + (size_t) a * (size_t) net->ntiles, 0,
                   sizeof(int) * (size_t) net->ntiles);
            net->touched[a] = 0;
        }
    }
}

/* Zeroed loads and stats before the messages of a phase. */
static int swt_load_begin(swt_net_t *net, swt_phase_stats_t *st)
{
    if (NULL != net->fab) {
        memset(st, 0, sizeof(*st));
        return swt_fabric_load_begin(net);
    }
    if (NULL == net->load) {
        net->load = malloc(sizeof(int) * (size_t) (2 * net->grid.ndims) * (size_t) net->ntiles);
        if (NULL == net->load) {
            return SWT_ERR_NOMEM;
        }
        memset(net->touched, 1, sizeof(net->touched));
    }
    swt_load_clear(net);
    memset(st, 0, sizeof(*st));
    return SWT_OK;
}

/* One message of h hops and logical distance d sent by pos. */
static void swt_load_count(swt_phase_stats_t *st, long pos, long h, long d, long *hops, long *dist)
{
    st->nmsgs++;
    st->sum_hops += h;
    st->max_hops = (h > st->max_hops) ? h : st->max_hops;
    st->max_dist = (d > st->max_dist) ? d : st->max_dist;
    if (NULL != hops) {
        hops[pos] += h;
    }
    if (NULL != dist) {
        dist[pos] += d;
    }
}

/* The routed message from pos to to, in direction dir, of weight w: its hops. */
static long swt_load_routed(swt_net_t *net, long pos, long to, int dir, int w)
{
    swt_route_t rt;

    swt_net_route(net, pos, to, dir, &rt);
    for (int g = 0; g < rt.nsegs; ++g) {
        swt_load_seg(net, &rt.segs[g], w);
    }
    if (rt.nlinks > 0) {
        swt_fabric_load_add(net, &rt, w);
    }
    return rt.hops;
}

static void swt_load_end(swt_net_t *net, swt_phase_stats_t *st)
{
    if (NULL != net->fab) {
        swt_fabric_load_end(net, st);
        return;
    }
    for (int a = 0; a < 2 * net->grid.ndims; ++a) {
        if (net->touched[a]) {
            swt_load_finish(net, a / 2, (a % 2) ? 1 : -1, st);
        }
    }
    st->wload = (double) st->load;
    st->busiest_link = -1;
    st->cross[SWT_LINK_LOCAL] = st->sum_hops;
}

/* The messages of one part in phase i, onto the loads. */
static int swt_load_part(swt_net_t *net, swt_alg_t alg, int part, int i, long *hops, long *dist,
                         swt_phase_stats_t *st)
{
    const swt_shape_t *sh = &net->logical;
    swt_phase_t ph;
    swt_load_tab_t tb;
    int c[SWT_MAX_DIMS] = { 0 };
    int dim, sd, rc, mirror;
    long lstride = 1;

    rc = swt_net_part_phase(net, alg, part, i, &ph, &mirror);
    if (SWT_OK != rc) {
        return rc;
    }
    memset(&tb, 0, sizeof(tb));
    rc = swt_load_tab_make(net, alg, &ph, mirror, &tb);
    dim = ph.dim;
    sd = swt_net_senders_dims(&ph, sh->ndims);
    for (int j = 0; j < dim; ++j) {
        lstride *= sh->dims[j];
    }
    for (long pos = 0; pos < net->p && SWT_OK == rc; ++pos) {
        int a = c[dim], ok = (tb.to_c[a] >= 0);
        for (int j = 0; j < sd && ok; ++j) {
            ok = tb.surv_of[j][c[j]];
        }
        if (ok) {
            long h;
            if (NULL == net->tiles && NULL == net->fab) {
                /* no grid: the tile is the logical coordinates */
                h = tb.hops[a];
                swt_load_run(net, pos, a, dim, tb.dir_phys[a], h, 1);
            } else {
                h = swt_load_routed(net, pos, pos + (tb.to_c[a] - a) * lstride, tb.dir[a], 1);
            }
            swt_load_count(st, pos, h, tb.dist[a], hops, dist);
        }
        for (int j = 0; j < sh->ndims && ++c[j] == sh->dims[j]; ++j) {
            c[j] = 0;
        }
    }
    swt_load_tab_free(&tb);
    return rc;
}

int swt_net_load(swt_net_t *net, swt_alg_t alg, int i, long *hops, long *dist,
                 swt_phase_stats_t *st)
{
    return swt_net_load_parts(net, alg, 1, i, hops, dist, st);
}

int swt_net_load_parts(swt_net_t *net, swt_alg_t alg, int nparts, int i, long *hops, long *dist,
                       swt_phase_stats_t *st)
{
    int rc;

    if (NULL == swt_net_phase(net, i) || nparts < 1
        || nparts > swt_alg_nparts(&net->logical, alg)) {
        return SWT_ERR_INVALID;
    }
    rc = swt_load_begin(net, st);
    for (int j = 0; j < nparts && SWT_OK == rc; ++j) {
        rc = swt_load_part(net, alg, j, i, hops, dist, st);
    }
    if (SWT_OK == rc) {
        swt_load_end(net, st);
    }
    return rc;
}

int swt_net_load_ring(swt_net_t *net, const swt_ring_t *ring, int nparts, long *hops, long *dist,
                      swt_phase_stats_t *st)
{
    int rc;

    if (nparts < 1 || nparts > 2 * swt_ring_ncycles(ring)) {
        return SWT_ERR_INVALID;
    }
    rc = swt_load_begin(net, st);
    for (int j = 0; j < nparts && SWT_OK == rc && net->p > 1; ++j) {
        for (long pos = 0; pos < net->p; ++pos) {
            swt_move_t mv;
            long to = swt_ring_next(ring, j, pos, &mv, NULL);
            swt_load_count(st, pos, swt_load_routed(net, pos, to, mv.dir, 1), mv.dist, hops, dist);
        }
    }
    if (SWT_OK == rc) {
        swt_load_end(net, st);
    }
    return rc;
}

int swt_net_load_msgs(swt_net_t *net, const swt_msg_t *msgs, long n, swt_phase_stats_t *st)
{
    int rc = swt_load_begin(net, st);

    for (long i = 0; i < n && SWT_OK == rc; ++i) {
        const swt_msg_t *m = &msgs[i];
        if (m->from < 0 || m->from >= net->p || m->to < 0 || m->to >= net->p) {
            rc = SWT_ERR_INVALID;
            break;
        }
        swt_load_count(st, m->from, swt_load_routed(net, m->from, m->to, m->dir, m->weight),
                       m->dist, NULL, NULL);
    }
    if (SWT_OK == rc) {
        swt_load_end(net, st);
    }
    return rc;
}

long swt_net_link_load(const swt_net_t *net, const int *tile, int dim, int dir)
{
    if (NULL == net->load || dim < 0 || dim >= net->grid.ndims) {
        return 0;
    }
    return net->load[(size_t) (2 * dim + (dir > 0)) * (size_t) net->ntiles
                     + (size_t) swt_shape_pos(&net->grid, tile)];
}
