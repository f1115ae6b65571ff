/*
 * Reductions through Open MPI's op functions: the first two operands with
 * the 3-buffer form, every further one folded into dst.
 */
#include "coll_swing_kernel.h"

#include <string.h>

void mca_coll_swing_reduce_n(struct ompi_op_t *op, struct ompi_datatype_t *dtype,
                             const void *const *src, int nsrc, void *dst, size_t count)
{
    if (nsrc == 1) {
        if (dst != src[0]) {
            ompi_datatype_copy_content_same_ddt(dtype, count, dst, (char *) src[0]);
        }
        return;
    }
    /* dst = src0 op src1 */
    ompi_3buff_op_reduce(op, (void *) src[0], (void *) src[1], dst, (int) count, dtype);
    for (int i = 2; i < nsrc; ++i) {
        /* dst = src_i op dst: commutative, so the same as dst op src_i */
        ompi_op_reduce(op, (void *) src[i], dst, count, dtype);
    }
}
