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
 * Memory: the node segment (as shm), plus a private buffer of 1/k of the
 * message on ranks of local index < k; element i of it at scratch + i * extent.
 */
#include "coll_swing_hier_setup.h"
#include "coll_swing_kernel.h"

#include <stdlib.h>
#include <string.h>

/* Elements of my slices over all chunks (0 when local index >= k). */
static size_t swing_hier_mine(const mca_coll_swing_call_t *call, const mca_coll_swing_hier_t *h,
                              size_t chunk)
{
    size_t ext = (size_t) call->extent, total = 0;
    int k = h->nodes.kmin, i = h->nodes.lrank;

    for (size_t e0 = 0; i < k && e0 < call->count; e0 += chunk) {
        size_t n = call->count - e0 < chunk ? call->count - e0 : chunk;
        total += mca_coll_swing_shm_slice(n, k, i + 1, ext) - mca_coll_swing_shm_slice(n, k, i, ext);
    }
    return total;
}

/* Between nodes: allreduce of n elements at buf with my group (in place). */
static int swing_hier_between(const mca_coll_swing_call_t *call, mca_coll_swing_module_t *m,
                              const mca_coll_swing_plan_t *plan, char *buf, size_t n)
{
    mca_coll_swing_call_t sub = *call;

    sub.sbuf = NULL;
    sub.rbuf = buf;
    sub.count = n;
    sub.bytes = n * (call->bytes / (call->count ? call->count : 1));
    sub.plan = plan;
    return mca_coll_swing_exec_steps(&sub, m);
}

/* Step 1: node reduce-scatter into the private buffer (double-buffered slots). */
static void swing_hier_reduce(const mca_coll_swing_call_t *call, mca_coll_swing_hier_t *h,
                              const char *src, ptrdiff_t gap, ptrdiff_t true_ext, size_t chunk)
{
    mca_coll_swing_shm_t *s = h->seg;
    size_t ext = (size_t) call->extent, set = 0, out = 0;
    size_t set_bytes = (size_t) s->nranks * s->slot_size;
    int k = h->nodes.kmin, me = h->nodes.lrank;

    memcpy(s->slots + (size_t) me * s->slot_size, src + gap,
           mca_coll_swing_shm_span(call, true_ext, call->count < chunk ? call->count : chunk));
    mca_coll_swing_shm_phase(s);
    for (size_t e0 = 0; e0 < call->count; e0 += chunk, set ^= 1) {
        size_t n = call->count - e0 < chunk ? call->count - e0 : chunk, e1 = e0 + n;
        char *slots = s->slots + set * set_bytes;

        if (me < k) {
            size_t lo = mca_coll_swing_shm_slice(n, k, me, ext);
            size_t hi = mca_coll_swing_shm_slice(n, k, me + 1, ext);
            for (int i = 0; i < s->nranks && hi > lo; ++i) {
                s->in[i] = slots + (size_t) i * s->slot_size + lo * ext - gap;
            }
            if (hi > lo) {
                mca_coll_swing_reduce_n(call->op, call->dtype, (const void *const *) s->in,
                                        s->nranks, h->scratch + out * ext - gap, hi - lo);
            }
            out += hi - lo;
        }
        if (e1 < call->count) {
            size_t n1 = call->count - e1 < chunk ? call->count - e1 : chunk;
            memcpy(s->slots + (set ^ 1) * set_bytes + (size_t) me * s->slot_size,
                   src + gap + e1 * ext, mca_coll_swing_shm_span(call, true_ext, n1));
        }
        mca_coll_swing_shm_phase(s);
    }
}

/* Step 3: node allgather from the private buffers (double-buffered results). */
static void swing_hier_gather(const mca_coll_swing_call_t *call, mca_coll_swing_hier_t *h,
                              ptrdiff_t gap, ptrdiff_t true_ext, size_t chunk)
{
    mca_coll_swing_shm_t *s = h->seg;
    size_t ext = (size_t) call->extent, set = 0, in = 0;
    int k = h->nodes.kmin, me = h->nodes.lrank;

    for (size_t e0 = 0; e0 < call->count; e0 += chunk, set ^= 1) {
        size_t n = call->count - e0 < chunk ? call->count - e0 : chunk;
        char *result = s->result + set * s->slot_size;

        if (me < k) {
            size_t lo = mca_coll_swing_shm_slice(n, k, me, ext);
            size_t hi = mca_coll_swing_shm_slice(n, k, me + 1, ext);
            if (hi > lo) {
                memcpy(result + lo * ext, h->scratch + in * ext,
                       mca_coll_swing_shm_span(call, true_ext, hi - lo));
            }
            in += hi - lo;
        }
        mca_coll_swing_shm_phase(s);
        memcpy(call->rbuf + gap + e0 * ext, result, mca_coll_swing_shm_span(call, true_ext, n));
    }
}

static int swing_hier_sliced(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m,
                             const char *src, ptrdiff_t gap, ptrdiff_t true_ext)
{
    mca_coll_swing_hier_t *h = m->hier;
    size_t chunk = h->seg->slot_size / (size_t) call->extent;
    size_t mine = swing_hier_mine(call, h, chunk);
    size_t elem = call->bytes / (call->count ? call->count : 1);
    int rc = mca_coll_swing_grow(&h->scratch, &h->scratch_size,
                                 mine * (size_t) call->extent + (size_t) true_ext);

    /* a rank out of memory still takes part in every phase, or its node hangs */
    swing_hier_reduce(call, h, src, gap, true_ext, chunk);
    if (OMPI_SUCCESS == rc && mine > 0) {
        int bo = h->bo[mca_coll_swing_bucket(mine * elem)];
        rc = swing_hier_between(call, m, &h->plans[bo ? SWING_HIER_BO : SWING_HIER_LO],
                                h->scratch - gap, mine);
    }
    swing_hier_gather(call, h, gap, true_ext, chunk);
    return rc;
}

static int swing_hier_leader(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m,
                             const char *src, ptrdiff_t gap, ptrdiff_t true_ext)
{
    mca_coll_swing_hier_t *h = m->hier;
    mca_coll_swing_shm_t *s = h->seg;
    size_t bytes = mca_coll_swing_shm_span(call, true_ext, call->count);
    char *half = s->small + (s->small_calls++ % 2) * (size_t) s->nranks * s->small_size;
    int rc = OMPI_SUCCESS;

    memcpy(half + (size_t) s->rank * s->small_size, src + gap, bytes);
    mca_coll_swing_shm_phase(s);
    for (int i = 0; i < s->nranks; ++i) {
        s->in[i] = half + (size_t) i * s->small_size - gap;
    }
    mca_coll_swing_reduce_n(call->op, call->dtype, (const void *const *) s->in, s->nranks,
                            call->rbuf, call->count);
    if (0 == h->nodes.lrank) {
        rc = swing_hier_between(call, m, &h->plans[SWING_HIER_LO], call->rbuf, call->count);
        memcpy(s->result, call->rbuf + gap, bytes);
    }
    mca_coll_swing_shm_phase(s);
    if (0 != h->nodes.lrank) {
        memcpy(call->rbuf + gap, s->result, bytes);
    }
    return rc;
}

int mca_coll_swing_exec_hier(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    static mca_coll_swing_decline_t type = {
        0, "datatype overlapping itself or larger than a slot"};
    const char *src = (NULL != call->sbuf) ? call->sbuf : call->rbuf;
    ptrdiff_t gap = 0, true_ext = 0;
    size_t span;
    int rc = mca_coll_swing_hier_prepare(call, m);

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    ompi_datatype_get_true_extent(call->dtype, &gap, &true_ext);
    if (call->extent <= 0 || true_ext > call->extent
        || (size_t) call->extent > m->hier->seg->slot_size) {
        call->declined = &type;
        return MCA_COLL_SWING_DECLINED;
    }
    span = mca_coll_swing_shm_span(call, true_ext, call->count);
    if (0 == call->count) {
        return OMPI_SUCCESS;
    }
    if (span <= m->hier->seg->small_size && span <= m->hier->seg->slot_size
        && !m->hier->bo[mca_coll_swing_bucket(call->bytes)]) {
        return swing_hier_leader(call, m, src, gap, true_ext);
    }
    return swing_hier_sliced(call, m, src, gap, true_ext);
}
