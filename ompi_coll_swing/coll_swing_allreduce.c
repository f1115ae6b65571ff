/*
 * MPI_Allreduce entry: decide whether swing serves the call, settle the
 * buffers and the element type once, pick the algorithm, execute; anything
 * else goes unchanged to the module swing replaced.
 */
#include "coll_swing.h"

#include "opal/util/output.h"

enum {
    SWING_WHY_NONCOMMUTE,
    SWING_WHY_NONCONTIG,
    SWING_WHY_NOT_AVAILABLE,
    SWING_WHY_COUNT
};

static int swing_warned[SWING_WHY_COUNT];

static int swing_fallback(int why, const char *detail, const void *sbuf,
                          void *rbuf, int count, struct ompi_datatype_t *dtype,
                          struct ompi_op_t *op, struct ompi_communicator_t *comm,
                          mca_coll_swing_module_t *m)
{
    mca_coll_swing_warn_once(&swing_warned[why], 1, "unavailable",
                             "MPI_Allreduce on %s handed to the previous module: %s",
                             comm->c_name, detail);
    __atomic_fetch_add(&mca_coll_swing_component.fallback, 1, __ATOMIC_RELAXED);
    return m->prev_allreduce(sbuf, rbuf, count, dtype, op, comm,
                             m->prev_allreduce_module);
}

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

int mca_coll_swing_allreduce(const void *sbuf, void *rbuf, int count,
                             struct ompi_datatype_t *dtype, struct ompi_op_t *op,
                             struct ompi_communicator_t *comm,
                             mca_coll_base_module_t *module)
{
    mca_coll_swing_module_t *m = (mca_coll_swing_module_t *) module;
    mca_coll_swing_call_t call;
    const mca_coll_swing_alg_t *alg;
    int id;

    if (!ompi_op_is_commute(op)) {
        return swing_fallback(SWING_WHY_NONCOMMUTE, "non-commutative operation",
                              sbuf, rbuf, count, dtype, op, comm, m);
    }
    call.sbuf = (MPI_IN_PLACE == sbuf) ? NULL : (const char *) sbuf;
    call.rbuf = (char *) rbuf;
    call.op = op;
    call.comm = comm;
    if (!swing_settle_type(&call, count, dtype, op)) {
        return swing_fallback(SWING_WHY_NONCONTIG, "non-contiguous or mixed datatype",
                              sbuf, rbuf, count, dtype, op, comm, m);
    }
    id = mca_coll_swing_decide(m, call.bytes);
    alg = &mca_coll_swing_algs[id];
    if (NULL == alg->exec) {
        return swing_fallback(SWING_WHY_NOT_AVAILABLE, "algorithm not available",
                              sbuf, rbuf, count, dtype, op, comm, m);
    }
    __atomic_fetch_add(&mca_coll_swing_component.served[id], 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&mca_coll_swing_component.served_total, 1, __ATOMIC_RELAXED);
    if (mca_coll_swing_component.verbose >= 3) {
        opal_output(mca_coll_swing_component.output,
                    "coll:swing: allreduce of %zu bytes on %s: %s", call.bytes,
                    comm->c_name, alg->name);
    }
    if (0 == count) {
        return MPI_SUCCESS;
    }
    call.plan = &m->plans[id];
    return alg->exec(&call, m);
}
