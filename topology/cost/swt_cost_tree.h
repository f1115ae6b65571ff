/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swt_cost_tree: the cost model of broadcast, reduce, gather and scatter
 * (ALGORITHMS.md section 14), for the trees and chains of swt_tree.h.
 *
 * The allreduce's rule, per step: every message of the step, of every
 * part and every rank, placed on its physical route at once (swt_route.h),
 * and
 *
 *     T = alpha + h*tau + (most bytes on one directed link)/beta
 *         + gamma * (most bytes one rank reduces)
 *
 * (on a network of groups the busiest link is the one whose bytes over
 * its rate relative to a local link are the most, and those count),
 *
 * h the most physical hops of a message of the step; gamma only where a
 * step reduces (a reduce's RECV_REDUCE and FOLD_RECV, a chain's RS). A
 * tree's time is the sum over its steps (hand-over, folds, core, unfolds,
 * hand-back: the phases of swt_tree_root_t, every rank's step i at once).
 *
 * Sizes: bytes is what a rank contributes to a reduce or receives from a
 * broadcast (the vector), and the whole vector of a gather or scatter (p
 * blocks of bytes / p, a fold group's blocks travelling together). A
 * multiport form of nparts parts moves 1/nparts of it per part.
 *
 * Chains: p + S - 2 steps, each charged as the busiest one (every rank but
 * the last sending one segment, bytes / (nparts S), to the next):
 *     T(S) = (p + S - 2) (alpha + h tau + c bytes / (nparts S beta)
 *            [+ gamma bytes / S for a reduce])
 * c the most segments on one link (over its relative rate, on a network
 * of groups). The best S balances the pipeline's fill
 * against its step: S* = sqrt((p - 2) B / A), A = alpha + h tau, B the
 * per-byte terms times bytes; swt_tree_model_nsegs gives it (rounded, at
 * least 1, at most bytes).
 *
 * A model is for one root: on a plain torus every root costs the same (the
 * map of swt_tree_bin.c carries a tree onto another root's, links onto
 * links), but folding and physical grids make the root matter. Forms are
 * computed at their first query (each routes every message of its steps
 * once: O(nparts p (L + 2D)) time, O(p + tiles) memory), so a query may
 * allocate; the topology must outlive the model.
 */
#ifndef SWT_COST_TREE_H
#define SWT_COST_TREE_H

#include "swt_route.h"
#include "swt_tree.h"

typedef struct swt_tree_model swt_tree_model_t;

/* params NULL: the description's constants. */
int swt_tree_model_create(const swt_topo_t *topo, const swt_cost_params_t *params, long root,
                          swt_tree_model_t **model);
void swt_tree_model_destroy(swt_tree_model_t *model);

/*
 * Predicted seconds of coll by alg's tree (opts->order; NULL: the default)
 * or chain (opts->rank_order; its best segment count) in nparts parts: 1,
 * or swt_tree_max_parts() for the multiport form. HUGE_VAL for what is
 * not offered (swt_tree_create refuses it) or not modelled (other part
 * counts), and when out of memory.
 */
double swt_tree_model_time(swt_tree_model_t *model, swt_alg_t alg, swt_coll_t coll,
                           const swt_tree_opts_t *opts, int nparts, double bytes);
/* A chain's best segment count for bytes (1 for trees). */
long swt_tree_model_nsegs(swt_tree_model_t *model, swt_coll_t coll, const swt_tree_opts_t *opts,
                          int nparts, double bytes);

/*
 * One step of a form, over every rank and part. Bytes are fractions of
 * the size (multiply by bytes); a chain's single step (its busiest) in
 * fractions of bytes / S.
 */
typedef struct swt_tree_stats {
    long nmsgs;                            /* messages sent */
    long max_hops;                         /* physical hops of the longest */
    long sum_hops;                         /* physical hops of all */
    double max_link;                       /* most bytes on one directed link (a network
                                              of groups: over its relative rate) */
    double link_bytes;                     /* sum over links of the bytes each carries */
    double wrap_bytes;                     /* bytes through wrap-around links of the grid */
    double class_bytes[SWT_LINK_NCLASSES]; /* a network of groups: the bytes all
                                              its local, its upper links carry */
    double reduced;                        /* most bytes one rank reduces */
    swt_link_t busiest;                    /* the link of max_link (valid when nmsgs > 0) */
    long busiest_link; /* a network of groups: its directed link (swt_fabric.h) */
} swt_tree_stats_t;

/* Steps of a form (a chain: 1, its busiest step); -1 when not offered. */
int swt_tree_model_nsteps(swt_tree_model_t *model, swt_alg_t alg, swt_coll_t coll,
                          const swt_tree_opts_t *opts, int nparts);
int swt_tree_model_step(swt_tree_model_t *model, swt_alg_t alg, swt_coll_t coll,
                        const swt_tree_opts_t *opts, int nparts, int i, swt_tree_stats_t *st);

#endif
