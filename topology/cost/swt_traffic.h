/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swt_traffic: the bytes an allreduce puts on each class of link, step by
 * step in the order the component runs them (docs/ALGORITHMS.md section
 * 14). On a network of groups (swt_fabric.h) the classes are the local
 * links and the upper ones (global links of a dragonfly, leaf-spine links
 * of a fat tree); on a grid every link is local. These are the numbers
 * swing-topo congestion, predict and explain print, and those the
 * emulator's interface counters measure (bench/group-net.sh).
 *
 * Steps: the folds (m = n), then LO's core steps s = L-1..0 (m = n) or
 * BO's reduce-scatter s = 0..L-1 and allgather s = L-1..0 (m = n/2^(s+1)),
 * then the unfolds (m = n); a multiport form's parts each send m / P. The
 * ring (BO only): p-1 reduce-scatter steps and p-1 allgather steps, all
 * alike, of m = n/(P p) per part: two entries of repeat p-1.
 * A message's bytes on a class: m times the links of that class on its
 * route (a dragonfly message between groups: 2m local, m global).
 */
#ifndef SWT_TRAFFIC_H
#define SWT_TRAFFIC_H

#include "swt_route.h"

typedef struct swt_traffic_step {
    int phase;                       /* index of swt_route.h's phases; -1: a ring step */
    int s;                           /* core step; -1 for folds, unfolds and the ring */
    int ag;                          /* 1: allgather (or unfold): nothing reduced */
    long repeat;                     /* times the step runs (the ring: p - 1), else 1 */
    double msg_bytes;                /* bytes of one message (one part's) */
    long nmsgs;                      /* messages of all ranks and parts */
    double bytes[SWT_LINK_NCLASSES]; /* over all links of the class, once */
    double busiest;                  /* bytes on the busiest link (swt_route.h wload) */
    long busiest_link;               /* that link on a network of groups; -1 on a grid */
} swt_traffic_step_t;

typedef struct swt_traffic {
    int nsteps;
    swt_traffic_step_t *steps;
    double total[SWT_LINK_NCLASSES]; /* over every step, repeats counted */
    double busiest;                  /* sum of the steps' busiest links */
} swt_traffic_t;

/*
 * The traffic of alg (kind, nparts parts: 1 or swt_alg_nparts) for an
 * allreduce of bytes per rank on net's topology. RING: SWT_KIND_BO only.
 * Errors: SWT_ERR_INVALID, SWT_ERR_NOMEM.
 */
int swt_traffic_create(swt_net_t *net, swt_alg_t alg, swt_kind_t kind, int nparts, double bytes,
                       swt_traffic_t **out);
void swt_traffic_destroy(swt_traffic_t *tr);

#endif
