/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Private to topology/: the step list behind swt_sched_t (swt_sched.c),
 * which the schedule makers fill: the butterflies (swt_sched_butterfly.c)
 * and the ring's (swt_ring_sched.c).
 */
#ifndef SWT_SCHED_INT_H
#define SWT_SCHED_INT_H

#include "swt.h"

struct swt_sched {
    int nsteps;
    long nblocks;
    swt_step_t *steps; /* room for the cap given to swt_sched_alloc */
};

/* An empty list with room for cap steps; NULL when out of memory. */
swt_sched_t *swt_sched_alloc(int cap);
/* Appends a step with peer == from, no blocks, move k = -1. */
swt_step_t *swt_sched_push(swt_sched_t *sched, swt_op_t op, long peer, int dim, int dir, long dist);

#endif
