/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI_Reduce_scatter entry: blocks of rcounts[r] elements (any, zeros
 * included), packed in rank order; rank r keeps block r of the reduction.
 * Normalized like an allreduce of their sum (coll_swing_normalize.c); anything
 * swing cannot run goes unchanged to the previous module.
 */
#include "coll_swing_coll.h"

static int swing_rs_normalize(const void *args, mca_coll_swing_call_t *call)
{
    const mca_coll_swing_rs_args_t *a = args;
    size_t total = 0;

    for (int r = 0; r < ompi_comm_size(a->comm); ++r) {
        total += (size_t) a->rcounts[r];
    }
    if (!mca_coll_swing_normalize_reduce(call, a->sbuf, a->rbuf, total, a->dtype, a->op)) {
        return 0;
    }
    call->counts = a->rcounts;
    return 1;
}

static int swing_rs_previous(const void *args, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_rs_args_t *a = args;

    return m->prev.coll_reduce_scatter(a->sbuf, a->rbuf, a->rcounts, a->dtype, a->op, a->comm,
                                       m->prev.coll_reduce_scatter_module);
}

static const mca_coll_swing_coll_t swing_rs_coll = {
    .id = MCA_COLL_SWING_REDUCE_SCATTER,
    .normalize = swing_rs_normalize,
    .previous = swing_rs_previous,
};

int mca_coll_swing_reduce_scatter(const void *sbuf, void *rbuf, const int *rcounts,
                                  struct ompi_datatype_t *dtype, struct ompi_op_t *op,
                                  struct ompi_communicator_t *comm, mca_coll_base_module_t *module)
{
    mca_coll_swing_rs_args_t args = { sbuf, rbuf, rcounts, dtype, op, comm };

    return mca_coll_swing_dispatch(&swing_rs_coll, &args, comm, (mca_coll_swing_module_t *) module);
}
