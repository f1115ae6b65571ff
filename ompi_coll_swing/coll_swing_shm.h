/*
 * Shared segment of the shm allreduce (private to coll_swing_shm*.c).
 *
 * Layout, every area aligned to SWING_SHM_ALIGN:
 *
 *   header    p, slot sizes: written by rank 0 before the others map it
 *   flags     p cache lines, line i holds rank i's phase counter
 *   small     2 x p slots of small_size bytes (single-stage scheme,
 *             alternate halves on consecutive calls)
 *   slots     p slots of slot_size bytes (one chunk of each rank's vector)
 *   result    slot_size bytes (the reduced chunk, each rank writes a slice)
 *
 * A phase is "write something, publish my counter, wait until every rank's
 * counter reached mine". Counters only grow, so consecutive calls never
 * reset anything.
 */
#ifndef MCA_COLL_SWING_SHM_H
#define MCA_COLL_SWING_SHM_H

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
} mca_coll_swing_shm_header_t;

typedef struct mca_coll_swing_shm_t {
    char *base;              /* the mapping */
    size_t len;
    int nranks;
    int rank;
    char *flags;             /* rank i's counter at flags + i * SWING_SHM_ALIGN */
    char *small;             /* 2 * nranks slots of small_size */
    size_t small_size;
    char *slots;             /* nranks slots of slot_size */
    char *result;
    size_t slot_size;
    uint64_t phase;          /* phases this rank has published */
    uint64_t small_calls;    /* selects the half of the small area */
    char **in;               /* nranks operand pointers, reused by every call */
    unsigned spin;           /* flag reads between two sched_yield */
} mca_coll_swing_shm_t;

enum {
    SWING_SHM_UNKNOWN = 0,   /* locality not checked yet */
    SWING_SHM_LOCAL,         /* one node: segment made at first use */
    SWING_SHM_READY,         /* mapped and unlinked */
    SWING_SHM_UNAVAILABLE    /* spans nodes, or setting up failed */
};

/* Collective over the module's communicator: map the segment. */
int mca_coll_swing_shm_attach(mca_coll_swing_module_t *m);

static inline _Atomic uint64_t *mca_coll_swing_shm_flag(const mca_coll_swing_shm_t *s,
                                                       int rank)
{
    return (_Atomic uint64_t *) (void *) (s->flags + (size_t) rank * SWING_SHM_ALIGN);
}

#endif
