/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The schedule runner (coll_swing_runner.h): one code for the blocking and the
 * nonblocking executors of every step list.
 *
 * Data live in two buffers per part: acc, the running partial (the
 * slice of the receive buffer, or of a reduce-scatter's work vector) and
 * tmp, scratch of the slice's size. What a step does, per op:
 *
 *   FOLD_SEND / UNFOLD_SEND  send acc (extra: hand over; survivor: the result)
 *   UNFOLD_RECV              extra: receive the result into acc
 *   FOLD_RECV                survivor: receive into tmp, reduce into acc
 *                            (an allgather's fold: blocks straight into acc)
 *   LO                       send acc (step 0 when direct: the send
 *                            buffer), receive into tmp; once both are
 *                            done combine, the operand whose group has
 *                            the lower block range on the left, so every
 *                            rank rounds alike; the result lands in acc
 *                            or tmp, which then swap instead of copying
 *   RS                       send the peer's block range of acc, receive
 *                            mine into tmp in segments, reduce each into
 *                            acc while the next arrives
 *   AG                       send my reduced range of acc, receive the
 *                            peer's into acc
 *   SEND / RECV              a tree's one-way step: send a block range of
 *                            acc, or receive one into acc, in segments
 *   IDLE                     nothing: keeps a tree's steps aligned
 *   RECV_REDUCE              receive a block range into tmp in segments,
 *                            reduce each into acc (received on the left)
 * A part running one half of a BO list (reduce-scatter or allgather:
 * steps/coll_swing_rsag.c) skips the other half's steps; its block ranges
 * are its layout's, and the fold of an allgather and the unfold of a
 * reduce-scatter move only the extra rank's fold group.
 *
 * Operand order, which makes results bit-identical on every rank and
 * between the blocking and nonblocking calls:
 *   FOLD_RECV, RS   acc = received (left) op acc
 *   LO              left ? acc op received : received op acc
 *
 * Example, p = 4 ring, Swing BO, rank 0 (blocks: R(0,1) = {0,1} -> [0,2)):
 *   RS s=0 with 1: send blocks [2,4), receive [0,2) and reduce
 *   RS s=1 with 3: send block 1, receive block 0 and reduce
 *   AG s=1 with 3: send block 0, receive block 1
 *   AG s=0 with 1: send [0,2), receive [2,4)
 * Multiport Swing BO on a 4x4 torus: 4 parts of n/4, each with its tag; at
 * step 0 part 0 exchanges along dimension 0 in the + direction, part 1
 * along dimension 1, parts 2 and 3 the same dimensions mirrored.
 *
 * After an error (a post refused for good, a message failed, a message
 * shorter than posted, no scratch from the start) the runner runs its
 * schedule to the end in error mode (coll_swing_runner.h): the messages it
 * still owes go out empty, the receives take whatever comes into a sink.
 * Nothing is cancelled (a cancelled receive would leave its peer's
 * message to match a later call's), and the runner ends only when every
 * message it posted has ended, so no buffer it named is written after it
 * returns. Example, p = 4, Swing LO, rank 1 without scratch: it sends
 * empty messages to 0 at step 0 and to 3 at step 1 and takes theirs into
 * the sink; 0 receives less than posted at step 0 and sends 2 an empty
 * message at step 1; every rank ends with an error.
 *
 * Memory: none of its own; the parts and buffers are the caller's.
 */
#include "coll_swing_runner.h"
#include "coll_swing_kernel.h"
#include "coll_swing_p2p.h"

#include <limits.h>

#include "opal/runtime/opal_progress.h"

/* Posts refused for want of resources, in a row, before it counts as a
   failure (each try after an advance, so after Open MPI's progress). */
#define SWING_RUNNER_RETRIES 100000u

/*
 * Pipeline segments of a range of n elements: as many elements per segment
 * as coll_swing_segment_size bytes hold (at least one; the whole range when
 * the parameter is 0). Both sides of a message cut it alike.
 */
static size_t swing_runner_segment_elems(const mca_coll_swing_call_t *call, size_t n)
{
    long bytes = mca_coll_swing_params.segment_size;
    size_t elems;

    if (bytes <= 0 || call->extent <= 0) {
        return n ? n : 1;
    }
    elems = (size_t) bytes / (size_t) call->extent;
    return elems ? elems : 1;
}

/* Length of segment i of a range of n elements cut every seg_elems. */
static size_t swing_runner_segment_len(size_t n, size_t seg_elems, size_t i)
{
    size_t off = i * seg_elems;

    return (n - off < seg_elems) ? n - off : seg_elems;
}

/* Element elem of a buffer (none in error mode without scratch). */
static char *swing_runner_at(char *base, const mca_coll_swing_call_t *call, size_t elem)
{
    return (NULL == base) ? NULL : base + (ptrdiff_t) elem * call->extent;
}

static void swing_runner_dir(mca_coll_swing_runner_dir_t *d, char *buf, size_t n, size_t seg_elems,
                             char *reduce)
{
    d->buf = buf;
    d->reduce = reduce;
    d->n = n;
    d->seg_elems = seg_elems ? seg_elems : 1;
    d->nsegs = (n + d->seg_elems - 1) / d->seg_elems;
    d->posted = d->done = 0;
    d->req[0] = d->req[1] = MPI_REQUEST_NULL;
}

/* Element range of blocks [lo, lo + n) of a part's step. */
static void swing_runner_blocks(const mca_coll_swing_runner_part_t *pt, long lo, long n,
                                size_t *first, size_t *len)
{
    const mca_coll_swing_layout_t *l = pt->layout;

    if (NULL == l) {
        swt_block_elems(pt->call.count, pt->plan->nblocks, lo, n, first, len);
        return;
    }
    *first = l->off[l->first[lo]];
    *len = l->off[l->first[lo + n]] - *first;
}

/*
 * Element range a fold or unfold step moves: the whole vector, except the
 * fold of an allgather and the unfold of a reduce-scatter, which move the
 * fold group of the extra rank (the sender of a fold, the receiver of an
 * unfold).
 */
static void swing_runner_fold_range(const mca_coll_swing_runner_part_t *pt, const swt_step_t *st,
                                    size_t *first, size_t *len)
{
    const mca_coll_swing_layout_t *l = pt->layout;
    int fold = (SWT_OP_FOLD_SEND == st->op || SWT_OP_FOLD_RECV == st->op);
    int r;

    if (SWT_HALF_ALL == pt->half || (SWT_HALF_RS == pt->half) == fold) {
        *first = 0;
        *len = pt->call.count;
        return;
    }
    r = (SWT_OP_FOLD_SEND == st->op || SWT_OP_UNFOLD_RECV == st->op) ? pt->rank
        : (SWT_OP_FOLD_RECV == st->op)                               ? (int) st->from
                                                                     : (int) st->peer;
    *first = l->off[l->index[r]];
    *len = l->off[l->index[r] + l->group[r]] - *first;
}

/* 1 for a step of the other half than the part runs. */
static int swing_runner_skipped(const mca_coll_swing_runner_part_t *pt, const swt_step_t *st)
{
    return (SWT_HALF_RS == pt->half && SWT_OP_AG == st->op)
           || (SWT_HALF_AG == pt->half && SWT_OP_RS == st->op);
}

/* Sets up the two directions of a part's step i. */
static void swing_runner_begin(const mca_coll_swing_runner_t *runner,
                               mca_coll_swing_runner_part_t *pt, int i)
{
    const mca_coll_swing_call_t *c = &pt->call;
    const swt_step_t *st = &pt->plan->steps[i];
    size_t s0 = 0, sn = 0, r0 = 0, rn = 0, seg_elems;

    swing_runner_dir(&pt->send, NULL, 0, 1, NULL);
    swing_runner_dir(&pt->recv, NULL, 0, 1, NULL);
    if (i >= pt->plan->nsteps || swing_runner_skipped(pt, st)) {
        return;
    }
    switch (st->op) {
    case SWT_OP_FOLD_SEND:
    case SWT_OP_UNFOLD_SEND:
        swing_runner_fold_range(pt, st, &s0, &sn);
        swing_runner_dir(&pt->send, swing_runner_at(pt->acc, c, s0), sn, sn, NULL);
        break;
    case SWT_OP_UNFOLD_RECV:
        swing_runner_fold_range(pt, st, &r0, &rn);
        swing_runner_dir(&pt->recv, swing_runner_at(pt->acc, c, r0), rn, rn, NULL);
        break;
    case SWT_OP_FOLD_RECV:
        swing_runner_fold_range(pt, st, &r0, &rn);
        if (SWT_HALF_AG == pt->half) {
            /* the allgather's fold brings blocks, not a partial to reduce */
            swing_runner_dir(&pt->recv, swing_runner_at(pt->acc, c, r0), rn, rn, NULL);
        } else {
            /* acc = extra's vector (left) op mine */
            swing_runner_dir(&pt->recv, swing_runner_at(pt->tmp, c, r0), rn, rn,
                             swing_runner_at(pt->acc, c, r0));
        }
        break;
    case SWT_OP_LO:
        swing_runner_dir(&pt->send, (0 == i && runner->direct) ? (char *) c->sbuf : pt->acc,
                         c->count, c->count, NULL);
        swing_runner_dir(&pt->recv, pt->tmp, c->count, c->count, NULL);
        break;
    case SWT_OP_AG:
        swing_runner_blocks(pt, st->send_lo, st->send_n, &s0, &sn);
        swing_runner_blocks(pt, st->recv_lo, st->recv_n, &r0, &rn);
        /* each range cut on its own, as SEND and RECV cut theirs: a chain's
           AG meets a SEND on one side and a RECV on the other */
        swing_runner_dir(&pt->send, swing_runner_at(pt->acc, c, s0), sn,
                         swing_runner_segment_elems(c, sn), NULL);
        swing_runner_dir(&pt->recv, swing_runner_at(pt->acc, c, r0), rn,
                         swing_runner_segment_elems(c, rn), NULL);
        break;
    case SWT_OP_IDLE: break;
    case SWT_OP_SEND:
        swing_runner_blocks(pt, st->send_lo, st->send_n, &s0, &sn);
        swing_runner_dir(&pt->send, swing_runner_at(pt->acc, c, s0), sn,
                         swing_runner_segment_elems(c, sn), NULL);
        break;
    case SWT_OP_RECV:
    case SWT_OP_RECV_REDUCE:
        swing_runner_blocks(pt, st->recv_lo, st->recv_n, &r0, &rn);
        seg_elems = swing_runner_segment_elems(c, rn);
        if (SWT_OP_RECV == st->op) {
            swing_runner_dir(&pt->recv, swing_runner_at(pt->acc, c, r0), rn, seg_elems, NULL);
        } else {
            /* acc[range] = received (left) op mine, segment by segment */
            swing_runner_dir(&pt->recv, swing_runner_at(pt->tmp, c, r0), rn, seg_elems,
                             swing_runner_at(pt->acc, c, r0));
        }
        break;
    case SWT_OP_RS:
        swing_runner_blocks(pt, st->send_lo, st->send_n, &s0, &sn);
        swing_runner_blocks(pt, st->recv_lo, st->recv_n, &r0, &rn);
        /* both partners cut their ranges alike: every send meets a receive of its size */
        seg_elems = swing_runner_segment_elems(c, sn > rn ? sn : rn);
        /* acc[range] = peer's partial (left) op mine, segment by segment */
        swing_runner_dir(&pt->send, swing_runner_at(pt->acc, c, s0), sn, seg_elems, NULL);
        swing_runner_dir(&pt->recv, swing_runner_at(pt->tmp, c, r0), rn, seg_elems,
                         swing_runner_at(pt->acc, c, r0));
        break;
    }
}

/* LO's combination once both messages of step i are done. */
static void swing_runner_lo_combine(const mca_coll_swing_runner_t *runner,
                                    mca_coll_swing_runner_part_t *pt, int i)
{
    const mca_coll_swing_call_t *c = &pt->call;
    const swt_step_t *st = &pt->plan->steps[i];

    if (0 == i && runner->direct) {
        char *mine = (char *) c->sbuf;
        mca_coll_swing_reduce_to(c->op, c->dtype, st->left ? mine : pt->tmp,
                                 st->left ? pt->tmp : mine, pt->acc, c->count);
    } else if (st->left) {
        char *t = pt->acc;
        /* tmp = acc (mine, left) op tmp (peer's) */
        mca_coll_swing_reduce_into(c->op, c->dtype, pt->acc, pt->tmp, c->count);
        pt->acc = pt->tmp;
        pt->tmp = t;
    } else {
        /* acc = tmp (peer's, left) op acc (mine) */
        mca_coll_swing_reduce_into(c->op, c->dtype, pt->tmp, pt->acc, c->count);
    }
}

/* The first error: from now on, error mode (coll_swing_runner.h). */
static void swing_runner_fail(mca_coll_swing_runner_t *runner, int rc)
{
    if (!runner->failed) {
        runner->failed = 1;
        runner->rc = rc;
        if (MCA_COLL_SWING_PEER_FAILED == rc) {
            mca_coll_swing_count(&mca_coll_swing_counters.peer_error, 1);
        }
    }
}

/* Posts segment d->posted: with its data, or empty in error mode. */
static int swing_runner_post(const mca_coll_swing_runner_t *runner,
                             const mca_coll_swing_call_t *call, mca_coll_swing_runner_dir_t *d,
                             int is_send, int peer)
{
    size_t len = swing_runner_segment_len(d->n, d->seg_elems, d->posted);
    ompi_request_t **slot = &d->req[d->posted % 2];
    char *at;

    if (runner->failed) {
        return is_send ? mca_coll_swing_p2p_isend_empty(call, peer, slot)
                       : mca_coll_swing_p2p_irecv_sink(call, len, peer, slot);
    }
    at = swing_runner_at(d->buf, call, d->posted * d->seg_elems);
    return is_send ? mca_coll_swing_p2p_isend(call, at, len, peer, slot)
                   : mca_coll_swing_p2p_irecv(call, at, len, peer, slot);
}

/*
 * Posts what the window allows and reaps what completed, in order,
 * reducing received segments. A post refused for want of resources is
 * left for the next call; any other error puts the runner in error mode
 * and the same segment is posted again, empty. Returns 1 while a post
 * waits to be tried again.
 */
static int swing_runner_dir_run(mca_coll_swing_runner_t *runner, const mca_coll_swing_call_t *call,
                                mca_coll_swing_runner_dir_t *d, int is_send, int peer)
{
    size_t size = call->dtype->super.size;

    for (;;) {
        while (d->posted < d->nsegs && d->posted - d->done < 2) {
            int rc = swing_runner_post(runner, call, d, is_send, peer);
            if (OMPI_SUCCESS == rc) {
                d->posted++;
                runner->retries = 0;
                continue;
            }
            d->req[d->posted % 2] = MPI_REQUEST_NULL;
            if (mca_coll_swing_p2p_transient(rc) && runner->retries < SWING_RUNNER_RETRIES) {
                runner->retries++;
                mca_coll_swing_count(&mca_coll_swing_counters.p2p_retry, 1);
                return 1;
            }
            runner->retries = 0;
            if (!runner->failed) {
                swing_runner_fail(runner, rc);
                continue;
            }
            /* refused in error mode too (a peer that cannot be reached): lost */
            d->posted++;
        }
        if (d->done == d->posted) {
            return 0;
        }
        if (MPI_REQUEST_NULL != d->req[d->done % 2]) {
            ompi_request_t *req = d->req[d->done % 2];
            size_t expect = is_send ? 0
                                    : swing_runner_segment_len(d->n, d->seg_elems, d->done) * size;
            int rc;
            if (!REQUEST_COMPLETE(req)) {
                return 0;
            }
            rc = mca_coll_swing_p2p_result(req, expect);
            if (OMPI_SUCCESS != rc) {
                /* in error mode a sink's count or status says nothing */
                swing_runner_fail(runner, rc);
            }
            ompi_request_free(&d->req[d->done % 2]);
        }
        if (!runner->failed && NULL != d->reduce) {
            size_t off = d->done * d->seg_elems;
            mca_coll_swing_reduce_into(call->op, call->dtype, swing_runner_at(d->buf, call, off),
                                       swing_runner_at(d->reduce, call, off),
                                       swing_runner_segment_len(d->n, d->seg_elems, d->done));
        }
        d->done++;
    }
}

/* 1 when a part has nothing of the step left in flight or to post. */
static int swing_runner_part_done(const mca_coll_swing_runner_part_t *pt)
{
    return pt->send.done == pt->send.nsegs && pt->recv.done == pt->recv.nsegs;
}

/* Every part's slice of the result where it belongs (an LO step may have
   left it in the scratch). */
static int swing_runner_copy_out(mca_coll_swing_runner_t *runner)
{
    int rc = OMPI_SUCCESS;

    for (int j = 0; j < runner->nparts && OMPI_SUCCESS == rc; ++j) {
        mca_coll_swing_runner_part_t *pt = &runner->parts[j];
        if (pt->acc != pt->call.rbuf) {
            rc = ompi_datatype_copy_content_same_ddt(pt->call.dtype, pt->call.count, pt->call.rbuf,
                                                     pt->acc);
        }
    }
    return rc;
}

int mca_coll_swing_runner_advance(mca_coll_swing_runner_t *runner)
{
    for (;;) {
        int all = 1;

        if (runner->step >= runner->nsteps) {
            return 1;
        }
        for (int j = 0; j < runner->nparts; ++j) {
            mca_coll_swing_runner_part_t *pt = &runner->parts[j];
            const swt_step_t *st;
            if (runner->step >= pt->plan->nsteps) {
                continue; /* nothing posted: its directions are empty */
            }
            st = &pt->plan->steps[runner->step];
            /* a post to try again: the other direction still moves */
            (void) swing_runner_dir_run(runner, &pt->call, &pt->recv, 0, (int) st->from);
            (void) swing_runner_dir_run(runner, &pt->call, &pt->send, 1, (int) st->peer);
        }
        for (int j = 0; j < runner->nparts; ++j) {
            all &= swing_runner_part_done(&runner->parts[j]);
        }
        if (!all) {
            return 0;
        }
        for (int j = 0; j < runner->nparts && !runner->failed; ++j) {
            mca_coll_swing_runner_part_t *pt = &runner->parts[j];
            if (runner->step < pt->plan->nsteps && SWT_OP_LO == pt->plan->steps[runner->step].op) {
                swing_runner_lo_combine(runner, pt, runner->step);
            }
        }
        if (++runner->step >= runner->nsteps) {
            if (!runner->failed) {
                runner->rc = swing_runner_copy_out(runner);
            }
            return 1;
        }
        for (int j = 0; j < runner->nparts; ++j) {
            swing_runner_begin(runner, &runner->parts[j], runner->step);
        }
    }
}

int mca_coll_swing_runner_run(mca_coll_swing_runner_t *runner)
{
    while (!mca_coll_swing_runner_advance(runner)) {
        opal_progress();
    }
    return runner->rc;
}

/* Every part at step 0; direct: step 0 reads the send buffers; rc: an
   error before the first message (error mode from the start). */
static void swing_runner_start(mca_coll_swing_runner_t *runner, mca_coll_swing_runner_part_t *pts,
                               int np, int direct, int rc)
{
    runner->parts = pts;
    runner->direct = direct;
    runner->nparts = np;
    runner->step = 0;
    runner->nsteps = 0;
    runner->failed = (OMPI_SUCCESS != rc);
    runner->rc = rc;
    runner->retries = 0;
    for (int j = 0; j < np; ++j) {
        pts[j].acc = pts[j].call.rbuf;
        pts[j].tmp = pts[j].scratch;
        if (pts[j].plan->nsteps > runner->nsteps) {
            runner->nsteps = pts[j].plan->nsteps;
        }
    }
    for (int j = 0; j < np; ++j) {
        swing_runner_begin(runner, &pts[j], 0);
    }
}

void mca_coll_swing_runner_start(mca_coll_swing_runner_t *runner, mca_coll_swing_runner_part_t *pts,
                                 int np)
{
    int rc = OMPI_SUCCESS;

    for (int j = 0; j < np && OMPI_SUCCESS == rc; ++j) {
        rc = pts[j].call.error;
    }
    swing_runner_start(runner, pts, np, 0, rc);
}

void mca_coll_swing_runner_part_init(mca_coll_swing_runner_part_t *pt,
                                     const mca_coll_swing_call_t *call, size_t count,
                                     const mca_coll_swing_plan_t *plan, char *acc, char *tmp,
                                     int tag)
{
    pt->call = *call;
    pt->call.count = count;
    pt->call.sbuf = NULL;
    pt->call.rbuf = acc;
    pt->call.tag = tag;
    pt->call.request = NULL;
    pt->plan = plan;
    pt->half = SWT_HALF_ALL;
    pt->layout = NULL;
    pt->rank = -1;
    pt->scratch = pt->tmp = tmp;
    pt->acc = acc;
    swing_runner_dir(&pt->send, NULL, 0, 1, NULL);
    swing_runner_dir(&pt->recv, NULL, 0, 1, NULL);
}

int mca_coll_swing_runner_parts(const mca_coll_swing_call_t *call, char *tmp, const int *tags,
                                mca_coll_swing_runner_part_t *pts)
{
    const mca_coll_swing_plan_t *plan = call->plan;
    int np = 0, blocking[MCA_COLL_SWING_MAX_PARTS];

    if (NULL == tags) {
        mca_coll_swing_p2p_block_tags(plan->nparts, blocking);
        tags = blocking;
    }
    for (int j = 0; j < plan->nparts && j < MCA_COLL_SWING_MAX_PARTS; ++j) {
        size_t first, n;
        swt_part_elems(call->count, plan->nparts, j, &first, &n);
        if (0 == n) {
            continue; /* empty on every rank alike */
        }
        mca_coll_swing_runner_part_init(&pts[np], call, n, mca_coll_swing_plan_part(plan, j),
                                        swing_runner_at(call->rbuf, call, first),
                                        swing_runner_at(tmp, call, first), tags[j]);
        pts[np].call.sbuf = (NULL != call->sbuf) ? call->sbuf + (ptrdiff_t) first * call->extent
                                                 : NULL;
        ++np;
    }
    return np;
}

/*
 * The first LO step of a call that is not in place reads the send buffer
 * and writes the receive buffer directly (3-buffer reduction), saving the
 * copy in and, at p = 2, the copy out. Both partners evaluate the same
 * expression as a later LO step, f(right, left) (coll_swing_kernel.h).
 * Intrinsic ops only: Open MPI's 3-buffer path for user ops does not follow
 * the same operand order.
 */
static int swing_runner_direct(const mca_coll_swing_call_t *call,
                               const mca_coll_swing_runner_part_t *pts, int np)
{
    if (NULL == call->sbuf || !ompi_op_is_intrinsic(call->op) || call->count > INT_MAX) {
        return 0;
    }
    for (int j = 0; j < np; ++j) {
        if (pts[j].plan->nsteps < 1 || SWT_OP_LO != pts[j].plan->steps[0].op) {
            return 0;
        }
    }
    return np > 0;
}

void mca_coll_swing_runner_allreduce(mca_coll_swing_runner_t *runner,
                                     const mca_coll_swing_call_t *call,
                                     mca_coll_swing_runner_part_t *pts, int np)
{
    int direct = swing_runner_direct(call, pts, np), rc = call->error;

    if (OMPI_SUCCESS == rc && NULL != call->sbuf && !direct && call->count > 0) {
        rc = ompi_datatype_copy_content_same_ddt(call->dtype, call->count, call->rbuf,
                                                 (char *) call->sbuf);
    }
    /* a copy that failed: the schedule still runs, in error mode */
    swing_runner_start(runner, pts, np, direct, rc);
}
