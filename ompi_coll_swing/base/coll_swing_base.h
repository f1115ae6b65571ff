/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * coll/swing, bottom layer: what every other layer of the component may
 * use. The tunables (bound to the MCA parameters by the registration in
 * module/), the MPI_T counters, the output stream and its warn-once helper,
 * buffers that grow, and the decision buckets. Nothing here calls a file
 * of another layer.
 */
#ifndef MCA_COLL_SWING_BASE_H
#define MCA_COLL_SWING_BASE_H

#include "ompi_config.h"

#include <stdbool.h>
#include <stddef.h>

#include "ompi/constants.h"
#include "opal/util/output.h"

#include "coll_swing_fault.h"

BEGIN_C_DECLS

/* Decision buckets: bucket b holds messages of (2^(b-1), 2^b] bytes. */
#define MCA_COLL_SWING_NBUCKETS 48
/* Room for the rows of the algorithm table (decide/coll_swing_decide.h). */
#define MCA_COLL_SWING_MAX_ALGS 24

/*
 * The collectives swing implements. Each has its algorithm table (decide/), its
 * MCA parameter coll_swing_<name>_algorithm, its MPI_T counters and its row
 * of the module's slot table (module/coll_swing_module.c).
 */
typedef enum {
    MCA_COLL_SWING_ALLREDUCE = 0,
    MCA_COLL_SWING_IALLREDUCE,     /* MPI_Iallreduce */
    MCA_COLL_SWING_ALLREDUCE_INIT, /* MPI_Allreduce_init (MPIX_ on 4.1): per request */
    MCA_COLL_SWING_REDUCE_SCATTER_BLOCK,
    MCA_COLL_SWING_REDUCE_SCATTER,
    MCA_COLL_SWING_ALLGATHER,
    MCA_COLL_SWING_ALLGATHERV,
    MCA_COLL_SWING_BCAST, /* the rooted ones: trees (decide/, steps/) */
    MCA_COLL_SWING_REDUCE,
    MCA_COLL_SWING_GATHER,
    MCA_COLL_SWING_SCATTER,
    MCA_COLL_SWING_NCOLLS
} mca_coll_swing_coll_id_t;

/* The tunables; module/coll_swing_component.c registers one MCA parameter each
   and sets its default. */
typedef struct mca_coll_swing_params_t {
    int priority;                         /* selection priority; <= 0: never selected */
    int verbose;                          /* verbosity of the output stream */
    int output;                           /* opal_output stream */
    int algorithm[MCA_COLL_SWING_NCOLLS]; /* forced algorithm per collective, or auto (0) */
    char *topology;                       /* topology description, "auto" by default */
    char *decision_file;                  /* measured decision table (decide rows); "" none */
    long lo_max_bytes;                    /* auto: LO up to this size; -1: cost model */
    long segment_size;                    /* BO pipeline segment in bytes; 0: none */
    long shm_size;                        /* shm: bytes of each rank's slot; 0: no shm */
    bool node_rows;                       /* auto on one node follows the built-in rows */
    bool shm_assume_remote;               /* debug: treat every peer as off-node */
    bool shm_cma;                         /* shm: single copy through process_vm_readv */
    long shm_cma_min;                     /* shm: single copy from this many bytes */
    long shm_cma_allgather_min; /* shm allgather(v): single copy from this many bytes, -1 never */
    long shm_cma_bcast_min;     /* shm bcast: single copy from this many bytes, -1 never */
    int kernels;                /* reductions: mca_coll_swing_kernels_t (coll_swing_kernel.h) */
    bool agree_outcome;         /* blocking calls end with an agreement on their outcome */
    char *fault_inject;         /* debug: faults to inject (coll_swing_fault.h) */
} mca_coll_swing_params_t;

extern mca_coll_swing_params_t mca_coll_swing_params;

/* The MPI_T counters (read-only pvars), updated atomically by every thread. */
typedef struct mca_coll_swing_coll_counters_t {
    unsigned long long served[MCA_COLL_SWING_MAX_ALGS]; /* per algorithm id */
    unsigned long long served_total;
    unsigned long long fallback; /* handed to the previous module */
    unsigned long long previous; /* handed to it by a measured table's row
                                    "previous" (auto's choice, not a fallback) */
    unsigned long long error;    /* served, and ended with an error on this rank */
} mca_coll_swing_coll_counters_t;

typedef struct mca_coll_swing_counters_t {
    mca_coll_swing_coll_counters_t coll[MCA_COLL_SWING_NCOLLS];
    unsigned long long shm_single_copy;       /* shm allreduce calls served by single copy */
    unsigned long long shm_ag_single_copy;    /* shm allgather(v) calls served by single copy */
    unsigned long long shm_bcast_single_copy; /* shm bcast calls served by single copy */
    unsigned long long nb_active;             /* swing requests not yet freed: active, or
                                                 complete and not yet waited for, or
                                                 persistent */
    unsigned long long nb_progress;           /* 1 while the progress callback is registered */
    /* faults and what the component did about them (docs/TESTING.md, "Faults") */
    unsigned long long agree;           /* agreements before a call grew its scratch */
    unsigned long long agree_fallback;  /* ... that found a rank short of memory: the
                                           call went to the previous module */
    unsigned long long p2p_retry;       /* posts refused for want of resources, retried */
    unsigned long long peer_error;      /* operations that learned of a peer's failure
                                           (a short or failed message, a segment mark) */
    unsigned long long faults_injected; /* coll_swing_fault_inject: faults made */
    unsigned long long fault_seen[MCA_COLL_SWING_FAULT_COUNT]; /* ... occurrences counted */
} mca_coll_swing_counters_t;

extern mca_coll_swing_counters_t mca_coll_swing_counters;

static inline void mca_coll_swing_count(unsigned long long *ctr, int delta)
{
    if (delta >= 0) {
        __atomic_fetch_add(ctr, (unsigned long long) delta, __ATOMIC_RELAXED);
    } else {
        __atomic_fetch_sub(ctr, (unsigned long long) -delta, __ATOMIC_RELAXED);
    }
}

/*
 * Prints msg once per flag (a static of the caller), prefixed by topic:
 * level 0 always, by world rank 0 only (one line per job); level > 0 by
 * every process, only at that verbosity.
 */
void mca_coll_swing_warn_once(int *flag, int level, const char *topic, const char *fmt, ...)
    __opal_attribute_format__(__printf__, 4, 5);

/* *buf holds at least bytes (old contents dropped when it grows); a
   call's allocation (fault point alloc). */
int mca_coll_swing_grow(char **buf, size_t *size, size_t bytes);

/* malloc and calloc of a setup (fault point setup): NULL when they fail. */
void *mca_coll_swing_setup_malloc(size_t bytes);
void *mca_coll_swing_setup_calloc(size_t n, size_t size);

/* Decision bucket of a message size: (2^(b-1), 2^b] bytes. */
int mca_coll_swing_bucket(size_t bytes);

END_C_DECLS

#endif
