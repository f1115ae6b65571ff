/*
 * Shared-memory allreduce (ALGORITHMS.md section 8), for communicators
 * whose ranks all share this node (segment: coll_swing_shm_seg.c).
 *
 * Large scheme, per chunk of at most slot_size bytes:
 *   copy in    rank r copies its chunk into slot r          -> phase
 *   reduce     rank r reduces its slice of the chunk across
 *              slots 0, 1, ..., p-1 into the result area     -> phase
 *   copy out   every rank copies the whole result out
 * Small scheme (message <= small_size), one phase per call:
 *   copy in    rank r copies its vector into small slot r    -> phase
 *   reduce     every rank reduces all p slots, in rank order, straight
 *              into its receive buffer
 *
 * Every element is combined in the order slot 0, 1, ..., p-1 by exactly
 * the same code, so all ranks get bit-identical results, floats included.
 *
 * Why two phases per chunk suffice: rank r starts chunk k+1 only after the
 * "reduced" phase of chunk k, so nobody still reads slot r when r
 * overwrites it; and it writes the result area only after the "copied in"
 * phase of chunk k+1, which every rank reaches after copying chunk k out.
 * The small scheme alternates two halves of its area: when rank r reuses a
 * half, every rank has passed the phase of the call in between, so has
 * finished reading that half.
 *
 * Example, p = 3, 9 ints, slices of 3 (rounded to cache lines in practice):
 * rank 1 computes result[3..6) = slot0[3..6) + slot1[3..6) + slot2[3..6).
 *
 * Memory: the segment, (p + 1) slots plus 2p small slots; nothing per call.
 * Waiting: a bounded spin, then sched_yield, and opal_progress now and then. The spin
 * is short when the ranks outnumber the cores: a waiting rank then holds
 * the core its peer needs. Progress matters for correct programs too: a
 * peer may be blocked in an MPI_Send that only completes when this rank
 * progresses its posted receive.
 */
#include "coll_swing_shm.h"
#include "coll_swing_kernel.h"

#include <sched.h>
#include <string.h>

#include "opal/runtime/opal_progress.h"
#include "opal/util/output.h"

static inline void swing_shm_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#else
    atomic_signal_fence(memory_order_seq_cst);
#endif
}

/* Publish my next phase, then wait until every rank has published it. */
static void swing_shm_phase(mca_coll_swing_shm_t *s)
{
    uint64_t phase = ++s->phase;

    atomic_store_explicit(mca_coll_swing_shm_flag(s, s->rank), phase,
                          memory_order_release);
    for (int i = 0; i < s->nranks; ++i) {
        _Atomic uint64_t *f = mca_coll_swing_shm_flag(s, i);
        unsigned spins = 0, yields = 0;
        while (atomic_load_explicit(f, memory_order_acquire) < phase) {
            if (++spins < s->spin) {
                swing_shm_relax();
            } else {
                /* a peer may be stuck in a send to us that needs our
                   progress; rarely, as opal_progress costs about a yield */
                spins = 0;
                if (0 == ++yields % SWING_SHM_PROGRESS_EVERY) {
                    opal_progress();
                }
                sched_yield();
            }
        }
    }
}

/* Bytes n elements cover: the last one may end before its extent (padding). */
static size_t swing_shm_span(const mca_coll_swing_call_t *call, ptrdiff_t true_ext, size_t n)
{
    return n ? (n - 1) * (size_t) call->extent + (size_t) true_ext : 0;
}

/* dst = src[0] op src[1] op ... op src[p-1], n elements, in rank order. */
static void swing_shm_combine(const mca_coll_swing_call_t *call, char *const *src,
                              int p, char *dst, size_t n)
{
    mca_coll_swing_reduce_n(call->op, call->dtype, (const void *const *) src, p, dst, n);
}

static void swing_shm_small(const mca_coll_swing_call_t *call, mca_coll_swing_shm_t *s,
                            const char *src, ptrdiff_t gap, ptrdiff_t true_ext)
{
    size_t bytes = swing_shm_span(call, true_ext, call->count);
    char *half = s->small + (s->small_calls++ % 2) * (size_t) s->nranks * s->small_size;
    char **in = s->in;

    memcpy(half + (size_t) s->rank * s->small_size, src + gap, bytes);
    swing_shm_phase(s);
    for (int i = 0; i < s->nranks; ++i) {
        in[i] = half + (size_t) i * s->small_size - gap;
    }
    swing_shm_combine(call, in, s->nranks, call->rbuf, call->count);
}

/* First element of rank r's slice of n elements: slices start on cache lines. */
static size_t swing_shm_slice(size_t n, int p, int r, size_t ext)
{
    size_t per = (n + (size_t) p - 1) / (size_t) p, line = 1, lo;

    if (ext > 0 && ext < SWING_SHM_ALIGN && 0 == SWING_SHM_ALIGN % ext) {
        line = SWING_SHM_ALIGN / ext;
    }
    per = (per + line - 1) / line * line;
    lo = per * (size_t) r;
    return lo < n ? lo : n;
}

static void swing_shm_large(const mca_coll_swing_call_t *call, mca_coll_swing_shm_t *s,
                            const char *src, ptrdiff_t gap, ptrdiff_t true_ext)
{
    size_t ext = (size_t) call->extent, chunk = s->slot_size / ext;
    char *mine = s->slots + (size_t) s->rank * s->slot_size;
    char **in = s->in;

    for (size_t e0 = 0; e0 < call->count; e0 += chunk) {
        size_t n = call->count - e0 < chunk ? call->count - e0 : chunk;
        size_t lo = swing_shm_slice(n, s->nranks, s->rank, ext);
        size_t hi = swing_shm_slice(n, s->nranks, s->rank + 1, ext);

        memcpy(mine, src + gap + e0 * ext, swing_shm_span(call, true_ext, n));
        swing_shm_phase(s);
        if (hi > lo) {
            for (int i = 0; i < s->nranks; ++i) {
                in[i] = s->slots + (size_t) i * s->slot_size + lo * ext - gap;
            }
            swing_shm_combine(call, in, s->nranks, s->result + lo * ext - gap, hi - lo);
        }
        swing_shm_phase(s);
        memcpy(call->rbuf + gap + e0 * ext, s->result, swing_shm_span(call, true_ext, n));
    }
}

/* Served by the message-passing algorithm auto would pick, counted as such. */
static int swing_shm_fallback(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m,
                              const char *why)
{
    static int warned;
    int id = mca_coll_swing_decide_messages(m, call->bytes);

    /* every rank: warn_once prints from world rank 0 only, whatever its rank here */
    mca_coll_swing_warn_once(&warned, 0, "warning",
                             "shm allreduce not possible on %s (%s); using %s",
                             call->comm->c_name, why, mca_coll_swing_algs[id].name);
    __atomic_fetch_sub(&mca_coll_swing_component.served[MCA_COLL_SWING_ALG_SHM], 1,
                       __ATOMIC_RELAXED);
    __atomic_fetch_add(&mca_coll_swing_component.served[id], 1, __ATOMIC_RELAXED);
    call->plan = &m->plans[id];
    return mca_coll_swing_exec_steps(call, m);
}

int mca_coll_swing_exec_shm(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    const char *src = (NULL != call->sbuf) ? call->sbuf : call->rbuf;
    ptrdiff_t gap = 0, true_ext = 0;
    int rc;

    if (!mca_coll_swing_shm_available(m)) {
        return swing_shm_fallback(call, m, "ranks on more than one node, or coll_swing_shm_size 0");
    }
    if (SWING_SHM_LOCAL == m->shm_state) {
        rc = mca_coll_swing_shm_attach(m);
        if (OMPI_SUCCESS != rc) {
            return rc;
        }
    }
    if (SWING_SHM_READY != m->shm_state) {
        return swing_shm_fallback(call, m, "no shared segment");
    }
    ompi_datatype_get_true_extent(call->dtype, &gap, &true_ext);
    if (call->extent <= 0 || true_ext > call->extent
        || (size_t) call->extent > m->shm->slot_size) {
        return swing_shm_fallback(call, m, "datatype overlapping itself or larger than a slot");
    }
    if (swing_shm_span(call, true_ext, call->count) <= m->shm->small_size) {
        swing_shm_small(call, m->shm, src, gap, true_ext);
    } else {
        swing_shm_large(call, m->shm, src, gap, true_ext);
    }
    return OMPI_SUCCESS;
}
