/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Whether the ranks of a communicator can read each other's memory with
 * process_vm_readv (the condition for coll/swing's single copy), so a test
 * knows whether single copy must have served.
 */
#ifndef SWING_CMA_H
#define SWING_CMA_H

#include <mpi.h>

/* 1 if every rank read its right neighbour's memory, agreed by all. */
int swing_cma_possible(MPI_Comm comm);

#endif
