/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swt_cost: the allreduce cost model of ALGORITHMS.md section 7.
 *
 * Per step T = alpha + h*tau + c*m/beta + m*gamma: h the most physical hops
 * of a message of the step, c its congestion, m the bytes each rank sends,
 * gamma only in steps that reduce. A collective's time is the sum of its
 * steps. LO: the core steps with m = n; BO: reduce-scatter steps with
 * m = n/2^(s+1), then allgather steps of the same sizes. Non-power-of-two
 * shapes add a fold step (m = n, reduces) and an unfold step (m = n) per
 * folded dimension.
 *
 * Ports (section 13): a multiport schedule's parts run at once, so a step
 * costs alpha + h*tau + c*m/beta + P*m*gamma, with m the bytes of one
 * part's message (n/P of the single-port one), h the most hops of any
 * part's message, c the most messages of that step, of all parts and all
 * ranks, on one directed link (c*m: the most bytes one link carries), and
 * gamma on all P*m bytes a rank reduces. Parts on different links thus
 * divide the bandwidth term by up to P. The ring allreduce (BO only):
 * 2(p-1) steps of m = n/(P p), reduce-scatter (reducing) then allgather,
 * h and c those of every position sending to its next one in every part.
 * One part is the single-port schedule, exactly as above.
 *
 * Networks of groups (swt_fabric.h): links have rates relative to a local
 * link's beta, so c is the busiest link's messages over its rate (a global
 * link at half the rate counts each message twice), global and up links
 * included; messages between ranks of one node cross no link (a step of
 * only those costs alpha and gamma).
 *
 * Messages (section 12): every message costs its sender and its receiver
 * an overhead o on their cores, so a step in which a rank posts k
 * messages (an exchange of P parts: k = 2P; a fold: P) costs it k*o more:
 *   links: alpha + h*tau + k*o + (busiest-link bytes)/beta + gamma*(bytes the rank reduces)
 * Where the ranks share `cores` cores (cores > 0), the cores are a shared
 * resource like a link: a step costs at least
 *   cores: (2 o * messages of the step + gamma * bytes every rank reduces) / cores
 * and takes the larger of the two bounds (swt_model_steps says which).
 * With o = 0 and cores = 0 (the defaults) this is the model above, to the
 * last bit. The pipeline's segments are not counted as messages: where
 * they exist the bytes, not the messages, set the time.
 *
 * swt_model_create() routes every message once per algorithm and part
 * count (O(P p log p) time, O(p + tiles) memory); the queries then cost
 * O(steps).
 */
#ifndef SWT_COST_H
#define SWT_COST_H

#include "swt_topo.h"

typedef struct swt_model swt_model_t;

/* params NULL: the constants of the description (swt_topo_cost). */
int swt_model_create(const swt_topo_t *topo, const swt_cost_params_t *params, swt_model_t **model);
void swt_model_destroy(swt_model_t *model);
/* Predicted seconds of an allreduce of bytes per rank (one part). */
double swt_model_time(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind, double bytes);
/*
 * The same with nparts parts: 1, or swt_alg_nparts(logical shape, alg) for
 * the multiport form (the combinations swt_sched_create_part builds for
 * all parts). HUGE_VAL for what is not modelled: other part counts, RING
 * with SWT_KIND_LO.
 */
double swt_model_time_parts(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind, int nparts,
                            double bytes);
/*
 * Largest size (bytes) for which LO is predicted no slower than BO, single
 * port; HUGE_VAL when LO never loses, 0 when it never wins (RING: 0).
 */
double swt_model_lo_max_bytes(const swt_model_t *model, swt_alg_t alg);
/* Per phase of swt_route.h (same indices): most hops and congestion of
   single-port Swing or RD (RING: 0; over link rates, rounded down). */
int swt_model_nphases(const swt_model_t *model);
void swt_model_phase(const swt_model_t *model, swt_alg_t alg, int i, long *max_hops, long *load);

/*
 * The halves of BO as collectives of their own (MPI_Reduce_scatter,
 * MPI_Allgather), bytes the full vector: reduce-scatter folds the whole
 * vector, runs the core's reduce-scatter steps and unfolds one block;
 * allgather folds one block, runs the allgather steps (no gamma) and
 * unfolds the whole vector. SWT_HALF_ALL is swt_model_time. The ring
 * (RING, SWT_KIND_BO) is modelled too.
 */
typedef enum { SWT_HALF_ALL = 0, SWT_HALF_RS, SWT_HALF_AG } swt_half_t;
double swt_model_time_half(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind,
                           swt_half_t half, double bytes);
/*
 * The same with nparts parts, as swt_model_time_parts: every part runs
 * the half on its piece of every block (n / nparts), all parts at once,
 * each step charged for the link that carries the most bytes of all parts
 * and ranks; gamma on all the bytes a rank reduces. The ring's halves are
 * its p - 1 reduce-scatter or allgather steps. HUGE_VAL for part counts
 * not modelled.
 */
double swt_model_time_half_parts(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind,
                                 int nparts, swt_half_t half, double bytes);

/* What a step of a prediction does. */
typedef enum {
    SWT_COST_FOLD = 0, /* extras hand their vector (RS: reduced) to survivors */
    SWT_COST_LO,       /* a latency-optimal exchange: the whole vector, reduced */
    SWT_COST_RS,       /* a reduce-scatter step (Swing, RD or the ring) */
    SWT_COST_AG,       /* an allgather step */
    SWT_COST_UNFOLD    /* survivors hand the result back */
} swt_cost_op_t;

/* Which bound set a step's time (section 12). */
typedef enum { SWT_BOUND_LINKS = 0, SWT_BOUND_CORES } swt_bound_t;

/* One step of a prediction, at one size. */
typedef struct swt_step_cost {
    int phase; /* swt_route.h's phase index; -1: a ring step */
    swt_cost_op_t op;
    double count;      /* alike steps it stands for (the ring's p - 1), else 1 */
    long msgs;         /* messages a rank posts in it (sends and receives) */
    double links;      /* s: the link bound, overheads of the rank's messages included */
    double cores;      /* s: the core bound (0 when the description has no cores) */
    double time;       /* s: the larger, one step */
    swt_bound_t bound; /* which one that is */
} swt_step_cost_t;

/*
 * The steps of (alg, kind, nparts) as a whole allreduce or a half, at
 * bytes: fills steps[0 .. min(n, max)) and returns n, the number of step
 * entries (the time is the sum of count * time); -1 for what is not
 * modelled (as HUGE_VAL above).
 */
int swt_model_steps(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind, int nparts,
                    swt_half_t half, double bytes, swt_step_cost_t *steps, int max);
/* The share (0..1) of the predicted time spent in steps the cores bound;
   0 without cores or for what is not modelled. */
double swt_model_cores_share(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind, int nparts,
                             swt_half_t half, double bytes);
/* Room for the steps of any prediction (swt_model_steps' max). */
#define SWT_MODEL_STEPS_MAX (2 * (2 * SWT_MAX_DIMS + 31))

/* Broadcast, reduce, gather and scatter: their own model (swt_cost_tree.c). */
#include "swt_cost_tree.h"

#endif
