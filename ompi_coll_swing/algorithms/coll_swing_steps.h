/*
 * The step executor's parts (algorithms/coll_swing_steps.c), for the
 * executors that run the halves of a step list on their own vectors
 * (algorithms/coll_swing_rsag.c): a part is one step list on a slice of
 * a vector, and the parts of a call advance together, step i of every
 * part posted before any completes, RS segments in lockstep.
 */
#ifndef MCA_COLL_SWING_STEPS_H
#define MCA_COLL_SWING_STEPS_H

#include "coll_swing_algs.h"

#include "ompi/request/request.h"

#include "swt_cost.h"

BEGIN_C_DECLS

typedef struct mca_coll_swing_part_t {
    mca_coll_swing_call_t call;          /* count, sbuf, rbuf of the slice */
    const mca_coll_swing_plan_t *plan;
    char *acc;                           /* running partial of the slice */
    char *tmp;                           /* scratch of the slice */
    /*
     * SWT_HALF_ALL: the allreduce, blocks cut evenly (swt_block_elems).
     * SWT_HALF_RS, SWT_HALF_AG: only that half's steps, on a vector in the
     * order of layout (per-call offsets filled), folds and unfolds moving
     * one fold group where that half needs no more; rank is mine.
     */
    swt_half_t half;
    const mca_coll_swing_layout_t *layout;
    int rank;
    ompi_request_t *req[2];              /* receive, send of a whole step */
    /* RS pipeline of the step */
    size_t s0, sn, r0, rn, seg, nseg_s, nseg_r;
    ompi_request_t *rreq[2], *sreq[2];
} mca_coll_swing_part_t;

/* A part of call running plan on count elements at acc, scratch at tmp
   (half SWT_HALF_ALL, no layout: set them after for a half). */
void mca_coll_swing_part_init(mca_coll_swing_part_t *pt, const mca_coll_swing_call_t *call,
                              size_t count, const mca_coll_swing_plan_t *plan, char *acc,
                              char *tmp);
/* Steps [first, nsteps) of np parts with equally long step lists, together. */
int mca_coll_swing_parts_run(mca_coll_swing_part_t *pts, int np, int first);

END_C_DECLS

#endif
