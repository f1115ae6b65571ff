/*
 * Executor of a step list (topology/swt_sched.c builds them).
 *
 * Data live in two buffers: acc, the running partial (initially the
 * receive buffer holding this rank's contribution) and tmp, scratch of one
 * message that the module keeps across calls.
 *
 *   FOLD_SEND / UNFOLD_RECV  extra rank: hand over acc, later get the result
 *   FOLD_RECV / UNFOLD_SEND  survivor: reduce the extra's vector, later send
 *                            it the result
 *   LO  exchange acc whole; combine with the operand whose group has the
 *       lower block range on the left, so every rank rounds alike. The
 *       result lands in tmp or acc; the two swap instead of copying.
 *   RS  send the peer's half of my block range, receive mine into tmp in
 *       segments and reduce each segment while the next one arrives.
 *   AG  send my reduced range, receive the peer's straight into acc.
 *
 * Memory: one message of scratch (span of count elements), no allocation
 * once the module has seen the largest message.
 *
 * Example, p = 4 ring, Swing BO, rank 0 (blocks: R(0,1) = {0,1} -> [0,2)):
 *   RS s=0 with 1: send blocks [2,4), receive [0,2) and reduce
 *   RS s=1 with 3: send block 1, receive block 0 and reduce
 *   AG s=1 with 3: send block 0, receive block 1
 *   AG s=0 with 1: send [0,2), receive [2,4)
 */
#include "coll_swing_algs.h"
#include "coll_swing_kernel.h"
#include "coll_swing_p2p.h"

#include <limits.h>

typedef struct swing_bufs_t {
    char *acc;
    char *tmp;
} swing_bufs_t;

static int swing_scratch(mca_coll_swing_module_t *m, size_t bytes, char **buf)
{
    int rc = mca_coll_swing_grow(&m->scratch, &m->scratch_size, bytes);

    *buf = m->scratch;
    return rc;
}

static char *swing_at(char *base, const mca_coll_swing_call_t *call, size_t elem)
{
    return base + (ptrdiff_t) elem * call->extent;
}

static int swing_step_lo(const mca_coll_swing_call_t *call, const swt_step_t *st,
                         swing_bufs_t *b)
{
    int rc = mca_coll_swing_p2p_sendrecv(call, b->acc, call->count, b->tmp, call->count, (int) st->peer);

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    if (st->left) {
        char *t = b->acc;
        /* tmp = acc (mine, left) op tmp (peer's) */
        mca_coll_swing_reduce_into(call->op, call->dtype, b->acc, b->tmp, call->count);
        b->acc = b->tmp;
        b->tmp = t;
    } else {
        /* acc = tmp (peer's, left) op acc (mine) */
        mca_coll_swing_reduce_into(call->op, call->dtype, b->tmp, b->acc, call->count);
    }
    return OMPI_SUCCESS;
}

/*
 * The first LO step of a call that is not in place reads the send buffer
 * and writes the receive buffer directly (3-buffer reduction), saving the
 * copy in and, at p = 2, the copy out. Both partners evaluate the same
 * expression as swing_step_lo, f(right, left) (coll_swing_kernel.h).
 * Intrinsic ops only: Open MPI's 3-buffer path for user ops does not follow
 * the same operand order.
 */
static int swing_lo_direct(const mca_coll_swing_call_t *call, const swt_step_t *st)
{
    return NULL != call->sbuf && SWT_OP_LO == st->op && ompi_op_is_intrinsic(call->op)
           && call->count <= INT_MAX;
}

static int swing_step_lo_first(const mca_coll_swing_call_t *call, const swt_step_t *st,
                               swing_bufs_t *b)
{
    char *mine = (char *) call->sbuf;
    int rc = mca_coll_swing_p2p_sendrecv(call, mine, call->count, b->tmp, call->count, (int) st->peer);

    if (OMPI_SUCCESS == rc) {
        mca_coll_swing_reduce_to(call->op, call->dtype, st->left ? mine : b->tmp,
                                 st->left ? b->tmp : mine, b->acc, call->count);
    }
    return rc;
}

static int swing_step_rs(const mca_coll_swing_call_t *call, const swt_step_t *st,
                         swing_bufs_t *b, long nblocks)
{
    size_t s0, sn, r0, rn;

    swt_block_elems(call->count, nblocks, st->send_lo, st->send_n, &s0, &sn);
    swt_block_elems(call->count, nblocks, st->recv_lo, st->recv_n, &r0, &rn);
    return mca_coll_swing_p2p_exchange_reduce(call, swing_at(b->acc, call, s0), sn,
                                              swing_at(b->tmp, call, r0),
                                              swing_at(b->acc, call, r0), rn, (int) st->peer);
}

static int swing_step_ag(const mca_coll_swing_call_t *call, const swt_step_t *st,
                         swing_bufs_t *b, long nblocks)
{
    size_t s0, sn, r0, rn;

    swt_block_elems(call->count, nblocks, st->send_lo, st->send_n, &s0, &sn);
    swt_block_elems(call->count, nblocks, st->recv_lo, st->recv_n, &r0, &rn);
    return mca_coll_swing_p2p_sendrecv(call, swing_at(b->acc, call, s0), sn,
                          swing_at(b->acc, call, r0), rn, (int) st->peer);
}

static int swing_step(const mca_coll_swing_call_t *call, const swt_step_t *st,
                      swing_bufs_t *b)
{
    int peer = (int) st->peer;

    switch (st->op) {
    case SWT_OP_FOLD_SEND:
    case SWT_OP_UNFOLD_SEND:
        return mca_coll_swing_p2p_send(call, b->acc, call->count, peer);
    case SWT_OP_UNFOLD_RECV:
        return mca_coll_swing_p2p_recv(call, b->acc, call->count, peer);
    case SWT_OP_FOLD_RECV: {
        int rc = mca_coll_swing_p2p_recv(call, b->tmp, call->count, peer);
        if (OMPI_SUCCESS == rc) {
            /* acc = extra's vector (left) op mine */
            mca_coll_swing_reduce_into(call->op, call->dtype, b->tmp, b->acc, call->count);
        }
        return rc;
    }
    case SWT_OP_LO:
        return swing_step_lo(call, st, b);
    case SWT_OP_RS:
        return swing_step_rs(call, st, b, call->plan->nblocks);
    case SWT_OP_AG:
        return swing_step_ag(call, st, b, call->plan->nblocks);
    }
    return OMPI_ERR_BAD_PARAM;
}

int mca_coll_swing_exec_steps(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_plan_t *plan = call->plan;
    ptrdiff_t gap = 0;
    size_t span = opal_datatype_span(&call->dtype->super, call->count, &gap);
    swing_bufs_t b;
    char *scratch;
    int rc, first = 0;

    rc = swing_scratch(m, span, &scratch);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    b.acc = call->rbuf;
    b.tmp = scratch - gap;
    if (plan->nsteps > 0 && swing_lo_direct(call, &plan->steps[0])) {
        rc = swing_step_lo_first(call, &plan->steps[0], &b);
        first = 1;
    } else if (NULL != call->sbuf) {
        rc = ompi_datatype_copy_content_same_ddt(call->dtype, call->count, call->rbuf,
                                                 (char *) call->sbuf);
    }
    for (int i = first; i < plan->nsteps && OMPI_SUCCESS == rc; ++i) {
        rc = swing_step(call, &plan->steps[i], &b);
    }
    if (OMPI_SUCCESS == rc && b.acc != call->rbuf) {
        rc = ompi_datatype_copy_content_same_ddt(call->dtype, call->count, call->rbuf,
                                                 b.acc);
    }
    return rc;
}
