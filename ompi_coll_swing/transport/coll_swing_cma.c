/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Single copy between the processes of one node (transport layer): Linux
 * cross-memory attach (process_vm_readv) reads a peer's memory directly.
 * Whether the kernel allows it (same user, ptrace permitted: Yama,
 * containers and seccomp may refuse) is probed once per communicator: every
 * rank publishes its pid and the address of a magic value in its flag line
 * of the segment, then reads every peer's magic.
 */
#define _GNU_SOURCE
#include "coll_swing_shm_segment.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#define SWING_CMA_PROBE 0x5357494e47434d41ull /* "SWINGCMA" */
/* private chunk buffers of a rank, all peers together */
#define SWING_CMA_TMP_BYTES ((size_t) 256 * 1024)

int mca_coll_swing_cma_read(uint64_t pid, void *local, uint64_t remote, size_t len)
{
    if (mca_coll_swing_fault(MCA_COLL_SWING_FAULT_CMA)) {
        return -1;
    }
    while (len > 0) {
        struct iovec l = { local, len }, r = { (void *) (uintptr_t) remote, len };
        ssize_t got = process_vm_readv((pid_t) pid, &l, 1, &r, 1, 0);
        if (got <= 0) {
            if (got < 0 && EINTR == errno) {
                continue;
            }
            return -1;
        }
        local = (char *) local + got;
        remote += (uint64_t) got;
        len -= (size_t) got;
    }
    return 0;
}

int mca_coll_swing_shm_cma_publish(mca_coll_swing_shm_t *s)
{
    mca_coll_swing_shm_line_t *me = mca_coll_swing_shm_line(s, s->rank);

    s->cma_probe = SWING_CMA_PROBE;
    me->pid = (uint64_t) getpid();
    me->src = (uint64_t) (uintptr_t) &s->cma_probe;
    return 0;
}

int mca_coll_swing_shm_cma_probe(mca_coll_swing_shm_t *s)
{
    size_t tmp_bytes = SWING_CMA_TMP_BYTES;

    for (int i = 0; i < s->nranks; ++i) {
        const mca_coll_swing_shm_line_t *l = mca_coll_swing_shm_line(s, i);
        uint64_t v = 0;
        if (i != s->rank
            && (0 != mca_coll_swing_cma_read(l->pid, &v, l->src, sizeof(v))
                || SWING_CMA_PROBE != v)) {
            return 0;
        }
    }
    s->cma_chunk = tmp_bytes / (size_t) s->nranks / SWING_SHM_ALIGN * SWING_SHM_ALIGN;
    if (s->cma_chunk < 4096) {
        s->cma_chunk = 4096;
    }
    s->cma_tmp = mca_coll_swing_fault(MCA_COLL_SWING_FAULT_SETUP)
                     ? NULL
                     : aligned_alloc(SWING_SHM_ALIGN, s->cma_chunk * (size_t) s->nranks);
    return NULL != s->cma_tmp;
}
