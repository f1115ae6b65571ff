/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI_Reduce entry: the reduction of every rank's count elements, at the
 * root. Normalized like an allreduce (coll_swing_normalize.c: commutative op,
 * contiguous type as its predefined element); the receive buffer matters
 * at the root only, so other ranks work in scratch. Anything swing cannot
 * run goes unchanged to the previous module.
 */
#include "coll_swing_coll.h"

static int swing_reduce_normalize(const void *args, mca_coll_swing_call_t *call)
{
    static mca_coll_swing_fallback_t in_place = { 0, "MPI_IN_PLACE on a rank other than the root" };
    const mca_coll_swing_reduce_args_t *a = args;

    mca_coll_swing_normalize_rooted(call, a->root);
    if (!call->is_root && MPI_IN_PLACE == a->sbuf) {
        call->fallback = &in_place;
        return 0;
    }
    if (!mca_coll_swing_normalize_reduce(call, a->sbuf, call->is_root ? a->rbuf : NULL,
                                         (size_t) a->count, a->dtype, a->op)) {
        return 0;
    }
    if (!call->is_root) {
        call->rbuf = NULL; /* insignificant here, possibly NULL */
    }
    return 1;
}

static int swing_reduce_previous(const void *args, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_reduce_args_t *a = args;

    return m->prev.coll_reduce(a->sbuf, a->rbuf, a->count, a->dtype, a->op, a->root, a->comm,
                               m->prev.coll_reduce_module);
}

static const mca_coll_swing_coll_t swing_reduce_coll = {
    .id = MCA_COLL_SWING_REDUCE,
    .normalize = swing_reduce_normalize,
    .previous = swing_reduce_previous,
};

int mca_coll_swing_reduce(const void *sbuf, void *rbuf, int count, struct ompi_datatype_t *dtype,
                          struct ompi_op_t *op, int root, struct ompi_communicator_t *comm,
                          mca_coll_base_module_t *module)
{
    mca_coll_swing_reduce_args_t args = { sbuf, rbuf, count, dtype, op, root, comm };

    return mca_coll_swing_dispatch(&swing_reduce_coll, &args, comm,
                                   (mca_coll_swing_module_t *) module);
}
