/*
 * A step list run by the nonblocking engine (coll_swing_nb.h): the same
 * swt_step_t lists, buffers and reductions as the blocking executor
 * (coll_swing_steps.c), as a state machine that never waits.
 *
 * A multiport or ring plan has parts, each a step list over its slice of
 * the vector (swt_part_elems); here every non-empty part is a state
 * machine of its own (mca_coll_swing_nbpart_t) with its own tag, so its
 * messages can never match another part's receives. The parts advance in
 * lockstep, as in the blocking executor: step i + 1 of any part starts
 * once every part has finished step i (swing_nb_advance says why). The
 * request completes when every part has done its last step. A
 * single-port plan is its only part.
 *
 * Each step of a part is a send range (to peer) and a receive range (from
 * `from`, a ring's other neighbour), each cut in segments with at most two
 * in flight; a received segment of a reduce-scatter or fold step is
 * reduced into the running partial (acc) as soon as it is in, while the
 * next one arrives. An LO step combines the whole slices once both
 * messages are done. The operands meet in the same order as in the
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
 * request completes when AG s=0's messages are done. Multiport Swing BO
 * on a 4x4 torus: 4 such machines on quarters of the vector, tags t..t+3.
 *
 * Memory: the request's own scratch, kept with the request when it goes
 * idle (a persistent request or a repeated call allocates nothing): the
 * parts' states, then one message (span of count elements), each part on
 * its slice at the offset its slice has in the receive buffer.
 */
#include "coll_swing_nb.h"
#include "coll_swing_kernel.h"
#include "coll_swing_p2p.h"

#include <limits.h>

/* Bytes of the parts' states at the head of the scratch (data stay aligned). */
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

/*
 * The first step of a call not in place reads the send buffer when every
 * part starts with LO (coll_swing_steps.c, swing_lo_direct).
 */
static int swing_nb_direct(const mca_coll_swing_nbreq_t *req)
{
    const mca_coll_swing_call_t *call = &req->call;

    if (NULL == call->sbuf || !ompi_op_is_intrinsic(call->op) || call->count > INT_MAX) {
        return 0;
    }
    for (int j = 0; j < req->nparts; ++j) {
        const mca_coll_swing_plan_t *plan = req->parts[j].plan;
        if (plan->nsteps < 1 || SWT_OP_LO != plan->steps[0].op) {
            return 0;
        }
    }
    return 1;
}

/* Sets up the two directions of a part's current step. */
static void swing_nb_step_begin(const mca_coll_swing_nbreq_t *req, mca_coll_swing_nbpart_t *pt)
{
    const mca_coll_swing_call_t *call = &pt->call;
    const swt_step_t *st = &pt->plan->steps[pt->step];
    size_t n = call->count, s0 = 0, sn = 0, r0 = 0, rn = 0, seg;

    swing_nb_dir(&pt->send, NULL, 0, 1, NULL);
    swing_nb_dir(&pt->recv, NULL, 0, 1, NULL);
    switch (st->op) {
    case SWT_OP_FOLD_SEND:
    case SWT_OP_UNFOLD_SEND:
        swing_nb_dir(&pt->send, pt->acc, n, n, NULL);
        break;
    case SWT_OP_UNFOLD_RECV:
        swing_nb_dir(&pt->recv, pt->acc, n, n, NULL);
        break;
    case SWT_OP_FOLD_RECV:
        /* acc = extra's vector (left) op mine */
        swing_nb_dir(&pt->recv, pt->tmp, n, n, pt->acc);
        break;
    case SWT_OP_LO:
        swing_nb_dir(&pt->send, (0 == pt->step && req->direct) ? (char *) call->sbuf : pt->acc,
                     n, n, NULL);
        swing_nb_dir(&pt->recv, pt->tmp, n, n, NULL);
        break;
    case SWT_OP_RS:
    case SWT_OP_AG:
        swt_block_elems(n, pt->plan->nblocks, st->send_lo, st->send_n, &s0, &sn);
        swt_block_elems(n, pt->plan->nblocks, st->recv_lo, st->recv_n, &r0, &rn);
        if (SWT_OP_AG == st->op) {
            swing_nb_dir(&pt->send, swing_nb_at(pt->acc, call, s0), sn, sn, NULL);
            swing_nb_dir(&pt->recv, swing_nb_at(pt->acc, call, r0), rn, rn, NULL);
            break;
        }
        /* both partners cut their ranges alike: every send meets a receive of its size */
        seg = mca_coll_swing_segment_elems(call, sn > rn ? sn : rn);
        /* acc[range] = peer's partial (left) op mine, segment by segment */
        swing_nb_dir(&pt->send, swing_nb_at(pt->acc, call, s0), sn, seg, NULL);
        swing_nb_dir(&pt->recv, swing_nb_at(pt->tmp, call, r0), rn, seg,
                     swing_nb_at(pt->acc, call, r0));
        break;
    }
}

/* LO's combination once both messages are done (coll_swing_steps.c, swing_finish). */
static void swing_nb_lo_combine(const mca_coll_swing_nbreq_t *req, mca_coll_swing_nbpart_t *pt,
                                const swt_step_t *st)
{
    const mca_coll_swing_call_t *call = &pt->call;

    if (0 == pt->step && req->direct) {
        char *mine = (char *) call->sbuf;
        mca_coll_swing_reduce_to(call->op, call->dtype, st->left ? mine : pt->tmp,
                                 st->left ? pt->tmp : mine, pt->acc, call->count);
    } else if (st->left) {
        char *t = pt->acc;
        /* tmp = acc (mine, left) op tmp (peer's) */
        mca_coll_swing_reduce_into(call->op, call->dtype, pt->acc, pt->tmp, call->count);
        pt->acc = pt->tmp;
        pt->tmp = t;
    } else {
        /* acc = tmp (peer's, left) op acc (mine) */
        mca_coll_swing_reduce_into(call->op, call->dtype, pt->tmp, pt->acc, call->count);
    }
}

/*
 * Posts what the window allows and reaps what completed, reducing received
 * segments. Returns an Open MPI code; *moved counts what happened.
 */
static int swing_nb_dir_run(const mca_coll_swing_call_t *call, mca_coll_swing_nbdir_t *d,
                            int is_send, int peer, int *moved)
{
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

/*
 * Runs a part's current step as far as it goes. Returns an Open MPI code;
 * *complete says whether the part has finished that step (or all steps).
 */
static int swing_nb_part_step(mca_coll_swing_nbpart_t *pt, int *complete)
{
    const swt_step_t *st;
    int moved = 0, rc;

    *complete = 1;
    if (pt->step >= pt->plan->nsteps) {
        return OMPI_SUCCESS;
    }
    st = &pt->plan->steps[pt->step];
    rc = swing_nb_dir_run(&pt->call, &pt->recv, 0, (int) st->from, &moved);
    if (OMPI_SUCCESS == rc) {
        rc = swing_nb_dir_run(&pt->call, &pt->send, 1, (int) st->peer, &moved);
    }
    *complete = (pt->send.done == pt->send.nseg && pt->recv.done == pt->recv.nseg);
    return rc;
}

/*
 * The parts advance in lockstep, as in the blocking call: step i + 1 of
 * any part starts once every part has finished step i. A multiport
 * schedule keeps its parts on different links step by step only; parts
 * running at different steps would share links (measured on torus:4x4:
 * 1.3-1.5x the blocking call's time when each part ran free).
 */
static int swing_nb_advance(mca_coll_swing_nbreq_t *req)
{
    const mca_coll_swing_call_t *call = &req->call;

    for (;;) {
        int all = 1, left = 0;

        for (int j = 0; j < req->nparts && OMPI_SUCCESS == req->rc; ++j) {
            int complete;
            req->rc = swing_nb_part_step(&req->parts[j], &complete);
            all &= complete;
        }
        if (OMPI_SUCCESS != req->rc) {
            for (int j = 0; j < req->nparts; ++j) {
                swing_nb_abandon(&req->parts[j].recv);
                swing_nb_abandon(&req->parts[j].send);
            }
            return 1;
        }
        if (!all) {
            return 0;
        }
        for (int j = 0; j < req->nparts; ++j) {
            mca_coll_swing_nbpart_t *pt = &req->parts[j];
            if (pt->step >= pt->plan->nsteps) {
                continue;
            }
            if (SWT_OP_LO == pt->plan->steps[pt->step].op) {
                swing_nb_lo_combine(req, pt, &pt->plan->steps[pt->step]);
            }
            if (++pt->step < pt->plan->nsteps) {
                swing_nb_step_begin(req, pt);
                left = 1;
            }
        }
        if (!left) {
            break;
        }
    }
    for (int j = 0; j < req->nparts && OMPI_SUCCESS == req->rc; ++j) {
        const mca_coll_swing_nbpart_t *pt = &req->parts[j];
        if (pt->acc != pt->call.rbuf) {
            req->rc = ompi_datatype_copy_content_same_ddt(call->dtype, pt->call.count,
                                                          pt->call.rbuf, pt->acc);
        }
    }
    return 1;
}

/* Every start: the user's buffers as they are now, every part at its first step. */
static int swing_nb_restart(mca_coll_swing_nbreq_t *req)
{
    const mca_coll_swing_call_t *call = &req->call;
    ptrdiff_t gap = 0;
    char *tmp;

    (void) opal_datatype_span(&call->dtype->super, call->count, &gap);
    tmp = req->scratch + MCA_COLL_SWING_NB_HEAD(call->plan->nparts) - gap;
    req->rc = OMPI_SUCCESS;
    req->direct = swing_nb_direct(req);
    if (NULL != call->sbuf && !req->direct && call->count > 0) {
        req->rc = ompi_datatype_copy_content_same_ddt(call->dtype, call->count, call->rbuf,
                                                      (char *) call->sbuf);
    }
    for (int j = 0; j < req->nparts; ++j) {
        mca_coll_swing_nbpart_t *pt = &req->parts[j];
        pt->acc = pt->call.rbuf;
        /* the slice's scratch sits where the slice sits in the receive buffer */
        pt->tmp = tmp + (pt->call.rbuf - call->rbuf);
        swing_nb_dir(&pt->send, NULL, 0, 1, NULL);
        swing_nb_dir(&pt->recv, NULL, 0, 1, NULL);
        pt->step = (OMPI_SUCCESS == req->rc) ? 0 : pt->plan->nsteps;
        if (pt->step < pt->plan->nsteps) {
            swing_nb_step_begin(req, pt);
        }
    }
    return 0;
}

/* The non-empty parts of the call, each on its slice with its tag. */
static int swing_nb_parts(mca_coll_swing_nbreq_t *req, const int *tags)
{
    const mca_coll_swing_call_t *call = &req->call;
    int np = 0;

    for (int j = 0; j < call->plan->nparts; ++j) {
        mca_coll_swing_nbpart_t *pt = &req->parts[np];
        size_t first, n;
        swt_part_elems(call->count, call->plan->nparts, j, &first, &n);
        if (0 == n) {
            continue;   /* empty on every rank alike */
        }
        pt->call = *call;
        pt->call.count = n;
        pt->call.sbuf = (NULL != call->sbuf) ? call->sbuf + (ptrdiff_t) first * call->extent
                                             : NULL;
        pt->call.rbuf = swing_nb_at(call->rbuf, call, first);
        pt->call.tag = tags[j];
        pt->plan = mca_coll_swing_plan_part(call->plan, j);
        ++np;
    }
    return np;
}

/*
 * hier's step between nodes (coll_swing_nbseg.c): the request's call
 * changes from stage to stage, so every start rebuilds the parts from it.
 * Plans between nodes have one part: the call's own tag serves.
 */
static int swing_nb_restart_call(mca_coll_swing_nbreq_t *req)
{
    int tags[MCA_COLL_SWING_MAX_PARTS];

    for (int j = 0; j < MCA_COLL_SWING_MAX_PARTS; ++j) {
        tags[j] = req->call.tag;
    }
    req->parts = (mca_coll_swing_nbpart_t *) req->scratch;
    req->nparts = swing_nb_parts(req, tags);
    return swing_nb_restart(req);
}

void mca_coll_swing_nb_steps_set(mca_coll_swing_nbreq_t *req)
{
    req->advance = swing_nb_advance;
    req->restart = swing_nb_restart_call;
}

int mca_coll_swing_exec_nb_steps(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    ptrdiff_t gap = 0;
    size_t span = opal_datatype_span(&call->dtype->super, call->count, &gap);
    int nparts = call->plan->nparts, tags[MCA_COLL_SWING_MAX_PARTS];
    mca_coll_swing_nbreq_t *req = NULL;
    int rc;

    if (nparts < 1 || nparts > MCA_COLL_SWING_MAX_PARTS) {
        return OMPI_ERR_BAD_PARAM;
    }
    /* one tag per part, empty ones too: every rank takes as many */
    mca_coll_swing_p2p_nb_tags(m, call->persistent, nparts, tags);
    call->tag = tags[0];
    rc = mca_coll_swing_nbreq_get(m, call, MCA_COLL_SWING_NB_HEAD(nparts) + span, &req);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    req->parts = (mca_coll_swing_nbpart_t *) req->scratch;
    req->nparts = swing_nb_parts(req, tags);
    req->advance = swing_nb_advance;
    req->restart = swing_nb_restart;
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
