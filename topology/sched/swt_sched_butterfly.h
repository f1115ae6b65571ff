/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Private to topology/: the Swing and RD step lists
 * (swt_sched_butterfly.c), for the choice of a schedule maker.
 */
#ifndef SWT_SCHED_BUTTERFLY_H
#define SWT_SCHED_BUTTERFLY_H

#include "swt.h"

/* Swing or RD step list of pos, for the part that walks walk. */
int swt_sched_butterfly(const swt_shape_t *shape, swt_alg_t alg, swt_kind_t kind,
                        const swt_walk_t *walk, long pos, swt_sched_t **out);

#endif
