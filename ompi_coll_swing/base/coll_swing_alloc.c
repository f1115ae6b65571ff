/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The component's allocations (coll_swing_base.h): a call's buffers that
 * grow, and a setup's, each a fault point (coll_swing_fault.h).
 */
#include "coll_swing_base.h"

#include <stdlib.h>

int mca_coll_swing_grow(char **buf, size_t *size, size_t bytes)
{
    if (bytes > *size) {
        char *grown = mca_coll_swing_fault(MCA_COLL_SWING_FAULT_ALLOC) ? NULL : malloc(bytes);
        if (NULL == grown) {
            return OMPI_ERR_OUT_OF_RESOURCE;
        }
        free(*buf);
        *buf = grown;
        *size = bytes;
    }
    return OMPI_SUCCESS;
}

void *mca_coll_swing_setup_malloc(size_t bytes)
{
    return mca_coll_swing_fault(MCA_COLL_SWING_FAULT_SETUP) ? NULL : malloc(bytes);
}

void *mca_coll_swing_setup_calloc(size_t n, size_t size)
{
    return mca_coll_swing_fault(MCA_COLL_SWING_FAULT_SETUP) ? NULL : calloc(n, size);
}
