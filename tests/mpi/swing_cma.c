/* SPDX-License-Identifier: BSD-3-Clause */
#define _GNU_SOURCE
#include "swing_cma.h"

#include <stdint.h>
#include <sys/uio.h>
#include <unistd.h>

int swing_cma_possible(MPI_Comm comm)
{
    uint64_t mine[2] = { (uint64_t) getpid(), 0 }, right[2], magic = 0x1234567887654321ull, v = 0;
    struct iovec l = { &v, sizeof(v) }, r;
    int ok, rank, size;

    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    mine[1] = (uint64_t) (uintptr_t) &magic;
    MPI_Sendrecv(mine, 2, MPI_UINT64_T, (rank + size - 1) % size, 11, right, 2, MPI_UINT64_T,
                 (rank + 1) % size, 11, comm, MPI_STATUS_IGNORE);
    r.iov_base = (void *) (uintptr_t) right[1];
    r.iov_len = sizeof(v);
    ok = (ssize_t) sizeof(v) == process_vm_readv((pid_t) right[0], &l, 1, &r, 1, 0) && magic == v;
    MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, comm);
    return ok;
}
