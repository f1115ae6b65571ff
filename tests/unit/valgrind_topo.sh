#!/bin/sh
# Runs the description parser tests, and those of its decision tables,
# under valgrind: any invalid read or write, or leaked block, fails make
# check. Skipped (77) without valgrind or when the build uses sanitizers
# (they do not mix).
bin="${SWING_TESTS_DIR:-.}/unit/test_topo_desc"
table="${SWING_TESTS_DIR:-.}/unit/test_table"
command -v valgrind >/dev/null 2>&1 || { echo "valgrind not installed"; exit 77; }
[ -x "$bin" ] || { echo "missing $bin"; exit 99; }
if nm "$bin" 2>/dev/null | grep -q __asan_init; then
    echo "built with AddressSanitizer: valgrind skipped"
    exit 77
fi
# CK_FORK=no: one process, so that valgrind sees every test.
[ -x "$table" ] || { echo "missing $table"; exit 99; }
CK_FORK=no valgrind -q --error-exitcode=1 --leak-check=full \
    --errors-for-leak-kinds=definite,indirect "$table" || exit 1
CK_FORK=no exec valgrind -q --error-exitcode=1 --leak-check=full \
    --errors-for-leak-kinds=definite,indirect "$bin"
