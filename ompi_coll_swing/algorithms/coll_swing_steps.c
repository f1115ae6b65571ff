/*
 * Executor of a step list (topology/swt_sched.c builds them), single-port
 * or in parts: a multiport or ring plan splits the vector into contiguous
 * parts (swt_part_elems), each with a step list of its own, and step i of
 * every part goes out together, so the parts' messages use different
 * links at once.
 *
 * Data live in two buffers: acc, the running partial (initially the
 * receive buffer holding this rank's contribution) and tmp, scratch of one
 * message that the module keeps across calls. A part works on its slice
 * of both.
 *
 *   FOLD_SEND / UNFOLD_RECV  extra rank: hand over acc, later get the result
 *   FOLD_RECV / UNFOLD_SEND  survivor: reduce the extra's vector, later send
 *                            it the result
 *   LO  exchange acc whole; combine with the operand whose group has the
 *       lower block range on the left, so every rank rounds alike. The
 *       result lands in tmp or acc; the two swap instead of copying.
 *   RS  send a block range to peer, receive mine from `from` (the same
 *       rank, except in a ring) into tmp in segments and reduce each
 *       segment while the next one arrives.
 *   AG  send my reduced range to peer, receive from `from` straight into acc.
 *
 * A step posts every part's messages in part order (the order the library
 * prescribes, so two messages between one pair of ranks in one step match
 * in part order under one tag), then completes them: the RS segments of
 * all parts advance in lockstep, segment i of every part before i+1.
 *
 * Memory: one message of scratch (span of count elements), no allocation
 * once the module has seen the largest message.
 *
 * Example, p = 4 ring, Swing BO, rank 0 (blocks: R(0,1) = {0,1} -> [0,2)):
 *   RS s=0 with 1: send blocks [2,4), receive [0,2) and reduce
 *   RS s=1 with 3: send block 1, receive block 0 and reduce
 *   AG s=1 with 3: send block 0, receive block 1
 *   AG s=0 with 1: send [0,2), receive [2,4)
 * Multiport Swing BO on a 4x4 torus: 4 parts of n/4; at step 0 part 0
 * exchanges along dimension 0 in the + direction, part 1 along dimension
 * 1, parts 2 and 3 the same dimensions mirrored (- direction).
 */
#include "coll_swing_algs.h"
#include "coll_swing_kernel.h"
#include "coll_swing_p2p.h"

#include <limits.h>
#include <string.h>

/* Parts a plan may have: 2 per dimension of the torus. */
#define SWING_MAX_PARTS (2 * SWT_MAX_DIMS)

/* One part of a call: its slice, its step list, its requests of the step. */
typedef struct swing_part_t {
    mca_coll_swing_call_t call;          /* count, sbuf, rbuf of the slice */
    const mca_coll_swing_plan_t *plan;
    char *acc;                           /* running partial of the slice */
    char *tmp;                           /* scratch of the slice */
    ompi_request_t *req[2];              /* receive, send of a whole step */
    /* RS pipeline of the step */
    size_t s0, sn, r0, rn, seg, nseg_s, nseg_r;
    ompi_request_t *rreq[2], *sreq[2];
} swing_part_t;

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

/*
 * The first LO step of a call that is not in place reads the send buffer
 * and writes the receive buffer directly (3-buffer reduction), saving the
 * copy in and, at p = 2, the copy out. Both partners evaluate the same
 * expression as a later LO step, f(right, left) (coll_swing_kernel.h).
 * Intrinsic ops only: Open MPI's 3-buffer path for user ops does not follow
 * the same operand order.
 */
static int swing_lo_direct(const mca_coll_swing_call_t *call, const swing_part_t *pts, int np)
{
    if (NULL == call->sbuf || !ompi_op_is_intrinsic(call->op) || call->count > INT_MAX) {
        return 0;
    }
    for (int j = 0; j < np; ++j) {
        if (SWT_OP_LO != pts[j].plan->steps[0].op) {
            return 0;
        }
    }
    return 1;
}

/* Posts a part's whole-step messages (every op but RS). */
static int swing_post(swing_part_t *pt, const swt_step_t *st, int direct)
{
    const mca_coll_swing_call_t *c = &pt->call;
    size_t s0, sn, r0, rn;
    int rc = OMPI_SUCCESS;

    switch (st->op) {
    case SWT_OP_FOLD_SEND:
    case SWT_OP_UNFOLD_SEND:
        return mca_coll_swing_p2p_isend(c, pt->acc, c->count, (int) st->peer, &pt->req[1]);
    case SWT_OP_UNFOLD_RECV:
        return mca_coll_swing_p2p_irecv(c, pt->acc, c->count, (int) st->from, &pt->req[0]);
    case SWT_OP_FOLD_RECV:
        return mca_coll_swing_p2p_irecv(c, pt->tmp, c->count, (int) st->from, &pt->req[0]);
    case SWT_OP_LO:
        rc = mca_coll_swing_p2p_irecv(c, pt->tmp, c->count, (int) st->from, &pt->req[0]);
        if (OMPI_SUCCESS == rc) {
            rc = mca_coll_swing_p2p_isend(c, direct ? c->sbuf : pt->acc, c->count,
                                          (int) st->peer, &pt->req[1]);
        }
        return rc;
    case SWT_OP_AG:
        swt_block_elems(c->count, pt->plan->nblocks, st->send_lo, st->send_n, &s0, &sn);
        swt_block_elems(c->count, pt->plan->nblocks, st->recv_lo, st->recv_n, &r0, &rn);
        rc = mca_coll_swing_p2p_irecv(c, swing_at(pt->acc, c, r0), rn, (int) st->from,
                                      &pt->req[0]);
        if (OMPI_SUCCESS == rc) {
            rc = mca_coll_swing_p2p_isend(c, swing_at(pt->acc, c, s0), sn, (int) st->peer,
                                          &pt->req[1]);
        }
        return rc;
    case SWT_OP_RS:
        break;
    }
    return OMPI_ERR_BAD_PARAM;
}

/* After a part's whole-step messages arrived: the reduction they call for. */
static void swing_finish(swing_part_t *pt, const swt_step_t *st, int direct)
{
    const mca_coll_swing_call_t *c = &pt->call;

    if (SWT_OP_FOLD_RECV == st->op) {
        /* acc = extra's vector (left) op mine */
        mca_coll_swing_reduce_into(c->op, c->dtype, pt->tmp, pt->acc, c->count);
    } else if (SWT_OP_LO == st->op && direct) {
        char *mine = (char *) c->sbuf;
        mca_coll_swing_reduce_to(c->op, c->dtype, st->left ? mine : pt->tmp,
                                 st->left ? pt->tmp : mine, pt->acc, c->count);
    } else if (SWT_OP_LO == st->op && st->left) {
        char *t = pt->acc;
        /* tmp = acc (mine, left) op tmp (peer's) */
        mca_coll_swing_reduce_into(c->op, c->dtype, pt->acc, pt->tmp, c->count);
        pt->acc = pt->tmp;
        pt->tmp = t;
    } else if (SWT_OP_LO == st->op) {
        /* acc = tmp (peer's, left) op acc (mine) */
        mca_coll_swing_reduce_into(c->op, c->dtype, pt->tmp, pt->acc, c->count);
    }
}

/* RS: the ranges and segments of a part's step, and its first receive. */
static int swing_rs_start(swing_part_t *pt, const swt_step_t *st)
{
    const mca_coll_swing_call_t *c = &pt->call;

    swt_block_elems(c->count, pt->plan->nblocks, st->send_lo, st->send_n, &pt->s0, &pt->sn);
    swt_block_elems(c->count, pt->plan->nblocks, st->recv_lo, st->recv_n, &pt->r0, &pt->rn);
    pt->seg = mca_coll_swing_segment_elems(c, pt->sn > pt->rn ? pt->sn : pt->rn);
    pt->nseg_s = (pt->sn + pt->seg - 1) / pt->seg;
    pt->nseg_r = (pt->rn + pt->seg - 1) / pt->seg;
    if (0 == pt->nseg_r) {
        return OMPI_SUCCESS;
    }
    return mca_coll_swing_p2p_irecv(c, swing_at(pt->tmp, c, pt->r0),
                                    mca_coll_swing_seg_len(pt->rn, pt->seg, 0), (int) st->from,
                                    &pt->rreq[0]);
}

/*
 * RS, segment i of a part: post the receive of i+1 and the send of i
 * (after the send of i-2 left its slot), so segment i is reduced while
 * i+1 arrives. Both sides cut their ranges the same way from the range
 * start, so every send matches a receive of the same size.
 */
static int swing_rs_post(swing_part_t *pt, const swt_step_t *st, size_t i)
{
    const mca_coll_swing_call_t *c = &pt->call;
    int slot = (int) (i % 2), rc = OMPI_SUCCESS;

    if (i + 1 < pt->nseg_r) {
        rc = mca_coll_swing_p2p_irecv(c, swing_at(pt->tmp, c, pt->r0 + (i + 1) * pt->seg),
                                      mca_coll_swing_seg_len(pt->rn, pt->seg, i + 1), (int) st->from,
                                      &pt->rreq[1 - slot]);
    }
    if (OMPI_SUCCESS == rc && i < pt->nseg_s) {
        rc = mca_coll_swing_p2p_finish(&pt->sreq[slot], 0);
        if (OMPI_SUCCESS == rc) {
            rc = mca_coll_swing_p2p_isend(c, swing_at(pt->acc, c, pt->s0 + i * pt->seg),
                                          mca_coll_swing_seg_len(pt->sn, pt->seg, i), (int) st->peer,
                                          &pt->sreq[slot]);
        }
    }
    return rc;
}

/* RS, segment i of a part arrived: acc[range] = peer's partial (left) op mine. */
static int swing_rs_reduce(swing_part_t *pt, size_t i)
{
    const mca_coll_swing_call_t *c = &pt->call;
    int rc;

    if (i >= pt->nseg_r) {
        return OMPI_SUCCESS;
    }
    rc = mca_coll_swing_p2p_finish(&pt->rreq[i % 2], 0);
    if (OMPI_SUCCESS == rc) {
        mca_coll_swing_reduce_into(c->op, c->dtype, swing_at(pt->tmp, c, pt->r0 + i * pt->seg),
                                   swing_at(pt->acc, c, pt->r0 + i * pt->seg),
                                   mca_coll_swing_seg_len(pt->rn, pt->seg, i));
    }
    return rc;
}

/* Completes whatever a part still has posted (receives cancelled after an
   error); returns the first error. */
static int swing_drain(swing_part_t *pt, int rc)
{
    ompi_request_t **recvs[3] = {&pt->req[0], &pt->rreq[0], &pt->rreq[1]};
    ompi_request_t **sends[3] = {&pt->req[1], &pt->sreq[0], &pt->sreq[1]};

    for (int k = 0; k < 3; ++k) {
        int src = mca_coll_swing_p2p_finish(recvs[k], OMPI_SUCCESS != rc);
        rc = (OMPI_SUCCESS == rc) ? src : rc;
    }
    for (int k = 0; k < 3; ++k) {
        int src = mca_coll_swing_p2p_finish(sends[k], 0);
        rc = (OMPI_SUCCESS == rc) ? src : rc;
    }
    return rc;
}

/* Step i of every part: post all, then complete all. */
static int swing_step(swing_part_t *pts, int np, int i, int direct)
{
    size_t nseg = 0;
    int rc = OMPI_SUCCESS;

    for (int j = 1; j < np; ++j) {
        if (pts[j].plan->steps[i].op != pts[0].plan->steps[i].op) {
            /* the library gives every part the same ops; if not, the parts'
               messages could match out of order: one part after another */
            for (int k = 0; k < np && OMPI_SUCCESS == rc; ++k) {
                rc = swing_step(&pts[k], 1, i, direct);
            }
            return rc;
        }
    }
    for (int j = 0; j < np && OMPI_SUCCESS == rc; ++j) {
        const swt_step_t *st = &pts[j].plan->steps[i];
        if (SWT_OP_RS == st->op) {
            rc = swing_rs_start(&pts[j], st);
            nseg = pts[j].nseg_s > nseg ? pts[j].nseg_s : nseg;
            nseg = pts[j].nseg_r > nseg ? pts[j].nseg_r : nseg;
        } else {
            rc = swing_post(&pts[j], st, direct);
        }
    }
    for (size_t s = 0; s < nseg && OMPI_SUCCESS == rc; ++s) {
        for (int j = 0; j < np && OMPI_SUCCESS == rc; ++j) {
            if (SWT_OP_RS == pts[j].plan->steps[i].op) {
                rc = swing_rs_post(&pts[j], &pts[j].plan->steps[i], s);
            }
        }
        for (int j = 0; j < np && OMPI_SUCCESS == rc; ++j) {
            if (SWT_OP_RS == pts[j].plan->steps[i].op) {
                rc = swing_rs_reduce(&pts[j], s);
            }
        }
    }
    for (int j = 0; j < np; ++j) {
        int was_ok = (OMPI_SUCCESS == rc);
        rc = swing_drain(&pts[j], rc);
        if (was_ok && OMPI_SUCCESS == rc && SWT_OP_RS != pts[j].plan->steps[i].op) {
            swing_finish(&pts[j], &pts[j].plan->steps[i], direct);
        }
    }
    return rc;
}

/* The non-empty parts of the call, each on its slice of rbuf and scratch. */
static int swing_parts(const mca_coll_swing_call_t *call, char *tmp, swing_part_t *pts)
{
    const mca_coll_swing_plan_t *plan = call->plan;
    int np = 0;

    for (int j = 0; j < plan->nparts && j < SWING_MAX_PARTS; ++j) {
        swing_part_t *pt = &pts[np];
        size_t first, n;
        swt_part_elems(call->count, plan->nparts, j, &first, &n);
        if (0 == n) {
            continue;   /* empty on every rank alike */
        }
        memset(pt, 0, sizeof(*pt));
        pt->call = *call;
        pt->call.count = n;
        pt->call.sbuf = (NULL != call->sbuf) ? call->sbuf + (ptrdiff_t) first * call->extent
                                             : NULL;
        pt->call.rbuf = swing_at(call->rbuf, call, first);
        pt->plan = mca_coll_swing_plan_part(plan, j);
        pt->acc = pt->call.rbuf;
        pt->tmp = swing_at(tmp, call, first);
        for (int k = 0; k < 2; ++k) {
            pt->req[k] = pt->rreq[k] = pt->sreq[k] = MPI_REQUEST_NULL;
        }
        ++np;
    }
    return np;
}

int mca_coll_swing_exec_steps(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    swing_part_t pts[SWING_MAX_PARTS];
    ptrdiff_t gap = 0;
    size_t span = opal_datatype_span(&call->dtype->super, call->count, &gap);
    char *scratch;
    int rc, np, nsteps, first = 0;

    if (call->plan->nparts < 1 || call->plan->nparts > SWING_MAX_PARTS) {
        return OMPI_ERR_BAD_PARAM;
    }
    rc = swing_scratch(m, span, &scratch);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    np = swing_parts(call, scratch - gap, pts);
    nsteps = (np > 0) ? pts[0].plan->nsteps : 0;
    if (nsteps > 0 && swing_lo_direct(call, pts, np)) {
        rc = swing_step(pts, np, 0, 1);
        first = 1;
    } else if (NULL != call->sbuf) {
        rc = ompi_datatype_copy_content_same_ddt(call->dtype, call->count, call->rbuf,
                                                 (char *) call->sbuf);
    }
    for (int i = first; i < nsteps && OMPI_SUCCESS == rc; ++i) {
        rc = swing_step(pts, np, i, 0);
    }
    for (int j = 0; j < np && OMPI_SUCCESS == rc; ++j) {
        if (pts[j].acc != pts[j].call.rbuf) {
            rc = ompi_datatype_copy_content_same_ddt(call->dtype, pts[j].call.count,
                                                     pts[j].call.rbuf, pts[j].acc);
        }
    }
    return rc;
}
