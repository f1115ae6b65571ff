/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * coll/swing, shm layer: the collectives of a node's shared segment
 * (transport/coll_swing_shm_segment.h): the shm allreduce (small and large
 * schemes, single copy), its nonblocking form, reduce-scatter and
 * allgather, broadcast, reduce, gather and scatter through the segment,
 * and the segment protocol as actions between waits (coll_swing_shm_op.h)
 * that hier (the layer above) runs too. Uses the steps layer for hier's
 * step between nodes, the engine, the transports, the node layer and base/.
 */
#ifndef MCA_COLL_SWING_SHM_H
#define MCA_COLL_SWING_SHM_H

#include "coll_swing.h"

BEGIN_C_DECLS

/* The node's shared segment: shm/coll_swing_shm.c; MPI_Reduce too
   (call->tcoll), the root alone copying the result out. */
int mca_coll_swing_exec_shm(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/* The same in the nonblocking engine (shm/coll_swing_shm_nb.c). */
int mca_coll_swing_exec_nb_shm(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/* Reduce-scatter and allgather through the segment (shm/coll_swing_shm_rsag.c). */
int mca_coll_swing_exec_shm_rs(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
int mca_coll_swing_exec_shm_ag(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/* Broadcast, reduce, gather and scatter through the segment, by call->tcoll
   (shm/coll_swing_shm_rooted.c). */
int mca_coll_swing_exec_shm_rooted(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module);
/*
 * The segment ready for this call (shm/coll_swing_shm.c): mapped at the
 * first use, the call's type fits a slot; *gap and *true_ext of the
 * type. MCA_COLL_SWING_FALLBACK (call->fallback set) when shm cannot
 * run it.
 */
int mca_coll_swing_shm_prepare(mca_coll_swing_call_t *call, mca_coll_swing_module_t *module,
                               ptrdiff_t *gap, ptrdiff_t *true_ext);
/* A blocking call about to use the segment: first every nonblocking shm
   or hier operation started before it on the module runs to its end
   (each rank does the same, in the same order). */
void mca_coll_swing_shm_nb_drain(mca_coll_swing_module_t *module);
/*
 * Single-copy allgather(v) (shm/coll_swing_shm_cma_ag.c), the large-message
 * path of the shm allgather when single copy is available on the segment:
 * own is the first byte of my block, disp as mca_coll_swing_block_disps
 * gives it; the datatype has no holes (copied as extent * count bytes);
 * seq is the call's number on the segment.
 */
int mca_coll_swing_shm_cma_allgather(const mca_coll_swing_call_t *call,
                                     struct mca_coll_swing_shm_t *s, uint64_t seq,
                                     const size_t *disp, ptrdiff_t gap, const char *own);

END_C_DECLS

#endif
