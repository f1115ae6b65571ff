/*
 * Single-copy shm allgather(v) (coll_swing_shm_cma_ag.c), the large-message
 * path of the shm allgather when single copy is available on the segment.
 */
#ifndef MCA_COLL_SWING_SHM_CMA_AG_H
#define MCA_COLL_SWING_SHM_CMA_AG_H

#include "coll_swing_shm_segment.h"

/* own: the first byte of my block; disp as mca_coll_swing_block_disps
   gives it; the datatype has no holes (copied as extent * count bytes);
   seq: the call's number on the segment. */
int mca_coll_swing_shm_cma_allgather(const mca_coll_swing_call_t *call, mca_coll_swing_shm_t *s,
                                     uint64_t seq, const size_t *disp, ptrdiff_t gap,
                                     const char *own);

#endif
