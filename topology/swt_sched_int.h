/*
 * Private to topology/: the step list behind swt_sched_t, shared by the
 * butterfly schedules (swt_sched.c), the ring's (swt_ring_sched.c) and the
 * multiport entry point (swt_mport.c).
 */
#ifndef SWT_SCHED_INT_H
#define SWT_SCHED_INT_H

#include "swt_ring.h"

struct swt_sched {
    int nsteps;
    long nblocks;
    swt_step_t *steps;   /* room for the cap given to swt_sched_alloc */
};

/* An empty list with room for cap steps; NULL when out of memory. */
swt_sched_t *swt_sched_alloc(int cap);
/* Appends a step with peer == from, no blocks, move k = -1. */
swt_step_t *swt_sched_push(swt_sched_t *sched, swt_op_t op, long peer, int dim,
                           int dir, long dist);
/* Swing or RD step list of pos, for the part that walks walk. */
int swt_sched_butterfly(const swt_shape_t *shape, swt_alg_t alg, swt_kind_t kind,
                        const swt_walk_t *walk, long pos, swt_sched_t **out);
/* Ring part `part` of pos on ring's cycles of p positions. */
int swt_sched_ring(const swt_ring_t *ring, long p, long pos, int part,
                   swt_sched_t **out);

#endif
