/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Normalizing a call's datatype, shared by the entries of the reductions
 * (allreduce, reduce-scatter) and, as bytes, of the gathers.
 */
#include "coll_swing_coll.h"

#include <limits.h>

/*
 * A contiguous derived type built from one predefined type is reduced as
 * that predefined type (intrinsic ops only: a user op must see the user's
 * type); call->unit is then the predefined elements per user element.
 * Returns 0 when swing cannot run the call.
 */
int mca_coll_swing_normalize_type(mca_coll_swing_call_t *call, size_t count,
                                  struct ompi_datatype_t *dtype, struct ompi_op_t *op)
{
    ptrdiff_t lb, extent, true_lb, true_extent;

    call->dtype = dtype;
    call->count = count;
    call->unit = 1;
    if (!ompi_datatype_is_predefined(dtype)) {
        if (count > INT_MAX || !ompi_datatype_is_contiguous_memory_layout(dtype, (int) count)) {
            return 0;
        }
        if (ompi_op_is_intrinsic(op)) {
            struct ompi_datatype_t *pred = ompi_datatype_get_single_predefined_type_from_args(
                dtype);
            size_t psize, dsize;
            if (NULL == pred) {
                return 0;
            }
            ompi_datatype_type_size(pred, &psize);
            ompi_datatype_type_size(dtype, &dsize);
            if (0 == psize || 0 != dsize % psize) {
                return 0;
            }
            ompi_datatype_get_true_extent(dtype, &true_lb, &true_extent);
            /* contiguous: the data start at true_lb from the user pointer */
            if (NULL != call->sbuf) {
                call->sbuf += true_lb;
            }
            call->rbuf += true_lb;
            call->unit = dsize / psize;
            call->count = count * call->unit;
            call->dtype = pred;
        }
    }
    ompi_datatype_get_extent(call->dtype, &lb, &extent);
    call->extent = extent;
    ompi_datatype_type_size(call->dtype, &call->bytes);
    call->bytes *= call->count;
    return 1;
}

/*
 * A gather's blocks moved as bytes: the type must lay out n elements
 * without holes (size == extent), the data starting true_lb in. *unit:
 * bytes per element. Returns 0 when it does not.
 */
int mca_coll_swing_normalize_bytes(struct ompi_datatype_t *dtype, size_t n, size_t *unit,
                                   ptrdiff_t *true_lb)
{
    ptrdiff_t lb, extent, true_extent;
    size_t size;

    ompi_datatype_type_size(dtype, &size);
    ompi_datatype_get_extent(dtype, &lb, &extent);
    ompi_datatype_get_true_extent(dtype, true_lb, &true_extent);
    *unit = size;
    if (n < 2) {
        n = 2;
    }
    return 0 != size && (ptrdiff_t) size == extent && (ptrdiff_t) size == true_extent
           && n <= INT_MAX && ompi_datatype_is_contiguous_memory_layout(dtype, (int) n);
}

/*
 * A reduction's call (allreduce, reduce-scatter): commutative op, in place
 * as a NULL send buffer, the type normalized over count user elements.
 */
int mca_coll_swing_normalize_reduce(mca_coll_swing_call_t *call, const void *sbuf, void *rbuf,
                                    size_t count, struct ompi_datatype_t *dtype,
                                    struct ompi_op_t *op)
{
    static mca_coll_swing_fallback_t noncommute = { 0, "non-commutative operation" };
    static mca_coll_swing_fallback_t noncontig = { 0, "non-contiguous or mixed datatype" };

    if (!ompi_op_is_commute(op)) {
        call->fallback = &noncommute;
        return 0;
    }
    call->sbuf = (MPI_IN_PLACE == sbuf) ? NULL : (const char *) sbuf;
    call->rbuf = (char *) rbuf;
    call->op = op;
    if (!mca_coll_swing_normalize_type(call, count, dtype, op)) {
        call->fallback = &noncontig;
        return 0;
    }
    return 1;
}

/*
 * A gather's call (allgather, allgatherv) as bytes: the receive type
 * without holes over the largest block (most elements), the send type
 * (unless in place) without holes, carrying exactly this rank's block
 * (mine elements of the receive type).
 */
int mca_coll_swing_normalize_gather(mca_coll_swing_call_t *call, const void *sbuf, int scount,
                                    struct ompi_datatype_t *sdtype, void *rbuf,
                                    struct ompi_datatype_t *rdtype, size_t mine, size_t most)
{
    static mca_coll_swing_fallback_t holes = { 0, "datatype with holes, or send and receive "
                                                  "blocks of different sizes" };
    ptrdiff_t rlb, slb = 0;
    size_t sunit = 0;

    call->fallback = &holes;
    if (!mca_coll_swing_normalize_bytes(rdtype, most, &call->unit, &rlb)) {
        return 0;
    }
    call->sbuf = NULL;
    if (MPI_IN_PLACE != sbuf) {
        if (!mca_coll_swing_normalize_bytes(sdtype, (size_t) scount, &sunit, &slb)
            || sunit * (size_t) scount != call->unit * mine) {
            return 0;
        }
        call->sbuf = (const char *) sbuf + slb;
    }
    call->fallback = NULL;
    call->rbuf = (char *) rbuf + rlb;
    call->dtype = &ompi_mpi_byte.dt;
    call->extent = 1;
    call->op = NULL;
    return 1;
}

void mca_coll_swing_normalize_rooted(mca_coll_swing_call_t *call, int root)
{
    call->root = root;
    call->is_root = (ompi_comm_rank(call->comm) == root);
    call->dtype = &ompi_mpi_byte.dt;
    call->extent = 1;
    call->unit = 1;
    call->op = NULL;
    call->sbuf = NULL;
    call->rbuf = NULL;
}

void mca_coll_swing_normalize_blocks(mca_coll_swing_call_t *call, size_t block)
{
    size_t p = (size_t) ompi_comm_size(call->comm);

    call->block = block;
    call->counts = NULL;
    call->displs = NULL;
    call->count = call->bytes = p * block;
}

void mca_coll_swing_normalize_gs(const mca_coll_swing_gs_args_t *a, mca_coll_swing_call_t *call,
                                 int gather)
{
    /* the root's many blocks, and the side of this rank's one */
    const void *many = gather ? a->rbuf : a->sbuf, *one = gather ? a->sbuf : a->rbuf;
    int nmany = gather ? a->rcount : a->scount, none = gather ? a->scount : a->rcount;
    struct ompi_datatype_t *tmany = gather ? a->rdtype : a->sdtype;
    struct ompi_datatype_t *tone = gather ? a->sdtype : a->rdtype;

    mca_coll_swing_normalize_rooted(call, a->root);
    if (call->is_root) {
        mca_coll_swing_ubuf_set(&call->all, many, (size_t) nmany, tmany);
    }
    if (call->is_root && MPI_IN_PLACE == one) {
        mca_coll_swing_ubuf_block(&call->all, a->root, &call->mine);
    } else {
        mca_coll_swing_ubuf_set(&call->mine, one, (size_t) none, tone);
    }
    mca_coll_swing_normalize_blocks(call, call->mine.bytes);
}
