/* SPDX-License-Identifier: BSD-3-Clause */
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
 * restart: a step list is the schedule runner (coll_swing_runner.h) advanced
 * from progress (steps/coll_swing_allreduce_steps.c), shm and hier the
 * segment's protocol with the schedule runner for hier's step between nodes
 * (shm/coll_swing_shm_nb.c).
 *
 * Faults. A nonblocking call must never wait for the other ranks, so it
 * cannot agree with them; and once any rank starts, every rank must take
 * part or its peers wait forever. So a request whose scratch could not be
 * had still starts and runs its schedule in error mode, which needs no
 * scratch: the states of its parts and its algorithm live in the request
 * object itself, and a spare object covers a failed allocation of one.
 * The request then completes with an error on every rank its error
 * reaches.
 */
#ifndef MCA_COLL_SWING_NB_H
#define MCA_COLL_SWING_NB_H

#include "coll_swing_runner.h"

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
/* Bytes of an algorithm's own state in a request (shm, hier: coll_swing_shm_nb.c). */
#define MCA_COLL_SWING_NB_STATE 1024

struct mca_coll_swing_nbreq_t {
    ompi_coll_base_nbc_request_t super;
    mca_coll_swing_nbreq_t *next, *prev; /* the active list (engine lock) */
    mca_coll_swing_nbreq_t *cached;      /* the list of idle requests */
    mca_coll_swing_module_t *module;
    mca_coll_swing_call_t call; /* normalized once; tag and plan included */
    mca_coll_swing_nb_fn_t advance;
    mca_coll_swing_nb_fn_t restart; /* back to the first step: every start */
    char *scratch;                  /* the schedule runner's, kept while cached */
    size_t scratch_size;
    size_t need; /* bytes this operation wants of scratch */
    char *alg;   /* an algorithm's own buffers, kept as scratch
                    (hier's slices: coll_swing_shm_nb.c) */
    size_t alg_size;
    int active;     /* started, not yet complete */
    int user_freed; /* freed while active: release at the end */
    int rc;         /* the operation's result */
    /* a step list's runner and its parts, with their tags */
    mca_coll_swing_runner_t runner;
    mca_coll_swing_runner_part_t parts[MCA_COLL_SWING_MAX_PARTS];
    int nparts;
    int tags[MCA_COLL_SWING_MAX_PARTS];
    ptrdiff_t gap; /* of the scratch's first element */
    /* coll_swing_agree_outcome: the agreement after the operation */
    int agree; /* this request agrees (the parameter at its call) */
    int agree_tag;
    int agree_d; /* 0: the operation runs; then the round's distance */
    int agree_ok, agree_in, agree_rc;
    ompi_request_t *agree_req[2]; /* the round's receive and send */
    /* an algorithm's own state (shm, hier) */
    _Alignas(64) char state[MCA_COLL_SWING_NB_STATE];
};

/*
 * A request for call (copied; communicator, type and op retained until the
 * request is released), from the idle ones, else new, else the spare.
 * Persistent calls get a request MPI_Start runs (restart, then
 * mca_coll_swing_nbreq_start). Fails only when no object can be had.
 */
int mca_coll_swing_nbreq_get(mca_coll_swing_module_t *module, const mca_coll_swing_call_t *call,
                             mca_coll_swing_nbreq_t **out);
/* The schedule runner's scratch: at least req->need bytes; OMPI_ERR_OUT_OF_RESOURCE
   when it could not grow (the operation then runs in error mode). */
int mca_coll_swing_nbreq_scratch(mca_coll_swing_nbreq_t *req);
/* Makes req active and advances it once: the first messages leave now. */
int mca_coll_swing_nbreq_start(mca_coll_swing_nbreq_t *req);
/*
 * With coll_swing_agree_outcome (req->agree), after the operation ended
 * (req->rc its outcome here): the ranks' agreement on it, as the blocking
 * calls' (transport/coll_swing_agree.h) but without waiting, one round of
 * the dissemination after another on the request's own tag. Lock held;
 * returns 1 when it is over, req->rc then an error on every rank when one
 * rank's operation failed.
 */
int mca_coll_swing_nb_agree(mca_coll_swing_nbreq_t *req);
/* A request whose start failed: back to the idle ones. */
void mca_coll_swing_nbreq_discard(mca_coll_swing_nbreq_t *req);
/* At component open: the spare request. */
void mca_coll_swing_nb_init(void);
/* At component close: the progress callback off, the idle requests freed. */
void mca_coll_swing_nb_fini(void);

END_C_DECLS

#endif
