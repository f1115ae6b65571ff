/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The shared segment of a node's ranks (transport layer), used by the shm
 * and hier algorithms, and single copy between their processes.
 *
 * Layout, every area aligned to SWING_SHM_ALIGN:
 *
 *   header    p, slot sizes: written by rank 0 before the others map it
 *   flags     p cache lines, line i holds rank i's phase counter and, for
 *             the single-copy scheme, its pid and buffer addresses
 *   small     2 x p slots of small_size bytes (single-stage scheme,
 *             alternate halves on consecutive calls)
 *   slots     2 sets of p slots of slot_size bytes (one chunk of each
 *             rank's vector; consecutive chunks use the sets in turn,
 *             across calls too: below)
 *   result    2 x slot_size bytes (the reduced chunk, each rank writes a
 *             slice; consecutive chunks alternate)
 *
 * A phase is "write something, publish my counter, wait until every rank's
 * counter reached mine". Counters only grow, so consecutive calls never
 * reset anything.
 *
 * The sets of slots in turn across calls. Round k of a call (a chunk, a
 * piece of every block) uses set (first + k) % 2. A call writes round 0
 * before its first phase, while a slow rank may still read the previous
 * call's last round (read after that call's last phase): first is the
 * other set (open: the set a call leaves read after its last phase, -1
 * none). A later round is written after a phase of the call, which every
 * rank posts only after reading the round two before. So no call ends
 * with a phase only to free a set, and a writer runs one call ahead of
 * its readers: it fills call i + 1's first round while they copy call
 * i's last one out. Every rank makes the same calls on the segment in the
 * same order, so first and open are alike on every rank.
 *
 * Failures. A rank that fails during a call on the segment (its half of
 * the step between nodes, a single-copy read) still takes part in every
 * phase, and marks the call failed in the header before its next phase:
 * header.fail[k % 2] = k for its k-th call on the segment (every rank
 * numbers the calls alike). After the call's last phase every rank reads
 * that word, one load of a line nobody writes unless a call fails, and
 * ends with an error when it holds k. Two words, because a rank can start
 * call k + 1 (and fail in it) while a slower one still reads call k's,
 * never call k + 2.
 */
#ifndef MCA_COLL_SWING_SHM_SEGMENT_H
#define MCA_COLL_SWING_SHM_SEGMENT_H

#include "coll_swing.h"

#include <stdatomic.h>
#include <stdint.h>

#define SWING_SHM_ALIGN 128
/* single-stage scheme up to this size (bytes): one phase per call */
#ifndef SWING_SHM_SMALL_MAX
#define SWING_SHM_SMALL_MAX 8192
#endif
/* flag reads before yielding: a core each, or sharing cores */
#ifndef SWING_SHM_SPIN_ALONE
#define SWING_SHM_SPIN_ALONE 32
#endif
#ifndef SWING_SHM_SPIN_SHARED
#define SWING_SHM_SPIN_SHARED 1
#endif
/* sched_yield calls per opal_progress call while waiting */
#ifndef SWING_SHM_PROGRESS_EVERY
#define SWING_SHM_PROGRESS_EVERY 16
#endif

typedef struct mca_coll_swing_shm_header_t {
    uint64_t nranks;
    uint64_t small_size;
    uint64_t slot_size;
    uint64_t fail[2]; /* the last calls a rank failed in, by parity (above) */
} mca_coll_swing_shm_header_t;

/* Rank i's line of the flags area. */
typedef struct mca_coll_swing_shm_line_t {
    _Atomic uint64_t phase; /* phases rank i has published */
    uint64_t pid;           /* single copy: rank i's process */
    uint64_t src;           /* single copy: its send buffer (probe: a magic) */
    uint64_t dst;           /* single copy: its receive buffer */
} mca_coll_swing_shm_line_t;

typedef struct mca_coll_swing_shm_t {
    char *base; /* the mapping */
    size_t len;
    int nranks;
    int rank;
    char *flags; /* rank i's counter at flags + i * SWING_SHM_ALIGN */
    char *small; /* 2 * nranks slots of small_size */
    size_t small_size;
    char *slots;  /* 2 sets of nranks slots of slot_size */
    char *result; /* 2 results of slot_size */
    size_t slot_size;
    uint64_t phase;       /* phases this rank has published */
    uint64_t calls;       /* calls this rank has made on the segment */
    uint64_t small_calls; /* selects the half of the small area */
    size_t first;         /* the set of slots of this call's first round */
    int open;             /* the set the last call may still be read in, or -1 */
    char **in;            /* nranks operand pointers, reused by every call */
    unsigned spin;        /* flag reads between two sched_yield */
    int cma;              /* 1: every rank reads every rank's memory */
    uint64_t cma_probe;   /* read by the peers when they probe */
    char *cma_tmp;        /* nranks private chunks of cma_chunk bytes */
    size_t cma_chunk;
} mca_coll_swing_shm_t;

enum {
    SWING_SHM_UNKNOWN = 0, /* locality not checked yet */
    SWING_SHM_LOCAL,       /* one node: segment made at first use */
    SWING_SHM_READY,       /* mapped and unlinked */
    SWING_SHM_UNAVAILABLE  /* spans nodes, or setting up failed */
};

/* 1 if shm may run on the communicator: every rank on this node, shm
   allowed by the parameters, setting up has not failed. */
int mca_coll_swing_shm_available(mca_coll_swing_module_t *m);
/* Unmaps the communicator's segment (m->shm); the state goes back to unknown. */
void mca_coll_swing_shm_release(mca_coll_swing_module_t *m);
/*
 * Collective over the module's communicator, every rank in one group of a
 * node: map that group's segment (p members, my index rank, first_rank the
 * communicator rank of the group's first member, which names it).
 * OMPI_ERR_NOT_AVAILABLE when some group failed (agreed by all). A rank
 * that failed before (ready 0: p, rank and first_rank unknown) takes part
 * in the agreements only, and makes them fail.
 */
int mca_coll_swing_shm_map(mca_coll_swing_module_t *m, int ready, int p, int rank, int first_rank,
                           mca_coll_swing_shm_t **out);
void mca_coll_swing_shm_unmap(mca_coll_swing_shm_t *s);

static inline mca_coll_swing_shm_line_t *mca_coll_swing_shm_line(const mca_coll_swing_shm_t *s,
                                                                 int rank)
{
    return (mca_coll_swing_shm_line_t *) (void *) (s->flags + (size_t) rank * SWING_SHM_ALIGN);
}

static inline _Atomic uint64_t *mca_coll_swing_shm_flag(const mca_coll_swing_shm_t *s, int rank)
{
    return &mca_coll_swing_shm_line(s, rank)->phase;
}

/* Bytes n elements cover: the last one may end before its extent (padding). */
static inline size_t mca_coll_swing_shm_span(const mca_coll_swing_call_t *call, ptrdiff_t true_ext,
                                             size_t n)
{
    return n ? (n - 1) * (size_t) call->extent + (size_t) true_ext : 0;
}

/* First element of rank r's slice of n elements: slices start on cache lines. */
/* Elements of ext bytes in one of n pieces of a slot: whole cache lines
   when a piece holds one, else as many as fit (0: not even one). */
static inline size_t mca_coll_swing_shm_piece(const mca_coll_swing_shm_t *s, size_t ext, int n)
{
    size_t c = s->slot_size / ext / (size_t) n;
    size_t line = (SWING_SHM_ALIGN % ext) ? 1 : SWING_SHM_ALIGN / ext;

    return (c >= line) ? c / line * line : c;
}

static inline size_t mca_coll_swing_shm_slice(size_t n, int p, int r, size_t ext)
{
    size_t per = (n + (size_t) p - 1) / (size_t) p, line = 1, lo;

    if (ext > 0 && ext < SWING_SHM_ALIGN && 0 == SWING_SHM_ALIGN % ext) {
        line = SWING_SHM_ALIGN / ext;
    }
    per = (per + line - 1) / line * line;
    lo = per * (size_t) r;
    return lo < n ? lo : n;
}

/* A call begins on the segment: its number, the same on every rank of it;
   its first set of slots. After its first phase the slots are its own. */
static inline uint64_t mca_coll_swing_shm_call(mca_coll_swing_shm_t *s)
{
    s->first = (0 == s->open) ? 1 : 0;
    s->open = -1;
    return ++s->calls;
}

/* The set of slots of round k of this call. */
static inline char *mca_coll_swing_shm_set(const mca_coll_swing_shm_t *s, size_t k)
{
    return s->slots + ((s->first + k) & 1) * (size_t) s->nranks * s->slot_size;
}

/* The call's ranks read the slots of its round k after its last phase. */
static inline void mca_coll_swing_shm_unread(mca_coll_swing_shm_t *s, size_t k)
{
    s->open = (int) ((s->first + k) & 1);
}

/* This rank failed in call k: before its next phase (which publishes it). */
static inline void mca_coll_swing_shm_fail(mca_coll_swing_shm_t *s, uint64_t k)
{
    mca_coll_swing_shm_header_t *h = (mca_coll_swing_shm_header_t *) (void *) s->base;

    __atomic_store_n(&h->fail[k & 1], k, __ATOMIC_RELEASE);
}

/* 1 when a rank failed in call k: after the call's last phase. */
static inline int mca_coll_swing_shm_failed(const mca_coll_swing_shm_t *s, uint64_t k)
{
    const mca_coll_swing_shm_header_t *h = (const void *) s->base;

    return __atomic_load_n(&h->fail[k & 1], __ATOMIC_ACQUIRE) == k;
}

/* Publish my next phase, then wait until every rank has published it. */
void mca_coll_swing_shm_phase(mca_coll_swing_shm_t *s);
/* The same in parts: publish my next phase (returned); 1 once every rank
   has published phase, never waiting (*seen: ranks already seen there,
   0 at first); wait for it (spinning, yielding, progressing). */
uint64_t mca_coll_swing_shm_phase_post(mca_coll_swing_shm_t *s);
int mca_coll_swing_shm_phase_test(const mca_coll_swing_shm_t *s, uint64_t phase, int *seen);
void mca_coll_swing_shm_phase_wait(const mca_coll_swing_shm_t *s, uint64_t phase);

/* Single copy (coll_swing_cma.c). Setup, collective in two halves with
   an agreement between: publish my pid, then probe every peer (1: all
   readable, and s->cma_tmp allocated). */
int mca_coll_swing_shm_cma_publish(mca_coll_swing_shm_t *s);
int mca_coll_swing_shm_cma_probe(mca_coll_swing_shm_t *s);
/* Copies len bytes at address remote of process pid to local; 0 on success. */
int mca_coll_swing_cma_read(uint64_t pid, void *local, uint64_t remote, size_t len);

#endif
