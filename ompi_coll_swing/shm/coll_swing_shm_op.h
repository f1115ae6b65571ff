/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * An allreduce through a node's shared segment (shm: coll_swing_shm.c,
 * coll_swing_shm_cma.c; hier: coll_swing_hier.c), a reduce (the same
 * schemes) or a broadcast (coll_swing_shm_rooted.c), on one node or as
 * hier's node phase, as a sequence of actions, each ending where the
 * protocol has to wait: for a phase of the
 * segment, or for the step list between nodes (hier). The scheme's next()
 * runs the next action and says what to wait for; whoever drives it
 * waits:
 *
 *   blocking calls      mca_coll_swing_shm_op_run: spins on the phase,
 *                       runs the step list with the blocking executor
 *   nonblocking calls   coll_swing_shm_nb.c: tests the phase in the
 *                       progress callback, runs the step list in the
 *                       nonblocking engine
 *
 * Both run the same actions in the same order, so a nonblocking call
 * gives the blocking call's bits.
 *
 * Failures: a rank that fails (its scratch missing from the start: failed,
 * its step between nodes, a single-copy read) goes on through every
 * action, so its node never waits for it: without its buffers it skips
 * the data moves (failed), and the step between nodes runs in error mode
 * (engine/coll_swing_runner.h). Its next phase marks the call failed in the
 * segment (transport/coll_swing_shm_segment.h), and every rank of the node ends
 * the call with an error (mca_coll_swing_shm_op_end).
 */
#ifndef MCA_COLL_SWING_SHM_OP_H
#define MCA_COLL_SWING_SHM_OP_H

#include "coll_swing_shm.h"
#include "coll_swing_shm_segment.h"

BEGIN_C_DECLS

/* What next() returns: the wait before the next action, or the end. */
enum {
    SWING_SHM_OP_PHASE = 0, /* every rank of the segment at op->phase */
    SWING_SHM_OP_NET,       /* allreduce op->net_n elements at op->net_buf on
                              op->net_plan (hier's group between nodes) */
    SWING_SHM_OP_DONE       /* op->rc says how */
};

typedef struct mca_coll_swing_shm_op_t mca_coll_swing_shm_op_t;

struct mca_coll_swing_shm_op_t {
    mca_coll_swing_call_t call; /* a copy: the engine lends its own to the net step */
    mca_coll_swing_module_t *module;
    mca_coll_swing_shm_t *s;                  /* the segment */
    int (*next)(mca_coll_swing_shm_op_t *op); /* the scheme's next action */
    const char *src;                          /* send buffer, or the receive buffer in place */
    ptrdiff_t gap, true_ext;
    int stage;               /* the scheme's position */
    int rc;                  /* this rank's first error */
    int failed;              /* no private buffers: no data moves */
    uint64_t seq;            /* the call's number on the segment */
    int marked;              /* this rank's failure marked in the segment */
    uint64_t phase;          /* SWING_SHM_OP_PHASE: the phase awaited */
    int seen;                /* ranks seen at it so far */
    size_t e0, n, set, done; /* chunk: first element, length, set of
                                slots; elements of my slices so far */
    char *half;              /* small scheme: the half of the small area */
    /* hier: my slices between the node phases (mine elements), the net step */
    char *slice;
    size_t mine;
    const mca_coll_swing_plan_t *net_plan;
    char *net_buf;
    size_t net_n;
    size_t net_max; /* the most net_n of this call on this rank */
};

/*
 * 1 when this rank ends with the result: every rank of an allreduce; of an
 * MPI_Reduce only the root (op->call.is_root: for hier's node phase, the
 * node's leader), the others only contribute.
 */
static inline int mca_coll_swing_shm_op_out(const mca_coll_swing_shm_op_t *op)
{
    return SWT_COLL_REDUCE != op->call.tcoll || op->call.is_root;
}

/* The first action is due: the call numbered on the segment, op->set its
   first set of slots. */
void mca_coll_swing_shm_op_begin(mca_coll_swing_shm_op_t *op);
/* After the last action: a failure of any rank of the segment in the
   call becomes this rank's error. Returns op->rc. */
int mca_coll_swing_shm_op_end(mca_coll_swing_shm_op_t *op);
/* Publishes the next phase of op's segment (marking the call failed
   first if this rank failed): next() returns this. */
int mca_coll_swing_shm_op_phase(mca_coll_swing_shm_op_t *op);
/* Copies chunk op->e0's result (op->n elements, result area op->set) into
   the receive buffer and moves to the next chunk; 1 when that was the last. */
int mca_coll_swing_shm_op_copy_out(mca_coll_swing_shm_op_t *op);
/* Back to the first action (every start of a persistent request); rc: an
   error before it (the private buffers missing: failed, no data moves). */
void mca_coll_swing_shm_op_reset(mca_coll_swing_shm_op_t *op, int rc);
/* The call allreducing op's net step on its plan (in place, same tag; in
   error mode when this rank already failed). */
void mca_coll_swing_shm_op_net_call(const mca_coll_swing_shm_op_t *op, mca_coll_swing_call_t *sub);
/* Runs op to the end, waiting for phases and running the net step (blocking). */
int mca_coll_swing_shm_op_run(mca_coll_swing_shm_op_t *op);

/*
 * Sets op up for call (coll_swing_shm.c; hier's in the layer above): the
 * segment ready (set up at the first use, collectively), the scheme
 * chosen. MCA_COLL_SWING_FALLBACK (call->fallback set) when shm cannot
 * run the call.
 */
int mca_coll_swing_shm_op_init(mca_coll_swing_shm_op_t *op, mca_coll_swing_call_t *call,
                               mca_coll_swing_module_t *module);
/*
 * The same on segment s for a call whose type fits it (op zeroed, its gap
 * and true_ext set): hier's node phase of MPI_Reduce, and MPI_Reduce on
 * one node, whose ranks but the root (call->is_root) only contribute and
 * which never goes by single copy.
 */
void mca_coll_swing_shm_op_set(mca_coll_swing_shm_op_t *op, const mca_coll_swing_call_t *call,
                               mca_coll_swing_module_t *module, mca_coll_swing_shm_t *s);
/*
 * Sets op up for a broadcast of call->count bytes through segment s from
 * its rank root (coll_swing_shm_rooted.c): the root's at vec, the
 * others' into vec. rc: this rank's error before the call (its buffer
 * missing, the root's pack, hier's tree between nodes): the rank only
 * takes part in the phases (failed, vec may be NULL) and marks the call
 * failed at the first, so every rank of the segment ends with an error.
 */
void mca_coll_swing_shm_bcast_set(mca_coll_swing_shm_op_t *op, const mca_coll_swing_call_t *call,
                                  mca_coll_swing_module_t *module, mca_coll_swing_shm_t *s,
                                  int root, char *vec, int rc);
/*
 * The nonblocking engine's request for op, set up by its algorithm
 * (coll_swing_shm_nb.c): slice, bytes of hier's private slices; steps,
 * elements the net step allreduces at most. Started unless persistent,
 * in *call->request.
 */
int mca_coll_swing_shm_nb_request(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module,
                                  const mca_coll_swing_shm_op_t *op, size_t slice, size_t steps);
/*
 * A nonblocking call must not wait for the other ranks, and setting up a
 * segment is collective: until a blocking call has set it up, the
 * nonblocking calls fall back, quietly, to message passing.
 */
int mca_coll_swing_shm_nb_unset(mca_coll_swing_call_t *call);
/* The single-copy scheme's next() (coll_swing_shm_cma.c). */
int mca_coll_swing_shm_cma_next(mca_coll_swing_shm_op_t *op);
/* MPI_Reduce's large scheme at up to this many ranks: the root alone
   reduces (coll_swing_shm_reduce.c, its next()). */
#ifndef SWING_SHM_REDUCE_ROOT_MAX
#define SWING_SHM_REDUCE_ROOT_MAX 3
#endif
int mca_coll_swing_shm_reduce_next(mca_coll_swing_shm_op_t *op);

END_C_DECLS

#endif
