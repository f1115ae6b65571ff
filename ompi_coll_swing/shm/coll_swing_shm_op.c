/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Driving a segment allreduce (coll_swing_shm_op.h) to its end in a
 * blocking call: the nonblocking ones started before it first (their
 * FIFO: coll_swing_shm_nb.c), then wait for each phase, run the step list
 * between nodes with the blocking executor.
 */
#include "coll_swing_shm_op.h"
#include "coll_swing_steps.h"

#include <string.h>

#include "opal/runtime/opal_progress.h"

/* The progress callback runs the FIFO's head; no lock held here while waiting. */
void mca_coll_swing_shm_nb_drain(mca_coll_swing_module_t *m)
{
    while (NULL != __atomic_load_n(&m->nb_shm_head, __ATOMIC_ACQUIRE)) {
        opal_progress();
    }
}

void mca_coll_swing_shm_op_begin(mca_coll_swing_shm_op_t *op)
{
    op->seq = mca_coll_swing_shm_call(op->s);
    op->marked = 0;
    /* the schemes' chunks start with the segment's turn (transport/coll_swing_shm_segment.h) */
    op->set = op->s->first;
}

int mca_coll_swing_shm_op_end(mca_coll_swing_shm_op_t *op)
{
    if (OMPI_SUCCESS == op->rc && mca_coll_swing_shm_failed(op->s, op->seq)) {
        op->rc = MCA_COLL_SWING_PEER_FAILED;
        mca_coll_swing_count(&mca_coll_swing_counters.peer_error, 1);
    }
    return op->rc;
}

int mca_coll_swing_shm_op_phase(mca_coll_swing_shm_op_t *op)
{
    if (OMPI_SUCCESS != op->rc && !op->marked) {
        mca_coll_swing_shm_fail(op->s, op->seq);
        op->marked = 1;
    }
    op->phase = mca_coll_swing_shm_phase_post(op->s);
    op->seen = 0;
    return SWING_SHM_OP_PHASE;
}

int mca_coll_swing_shm_op_copy_out(mca_coll_swing_shm_op_t *op)
{
    const mca_coll_swing_call_t *call = &op->call;
    size_t ext = (size_t) call->extent, chunk = op->s->slot_size / ext;

    if (mca_coll_swing_shm_op_out(op)) {
        /* by the type map: the result slot's holes (a pair's padding) are
           scratch, the user's are not ours to write */
        int rc = ompi_datatype_copy_content_same_ddt(call->dtype, op->n, call->rbuf + op->e0 * ext,
                                                     op->s->result + op->set * op->s->slot_size
                                                         - op->gap);
        if (OMPI_SUCCESS == op->rc) {
            op->rc = rc;
        }
    }
    op->e0 += op->n;
    op->set ^= 1;
    op->n = call->count - op->e0 < chunk ? call->count - op->e0 : chunk;
    return op->e0 >= call->count;
}

void mca_coll_swing_shm_op_reset(mca_coll_swing_shm_op_t *op, int rc)
{
    op->stage = 0;
    op->rc = rc;
    op->failed = (OMPI_SUCCESS != rc);
    op->e0 = op->n = op->set = op->done = 0;
    op->seq = 0;
    op->marked = 0;
}

void mca_coll_swing_shm_op_net_call(const mca_coll_swing_shm_op_t *op, mca_coll_swing_call_t *sub)
{
    const mca_coll_swing_call_t *call = &op->call;

    *sub = *call;
    sub->sbuf = NULL;
    sub->rbuf = op->net_buf;
    sub->count = op->net_n;
    sub->bytes = op->net_n * (call->bytes / (call->count ? call->count : 1));
    sub->plan = op->net_plan;
    sub->error = op->rc;
}

int mca_coll_swing_shm_op_run(mca_coll_swing_shm_op_t *op)
{
    mca_coll_swing_shm_op_begin(op);
    for (;;) {
        int rc, wait = op->next(op);
        mca_coll_swing_call_t sub;

        if (SWING_SHM_OP_DONE == wait) {
            return mca_coll_swing_shm_op_end(op);
        }
        if (SWING_SHM_OP_PHASE == wait) {
            mca_coll_swing_shm_phase_wait(op->s, op->phase);
            continue;
        }
        mca_coll_swing_shm_op_net_call(op, &sub);
        /* its scratch was agreed before the call (hier/coll_swing_hier.c) */
        rc = mca_coll_swing_exec_steps(&sub, op->module);
        /* a failed net step still takes part in the node phases, or the node hangs */
        if (OMPI_SUCCESS == op->rc) {
            op->rc = rc;
        }
    }
}
