/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Private to topology/: the ring allreduce's step lists (swt_ring_sched.c),
 * for the choice of a schedule maker.
 */
#ifndef SWT_RING_SCHED_H
#define SWT_RING_SCHED_H

#include "swt_ring.h"

/* Ring part `part` of pos on ring's cycles of p positions. */
int swt_sched_ring(const swt_ring_t *ring, long p, long pos, int part, swt_sched_t **out);

#endif
