/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swt_route: where the messages of a schedule travel on the physical grid.
 *
 * A "phase" is one step of the whole communicator: the fold of a
 * non-power-of-two dimension, a core step s of Swing or RD, or an unfold.
 * In each phase every rank sends at most one message (core steps: to its
 * partner; folds: extras to their survivors; unfolds: back). LO runs the
 * core steps once (the component in the order s = L-1..0), BO twice
 * (reduce-scatter, allgather); the messages of core step s are the same.
 *
 * Routing (N150.md): a message moves in the direction of its logical move,
 * wrap-around links included, and every tile passed counts, hidden or not:
 * from a to b in the + direction it makes (b - a) mod size hops, in the -
 * direction (a - b) mod size. When the logical to physical mapping changes
 * more than one physical coordinate, the route is dimension-ordered
 * (dimension 0 first), every segment in the same direction (the n150 has
 * one network per direction). A dimension without a wrap-around link is
 * travelled straight toward the destination.
 *
 * Multiport (ALGORITHMS.md sections 11 and 13): every part of a Swing or RD
 * schedule has the same phases (its folds are everybody's; its core step s
 * moves along its own walk), and all parts' messages of a phase travel at
 * once. Every message of one phase of one algorithm carries the same
 * bytes, so the congestion counts messages. The ring allreduce has one
 * kind of step, 2(p-1) times: every position sends to its next one in
 * every part.
 *
 * A network of groups (swt_fabric.h) has no grid: a message from one
 * position to another crosses the links of the fabric's route between
 * their ranks' nodes (none between ranks of one node), each link at its
 * own rate; the direction of the logical move plays no part.
 *
 * A swt_net_t caches the tile (or node) of every position and a link-load
 * buffer: O(p) memory; a phase's load costs O(nparts * p + tiles), on a
 * network of groups O(nparts * p + links).
 */
#ifndef SWT_ROUTE_H
#define SWT_ROUTE_H

#include "swt_fabric.h"
#include "swt_ring.h"
#include "swt_topo.h"

typedef enum {
    SWT_PHASE_FOLD = 0, /* extras of one dimension send to their survivors */
    SWT_PHASE_CORE,     /* core step s of the power-of-two schedule */
    SWT_PHASE_UNFOLD    /* survivors send the result back to their extras */
} swt_phase_kind_t;

typedef struct swt_phase {
    swt_phase_kind_t kind;
    int dim; /* logical dimension the messages move along */
    int s;   /* core step index; -1 for fold and unfold */
    int k;   /* core: step counter within dim; -1 for fold and unfold */
} swt_phase_t;

/* One straight run along one physical dimension. */
typedef struct swt_seg {
    int dim;                /* physical dimension */
    int dir;                /* +1 or -1 */
    long hops;              /* links crossed */
    int from[SWT_MAX_DIMS]; /* tile where the run starts */
} swt_seg_t;

typedef struct swt_route {
    int nsegs;
    long hops; /* sum over the segments (or the links) */
    swt_seg_t segs[SWT_MAX_DIMS];
    int nlinks;                       /* a network of groups: its directed links */
    long links[SWT_FABRIC_MAX_ROUTE]; /* (swt_fabric.h); 0 on a grid */
} swt_route_t;

/* A directed link: leaves tile along dim in direction dir. */
typedef struct swt_link {
    int tile[SWT_MAX_DIMS];
    int dim;
    int dir;
} swt_link_t;

/* Summary of one phase over all ranks. */
typedef struct swt_phase_stats {
    long nmsgs;         /* messages sent */
    long max_hops;      /* physical hops of the longest message */
    long max_dist;      /* logical distance of the longest (ideal torus hops) */
    long sum_hops;      /* physical hops of all messages */
    long load;          /* congestion: the weight on the busiest directed link */
    swt_link_t busiest; /* that link (the first one found); valid if load > 0 */
    /*
     * A phase's messages weigh 1 each, swt_net_load_msgs' their weight.
     * Links of several rates (a network of groups): wload is the busiest
     * link's weight over its rate relative to a local link (beta), the
     * c of the cost model; load its weight and busiest_link its number
     * (swt_fabric_link). On a grid wload = load and busiest_link = -1.
     * cross: links crossed by all messages, per class, each crossing
     * counted with the message's weight on a network of groups
     * (swt_fabric.h); on a grid every link is local and
     * cross[SWT_LINK_LOCAL] = sum_hops, unweighted.
     */
    double wload;
    long busiest_link;
    long cross[SWT_LINK_NCLASSES];
} swt_phase_stats_t;

typedef struct swt_net swt_net_t;

int swt_net_create(const swt_topo_t *topo, swt_net_t **net);
void swt_net_destroy(swt_net_t *net);
const swt_topo_t *swt_net_topo(const swt_net_t *net);

/* Phases: folds (dimension 0 first), core s = 0..L-1, unfolds (reverse). */
int swt_net_nphases(const swt_net_t *net);
const swt_phase_t *swt_net_phase(const swt_net_t *net, int i);
/* Index of core step s in the phase list. */
int swt_net_core_phase(const swt_net_t *net, int s);

/*
 * The message logical position pos sends in phase i: returns 1 and fills
 * *to and *move (move->dist: logical distance in the full shape), or 0 when
 * pos sends nothing in that phase.
 */
int swt_net_message(const swt_net_t *net, swt_alg_t alg, int i, long pos, long *to,
                    swt_move_t *move);
/* The same for part `part` of alg's multiport form (swt_alg_nparts). */
int swt_net_part_message(const swt_net_t *net, swt_alg_t alg, int part, int i, long pos, long *to,
                         swt_move_t *move);
/* Physical route of a message from position from to position to. */
void swt_net_route(const swt_net_t *net, long from, long to, int dir, swt_route_t *route);

/*
 * Every message of phase i: fills *st and, when not NULL, adds each
 * sender's physical hops to hops[pos] and logical distance to dist[pos].
 * Keeps the link loads of that phase for swt_net_link_load().
 */
int swt_net_load(swt_net_t *net, swt_alg_t alg, int i, long *hops, long *dist,
                 swt_phase_stats_t *st);
/* Every message of parts 0..nparts-1 of alg in phase i, all on the links
   at once (nparts 1: swt_net_load). */
int swt_net_load_parts(swt_net_t *net, swt_alg_t alg, int nparts, int i, long *hops, long *dist,
                       swt_phase_stats_t *st);
/* Every message of one step of ring parts 0..nparts-1. */
int swt_net_load_ring(swt_net_t *net, const swt_ring_t *ring, int nparts, long *hops, long *dist,
                      swt_phase_stats_t *st);
/*
 * Messages of a step that is not a butterfly phase (a tree's, a chain's):
 * each from `from` to `to`, routed in direction dir (of its logical
 * move), loading every link it crosses with its weight (bytes, blocks:
 * the caller's unit). swt_net_load_msgs places them all at once: st->load
 * is then the most weight on one directed link (st->busiest that link),
 * nmsgs, max_hops, sum_hops and max_dist as for a phase, and
 * swt_net_link_load() answers in weight. The weights on one link must sum
 * below INT_MAX.
 */
typedef struct swt_msg {
    long from, to;
    int dir;
    long dist; /* logical distance */
    int weight;
} swt_msg_t;
int swt_net_load_msgs(swt_net_t *net, const swt_msg_t *msgs, long n, swt_phase_stats_t *st);
/* Messages (or weight) of the last loaded phase on a directed link. */
long swt_net_link_load(const swt_net_t *net, const int *tile, int dim, int dir);
/* The same on directed link l of a network of groups (0 without one). */
long swt_net_fabric_load(const swt_net_t *net, long l);
/* The node of position pos on a network of groups; -1 without one. */
long swt_net_node(const swt_net_t *net, long pos);

#endif
