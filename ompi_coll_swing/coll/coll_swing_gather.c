/*
 * MPI_Gather entry: every rank's block to the root, in rank order, moved
 * as bytes (types with holes packed: base/coll_swing_ubuf.h). The block's
 * size comes from the send side on every rank but an in-place root (the
 * receive side): MPI makes them equal. The root's buffers matter at the
 * root only.
 */
#include "coll_swing_coll.h"

typedef struct swing_gather_args_t {
    const void *sbuf;
    int scount;
    struct ompi_datatype_t *sdtype;
    void *rbuf;
    int rcount;
    struct ompi_datatype_t *rdtype;
    int root;
    struct ompi_communicator_t *comm;
} swing_gather_args_t;

static int swing_gather_settle(const void *args, mca_coll_swing_call_t *call)
{
    const swing_gather_args_t *a = args;

    mca_coll_swing_settle_rooted(call, a->root);
    if (call->is_root) {
        mca_coll_swing_ubuf_set(&call->all, a->rbuf, (size_t) a->rcount, a->rdtype);
    }
    if (call->is_root && MPI_IN_PLACE == a->sbuf) {
        mca_coll_swing_ubuf_block(&call->all, a->root, &call->mine);
    } else {
        mca_coll_swing_ubuf_set(&call->mine, a->sbuf, (size_t) a->scount, a->sdtype);
    }
    mca_coll_swing_settle_blocks(call, call->mine.bytes);
    return 1;
}

static int swing_gather_previous(const void *args, mca_coll_swing_module_t *m)
{
    const swing_gather_args_t *a = args;

    return m->prev.coll_gather(a->sbuf, a->scount, a->sdtype, a->rbuf, a->rcount, a->rdtype,
                               a->root, a->comm, m->prev.coll_gather_module);
}

static const mca_coll_swing_coll_t swing_gather_coll = {
    .id = MCA_COLL_SWING_GATHER,
    .settle = swing_gather_settle,
    .previous = swing_gather_previous,
};

int mca_coll_swing_gather(const void *sbuf, int scount, struct ompi_datatype_t *sdtype, void *rbuf,
                          int rcount, struct ompi_datatype_t *rdtype, int root,
                          struct ompi_communicator_t *comm, mca_coll_base_module_t *module)
{
    swing_gather_args_t args = {sbuf, scount, sdtype, rbuf, rcount, rdtype, root, comm};

    return mca_coll_swing_serve(&swing_gather_coll, &args, comm,
                                (mca_coll_swing_module_t *) module);
}
