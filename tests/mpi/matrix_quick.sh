#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# make check's MPI matrix: every algorithm of every collective at np 4 and
# 5 (run_matrix.sh quick); the full matrices are make check-long's.
exec sh "${SWING_TOP_SRCDIR:?run through make check}/tests/mpi/run_matrix.sh" quick
