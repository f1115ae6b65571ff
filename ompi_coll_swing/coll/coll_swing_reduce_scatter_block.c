/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI_Reduce_scatter_block entry: p blocks of rcount elements, rank r
 * keeps block r of the reduction. Normalized like an allreduce of p * rcount
 * elements (coll_swing_normalize.c) with blocks of rcount; anything swing
 * cannot run goes unchanged to the previous module.
 */
#include "coll_swing_coll.h"

static int swing_rsb_normalize(const void *args, mca_coll_swing_call_t *call)
{
    const mca_coll_swing_rsb_args_t *a = args;
    size_t total = (size_t) ompi_comm_size(a->comm) * (size_t) a->rcount;

    if (!mca_coll_swing_normalize_reduce(call, a->sbuf, a->rbuf, total, a->dtype, a->op)) {
        return 0;
    }
    call->block = (size_t) a->rcount * call->unit;
    return 1;
}

static int swing_rsb_previous(const void *args, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_rsb_args_t *a = args;

    return m->prev.coll_reduce_scatter_block(a->sbuf, a->rbuf, a->rcount, a->dtype, a->op, a->comm,
                                             m->prev.coll_reduce_scatter_block_module);
}

static const mca_coll_swing_coll_t swing_rsb_coll = {
    .id = MCA_COLL_SWING_REDUCE_SCATTER_BLOCK,
    .normalize = swing_rsb_normalize,
    .previous = swing_rsb_previous,
};

int mca_coll_swing_reduce_scatter_block(const void *sbuf, void *rbuf, int rcount,
                                        struct ompi_datatype_t *dtype, struct ompi_op_t *op,
                                        struct ompi_communicator_t *comm,
                                        mca_coll_base_module_t *module)
{
    mca_coll_swing_rsb_args_t args = { sbuf, rbuf, rcount, dtype, op, comm };

    return mca_coll_swing_dispatch(&swing_rsb_coll, &args, comm,
                                   (mca_coll_swing_module_t *) module);
}
