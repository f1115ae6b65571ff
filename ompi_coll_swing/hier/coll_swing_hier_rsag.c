/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Hierarchical reduce-scatter and allgather: node shared memory + the
 * Swing BO list's half between nodes, for communicators on N >= 2 nodes
 * with the same k >= 2 ranks on every node (setup and node map:
 * coll_swing_hier_setup.c). Rank (n, l) is local index l on node n; the
 * ranks of local index l, one per node, form group l, and the N blocks of
 * group l's ranks, in the order of the BO list's blocks between nodes
 * (node/coll_swing_layout.c), make group l's vector G_l.
 *
 * Reduce-scatter:
 *   1 node phase, in the segment: local rank l reduces G_l over the k
 *     ranks of its node, in local order, into its private work vector.
 *     Small (the whole vector fits a small slot): every rank copies its
 *     vector in, one phase, rank l reduces the N pieces of G_l straight
 *     from the k slots. Large, in rounds: a slot holds k pieces of c
 *     elements; in round r each rank copies elements [rc, rc + c) of
 *     every G_j but its own into its slot, one phase, and rank l reduces
 *     elements [rc, rc + c) of G_l (its own contribution straight from
 *     its send buffer). Every rank reduces in every round.
 *   2 between nodes, group l reduce-scatters G_l with the RS steps of the
 *     Swing BO list on the network of nodes (coll_swing_rsag.c: folding
 *     for any node count, one contiguous range per step, no permutation
 *     since G_l is built in the list's order); rank (n, l) ends with its
 *     own block, which it copies to its receive buffer.
 * Allgather, the reverse:
 *   1 between nodes, group l allgathers G_l (my block into its place of
 *     the work vector, the AG steps of the same list);
 *   2 node phase: rank l copies (a piece of) G_l into its slot, one phase,
 *     every rank copies every other G_j's blocks out to their MPI places
 *     (the small area when every G_j fits a small slot, else rounds of
 *     slot_size); its own G_l it copies straight from its work vector.
 *
 * Each block is reduced by one rank per node and then once by the
 * schedule between nodes, always in the same order, and exists in one
 * copy: results are bit-identical by construction, blocks land at their
 * MPI places whatever the ranks' order (--map-by node included).
 *
 * Example, 2 nodes x 2 ranks (ranks 0, 1 on node A, 2, 3 on node B),
 * reduce_scatter_block of 1 int per rank: G_0 = blocks of ranks 0 and 2,
 * G_1 = blocks 1 and 3. Rank 1 sums elements 1 and 3 of ranks 0 and 1;
 * rank 3 the same of ranks 2 and 3; ranks 1 and 3 reduce-scatter those two
 * elements: rank 1 keeps element 1, rank 3 element 3.
 *
 * Why the node phase reduces whole groups' vectors (rather than, say,
 * one leader per node doing the exchange between nodes for all): every
 * rank then exchanges only 1/k of the vector between nodes, all k groups
 * at once, the sliced shape of the hierarchical allreduce; and because a
 * group's vector is built in the order of the step list's blocks, the
 * exchange needs no permutation copy.
 *
 * Falls back (the dispatcher runs the call by message passing, one
 * warning): one node, one rank per node, shared memory off; nodes with
 * different numbers of ranks (group j would miss the ranks of local index
 * >= k on the larger nodes); a type with holes; a type larger than a
 * slot's share (slot_size / k).
 *
 * Failures. The work vector grows, on every rank to the longest group's
 * need, before the first phase, and every rank agrees on it
 * (transport/coll_swing_agree.h): short of memory, every rank hands the
 * call to the previous module. The step between nodes fails in error mode
 * (engine/coll_swing_runner.h), which reaches the group's ranks downstream;
 * in an allgather its node phase comes after, so the failed rank marks
 * the call in the segment and its whole node ends with the error.
 *
 * Memory: the node segment (as shm); per call nothing; in the hier state
 * the work vector of |G_l| elements (reduce-scatter twice that: the
 * receive scratch of the steps), grown once and kept, and O(p) offsets.
 */
#include "coll_swing_hier_setup.h"
#include "coll_swing_agree.h"
#include "coll_swing_kernel.h"

#include <string.h>

typedef struct swing_hrs_t {
    const mca_coll_swing_call_t *call;
    mca_coll_swing_hier_t *h;
    mca_coll_swing_shm_t *s;
    int k;              /* ranks per node: the groups */
    int nn;             /* nodes: positions of a group's vector */
    int me;             /* my local index: my group */
    const size_t *disp; /* [p + 1] blocks in the user's vector */
    size_t most;        /* elements of the longest group vector */
    ptrdiff_t gap;
    size_t ext;
    char *work; /* my group's vector, element e at work + gap + e * ext */
} swing_hrs_t;

static const size_t *swing_hrs_off(const swing_hrs_t *x, int j)
{
    return x->h->goff + (size_t) j * (size_t) (x->nn + 1);
}

static size_t swing_hrs_len(const swing_hrs_t *x, int j)
{
    return swing_hrs_off(x, j)[x->nn];
}

/*
 * The run of group j's vector from element e (before end) inside one
 * block: returns its length; *user is where it starts in the user's vector.
 */
static size_t swing_hrs_run(const swing_hrs_t *x, int j, size_t e, size_t end, size_t *user)
{
    const size_t *off = swing_hrs_off(x, j);
    int lo = 0, hi = x->nn, r;

    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (off[mid] <= e) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    r = x->h->nodes.members[x->h->pos_node[lo] * x->k + j];
    *user = x->disp[r] + (e - off[lo]);
    return (off[lo + 1] < end ? off[lo + 1] : end) - e;
}

/* Address of element e of a user buffer (the data start gap bytes in). */
static char *swing_hrs_user(const swing_hrs_t *x, const char *buf, size_t e)
{
    return (char *) buf + x->gap + e * x->ext;
}

/* Offsets of every group's vector for this call's counts. */
static void swing_hrs_offsets(swing_hrs_t *x)
{
    const mca_coll_swing_nodes_t *nd = &x->h->nodes;

    x->most = 0;
    for (int j = 0; j < x->k; ++j) {
        size_t *off = x->h->goff + (size_t) j * (size_t) (x->nn + 1);
        off[0] = 0;
        for (int i = 0; i < x->nn; ++i) {
            int r = nd->members[x->h->pos_node[i] * x->k + j];
            off[i + 1] = off[i] + mca_coll_swing_block_count(x->call, r);
        }
        x->most = off[x->nn] > x->most ? off[x->nn] : x->most;
    }
}

/*
 * The hier state ready, nodes of equal size, the type without holes and
 * fitting a piece per slot (reduce-scatter: k pieces); the work vector of
 * |G_me| elements (reduce-scatter: two) in x->work, grown on every rank
 * for the longest group and agreed. MCA_COLL_SWING_FALLBACK before any
 * communication, on every rank alike, when hier cannot run the call or
 * a rank could not grow its work vector.
 */
static int swing_hrs_setup(swing_hrs_t *x, mca_coll_swing_call_t *call, mca_coll_swing_module_t *m,
                           int rs)
{
    static mca_coll_swing_fallback_t uneven = { 0, "nodes with different numbers of ranks" };
    static mca_coll_swing_fallback_t type = { 0,
                                              "datatype with holes or larger than a slot's share" };
    mca_coll_swing_growth_t g;
    ptrdiff_t true_ext = 0;
    int rc;

    memset(x, 0, sizeof(*x));
    rc = mca_coll_swing_hier_prepare(call, m);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    x->h = m->hier;
    if (x->h->nodes.kmin != x->h->nodes.kmax) {
        call->fallback = &uneven;
        return MCA_COLL_SWING_FALLBACK;
    }
    ompi_datatype_get_true_extent(call->dtype, &x->gap, &true_ext);
    x->call = call;
    x->s = x->h->shm;
    x->k = x->h->nodes.kmin;
    x->nn = x->h->nodes.nnodes;
    x->me = x->h->nodes.lrank;
    x->ext = (size_t) call->extent;
    if (call->extent <= 0 || true_ext != call->extent
        || 0 == mca_coll_swing_shm_piece(x->s, x->ext, rs ? x->k : 1)) {
        call->fallback = &type;
        return MCA_COLL_SWING_FALLBACK;
    }
    (void) mca_coll_swing_block_disps(call, ompi_comm_size(call->comm), m->disp);
    mca_coll_swing_block_layout(call, x->h->layout, 1, 0);
    x->disp = m->disp;
    /* nonblocking allreduces started before this call use the segment first */
    mca_coll_swing_shm_nb_drain(m);
    swing_hrs_offsets(x);
    g = (mca_coll_swing_growth_t){ &x->h->scratch, &x->h->scratch_size, &x->h->scratch_agreed,
                                   x->most * x->ext * (rs ? 2 : 1) + 1, 0 };
    g.most = g.need;
    rc = mca_coll_swing_grow_agreed(call, m, &g, 1);
    x->work = x->h->scratch - x->gap;
    return rc;
}

/* The step list's call: my group's vector of n elements. */
static mca_coll_swing_call_t swing_hrs_sub(const swing_hrs_t *x)
{
    mca_coll_swing_call_t sub = *x->call;

    sub.count = swing_hrs_len(x, x->me);
    sub.bytes = sub.count * x->ext;
    sub.plan = &x->h->plans[SWING_HIER_BO];
    return sub;
}

/* Reduce-scatter node phase, small: every vector in the small area. */
static void swing_hrs_small(const swing_hrs_t *x, const char *src)
{
    mca_coll_swing_shm_t *s = x->s;
    char *half = s->small + (s->small_calls++ % 2) * (size_t) s->nranks * s->small_size;
    size_t end = swing_hrs_len(x, x->me), u, n;

    memcpy(half + (size_t) s->rank * s->small_size, swing_hrs_user(x, src, 0),
           x->call->count * x->ext);
    mca_coll_swing_shm_phase(s);
    for (size_t e = 0; e < end; e += n) {
        n = swing_hrs_run(x, x->me, e, end, &u);
        for (int i = 0; i < s->nranks; ++i) {
            s->in[i] = half + (size_t) i * s->small_size + u * x->ext - x->gap;
        }
        if (n > 0) {
            mca_coll_swing_reduce_n(x->call->op, x->call->dtype, (const void *const *) s->in,
                                    s->nranks, x->work + e * x->ext, n);
        }
    }
}

/* Reduce-scatter node phase, rounds of pieces of c elements of every group. */
static void swing_hrs_rounds(const swing_hrs_t *x, const char *src, size_t c)
{
    mca_coll_swing_shm_t *s = x->s;
    size_t rounds = (x->most + c - 1) / c;
    size_t u, n;

    for (size_t k = 0; k < rounds; ++k) {
        char *set = mca_coll_swing_shm_set(s, k), *slot = set + (size_t) s->rank * s->slot_size;
        size_t lo = k * c;
        for (int j = 0; j < x->k; ++j) {
            size_t end = swing_hrs_len(x, j) < lo + c ? swing_hrs_len(x, j) : lo + c;
            for (size_t e = lo; j != x->me && e < end; e += n) {
                n = swing_hrs_run(x, j, e, end, &u);
                memcpy(slot + ((size_t) j * c + e - lo) * x->ext, swing_hrs_user(x, src, u),
                       n * x->ext);
            }
        }
        mca_coll_swing_shm_phase(s);
        size_t mend = swing_hrs_len(x, x->me) < lo + c ? swing_hrs_len(x, x->me) : lo + c;
        for (size_t e = lo; e < mend; e += n) {
            n = swing_hrs_run(x, x->me, e, mend, &u);
            for (int i = 0; i < s->nranks; ++i) {
                s->in[i] = (i == s->rank) ? (char *) src + u * x->ext
                                          : set + (size_t) i * s->slot_size
                                                + ((size_t) x->me * c + e - lo) * x->ext - x->gap;
            }
            if (n > 0) {
                mca_coll_swing_reduce_n(x->call->op, x->call->dtype, (const void *const *) s->in,
                                        s->nranks, x->work + e * x->ext, n);
            }
        }
    }
    /* read after the last phase: the next call starts with the other set */
    if (rounds > 0) {
        mca_coll_swing_shm_unread(s, rounds - 1);
    }
}

int mca_coll_swing_exec_hier_rs(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    const char *src = (NULL != call->sbuf) ? call->sbuf : call->rbuf;
    swing_hrs_t x;
    mca_coll_swing_call_t sub;
    int rc = swing_hrs_setup(&x, call, m, 1), me;
    size_t mine;

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    /* numbered like every call on the segment; nothing fails in its node phase */
    (void) mca_coll_swing_shm_call(x.s);
    if (call->count * x.ext <= x.s->small_size) {
        swing_hrs_small(&x, src);
    } else {
        swing_hrs_rounds(&x, src, mca_coll_swing_shm_piece(x.s, x.ext, x.k));
    }
    sub = swing_hrs_sub(&x);
    if (0 == sub.count) {
        return OMPI_SUCCESS;
    }
    rc = mca_coll_swing_rsag_half(&sub, sub.plan, x.h->layout, x.work, x.work + sub.count * x.ext,
                                  SWT_HALF_RS);
    me = ompi_comm_rank(call->comm);
    mine = x.h->layout->off[x.h->layout->index[me]];
    if (OMPI_SUCCESS == rc && mca_coll_swing_block_count(call, me) > 0) {
        rc = ompi_datatype_copy_content_same_ddt(call->dtype, mca_coll_swing_block_count(call, me),
                                                 call->rbuf, x.work + mine * x.ext);
    }
    return rc;
}

/* Allgather node phase: every other group's vector out of the segment
   (ok: my work vector holds my group's; without it, phases only). */
static void swing_hag_node(const swing_hrs_t *x, int ok)
{
    mca_coll_swing_shm_t *s = x->s;
    char *rbuf = x->call->rbuf;
    size_t u, n, mine = swing_hrs_len(x, x->me);
    int small = x->most * x->ext <= s->small_size;
    size_t c = small ? x->most : mca_coll_swing_shm_piece(x->s, x->ext, 1);
    size_t rounds = (x->most + c - 1) / c;
    char *half = small ? s->small + (s->small_calls++ % 2) * (size_t) s->nranks * s->small_size
                       : NULL;

    for (size_t k = 0; k < rounds; ++k) {
        size_t lo = k * c, stride = small ? s->small_size : s->slot_size;
        char *base = small ? half : mca_coll_swing_shm_set(s, k);
        if (ok && lo < mine) {
            memcpy(base + (size_t) s->rank * stride, x->work + x->gap + lo * x->ext,
                   ((mine - lo < c) ? mine - lo : c) * x->ext);
        }
        mca_coll_swing_shm_phase(s);
        for (int j = 0; j < x->k; ++j) {
            size_t end = swing_hrs_len(x, j) < lo + c ? swing_hrs_len(x, j) : lo + c;
            for (size_t e = lo; j != x->me && e < end; e += n) {
                n = swing_hrs_run(x, j, e, end, &u);
                memcpy(swing_hrs_user(x, rbuf, u), base + (size_t) j * stride + (e - lo) * x->ext,
                       n * x->ext);
            }
        }
    }
    if (!small && rounds > 0) {
        mca_coll_swing_shm_unread(s, rounds - 1);
    }
    for (size_t e = 0; ok && e < mine; e += n) {
        n = swing_hrs_run(x, x->me, e, mine, &u);
        memcpy(swing_hrs_user(x, rbuf, u), x->work + x->gap + e * x->ext, n * x->ext);
    }
}

int mca_coll_swing_exec_hier_ag(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    swing_hrs_t x;
    mca_coll_swing_call_t sub;
    int rc = swing_hrs_setup(&x, call, m, 0), me = ompi_comm_rank(call->comm);
    uint64_t seq;
    size_t n;

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    seq = mca_coll_swing_shm_call(x.s);
    sub = swing_hrs_sub(&x);
    n = mca_coll_swing_block_count(call, me);
    if (n > 0) {
        const char *own = (NULL != call->sbuf) ? swing_hrs_user(&x, call->sbuf, 0)
                                               : swing_hrs_user(&x, call->rbuf, x.disp[me]);
        memcpy(x.work + x.gap + x.h->layout->off[x.h->layout->index[me]] * x.ext, own, n * x.ext);
    }
    if (sub.count > 0) {
        rc = mca_coll_swing_rsag_half(&sub, sub.plan, x.h->layout, x.work, NULL, SWT_HALF_AG);
    }
    /* the node phase whatever happened before: the node's ranks wait for it,
       and learn of the failure from the segment */
    if (OMPI_SUCCESS != rc) {
        mca_coll_swing_shm_fail(x.s, seq);
    }
    swing_hag_node(&x, OMPI_SUCCESS == rc);
    if (OMPI_SUCCESS == rc && mca_coll_swing_shm_failed(x.s, seq)) {
        rc = MCA_COLL_SWING_PEER_FAILED;
        mca_coll_swing_count(&mca_coll_swing_counters.peer_error, 1);
    }
    return rc;
}
