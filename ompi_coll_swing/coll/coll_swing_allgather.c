/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI_Allgather entry: rank r's block of rcount elements lands at
 * r * rcount in every receive buffer. Moved as bytes (coll_swing_normalize.c:
 * types without holes, send and receive blocks of the same size);
 * anything swing cannot run goes unchanged to the previous module.
 */
#include "coll_swing_coll.h"

static int swing_ag_normalize(const void *args, mca_coll_swing_call_t *call)
{
    const mca_coll_swing_gs_args_t *a = args;
    size_t p = (size_t) ompi_comm_size(a->comm);

    if (!mca_coll_swing_normalize_gather(call, a->sbuf, a->scount, a->sdtype, a->rbuf, a->rdtype,
                                         (size_t) a->rcount, p * (size_t) a->rcount)) {
        return 0;
    }
    call->block = (size_t) a->rcount * call->unit;
    call->count = call->bytes = p * call->block;
    return 1;
}

static int swing_ag_previous(const void *args, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_gs_args_t *a = args;

    return m->prev.coll_allgather(a->sbuf, a->scount, a->sdtype, a->rbuf, a->rcount, a->rdtype,
                                  a->comm, m->prev.coll_allgather_module);
}

static const mca_coll_swing_coll_t swing_ag_coll = {
    .id = MCA_COLL_SWING_ALLGATHER,
    .normalize = swing_ag_normalize,
    .previous = swing_ag_previous,
};

int mca_coll_swing_allgather(const void *sbuf, int scount, struct ompi_datatype_t *sdtype,
                             void *rbuf, int rcount, struct ompi_datatype_t *rdtype,
                             struct ompi_communicator_t *comm, mca_coll_base_module_t *module)
{
    mca_coll_swing_gs_args_t args = { sbuf, scount, sdtype, rbuf, rcount, rdtype, -1, comm };

    return mca_coll_swing_dispatch(&swing_ag_coll, &args, comm, (mca_coll_swing_module_t *) module);
}
