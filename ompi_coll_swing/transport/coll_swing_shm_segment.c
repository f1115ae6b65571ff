/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The shared segment of a node's ranks: who may have one, its name,
 * creating and mapping it, the phase that orders its users, releasing it.
 *
 * Only a communicator whose ranks all live on this node gets a segment. It
 * is made at the first shm call (at module enable the communicator cannot
 * communicate yet), collectively:
 *
 *   1. rank 0 creates /dev/shm/swing_shm.<jobid>.<cid>.<vpid of rank 0>,
 *      reserves its pages and writes the header;
 *   2. agreement (MIN over an int, through the previous module's allreduce);
 *   3. the others open and map it;
 *   4. agreement again; rank 0 unlinks the name.
 *
 * From step 4 on the segment has no name: the kernel frees it when the last
 * rank unmaps it or dies, so neither a freed communicator nor a crash
 * leaves anything in /dev/shm. The name is unique among live segments: the
 * context id alone is not (two disjoint communicators may share one), the
 * pair (context id, first process) is. Any failure makes every rank agree
 * that shm is unavailable on the communicator; calls then use Swing.
 */
#include "coll_swing_shm_segment.h"
#include "coll_swing_agree.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ompi/proc/proc.h"
#include "opal/mca/hwloc/hwloc-internal.h"
#include "opal/runtime/opal_progress.h"
#include "opal/util/output.h"

#define SWING_SHM_SLOT_MIN ((size_t) 4096)
#define SWING_SHM_SLOT_MAX ((size_t) 1 << 30)

static size_t swing_shm_round(size_t n)
{
    return (n + SWING_SHM_ALIGN - 1) / SWING_SHM_ALIGN * SWING_SHM_ALIGN;
}

/* Bytes of the segment and the offsets of its areas. */
static size_t swing_shm_layout(size_t p, size_t small, size_t slot, size_t off[4])
{
    off[0] = swing_shm_round(sizeof(mca_coll_swing_shm_header_t)); /* flags */
    off[1] = off[0] + p * SWING_SHM_ALIGN;                         /* small */
    off[2] = off[1] + 2 * p * small;                               /* slots */
    off[3] = off[2] + 2 * p * slot;                                /* results */
    return off[3] + 2 * slot;
}

static size_t swing_shm_slot_size(void)
{
    size_t slot = (size_t) mca_coll_swing_params.shm_size;

    slot = slot < SWING_SHM_SLOT_MIN ? SWING_SHM_SLOT_MIN : slot;
    slot = slot > SWING_SHM_SLOT_MAX ? SWING_SHM_SLOT_MAX : slot;
    return swing_shm_round(slot);
}

static int swing_shm_all_local(struct ompi_communicator_t *comm)
{
    return mca_coll_swing_params.shm_size > 0 && !mca_coll_swing_params.shm_assume_remote
           && mca_coll_swing_nodes_all_local(comm);
}

int mca_coll_swing_shm_available(mca_coll_swing_module_t *m)
{
    if (SWING_SHM_UNKNOWN == m->shm_state) {
        m->shm_state = swing_shm_all_local(m->comm) ? SWING_SHM_LOCAL : SWING_SHM_UNAVAILABLE;
    }
    return SWING_SHM_UNAVAILABLE != m->shm_state;
}

/* Unique per group on a node: the job, the communicator and the group's first process. */
static void swing_shm_name(struct ompi_communicator_t *comm, int first_rank, char *name, size_t len)
{
    ompi_proc_t *first = ompi_comm_peer_lookup(comm, first_rank);
    char cid[40];

    mca_coll_swing_compat_comm_id(comm, cid, sizeof(cid));
    snprintf(name, len, "/swing_shm.%lx.%s.%lx", (unsigned long) first->super.proc_name.jobid, cid,
             (unsigned long) first->super.proc_name.vpid);
}

/* Rank 0: a fresh object with its pages reserved (no SIGBUS later). */
static char *swing_shm_create(const char *name, size_t len)
{
    char *base = NULL;
    void *map;
    int fd;

    /* a leftover of a crashed job that reused our job id */
    (void) shm_unlink(name);
    if (mca_coll_swing_fault(MCA_COLL_SWING_FAULT_SHM_SEGMENT)) {
        return NULL;
    }
    fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
    if (fd < 0) {
        return NULL;
    }
    if (0 == posix_fallocate(fd, 0, (off_t) len)) {
        map = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        base = (MAP_FAILED == map) ? NULL : map;
    }
    close(fd);
    if (NULL == base) {
        (void) shm_unlink(name);
    }
    return base;
}

static char *swing_shm_open(const char *name, size_t *len)
{
    char *base = NULL;
    struct stat st;
    void *map;
    int fd = mca_coll_swing_fault(MCA_COLL_SWING_FAULT_SHM_SEGMENT) ? -1
                                                                    : shm_open(name, O_RDWR, 0600);

    if (fd < 0) {
        return NULL;
    }
    if (0 == fstat(fd, &st) && st.st_size > 0) {
        *len = (size_t) st.st_size;
        map = mmap(NULL, *len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        base = (MAP_FAILED == map) ? NULL : map;
    }
    close(fd);
    return base;
}

static inline void swing_shm_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#else
    atomic_signal_fence(memory_order_seq_cst);
#endif
}

uint64_t mca_coll_swing_shm_phase_post(mca_coll_swing_shm_t *s)
{
    uint64_t phase = ++s->phase;

    atomic_store_explicit(mca_coll_swing_shm_flag(s, s->rank), phase, memory_order_release);
    return phase;
}

int mca_coll_swing_shm_phase_test(const mca_coll_swing_shm_t *s, uint64_t phase, int *seen)
{
    while (*seen < s->nranks
           && atomic_load_explicit(mca_coll_swing_shm_flag(s, *seen), memory_order_acquire)
                  >= phase) {
        ++*seen;
    }
    return *seen == s->nranks;
}

/*
 * Waiting: a bounded spin, then sched_yield, and opal_progress now and
 * then. The spin is short when the ranks outnumber the cores: a waiting
 * rank then holds the core its peer needs. Progress matters for correct
 * programs too: a peer may be blocked in an MPI_Send that only completes
 * when this rank progresses its posted receive.
 */
void mca_coll_swing_shm_phase_wait(const mca_coll_swing_shm_t *s, uint64_t phase)
{
    unsigned spins = 0, yields = 0;
    int seen = 0;

    while (!mca_coll_swing_shm_phase_test(s, phase, &seen)) {
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

void mca_coll_swing_shm_phase(mca_coll_swing_shm_t *s)
{
    mca_coll_swing_shm_phase_wait(s, mca_coll_swing_shm_phase_post(s));
}

/* Fills the process-local view from the header rank 0 wrote. */
static mca_coll_swing_shm_t *swing_shm_view(char *base, size_t len, int p, int rank)
{
    const mca_coll_swing_shm_header_t *h = (const void *) base;
    mca_coll_swing_shm_t *s;
    size_t off[4];

    if ((uint64_t) p != h->nranks
        || len < swing_shm_layout((size_t) p, h->small_size, h->slot_size, off)) {
        return NULL;
    }
    s = mca_coll_swing_setup_calloc(1, sizeof(*s));
    if (NULL == s) {
        return NULL;
    }
    s->in = mca_coll_swing_setup_calloc((size_t) p, sizeof(char *));
    if (NULL == s->in) {
        free(s);
        return NULL;
    }
    s->base = base;
    s->len = len;
    s->nranks = p;
    s->rank = rank;
    s->flags = base + off[0];
    s->small = base + off[1];
    s->small_size = h->small_size;
    s->slots = base + off[2];
    s->result = base + off[3];
    s->slot_size = h->slot_size;
    s->phase = 0;
    s->calls = 0;
    s->small_calls = 0;
    s->first = 0;
    s->open = -1;
    /* mpi_yield_when_idle: the job said its ranks share cores (even when
       this segment's ranks alone would not) */
    s->spin = (p <= sysconf(_SC_NPROCESSORS_ONLN) && !opal_progress_yield_when_idle)
                  ? SWING_SHM_SPIN_ALONE
                  : SWING_SHM_SPIN_SHARED;
    return s;
}

int mca_coll_swing_shm_map(mca_coll_swing_module_t *m, int ready, int p, int rank, int first_rank,
                           mca_coll_swing_shm_t **out)
{
    size_t off[4], slot = swing_shm_slot_size(), len = 0;
    mca_coll_swing_shm_t *s = NULL;
    char name[96] = "", *base = NULL;
    int ok = ready, rc;

    *out = NULL;
    if (ready) {
        swing_shm_name(m->comm, first_rank, name, sizeof(name));
    }
    if (ready && 0 == rank) {
        len = swing_shm_layout((size_t) p, SWING_SHM_SMALL_MAX, slot, off);
        base = swing_shm_create(name, len);
        if (NULL != base) {
            mca_coll_swing_shm_header_t *h = (void *) base;
            h->nranks = (uint64_t) p;
            h->small_size = SWING_SHM_SMALL_MAX;
            h->slot_size = slot;
        }
        ok = (NULL != base);
    }
    rc = mca_coll_swing_agree(m, &ok);
    if (OMPI_SUCCESS == rc && ok) {
        if (0 != rank) {
            base = swing_shm_open(name, &len);
        }
        s = (NULL == base) ? NULL : swing_shm_view(base, len, p, rank);
        ok = (NULL != s);
    }
    if (OMPI_SUCCESS == rc) {
        rc = mca_coll_swing_agree(m, &ok);
    }
    /* everyone has mapped it (or given up): the name can go */
    if (ready && 0 == rank && NULL != base) {
        (void) shm_unlink(name);
    }
    if (OMPI_SUCCESS == rc && ok) {
        *out = s;
    } else {
        mca_coll_swing_shm_unmap(s);
        if (NULL == s && NULL != base) {
            munmap(base, len);
        }
    }
    opal_output_verbose(1, mca_coll_swing_params.output,
                        "coll:swing: shm segment %s on %s: %s (%zu bytes)", name, m->comm->c_name,
                        NULL != *out ? "mapped" : "unavailable", len);
    return OMPI_SUCCESS == rc && !ok ? OMPI_ERR_NOT_AVAILABLE : rc;
}

void mca_coll_swing_shm_unmap(mca_coll_swing_shm_t *s)
{
    if (NULL != s) {
        munmap(s->base, s->len);
        free(s->cma_tmp);
        free(s->in);
        free(s);
    }
}

void mca_coll_swing_shm_release(mca_coll_swing_module_t *m)
{
    mca_coll_swing_shm_unmap(m->shm);
    m->shm = NULL;
    m->shm_state = SWING_SHM_UNKNOWN;
}
