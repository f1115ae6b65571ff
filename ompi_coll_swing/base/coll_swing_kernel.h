/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Reductions of the component. Intrinsic ops on predefined types go to the
 * component's own kernels (kernels/swk.h: wrapping integers, fused
 * n-operand passes, one ISA level chosen at load); user ops, and the few
 * types without a kernel, to Open MPI's op functions.
 *
 * Operand order, the same in both paths: f(x, y) with x the accumulated
 * (target) operand, which is how Open MPI's intrinsics evaluate
 * target = f(target, source). Every caller that passes the same operands in
 * the same order gets the same bits.
 */
#ifndef MCA_COLL_SWING_KERNEL_H
#define MCA_COLL_SWING_KERNEL_H

#include "coll_swing_base.h"

#include "ompi/datatype/ompi_datatype.h"
#include "ompi/op/op.h"

BEGIN_C_DECLS

/* coll_swing_kernels values: which reductions serve intrinsic ops. */
typedef enum {
    MCA_COLL_SWING_KERNELS_AUTO = 0, /* the best ISA level of this CPU */
    MCA_COLL_SWING_KERNELS_BASE,
    MCA_COLL_SWING_KERNELS_AVX2,
    MCA_COLL_SWING_KERNELS_AVX512,
    MCA_COLL_SWING_KERNELS_OMPI /* Open MPI's op functions only */
} mca_coll_swing_kernels_t;

/* Picks the ISA level once, from the registered coll_swing_kernels. */
void mca_coll_swing_kernel_select(void);

/*
 * dst = src[0] op src[1] op ... op src[nsrc-1], left to right; count
 * elements of dtype; nsrc >= 1; dst may be src[0], no other source. op
 * commutative, or the operands already in the order the op wants.
 */
void mca_coll_swing_reduce_n(struct ompi_op_t *op, struct ompi_datatype_t *dtype,
                             const void *const *src, int nsrc, void *dst, size_t count);
/* right = right op left: Open MPI's ompi_op_reduce(op, left, right). */
void mca_coll_swing_reduce_into(struct ompi_op_t *op, struct ompi_datatype_t *dtype,
                                const void *left, void *right, size_t count);
/* dst = right op left, three distinct buffers; intrinsic ops only. */
void mca_coll_swing_reduce_to(struct ompi_op_t *op, struct ompi_datatype_t *dtype, const void *left,
                              const void *right, void *dst, size_t count);

END_C_DECLS

#endif
