/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * coll/swing, engine layer: the schedule runner.
 *
 * One resumable runner executes a rank's step list (topology/sched/swt_sched_create.c
 * builds them) for every executor: a blocking call drives it to the end
 * at once (mca_coll_swing_runner_run), a nonblocking or persistent one
 * advances it from Open MPI's progress (mca_coll_swing_runner_advance, by the
 * request engine of coll_swing_nb.h). Both run the same code, post the
 * same messages and reduce the same operands in the same order, so a
 * nonblocking call gives the blocking call's bits by construction.
 *
 * A runner has parts: a multiport or ring plan one per part of the
 * vector (swt_part_elems), a single-port plan one. Each part is a step
 * list over its slice, with its own tag, so messages of two parts never
 * match each other's receives whatever order they are posted in. The
 * parts advance in lockstep: step i + 1 of any part starts once every
 * part has finished step i (a multiport schedule keeps its parts on
 * different links step by step only).
 *
 * Each step of a part is a send range (to peer) and a receive range (from
 * `from`, a ring's other neighbour), each cut in segments with at most two
 * in flight; a received segment of a reduce-scatter or fold step is
 * reduced into the running partial (acc) as soon as it is in, while the
 * next one arrives. An LO step combines the whole slices once both
 * messages are done.
 *
 * Error mode. When a message of this rank fails (a post refused for good,
 * a request completed with an error, the scratch missing from the start:
 * call.error) or a receive brings less than was posted (a peer in error
 * mode), the runner goes on through its schedule without data: every
 * send it still owes goes out empty, every receive it still owes takes
 * whatever comes into a sink (transport/coll_swing_p2p.h), nothing is
 * reduced or copied out. Every peer therefore gets every message it
 * waits for and no message is left unmatched; a peer that receives an
 * empty message where it expected data enters error mode in turn, so the
 * error follows the schedule's data flow. The runner ends as usual, with
 * the first error in rc. A post refused for want of resources is not an
 * error: it is tried again at the next advance.
 */
#ifndef MCA_COLL_SWING_RUNNER_H
#define MCA_COLL_SWING_RUNNER_H

#include "coll_swing.h"

#include "ompi/request/request.h"

#include "swt_cost.h"

BEGIN_C_DECLS

/* One direction of a step: a range sent or received in segments, at most
   two of them in flight. */
typedef struct mca_coll_swing_runner_dir_t {
    char *buf;                  /* first element of the range */
    char *reduce;               /* receive: reduce each segment into here (NULL: keep) */
    size_t n;                   /* elements of the range */
    size_t seg_elems;           /* elements per segment */
    size_t nsegs, posted, done; /* segments: in all, posted, completed */
    ompi_request_t *req[2];     /* segment i in req[i % 2] */
} mca_coll_swing_runner_dir_t;

/* One part: a step list on a slice of a vector. */
typedef struct mca_coll_swing_runner_part_t {
    mca_coll_swing_call_t call;        /* the slice: count, sbuf, rbuf, tag */
    const mca_coll_swing_plan_t *plan; /* the part's step list */
    /*
     * SWT_HALF_ALL: the allreduce, blocks cut evenly (swt_block_elems).
     * SWT_HALF_RS, SWT_HALF_AG: only that half's steps, on a vector in
     * the order of layout (its per-call offsets filled); folds and
     * unfolds move one fold group where that half needs no more. rank is
     * this rank in the communicator.
     */
    swt_half_t half;
    const mca_coll_swing_layout_t *layout;
    int rank;
    char *scratch;   /* the slice's scratch */
    char *acc, *tmp; /* running partial and scratch: call.rbuf and
                        scratch at the start, swapped by LO steps */
    mca_coll_swing_runner_dir_t send, recv;
} mca_coll_swing_runner_part_t;

typedef struct mca_coll_swing_runner_t {
    mca_coll_swing_runner_part_t *parts;
    int nparts;
    int step, nsteps;
    int direct;       /* step 0, LO in every part, reads the send buffer */
    int failed;       /* error mode: messages go on, empty (above) */
    int rc;           /* the first error */
    unsigned retries; /* posts refused for want of resources, in a row */
} mca_coll_swing_runner_t;

/* A part running plan on count elements at acc (where the result ends),
   scratch at tmp as large, tag: the whole allreduce of the slice, no send
   buffer (set call.sbuf for a direct first step; half and layout after
   for a half). */
void mca_coll_swing_runner_part_init(mca_coll_swing_runner_part_t *pt,
                                     const mca_coll_swing_call_t *call, size_t count,
                                     const mca_coll_swing_plan_t *plan, char *acc, char *tmp,
                                     int tag);
/*
 * The non-empty parts of call->plan over call's vector (count elements at
 * rbuf, the send buffer sbuf or NULL in place), scratch at tmp (span of
 * count elements), part j with tags[j] (NULL: the blocking call's tags,
 * transport/coll_swing_p2p.h). Returns how many (empty parts are empty on
 * every rank alike).
 */
int mca_coll_swing_runner_parts(const mca_coll_swing_call_t *call, char *tmp, const int *tags,
                                mca_coll_swing_runner_part_t *pts);
/*
 * Starts an allreduce of call on those parts: the first step reads the
 * send buffer where every part starts with LO and the op is intrinsic
 * (saving the copy in), else the send buffer is copied into the receive
 * buffer first. With call->error set, in error mode (no copy).
 */
void mca_coll_swing_runner_allreduce(mca_coll_swing_runner_t *runner,
                                     const mca_coll_swing_call_t *call,
                                     mca_coll_swing_runner_part_t *pts, int np);
/* Every part at its first step (the data already in place); in error
   mode when a part's call.error is set. */
void mca_coll_swing_runner_start(mca_coll_swing_runner_t *runner, mca_coll_swing_runner_part_t *pts,
                                 int np);
/*
 * Runs the runner as far as it goes without waiting. Returns 1 when it
 * is over (runner->rc says how: after an error, once the schedule has run
 * through in error mode and every message it posted has ended), 0 while
 * messages are outstanding.
 */
int mca_coll_swing_runner_advance(mca_coll_swing_runner_t *runner);
/* Drives the runner to its end, progressing Open MPI; returns runner->rc. */
int mca_coll_swing_runner_run(mca_coll_swing_runner_t *runner);

END_C_DECLS

#endif
