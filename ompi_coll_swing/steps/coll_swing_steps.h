/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * coll/swing, steps layer: the collectives that are step lists, run by the
 * schedule runner (engine/coll_swing_runner.h): the allreduce of a plan (Swing,
 * recursive doubling, LO and BO, multiport and ring), blocking and
 * nonblocking, and the reduce-scatter and allgather halves of its BO
 * lists.
 *
 * An executor runs one normalized call (coll_swing.h) on the module's
 * communicator and returns an Open MPI code. Executors use the engine,
 * the transports, the node layer and base/, never the layers above.
 */
#ifndef MCA_COLL_SWING_STEPS_H
#define MCA_COLL_SWING_STEPS_H

#include "coll_swing.h"

#include "swt_cost.h"

BEGIN_C_DECLS

/* The step list call->plan (Swing, RD, ring; LO, BO; in parts):
   steps/coll_swing_allreduce_steps.c */
int mca_coll_swing_exec_steps(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/*
 * Nonblocking and persistent calls (call->request set): the same step
 * list advanced by the request engine (engine/coll_swing_nb.h), the
 * request in *call->request, started unless persistent.
 */
int mca_coll_swing_exec_nb_steps(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/*
 * Reduce-scatter and allgather (steps/coll_swing_rsag.c): the RS or the
 * AG half of the BO step list call->plan, every part on its piece of
 * every block in its layout's order.
 */
int mca_coll_swing_exec_rs(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
int mca_coll_swing_exec_ag(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/*
 * The RS or AG half (half) of a single-part plan alone, on work:
 * call->count elements holding the blocks of layout l's ranks in its
 * order, its per-call offsets filled; tmp, as large, receives before
 * reducing (RS). Peers of plan and the layout's ranks are communicator
 * ranks.
 */
int mca_coll_swing_rsag_half(const mca_coll_swing_call_t *call, const mca_coll_swing_plan_t *plan,
                             const mca_coll_swing_layout_t *l, char *work, char *tmp,
                             swt_half_t half);

/*
 * Broadcast, reduce, gather and scatter (steps/coll_swing_tree_exec.c):
 * the tree or chain call->tree for call->root; gather and scatter in the
 * block layouts of the BO list call->plan.
 */
int mca_coll_swing_exec_tree(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/*
 * The steps of a tree's plan (broadcast or reduce, peers as communicator
 * ranks: hier's trees between nodes) for call, on call->count elements
 * at vec, in place: a broadcast receives into vec and sends from it (tmp
 * may be vec); a reduce receives into tmp, as large, and reduces into
 * vec, which holds this rank's partial. Every part on its slice, with
 * the blocking call's tags.
 */
int mca_coll_swing_tree_steps(const mca_coll_swing_call_t *call, const mca_coll_swing_plan_t *plan,
                              char *vec, char *tmp);

/* Blocks of a reduce-scatter or allgather call (steps/coll_swing_blocks.c). */
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
void mca_coll_swing_block_layout(const mca_coll_swing_call_t *call, mca_coll_swing_layout_t *l,
                                 int nparts, int j);

END_C_DECLS

#endif
