/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI_Allreduce_init entry (MPIX_Allreduce_init on Open MPI 4.1): normalized
 * as MPI_Allreduce is, the algorithm chosen once for the request's size,
 * the request built with its scratch and tag; each MPI_Start only runs
 * the step list (the nonblocking engine). Anything swing cannot run goes
 * unchanged to the previous module (libnbc). The counters count
 * requests built, not starts.
 */
#include "coll_swing_coll.h"

static int swing_allreduce_init_previous(const void *args, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_allreduce_args_t *a = args;

    return m->prev.coll_allreduce_init(a->sbuf, a->rbuf, a->count, a->dtype, a->op, a->comm,
                                       a->info, a->request, m->prev.coll_allreduce_init_module);
}

static const mca_coll_swing_coll_t swing_allreduce_init_coll = {
    .id = MCA_COLL_SWING_ALLREDUCE_INIT,
    .persistent = 1,
    .normalize = mca_coll_swing_allreduce_normalize,
    .previous = swing_allreduce_init_previous,
};

int mca_coll_swing_allreduce_init(const void *sbuf, void *rbuf, int count,
                                  struct ompi_datatype_t *dtype, struct ompi_op_t *op,
                                  struct ompi_communicator_t *comm, struct ompi_info_t *info,
                                  ompi_request_t **request, mca_coll_base_module_t *module)
{
    mca_coll_swing_allreduce_args_t args = { sbuf, rbuf, count, dtype, op, comm, info, request };

    return mca_coll_swing_dispatch(&swing_allreduce_init_coll, &args, comm,
                                   (mca_coll_swing_module_t *) module);
}
