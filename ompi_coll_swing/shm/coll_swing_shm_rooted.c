/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Broadcast, gather and scatter through the node's shared segment
 * (transport/coll_swing_shm_segment.h), for communicators whose ranks all share
 * this node; the broadcast is also hier's node phase (from each node's
 * leader). MPI_Reduce runs the shm allreduce's schemes (coll_swing_shm.c)
 * with the result copied out at the root only, or at few ranks the
 * root's own (coll_swing_shm_reduce.c). All move bytes: a type
 * with holes is packed into the module's scratch (base/coll_swing_ubuf.h).
 *
 * Broadcast, small (at most p small slots, one half of the small area),
 * one phase:
 *   copy in    the root copies the vector into the half        -> phase
 *   copy out   every other rank copies it out
 * Broadcast, large, chunks of one slot set (p slots: the root is the only
 * writer, so a phase moves as many bytes as an allreduce's), chunk k in
 * set (f+k)%2, f the segment's turn (transport/coll_swing_shm_segment.h), one
 * phase per chunk:
 *   copy in    the root copies chunk 0 in                      -> phase
 *   chunk k    the others copy chunk k out while the root copies
 *              chunk k+1 into the other set                    -> phase
 * The root fills the next chunk while the others read this one. It
 * writes set (f+k+1)%2 after the phase that ended chunk k-1, which every
 * rank reaches only after reading chunk k-1 from that set. The last chunk
 * is read after the last phase: the call leaves its set read, and the
 * next call starts with the other one, so a root of back-to-back calls
 * fills call k+1's first chunk while the others copy call k's last one
 * out, without a phase between.
 * Broadcast by single copy (coll_swing_shm_cma_bcast_min >= 0, messages of
 * at least that many bytes, where the kernel lets the ranks read each
 * other's memory: the probe of coll_swing_shm.c), two phases:
 *   publish    the root writes its buffer's address in its flag line
 *                                                              -> phase
 *   read       every other rank reads the vector straight from the
 *              root's buffer (process_vm_readv)                -> phase
 * The last phase keeps the root from returning (and reusing its buffer)
 * while a peer still reads it.
 *
 * Gather (scatter), small (every block fits a small slot), one phase:
 * every rank but the root copies its block into its small slot (the root
 * copies block j into small slot j) -> phase -> the root copies every
 * block out (each rank copies its own). Large: round k moves piece k (one
 * slot) of every block through slot j of set (f+k)%2, one phase per
 * round, the last set left read, as the shm allgather does.
 *
 * Example, broadcast of 2.5 MiB from rank 2 of 4, slots of 256 KiB (sets
 * of 1 MiB), f = 0: rank 2 copies [0, 1M) into set 0 -> phase; ranks 0,
 * 1, 3 copy it out while rank 2 copies [1M, 2M) into set 1 -> phase; they
 * copy that out while rank 2 copies the last 512 KiB into set 0 -> phase;
 * they copy it out. 3 phases; the next call starts with set 1.
 *
 * The broadcast is actions between waits (coll_swing_shm_op.h), so it
 * follows the segment's rules as the allreduce does; a blocking call
 * first lets the nonblocking operations started before it finish their
 * turn on the segment (coll_swing_shm_nb.c).
 *
 * Failures (docs/TESTING.md, "Faults"). A type with holes packs through
 * the module's scratch, and ranks may pass types of one signature with
 * and without holes: the scratch grows before the call's first phase, and
 * every rank agrees (transport/coll_swing_agree.h) when the most any rank
 * may need (the vector; gather's and scatter's p blocks) exceeds what was
 * agreed; if a rank could not grow, every rank hands the call to the
 * previous module. A rank that fails anyway (a need beyond the agreed
 * size on it alone, the root's pack, a single-copy read) goes on through
 * every phase without moving data (failed) and marks the call failed in
 * the segment before its next phase (transport/coll_swing_shm_segment.h): every
 * rank of the node ends the call with an error, never with the garbage a
 * failed root left in the slots. Only an unpack after the last phase fails
 * on its rank alone (the only result it spoils is that rank's). MPI_Reduce
 * runs the allreduce's schemes, which allocate nothing.
 *
 * Memory: the segment; the module's scratch for a type with holes (the
 * vector, or gather's and scatter's p blocks at the root).
 */
#include "coll_swing_shm.h"
#include "coll_swing_shm_op.h"
#include "coll_swing_agree.h"

#include <string.h>

/* Elements of n left from e0, at most chunk. */
static size_t swing_bcast_len(size_t n, size_t e0, size_t chunk)
{
    return n - e0 < chunk ? n - e0 : chunk;
}

/* Small: the root's vector into a half of the small area -> phase -> out. */
static int swing_bcast_small_next(mca_coll_swing_shm_op_t *op)
{
    const mca_coll_swing_call_t *call = &op->call;
    mca_coll_swing_shm_t *s = op->s;

    if (0 == op->stage++) {
        op->half = s->small + (s->small_calls++ % 2) * (size_t) s->nranks * s->small_size;
        if (call->is_root && !op->failed) {
            memcpy(op->half, op->src, call->count);
        }
        return mca_coll_swing_shm_op_phase(op);
    }
    if (!call->is_root && !op->failed) {
        memcpy(call->rbuf, op->half, call->count);
    }
    return SWING_SHM_OP_DONE;
}

/* Large: chunk 0 in -> phase -> per chunk: out, the next one in -> phase. */
static int swing_bcast_large_next(mca_coll_swing_shm_op_t *op)
{
    const mca_coll_swing_call_t *call = &op->call;
    mca_coll_swing_shm_t *s = op->s;
    size_t set_bytes = (size_t) s->nranks * s->slot_size;

    switch (op->stage) {
    case 0:
        op->stage = 1;
        op->n = swing_bcast_len(call->count, 0, set_bytes);
        if (call->is_root && !op->failed) {
            memcpy(s->slots + op->set * set_bytes, op->src, op->n);
        }
        return mca_coll_swing_shm_op_phase(op);
    case 1:
        if (!call->is_root && !op->failed) {
            memcpy(call->rbuf + op->e0, s->slots + op->set * set_bytes, op->n);
        }
        op->e0 += op->n;
        if (op->e0 < call->count) {
            op->set ^= 1;
            op->n = swing_bcast_len(call->count, op->e0, set_bytes);
            if (call->is_root && !op->failed) {
                memcpy(s->slots + op->set * set_bytes, op->src + op->e0, op->n);
            }
            return mca_coll_swing_shm_op_phase(op);
        }
        op->stage = 2;
        /* read after the last phase: the next call starts with the other set */
        s->open = (int) op->set;
        return SWING_SHM_OP_DONE;
    default: return SWING_SHM_OP_DONE;
    }
}

/* Single copy: the root's address -> phase -> read it -> phase. */
static int swing_bcast_cma_next(mca_coll_swing_shm_op_t *op)
{
    const mca_coll_swing_call_t *call = &op->call;
    mca_coll_swing_shm_t *s = op->s;
    const mca_coll_swing_shm_line_t *root = mca_coll_swing_shm_line(s, call->root);

    switch (op->stage++) {
    case 0:
        mca_coll_swing_count(&mca_coll_swing_counters.shm_bcast_single_copy, 1);
        if (call->is_root) {
            /* 0 when failed: the others skip the read, the segment's mark tells them */
            mca_coll_swing_shm_line(s, s->rank)->src = op->failed ? 0
                                                                  : (uint64_t) (uintptr_t) op->src;
        }
        return mca_coll_swing_shm_op_phase(op);
    case 1:
        if (!call->is_root && !op->failed && 0 != root->src
            && 0 != mca_coll_swing_cma_read(root->pid, call->rbuf, root->src, call->count)) {
            op->rc = OMPI_ERROR;
        }
        /* even after an error: the root must not wait forever */
        return mca_coll_swing_shm_op_phase(op);
    default: return SWING_SHM_OP_DONE;
    }
}

void mca_coll_swing_shm_bcast_set(mca_coll_swing_shm_op_t *op, const mca_coll_swing_call_t *call,
                                  mca_coll_swing_module_t *m, mca_coll_swing_shm_t *s, int root,
                                  char *vec, int rc)
{
    long cma_min = mca_coll_swing_params.shm_cma_bcast_min;

    memset(op, 0, sizeof(*op));
    op->call = *call;
    op->call.root = root;
    op->call.is_root = (s->rank == root);
    op->call.sbuf = NULL;
    op->call.rbuf = vec;
    op->module = m;
    op->s = s;
    op->src = vec;
    op->true_ext = 1;
    /* marked in the segment at the first phase */
    op->rc = rc;
    op->failed = (OMPI_SUCCESS != rc || NULL == vec);
    if (s->cma && cma_min >= 0 && call->count >= (size_t) cma_min) {
        op->next = swing_bcast_cma_next;
    } else if (call->count <= (size_t) s->nranks * s->small_size) {
        op->next = swing_bcast_small_next;
    } else {
        op->next = swing_bcast_large_next;
    }
}

/*
 * The module's scratch for a call, before its first phase: need bytes on
 * this rank, most on any (the same on every rank), agreed when more than
 * was. OMPI_SUCCESS: go on, *failed the error this rank alone met (its
 * need beyond the agreed size: it runs the call failed); else the
 * agreement's answer, alike on every rank (its fallback, or its error).
 */
static int swing_shm_rooted_grow(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m,
                                 size_t need, size_t most, int *failed)
{
    mca_coll_swing_growth_t g = { &m->scratch, &m->scratch_size, &m->scratch_agreed, need, most };
    int rc = mca_coll_swing_grow_agreed(call, m, &g, 1);

    *failed = OMPI_SUCCESS;
    if (OMPI_ERR_OUT_OF_RESOURCE == rc) {
        *failed = rc;
        rc = OMPI_SUCCESS;
    }
    return rc;
}

static int swing_shm_bcast(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    mca_coll_swing_shm_op_t op;
    ptrdiff_t gap, true_ext;
    char *vec = call->mine.direct;
    int rc = mca_coll_swing_shm_prepare(call, m, &gap, &true_ext), failed;

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    /* only a rank whose type has holes packs: the types may differ by rank */
    rc = swing_shm_rooted_grow(call, m, NULL == vec ? call->count : 0, call->count, &failed);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    if (NULL == vec && OMPI_SUCCESS == failed) {
        vec = m->scratch;
        if (call->is_root) {
            failed = mca_coll_swing_ubuf_pack(&call->mine, vec);
        }
    }
    /* a failed rank still takes part in every phase, or the node hangs; its
       mark makes every rank of the node return an error */
    mca_coll_swing_shm_bcast_set(&op, call, m, m->shm, call->root,
                                 OMPI_SUCCESS == failed ? vec : NULL, failed);
    mca_coll_swing_shm_nb_drain(m);
    rc = mca_coll_swing_shm_op_run(&op);
    if (OMPI_SUCCESS == rc && vec != call->mine.direct && !call->is_root) {
        rc = mca_coll_swing_ubuf_unpack(&call->mine, vec);
    }
    return rc;
}

/*
 * Gather and scatter: the p blocks of block bytes at the root, packed
 * (all), and this rank's block packed (mine); pieces of c bytes.
 */
typedef struct swing_shm_gs_t {
    const mca_coll_swing_call_t *call;
    mca_coll_swing_shm_t *s;
    char *all;  /* the root: block j at all + j * block */
    char *mine; /* the others: my block */
    size_t block;
    int rc;       /* this rank's error before the phases: no data moves */
    uint64_t seq; /* the call's number on the segment */
} swing_shm_gs_t;

/* Every block of the root's buffer to or from all (packed). */
static int swing_shm_gs_user(const swing_shm_gs_t *x, int pack)
{
    int rc = OMPI_SUCCESS;

    for (int r = 0; r < x->s->nranks && OMPI_SUCCESS == rc; ++r) {
        mca_coll_swing_ubuf_t u;
        mca_coll_swing_ubuf_block(&x->call->all, r, &u);
        rc = pack ? mca_coll_swing_ubuf_pack(&u, x->all + (size_t) r * x->block)
                  : mca_coll_swing_ubuf_unpack(&u, x->all + (size_t) r * x->block);
    }
    return rc;
}

/*
 * The packed views: the root's p blocks (its buffer, or scratch), the
 * others' block (its buffer, or scratch); gather packs them in, scatter
 * the root's. The scratch agreed first (any rank's type may have holes:
 * the root's p blocks at most). A rank that fails here goes on with
 * phases only (x->rc), the call marked failed in the segment.
 */
static int swing_shm_gs_setup(swing_shm_gs_t *x, mca_coll_swing_call_t *call,
                              mca_coll_swing_module_t *m, int gather)
{
    const mca_coll_swing_ubuf_t *u = call->is_root ? &call->all : &call->mine;
    ptrdiff_t gap, true_ext;
    size_t need = call->is_root ? call->count : call->block;
    int rc, failed;

    memset(x, 0, sizeof(*x));
    rc = mca_coll_swing_shm_prepare(call, m, &gap, &true_ext);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    rc = swing_shm_rooted_grow(call, m, NULL == u->direct ? need : 0, call->count, &failed);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    x->call = call;
    x->s = m->shm;
    x->block = call->block;
    if (OMPI_SUCCESS == failed) {
        char *buf = (NULL != u->direct) ? u->direct : m->scratch;
        x->all = call->is_root ? buf : NULL;
        x->mine = call->is_root ? NULL : buf;
    }
    if (OMPI_SUCCESS == failed && NULL == u->direct && (gather != call->is_root)) {
        /* gather: a non-root's block; scatter: the root's blocks */
        failed = call->is_root ? swing_shm_gs_user(x, 1) : mca_coll_swing_ubuf_pack(u, x->mine);
    }
    if (OMPI_SUCCESS == failed && call->is_root) {
        /* the root's own block, straight (in place: onto itself) */
        failed = gather ? mca_coll_swing_ubuf_pack(&call->mine,
                                                   x->all + (size_t) call->root * x->block)
                        : mca_coll_swing_ubuf_unpack(&call->mine,
                                                     x->all + (size_t) call->root * x->block);
    }
    x->rc = failed;
    mca_coll_swing_shm_nb_drain(m);
    x->seq = mca_coll_swing_shm_call(x->s);
    if (OMPI_SUCCESS != x->rc) {
        /* published by the first phase */
        mca_coll_swing_shm_fail(x->s, x->seq);
    }
    return OMPI_SUCCESS;
}

/* Piece [lo, lo + n) of block j between area (its stride) and the packed views. */
static void swing_shm_gs_move(const swing_shm_gs_t *x, char *area, size_t stride, size_t lo,
                              size_t n, int gather, int after)
{
    const mca_coll_swing_call_t *call = x->call;
    int me = x->s->rank;

    if (OMPI_SUCCESS != x->rc || 0 == n) {
        return;
    }
    if (call->is_root && gather == after) {
        /* gather, after the phase: every block out; scatter, before: every block in */
        for (int j = 0; j < x->s->nranks; ++j) {
            char *b = x->all + (size_t) j * x->block + lo, *slot = area + (size_t) j * stride;
            if (j != me) {
                memcpy(gather ? b : slot, gather ? slot : b, n);
            }
        }
    } else if (!call->is_root && gather != after) {
        char *b = x->mine + lo, *slot = area + (size_t) me * stride;
        memcpy(gather ? slot : b, gather ? b : slot, n);
    }
}

static int swing_shm_gs(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m, int gather)
{
    swing_shm_gs_t x;
    int rc = swing_shm_gs_setup(&x, call, m, gather);
    mca_coll_swing_shm_t *s = x.s;

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    if (x.block <= s->small_size) {
        char *half = s->small + (s->small_calls++ % 2) * (size_t) s->nranks * s->small_size;
        swing_shm_gs_move(&x, half, s->small_size, 0, x.block, gather, 0);
        mca_coll_swing_shm_phase(s);
        swing_shm_gs_move(&x, half, s->small_size, 0, x.block, gather, 1);
    } else {
        size_t c = s->slot_size, rounds = (x.block + c - 1) / c;
        for (size_t k = 0; k < rounds; ++k) {
            char *set = mca_coll_swing_shm_set(s, k);
            size_t lo = k * c, n = swing_bcast_len(x.block, lo, c);
            swing_shm_gs_move(&x, set, s->slot_size, lo, n, gather, 0);
            mca_coll_swing_shm_phase(s);
            swing_shm_gs_move(&x, set, s->slot_size, lo, n, gather, 1);
        }
        mca_coll_swing_shm_unread(s, rounds - 1);
    }
    rc = x.rc;
    if (OMPI_SUCCESS == rc && mca_coll_swing_shm_failed(s, x.seq)) {
        /* a rank failed before the phases: nobody's blocks can be trusted */
        rc = MCA_COLL_SWING_PEER_FAILED;
        mca_coll_swing_count(&mca_coll_swing_counters.peer_error, 1);
    }
    if (OMPI_SUCCESS == rc && gather && call->is_root && NULL == call->all.direct) {
        rc = swing_shm_gs_user(&x, 0);
    }
    if (OMPI_SUCCESS == rc && !gather && !call->is_root && NULL == call->mine.direct) {
        rc = mca_coll_swing_ubuf_unpack(&call->mine, x.mine);
    }
    return rc;
}

int mca_coll_swing_exec_shm_rooted(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    switch (call->tcoll) {
    case SWT_COLL_BCAST: return swing_shm_bcast(call, m);
    case SWT_COLL_REDUCE:
        /* the allreduce's schemes, the root alone copying the result out */
        return mca_coll_swing_exec_shm(call, m);
    case SWT_COLL_GATHER: return swing_shm_gs(call, m, 1);
    case SWT_COLL_SCATTER: return swing_shm_gs(call, m, 0);
    }
    return OMPI_ERR_BAD_PARAM;
}
