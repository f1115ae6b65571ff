/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The step list of one rank (swt_sched_t): the storage the schedule makers
 * fill (swt_sched_alloc, swt_sched_push) and the accessors of swt.h.
 */
#include "swt_sched_int.h"

#include <stdlib.h>

swt_sched_t *swt_sched_alloc(int cap)
{
    swt_sched_t *sched = calloc(1, sizeof(*sched));

    if (NULL == sched) {
        return NULL;
    }
    sched->steps = calloc((size_t) (cap > 0 ? cap : 1), sizeof(swt_step_t));
    if (NULL == sched->steps) {
        free(sched);
        return NULL;
    }
    return sched;
}

swt_step_t *swt_sched_push(swt_sched_t *sched, swt_op_t op, long peer, int dim, int dir, long dist)
{
    swt_step_t *st = &sched->steps[sched->nsteps++];

    st->op = op;
    st->peer = peer;
    st->from = peer;
    st->core_step = -1;
    st->move.dim = dim;
    st->move.k = -1;
    st->move.dir = dir;
    st->move.dist = dist;
    st->send_lo = st->send_n = st->recv_lo = st->recv_n = 0;
    st->left = 0;
    return st;
}

void swt_sched_destroy(swt_sched_t *sched)
{
    if (NULL != sched) {
        free(sched->steps);
        free(sched);
    }
}

int swt_sched_nsteps(const swt_sched_t *sched)
{
    return sched->nsteps;
}

const swt_step_t *swt_sched_step(const swt_sched_t *sched, int i)
{
    return (i >= 0 && i < sched->nsteps) ? &sched->steps[i] : NULL;
}

long swt_sched_nblocks(const swt_sched_t *sched)
{
    return sched->nblocks;
}
