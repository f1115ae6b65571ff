#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The full guarded-buffer matrix (matrix_guard.sh --long), for make check-long.
exec sh "${SWING_TOP_SRCDIR:?run through make check}/tests/mpi/matrix_guard.sh" --long
