#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Integration matrix, group topo (see run_matrix.sh).
exec sh "${SWING_TOP_SRCDIR:?run through make check}/tests/mpi/run_matrix.sh" topo
