/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Phases, messages and physical routes of Swing and RD schedules
 * (ALGORITHMS.md sections 1, 2 and 6; routing rules of N150.md, see
 * swt_route.h; on a network of groups, swt_fabric.c's routes).
 *
 * The message of a rank in a phase is computed from its coordinates alone,
 * as swt_sched_butterfly.c builds a rank's step list, but without the
 * block ranges: a sweep over all ranks stays O(p) per phase.
 */
#include "swt_route_int.h"

#include <stdlib.h>
#include <string.h>

static long swt_mod(long a, long n)
{
    return ((a % n) + n) % n;
}

static void swt_net_phases(swt_net_t *net)
{
    const swt_shape_t *sh = &net->logical;
    int L = swt_nsteps(&net->core);

    net->nphases = 0;
    for (int i = 0; i < sh->ndims; ++i) {
        if (!swt_is_pow2(sh->dims[i])) {
            swt_phase_t ph = { SWT_PHASE_FOLD, i, -1, -1 };
            net->phases[net->nphases++] = ph;
        }
    }
    for (int s = 0; s < L; ++s) {
        swt_phase_t ph = { SWT_PHASE_CORE, 0, s, 0 };
        swt_step_dim(&net->core, s, &ph.dim, &ph.k);
        net->phases[net->nphases++] = ph;
    }
    for (int i = sh->ndims - 1; i >= 0; --i) {
        if (!swt_is_pow2(sh->dims[i])) {
            swt_phase_t ph = { SWT_PHASE_UNFOLD, i, -1, -1 };
            net->phases[net->nphases++] = ph;
        }
    }
}

int swt_net_create(const swt_topo_t *topo, swt_net_t **out)
{
    swt_net_t *net;
    int gnd;

    if (NULL == topo || NULL == out) {
        return SWT_ERR_INVALID;
    }
    net = calloc(1, sizeof(*net));
    if (NULL == net) {
        return SWT_ERR_NOMEM;
    }
    net->topo = topo;
    net->logical = *swt_topo_logical(topo);
    net->grid = *swt_topo_grid(topo);
    swt_fold_core(&net->logical, &net->core);
    net->p = swt_shape_size(&net->logical);
    net->ntiles = swt_shape_size(&net->grid);
    gnd = net->grid.ndims;
    for (int d = 0; d < gnd; ++d) {
        net->gstride[d] = d ? net->gstride[d - 1] * net->grid.dims[d - 1] : 1;
        net->wrap[d] = swt_topo_wraps(topo, d);
    }
    swt_net_phases(net);
    net->fab = swt_topo_fabric(topo);
    if (NULL != net->fab) {
        net->node = malloc(sizeof(long) * (size_t) net->p);
        if (NULL == net->node) {
            free(net);
            return SWT_ERR_NOMEM;
        }
        for (long pos = 0; pos < net->p; ++pos) {
            net->node[pos] = swt_fabric_rank_node(net->fab, swt_topo_pos_rank(topo, pos));
        }
    }
    if (swt_topo_has_grid(topo)) {
        net->tiles = malloc(sizeof(int) * (size_t) net->p * (size_t) gnd);
        if (NULL == net->tiles) {
            free(net);
            return SWT_ERR_NOMEM;
        }
        for (long pos = 0; pos < net->p; ++pos) {
            swt_topo_tile(topo, pos, &net->tiles[pos * gnd]);
        }
    }
    *out = net;
    return SWT_OK;
}

void swt_net_destroy(swt_net_t *net)
{
    if (NULL != net) {
        free(net->tiles);
        free(net->load);
        free(net->node);
        free(net->fload);
        free(net);
    }
}

const swt_topo_t *swt_net_topo(const swt_net_t *net)
{
    return net->topo;
}

int swt_net_nphases(const swt_net_t *net)
{
    return net->nphases;
}

const swt_phase_t *swt_net_phase(const swt_net_t *net, int i)
{
    return (i >= 0 && i < net->nphases) ? &net->phases[i] : NULL;
}

int swt_net_core_phase(const swt_net_t *net, int s)
{
    for (int i = 0; i < net->nphases; ++i) {
        if (SWT_PHASE_CORE == net->phases[i].kind && s == net->phases[i].s) {
            return i;
        }
    }
    return -1;
}

void swt_net_tile(const swt_net_t *net, long pos, int *tile)
{
    if (NULL == net->tiles) {
        swt_shape_coords(&net->logical, pos, tile);
    } else {
        memcpy(tile, &net->tiles[pos * net->grid.ndims], sizeof(int) * (size_t) net->grid.ndims);
    }
}

int swt_net_part_phase(const swt_net_t *net, swt_alg_t alg, int part, int i, swt_phase_t *ph,
                       int *mirror)
{
    swt_walk_t walk;

    if (i < 0 || i >= net->nphases || SWT_OK != swt_part_walk(&net->logical, alg, part, &walk)) {
        return SWT_ERR_INVALID;
    }
    *ph = net->phases[i];
    *mirror = walk.mirror;
    if (SWT_PHASE_CORE == ph->kind) {
        swt_step_dim_walk(&net->core, &walk, ph->s, &ph->dim, &ph->k);
    }
    return SWT_OK;
}

int swt_net_coord_move(const swt_net_t *net, swt_alg_t alg, const swt_phase_t *ph, int mirror,
                       int c, int *to_c, int *dir)
{
    int d = net->logical.dims[ph->dim], core_c, onto, e;

    if (SWT_PHASE_CORE == ph->kind) {
        long dist;
        if (!swt_fold_coord(d, c, &core_c, &onto)) {
            return 0;
        }
        core_c = swt_partner_coord_walk(alg, core_c, ph->k, net->core.dims[ph->dim], mirror, dir,
                                        &dist);
        *to_c = swt_unfold_coord(d, core_c);
        return 1;
    }
    e = d - (1 << swt_log2_floor(d));
    if (c >= 2 * e || (SWT_PHASE_FOLD == ph->kind) != (1 == c % 2)) {
        return 0;
    }
    *dir = (SWT_PHASE_FOLD == ph->kind) ? -1 : 1;
    *to_c = c + *dir;
    return 1;
}

int swt_net_senders_dims(const swt_phase_t *ph, int ndims)
{
    return (SWT_PHASE_CORE == ph->kind) ? ndims : ph->dim;
}

int swt_net_message(const swt_net_t *net, swt_alg_t alg, int i, long pos, long *to,
                    swt_move_t *move)
{
    return swt_net_part_message(net, alg, 0, i, pos, to, move);
}

int swt_net_part_message(const swt_net_t *net, swt_alg_t alg, int part, int i, long pos, long *to,
                         swt_move_t *move)
{
    const swt_shape_t *sh = &net->logical;
    swt_phase_t ph;
    int c[SWT_MAX_DIMS], core_c, onto, from, to_c, dir, mirror;

    if (pos < 0 || pos >= net->p || SWT_OK != swt_net_part_phase(net, alg, part, i, &ph, &mirror)) {
        return 0;
    }
    swt_shape_coords(sh, pos, c);
    for (int j = 0; j < swt_net_senders_dims(&ph, sh->ndims); ++j) {
        if (!swt_fold_coord(sh->dims[j], c[j], &core_c, &onto)) {
            return 0;
        }
    }
    from = c[ph.dim];
    if (!swt_net_coord_move(net, alg, &ph, mirror, from, &to_c, &dir)) {
        return 0;
    }
    move->dim = ph.dim;
    move->k = ph.k;
    move->dir = dir;
    move->dist = swt_mod(dir > 0 ? to_c - from : from - to_c, sh->dims[ph.dim]);
    c[ph.dim] = to_c;
    *to = swt_shape_pos(sh, c);
    return 1;
}

void swt_net_route(const swt_net_t *net, long from, long to, int dir, swt_route_t *route)
{
    int a[SWT_MAX_DIMS] = { 0 }, b[SWT_MAX_DIMS] = { 0 };

    route->nsegs = 0;
    route->hops = 0;
    route->nlinks = 0;
    if (NULL != net->fab) {
        route->nlinks = swt_fabric_route(net->fab, net->node[from], net->node[to], route->links);
        route->hops = route->nlinks;
        return;
    }
    swt_net_tile(net, from, a);
    swt_net_tile(net, to, b);
    for (int d = 0; d < net->grid.ndims; ++d) {
        long n = net->grid.dims[d];
        swt_seg_t *sg;
        if (a[d] == b[d]) {
            continue;
        }
        sg = &route->segs[route->nsegs++];
        sg->dim = d;
        if (net->wrap[d]) {
            sg->dir = dir;
            sg->hops = swt_mod(dir > 0 ? b[d] - a[d] : a[d] - b[d], n);
        } else {
            sg->dir = (b[d] > a[d]) ? 1 : -1;
            sg->hops = (b[d] > a[d]) ? b[d] - a[d] : a[d] - b[d];
        }
        memcpy(sg->from, a, sizeof(a));
        route->hops += sg->hops;
        a[d] = b[d];
    }
}
