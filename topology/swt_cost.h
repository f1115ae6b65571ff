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
 * swt_model_create() routes every message once (O(p log p) time, O(p +
 * tiles) memory); the queries then cost O(steps).
 */
#ifndef SWT_COST_H
#define SWT_COST_H

#include "swt_topo.h"

typedef struct swt_model swt_model_t;

/* params NULL: the constants of the description (swt_topo_cost). */
int swt_model_create(const swt_topo_t *topo, const swt_cost_params_t *params,
                     swt_model_t **model);
void swt_model_destroy(swt_model_t *model);
/* Predicted seconds of an allreduce of bytes per rank. */
double swt_model_time(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind,
                      double bytes);
/*
 * Largest size (bytes) for which LO is predicted no slower than BO;
 * HUGE_VAL when LO never loses, 0 when it never wins.
 */
double swt_model_lo_max_bytes(const swt_model_t *model, swt_alg_t alg);
/* Per phase of swt_route.h (same indices): most hops and congestion. */
int swt_model_nphases(const swt_model_t *model);
void swt_model_phase(const swt_model_t *model, swt_alg_t alg, int i,
                     long *max_hops, long *load);

/*
 * The halves of BO as collectives of their own (MPI_Reduce_scatter,
 * MPI_Allgather), bytes the full vector: reduce-scatter folds the whole
 * vector, runs the core's reduce-scatter steps and unfolds one block;
 * allgather folds one block, runs the allgather steps (no gamma) and
 * unfolds the whole vector. SWT_PART_ALL is swt_model_time.
 */
typedef enum { SWT_PART_ALL = 0, SWT_PART_RS, SWT_PART_AG } swt_part_t;
double swt_model_time_part(const swt_model_t *model, swt_alg_t alg, swt_kind_t kind,
                           swt_part_t part, double bytes);

#endif
