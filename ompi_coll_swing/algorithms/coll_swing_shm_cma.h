/*
 * Single-copy shm allreduce (coll_swing_shm_cma.c), the large-message
 * path of the shm algorithm when single copy is available on the segment.
 */
#ifndef MCA_COLL_SWING_SHM_CMA_H
#define MCA_COLL_SWING_SHM_CMA_H

#include "coll_swing_seg.h"

int mca_coll_swing_shm_cma_allreduce(const mca_coll_swing_call_t *call,
                                     mca_coll_swing_shm_t *s, const char *src,
                                     ptrdiff_t gap, ptrdiff_t true_ext);

#endif
