#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Integration matrix, group ompi_long (see run_matrix.sh): Open MPI's own
# algorithms, np 2..8 and nodes 4x2, the full matrices.
exec sh "${SWING_TOP_SRCDIR:?run through make check}/tests/mpi/run_matrix.sh" ompi_long
