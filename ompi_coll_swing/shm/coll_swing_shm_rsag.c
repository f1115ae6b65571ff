/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Reduce-scatter and allgather through the node's shared segment
 * (transport/coll_swing_shm_segment.c), for communicators whose ranks all share
 * this node. Blocks go straight to their MPI places: no permutation.
 *
 * Reduce-scatter, small (the whole vector fits a small slot), one phase:
 *   copy in    rank r copies its vector into small slot r      -> phase
 *   reduce     rank r reduces its block across the p slots, in rank
 *              order, into its receive buffer
 * Reduce-scatter, large, in rounds; a slot holds p pieces, piece j for
 * rank j. Round k:
 *   copy in    rank r copies the k-th piece of every rank's block into
 *              its slot of set (f+k)%2, f the segment's turn
 *              (transport/coll_swing_shm_segment.h; not its own piece: nobody
 *              else reads it)
 *                                                              -> phase
 *   reduce     rank r reduces the k-th piece of its block across the p
 *              slots (its own straight from its send buffer)
 * Allgather, small (every block fits a small slot), one phase:
 *   rank r copies its block into small slot r -> phase -> copies the
 *   other blocks out to their places
 * Allgather, large: round k, rank r copies the k-th piece of its block
 * into its slot of set (f+k)%2 -> phase -> copies the k-th piece of every
 * other block out.
 * Allgather from coll_swing_shm_cma_allgather_min bytes where single copy
 * is available: every rank reads the others' blocks straight from their
 * buffers (coll_swing_shm_cma_ag.c), no segment traffic.
 *
 * Example, reduce-scatter, p = 2, blocks of 3 ints, pieces of 2: round 0,
 * slot 0 holds rank 0's elements [0,2) of block 0 and [3,5) of block 1;
 * rank 1 sums slot 0's piece 1 with its own [3,5) into rbuf[0,2). Round 1
 * does the third element of each block.
 *
 * A round serves a piece of every block, not a chunk of the vector (which
 * would leave all ranks but one idle), and every element is combined in
 * rank order by the same code on whichever rank computes it.
 *
 * Sharing the segment with allreduce (coll_swing_shm.c): the small area
 * alternates halves by the segment's small-call counter with one phase
 * between writing and reading, as allreduce's small scheme does. Round k
 * writes set (f+k)%2 after the phase of round k-1, which every rank
 * passes only after reading that set in round k-2. The last round is read
 * after the last phase: the call leaves its set read, and the next call
 * on the segment starts with the other one (no phase to end the call).
 *
 * Memory: the segment; nothing per call.
 */
#include "coll_swing_shm.h"
#include "coll_swing_steps.h"
#include "coll_swing_kernel.h"
#include "coll_swing_shm_segment.h"

#include <string.h>

typedef struct swing_shm_rsag_t {
    const mca_coll_swing_call_t *call;
    mca_coll_swing_shm_t *s;
    const size_t *disp; /* [p + 1] blocks in the user's vector */
    size_t most;        /* the largest block */
    ptrdiff_t gap;
    size_t ext;
    int inplace;
    uint64_t seq; /* the call's number on the segment */
} swing_shm_rsag_t;

/* Elements [lo, lo + *n) of rank r's block that round pieces of c cover. */
static size_t swing_shm_piece(const swing_shm_rsag_t *x, int r, size_t lo, size_t c)
{
    size_t n = mca_coll_swing_block_count(x->call, r);

    if (n <= lo) {
        return 0;
    }
    return (n - lo < c) ? n - lo : c;
}

/* Address of element e of a user buffer (the data start gap bytes in). */
static char *swing_shm_user(const swing_shm_rsag_t *x, const char *buf, size_t e)
{
    return (char *) buf + x->gap + e * x->ext;
}

static char *swing_shm_small_half(mca_coll_swing_shm_t *s)
{
    return s->small + (s->small_calls++ % 2) * (size_t) s->nranks * s->small_size;
}

static void swing_shm_rs_small(const swing_shm_rsag_t *x, const char *src)
{
    mca_coll_swing_shm_t *s = x->s;
    const mca_coll_swing_call_t *call = x->call;
    char *half = swing_shm_small_half(s);
    size_t n = mca_coll_swing_block_count(call, s->rank);

    memcpy(half + (size_t) s->rank * s->small_size, swing_shm_user(x, src, 0),
           call->count * x->ext);
    mca_coll_swing_shm_phase(s);
    for (int i = 0; i < s->nranks; ++i) {
        s->in[i] = half + (size_t) i * s->small_size + x->disp[s->rank] * x->ext - x->gap;
    }
    if (n > 0) {
        mca_coll_swing_reduce_n(call->op, call->dtype, (const void *const *) s->in, s->nranks,
                                call->rbuf, n);
    }
}

static void swing_shm_rs_rounds(const swing_shm_rsag_t *x, const char *src, size_t c)
{
    mca_coll_swing_shm_t *s = x->s;
    const mca_coll_swing_call_t *call = x->call;
    size_t rounds = (x->most + c - 1) / c;
    int me = s->rank;

    for (size_t k = 0; k < rounds; ++k) {
        char *set = mca_coll_swing_shm_set(s, k), *slot = set + (size_t) me * s->slot_size;
        size_t lo = k * c, n;
        for (int j = 0; j < s->nranks; ++j) {
            n = swing_shm_piece(x, j, lo, c);
            if (n > 0 && (j != me || x->inplace)) {
                memcpy(slot + (size_t) j * c * x->ext, swing_shm_user(x, src, x->disp[j] + lo),
                       n * x->ext);
            }
        }
        mca_coll_swing_shm_phase(s);
        n = swing_shm_piece(x, me, lo, c);
        if (n > 0) {
            for (int i = 0; i < s->nranks; ++i) {
                s->in[i] = (i == me && !x->inplace) ? (char *) src + (x->disp[me] + lo) * x->ext
                                                    : set + (size_t) i * s->slot_size
                                                          + (size_t) me * c * x->ext - x->gap;
            }
            mca_coll_swing_reduce_n(call->op, call->dtype, (const void *const *) s->in, s->nranks,
                                    call->rbuf + lo * x->ext, n);
        }
    }
    if (rounds > 0) {
        mca_coll_swing_shm_unread(s, rounds - 1);
    }
}

static void swing_shm_ag_small(const swing_shm_rsag_t *x, const char *own)
{
    mca_coll_swing_shm_t *s = x->s;
    const mca_coll_swing_call_t *call = x->call;
    char *half = swing_shm_small_half(s);

    memcpy(half + (size_t) s->rank * s->small_size, swing_shm_user(x, own, 0),
           mca_coll_swing_block_count(call, s->rank) * x->ext);
    mca_coll_swing_shm_phase(s);
    for (int j = 0; j < s->nranks; ++j) {
        if (j != s->rank) {
            memcpy(swing_shm_user(x, call->rbuf, x->disp[j]), half + (size_t) j * s->small_size,
                   mca_coll_swing_block_count(call, j) * x->ext);
        }
    }
}

static void swing_shm_ag_rounds(const swing_shm_rsag_t *x, const char *own, size_t c)
{
    mca_coll_swing_shm_t *s = x->s;
    const mca_coll_swing_call_t *call = x->call;
    size_t rounds = (x->most + c - 1) / c;

    for (size_t k = 0; k < rounds; ++k) {
        char *set = mca_coll_swing_shm_set(s, k);
        size_t lo = k * c, n = swing_shm_piece(x, s->rank, lo, c);
        memcpy(set + (size_t) s->rank * s->slot_size, swing_shm_user(x, own, lo), n * x->ext);
        mca_coll_swing_shm_phase(s);
        for (int j = 0; j < s->nranks; ++j) {
            n = swing_shm_piece(x, j, lo, c);
            if (j != s->rank && n > 0) {
                memcpy(swing_shm_user(x, call->rbuf, x->disp[j] + lo),
                       set + (size_t) j * s->slot_size, n * x->ext);
            }
        }
    }
    if (rounds > 0) {
        mca_coll_swing_shm_unread(s, rounds - 1);
    }
}

/* The segment and the blocks of the call; falls back on a type with holes. */
static int swing_shm_rsag_setup(swing_shm_rsag_t *x, mca_coll_swing_call_t *call,
                                mca_coll_swing_module_t *m)
{
    static mca_coll_swing_fallback_t holes = { 0, "datatype with holes or padding" };
    ptrdiff_t true_ext = 0;
    int rc = mca_coll_swing_shm_prepare(call, m, &x->gap, &true_ext);

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    if (true_ext != call->extent) {
        call->fallback = &holes;
        return MCA_COLL_SWING_FALLBACK;
    }
    x->call = call;
    x->s = m->shm;
    x->ext = (size_t) call->extent;
    x->inplace = (NULL == call->sbuf);
    x->disp = m->disp;
    x->most = mca_coll_swing_block_disps(call, x->s->nranks, m->disp);
    /* nonblocking allreduces started before this call use the segment first */
    mca_coll_swing_shm_nb_drain(m);
    x->seq = mca_coll_swing_shm_call(x->s);
    return OMPI_SUCCESS;
}

int mca_coll_swing_exec_shm_rs(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    static mca_coll_swing_fallback_t big = { 0, "datatype larger than a slot's share" };
    swing_shm_rsag_t x;
    const char *src = (NULL != call->sbuf) ? call->sbuf : call->rbuf;
    int rc = swing_shm_rsag_setup(&x, call, m);
    size_t c;

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    c = mca_coll_swing_shm_piece(x.s, x.ext, x.s->nranks);
    if (call->count * x.ext <= x.s->small_size) {
        swing_shm_rs_small(&x, src);
    } else if (0 == c) {
        call->fallback = &big;
        return MCA_COLL_SWING_FALLBACK;
    } else {
        swing_shm_rs_rounds(&x, src, c);
    }
    return OMPI_SUCCESS;
}

int mca_coll_swing_exec_shm_ag(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    swing_shm_rsag_t x;
    const char *own;
    int rc = swing_shm_rsag_setup(&x, call, m);

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    own = x.inplace ? call->rbuf + x.disp[x.s->rank] * x.ext : call->sbuf;
    if (!x.inplace) {
        memcpy(swing_shm_user(&x, call->rbuf, x.disp[x.s->rank]), swing_shm_user(&x, own, 0),
               mca_coll_swing_block_count(call, x.s->rank) * x.ext);
    }
    if (x.s->cma && mca_coll_swing_params.shm_cma_allgather_min >= 0
        && call->bytes >= (size_t) mca_coll_swing_params.shm_cma_allgather_min) {
        mca_coll_swing_count(&mca_coll_swing_counters.shm_ag_single_copy, 1);
        return mca_coll_swing_shm_cma_allgather(call, x.s, x.seq, x.disp, x.gap,
                                                swing_shm_user(&x, own, 0));
    }
    if (x.most * x.ext <= x.s->small_size) {
        swing_shm_ag_small(&x, own);
    } else {
        swing_shm_ag_rounds(&x, own, mca_coll_swing_shm_piece(x.s, x.ext, 1));
    }
    return OMPI_SUCCESS;
}
