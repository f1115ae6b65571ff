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
 */
#include "coll_swing_nb.h"

#include <pthread.h>
#include <stdlib.h>

#include "opal/runtime/opal_progress.h"

/* Idle requests that keep their scratch for the next call. */
#define SWING_NB_CACHE 8

static pthread_mutex_t swing_nb_lock = PTHREAD_MUTEX_INITIALIZER;
static mca_coll_swing_nbreq_t *swing_nb_head;
static mca_coll_swing_nbreq_t *swing_nb_idle;
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
    if (swing_nb_nidle >= SWING_NB_CACHE) {
        free(req->scratch);
        free(req->alg);
        req->scratch = req->alg = NULL;
        req->scratch_size = req->alg_size = 0;
    }
    req->cached = swing_nb_idle;
    swing_nb_idle = req;
    swing_nb_nidle++;
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

/* Lock held: the callback off when nothing is active (it costs every progress call). */
static void swing_nb_unregister_idle(void)
{
    if (NULL == swing_nb_head && swing_nb_registered) {
        opal_progress_unregister(swing_nb_progress);
        swing_nb_registered = 0;
        mca_coll_swing_count(&mca_coll_swing_counters.nb_progress, -1);
    }
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
        if (req->advance(req)) {
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
        rc = opal_progress_register(swing_nb_progress);
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
    if (req->advance(req)) {
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

/* Lock held: an idle request with scratch bytes, or a new one. */
static int swing_nbreq_take(size_t scratch, mca_coll_swing_nbreq_t **out)
{
    mca_coll_swing_nbreq_t *req = swing_nb_idle;

    if (NULL != req) {
        swing_nb_idle = req->cached;
        swing_nb_nidle--;
        req->cached = NULL;
    } else {
        req = OBJ_NEW(mca_coll_swing_nbreq_t);
        if (NULL == req) {
            return OMPI_ERR_OUT_OF_RESOURCE;
        }
    }
    if (OMPI_SUCCESS != mca_coll_swing_grow(&req->scratch, &req->scratch_size, scratch)) {
        req->super.super.req_state = OMPI_REQUEST_INVALID;
        OBJ_RELEASE(req);
        return OMPI_ERR_OUT_OF_RESOURCE;
    }
    *out = req;
    return OMPI_SUCCESS;
}

int mca_coll_swing_nbreq_get(mca_coll_swing_module_t *m, const mca_coll_swing_call_t *call,
                             size_t scratch, mca_coll_swing_nbreq_t **out)
{
    mca_coll_swing_nbreq_t *req = NULL;
    int rc;

    pthread_mutex_lock(&swing_nb_lock);
    rc = swing_nbreq_take(scratch, &req);
    pthread_mutex_unlock(&swing_nb_lock);
    if (OMPI_SUCCESS != rc) {
        return rc;
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
    req->active = 0;
    req->user_freed = 0;
    req->rc = OMPI_SUCCESS;
    /* the user may free them before the operation ends (MPI allows it) */
    OBJ_RETAIN(req->call.comm);
    OBJ_RETAIN(req->call.dtype);
    OBJ_RETAIN(req->call.op);
    mca_coll_swing_count(&mca_coll_swing_counters.nb_active, 1);
    *out = req;
    return OMPI_SUCCESS;
}

void mca_coll_swing_nbreq_discard(mca_coll_swing_nbreq_t *req)
{
    swing_nbreq_drop(req);
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
    pthread_mutex_unlock(&swing_nb_lock);
}
