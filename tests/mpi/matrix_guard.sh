#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Guarded buffers (issue 40): test_guard on one node and across emulated
# nodes (tests/cluster/mpirun-nodes.sh), then MPICH coll12's shape
# (test_guard --coll12) across nodes with MALLOC_CHECK_=3.
#
#   matrix_guard.sh          short form (make check, about a minute): the pair
#                            types at counts 0..7 through auto, shm and hier,
#                            one node np 4, nodes 2x2; coll12 on 2x2 with
#                            auto and hier
#   matrix_guard.sh --long   full form (make check-long): every type, counts
#                            0..7 and 20011, every collective and every
#                            algorithm of each, one node np 4, nodes 3x2
#                            (the short form has 2x2); shm by single copy
#                            on np 4; coll12 on 3x2 with every reduce
#                            algorithm
#
# Every algorithm of a collective runs in one mpirun: test_guard sets
# coll_swing_<coll>_algorithm through MPI_T on a duplicate of
# MPI_COMM_WORLD (its names read from the parameter's enum). Each run prints
# which (collective, algorithm, type) swing handed to the previous module.
# SWING_GUARD_ALGS overrides the short form's algorithm list. Where Linux
# namespaces are not permitted the runs across nodes skip, and the script
# exits 77 (skip) after the ones on one node, never PASS.
set -u
tests_dir=${SWING_TESTS_DIR:?run through make check}
srcdir=${SWING_TOP_SRCDIR:?run through make check}
mpirun_sh="$srcdir/tests/mpi/mpirun.sh"
launcher="$srcdir/tests/cluster/mpirun-nodes.sh"
SWING_MPIRUN="sh $mpirun_sh"
export SWING_MPIRUN
prog="$tests_dir/mpi/test_guard"

long=0
[ "${1:-}" = "--long" ] && long=1
if [ $long = 1 ]; then
    args="--big 20011"
    nps="4"
    layouts="3x2"
    coll12_algs=""
    tmo=3600
else
    args="--types pairs --algs ${SWING_GUARD_ALGS:-auto,shm,hier}"
    nps="4"
    layouts="2x2"
    coll12_algs="--algs auto,hier"
    tmo=600
fi

tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
runs=0 skipped=0
failed=""
start=$(date +%s)

# check LABEL RC: the last run's verdict from $tmp/out
check() {
    if [ "$2" = 0 ] && grep -q "^test_guard .*failures: PASS" "$tmp/out" \
            && ! grep -q -e "free(): " -e "corrupted" -e "malloc(): " "$tmp/out"; then
        grep "^test_guard .*handed to the previous module" "$tmp/out" | sed 's/ (rank 0: max over ranks)//'
        grep "^test_guard .*failures:" "$tmp/out"
        echo "PASS [$1] ($(($(date +%s) - t0)) s)"
    else
        grep -v -e "served by swing" -e "coll:swing: warning" "$tmp/out" | head -n 80
        echo "FAIL [$1] ($(($(date +%s) - t0)) s): exit $2"
        failed="$failed
  [$1] exit $2"
    fi
}

# one_node NP "MPIRUN OPTIONS" ARGS...
one_node() {
    np=$1 opts=$2
    shift 2
    runs=$((runs + 1))
    t0=$(date +%s)
    label="np $np${opts:+ $opts} test_guard $*"
    echo "=== RUN [$label]"
    # shellcheck disable=SC2086
    timeout $tmo sh "$mpirun_sh" -np "$np" $opts -x MALLOC_CHECK_=3 "$prog" --label "np$np" "$@" \
        > "$tmp/out" 2>&1
    check "$label" $?
}

# nodes LAYOUT ARGS...
nodes() {
    lay=$1
    shift
    t0=$(date +%s)
    label="nodes $lay test_guard $*"
    echo "=== RUN [$label]"
    # shellcheck disable=SC2086
    timeout $tmo sh "$launcher" "$lay" -x MALLOC_CHECK_=3 "$prog" --label "$lay" "$@" \
        > "$tmp/out" 2>&1
    rc=$?
    if [ $rc = 77 ]; then
        skipped=$((skipped + 1))
        echo "SKIP [$label]: $(head -n 1 "$tmp/out")"
        return
    fi
    runs=$((runs + 1))
    check "$label" $rc
}

for np in $nps; do
    # shellcheck disable=SC2086
    one_node "$np" "" $args
done
if [ $long = 1 ]; then
    # shm by single copy (off by default): allreduce, allgather and broadcast
    cma="--mca coll_swing_shm_cma 1 --mca coll_swing_shm_cma_min 0"
    cma="$cma --mca coll_swing_shm_cma_allgather_min 0 --mca coll_swing_shm_cma_bcast_min 0"
    one_node 4 "$cma" --algs auto,shm --big 20011
fi
for lay in $layouts; do
    # shellcheck disable=SC2086
    nodes "$lay" $args
    # shellcheck disable=SC2086
    nodes "$lay" --coll12 $coll12_algs
done

if [ -n "$failed" ]; then
    echo "FAIL: matrix_guard: $runs runs in $(($(date +%s) - start)) s, failed:$failed"
    exit 1
fi
if [ $skipped -gt 0 ]; then
    # the runs across nodes are the point: never a PASS without them
    echo "SKIP: matrix_guard: $runs runs passed, $skipped across nodes skipped (the emulated nodes need Linux namespaces: root or user namespaces)"
    exit 77
fi
echo "PASS: matrix_guard: $runs runs in $(($(date +%s) - start)) s"
