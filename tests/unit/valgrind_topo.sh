#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Runs the description parser tests (and those of networks of groups,
# test_fabric, and of measured decision tables, test_table) under
# valgrind: any invalid read or write, or leaked block, fails make check.
# Skipped (77) without valgrind or when the build uses sanitizers (they do
# not mix).
dir="${SWING_TESTS_DIR:-.}/unit"
command -v valgrind >/dev/null 2>&1 || { echo "valgrind not installed"; exit 77; }
for bin in "$dir/test_topo_desc" "$dir/test_fabric" "$dir/test_table"; do
    [ -x "$bin" ] || { echo "missing $bin"; exit 99; }
    if nm "$bin" 2>/dev/null | grep -q __asan_init; then
        echo "built with AddressSanitizer: valgrind skipped"
        exit 77
    fi
done
# CK_FORK=no: one process, so that valgrind sees every test.
for bin in "$dir/test_topo_desc" "$dir/test_fabric" "$dir/test_table"; do
    CK_FORK=no valgrind -q --error-exitcode=1 --leak-check=full \
        --errors-for-leak-kinds=definite,indirect "$bin" || exit 1
done
