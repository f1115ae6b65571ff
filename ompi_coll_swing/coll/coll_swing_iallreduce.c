/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI_Iallreduce entry: normalized as MPI_Allreduce is (coll_swing_allreduce.c),
 * then the shape every collective shares (coll_swing_dispatch.c); the chosen
 * step list runs in the nonblocking engine and the call returns its
 * request at once. Anything swing cannot run goes unchanged to the
 * previous module (libnbc).
 */
#include "coll_swing_coll.h"

static int swing_iallreduce_previous(const void *args, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_allreduce_args_t *a = args;

    return m->prev.coll_iallreduce(a->sbuf, a->rbuf, a->count, a->dtype, a->op, a->comm, a->request,
                                   m->prev.coll_iallreduce_module);
}

static const mca_coll_swing_coll_t swing_iallreduce_coll = {
    .id = MCA_COLL_SWING_IALLREDUCE,
    .persistent = 0,
    .normalize = mca_coll_swing_allreduce_normalize,
    .previous = swing_iallreduce_previous,
};

int mca_coll_swing_iallreduce(const void *sbuf, void *rbuf, int count,
                              struct ompi_datatype_t *dtype, struct ompi_op_t *op,
                              struct ompi_communicator_t *comm, ompi_request_t **request,
                              mca_coll_base_module_t *module)
{
    mca_coll_swing_allreduce_args_t args = { sbuf, rbuf, count, dtype, op, comm, NULL, request };

    return mca_coll_swing_dispatch(&swing_iallreduce_coll, &args, comm,
                                   (mca_coll_swing_module_t *) module);
}
