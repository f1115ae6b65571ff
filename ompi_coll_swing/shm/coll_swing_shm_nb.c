/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Nonblocking and persistent shm and hier allreduce: the segment protocol
 * (coll_swing_shm_op.h, the same actions as the blocking call) run by the
 * nonblocking engine (coll_swing_nb.h). Where the blocking call waits,
 * advance() checks and returns: a phase is "every rank's flag reached
 * mine" (remembering the ranks already seen), hier's step list between
 * nodes is the schedule runner, run as a sub-state on the group's
 * plan. The progress callback never waits.
 *
 * Sharing the segment, in call order. A communicator's segment holds one
 * operation at a time, and MPI lets several be outstanding on it (ordered
 * by call on every rank) with blocking collectives called in between.
 * Each module keeps a FIFO of its nonblocking shm/hier operations: one
 * joins it at its first advance (inside its start, under the engine's
 * lock, so in call order) and only the head touches the segment; the
 * others return at once. A blocking shm or hier call (allreduce,
 * reduce-scatter, allgather) first drains the FIFO by progressing until it
 * is empty: every rank does the same at the same point of its call order,
 * so the operations it waits for are the ones its peers run. The drain
 * holds no lock while it waits, so the other threads' operations move on.
 *
 * Why a FIFO rather than a separate region of the segment per operation:
 * the slots are where the bandwidth is (2 x (p + 1) slots of the segment
 * size), any number of operations may be outstanding, and the protocol's
 * reasoning (when a slot or the small area may be reused) holds for a
 * sequence of calls on one segment; running them one after the other on
 * the same areas keeps that reasoning, and the blocking call's bits.
 *
 * Example, shm small scheme, two Iallreduce on one communicator: the
 * first's start copies its vector into its small slot, publishes phase
 * k and returns; the second's start finds itself behind the first and
 * returns. A progress call sees every flag at k, reduces the first into
 * its receive buffer (complete), then copies the second in and publishes
 * k + 1.
 *
 * Failures: a request whose slices or net scratch could not be had still
 * joins the FIFO and runs every action in error mode (coll_swing_shm_op.h):
 * it cannot wait for an agreement, and its node and group must not wait
 * for it. A persistent one tries again to get them at its next start.
 *
 * Memory: per request, this state (in the request object), hier's
 * private slices (1/k of the message) and the step engine's scratch (one
 * slice), kept with the request for the next call or start, as the step
 * engine's.
 */
#include "coll_swing_nb.h"
#include "coll_swing_shm_op.h"

typedef struct swing_shm_nb_t {
    mca_coll_swing_shm_op_t op;
    mca_coll_swing_nbreq_t *next; /* the module's FIFO */
    int queued;
    int begun;    /* the first action ran */
    int waiting;  /* for op.phase */
    int net;      /* the net step runs (req->runner) */
    size_t slice; /* bytes of the private slices */
} swing_shm_nb_t;

_Static_assert(sizeof(swing_shm_nb_t) <= MCA_COLL_SWING_NB_STATE,
               "MCA_COLL_SWING_NB_STATE (engine/coll_swing_nb.h) too small");

static swing_shm_nb_t *swing_shm_nb_of(mca_coll_swing_nbreq_t *req)
{
    return (swing_shm_nb_t *) (void *) req->state;
}

/* Lock held. */
static void swing_shm_nb_enqueue(mca_coll_swing_nbreq_t *req, swing_shm_nb_t *x)
{
    mca_coll_swing_module_t *m = req->module;

    x->next = NULL;
    x->queued = 1;
    if (NULL == m->nb_shm_tail) {
        __atomic_store_n(&m->nb_shm_head, req, __ATOMIC_RELEASE);
    } else {
        swing_shm_nb_of(m->nb_shm_tail)->next = req;
    }
    m->nb_shm_tail = req;
}

/* Lock held: req, the head, is over. */
static void swing_shm_nb_dequeue(mca_coll_swing_nbreq_t *req, swing_shm_nb_t *x)
{
    mca_coll_swing_module_t *m = req->module;

    if (NULL == x->next) {
        m->nb_shm_tail = NULL;
    }
    __atomic_store_n(&m->nb_shm_head, x->next, __ATOMIC_RELEASE);
    x->queued = 0;
}

/*
 * hier's step between nodes: the schedule runner on the group's plan, in
 * place on the slice, with the operation's tag (plans between nodes have
 * one part), its parts in the request, its scratch the request's (error
 * mode without it, or when this rank failed before).
 */
static void swing_shm_nb_net(mca_coll_swing_nbreq_t *req, const mca_coll_swing_shm_op_t *op)
{
    mca_coll_swing_call_t sub;
    ptrdiff_t gap = 0;

    mca_coll_swing_shm_op_net_call(op, &sub);
    (void) opal_datatype_span(&sub.dtype->super, sub.count, &gap);
    for (int j = 0; j < MCA_COLL_SWING_MAX_PARTS; ++j) {
        req->tags[j] = req->call.tag;
    }
    req->nparts = mca_coll_swing_runner_parts(&sub,
                                              (OMPI_SUCCESS == sub.error && NULL != req->scratch)
                                                  ? req->scratch - gap
                                                  : NULL,
                                              req->tags, req->parts);
    mca_coll_swing_runner_allreduce(&req->runner, &sub, req->parts, req->nparts);
}

static int swing_shm_nb_advance(mca_coll_swing_nbreq_t *req)
{
    swing_shm_nb_t *x = swing_shm_nb_of(req);
    mca_coll_swing_shm_op_t *op = &x->op;

    if (0 == op->call.count) {
        return 1;
    }
    if (!x->queued) {
        swing_shm_nb_enqueue(req, x);
    }
    if (req->module->nb_shm_head != req) {
        return 0;
    }
    if (!x->begun) {
        x->begun = 1;
        mca_coll_swing_shm_op_begin(op);
    }
    for (;;) {
        int wait;
        if (x->net) {
            if (!mca_coll_swing_runner_advance(&req->runner)) {
                return 0;
            }
            /* a failed net step still takes part in the node phases, or the node hangs */
            if (OMPI_SUCCESS == op->rc) {
                op->rc = req->runner.rc;
            }
            x->net = 0;
        } else if (x->waiting && !mca_coll_swing_shm_phase_test(op->s, op->phase, &op->seen)) {
            return 0;
        }
        wait = op->next(op);
        if (SWING_SHM_OP_DONE == wait) {
            break;
        }
        x->waiting = (SWING_SHM_OP_PHASE == wait);
        if (SWING_SHM_OP_NET == wait) {
            swing_shm_nb_net(req, op);
            x->net = 1;
        }
    }
    swing_shm_nb_dequeue(req, x);
    req->rc = mca_coll_swing_shm_op_end(op);
    return 1;
}

/*
 * The private slices and the net step's scratch, or OMPI_ERR_OUT_OF_RESOURCE
 * (the operation then runs in error mode).
 */
static int swing_shm_nb_buffers(mca_coll_swing_nbreq_t *req, swing_shm_nb_t *x)
{
    int rc = mca_coll_swing_grow(&req->alg, &req->alg_size, x->slice);

    if (OMPI_SUCCESS == rc) {
        rc = mca_coll_swing_nbreq_scratch(req);
    }
    x->op.slice = (OMPI_SUCCESS == rc && x->slice > 0) ? req->alg : NULL;
    return rc;
}

/* Every start: from the first action, not yet in the FIFO; a request
   without its buffers tries again to get them. */
static int swing_shm_nb_start(mca_coll_swing_nbreq_t *req, int rc)
{
    swing_shm_nb_t *x = swing_shm_nb_of(req);

    mca_coll_swing_shm_op_reset(&x->op, rc);
    x->queued = x->begun = x->waiting = x->net = 0;
    req->rc = OMPI_SUCCESS;
    return 0;
}

static int swing_shm_nb_restart(mca_coll_swing_nbreq_t *req)
{
    swing_shm_nb_t *x = swing_shm_nb_of(req);

    return swing_shm_nb_start(req, x->op.failed ? swing_shm_nb_buffers(req, x) : OMPI_SUCCESS);
}

int mca_coll_swing_shm_nb_request(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m,
                                  const mca_coll_swing_shm_op_t *op, size_t slice, size_t steps)
{
    ptrdiff_t gap = 0;
    size_t span = steps ? opal_datatype_span(&call->dtype->super, steps, &gap) : 0;
    mca_coll_swing_nbreq_t *req = NULL;
    swing_shm_nb_t *x;
    int rc = mca_coll_swing_nbreq_get(m, call, &req);

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    x = swing_shm_nb_of(req);
    x->op = *op;
    x->slice = slice;
    req->need = span;
    req->advance = swing_shm_nb_advance;
    req->restart = swing_shm_nb_restart;
    swing_shm_nb_start(req, swing_shm_nb_buffers(req, x));
    if (!call->persistent) {
        rc = mca_coll_swing_nbreq_start(req);
        if (OMPI_SUCCESS != rc) {
            mca_coll_swing_nbreq_discard(req);
            return rc;
        }
    }
    *call->request = &req->super.super;
    return OMPI_SUCCESS;
}

/*
 * A nonblocking call must not wait for the other ranks, and setting up a
 * segment is collective (every rank maps it, then they agree): only a
 * blocking call sets it up. Until one has, this communicator's
 * nonblocking and persistent calls go, quietly, to message passing. The
 * state changes only in blocking collectives, which every rank makes in
 * the same order, so every rank decides alike.
 */
int mca_coll_swing_shm_nb_unset(mca_coll_swing_call_t *call)
{
    /* marked warned from the start: the documented behaviour, no message */
    static mca_coll_swing_fallback_t unset = {
        1, "its shared segment is set up by the communicator's first blocking call "
           "that uses it"
    };

    call->fallback = &unset;
    return MCA_COLL_SWING_FALLBACK;
}

int mca_coll_swing_exec_nb_shm(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    mca_coll_swing_shm_op_t op;
    int rc;

    if (mca_coll_swing_shm_available(m) && SWING_SHM_READY != m->shm_state) {
        return mca_coll_swing_shm_nb_unset(call);
    }
    rc = mca_coll_swing_shm_op_init(&op, call, m);

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    return mca_coll_swing_shm_nb_request(call, m, &op, 0, 0);
}
