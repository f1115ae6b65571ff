/*
 * coll/swing, engine layer: the nonblocking requests and their progress.
 *
 * A swing request (MPI_Iallreduce, a persistent MPI_Allreduce_init) is an
 * Open MPI request with a state machine behind it. Starting one posts the
 * first messages and returns; from then on Open MPI's progress engine
 * advances it: a progress callback, registered while any swing request is
 * active and unregistered when none is, runs every active request's state
 * machine as far as it goes without waiting. Any MPI call that progresses
 * (MPI_Test, MPI_Wait, point-to-point calls, other collectives) therefore
 * moves every outstanding swing request forward, in whichever thread.
 *
 * coll_swing_nbreq.c owns the request objects, the active list, its lock
 * and the progress callback; the operations plug in through advance and
 * restart: a step list is the step machine (coll_swing_sm.h) advanced
 * from progress (steps/coll_swing_allreduce_steps.c), shm and hier the
 * segment's protocol with the step machine for hier's step between nodes
 * (shm/coll_swing_nbseg.c).
 */
#ifndef MCA_COLL_SWING_NB_H
#define MCA_COLL_SWING_NB_H

#include "coll_swing_sm.h"

#include "ompi/mca/coll/base/coll_base_util.h"
#include "ompi/request/request.h"

BEGIN_C_DECLS

typedef struct mca_coll_swing_nbreq_t mca_coll_swing_nbreq_t;

/*
 * Runs req's state machine as far as it goes without waiting, under the
 * engine's lock. Returns 1 when the operation is over (req->rc says how),
 * 0 while messages are outstanding.
 */
typedef int (*mca_coll_swing_nb_fn_t)(mca_coll_swing_nbreq_t *req);

/*
 * The MPI layer of Open MPI takes a collective request for an
 * ompi_coll_base_nbc_request_t: MPI_Iallreduce and MPI_Allreduce_init keep
 * a user op or derived type alive in its fields until completion or free.
 */
struct mca_coll_swing_nbreq_t {
    ompi_coll_base_nbc_request_t super;
    mca_coll_swing_nbreq_t *next, *prev;  /* the active list (engine lock) */
    mca_coll_swing_nbreq_t *cached;       /* the list of idle requests */
    mca_coll_swing_module_t *module;
    mca_coll_swing_call_t call;           /* settled once; tag and plan included */
    mca_coll_swing_nb_fn_t advance;
    mca_coll_swing_nb_fn_t restart;       /* back to the first step: every start */
    char *scratch;                        /* the request's own, kept while cached */
    size_t scratch_size;
    char *alg;                            /* an algorithm's own state, kept as scratch
                                             (shm, hier: coll_swing_nbseg.c) */
    size_t alg_size;
    int active;                           /* started, not yet complete */
    int user_freed;                       /* freed while active: release at the end */
    int rc;                               /* the operation's result */
    /* a step list's machine, its parts at the head of scratch */
    mca_coll_swing_sm_t sm;
    mca_coll_swing_smpart_t *parts;
    int nparts;
};

/*
 * A request for call (copied; communicator, type and op retained until the
 * request is released) with at least scratch bytes of its own, from the
 * idle ones when one fits. Persistent calls get a request MPI_Start runs
 * (restart, then mca_coll_swing_nbreq_start).
 */
int mca_coll_swing_nbreq_get(mca_coll_swing_module_t *module, const mca_coll_swing_call_t *call,
                             size_t scratch, mca_coll_swing_nbreq_t **out);
/* Makes req active and advances it once: the first messages leave now. */
int mca_coll_swing_nbreq_start(mca_coll_swing_nbreq_t *req);
/* A request whose start failed: back to the idle ones. */
void mca_coll_swing_nbreq_discard(mca_coll_swing_nbreq_t *req);
/* Bytes at the head of a step-list request's scratch: its parts' states. */
#define MCA_COLL_SWING_NB_HEAD(nparts) \
    (((size_t) (nparts) * sizeof(mca_coll_swing_smpart_t) + 63) & ~(size_t) 63)
/* At component close: the progress callback off, the idle requests freed. */
void mca_coll_swing_nb_fini(void);

END_C_DECLS

#endif
