#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Concurrent allreduces from 4 threads on 4 communicators (THREAD_MULTIPLE),
# over shared memory and TCP, two algorithms. Long form: threads.sh --long.
set -u
here=$(cd "$(dirname "$0")" && pwd)
prog="${SWING_TESTS_DIR:-$(pwd)}/reliability/threads"
[ -x "$prog" ] || { echo "threads.sh: $prog not built"; exit 99; }
if [ "${1:-}" = "--long" ]; then
    runs="2:auto:sm 3:swing_bo:sm 4:rd_lo:tcp 5:rd_bo:tcp 8:swing_lo:sm 8:auto:tcp"
    args="--iters 1000 --threads 8 --max-count 200000"
else
    runs="3:auto:sm 4:swing_bo:tcp"
    args="--iters 150 --threads 4 --max-count 20000"
fi
fails=0
for c in $runs; do
    np=${c%%:*}; rest=${c#*:}; alg=${rest%%:*}; btl=${rest#*:}
    mca="--mca coll_swing_allreduce_algorithm $alg"
    [ "$btl" = tcp ] && mca="$mca --mca btl self,tcp"
    # shellcheck disable=SC2086
    out=$(timeout 300 "$here/../mpi/mpirun.sh" -np "$np" $mca "$prog" $args 2>&1)
    rc=$?
    if [ $rc = 77 ] || echo "$out" | grep -q 'not provided.*skipped'; then
        echo "$out" | grep skipped; exit 77
    fi
    if [ $rc = 0 ] && echo "$out" | grep -q 'problems: OK'; then
        echo "ok   np $np $alg $btl: $(echo "$out" | grep 'problems: OK')"
    else
        fails=$((fails + 1))
        echo "FAIL np $np $alg $btl (exit $rc):"; echo "$out" | grep -v '^--*$' | head -n 30
    fi
done
[ $fails = 0 ]
