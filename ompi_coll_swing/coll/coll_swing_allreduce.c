/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI_Allreduce entry: its arguments normalized into a call (buffers, in
 * place, element type), then the shape every collective shares
 * (coll_swing_dispatch.c); anything swing cannot run goes unchanged to the
 * previous module.
 */
#include "coll_swing_coll.h"

int mca_coll_swing_allreduce_normalize(const void *args, mca_coll_swing_call_t *call)
{
    const mca_coll_swing_allreduce_args_t *a = args;

    call->request = a->request;
    return mca_coll_swing_normalize_reduce(call, a->sbuf, a->rbuf, (size_t) a->count, a->dtype,
                                           a->op);
}

static int swing_allreduce_previous(const void *args, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_allreduce_args_t *a = args;

    return m->prev.coll_allreduce(a->sbuf, a->rbuf, a->count, a->dtype, a->op, a->comm,
                                  m->prev.coll_allreduce_module);
}

static const mca_coll_swing_coll_t swing_allreduce_coll = {
    .id = MCA_COLL_SWING_ALLREDUCE,
    .normalize = mca_coll_swing_allreduce_normalize,
    .previous = swing_allreduce_previous,
};

int mca_coll_swing_allreduce(const void *sbuf, void *rbuf, int count, struct ompi_datatype_t *dtype,
                             struct ompi_op_t *op, struct ompi_communicator_t *comm,
                             mca_coll_base_module_t *module)
{
    mca_coll_swing_allreduce_args_t args = { sbuf, rbuf, count, dtype, op, comm, NULL, NULL };

    return mca_coll_swing_dispatch(&swing_allreduce_coll, &args, comm,
                                   (mca_coll_swing_module_t *) module);
}
