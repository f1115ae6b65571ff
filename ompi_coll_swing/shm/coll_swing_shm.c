/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Shared-memory allreduce (ALGORITHMS.md section 8), for communicators
 * whose ranks all share this node (the segment and its phases:
 * transport/coll_swing_shm_segment.c).
 *
 * Large scheme, chunks of at most slot_size bytes, two sets of slots and
 * results used in turn so that one phase per chunk suffices (chunk k in
 * set (f+k)%2, f the segment's turn: transport/coll_swing_shm_segment.h):
 *   copy in    rank r copies chunk 0 into slot r of set f, except its own
 *              slice                                         -> phase
 *   for chunk k:
 *     reduce   rank r reduces its slice of chunk k across the slots of
 *              ranks 0, 1, ..., p-1 (its own slice straight from its
 *              send buffer) into result (f+k)%2
 *     copy in  rank r copies chunk k+1 into its slot of set (f+k+1)%2
 *                                                            -> phase
 *     copy out every rank copies result (f+k)%2 into its receive buffer
 * Small scheme (message <= small_size), one phase per call:
 *   copy in    rank r copies its vector into small slot r    -> phase
 *   reduce     every rank reduces all p slots, in rank order, straight
 *              into its receive buffer
 *
 * Every element is combined in the order slot 0, 1, ..., p-1 by exactly
 * the same code, so all ranks get bit-identical results, floats included.
 *
 * MPI_Reduce (call->tcoll) runs the same schemes, so its root gets the
 * allreduce's bits: every rank copies in and reduces its slices; only the
 * root copies the result out (small scheme: only the root reduces). At
 * up to SWING_SHM_REDUCE_ROOT_MAX ranks its large scheme is the root's
 * alone (coll_swing_shm_reduce.c: the same combination, one phase per
 * chunk). Never by single copy, whose last step gathers into every rank's
 * receive buffer. hier's reduce runs them on each node's segment, the
 * node's leader as the root.
 *
 * Why one phase per chunk suffices: rank r overwrites its slot of set
 * (f+k+1)%2 during chunk k, after the phase that ended chunk k-1, so every
 * rank has finished reducing chunk k-1 (the last reader of that set); it
 * writes result (f+k+1)%2 after the phase that ended chunk k, which every
 * rank reaches only after copying result (f+k-1)%2 out. Chunk 0 goes to
 * set f, which no rank still reads for the previous call; the slots are
 * read before the last phase, so the call leaves none read.
 * The small scheme alternates two halves of its area: when rank r reuses a
 * half, every rank has passed the phase of the call in between, so has
 * finished reading that half.
 *
 * Example, p = 3, 9 ints, slices of 3 (rounded to cache lines in practice):
 * rank 1 computes result[3..6) = slot0[3..6) + slot1[3..6) + slot2[3..6).
 *
 * Each scheme is its actions between two phases (coll_swing_shm_op.h): a
 * blocking call waits for each phase (transport/coll_swing_shm_segment.c), the
 * nonblocking engine tests it (coll_swing_shm_nb.c); same actions, same bits.
 * Memory: the segment, 2 (p + 1) slots plus 2p small slots; nothing per call.
 */
#include "coll_swing_shm.h"
#include "coll_swing_kernel.h"
#include "coll_swing_shm_op.h"
#include "coll_swing_agree.h"

#include <string.h>

#include "opal/util/output.h"

/* dst = src[0] op src[1] op ... op src[p-1], n elements, in rank order. */
static void swing_shm_combine(const mca_coll_swing_call_t *call, char *const *src, int p, char *dst,
                              size_t n)
{
    mca_coll_swing_reduce_n(call->op, call->dtype, (const void *const *) src, p, dst, n);
}

/* Small scheme: copy in -> phase -> reduce every slot. */
static int swing_shm_small_next(mca_coll_swing_shm_op_t *op)
{
    const mca_coll_swing_call_t *call = &op->call;
    mca_coll_swing_shm_t *s = op->s;
    char **in = s->in;

    if (0 == op->stage++) {
        op->half = s->small + (s->small_calls++ % 2) * (size_t) s->nranks * s->small_size;
        memcpy(op->half + (size_t) s->rank * s->small_size, op->src + op->gap,
               mca_coll_swing_shm_span(call, op->true_ext, call->count));
        return mca_coll_swing_shm_op_phase(op);
    }
    if (!mca_coll_swing_shm_op_out(op)) {
        return SWING_SHM_OP_DONE;
    }
    for (int i = 0; i < s->nranks; ++i) {
        in[i] = op->half + (size_t) i * s->small_size - op->gap;
    }
    swing_shm_combine(call, in, s->nranks, call->rbuf, call->count);
    return SWING_SHM_OP_DONE;
}

/* Copies my chunk of n elements into my slot, all but my own slice (nobody else reads it). */
static void swing_shm_copy_in(const mca_coll_swing_shm_op_t *op, char *slot, const char *from,
                              size_t n)
{
    const mca_coll_swing_call_t *call = &op->call;
    const mca_coll_swing_shm_t *s = op->s;
    size_t ext = (size_t) call->extent;
    size_t lo = mca_coll_swing_shm_slice(n, s->nranks, s->rank, ext);
    size_t hi = mca_coll_swing_shm_slice(n, s->nranks, s->rank + 1, ext);

    if (hi <= lo) {
        memcpy(slot, from, mca_coll_swing_shm_span(call, op->true_ext, n));
        return;
    }
    memcpy(slot, from, lo * ext);
    if (hi < n) {
        memcpy(slot + hi * ext, from + hi * ext,
               mca_coll_swing_shm_span(call, op->true_ext, n - hi));
    }
}

/* Large scheme, chunk op->e0 of op->n elements in set op->set: reduce my
   slice into the result, copy the next chunk in -> phase. */
static int swing_shm_large_reduce(mca_coll_swing_shm_op_t *op)
{
    const mca_coll_swing_call_t *call = &op->call;
    mca_coll_swing_shm_t *s = op->s;
    size_t ext = (size_t) call->extent, chunk = s->slot_size / ext;
    size_t set_bytes = (size_t) s->nranks * s->slot_size;
    size_t lo = mca_coll_swing_shm_slice(op->n, s->nranks, s->rank, ext);
    size_t hi = mca_coll_swing_shm_slice(op->n, s->nranks, s->rank + 1, ext);
    size_t e1 = op->e0 + op->n;
    char *slots = s->slots + op->set * set_bytes, *result = s->result + op->set * s->slot_size;
    char **in = s->in;

    if (hi > lo) {
        for (int i = 0; i < s->nranks; ++i) {
            in[i] = (i == s->rank) ? (char *) op->src + (op->e0 + lo) * ext
                                   : slots + (size_t) i * s->slot_size + lo * ext - op->gap;
        }
        swing_shm_combine(call, in, s->nranks, result + lo * ext - op->gap, hi - lo);
    }
    if (e1 < call->count) {
        swing_shm_copy_in(op,
                          s->slots + (op->set ^ 1) * set_bytes + (size_t) s->rank * s->slot_size,
                          op->src + op->gap + e1 * ext,
                          call->count - e1 < chunk ? call->count - e1 : chunk);
    }
    return mca_coll_swing_shm_op_phase(op);
}

/* Large scheme: copy chunk 0 in -> phase -> per chunk: reduce, copy the
   next in -> phase -> copy the result out. */
static int swing_shm_large_next(mca_coll_swing_shm_op_t *op)
{
    const mca_coll_swing_call_t *call = &op->call;
    mca_coll_swing_shm_t *s = op->s;
    size_t ext = (size_t) call->extent, chunk = s->slot_size / ext;

    if (0 == op->stage) {
        op->stage = 1;
        op->n = call->count < chunk ? call->count : chunk;
        swing_shm_copy_in(op,
                          s->slots + op->set * (size_t) s->nranks * s->slot_size
                              + (size_t) s->rank * s->slot_size,
                          op->src + op->gap, op->n);
        return mca_coll_swing_shm_op_phase(op);
    }
    if (1 == op->stage) {
        op->stage = 2;
        return swing_shm_large_reduce(op);
    }
    return mca_coll_swing_shm_op_copy_out(op) ? SWING_SHM_OP_DONE : swing_shm_large_reduce(op);
}

/*
 * Single copy needs every rank to read every other's memory (same user,
 * ptrace permitted: Yama, containers and seccomp may refuse). Tried once
 * per communicator when allreduce (coll_swing_shm_cma) or allgather
 * (coll_swing_shm_cma_allgather_min >= 0) may use it; one refusal
 * anywhere and nobody uses it.
 */
static int swing_shm_cma_setup(mca_coll_swing_module_t *m, mca_coll_swing_shm_t *s)
{
    int ok = 1, rc;

    if (!mca_coll_swing_params.shm_cma && mca_coll_swing_params.shm_cma_allgather_min < 0
        && mca_coll_swing_params.shm_cma_bcast_min < 0) {
        return OMPI_SUCCESS;
    }
    mca_coll_swing_shm_cma_publish(s);
    rc = mca_coll_swing_agree(m, &ok);
    ok = mca_coll_swing_shm_cma_probe(s);
    if (OMPI_SUCCESS == rc) {
        rc = mca_coll_swing_agree(m, &ok);
    }
    s->cma = (OMPI_SUCCESS == rc && ok);
    opal_output_verbose(1, mca_coll_swing_params.output,
                        "coll:swing: shm single copy (process_vm_readv) on %s: %s", m->comm->c_name,
                        s->cma ? "available" : "refused, segment scheme");
    return rc;
}

/* Collective, at the first shm call: map the segment, try single copy. */
static int swing_shm_attach(mca_coll_swing_module_t *m)
{
    mca_coll_swing_shm_t *s = NULL;
    int rc = mca_coll_swing_shm_map(m, 1, ompi_comm_size(m->comm), ompi_comm_rank(m->comm), 0, &s);

    if (OMPI_SUCCESS == rc) {
        rc = swing_shm_cma_setup(m, s);
    }
    if (OMPI_SUCCESS == rc) {
        m->shm = s;
        m->shm_state = SWING_SHM_READY;
        return OMPI_SUCCESS;
    }
    mca_coll_swing_shm_unmap(s);
    m->shm_state = SWING_SHM_UNAVAILABLE;
    /* "not available" everywhere is agreed: the caller falls back */
    return OMPI_ERR_NOT_AVAILABLE == rc ? OMPI_SUCCESS : rc;
}

/* One message per job for all reasons, the first one met. */
static int swing_shm_fallback(mca_coll_swing_call_t *call, const char *why)
{
    static mca_coll_swing_fallback_t reason;

    if (!reason.warned) {
        reason.why = why;
    }
    call->fallback = &reason;
    return MCA_COLL_SWING_FALLBACK;
}

int mca_coll_swing_shm_prepare(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m,
                               ptrdiff_t *gap, ptrdiff_t *true_ext)
{
    int rc;

    if (!mca_coll_swing_shm_available(m)) {
        return swing_shm_fallback(call, "ranks on more than one node, or coll_swing_shm_size 0");
    }
    if (SWING_SHM_LOCAL == m->shm_state) {
        rc = swing_shm_attach(m);
        if (OMPI_SUCCESS != rc) {
            return rc;
        }
    }
    if (SWING_SHM_READY != m->shm_state) {
        return swing_shm_fallback(call, "no shared segment");
    }
    ompi_datatype_get_true_extent(call->dtype, gap, true_ext);
    if (call->extent <= 0 || *true_ext > call->extent
        || (size_t) call->extent > m->shm->slot_size) {
        return swing_shm_fallback(call, "datatype overlapping itself or larger than a slot");
    }
    return OMPI_SUCCESS;
}

void mca_coll_swing_shm_op_set(mca_coll_swing_shm_op_t *op, const mca_coll_swing_call_t *call,
                               mca_coll_swing_module_t *m, mca_coll_swing_shm_t *s)
{
    op->call = *call;
    op->module = m;
    op->s = s;
    op->src = (NULL != call->sbuf) ? call->sbuf : call->rbuf;
    if (mca_coll_swing_shm_span(call, op->true_ext, call->count) <= s->small_size) {
        op->next = swing_shm_small_next;
    } else if (SWT_COLL_REDUCE == call->tcoll && s->nranks <= SWING_SHM_REDUCE_ROOT_MAX) {
        op->next = mca_coll_swing_shm_reduce_next;
    } else if (s->cma && mca_coll_swing_params.shm_cma && SWT_COLL_REDUCE != call->tcoll
               && call->bytes >= (size_t) mca_coll_swing_params.shm_cma_min) {
        /* not for MPI_Reduce: its other ranks have no receive buffer to gather into */
        op->next = mca_coll_swing_shm_cma_next;
    } else {
        op->next = swing_shm_large_next;
    }
}

int mca_coll_swing_shm_op_init(mca_coll_swing_shm_op_t *op, mca_coll_swing_call_t *call,
                               mca_coll_swing_module_t *m)
{
    int rc;

    memset(op, 0, sizeof(*op));
    rc = mca_coll_swing_shm_prepare(call, m, &op->gap, &op->true_ext);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    mca_coll_swing_shm_op_set(op, call, m, m->shm);
    return OMPI_SUCCESS;
}

int mca_coll_swing_exec_shm(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    mca_coll_swing_shm_op_t op;
    int rc = mca_coll_swing_shm_op_init(&op, call, m);

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    mca_coll_swing_shm_nb_drain(m);
    return mca_coll_swing_shm_op_run(&op);
}
