#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Integration matrix, group ompi (see run_matrix.sh): Open MPI's own algorithms.
exec sh "${SWING_TOP_SRCDIR:?run through make check}/tests/mpi/run_matrix.sh" ompi
