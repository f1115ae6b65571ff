#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Nonblocking and persistent allreduce across emulated nodes
# (tests/cluster/mpirun-nodes.sh): hier as a state machine (node phases
# tested in progress, the step list between nodes run by the nonblocking
# engine).
#
#   nbc.sh          short form (make check)
#   nbc.sh --long   more layouts, small segment slots everywhere
#
# For each layout:
#   1. test_allreduce --entry nonblocking, then --entry persistent: hier
#      forced on the command line, auto and swing_bo through MPI_T (values,
#      in place, types, ops, sub-communicators; the iallreduce_hier or
#      allreduce_init_hier counter where hier applies);
#   2. test_nbc --expect hier: many outstanding, blocking hier calls between
#      starts and waits, frees of active requests, threads, bits equal to
#      MPI_Allreduce's, no request or progress callback left; auto must
#      serve every Iallreduce on MPI_COMM_WORLD with hier.
# Skips (77) where Linux namespaces are not permitted.
set -u
tests_dir=${SWING_TESTS_DIR:?run through make check}
srcdir=${SWING_TOP_SRCDIR:?run through make check}
launcher="$srcdir/tests/cluster/mpirun-nodes.sh"
SWING_MPIRUN="sh $srcdir/tests/mpi/mpirun.sh"
export SWING_MPIRUN
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
failed=""
runs=0
start=$(date +%s)

sh "$launcher" 1x1 true > "$tmp/out" 2>&1
if [ $? = 77 ]; then
    cat "$tmp/out"
    echo "SKIP: nbc.sh: the emulated cluster needs Linux namespaces"
    exit 77
fi
# LAYOUT[/bynode][/small]: /bynode adds --map-by node, /small 4 KiB slots (many chunks)
if [ "${1:-}" = "--long" ]; then
    layouts=${SWING_CLUSTER_LAYOUTS:-"2x2/small 3x2/small 2x3/small 3,1/small 1,2,3/small 4x2/small 2x2/bynode/small 2x4"}
else
    layouts=${SWING_CLUSTER_LAYOUTS:-"2x2 2x3/small 1,2,3/small 2x2/bynode"}
fi

# one LABEL PATTERN LAYOUT [mpirun options] PROGRAM [args]: passes when PATTERN is in the output
one() {
    label=$1 pattern=$2 lay=$3
    shift 3
    runs=$((runs + 1))
    t0=$(date +%s)
    echo "=== RUN [$label]: mpirun-nodes.sh $lay $*"
    timeout 600 sh "$launcher" "$lay" "$@" > "$tmp/out" 2>&1
    rc=$?
    if [ $rc != 0 ] || ! grep -q "$pattern" "$tmp/out"; then
        cat "$tmp/out"
        echo "FAIL [$label] ($(($(date +%s) - t0)) s): exit $rc"
        failed="$failed
  [$label]"
    else
        grep "$pattern" "$tmp/out"
        echo "PASS [$label] ($(($(date +%s) - t0)) s)"
    fi
}

for l in $layouts; do
    lay=${l%%/*}
    set --
    case "$l" in */bynode*) set -- "$@" --map-by node ;; esac
    case "$l" in */small*) set -- "$@" --mca coll_swing_shm_size 4096 ;; esac
    for e in nonblocking persistent; do
        param=coll_swing_iallreduce_algorithm
        [ $e = persistent ] && param=coll_swing_allreduce_init_algorithm
        one "$l test_allreduce --entry $e hier, also auto,swing_bo" "failures: PASS" "$lay" \
            "$@" --mca $param hier "$tests_dir/mpi/test_allreduce" --alg hier \
            --also auto,swing_bo --big 262144 --quick --label "$l" --entry $e
    done
    one "$l test_nbc --expect hier" "failures: PASS" "$lay" "$@" \
        "$tests_dir/mpi/test_nbc" --threads 2 --expect hier
done

if [ -n "$failed" ]; then
    echo "FAIL: cluster nbc: $runs runs in $(($(date +%s) - start)) s, failed:$failed"
    exit 1
fi
echo "PASS: cluster nbc: $runs runs in $(($(date +%s) - start)) s"
