/*
 * MPI_Allreduce entry: its arguments settled into a call (buffers, in
 * place, element type), then the shape every collective shares
 * (coll_swing_serve.c); anything swing cannot serve goes unchanged to the
 * module swing replaced.
 */
#include "coll_swing_coll.h"

/*
 * A contiguous derived type built from one predefined type is reduced as
 * that predefined type (intrinsic ops only: a user op must see the user's
 * type). Returns 0 when the call cannot be served.
 */
static int swing_settle_type(mca_coll_swing_call_t *call, int count,
                             struct ompi_datatype_t *dtype, struct ompi_op_t *op)
{
    ptrdiff_t lb, extent, true_lb, true_extent;

    call->dtype = dtype;
    call->count = (size_t) count;
    if (!ompi_datatype_is_predefined(dtype)) {
        if (!ompi_datatype_is_contiguous_memory_layout(dtype, count)) {
            return 0;
        }
        if (ompi_op_is_intrinsic(op)) {
            struct ompi_datatype_t *pred =
                ompi_datatype_get_single_predefined_type_from_args(dtype);
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
            call->count = (size_t) count * (dsize / psize);
            call->dtype = pred;
        }
    }
    ompi_datatype_get_extent(call->dtype, &lb, &extent);
    call->extent = extent;
    ompi_datatype_type_size(call->dtype, &call->bytes);
    call->bytes *= call->count;
    return 1;
}

int mca_coll_swing_allreduce_settle(const void *args, mca_coll_swing_call_t *call)
{
    static mca_coll_swing_decline_t noncommute = {0, "non-commutative operation"};
    static mca_coll_swing_decline_t noncontig = {0, "non-contiguous or mixed datatype"};
    const mca_coll_swing_allreduce_args_t *a = args;

    if (!ompi_op_is_commute(a->op)) {
        call->declined = &noncommute;
        return 0;
    }
    call->sbuf = (MPI_IN_PLACE == a->sbuf) ? NULL : (const char *) a->sbuf;
    call->rbuf = (char *) a->rbuf;
    call->op = a->op;
    call->request = a->request;
    if (!swing_settle_type(call, a->count, a->dtype, a->op)) {
        call->declined = &noncontig;
        return 0;
    }
    return 1;
}

static int swing_allreduce_previous(const void *args, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_allreduce_args_t *a = args;

    return m->prev_allreduce(a->sbuf, a->rbuf, a->count, a->dtype, a->op, a->comm,
                             m->prev_allreduce_module);
}

static const mca_coll_swing_coll_t swing_allreduce_coll = {
    .id = MCA_COLL_SWING_ALLREDUCE,
    .settle = mca_coll_swing_allreduce_settle,
    .previous = swing_allreduce_previous,
};

int mca_coll_swing_allreduce(const void *sbuf, void *rbuf, int count,
                             struct ompi_datatype_t *dtype, struct ompi_op_t *op,
                             struct ompi_communicator_t *comm,
                             mca_coll_base_module_t *module)
{
    mca_coll_swing_allreduce_args_t args = {sbuf, rbuf, count, dtype, op, comm, NULL, NULL};

    return mca_coll_swing_serve(&swing_allreduce_coll, &args, comm,
                                (mca_coll_swing_module_t *) module);
}
