/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI_Bcast entry: the root's count elements to every rank, moved as
 * bytes (types with holes packed: base/coll_swing_ubuf.h), so every rank
 * runs every call alike. The trees and shared memory of decide/'s
 * broadcast table run it.
 */
#include "coll_swing_coll.h"

static int swing_bcast_normalize(const void *args, mca_coll_swing_call_t *call)
{
    const mca_coll_swing_bcast_args_t *a = args;

    mca_coll_swing_normalize_rooted(call, a->root);
    mca_coll_swing_ubuf_set(&call->mine, a->buf, (size_t) a->count, a->dtype);
    call->count = call->bytes = call->mine.bytes;
    call->rbuf = call->mine.direct;
    return 1;
}

static int swing_bcast_previous(const void *args, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_bcast_args_t *a = args;

    return m->prev.coll_bcast(a->buf, a->count, a->dtype, a->root, a->comm,
                              m->prev.coll_bcast_module);
}

static const mca_coll_swing_coll_t swing_bcast_coll = {
    .id = MCA_COLL_SWING_BCAST,
    .normalize = swing_bcast_normalize,
    .previous = swing_bcast_previous,
};

int mca_coll_swing_bcast(void *buf, int count, struct ompi_datatype_t *dtype, int root,
                         struct ompi_communicator_t *comm, mca_coll_base_module_t *module)
{
    mca_coll_swing_bcast_args_t args = { buf, count, dtype, root, comm };

    return mca_coll_swing_dispatch(&swing_bcast_coll, &args, comm,
                                   (mca_coll_swing_module_t *) module);
}
