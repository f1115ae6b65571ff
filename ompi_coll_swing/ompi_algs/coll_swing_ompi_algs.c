/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Open MPI's own algorithms, called as coll/tuned calls a forced one: the
 * exported ompi_coll_base_<collective>_intra_<algorithm> of libmpi, with
 * the user's arguments unchanged, swing's module as the module (its
 * base_data, set up at enable as tuned sets up its own, caches their
 * trees and requests) and tuned's default segment size, fanout and radix
 * (coll_swing_ompi_algs.h). Nothing of theirs is copied here.
 *
 * Composed ones: a few of them run other collectives through comm->c_coll,
 * that is through swing's entries (allreduce ompi_nonoverlapping: reduce
 * then bcast; allgather ompi_linear: gather then bcast; allgatherv
 * ompi_default: gatherv then bcast; reduce_scatter_block
 * ompi_basic_linear: reduce then scatter; reduce_scatter
 * ompi_nonoverlapping: reduce then scatterv). While one of these functions
 * runs, the module's ompi_inner flag sends those calls on to the previous
 * module (coll/coll_swing_dispatch.c), so they run Open MPI's own parts, as
 * under tuned, and a row naming one runs what tuned's forced one runs.
 *
 * Declined (the entry layer runs swing's message-passing choice with one
 * warning): allgather's and allgatherv's two_proc on other than 2 ranks,
 * where Open MPI's returns an error instead of serving the call; and the
 * reductions' 8-bit sums, which Open MPI's op/avx saturates (open-mpi
 * issue 8045) where swing's kernels wrap, as MPI's integers do; the
 * allreduce rings on a type whose data start past its pointer (true lower
 * bound not 0), which their buffers are allocated without (a heap
 * overflow in Open MPI 4.1.4, seen with valgrind).
 *
 * Broadcasts move bytes, as swing's own trees do: MPI lets the ranks pass
 * different types of one signature, which Open MPI's scatter-allgather
 * splits differently on each rank.
 */
#include "coll_swing_ompi_algs.h"
#include "coll_swing_agree.h"
#include "coll_swing_args.h"

#include <limits.h>

#include "ompi/mca/coll/base/coll_base_functions.h"

static mca_coll_swing_fallback_t swing_ompi_two_procs = {
    0, "Open MPI's two_proc serves 2 ranks only"
};
static mca_coll_swing_fallback_t swing_ompi_int_bytes = {
    0, "a broadcast of more than INT_MAX bytes"
};
static mca_coll_swing_fallback_t swing_ompi_unknown = {
    0, "no such Open MPI algorithm in this build"
};
static mca_coll_swing_fallback_t swing_ompi_sum8 = {
    0, "Open MPI's op/avx saturates 8-bit sums (open-mpi issue 8045)"
};
static mca_coll_swing_fallback_t swing_ompi_lb = {
    0, "Open MPI's ring allocates its buffers without the datatype's lower bound"
};

static int swing_ompi_fallback(mca_coll_swing_call_t *call, mca_coll_swing_fallback_t *why)
{
    call->fallback = why;
    return MCA_COLL_SWING_FALLBACK;
}

/* The data of dtype start past the buffer's pointer. */
static int swing_ompi_gap(struct ompi_datatype_t *dtype)
{
    ptrdiff_t true_lb = 0, true_extent = 0;

    ompi_datatype_get_true_extent(dtype, &true_lb, &true_extent);
    return 0 != true_lb;
}

/* A reduction Open MPI's op functions would get wrong: a sum of 8-bit
   integers (the normalized element type; the same on every rank). */
static int swing_ompi_wrong_sum(const mca_coll_swing_call_t *call)
{
    size_t size = 0;

    if (!MCA_COLL_SWING_OMPI_SUM8_SATURATES || &ompi_mpi_op_sum.op != call->op) {
        return 0;
    }
    ompi_datatype_type_size(call->dtype, &size);
    return 1 == size;
}

/* tuned's allreduce 1..6: linear reduce + linear bcast; reduce + bcast
   through the communicator; recursive doubling; ring; segmented ring
   (tuned's default segment: 0, the ring); Rabenseifner (reduce-scatter by
   recursive halving + allgather by recursive doubling). */
int mca_coll_swing_ompi_allreduce(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_allreduce_args_t *a = call->args;
    mca_coll_base_module_t *mod = &m->super;

    if (swing_ompi_wrong_sum(call)) {
        return swing_ompi_fallback(call, &swing_ompi_sum8);
    }

    switch (call->ompi) {
    case MCA_COLL_SWING_OMPI_ALLREDUCE_BASIC_LINEAR:
        return ompi_coll_base_allreduce_intra_basic_linear(a->sbuf, a->rbuf, a->count, a->dtype,
                                                           a->op, a->comm, mod);
    case MCA_COLL_SWING_OMPI_ALLREDUCE_NONOVERLAPPING:
        return ompi_coll_base_allreduce_intra_nonoverlapping(a->sbuf, a->rbuf, a->count, a->dtype,
                                                             a->op, a->comm, mod);
    case MCA_COLL_SWING_OMPI_ALLREDUCE_RECURSIVE_DOUBLING:
        return ompi_coll_base_allreduce_intra_recursivedoubling(a->sbuf, a->rbuf, a->count,
                                                                a->dtype, a->op, a->comm, mod);
    case MCA_COLL_SWING_OMPI_ALLREDUCE_RING:
        if (swing_ompi_gap(a->dtype)) {
            return swing_ompi_fallback(call, &swing_ompi_lb);
        }
        return ompi_coll_base_allreduce_intra_ring(a->sbuf, a->rbuf, a->count, a->dtype, a->op,
                                                   a->comm, mod);
    case MCA_COLL_SWING_OMPI_ALLREDUCE_SEGMENTED_RING:
        if (swing_ompi_gap(a->dtype)) {
            return swing_ompi_fallback(call, &swing_ompi_lb);
        }
        return ompi_coll_base_allreduce_intra_ring_segmented(a->sbuf, a->rbuf, a->count, a->dtype,
                                                             a->op, a->comm, mod,
                                                             MCA_COLL_SWING_OMPI_SEGSIZE);
    case MCA_COLL_SWING_OMPI_ALLREDUCE_RABENSEIFNER:
        return ompi_coll_base_allreduce_intra_redscat_allgather(a->sbuf, a->rbuf, a->count,
                                                                a->dtype, a->op, a->comm, mod);
    }
    return swing_ompi_fallback(call, &swing_ompi_unknown);
}

/* tuned's reduce_scatter_block 1..4: reduce + scatter; recursive
   doubling; recursive halving; butterfly. */
int mca_coll_swing_ompi_reduce_scatter_block(mca_coll_swing_call_t *call,
                                             mca_coll_swing_module_t *m)
{
    const mca_coll_swing_rsb_args_t *a = call->args;
    mca_coll_base_module_t *mod = &m->super;

    if (swing_ompi_wrong_sum(call)) {
        return swing_ompi_fallback(call, &swing_ompi_sum8);
    }

    switch (call->ompi) {
    case MCA_COLL_SWING_OMPI_RSB_BASIC_LINEAR:
        return ompi_coll_base_reduce_scatter_block_basic_linear(a->sbuf, a->rbuf, a->rcount,
                                                                a->dtype, a->op, a->comm, mod);
    case MCA_COLL_SWING_OMPI_RSB_RECURSIVE_DOUBLING:
        return ompi_coll_base_reduce_scatter_block_intra_recursivedoubling(a->sbuf, a->rbuf,
                                                                           a->rcount, a->dtype,
                                                                           a->op, a->comm, mod);
    case MCA_COLL_SWING_OMPI_RSB_RECURSIVE_HALVING:
        return ompi_coll_base_reduce_scatter_block_intra_recursivehalving(a->sbuf, a->rbuf,
                                                                          a->rcount, a->dtype,
                                                                          a->op, a->comm, mod);
    case MCA_COLL_SWING_OMPI_RSB_BUTTERFLY:
        return ompi_coll_base_reduce_scatter_block_intra_butterfly(a->sbuf, a->rbuf, a->rcount,
                                                                   a->dtype, a->op, a->comm, mod);
    }
    return swing_ompi_fallback(call, &swing_ompi_unknown);
}

/* tuned's reduce_scatter 1..4: reduce + scatterv; recursive halving; ring;
   butterfly. */
int mca_coll_swing_ompi_reduce_scatter(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_rs_args_t *a = call->args;
    mca_coll_base_module_t *mod = &m->super;

    if (swing_ompi_wrong_sum(call)) {
        return swing_ompi_fallback(call, &swing_ompi_sum8);
    }

    switch (call->ompi) {
    case MCA_COLL_SWING_OMPI_RS_NONOVERLAPPING:
        return ompi_coll_base_reduce_scatter_intra_nonoverlapping(a->sbuf, a->rbuf, a->rcounts,
                                                                  a->dtype, a->op, a->comm, mod);
    case MCA_COLL_SWING_OMPI_RS_RECURSIVE_HALVING:
        return ompi_coll_base_reduce_scatter_intra_basic_recursivehalving(a->sbuf, a->rbuf,
                                                                          a->rcounts, a->dtype,
                                                                          a->op, a->comm, mod);
    case MCA_COLL_SWING_OMPI_RS_RING:
        return ompi_coll_base_reduce_scatter_intra_ring(a->sbuf, a->rbuf, a->rcounts, a->dtype,
                                                        a->op, a->comm, mod);
    case MCA_COLL_SWING_OMPI_RS_BUTTERFLY:
        return ompi_coll_base_reduce_scatter_intra_butterfly(a->sbuf, a->rbuf, a->rcounts, a->dtype,
                                                             a->op, a->comm, mod);
    }
    return swing_ompi_fallback(call, &swing_ompi_unknown);
}

/* tuned's allgather 1..7: gather + bcast; Bruck; recursive doubling; ring;
   neighbor exchange; two processes; sparbit (5.0). */
int mca_coll_swing_ompi_allgather(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_gs_args_t *a = call->args;
    mca_coll_base_module_t *mod = &m->super;

    switch (call->ompi) {
    case MCA_COLL_SWING_OMPI_AG_LINEAR:
        return ompi_coll_base_allgather_intra_basic_linear(a->sbuf, a->scount, a->sdtype, a->rbuf,
                                                           a->rcount, a->rdtype, a->comm, mod);
    case MCA_COLL_SWING_OMPI_AG_BRUCK:
        return ompi_coll_base_allgather_intra_bruck(a->sbuf, a->scount, a->sdtype, a->rbuf,
                                                    a->rcount, a->rdtype, a->comm, mod);
    case MCA_COLL_SWING_OMPI_AG_RECURSIVE_DOUBLING:
        return ompi_coll_base_allgather_intra_recursivedoubling(a->sbuf, a->scount, a->sdtype,
                                                                a->rbuf, a->rcount, a->rdtype,
                                                                a->comm, mod);
    case MCA_COLL_SWING_OMPI_AG_RING:
        return ompi_coll_base_allgather_intra_ring(a->sbuf, a->scount, a->sdtype, a->rbuf,
                                                   a->rcount, a->rdtype, a->comm, mod);
    case MCA_COLL_SWING_OMPI_AG_NEIGHBOR:
        return ompi_coll_base_allgather_intra_neighborexchange(a->sbuf, a->scount, a->sdtype,
                                                               a->rbuf, a->rcount, a->rdtype,
                                                               a->comm, mod);
    case MCA_COLL_SWING_OMPI_AG_TWO_PROC:
        if (2 != ompi_comm_size(a->comm)) {
            return swing_ompi_fallback(call, &swing_ompi_two_procs);
        }
        return ompi_coll_base_allgather_intra_two_procs(a->sbuf, a->scount, a->sdtype, a->rbuf,
                                                        a->rcount, a->rdtype, a->comm, mod);
#if MCA_COLL_SWING_OMPI_HAS_SPARBIT
    case MCA_COLL_SWING_OMPI_AG_SPARBIT:
        return ompi_coll_base_allgather_intra_sparbit(a->sbuf, a->scount, a->sdtype, a->rbuf,
                                                      a->rcount, a->rdtype, a->comm, mod);
#endif
    }
    return swing_ompi_fallback(call, &swing_ompi_unknown);
}

/* tuned's allgatherv 1..6: gatherv + bcast; Bruck; ring; neighbor
   exchange; two processes; sparbit (5.0). */
int mca_coll_swing_ompi_allgatherv(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_agv_args_t *a = call->args;
    mca_coll_base_module_t *mod = &m->super;

    switch (call->ompi) {
    case MCA_COLL_SWING_OMPI_AGV_DEFAULT:
        return ompi_coll_base_allgatherv_intra_basic_default(a->sbuf, a->scount, a->sdtype, a->rbuf,
                                                             a->rcounts, a->displs, a->rdtype,
                                                             a->comm, mod);
    case MCA_COLL_SWING_OMPI_AGV_BRUCK:
        return ompi_coll_base_allgatherv_intra_bruck(a->sbuf, a->scount, a->sdtype, a->rbuf,
                                                     a->rcounts, a->displs, a->rdtype, a->comm,
                                                     mod);
    case MCA_COLL_SWING_OMPI_AGV_RING:
        return ompi_coll_base_allgatherv_intra_ring(a->sbuf, a->scount, a->sdtype, a->rbuf,
                                                    a->rcounts, a->displs, a->rdtype, a->comm, mod);
    case MCA_COLL_SWING_OMPI_AGV_NEIGHBOR:
        return ompi_coll_base_allgatherv_intra_neighborexchange(a->sbuf, a->scount, a->sdtype,
                                                                a->rbuf, a->rcounts, a->displs,
                                                                a->rdtype, a->comm, mod);
    case MCA_COLL_SWING_OMPI_AGV_TWO_PROC:
        if (2 != ompi_comm_size(a->comm)) {
            return swing_ompi_fallback(call, &swing_ompi_two_procs);
        }
        return ompi_coll_base_allgatherv_intra_two_procs(a->sbuf, a->scount, a->sdtype, a->rbuf,
                                                         a->rcounts, a->displs, a->rdtype, a->comm,
                                                         mod);
#if MCA_COLL_SWING_OMPI_HAS_SPARBIT
    case MCA_COLL_SWING_OMPI_AGV_SPARBIT:
        return ompi_coll_base_allgatherv_intra_sparbit(a->sbuf, a->scount, a->sdtype, a->rbuf,
                                                       a->rcounts, a->displs, a->rdtype, a->comm,
                                                       mod);
#endif
    }
    return swing_ompi_fallback(call, &swing_ompi_unknown);
}

/* tuned's bcast 1..9: linear; chains (fanout 4); pipeline; split binary
   tree; binary tree; binomial; k-nomial (radix 4); scatter + recursive
   doubling allgather; scatter + ring allgather. */
static int swing_ompi_bcast_run(const mca_coll_swing_call_t *call, mca_coll_swing_module_t *m,
                                void *buf, int count, struct ompi_datatype_t *dtype)
{
    const mca_coll_swing_bcast_args_t *a = call->args;
    mca_coll_base_module_t *mod = &m->super;
    const uint32_t seg = MCA_COLL_SWING_OMPI_SEGSIZE;

    switch (call->ompi) {
    case MCA_COLL_SWING_OMPI_BCAST_BASIC_LINEAR:
        return ompi_coll_base_bcast_intra_basic_linear(buf, count, dtype, a->root, a->comm, mod);
    case MCA_COLL_SWING_OMPI_BCAST_CHAIN:
        return ompi_coll_base_bcast_intra_chain(buf, count, dtype, a->root, a->comm, mod, seg,
                                                MCA_COLL_SWING_OMPI_CHAIN_FANOUT);
    case MCA_COLL_SWING_OMPI_BCAST_PIPELINE:
        return ompi_coll_base_bcast_intra_pipeline(buf, count, dtype, a->root, a->comm, mod, seg);
    case MCA_COLL_SWING_OMPI_BCAST_SPLIT_BINARY_TREE:
        return ompi_coll_base_bcast_intra_split_bintree(buf, count, dtype, a->root, a->comm, mod,
                                                        seg);
    case MCA_COLL_SWING_OMPI_BCAST_BINARY_TREE:
        return ompi_coll_base_bcast_intra_bintree(buf, count, dtype, a->root, a->comm, mod, seg);
    case MCA_COLL_SWING_OMPI_BCAST_BINOMIAL:
        return ompi_coll_base_bcast_intra_binomial(buf, count, dtype, a->root, a->comm, mod, seg);
    case MCA_COLL_SWING_OMPI_BCAST_KNOMIAL:
        return ompi_coll_base_bcast_intra_knomial(buf, count, dtype, a->root, a->comm, mod, seg,
                                                  MCA_COLL_SWING_OMPI_KNOMIAL_RADIX);
    case MCA_COLL_SWING_OMPI_BCAST_SCATTER_ALLGATHER:
        return ompi_coll_base_bcast_intra_scatter_allgather(buf, count, dtype, a->root, a->comm,
                                                            mod, seg);
    case MCA_COLL_SWING_OMPI_BCAST_SCATTER_ALLGATHER_RING:
        return ompi_coll_base_bcast_intra_scatter_allgather_ring(buf, count, dtype, a->root,
                                                                 a->comm, mod, seg);
    }
    return OMPI_ERR_NOT_SUPPORTED;
}

/*
 * The broadcast as bytes: the user's own where its type has no holes,
 * else packed in the module's scratch, grown by agreement of every rank
 * (transport/coll_swing_agree.h); a rank that alone could not grow it
 * passes its own type (of the same signature).
 */
int mca_coll_swing_ompi_bcast(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_bcast_args_t *a = call->args;
    size_t n = call->mine.bytes;
    char *vec = call->mine.direct;
    mca_coll_swing_growth_t g = { &m->scratch, &m->scratch_size, &m->scratch_agreed,
                                  NULL == vec ? n : 0, n };
    int rc, packed = OMPI_SUCCESS;

    if (n > INT_MAX) {
        return swing_ompi_fallback(call, &swing_ompi_int_bytes);
    }
    rc = mca_coll_swing_grow_agreed(call, m, &g, 1);
    if (OMPI_ERR_OUT_OF_RESOURCE == rc) {
        return swing_ompi_bcast_run(call, m, a->buf, a->count, a->dtype);
    }
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    if (NULL == vec) {
        vec = m->scratch;
        if (call->is_root) {
            packed = mca_coll_swing_ubuf_pack(&call->mine, vec);
        }
    }
    rc = swing_ompi_bcast_run(call, m, vec, (int) n, &ompi_mpi_byte.dt);
    if (OMPI_SUCCESS == rc && NULL == call->mine.direct && !call->is_root) {
        rc = mca_coll_swing_ubuf_unpack(&call->mine, vec);
    }
    return (OMPI_SUCCESS != packed) ? packed : rc;
}

/* tuned's reduce 1..7: linear; chains (fanout 4); pipeline; binary tree;
   binomial; in-order binary tree; Rabenseifner (reduce-scatter + binomial
   gather). No limit on outstanding requests. */
int mca_coll_swing_ompi_reduce(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_reduce_args_t *a = call->args;
    mca_coll_base_module_t *mod = &m->super;

    if (swing_ompi_wrong_sum(call)) {
        return swing_ompi_fallback(call, &swing_ompi_sum8);
    }
    const uint32_t seg = MCA_COLL_SWING_OMPI_SEGSIZE;
    const int reqs = MCA_COLL_SWING_OMPI_MAX_REQUESTS;

    switch (call->ompi) {
    case MCA_COLL_SWING_OMPI_REDUCE_LINEAR:
        return ompi_coll_base_reduce_intra_basic_linear(a->sbuf, a->rbuf, a->count, a->dtype, a->op,
                                                        a->root, a->comm, mod);
    case MCA_COLL_SWING_OMPI_REDUCE_CHAIN:
        return ompi_coll_base_reduce_intra_chain(a->sbuf, a->rbuf, a->count, a->dtype, a->op,
                                                 a->root, a->comm, mod, seg,
                                                 MCA_COLL_SWING_OMPI_CHAIN_FANOUT, reqs);
    case MCA_COLL_SWING_OMPI_REDUCE_PIPELINE:
        return ompi_coll_base_reduce_intra_pipeline(a->sbuf, a->rbuf, a->count, a->dtype, a->op,
                                                    a->root, a->comm, mod, seg, reqs);
    case MCA_COLL_SWING_OMPI_REDUCE_BINARY:
        return ompi_coll_base_reduce_intra_binary(a->sbuf, a->rbuf, a->count, a->dtype, a->op,
                                                  a->root, a->comm, mod, seg, reqs);
    case MCA_COLL_SWING_OMPI_REDUCE_BINOMIAL:
        return ompi_coll_base_reduce_intra_binomial(a->sbuf, a->rbuf, a->count, a->dtype, a->op,
                                                    a->root, a->comm, mod, seg, reqs);
    case MCA_COLL_SWING_OMPI_REDUCE_IN_ORDER_BINARY:
        return ompi_coll_base_reduce_intra_in_order_binary(a->sbuf, a->rbuf, a->count, a->dtype,
                                                           a->op, a->root, a->comm, mod, seg, reqs);
    case MCA_COLL_SWING_OMPI_REDUCE_RABENSEIFNER:
        return ompi_coll_base_reduce_intra_redscat_gather(a->sbuf, a->rbuf, a->count, a->dtype,
                                                          a->op, a->root, a->comm, mod);
    }
    return swing_ompi_fallback(call, &swing_ompi_unknown);
}

/* tuned's gather 1..3: linear; binomial; linear with synchronisation
   (tuned's default first segment: 0, the whole block). */
int mca_coll_swing_ompi_gather(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_gs_args_t *a = call->args;
    mca_coll_base_module_t *mod = &m->super;

    switch (call->ompi) {
    case MCA_COLL_SWING_OMPI_GATHER_BASIC_LINEAR:
        return ompi_coll_base_gather_intra_basic_linear(a->sbuf, a->scount, a->sdtype, a->rbuf,
                                                        a->rcount, a->rdtype, a->root, a->comm,
                                                        mod);
    case MCA_COLL_SWING_OMPI_GATHER_BINOMIAL:
        return ompi_coll_base_gather_intra_binomial(a->sbuf, a->scount, a->sdtype, a->rbuf,
                                                    a->rcount, a->rdtype, a->root, a->comm, mod);
    case MCA_COLL_SWING_OMPI_GATHER_LINEAR_SYNC:
        return ompi_coll_base_gather_intra_linear_sync(a->sbuf, a->scount, a->sdtype, a->rbuf,
                                                       a->rcount, a->rdtype, a->root, a->comm, mod,
                                                       MCA_COLL_SWING_OMPI_SEGSIZE);
    }
    return swing_ompi_fallback(call, &swing_ompi_unknown);
}

/* tuned's scatter 1..3: linear; binomial; linear with nonblocking sends
   (no blocking send in between: tuned's default). */
int mca_coll_swing_ompi_scatter(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_gs_args_t *a = call->args;
    mca_coll_base_module_t *mod = &m->super;

    switch (call->ompi) {
    case MCA_COLL_SWING_OMPI_SCATTER_BASIC_LINEAR:
        return ompi_coll_base_scatter_intra_basic_linear(a->sbuf, a->scount, a->sdtype, a->rbuf,
                                                         a->rcount, a->rdtype, a->root, a->comm,
                                                         mod);
    case MCA_COLL_SWING_OMPI_SCATTER_BINOMIAL:
        return ompi_coll_base_scatter_intra_binomial(a->sbuf, a->scount, a->sdtype, a->rbuf,
                                                     a->rcount, a->rdtype, a->root, a->comm, mod);
    case MCA_COLL_SWING_OMPI_SCATTER_LINEAR_NB:
        return ompi_coll_base_scatter_intra_linear_nb(a->sbuf, a->scount, a->sdtype, a->rbuf,
                                                      a->rcount, a->rdtype, a->root, a->comm, mod,
                                                      MCA_COLL_SWING_OMPI_MAX_REQUESTS);
    }
    return swing_ompi_fallback(call, &swing_ompi_unknown);
}
