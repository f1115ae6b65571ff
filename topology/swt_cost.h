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
 * swt_model_create() routes every message once per algorithm and part
 * count (O(P p log p) time, O(p + tiles) memory); the queries then cost
 * O(steps).
 */
#ifndef SWT_COST_H
#define SWT_COST_H

#include "swt_topo.h"

typedef struct swt_model swt_model_t;

/* params NULL: the constants of the description (swt_topo_cost). */
int swt_model_create(const swt_topo_t *topo, const swt_cost_params_t *params,
                     swt_model_t **model);
void swt_model_destroy(swt_model_t *model);
/* Predicted seconds of an allreduce of bytes per rank (one part). */
double swt_model_time(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind,
                      double bytes);
/*
 * The same with nparts parts: 1, or swt_alg_nparts(logical shape, alg) for
 * the multiport form (the combinations swt_sched_create_part builds for
 * all parts). HUGE_VAL for what is not modelled: other part counts, RING
 * with SWT_KIND_LO.
 */
double swt_model_time_parts(const swt_model_t *model, swt_alg_t alg,
                            swt_kind_t kind, int nparts, double bytes);
/*
 * Largest size (bytes) for which LO is predicted no slower than BO, single
 * port; HUGE_VAL when LO never loses, 0 when it never wins (RING: 0).
 */
double swt_model_lo_max_bytes(const swt_model_t *model, swt_alg_t alg);
/* Per phase of swt_route.h (same indices): most hops and congestion of
   single-port Swing or RD (RING: 0; over link rates, rounded down). */
int swt_model_nphases(const swt_model_t *model);
void swt_model_phase(const swt_model_t *model, swt_alg_t alg, int i,
                     long *max_hops, long *load);

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

/* Broadcast, reduce, gather and scatter: their own model (swt_cost_tree.c). */
#include "swt_cost_tree.h"

#endif
