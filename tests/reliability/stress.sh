#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Runs tests/reliability/stress over process counts, forced algorithms and
# transports (shared memory: the default BTLs; TCP: --mca btl self,tcp).
#
# A combination marked nbc runs stress --nbc: every call through a drawn
# entry (MPI_Allreduce, MPI_Iallreduce, persistent, requests freed while
# active, a communicator freed while its call is active), the algorithm
# forced for MPI_Iallreduce and MPI_Allreduce_init too, and no swing
# request or progress callback left at the end.
#
#   stress.sh            short form (make check): a few combinations
#   stress.sh --long     every np in 2..9 and 16, every algorithm and auto,
#                        both transports, blocking and nbc, 2000 calls up to
#                        512 Ki elements (several MiB) per call
# Overrides (either form): STRESS_NPS="2 3" STRESS_ALGS="auto rd_bo"
#   STRESS_BTLS="sm tcp" STRESS_ENTRIES="blocking nbc" STRESS_ITERS=N
#   STRESS_MAX_COUNT=N STRESS_SEED=N STRESS_TIMEOUT=seconds per run.
# Outside make check, set SWING_COMPONENT_PATH and SWING_TESTS_DIR as
# tests/Makefile.am does, or run from the build tree: see README.md.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/rel_lib.sh"
tests_dir=${SWING_TESTS_DIR:-$(pwd)}
mpirun_sh="$here/../mpi/mpirun.sh"
prog="$tests_dir/reliability/stress"
[ -x "$prog" ] || { echo "stress.sh: $prog not built"; exit 99; }

long=0
[ "${1:-}" = "--long" ] && long=1

all_algs="auto swing_lo rd_lo swing_bo rd_bo shm swing_lo_mp rd_lo_mp swing_bo_mp rd_bo_mp ring"
if [ $long = 1 ]; then
    nps=${STRESS_NPS:-"2 3 4 5 6 7 8 9 16"}
    algs=${STRESS_ALGS:-$all_algs}
    btls=${STRESS_BTLS:-"sm tcp"}
    entries=${STRESS_ENTRIES:-"blocking nbc"}
    iters=${STRESS_ITERS:-2000}
    max_count=${STRESS_MAX_COUNT:-524288}
    tmo=${STRESS_TIMEOUT:-900}
    combos=""
    for np in $nps; do for alg in $algs; do for btl in $btls; do for e in $entries; do
        combos="$combos $np:$alg:$btl:$e"
    done; done; done; done
else
    iters=${STRESS_ITERS:-150}
    max_count=${STRESS_MAX_COUNT:-65536}
    tmo=${STRESS_TIMEOUT:-120}
    # each np, algorithm and transport at least once; the nonblocking
    # entries with single-port, multiport and ring schedules
    combos="2:auto:sm 3:swing_lo:tcp 5:rd_lo:sm 8:swing_bo:sm 3:rd_bo:tcp 5:auto:tcp 2:shm:sm 8:shm:sm
        4:swing_bo_mp:sm:nbc 6:ring:sm:nbc 3:auto:tcp:nbc 5:rd_lo:sm:nbc"
fi

# shm is skipped while the component itself says it is not available:
# the other runs still run, and the test then reports SKIP, not PASS
shm_ok=1
if rel_ompi_info --param coll swing --level 9 2>/dev/null | grep -q 'shm = [^;]*not available'; then
    shm_ok=0
fi

fails=0
runs=0
skips=0
log=$(mktemp /tmp/swing-stress.XXXXXX)
for c in $combos; do
    np=${c%%:*}; rest=${c#*:}; alg=${rest%%:*}; rest=${rest#*:}; btl=${rest%%:*}
    entry=blocking
    case $rest in *:nbc) entry=nbc ;; esac
    if [ "$alg" = shm ] && [ $shm_ok = 0 ]; then
        echo "skip np $np $alg $btl $entry: algorithm shm is not available in this build"
        skips=$((skips + 1))
        continue
    fi
    mca="--mca coll_swing_allreduce_algorithm $alg"
    extra="--int8"
    if [ "$btl" = tcp ]; then
        mca="$mca --mca btl self,tcp"
    fi
    if [ $entry = nbc ]; then
        mca="$mca --mca coll_swing_iallreduce_algorithm $alg"
        mca="$mca --mca coll_swing_allreduce_init_algorithm $alg"
        extra="$extra --nbc"
    fi
    seed_arg=""
    [ -n "${STRESS_SEED:-}" ] && seed_arg="--seed $STRESS_SEED"
    runs=$((runs + 1))
    # shellcheck disable=SC2086
    timeout "$tmo" "$mpirun_sh" -np "$np" $mca "$prog" --iters "$iters" \
        --max-count "$max_count" --expect-alg "$alg" $extra $seed_arg >"$log" 2>&1
    rc=$?
    if [ $rc = 0 ] && grep -q 'problems: OK' "$log"; then
        echo "ok   np $np $alg $btl $entry: $(grep 'problems: OK' "$log")"
    else
        fails=$((fails + 1))
        [ $rc = 124 ] && echo "stress.sh: timed out after $tmo s (hang?)"
        echo "FAIL np $np $alg $btl $entry (exit $rc):"
        grep -v '^--*$' "$log" | head -n 30
    fi
done
# the checks themselves must catch a damaged result
if timeout "$tmo" "$mpirun_sh" -np 3 "$prog" --iters 20 --self-test >"$log" 2>&1 \
        || ! grep -q 'FAIL rank 0' "$log"; then
    fails=$((fails + 1))
    echo "FAIL: a damaged result went unnoticed (--self-test)"
else
    echo "ok   a damaged result is detected (--self-test)"
fi
rm -f "$log"
echo "stress.sh: $runs runs, $fails failed, $skips skipped"
[ $fails = 0 ] || exit 1
if [ $skips != 0 ]; then
    echo "SKIP: $skips runs of shm did not run here (algorithm shm not available)"
    exit 77
fi
exit 0
