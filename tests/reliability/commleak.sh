#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Thousands of communicators created and freed, one allreduce each (in
# turn blocking, nonblocking and persistent, with the communicator or the
# request freed while active): the heap and VmRSS must not grow after
# warm-up, and no swing request or progress callback is left at the end.
# The algorithm is forced for all three entries. Also proves the check
# fails on a deliberate leak. Long form: commleak.sh --long.
set -u
here=$(cd "$(dirname "$0")" && pwd)
prog="${SWING_TESTS_DIR:-$(pwd)}/reliability/commleak"
[ -x "$prog" ] || { echo "commleak.sh: $prog not built"; exit 99; }
iters=2000
nps="2 5"
algs="auto rd_bo swing_bo_mp"
if [ "${1:-}" = "--long" ]; then
    iters=20000; nps="2 3 4 7 8"
    algs="auto swing_lo rd_lo swing_bo rd_bo shm swing_lo_mp rd_lo_mp swing_bo_mp rd_bo_mp ring"
fi
fails=0
for np in $nps; do for alg in $algs; do
    out=$(timeout 600 "$here/../mpi/mpirun.sh" -np "$np" --mca coll_swing_allreduce_algorithm "$alg" \
          --mca coll_swing_iallreduce_algorithm "$alg" \
          --mca coll_swing_allreduce_init_algorithm "$alg" "$prog" --iters "$iters" 2>&1)
    rc=$?
    if [ $rc = 0 ] && echo "$out" | grep -q 'problems: OK'; then
        echo "ok   np $np $alg: $(echo "$out" | grep 'heap' | sort | tail -n 1)"
    else
        fails=$((fails + 1))
        echo "FAIL np $np $alg (exit $rc):"; echo "$out" | grep -v '^--*$' | head -n 30
    fi
done; done
# the check itself must catch a leak of 64 bytes per communicator, by its
# own line (a crash is no detection)
skipped=""
if nm "$prog" 2>/dev/null | grep -q __asan_init; then
    skipped="AddressSanitizer build: the heap and VmRSS bounds and the deliberate-leak check not run"
else
    out=$(timeout 120 "$here/../mpi/mpirun.sh" -np 2 "$prog" --iters "$iters" --self-test-leak 64 2>&1)
    rc=$?
    if [ $rc != 0 ] && echo "$out" | grep -q 'commleak: FAIL rank [0-9]*: heap grew'; then
        echo "ok   a deliberate 64-byte leak per communicator is detected:" \
            "$(echo "$out" | grep 'commleak: FAIL rank [0-9]*: heap grew' | head -n 1)"
    else
        echo "FAIL: a deliberate 64-byte leak per communicator went unnoticed (exit $rc)"
        echo "$out" | grep -v '^--*$' | tail -n 20
        fails=$((fails + 1))
    fi
fi
[ $fails = 0 ] || exit 1
if [ -n "$skipped" ]; then
    echo "SKIP: $skipped"
    exit 77
fi
exit 0
