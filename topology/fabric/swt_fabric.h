/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swt_fabric: networks of groups, the physical layer of a description that
 * is not a grid (docs/ALGORITHMS.md section 15; presets/FORMAT.md).
 *
 * Dragonfly (statement "dragonfly G,A,H,R"): G groups of A nodes, one
 * router per group. Every node has a local link to its group's router;
 * pairs of groups (every pair, or those of the "pairs" statement) are
 * joined by H global links, router to router, each at R times the rate of
 * a local link.
 * Two-level fat tree ("fattree L,N,U,R"): L leaf switches of N nodes and U
 * spine switches. Every node has a link to its leaf, every leaf one uplink
 * to each spine at R times the rate of a node's link: oversubscription
 * N : U*R.
 *
 * Vertices: the nodes 0..G*A-1 (node i is in group, or under leaf, i / A),
 * then the switches: dragonfly routers G*A + g; fat tree leaves G*A + l
 * and spines G*A + L + j. Cables: cable i (i < G*A) joins node i (end a)
 * and its switch (end b); the upper cables follow (dragonfly: per joined
 * pair g < h, H cables from router g to router h; fat tree: per leaf l,
 * U cables, the j-th to spine j). Directed link 2c runs a -> b along
 * cable c, 2c + 1 runs b -> a.
 *
 * Routing, minimal and deterministic, by destination only (what a switch
 * that forwards by address does, and what the emulator installs):
 *   same node: no link at all (the ranks share memory);
 *   dragonfly: the local link up, the global links of a shortest path of
 *     groups (one when the pair is joined; otherwise each group forwards
 *     to the lowest-numbered neighbour that is one link nearer), the
 *     local link down; of a pair's H parallel links the one numbered
 *     (destination node mod H);
 *   fat tree: the node's link up; under another leaf, up to spine
 *     (destination node mod U) and down to the destination's leaf
 *     (D-mod-k); then down to the node.
 *
 * Placement: the node of every rank: "slots K" ranks per node, "place
 * blocks" (rank r on node r / K), "place roundrobin" (r mod nodes), or
 * "place nodes LIST" (the node of each rank in turn: a hostfile's order).
 */
#ifndef SWT_FABRIC_H
#define SWT_FABRIC_H

#include "swt.h"

/* Most links of one route (a dragonfly's groups at most this minus 2 global
   links apart). */
#define SWT_FABRIC_MAX_ROUTE 16

typedef enum { SWT_FABRIC_DRAGONFLY = 1, SWT_FABRIC_FATTREE = 2 } swt_fabric_kind_t;

/* Classes of link: a node's own link, and the scarce upper links (global
   links of a dragonfly, leaf-spine links of a fat tree, both directions). */
typedef enum { SWT_LINK_LOCAL = 0, SWT_LINK_UPPER = 1 } swt_link_class_t;
#define SWT_LINK_NCLASSES 2

typedef enum {
    SWT_PLACE_BLOCKS = 0, /* rank r on node r / slots */
    SWT_PLACE_ROUNDROBIN, /* rank r on node r mod nodes */
    SWT_PLACE_LIST        /* node listed per rank */
} swt_place_t;

typedef struct swt_fabric swt_fabric_t;

swt_fabric_kind_t swt_fabric_kind(const swt_fabric_t *fab);
/* "dragonfly", "fattree" */
const char *swt_fabric_kind_name(const swt_fabric_t *fab);
/* G, A, H, R of a dragonfly; L, N, U, R of a fat tree. */
void swt_fabric_params(const swt_fabric_t *fab, int *groups, int *nodes, int *links, double *rate);
/* Nodes (G*A or L*N), vertices (nodes and switches), cables. */
long swt_fabric_nnodes(const swt_fabric_t *fab);
long swt_fabric_nvertices(const swt_fabric_t *fab);
long swt_fabric_ncables(const swt_fabric_t *fab);
/* Group of a dragonfly node, leaf of a fat tree node; -1 out of range. */
long swt_fabric_group(const swt_fabric_t *fab, long node);
/* "n3" (node), "r1" (router), "l0" (leaf), "s2" (spine). */
const char *swt_fabric_vertex_name(const swt_fabric_t *fab, long v, char *buf, size_t len);
/* "local"; "global" (dragonfly) or "up" (fat tree). */
const char *swt_fabric_class_name(const swt_fabric_t *fab, int cls);
/* Cable c: its ends, class and rate relative to a local link; SWT_ERR_INVALID
   out of range. */
int swt_fabric_cable(const swt_fabric_t *fab, long c, long *a, long *b, int *cls, double *rate);
/* Directed link l (2c: a -> b, 2c + 1: b -> a). */
int swt_fabric_link(const swt_fabric_t *fab, long l, long *from, long *to, int *cls, double *rate);
/* The route from node a to node b: the directed links, in order, into
   links[SWT_FABRIC_MAX_ROUTE]; returns how many (0: the same node). */
int swt_fabric_route(const swt_fabric_t *fab, long a, long b, long *links);

/* Ranks the placement puts on the nodes, and the node of a rank (-1 out of
   range). */
long swt_fabric_nranks(const swt_fabric_t *fab);
long swt_fabric_rank_node(const swt_fabric_t *fab, long rank);
/* How ranks are placed; *slots: ranks per node (0 for a list). */
swt_place_t swt_fabric_place(const swt_fabric_t *fab, int *slots);

#endif
