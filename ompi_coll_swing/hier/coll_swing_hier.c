/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Hierarchical allreduce: node shared memory + Swing between nodes, for
 * communicators that span nodes with several ranks on a node (setup and
 * the node map: coll_swing_hier_setup.c, node/coll_swing_nodes.c).
 *
 * Sliced scheme (the default), k = kmin slices of every chunk of at most
 * slot_size bytes, through each node's segment:
 *   1 node reduce-scatter, chunk by chunk as the shm large scheme: local
 *     rank i < k reduces slice i of the chunk over the node's ranks, in
 *     local order, and appends it to its private buffer   (1 phase/chunk)
 *   2 between nodes, local rank i < k allreduces its buffer with the
 *     ranks of local index i on the other nodes: Swing LO or BO on the
 *     network of nodes (k independent allreduces, one per slice, all at
 *     once); ranks of local index >= k (uneven nodes) wait
 *   3 node allgather, chunk by chunk: rank i < k writes its slice of the
 *     chunk into the node's result area; every rank copies the chunk out
 *                                                        (1 phase/chunk)
 * Leader scheme, messages that fit the segment's small area when the
 * model picks LO between nodes for the whole message:
 *   1 node allreduce into every receive buffer (the shm small scheme)
 *   2 local rank 0 of every node: Swing LO with the other nodes' rank 0
 *   3 rank 0 copies the result into the node's result area; the others
 *     copy it out                                               (1 phase)
 *
 * Reduction order, the same on every rank: inside a node, local ranks in
 * communicator order; between nodes, the Swing schedule's order, the same
 * for every member of a group. Each element is reduced by exactly one
 * group and then copied, so all ranks get the same bits.
 *
 * Example, 2 nodes x 2 ranks, 8 ints: rank (node 0, local 1) sums elements
 * 4..7 of ranks 0 and 1, allreduces those 4 with (node 1, local 1), and
 * writes them into node 0's result area, from which rank 0 copies them.
 *
 * Uneven nodes: k is the fewest ranks on any node; ranks beyond k on a
 * larger node take part in the node phases only. One rank on some node
 * makes k = 1: a single group of one rank per node.
 * Each scheme is its actions between two waits (coll_swing_shm_op.h): a
 * phase, or the step list between nodes. A blocking call waits for them
 * (the step list by the blocking executor), the nonblocking engine tests
 * them (coll_swing_shm_nb.c: the step list in the schedule runner); same
 * actions, same bits.
 * Memory: the node segment (as shm), plus a private buffer of 1/k of the
 * message on ranks of local index < k (the module's for blocking calls,
 * the request's for nonblocking ones); element i of it at slice + i * extent.
 */
#include "coll_swing_hier_setup.h"
#include "coll_swing_agree.h"
#include "coll_swing_kernel.h"
#include "coll_swing_p2p.h"
#include "coll_swing_shm_op.h"

#include <stdlib.h>
#include <string.h>

/* Elements of local index i's slices over all chunks (0 when i >= k). */
static size_t swing_hier_mine(const mca_coll_swing_call_t *call, const mca_coll_swing_hier_t *h,
                              size_t chunk, int i)
{
    size_t ext = (size_t) call->extent, total = 0;
    int k = h->nodes.kmin;

    for (size_t e0 = 0; i < k && e0 < call->count; e0 += chunk) {
        size_t n = call->count - e0 < chunk ? call->count - e0 : chunk;
        total += mca_coll_swing_shm_slice(n, k, i + 1, ext)
                 - mca_coll_swing_shm_slice(n, k, i, ext);
    }
    return total;
}

/* Sliced scheme, node reduce-scatter, chunk op->e0 in set op->set: my
   slice reduced into my private buffer, the next chunk copied in -> phase. */
static int swing_hier_reduce(mca_coll_swing_shm_op_t *op, const mca_coll_swing_hier_t *h,
                             size_t chunk)
{
    const mca_coll_swing_call_t *call = &op->call;
    mca_coll_swing_shm_t *s = op->s;
    size_t ext = (size_t) call->extent, set_bytes = (size_t) s->nranks * s->slot_size;
    size_t n = call->count - op->e0 < chunk ? call->count - op->e0 : chunk, e1 = op->e0 + n;
    char *slots = s->slots + op->set * set_bytes;
    int k = h->nodes.kmin, me = h->nodes.lrank;

    if (me < k && op->mine > 0) {
        size_t lo = mca_coll_swing_shm_slice(n, k, me, ext);
        size_t hi = mca_coll_swing_shm_slice(n, k, me + 1, ext);
        for (int i = 0; i < s->nranks && hi > lo; ++i) {
            s->in[i] = slots + (size_t) i * s->slot_size + lo * ext - op->gap;
        }
        /* failed: no slices to reduce into; the phases go on */
        if (hi > lo && !op->failed) {
            mca_coll_swing_reduce_n(call->op, call->dtype, (const void *const *) s->in, s->nranks,
                                    op->slice + op->done * ext - op->gap, hi - lo);
        }
        op->done += hi - lo;
    }
    if (e1 < call->count) {
        size_t n1 = call->count - e1 < chunk ? call->count - e1 : chunk;
        memcpy(s->slots + (op->set ^ 1) * set_bytes + (size_t) me * s->slot_size,
               op->src + op->gap + e1 * ext, mca_coll_swing_shm_span(call, op->true_ext, n1));
    }
    op->e0 = e1;
    op->set ^= 1;
    return mca_coll_swing_shm_op_phase(op);
}

/* Sliced scheme, node allgather of chunk op->e0: my slice into the result
   area of set op->set -> phase. */
static int swing_hier_publish(mca_coll_swing_shm_op_t *op, const mca_coll_swing_hier_t *h,
                              size_t chunk)
{
    const mca_coll_swing_call_t *call = &op->call;
    size_t ext = (size_t) call->extent;
    size_t n = call->count - op->e0 < chunk ? call->count - op->e0 : chunk;
    int k = h->nodes.kmin, me = h->nodes.lrank;

    if (me < k && op->mine > 0) {
        size_t lo = mca_coll_swing_shm_slice(n, k, me, ext);
        size_t hi = mca_coll_swing_shm_slice(n, k, me + 1, ext);
        if (hi > lo && !op->failed) {
            memcpy(op->s->result + op->set * op->s->slot_size + lo * ext,
                   op->slice + op->done * ext,
                   mca_coll_swing_shm_span(call, op->true_ext, hi - lo));
        }
        op->done += hi - lo;
    }
    return mca_coll_swing_shm_op_phase(op);
}

/*
 * Sliced scheme: copy chunk 0 in -> phase -> per chunk: reduce my slice,
 * copy the next in -> phase; then the net step on my slices; then per
 * chunk: publish my slice -> phase -> copy the chunk out.
 */
static int swing_hier_sliced_next(mca_coll_swing_shm_op_t *op)
{
    const mca_coll_swing_call_t *call = &op->call;
    const mca_coll_swing_hier_t *h = op->module->hier;
    mca_coll_swing_shm_t *s = op->s;
    size_t ext = (size_t) call->extent, chunk = s->slot_size / ext;
    size_t elem = call->bytes / (call->count ? call->count : 1);

    switch (op->stage) {
    case 0:
        op->stage = 1;
        memcpy(s->slots + op->set * (size_t) s->nranks * s->slot_size
                   + (size_t) h->nodes.lrank * s->slot_size,
               op->src + op->gap,
               mca_coll_swing_shm_span(call, op->true_ext,
                                       call->count < chunk ? call->count : chunk));
        return mca_coll_swing_shm_op_phase(op);
    case 1:
        if (op->e0 < call->count) {
            return swing_hier_reduce(op, h, chunk);
        }
        op->stage = 2;
        /* ranks beyond the slices have no net step */
        if (op->mine > 0) {
            op->net_plan = &h->plans[h->bo[mca_coll_swing_bucket(op->mine * elem)] ? SWING_HIER_BO
                                                                                   : SWING_HIER_LO];
            op->net_buf = (NULL != op->slice) ? op->slice - op->gap : NULL;
            op->net_n = op->mine;
            return SWING_SHM_OP_NET;
        }
        /* fall through */
    case 2:
        op->stage = 3;
        op->e0 = op->set = op->done = 0;
        op->n = call->count < chunk ? call->count : chunk;
        return swing_hier_publish(op, h, chunk);
    default:
        return mca_coll_swing_shm_op_copy_out(op) ? SWING_SHM_OP_DONE
                                                  : swing_hier_publish(op, h, chunk);
    }
}

/*
 * Leader scheme: copy in -> phase -> node allreduce into every receive
 * buffer; local rank 0: the net step with the other nodes' rank 0, the
 * result into the result area -> phase -> the others copy it out.
 */
static int swing_hier_leader_next(mca_coll_swing_shm_op_t *op)
{
    const mca_coll_swing_call_t *call = &op->call;
    const mca_coll_swing_hier_t *h = op->module->hier;
    mca_coll_swing_shm_t *s = op->s;
    size_t bytes = mca_coll_swing_shm_span(call, op->true_ext, call->count);

    switch (op->stage) {
    case 0:
        op->stage = 1;
        op->half = s->small + (s->small_calls++ % 2) * (size_t) s->nranks * s->small_size;
        memcpy(op->half + (size_t) s->rank * s->small_size, op->src + op->gap, bytes);
        return mca_coll_swing_shm_op_phase(op);
    case 1:
        for (int i = 0; i < s->nranks; ++i) {
            s->in[i] = op->half + (size_t) i * s->small_size - op->gap;
        }
        mca_coll_swing_reduce_n(call->op, call->dtype, (const void *const *) s->in, s->nranks,
                                call->rbuf, call->count);
        if (0 != h->nodes.lrank) {
            op->stage = 3;
            return mca_coll_swing_shm_op_phase(op);
        }
        op->stage = 2;
        op->net_plan = &h->plans[SWING_HIER_LO];
        op->net_buf = call->rbuf;
        op->net_n = call->count;
        return SWING_SHM_OP_NET;
    case 2:
        op->stage = 3;
        memcpy(s->result, call->rbuf + op->gap, bytes);
        return mca_coll_swing_shm_op_phase(op);
    default:
        if (0 != h->nodes.lrank) {
            /* by the type map: the leader's holes are not this rank's */
            int rc = ompi_datatype_copy_content_same_ddt(call->dtype, call->count, call->rbuf,
                                                         s->result - op->gap);
            if (OMPI_SUCCESS == op->rc) {
                op->rc = rc;
            }
        }
        return SWING_SHM_OP_DONE;
    }
}

int mca_coll_swing_hier_op_init(mca_coll_swing_shm_op_t *op, mca_coll_swing_call_t *call,
                                mca_coll_swing_module_t *m, size_t *slice_bytes)
{
    static mca_coll_swing_fallback_t type = { 0,
                                              "datatype overlapping itself or larger than a slot" };
    mca_coll_swing_hier_t *h;
    size_t span;
    int rc;

    memset(op, 0, sizeof(*op));
    *slice_bytes = 0;
    rc = mca_coll_swing_hier_prepare(call, m);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    h = m->hier;
    ompi_datatype_get_true_extent(call->dtype, &op->gap, &op->true_ext);
    if (call->extent <= 0 || op->true_ext > call->extent
        || (size_t) call->extent > h->shm->slot_size) {
        call->fallback = &type;
        return MCA_COLL_SWING_FALLBACK;
    }
    op->call = *call;
    op->module = m;
    op->s = h->shm;
    op->src = (NULL != call->sbuf) ? call->sbuf : call->rbuf;
    span = mca_coll_swing_shm_span(call, op->true_ext, call->count);
    if (span <= h->shm->small_size && span <= h->shm->slot_size
        && !h->bo[mca_coll_swing_bucket(call->bytes)]) {
        op->next = swing_hier_leader_next;
        op->net_max = (0 == h->nodes.lrank) ? call->count : 0;
        return OMPI_SUCCESS;
    }
    op->next = swing_hier_sliced_next;
    op->mine = swing_hier_mine(call, h, h->shm->slot_size / (size_t) call->extent, h->nodes.lrank);
    op->net_max = op->mine;
    *slice_bytes = op->mine > 0 ? op->mine * (size_t) call->extent + (size_t) op->true_ext : 0;
    return OMPI_SUCCESS;
}

/*
 * What the call needs at most on any rank, for the agreement before it:
 * bytes of private slices (local index 0 has the largest) and elements
 * of a net step (the leader's whole vector, or local index 0's slices).
 */
static void swing_hier_most(const mca_coll_swing_shm_op_t *op, const mca_coll_swing_hier_t *h,
                            size_t *slice_bytes, size_t *net_elems)
{
    const mca_coll_swing_call_t *call = &op->call;
    size_t mine;

    if (swing_hier_leader_next == op->next) {
        *slice_bytes = 0;
        *net_elems = call->count;
        return;
    }
    mine = swing_hier_mine(call, h, h->shm->slot_size / (size_t) call->extent, 0);
    *slice_bytes = mine > 0 ? mine * (size_t) call->extent + (size_t) op->true_ext : 0;
    *net_elems = mine;
}

int mca_coll_swing_exec_hier(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    mca_coll_swing_shm_op_t op;
    mca_coll_swing_growth_t g[2];
    size_t slice_bytes = 0, net_elems = 0;
    ptrdiff_t gap = 0;
    int rc = mca_coll_swing_hier_op_init(&op, call, m, &slice_bytes);

    if (OMPI_SUCCESS != rc || 0 == call->count) {
        return rc;
    }
    /* the slices and the net step's scratch, agreed before the first phase */
    swing_hier_most(&op, m->hier, &slice_bytes, &net_elems);
    g[0] = (mca_coll_swing_growth_t){ &m->hier->scratch, &m->hier->scratch_size,
                                      &m->hier->scratch_agreed, slice_bytes, slice_bytes };
    g[1] = (mca_coll_swing_growth_t){ &m->scratch, &m->scratch_size, &m->scratch_agreed, 0, 0 };
    g[1].need = g[1].most = opal_datatype_span(&call->dtype->super, net_elems, &gap);
    rc = mca_coll_swing_grow_agreed(call, m, g, 2);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    op.slice = m->hier->scratch;
    mca_coll_swing_shm_nb_drain(m);
    return mca_coll_swing_shm_op_run(&op);
}

int mca_coll_swing_exec_nb_hier(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    mca_coll_swing_shm_op_t op;
    size_t slice = 0;
    int rc;

    if (SWING_SHM_UNKNOWN == m->hier_state) {
        return mca_coll_swing_shm_nb_unset(call);
    }
    /* every rank takes one, whether its group has a net step or not */
    call->tag = mca_coll_swing_p2p_nb_tag(m, call->persistent);
    rc = mca_coll_swing_hier_op_init(&op, call, m, &slice);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    return mca_coll_swing_shm_nb_request(call, m, &op, slice, op.net_max);
}
