/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The nonblocking engine's requests and progress (coll_swing_nb.h).
 *
 * One lock guards the active list, every active request's state and the
 * registration of the progress callback. The callback only tries the lock:
 * it runs inside opal_progress, which a PML call made while the lock is
 * held (by a start in this thread, or by the callback itself) may enter
 * again, and a busy lock means another thread is advancing the requests
 * anyway. Nothing in the callback waits.
 *
 * Life of a request: get (from the idle ones, or new) -> start -> active
 * on the list -> complete (MPI sees it; a persistent one goes inactive) ->
 * freed by MPI_Wait/Test/Request_free -> idle, its scratch kept for the
 * next call. A request freed while active stays on the list and goes idle
 * when its operation ends.
 *
 * One spare request, made when the component opens, stands in when a new
 * one cannot be allocated: the operation then still takes part (in error
 * mode if its scratch is missing too), and the next request that goes
 * idle becomes the spare again.
 */
#include "coll_swing_nb.h"
#include "coll_swing_p2p.h"

#include <pthread.h>
#include <stdlib.h>

#include "opal/runtime/opal_progress.h"

/* Idle requests that keep their scratch for the next call. */
#define SWING_NB_CACHE 8

/* Tries to register the progress callback before a start fails. */
#define SWING_NB_REGISTER_TRIES 3

static pthread_mutex_t swing_nb_lock = PTHREAD_MUTEX_INITIALIZER;
static mca_coll_swing_nbreq_t *swing_nb_head;
static mca_coll_swing_nbreq_t *swing_nb_idle;
static mca_coll_swing_nbreq_t *swing_nb_spare;
static int swing_nb_nidle;
static int swing_nb_registered;

static int swing_nb_progress(void);

static void swing_nbreq_construct(mca_coll_swing_nbreq_t *req)
{
    req->next = req->prev = req->cached = NULL;
    req->scratch = req->alg = NULL;
    req->scratch_size = req->alg_size = 0;
}

static void swing_nbreq_destruct(mca_coll_swing_nbreq_t *req)
{
    free(req->scratch);
    free(req->alg);
}

OBJ_CLASS_INSTANCE(mca_coll_swing_nbreq_t, ompi_coll_base_nbc_request_t, swing_nbreq_construct,
                   swing_nbreq_destruct);

/*
 * Lock not held: the references dropped (the last one on the communicator
 * frees it, and its coll modules with it, which must not happen under the
 * lock), then the request idle or gone.
 */
static void swing_nbreq_drop(mca_coll_swing_nbreq_t *req)
{
    /*
     * Freed while active, a nonpersistent request never completed: the
     * completion callback the MPI layer set (it releases the user op and
     * derived type MPI_Iallreduce retained) still has to run.
     */
    if (NULL != req->super.super.req_complete_cb) {
        ompi_request_complete(&req->super.super, false);
    }
    OMPI_REQUEST_FINI(&req->super.super);
    OBJ_RELEASE(req->call.dtype);
    OBJ_RELEASE(req->call.op);
    OBJ_RELEASE(req->call.comm);
    mca_coll_swing_count(&mca_coll_swing_counters.nb_active, -1);
    /*
     * The object itself stays: the MPI layer's free hook for a persistent
     * request with a user op (coll/base's free_objs_callback) still touches
     * it after this returns. Only the first SWING_NB_CACHE idle ones keep
     * their scratch.
     */
    pthread_mutex_lock(&swing_nb_lock);
    if (swing_nb_nidle >= SWING_NB_CACHE || NULL == swing_nb_spare) {
        free(req->scratch);
        free(req->alg);
        req->scratch = req->alg = NULL;
        req->scratch_size = req->alg_size = 0;
    }
    if (NULL == swing_nb_spare) {
        swing_nb_spare = req;
    } else {
        req->cached = swing_nb_idle;
        swing_nb_idle = req;
        swing_nb_nidle++;
    }
    pthread_mutex_unlock(&swing_nb_lock);
}

/* Drops the requests of a list linked by cached (lock not held). */
static void swing_nbreq_drop_all(mca_coll_swing_nbreq_t *dead)
{
    while (NULL != dead) {
        mca_coll_swing_nbreq_t *req = dead;
        dead = req->cached;
        req->cached = NULL;
        swing_nbreq_drop(req);
    }
}

/* MPI_Request_free, and MPI_Wait/Test on a completed nonpersistent request. */
static int swing_nbreq_free(ompi_request_t **rp)
{
    mca_coll_swing_nbreq_t *req = (mca_coll_swing_nbreq_t *) *rp;
    int active;

    pthread_mutex_lock(&swing_nb_lock);
    active = req->active;
    req->user_freed = active;
    pthread_mutex_unlock(&swing_nb_lock);
    if (!active) {
        swing_nbreq_drop(req);
    }
    *rp = MPI_REQUEST_NULL;
    return OMPI_SUCCESS;
}

/*
 * A collective cannot be cancelled (MPI); the request completes normally
 * and MPI_Test_cancelled says false.
 */
static int swing_nbreq_cancel(ompi_request_t *request, int complete)
{
    (void) request;
    (void) complete;
    return OMPI_SUCCESS;
}

/* Lock held. */
static void swing_nb_unlink(mca_coll_swing_nbreq_t *req)
{
    if (NULL != req->prev) {
        req->prev->next = req->next;
    } else {
        swing_nb_head = req->next;
    }
    if (NULL != req->next) {
        req->next->prev = req->prev;
    }
    req->next = req->prev = NULL;
}

/*
 * Lock held: the operation is over. MPI sees it complete, or, freed by
 * the user already, it joins *dead for the caller to drop after unlocking.
 */
static void swing_nb_finish(mca_coll_swing_nbreq_t *req, mca_coll_swing_nbreq_t **dead)
{
    swing_nb_unlink(req);
    req->active = 0;
    if (req->user_freed) {
        req->cached = *dead;
        *dead = req;
        return;
    }
    req->super.super.req_status.MPI_ERROR = req->rc;
    ompi_request_complete(&req->super.super, true);
}

/* The operation's end: an error counted for its collective. */
static void swing_nb_count_end(const mca_coll_swing_nbreq_t *req)
{
    if (OMPI_SUCCESS != req->rc) {
        mca_coll_swing_count(&mca_coll_swing_counters.coll[req->call.coll].error, 1);
    }
}

/* Lock held: registers the progress callback (fault point start), tried
   again at once a few times: it fails only for want of memory. */
static int swing_nb_register(void)
{
    int rc = OPAL_ERR_OUT_OF_RESOURCE;

    for (int i = 0; i < SWING_NB_REGISTER_TRIES && OPAL_SUCCESS != rc; ++i) {
        rc = mca_coll_swing_fault(MCA_COLL_SWING_FAULT_START)
                 ? OPAL_ERR_OUT_OF_RESOURCE
                 : opal_progress_register(swing_nb_progress);
    }
    return rc;
}

/* Lock held: the callback off when nothing is active (it costs every progress call). */
static void swing_nb_unregister_idle(void)
{
    if (NULL == swing_nb_head && swing_nb_registered) {
        opal_progress_unregister(swing_nb_progress);
        swing_nb_registered = 0;
        mca_coll_swing_count(&mca_coll_swing_counters.nb_progress, -1);
    }
}

/* Lock held: the operation, then its agreement when the request has one;
   1 when both are over. */
static int swing_nb_advance(mca_coll_swing_nbreq_t *req)
{
    if (0 == req->agree_d && !req->advance(req)) {
        return 0;
    }
    return !req->agree || mca_coll_swing_nb_agree(req);
}

static int swing_nb_progress(void)
{
    mca_coll_swing_nbreq_t *req, *next, *dead = NULL;
    int events = 0;

    if (NULL == swing_nb_head || 0 != pthread_mutex_trylock(&swing_nb_lock)) {
        return 0;
    }
    for (req = swing_nb_head; NULL != req; req = next) {
        next = req->next;
        if (swing_nb_advance(req)) {
            swing_nb_count_end(req);
            swing_nb_finish(req, &dead);
            events++;
        }
    }
    swing_nb_unregister_idle();
    pthread_mutex_unlock(&swing_nb_lock);
    swing_nbreq_drop_all(dead);
    return events;
}

int mca_coll_swing_nbreq_start(mca_coll_swing_nbreq_t *req)
{
    mca_coll_swing_nbreq_t *dead = NULL;
    int rc = OMPI_SUCCESS;

    pthread_mutex_lock(&swing_nb_lock);
    if (!swing_nb_registered) {
        rc = swing_nb_register();
        if (OPAL_SUCCESS != rc) {
            goto out;
        }
        swing_nb_registered = 1;
        mca_coll_swing_count(&mca_coll_swing_counters.nb_progress, 1);
    }
    req->active = 1;
    req->super.super.req_state = OMPI_REQUEST_ACTIVE;
    req->super.super.req_complete = REQUEST_PENDING;
    req->super.super.req_status.MPI_ERROR = OMPI_SUCCESS;
    req->next = swing_nb_head;
    req->prev = NULL;
    if (NULL != swing_nb_head) {
        swing_nb_head->prev = req;
    }
    swing_nb_head = req;
    req->agree_d = 0;
    if (swing_nb_advance(req)) {
        swing_nb_count_end(req);
        swing_nb_finish(req, &dead);
        swing_nb_unregister_idle();
    }
out:
    pthread_mutex_unlock(&swing_nb_lock);
    swing_nbreq_drop_all(dead);
    return rc;
}

/* MPI_Start / MPI_Startall of persistent swing requests. */
static int swing_nbreq_start_persistent(size_t count, ompi_request_t **requests)
{
    for (size_t i = 0; i < count; ++i) {
        mca_coll_swing_nbreq_t *req = (mca_coll_swing_nbreq_t *) requests[i];
        int rc;

        if (req->active) {
            return OMPI_ERR_REQUEST;
        }
        req->restart(req);
        rc = mca_coll_swing_nbreq_start(req);
        if (OMPI_SUCCESS != rc) {
            return rc;
        }
    }
    return OMPI_SUCCESS;
}

/* A new request object (fault point alloc). */
static mca_coll_swing_nbreq_t *swing_nbreq_new(void)
{
    return mca_coll_swing_fault(MCA_COLL_SWING_FAULT_ALLOC) ? NULL
                                                            : OBJ_NEW(mca_coll_swing_nbreq_t);
}

/* Lock held: an idle request, else the spare (a new one failed). */
static mca_coll_swing_nbreq_t *swing_nbreq_take(void)
{
    mca_coll_swing_nbreq_t *req = swing_nb_idle;

    if (NULL != req) {
        swing_nb_idle = req->cached;
        swing_nb_nidle--;
        req->cached = NULL;
    }
    return req;
}

int mca_coll_swing_nbreq_get(mca_coll_swing_module_t *m, const mca_coll_swing_call_t *call,
                             mca_coll_swing_nbreq_t **out)
{
    mca_coll_swing_nbreq_t *req;
    /* drawn before any object, so every rank draws the same tags alike */
    int agree = mca_coll_swing_params.agree_outcome;
    int agree_tag = agree ? mca_coll_swing_p2p_nb_tag(m, call->persistent) : 0;

    pthread_mutex_lock(&swing_nb_lock);
    req = swing_nbreq_take();
    pthread_mutex_unlock(&swing_nb_lock);
    if (NULL == req) {
        req = swing_nbreq_new();
    }
    if (NULL == req) {
        pthread_mutex_lock(&swing_nb_lock);
        req = swing_nb_spare;
        swing_nb_spare = NULL;
        pthread_mutex_unlock(&swing_nb_lock);
    }
    if (NULL == req) {
        return OMPI_ERR_OUT_OF_RESOURCE;
    }
    OMPI_REQUEST_INIT(&req->super.super, call->persistent);
    req->super.super.req_type = OMPI_REQUEST_COLL;
    req->super.super.req_mpi_object.comm = call->comm;
    req->super.super.req_status.MPI_SOURCE = MPI_ANY_SOURCE;
    req->super.super.req_status.MPI_TAG = MPI_ANY_TAG;
    req->super.super.req_status._ucount = 0;
    req->super.super.req_status._cancelled = 0;
    req->super.super.req_free = swing_nbreq_free;
    req->super.super.req_cancel = swing_nbreq_cancel;
    req->super.super.req_start = call->persistent ? swing_nbreq_start_persistent : NULL;
    req->module = m;
    req->call = *call;
    req->call.request = NULL;
    req->call.error = OMPI_SUCCESS;
    req->need = 0;
    req->gap = 0;
    req->nparts = 0;
    req->active = 0;
    req->user_freed = 0;
    req->rc = OMPI_SUCCESS;
    req->agree = agree;
    req->agree_tag = agree_tag;
    req->agree_d = 0;
    /* the user may free them before the operation ends (MPI allows it) */
    OBJ_RETAIN(req->call.comm);
    OBJ_RETAIN(req->call.dtype);
    OBJ_RETAIN(req->call.op);
    mca_coll_swing_count(&mca_coll_swing_counters.nb_active, 1);
    *out = req;
    return OMPI_SUCCESS;
}

int mca_coll_swing_nbreq_scratch(mca_coll_swing_nbreq_t *req)
{
    return mca_coll_swing_grow(&req->scratch, &req->scratch_size, req->need);
}

void mca_coll_swing_nbreq_discard(mca_coll_swing_nbreq_t *req)
{
    swing_nbreq_drop(req);
}

void mca_coll_swing_nb_init(void)
{
    /* the component's reserve, not a call's allocation: no fault point;
       its failure only leaves no spare */
    swing_nb_spare = OBJ_NEW(mca_coll_swing_nbreq_t);
}

void mca_coll_swing_nb_fini(void)
{
    pthread_mutex_lock(&swing_nb_lock);
    if (swing_nb_registered) {
        opal_progress_unregister(swing_nb_progress);
        swing_nb_registered = 0;
        mca_coll_swing_count(&mca_coll_swing_counters.nb_progress, -1);
    }
    while (NULL != swing_nb_idle) {
        mca_coll_swing_nbreq_t *req = swing_nb_idle;
        swing_nb_idle = req->cached;
        OBJ_RELEASE(req);
    }
    swing_nb_nidle = 0;
    if (NULL != swing_nb_spare) {
        OBJ_RELEASE(swing_nb_spare);
        swing_nb_spare = NULL;
    }
    pthread_mutex_unlock(&swing_nb_lock);
}
