/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * coll/swing, hier layer: across nodes with several ranks on a node, the
 * node's shared segment and a step list between nodes on one rank per
 * node (allreduce, its nonblocking form, reduce-scatter, allgather,
 * broadcast, reduce).
 * Uses the shm and steps layers below it.
 */
#ifndef MCA_COLL_SWING_HIER_H
#define MCA_COLL_SWING_HIER_H

#include "coll_swing.h"

BEGIN_C_DECLS

/* Node shared memory + Swing between nodes: hier/coll_swing_hier.c */
int mca_coll_swing_exec_hier(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/* The same in the nonblocking engine. */
int mca_coll_swing_exec_nb_hier(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/* Node shared memory + the BO list's half between nodes:
   hier/coll_swing_hier_rsag.c */
int mca_coll_swing_exec_hier_rs(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
int mca_coll_swing_exec_hier_ag(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/* Broadcast and reduce (call->tcoll): node shared memory + a Bine tree
   between one leader per node (hier/coll_swing_hier_rooted.c) */
int mca_coll_swing_exec_hier_rooted(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/* Releases what hier set up on the module (hier/coll_swing_hier_setup.c). */
void mca_coll_swing_hier_release(mca_coll_swing_module_t *module);

END_C_DECLS

#endif
