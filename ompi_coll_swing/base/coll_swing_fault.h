/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * coll/swing, bottom layer: fault injection, for tests only.
 *
 * Every point where the component can fail is listed here, once. The debug
 * parameter coll_swing_fault_inject = "RANK:POINT:N[,RANK:POINT:N...]"
 * makes the Nth occurrence of POINT on the process of MPI_COMM_WORLD rank
 * RANK fail, once (N counts from 1, from the moment the value was read).
 * The value is read when the component opens; if it was given then (any
 * non-empty value, "none" included), a new value written through MPI_T
 * is read at the next point reached, and counting starts again.
 *
 * When the parameter is empty (the default) every point costs one
 * predictable branch on a variable that never changes.
 *
 * What each point is and what the component does when it fails:
 * docs/TESTING.md, "Faults".
 */
#ifndef MCA_COLL_SWING_FAULT_H
#define MCA_COLL_SWING_FAULT_H

#include "ompi_config.h"

#include "opal/prefetch.h"

BEGIN_C_DECLS

typedef enum {
    /* "alloc": an allocation of a call: scratch that grows
       (mca_coll_swing_grow), a nonblocking request */
    MCA_COLL_SWING_FAULT_ALLOC = 0,
    /* "setup": an allocation of a setup: a communicator's plans, layouts
       and tables; hier's node map, plans and layout; a segment's view;
       single copy's buffers; the module itself */
    MCA_COLL_SWING_FAULT_SETUP,
    /* "segment": creating or opening a node's shared segment */
    MCA_COLL_SWING_FAULT_SHM_SEGMENT,
    /* "post": an isend or irecv refused for want of resources (the PML's
       OMPI_ERR_TEMP_OUT_OF_RESOURCE), which may pass */
    MCA_COLL_SWING_FAULT_POST,
    /* "post_fatal": an isend or irecv refused for good (OMPI_ERR_UNREACH) */
    MCA_COLL_SWING_FAULT_POST_FATAL,
    /* "complete": a point-to-point request completes with an error status */
    MCA_COLL_SWING_FAULT_COMPLETE,
    /* "start": a nonblocking request's start (registering the progress
       callback) */
    MCA_COLL_SWING_FAULT_START,
    /* "cma": a single-copy read of a peer's memory (process_vm_readv) */
    MCA_COLL_SWING_FAULT_CMA,
    /* "pack": packing or unpacking a type with holes (base/coll_swing_ubuf.h) */
    MCA_COLL_SWING_FAULT_PACK,
    MCA_COLL_SWING_FAULT_COUNT
} mca_coll_swing_fault_point_t;

/* The points' names, as the parameter spells them. */
extern const char *const mca_coll_swing_fault_names[MCA_COLL_SWING_FAULT_COUNT];

/* 1 when the parameter was given at open; never changes after. */
extern int mca_coll_swing_fault_enabled;

/* Counts an occurrence of point; 1 when it is the one to fail. */
int mca_coll_swing_fault_hit(int point);

/* 1 when this occurrence of point must fail. */
static inline int mca_coll_swing_fault(int point)
{
    return OPAL_UNLIKELY(mca_coll_swing_fault_enabled) && mca_coll_swing_fault_hit(point);
}

/* At component open: injection on when the parameter holds anything. */
void mca_coll_swing_fault_init(void);
/* At component close. */
void mca_coll_swing_fault_fini(void);

END_C_DECLS

#endif
