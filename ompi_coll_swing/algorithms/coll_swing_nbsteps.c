/*
 * A step list run by the nonblocking engine (coll_swing_nb.h): the same
 * swt_step_t lists, buffers and reductions as the blocking executor
 * (coll_swing_steps.c), as a state machine that never waits.
 *
 * Each step is a send range and a receive range, each cut in segments with
 * at most two in flight; a received segment of a reduce-scatter or fold
 * step is reduced into the running partial (acc) as soon as it is in,
 * while the next one arrives. An LO step combines the whole vectors once
 * both messages are done. The operands meet in the same order as in the
 * blocking executor, so the result is bit-identical to MPI_Allreduce's.
 *
 *   FOLD_SEND / UNFOLD_SEND  send acc whole
 *   UNFOLD_RECV              receive acc whole
 *   FOLD_RECV                receive into tmp, reduce into acc
 *   LO                       send acc (step 0: the send buffer), receive
 *                            tmp; then combine, swapping acc and tmp
 *   RS                       send the peer's range of acc, receive mine
 *                            into tmp in segments, reduce each into acc
 *   AG                       send my range of acc, receive the peer's into acc
 *
 * Example, p = 4 ring, Swing BO, rank 0 with segments of half a block:
 * start posts RS s=0 (send [2,4) in two segments, receive [0,2) in two)
 * and returns; progress reduces each received half of [0,2) as it lands,
 * then posts RS s=1, AG s=1, AG s=0, one step after the other; the
 * request completes when AG s=0's messages are done.
 *
 * Memory: the request's own scratch of one message (span of count
 * elements), kept with the request when it goes idle, so a persistent
 * request or a repeated call allocates nothing.
 */
#include "coll_swing_nb.h"
#include "coll_swing_kernel.h"
#include "coll_swing_p2p.h"

#include <limits.h>

static char *swing_nb_at(char *base, const mca_coll_swing_call_t *call, size_t elem)
{
    return base + (ptrdiff_t) elem * call->extent;
}

static void swing_nb_dir(mca_coll_swing_nbdir_t *d, char *buf, size_t n, size_t seg,
                         char *reduce)
{
    d->buf = buf;
    d->reduce = reduce;
    d->n = n;
    d->seg = seg ? seg : 1;
    d->nseg = (n + d->seg - 1) / d->seg;
    d->posted = d->done = 0;
    d->req[0] = d->req[1] = MPI_REQUEST_NULL;
}

/* The first step of a call not in place reads the send buffer (coll_swing_steps.c). */
static int swing_nb_direct(const mca_coll_swing_call_t *call, const swt_step_t *st)
{
    return NULL != call->sbuf && SWT_OP_LO == st->op && ompi_op_is_intrinsic(call->op)
           && call->count <= INT_MAX;
}

/* Sets up the two directions of the current step. */
static void swing_nb_step_begin(mca_coll_swing_nbreq_t *req)
{
    const mca_coll_swing_call_t *call = &req->call;
    const swt_step_t *st = &call->plan->steps[req->step];
    size_t n = call->count, s0 = 0, sn = 0, r0 = 0, rn = 0, seg;

    swing_nb_dir(&req->send, NULL, 0, 1, NULL);
    swing_nb_dir(&req->recv, NULL, 0, 1, NULL);
    switch (st->op) {
    case SWT_OP_FOLD_SEND:
    case SWT_OP_UNFOLD_SEND:
        swing_nb_dir(&req->send, req->acc, n, n, NULL);
        break;
    case SWT_OP_UNFOLD_RECV:
        swing_nb_dir(&req->recv, req->acc, n, n, NULL);
        break;
    case SWT_OP_FOLD_RECV:
        /* acc = extra's vector (left) op mine */
        swing_nb_dir(&req->recv, req->tmp, n, n, req->acc);
        break;
    case SWT_OP_LO:
        swing_nb_dir(&req->send, (0 == req->step && req->direct) ? (char *) call->sbuf : req->acc,
                     n, n, NULL);
        swing_nb_dir(&req->recv, req->tmp, n, n, NULL);
        break;
    case SWT_OP_RS:
    case SWT_OP_AG:
        swt_block_elems(n, call->plan->nblocks, st->send_lo, st->send_n, &s0, &sn);
        swt_block_elems(n, call->plan->nblocks, st->recv_lo, st->recv_n, &r0, &rn);
        if (SWT_OP_AG == st->op) {
            swing_nb_dir(&req->send, swing_nb_at(req->acc, call, s0), sn, sn, NULL);
            swing_nb_dir(&req->recv, swing_nb_at(req->acc, call, r0), rn, rn, NULL);
            break;
        }
        /* both partners cut their ranges alike: every send meets a receive of its size */
        seg = mca_coll_swing_segment_elems(call, sn > rn ? sn : rn);
        /* acc[range] = peer's partial (left) op mine, segment by segment */
        swing_nb_dir(&req->send, swing_nb_at(req->acc, call, s0), sn, seg, NULL);
        swing_nb_dir(&req->recv, swing_nb_at(req->tmp, call, r0), rn, seg,
                     swing_nb_at(req->acc, call, r0));
        break;
    }
}

/* LO's combination once both messages are done (coll_swing_steps.c, swing_step_lo). */
static void swing_nb_lo_combine(mca_coll_swing_nbreq_t *req, const swt_step_t *st)
{
    const mca_coll_swing_call_t *call = &req->call;

    if (0 == req->step && req->direct) {
        char *mine = (char *) call->sbuf;
        mca_coll_swing_reduce_to(call->op, call->dtype, st->left ? mine : req->tmp,
                                 st->left ? req->tmp : mine, req->acc, call->count);
    } else if (st->left) {
        char *t = req->acc;
        /* tmp = acc (mine, left) op tmp (peer's) */
        mca_coll_swing_reduce_into(call->op, call->dtype, req->acc, req->tmp, call->count);
        req->acc = req->tmp;
        req->tmp = t;
    } else {
        /* acc = tmp (peer's, left) op acc (mine) */
        mca_coll_swing_reduce_into(call->op, call->dtype, req->tmp, req->acc, call->count);
    }
}

/*
 * Posts what the window allows and reaps what completed, reducing received
 * segments. Returns an Open MPI code; *moved counts what happened.
 */
static int swing_nb_dir_run(mca_coll_swing_nbreq_t *req, mca_coll_swing_nbdir_t *d,
                            int is_send, int peer, int *moved)
{
    const mca_coll_swing_call_t *call = &req->call;
    int rc = OMPI_SUCCESS;

    for (;;) {
        while (OMPI_SUCCESS == rc && d->posted < d->nseg && d->posted - d->done < 2) {
            char *at = swing_nb_at(d->buf, call, d->posted * d->seg);
            size_t len = mca_coll_swing_seg_len(d->n, d->seg, d->posted);
            ompi_request_t **slot = &d->req[d->posted % 2];
            rc = is_send ? mca_coll_swing_p2p_isend(call, at, len, peer, slot)
                         : mca_coll_swing_p2p_irecv(call, at, len, peer, slot);
            d->posted += (OMPI_SUCCESS == rc);
        }
        if (OMPI_SUCCESS != rc || d->done == d->posted
            || !REQUEST_COMPLETE(d->req[d->done % 2])) {
            return rc;
        }
        rc = d->req[d->done % 2]->req_status.MPI_ERROR;
        ompi_request_free(&d->req[d->done % 2]);
        if (OMPI_SUCCESS == rc && NULL != d->reduce) {
            size_t off = d->done * d->seg;
            mca_coll_swing_reduce_into(call->op, call->dtype, swing_nb_at(d->buf, call, off),
                                       swing_nb_at(d->reduce, call, off),
                                       mca_coll_swing_seg_len(d->n, d->seg, d->done));
        }
        d->done++;
        (*moved)++;
    }
}

/* After an error: what is still posted is left to finish on its own. */
static void swing_nb_abandon(mca_coll_swing_nbdir_t *d)
{
    for (int i = 0; i < 2; ++i) {
        if (MPI_REQUEST_NULL != d->req[i]) {
            ompi_request_free(&d->req[i]);
        }
    }
}

static int swing_nb_advance(mca_coll_swing_nbreq_t *req)
{
    const mca_coll_swing_call_t *call = &req->call;
    const mca_coll_swing_plan_t *plan = call->plan;
    int moved = 1;

    while (moved && req->step < plan->nsteps) {
        const swt_step_t *st = &plan->steps[req->step];
        int rc;

        moved = 0;
        rc = swing_nb_dir_run(req, &req->recv, 0, (int) st->peer, &moved);
        if (OMPI_SUCCESS == rc) {
            rc = swing_nb_dir_run(req, &req->send, 1, (int) st->peer, &moved);
        }
        if (OMPI_SUCCESS != rc) {
            swing_nb_abandon(&req->recv);
            swing_nb_abandon(&req->send);
            req->rc = rc;
            return 1;
        }
        if (req->send.done < req->send.nseg || req->recv.done < req->recv.nseg) {
            return 0;
        }
        if (SWT_OP_LO == st->op) {
            swing_nb_lo_combine(req, st);
        }
        if (++req->step < plan->nsteps) {
            swing_nb_step_begin(req);
            moved = 1;
        }
    }
    if (req->acc != call->rbuf) {
        req->rc = ompi_datatype_copy_content_same_ddt(call->dtype, call->count, call->rbuf,
                                                      req->acc);
    }
    return 1;
}

/* Every start: the user's buffers as they are now, the first step set up. */
static int swing_nb_restart(mca_coll_swing_nbreq_t *req)
{
    const mca_coll_swing_call_t *call = &req->call;
    const mca_coll_swing_plan_t *plan = call->plan;
    ptrdiff_t gap = 0;

    (void) opal_datatype_span(&call->dtype->super, call->count, &gap);
    req->rc = OMPI_SUCCESS;
    req->step = 0;
    req->acc = call->rbuf;
    req->tmp = req->scratch - gap;
    req->direct = plan->nsteps > 0 && swing_nb_direct(call, &plan->steps[0]);
    if (0 == call->count) {
        req->step = plan->nsteps;
        return 0;
    }
    if (NULL != call->sbuf && !req->direct) {
        req->rc = ompi_datatype_copy_content_same_ddt(call->dtype, call->count, call->rbuf,
                                                      (char *) call->sbuf);
    }
    if (OMPI_SUCCESS != req->rc) {
        req->step = plan->nsteps;
    } else if (plan->nsteps > 0) {
        swing_nb_step_begin(req);
    }
    return 0;
}

void mca_coll_swing_nb_steps_set(mca_coll_swing_nbreq_t *req)
{
    req->advance = swing_nb_advance;
    req->restart = swing_nb_restart;
}

int mca_coll_swing_exec_nb_steps(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    ptrdiff_t gap = 0;
    size_t span = opal_datatype_span(&call->dtype->super, call->count, &gap);
    mca_coll_swing_nbreq_t *req = NULL;
    int rc;

    call->tag = mca_coll_swing_p2p_nb_tag(m, call->persistent);
    rc = mca_coll_swing_nbreq_get(m, call, span, &req);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    mca_coll_swing_nb_steps_set(req);
    if (!call->persistent) {
        swing_nb_restart(req);
        rc = mca_coll_swing_nbreq_start(req);
        if (OMPI_SUCCESS != rc) {
            mca_coll_swing_nbreq_discard(req);
            return rc;
        }
    }
    *call->request = &req->super.super;
    return OMPI_SUCCESS;
}
