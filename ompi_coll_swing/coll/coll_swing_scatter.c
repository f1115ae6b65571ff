/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI_Scatter entry: the root's p blocks, block r to rank r, moved as
 * bytes (types with holes packed: base/coll_swing_ubuf.h). The block's
 * size comes from the receive side on every rank but an in-place root
 * (the send side): MPI makes them equal. The root's send buffer matters
 * at the root only.
 */
#include "coll_swing_coll.h"

static int swing_scatter_normalize(const void *args, mca_coll_swing_call_t *call)
{
    mca_coll_swing_normalize_gs(args, call, 0);
    return 1;
}

static int swing_scatter_previous(const void *args, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_gs_args_t *a = args;

    return m->prev.coll_scatter(a->sbuf, a->scount, a->sdtype, a->rbuf, a->rcount, a->rdtype,
                                a->root, a->comm, m->prev.coll_scatter_module);
}

static const mca_coll_swing_coll_t swing_scatter_coll = {
    .id = MCA_COLL_SWING_SCATTER,
    .normalize = swing_scatter_normalize,
    .previous = swing_scatter_previous,
};

int mca_coll_swing_scatter(const void *sbuf, int scount, struct ompi_datatype_t *sdtype, void *rbuf,
                           int rcount, struct ompi_datatype_t *rdtype, int root,
                           struct ompi_communicator_t *comm, mca_coll_base_module_t *module)
{
    mca_coll_swing_gs_args_t args = { sbuf, scount, sdtype, rbuf, rcount, rdtype, root, comm };

    return mca_coll_swing_dispatch(&swing_scatter_coll, &args, comm,
                                   (mca_coll_swing_module_t *) module);
}
