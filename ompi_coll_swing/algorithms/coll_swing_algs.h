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

/* Parts a multiport or ring plan may have: 2 per dimension of the torus. */
#define MCA_COLL_SWING_MAX_PARTS (2 * SWT_MAX_DIMS)

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
/*
 * Reduce-scatter and allgather (algorithms/coll_swing_rsag.c): the RS or
 * the AG half of the BO step list call->plan, on the layout of its
 * pattern; the shared segment (algorithms/coll_swing_shm_rsag.c).
 */
int mca_coll_swing_exec_rs(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
int mca_coll_swing_exec_ag(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
int mca_coll_swing_exec_shm_rs(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
int mca_coll_swing_exec_shm_ag(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);

/*
 * The segment ready for this call (algorithms/coll_swing_shm.c): mapped at
 * the first use, the call's type fits a slot; *gap and *true_ext of the
 * type. MCA_COLL_SWING_DECLINED (call->declined set) when shm cannot
 * serve it.
 */
int mca_coll_swing_shm_prepare(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module,
                               ptrdiff_t *gap, ptrdiff_t *true_ext);

/* Blocks of a reduce-scatter or allgather call (algorithms/coll_swing_blocks.c). */
size_t mca_coll_swing_block_count(const mca_coll_swing_call_t *call, int r);
/* disp[r]: first element of rank r's block in the user's vector, disp[p]
   the total; returns the largest block. */
size_t mca_coll_swing_block_disps(const mca_coll_swing_call_t *call, int p, size_t *disp);
/* The layout's per-call offsets: l->disp as above, l->off[i] the first
   element of position i in the step list's vector. */
void mca_coll_swing_block_layout(const mca_coll_swing_call_t *call,
                                 mca_coll_swing_layout_t *l);

/* Releases what hier set up on the module (algorithms/coll_swing_hier_setup.c). */
void mca_coll_swing_hier_release(mca_coll_swing_module_t *module);

END_C_DECLS

#endif
