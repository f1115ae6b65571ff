/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI_Allgatherv entry: rank r's block of rcounts[r] elements lands at
 * displs[r] in every receive buffer. Moved as bytes like MPI_Allgather
 * (coll_swing_normalize.c); negative displacements go, with everything else
 * swing cannot run, unchanged to the previous module.
 */
#include "coll_swing_coll.h"

static int swing_agv_normalize(const void *args, mca_coll_swing_call_t *call)
{
    static mca_coll_swing_fallback_t negative = { 0, "negative displacement" };
    const mca_coll_swing_agv_args_t *a = args;
    size_t total = 0, most = 0;

    for (int r = 0; r < ompi_comm_size(a->comm); ++r) {
        if (a->displs[r] < 0) {
            call->fallback = &negative;
            return 0;
        }
        total += (size_t) a->rcounts[r];
        most = ((size_t) a->rcounts[r] > most) ? (size_t) a->rcounts[r] : most;
    }
    if (!mca_coll_swing_normalize_gather(call, a->sbuf, a->scount, a->sdtype, a->rbuf, a->rdtype,
                                         (size_t) a->rcounts[ompi_comm_rank(a->comm)], most)) {
        return 0;
    }
    call->counts = a->rcounts;
    call->displs = a->displs;
    call->count = call->bytes = total * call->unit;
    return 1;
}

static int swing_agv_previous(const void *args, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_agv_args_t *a = args;

    return m->prev.coll_allgatherv(a->sbuf, a->scount, a->sdtype, a->rbuf, a->rcounts, a->displs,
                                   a->rdtype, a->comm, m->prev.coll_allgatherv_module);
}

static const mca_coll_swing_coll_t swing_agv_coll = {
    .id = MCA_COLL_SWING_ALLGATHERV,
    .normalize = swing_agv_normalize,
    .previous = swing_agv_previous,
};

int mca_coll_swing_allgatherv(const void *sbuf, int scount, struct ompi_datatype_t *sdtype,
                              void *rbuf, const int *rcounts, const int *displs,
                              struct ompi_datatype_t *rdtype, struct ompi_communicator_t *comm,
                              mca_coll_base_module_t *module)
{
    mca_coll_swing_agv_args_t args = { sbuf, scount, sdtype, rbuf, rcounts, displs, rdtype, comm };

    return mca_coll_swing_dispatch(&swing_agv_coll, &args, comm,
                                   (mca_coll_swing_module_t *) module);
}
