/*
 * Reductions of the component: dst = src[0] op src[1] op ... op src[n-1],
 * element by element, always combined left to right, so that every caller
 * that passes the same operands in the same order gets the same bits.
 */
#ifndef MCA_COLL_SWING_KERNEL_H
#define MCA_COLL_SWING_KERNEL_H

#include "coll_swing.h"

BEGIN_C_DECLS

/*
 * count elements of dtype; nsrc >= 1; dst may be src[0] (never another
 * source). op must be commutative, or the operands already in the order the
 * op wants.
 */
void mca_coll_swing_reduce_n(struct ompi_op_t *op, struct ompi_datatype_t *dtype,
                             const void *const *src, int nsrc, void *dst, size_t count);

END_C_DECLS

#endif
