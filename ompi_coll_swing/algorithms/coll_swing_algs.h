/*
 * coll/swing, algorithms layer: the executors the algorithm table names.
 *
 * An executor serves one normalised call (coll_swing.h) on the module's
 * communicator and returns an Open MPI code. One that cannot serve the
 * call it was chosen for (ranks on several nodes for shm, a type larger
 * than a slot, ...) sets call->declined and returns MCA_COLL_SWING_DECLINED
 * before any communication, on every rank alike; the entry layer then
 * serves the call with a message-passing schedule. Executors use the
 * transports, the node layer and base/, never the layers above.
 */
#ifndef MCA_COLL_SWING_ALGS_H
#define MCA_COLL_SWING_ALGS_H

#include "coll_swing.h"

BEGIN_C_DECLS

typedef int (*mca_coll_swing_exec_fn_t)(mca_coll_swing_call_t *call,
                                        mca_coll_swing_module_t *module);

/* The step list call->plan (Swing, RD; LO, BO): algorithms/coll_swing_steps.c */
int mca_coll_swing_exec_steps(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/* The node's shared segment: algorithms/coll_swing_shm.c */
int mca_coll_swing_exec_shm(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/* Node shared memory + Swing between nodes: algorithms/coll_swing_hier.c */
int mca_coll_swing_exec_hier(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/*
 * Nonblocking and persistent calls (call->request set): the step list
 * call->plan run by the nonblocking engine (algorithms/coll_swing_nb.h),
 * the request in *call->request, started unless persistent:
 * algorithms/coll_swing_nbsteps.c
 */
int mca_coll_swing_exec_nb_steps(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/* Pipeline segments of the step executors: elements per segment for a
   range of n (the whole range when segmentation is off), and the length of
   segment i of a range of n cut every seg elements. */
size_t mca_coll_swing_segment_elems(const mca_coll_swing_call_t *call, size_t n);
size_t mca_coll_swing_seg_len(size_t n, size_t seg, size_t i);
/* Releases what hier set up on the module (algorithms/coll_swing_hier_setup.c). */
void mca_coll_swing_hier_release(mca_coll_swing_module_t *module);

END_C_DECLS

#endif
