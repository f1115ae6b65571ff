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
#include "swt_cost.h"

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
/* The same for shm and hier: the segment's protocol in the nonblocking
   engine (algorithms/coll_swing_nbseg.c). */
int mca_coll_swing_exec_nb_shm(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
int mca_coll_swing_exec_nb_hier(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/* A blocking call about to use the segment: first every nonblocking shm
   or hier operation started before it on the module runs to its end
   (each rank does the same, in the same order). */
void mca_coll_swing_nbseg_drain(mca_coll_swing_module_t *module);
/*
 * Reduce-scatter and allgather (algorithms/coll_swing_rsag.c): the RS or
 * the AG half of the BO step list call->plan, every part on its piece of
 * every block in its layout's order; the shared segment
 * (algorithms/coll_swing_shm_rsag.c).
 */
int mca_coll_swing_exec_rs(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
int mca_coll_swing_exec_ag(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
int mca_coll_swing_exec_shm_rs(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
int mca_coll_swing_exec_shm_ag(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/* Node shared memory + the BO list's half between nodes:
   algorithms/coll_swing_hier_rsag.c */
int mca_coll_swing_exec_hier_rs(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
int mca_coll_swing_exec_hier_ag(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/*
 * The RS or AG half (half) of a single-part plan alone, on work:
 * call->count elements holding the blocks of layout l's ranks in its
 * order, its per-call offsets filled; tmp, as large, receives before
 * reducing (RS). Peers of plan and the layout's ranks are communicator
 * ranks (algorithms/coll_swing_rsag.c).
 */
int mca_coll_swing_rsag_half(const mca_coll_swing_call_t *call,
                             const mca_coll_swing_plan_t *plan,
                             const mca_coll_swing_layout_t *l, char *work, char *tmp,
                             swt_half_t half);

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
/* Piece j of nparts of rank r's block: elements [*first, *first + *n) of
   the block (swt_part_elems; one piece, the block, when nparts is 1). */
void mca_coll_swing_block_piece(const mca_coll_swing_call_t *call, int r, int nparts, int j,
                                size_t *first, size_t *n);
/* Part j's per-call offsets: l->off[i] the first element of position i's
   piece in part j's vector (l is part j's layout). */
void mca_coll_swing_block_layout(const mca_coll_swing_call_t *call,
                                 mca_coll_swing_layout_t *l, int nparts, int j);

/* Releases what hier set up on the module (algorithms/coll_swing_hier_setup.c). */
void mca_coll_swing_hier_release(mca_coll_swing_module_t *module);

END_C_DECLS

#endif
