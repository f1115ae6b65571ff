/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * From Open MPI's (op, datatype) to a kernel of kernels/ (swk), and the
 * fallback to Open MPI's op functions for everything else. The mapping
 * goes through ompi_op_ddt_map, so aliases (MPI_INT, MPI_INT32_T,
 * MPI_INTEGER4, ...) land on one kernel; Fortran types whose size is not
 * that of the C type, logicals and wide chars keep Open MPI's functions.
 */
#include "coll_swing_kernel.h"

#include "ompi/mca/op/op.h"

#include "swk.h"

static swk_isa_t swing_isa = SWK_ISA_BASE;

void mca_coll_swing_kernel_select(void)
{
    static int warned;
    int *kernels = &mca_coll_swing_params.kernels;

    switch (*kernels) {
    case MCA_COLL_SWING_KERNELS_BASE:
    case MCA_COLL_SWING_KERNELS_AVX2:
    case MCA_COLL_SWING_KERNELS_AVX512:
        swing_isa = (swk_isa_t) (*kernels - MCA_COLL_SWING_KERNELS_BASE);
        if (!swk_isa_supported(swing_isa)) {
            mca_coll_swing_warn_once(&warned, 0, "warning",
                                     "coll_swing_kernels %s: not supported by this CPU; using %s",
                                     swk_isa_name(swing_isa), swk_isa_name(swk_isa_best()));
            swing_isa = swk_isa_best();
        }
        break;
    case MCA_COLL_SWING_KERNELS_OMPI: break;
    default:
        *kernels = MCA_COLL_SWING_KERNELS_AUTO;
        swing_isa = swk_isa_best();
        break;
    }
}

static int swing_swk_op(enum ompi_op_type t)
{
    switch (t) {
    case OMPI_OP_SUM: return SWK_OP_SUM;
    case OMPI_OP_PROD: return SWK_OP_PROD;
    case OMPI_OP_MAX: return SWK_OP_MAX;
    case OMPI_OP_MIN: return SWK_OP_MIN;
    case OMPI_OP_LAND: return SWK_OP_LAND;
    case OMPI_OP_LOR: return SWK_OP_LOR;
    case OMPI_OP_LXOR: return SWK_OP_LXOR;
    case OMPI_OP_BAND: return SWK_OP_BAND;
    case OMPI_OP_BOR: return SWK_OP_BOR;
    case OMPI_OP_BXOR: return SWK_OP_BXOR;
    case OMPI_OP_MAXLOC: return SWK_OP_MAXLOC;
    case OMPI_OP_MINLOC: return SWK_OP_MINLOC;
    default: return -1;
    }
}

/* Fortran and C types whose kernel depends on their size. */
static int swing_swk_sized(size_t size, int is_float)
{
    static const int ints[9] = { -1, SWK_T_I8, SWK_T_I16, -1, SWK_T_I32, -1, -1, -1, SWK_T_I64 };

    if (is_float) {
        return 4 == size ? SWK_T_F32 : 8 == size ? SWK_T_F64 : -1;
    }
    return size <= 8 ? ints[size] : -1;
}

static int swing_swk_type(int base, size_t size)
{
    switch (base) {
    case OMPI_OP_BASE_TYPE_INT8_T: return SWK_T_I8;
    case OMPI_OP_BASE_TYPE_UINT8_T: return SWK_T_U8;
    case OMPI_OP_BASE_TYPE_INT16_T: return SWK_T_I16;
    case OMPI_OP_BASE_TYPE_UINT16_T: return SWK_T_U16;
    case OMPI_OP_BASE_TYPE_INT32_T: return SWK_T_I32;
    case OMPI_OP_BASE_TYPE_UINT32_T: return SWK_T_U32;
    case OMPI_OP_BASE_TYPE_INT64_T: return SWK_T_I64;
    case OMPI_OP_BASE_TYPE_UINT64_T: return SWK_T_U64;
    case OMPI_OP_BASE_TYPE_LONG: return swing_swk_sized(size, 0);
    case OMPI_OP_BASE_TYPE_UNSIGNED_LONG: return 8 == size ? SWK_T_U64 : 4 == size ? SWK_T_U32 : -1;
    case OMPI_OP_BASE_TYPE_INTEGER:
    case OMPI_OP_BASE_TYPE_INTEGER1:
    case OMPI_OP_BASE_TYPE_INTEGER2:
    case OMPI_OP_BASE_TYPE_INTEGER4:
    case OMPI_OP_BASE_TYPE_INTEGER8: return swing_swk_sized(size, 0);
    case OMPI_OP_BASE_TYPE_FLOAT: return SWK_T_F32;
    case OMPI_OP_BASE_TYPE_DOUBLE: return SWK_T_F64;
    case OMPI_OP_BASE_TYPE_REAL:
    case OMPI_OP_BASE_TYPE_REAL4:
    case OMPI_OP_BASE_TYPE_REAL8:
    case OMPI_OP_BASE_TYPE_DOUBLE_PRECISION: return swing_swk_sized(size, 1);
    case OMPI_OP_BASE_TYPE_LONG_DOUBLE: return SWK_T_LD;
    case OMPI_OP_BASE_TYPE_BOOL: return SWK_T_BOOL;
    case OMPI_OP_BASE_TYPE_C_FLOAT_COMPLEX: return SWK_T_C32;
    case OMPI_OP_BASE_TYPE_C_DOUBLE_COMPLEX: return SWK_T_C64;
    case OMPI_OP_BASE_TYPE_BYTE: return SWK_T_U8;
    case OMPI_OP_BASE_TYPE_2REAL: return 8 == size ? SWK_T_F32_F32 : -1;
    case OMPI_OP_BASE_TYPE_2DOUBLE_PRECISION: return 16 == size ? SWK_T_F64_F64 : -1;
    case OMPI_OP_BASE_TYPE_2INTEGER: return 8 == size ? SWK_T_I32_I : -1;
    case OMPI_OP_BASE_TYPE_FLOAT_INT: return SWK_T_F32_I;
    case OMPI_OP_BASE_TYPE_DOUBLE_INT: return SWK_T_F64_I;
    case OMPI_OP_BASE_TYPE_LONG_INT: return SWK_T_LONG_I;
    case OMPI_OP_BASE_TYPE_2INT: return SWK_T_I32_I;
    case OMPI_OP_BASE_TYPE_SHORT_INT: return SWK_T_I16_I;
    case OMPI_OP_BASE_TYPE_LONG_DOUBLE_INT: return SWK_T_LD_I;
    default: return -1;
    }
}

/* The kernel for this call, or NULL: then Open MPI's functions serve it. */
static const swk_kernel_t *swing_kernel(struct ompi_op_t *op, struct ompi_datatype_t *dtype)
{
    const swk_kernel_t *k;
    size_t size;
    ptrdiff_t lb, extent;
    int base, sop, stype;

    if (MCA_COLL_SWING_KERNELS_OMPI == mca_coll_swing_params.kernels || !ompi_op_is_intrinsic(op)
        || !ompi_datatype_is_predefined(dtype)) {
        return NULL;
    }
    base = ompi_op_ddt_map[dtype->id];
    if (base < 0 || NULL == op->o_func.intrinsic.fns[base]) {
        return NULL; /* not an op Open MPI defines on this type either */
    }
    ompi_datatype_type_size(dtype, &size);
    ompi_datatype_get_extent(dtype, &lb, &extent);
    sop = swing_swk_op(op->op_type);
    stype = swing_swk_type(base, size);
    if (sop < 0 || stype < 0) {
        return NULL;
    }
    k = swk_lookup(swing_isa, (swk_op_t) sop, (swk_type_t) stype);
    return (NULL != k && (ptrdiff_t) k->size == extent && 0 == lb) ? k : NULL;
}

void mca_coll_swing_reduce_n(struct ompi_op_t *op, struct ompi_datatype_t *dtype,
                             const void *const *src, int nsrc, void *dst, size_t count)
{
    const swk_kernel_t *k = swing_kernel(op, dtype);

    if (NULL != k) {
        swk_reduce(k, dst, src, nsrc, count);
        return;
    }
    if (nsrc == 1) {
        if (dst != src[0]) {
            ompi_datatype_copy_content_same_ddt(dtype, count, dst, (char *) src[0]);
        }
        return;
    }
    /* dst = f(src0, src1): the 3-buffer form's first operand is the target's */
    ompi_3buff_op_reduce(op, (void *) src[0], (void *) src[1], dst, (int) count, dtype);
    for (int i = 2; i < nsrc; ++i) {
        /* dst = f(dst, src_i) */
        ompi_op_reduce(op, (void *) src[i], dst, count, dtype);
    }
}

void mca_coll_swing_reduce_into(struct ompi_op_t *op, struct ompi_datatype_t *dtype,
                                const void *left, void *right, size_t count)
{
    const swk_kernel_t *k = swing_kernel(op, dtype);
    const void *src[2] = { right, left };

    if (NULL != k) {
        swk_reduce(k, right, src, 2, count);
    } else {
        ompi_op_reduce(op, (void *) left, right, count, dtype);
    }
}

void mca_coll_swing_reduce_to(struct ompi_op_t *op, struct ompi_datatype_t *dtype, const void *left,
                              const void *right, void *dst, size_t count)
{
    const void *src[2] = { right, left };

    mca_coll_swing_reduce_n(op, dtype, src, 2, dst, count);
}
