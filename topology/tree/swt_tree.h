/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swt_tree: the step lists of broadcast, reduce, gather and scatter
 * (ALGORITHMS.md section 14, "Trees and chains").
 *
 * Three shapes, by swt_alg_t:
 *   SWING  Bine trees: binomial trees whose every message goes to the
 *          Swing partner of a step (distances 1, 1, 3, 5, 11, ...).
 *   RD     binomial trees on recursive doubling's partners (1, 2, 4, ...).
 *   RING   pipelined chains: the vector cut in segments, passed hop by hop
 *          along a Hamiltonian cycle of the torus (swt_ring.h), one part
 *          per cycle and direction; or, with opts->rank_order, along the
 *          ranks 0, 1, ..., p-1 (the baseline of a library that does not
 *          know the torus). Broadcast and reduce only.
 *
 * Trees, on the power-of-two core of section 6 (L steps), any root.
 *   Broadcast: at every tree step t = 0..L-1 each rank that holds the
 *   vector sends it to its partner of core step s(t); every rank receives
 *   once. Far-first: s(t) = L-1-t (the root's first message goes farthest,
 *   and step t has 2^t messages over distance |rho(L-1-t)|); near-first:
 *   s(t) = t. Reduce is the broadcast tree run backwards (tree step t of
 *   the reduce is broadcast step L-1-t): the partials flow to the root.
 *   Scatter is the near-first broadcast tree in which a rank's message
 *   carries the blocks of its receiver's subtree, R(q, s+1) of section 4:
 *   ONE contiguous range of the reduce-scatter/allgather block layout
 *   (swt_layout.h), whatever the root. Gather is the scatter run
 *   backwards.
 *   Any root: the tree of root r is the tree of root 0 moved by the
 *   automorphism of the torus that takes 0 to r (per dimension: a shift
 *   for an even r_i, a reflection for an odd one; RD: XOR), so one table of
 *   the tree of 0, computed at setup, serves every root.
 *
 * Any p (section 6): every dimension folds onto its power-of-two core.
 *   Broadcast, scatter: when the root is an extra rank it first hands the
 *   vector to its survivor (and on, dimension by dimension, until a core
 *   rank has it); after the core tree, survivors pass the vector (scatter:
 *   the extra's fold group) on to their extras, dimension by dimension in
 *   reverse, skipping the ranks of the root's hand-over. Reduce, gather:
 *   extras fold their partial (gather: their fold group) into their
 *   survivor, dimension by dimension; after the core tree, when the root is
 *   an extra, its survivor hands it the result, back along the same way.
 *
 * Multiport (sections 9, 11): part j of a tree walks the torus as part j
 * of the multiport allreduce (swt_part_walk: rotated, mirrored from j = D
 * on), so at the first step the root's 2D links all carry data; RD has D
 * parts. A chain has one part per cycle and direction (swt_alg_nparts).
 *
 * ---------------------------------------------------------------------
 * Executing a part's step list (the contract of the component's executor)
 *
 *  - Positions: peer and from are logical positions; swt_topo_pos_rank()
 *    names the ranks. An IDLE step's peer and from are the rank itself.
 *    move is my move toward peer (a step that only receives: toward from;
 *    the message travels the other way); core_step is the core step s
 *    whose partner a tree step meets (-1 for hand-overs, folds and IDLE),
 *    a chain's tree step index.
 *  - Data: part j of nparts works on elements swt_part_elems(count,
 *    nparts, j) of the vector: for broadcast and reduce (and chains) of
 *    the one vector, for gather and scatter of every rank's block (piece j
 *    of each block, in the layout of part j, as MPI_Reduce_scatter and
 *    MPI_Allgather's multiport parts do). Block ranges [lo, lo + n) of a
 *    step count swt_tree_nblocks() blocks:
 *      BCAST, REDUCE  1 block: [0, 1) is the whole part.
 *      RING chains    nsegs segments: swt_block_elems(n_j, nsegs, lo, n).
 *      GATHER,        the core blocks of swt_layout_create_part(topo, alg,
 *      SCATTER        part) (part 0 of 1: swt_layout_create(logical, alg)):
 *                     block b is the fold group of the core rank that owns
 *                     b, and [0, nblocks) is the whole vector, in the
 *                     layout's order.
 *  - Ops:
 *      SEND         send blocks [send_lo, +send_n) to peer
 *      RECV         receive blocks [recv_lo, +recv_n) from `from`, copied
 *      RECV_REDUCE  the same, reduced: mine = received (left) op mine
 *      AG, RS       a chain's middle: send [send_lo, +send_n) to peer and
 *                   receive [recv_lo, +recv_n) from `from` (AG copies, RS
 *                   reduces as RECV_REDUCE), at once
 *      FOLD_SEND    an extra sends to its survivor: REDUCE its whole
 *                   partial, GATHER its fold group (swt_layout_group)
 *      FOLD_RECV    the survivor's side: REDUCE reduces it (received on
 *                   the left), GATHER copies the extra's fold group
 *      UNFOLD_SEND  a survivor sends its extra: BCAST the whole vector,
 *                   SCATTER the extra's fold group
 *      UNFOLD_RECV  the extra's side, copied
 *      IDLE         nothing
 *    With the component's step machine: BCAST, REDUCE and chains run as
 *    SWT_HALF_ALL without a layout; GATHER as SWT_HALF_AG and SCATTER as
 *    SWT_HALF_RS on the layout above (their fold moves are those halves').
 *  - Steps are time-aligned: step i of every rank's list (of one part) is
 *    the same tree step, so a message sent at step i is received at step
 *    i. A rank idle before its last step has an IDLE step there; lists end
 *    after the rank's last message, so they differ in length. The executor
 *    may run the parts of a rank in lockstep (step i of every part done
 *    before step i + 1 of any): a step's messages wait only for their peers
 *    to finish step i - 1, never for a later step, so no rank can wait for
 *    another in a circle. (Leaving the IDLE steps out would break that:
 *    with parts in lockstep, two ranks could each wait for the other's
 *    next step in another part.) Within a step a rank sends or receives
 *    at most one message per part, except a chain's AG or RS steps, which
 *    send one and receive one.
 *  - Sizes agree: every receive is exactly the size its sender sends, so
 *    an executor may skip empty messages on both sides. A range may be cut
 *    into pipeline segments only if every op cuts alike: a chain's AG
 *    meets a SEND or a RECV on the other side, so an AG step must cut its
 *    ranges as SEND and RECV do (the step machine sends an AG range whole:
 *    it has to cut it like SEND and RECV, or a chain's segments must not
 *    exceed its pipeline segment). RS already cuts alike.
 *  - Reductions combine the same operands on every call, in an order set by
 *    the tree (received partial on the left), not rank order: the op must
 *    be commutative (and associative), as for every algorithm here.
 *  - A rank touches only the blocks of its subtree (gather, scatter) and
 *    needs a vector only when it relays one (broadcast, reduce).
 *
 * Cost: swt_tree_create is the setup, independent of the root: O(p log p)
 * time and O(p) memory for trees (a table of the tree of root 0, and for
 * gather and scatter the final block of every core rank), a cycle's order
 * for chains. swt_tree_steps then costs O(log p) time and no allocation
 * for a tree (at most L + 2 SWT_MAX_DIMS steps), O(p + nsegs) for a chain
 * (its latency is p - 1 hops anyway).
 *
 * Errors: SWT_ERR_INVALID (argument out of its domain, a combination not
 * offered: a chain's gather or scatter, a far-first gather or scatter),
 * SWT_ERR_NOMEM.
 */
#ifndef SWT_TREE_H
#define SWT_TREE_H

#include "swt_topo.h"

/* The collectives a tree or a chain serves. */
typedef enum { SWT_COLL_BCAST = 0, SWT_COLL_REDUCE, SWT_COLL_GATHER, SWT_COLL_SCATTER } swt_coll_t;
#define SWT_COLL_COUNT 4

/* The order of a tree's steps, as a broadcast (reduce and gather run it backwards). */
typedef enum {
    SWT_TREE_DEFAULT = 0, /* far-first for BCAST and REDUCE, near-first for
                             GATHER and SCATTER (ALGORITHMS.md section 14) */
    SWT_TREE_FAR_FIRST,   /* core step L-1 first: BCAST and REDUCE only */
    SWT_TREE_NEAR_FIRST   /* core step 0 first */
} swt_tree_order_t;

/* Options; a NULL pointer means all defaults (zeros). */
typedef struct swt_tree_opts {
    swt_tree_order_t order; /* trees */
    long nsegs;             /* chains: segments per part, >= 1 (0: 1); see
                               swt_tree_set_nsegs and swt_tree_model_nsegs */
    int rank_order;         /* chains: along ranks 0, 1, ..., p-1 instead of
                               the torus's cycles; 2 parts (both ways) */
} swt_tree_opts_t;

typedef struct swt_tree swt_tree_t;

/*
 * The setup of part `part` of an nparts-part tree or chain on topo's
 * logical torus, for every root: 1 <= nparts <= swt_tree_max_parts(),
 * 0 <= part < nparts. Part 0 of 1 is the single-port form.
 */
int swt_tree_create(const swt_topo_t *topo, swt_alg_t alg, swt_coll_t coll,
                    const swt_tree_opts_t *opts, int part, int nparts, swt_tree_t **tree);
void swt_tree_destroy(swt_tree_t *tree);
/* Parts of the multiport form: swt_alg_nparts (SWING 2D, RD D, RING 2 per
   cycle); a rank-order chain 2; 1 when p = 1. */
int swt_tree_max_parts(const swt_topo_t *topo, swt_alg_t alg, const swt_tree_opts_t *opts);
/* Blocks of the step ranges: 1, the core's P (gather, scatter), nsegs (chains). */
long swt_tree_nblocks(const swt_tree_t *tree);
/* The most steps any (root, pos) list has: the room swt_tree_steps needs. */
int swt_tree_max_steps(const swt_tree_t *tree);
/* Chains: the segments of a part's slice from now on (>= 1). */
int swt_tree_set_nsegs(swt_tree_t *tree, long nsegs);

/*
 * The step list of position pos for the collective rooted at position
 * root: fills steps[0 .. *nsteps) (room for swt_tree_max_steps() steps).
 */
int swt_tree_steps(const swt_tree_t *tree, long root, long pos, swt_step_t *steps, int *nsteps);

/* Setup and steps at once (O(p log p)): the list of pos as a swt_sched_t
   (swt_sched_nblocks is swt_tree_nblocks). opts may be NULL. */
int swt_tree_create_part(const swt_topo_t *topo, swt_alg_t alg, swt_coll_t coll, long root,
                         long pos, int part, int nparts, const swt_tree_opts_t *opts,
                         swt_sched_t **sched);

/* "bcast", "reduce", "gather", "scatter"; NULL out of range. */
const char *swt_coll_name(swt_coll_t coll);
/* The order opts gives coll (SWT_TREE_DEFAULT resolved). */
swt_tree_order_t swt_tree_order(swt_coll_t coll, const swt_tree_opts_t *opts);

#endif
