/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Private to swt_route.c and swt_load.c: the cached form of a topology
 * that routing and link-load counting read.
 */
#ifndef SWT_ROUTE_INT_H
#define SWT_ROUTE_INT_H

#include "swt_route.h"

#define SWT_NET_MAX_PHASES (2 * SWT_MAX_DIMS + 64)

struct swt_net {
    const swt_topo_t *topo;
    swt_shape_t logical;        /* the full logical torus */
    swt_shape_t core;           /* its power-of-two core */
    swt_shape_t grid;           /* physical grid (logical shape if none) */
    long p;                     /* logical positions */
    long ntiles;                /* tiles of the grid */
    long gstride[SWT_MAX_DIMS]; /* tile index stride per grid dimension */
    int wrap[SWT_MAX_DIMS];     /* grid dimension has a wrap-around link */
    int *tiles;                 /* [p * grid.ndims] tile of a position;
                                   NULL: the tile is the logical coords */
    int nphases;
    swt_phase_t phases[SWT_NET_MAX_PHASES];
    int *load;                     /* [2 * grid.ndims * ntiles], lazily */
    int touched[2 * SWT_MAX_DIMS]; /* load arrays written by the last phase */
    const swt_fabric_t *fab;       /* a network of groups, or NULL */
    long *node;                    /* fab: [p] the node of a position */
    int *fload;                    /* fab: [links] weight, lazily (swt_fabric_load.c) */
};

/*
 * What coordinate c of the stepping dimension does in phase ph: 1 when it
 * sends, with the destination coordinate and direction. A position sends
 * when its coordinate sends and its coordinates in the first
 * swt_net_senders_dims() dimensions all survive the fold.
 */
int swt_net_coord_move(const swt_net_t *net, swt_alg_t alg, const swt_phase_t *ph, int mirror,
                       int c, int *to_c, int *dir);
/* Phase i as part `part` of alg walks it: its core dimension and counter,
   and whether its moves are mirrored. SWT_ERR_INVALID out of range. */
int swt_net_part_phase(const swt_net_t *net, swt_alg_t alg, int part, int i, swt_phase_t *ph,
                       int *mirror);
int swt_net_senders_dims(const swt_phase_t *ph, int ndims);
/* Physical coordinates of position pos. */
void swt_net_tile(const swt_net_t *net, long pos, int *tile);

/*
 * Loads on a network of groups (swt_fabric_load.c), for swt_load.c:
 * begin clears them (allocating once), add puts a message's weight on
 * every link of its route,
 * end fills the phase's load, wload, busiest link and crossings per class.
 */
int swt_fabric_load_begin(swt_net_t *net);
void swt_fabric_load_add(swt_net_t *net, const swt_route_t *route, int w);
void swt_fabric_load_end(const swt_net_t *net, swt_phase_stats_t *st);

#endif
