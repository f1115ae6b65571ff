#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The MPI tests with UCX as Open MPI's point-to-point layer (--mca pml ucx)
# instead of ob1 and its BTLs: a representative subset of the matrix, the
# nonblocking tests, the reliability stress and the emulated-nodes matrix,
# each checked by value and by the MPI_T counters as in its own test.
#
# UCX opens its transports for shared memory and TCP only when told that
# any transport and device may serve (pml_ucx_tls any, pml_ucx_devices any:
# Open MPI's defaults name RDMA devices, and without one the UCX PML
# declines). Two transport sets:
#   ucx-sm   UCX's defaults: sysv or posix shared memory with cma for large
#            messages between ranks of this machine
#   ucx-tcp  UCX_TLS=tcp: every message over TCP (loopback)
# Open MPI refuses to start a job whose forced PML cannot be used, so every
# run below runs on UCX; the first run also shows Open MPI selecting it.
# Skipped (77) when this Open MPI has no UCX PML, or (after the other
# runs) when the emulated nodes cannot run here. The settings go through
# the environment (OMPI_MCA_pml=ucx ...), so the cluster matrix's own
# mpirun picks them up too.
set -u
: "${SWING_TESTS_DIR:?run through make check}"
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../reliability/rel_lib.sh"
mpirun_sh="$here/mpirun.sh"
tests_dir=$SWING_TESTS_DIR

if ! rel_ompi_info 2>/dev/null | grep -q "MCA pml: ucx"; then
    echo "test_ucx.sh: this Open MPI has no UCX PML (pml ucx): skipped"
    exit 77
fi
OMPI_MCA_pml=ucx OMPI_MCA_pml_ucx_tls=any OMPI_MCA_pml_ucx_devices=any
export OMPI_MCA_pml OMPI_MCA_pml_ucx_tls OMPI_MCA_pml_ucx_devices

tmp=$(mktemp -d /tmp/swing-ucx.XXXXXX) || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 143' INT TERM
# sysv segments left without an attachment, before and after (UCX's own
# cleanup; another user's jobs may hold some)
orphans() {
    ipcs -m 2>/dev/null | awk '$1 ~ /^0x/ && $6 == 0 { print $2 }' | sort
}
orphans >"$tmp/ipc0"
start=$(date +%s)
fails=0
runs=0
all="swing_lo rd_lo swing_bo rd_bo auto shm swing_lo_mp rd_lo_mp swing_bo_mp rd_bo_mp ring"
rsag="swing rd shm hier auto swing_mp rd_mp ring"

# but LIST WORD: LIST without WORD, comma-separated
but() {
    echo $1 | tr ' ' '\n' | grep -v -x "$2" | paste -s -d, -
}

# run LABEL TRANSPORT PATTERN [mpirun options] PROGRAM [args]: the job
# must exit 0 and print PATTERN
run() {
    label=$1 tls=$2 pattern=$3
    shift 3
    runs=$((runs + 1))
    t0=$(date +%s)
    if [ "$tls" = tcp ]; then
        set -- -x UCX_TLS=tcp "$@"
    fi
    echo "=== RUN [ucx-$tls $label]: mpirun $*"
    timeout 300 sh "$mpirun_sh" "$@" >"$tmp/out" 2>&1
    rc=$?
    if [ $rc = 0 ] && grep -q -e "$pattern" "$tmp/out"; then
        grep -e "$pattern" "$tmp/out" | head -n 2
        echo "PASS [ucx-$tls $label] ($(($(date +%s) - t0)) s)"
    else
        grep -v '^--*$' "$tmp/out" | tail -n 30
        [ $rc = 124 ] && echo "(timed out: a hang?)"
        echo "FAIL [ucx-$tls $label] (exit $rc, $(($(date +%s) - t0)) s)"
        fails=$((fails + 1))
    fi
}

# forced COLLECTIVES ALG: --mca for each collective's algorithm parameter
forced() {
    for c in $1; do
        printf -- '--mca coll_swing_%s_algorithm %s ' "$c" "$2"
    done
}
rsag_colls="reduce_scatter_block reduce_scatter allgather allgatherv"

# 1. test_allreduce: one algorithm forced, the others through MPI_T on dups
run "np 4 full matrix" sm "failures: PASS" -np 4 --mca pml_base_verbose 10 \
    $(forced allreduce swing_bo) "$tests_dir/mpi/test_allreduce" --alg swing_bo \
    --also "$(but "$all" swing_bo)" --big 1048576
selected=$(grep -c "select: component ucx selected" "$tmp/out")
if [ "$selected" != 4 ]; then
    echo "FAIL: Open MPI reported selecting pml ucx in $selected of 4 ranks"
    fails=$((fails + 1))
fi
run "np 7" sm "failures: PASS" -np 7 $(forced allreduce auto) \
    "$tests_dir/mpi/test_allreduce" --alg auto --also "$(but "$all" auto)" --big 262144 --quick
run "np 3" tcp "failures: PASS" -np 3 $(forced allreduce rd_bo) \
    "$tests_dir/mpi/test_allreduce" --alg rd_bo --also "$(but "$all" rd_bo)" --big 65536 --quick
run "np 8 torus:2x4" tcp "failures: PASS" -np 8 --mca coll_swing_topology torus:2x4 \
    $(forced allreduce swing_bo_mp) "$tests_dir/mpi/test_allreduce" --alg swing_bo_mp \
    --also "$(but "$all" swing_bo_mp | sed 's/,shm//')" --big 0 --quick
# 2. MPI_Iallreduce and MPI_Allreduce_init (bits equal to MPI_Allreduce's)
run "np 5 nonblocking, segment 1000 B" sm "failures: PASS" -np 5 \
    $(forced "iallreduce allreduce" ring) --mca coll_swing_segment_size 1000 \
    "$tests_dir/mpi/test_allreduce" --alg ring --also "$(but "$all" ring)" --big 262144 --quick \
    --entry nonblocking
run "np 4 persistent torus:2x2" tcp "failures: PASS" -np 4 --mca coll_swing_topology torus:2x2 \
    $(forced "allreduce_init allreduce" swing_lo_mp) "$tests_dir/mpi/test_allreduce" \
    --alg swing_lo_mp --also rd_lo_mp,swing_bo_mp,rd_bo_mp,ring,auto --big 65536 --quick \
    --entry persistent
# 3. reduce-scatter and allgather
run "np 4 test_rsag" sm "failures: PASS" -np 4 $(forced "$rsag_colls" swing_mp) \
    "$tests_dir/mpi/test_rsag" --alg swing_mp --also "$(but "$rsag" swing_mp)" --big 65536
run "np 6 test_rsag" tcp "failures: PASS" -np 6 $(forced "$rsag_colls" ring) \
    "$tests_dir/mpi/test_rsag" --alg ring --also "$(but "$rsag" ring | sed 's/,hier//')" \
    --big 65536 --quick
# 3b. broadcast, reduce, gather and scatter: the trees by message passing
# (bine forced, the others through MPI_T), then shm and hier's choice
rooted_colls="bcast reduce gather scatter"
run "np 5 test_rooted" tcp "failures: PASS" -np 5 $(forced "$rooted_colls" bine) \
    "$tests_dir/mpi/test_rooted" --alg bine --also binomial,bine_mp,binomial_mp --big 65536 --quick
run "np 4 test_rooted shm" sm "failures: PASS" -np 4 $(forced "$rooted_colls" shm) \
    "$tests_dir/mpi/test_rooted" --alg shm --also auto --big 65536 --quick
# 4. the nonblocking engine: outstanding calls, frees, point-to-point, threads
run "np 4 test_nbc" sm "0 failures: PASS" -np 4 "$tests_dir/mpi/test_nbc" --threads 2 \
    --expect shm
nb_colls="allreduce iallreduce allreduce_init"
run "np 5 test_nbc rd_bo" tcp "0 failures: PASS" -np 5 $(forced "$nb_colls" rd_bo) \
    --mca coll_swing_segment_size 4096 "$tests_dir/mpi/test_nbc" --threads 2 --expect rd_bo
# 5. the reliability stress, every result and the served counters
run "np 5 stress --nbc auto" sm "problems: OK" -np 5 $(forced "$nb_colls" auto) \
    "$tests_dir/reliability/stress" --iters 150 --max-count 65536 --expect-alg auto --int8 --nbc
run "np 3 stress swing_bo" tcp "problems: OK" -np 3 $(forced allreduce swing_bo) \
    "$tests_dir/reliability/stress" --iters 150 --max-count 65536 --expect-alg swing_bo --int8
# 6. the emulated nodes, short: one layout through the matrix's steps, hier
# on uneven nodes; UCX then joins ranks of one node by shared memory and
# of different nodes by TCP
echo "=== the emulated-nodes matrix (tests/cluster/matrix.sh), short"
SWING_CLUSTER_LAYOUTS=2x2 SWING_CLUSTER_RSAG=2x2 SWING_CLUSTER_RSAG_HIER=1,2,3 \
    SWING_CLUSTER_STRESS=2x2:auto sh "$SWING_TOP_SRCDIR/tests/cluster/matrix.sh" >"$tmp/cluster" 2>&1
rc=$?
grep -E '^(PASS|FAIL|SKIP)' "$tmp/cluster"
skipped=""
case $rc in
    0) ;;
    77) skipped="the emulated-nodes matrix: $(grep -E '^SKIP|skipped' "$tmp/cluster" | tail -n 1)" ;;
    *) grep -v '^--*$' "$tmp/cluster" | tail -n 40; fails=$((fails + 1)) ;;
esac

orphans >"$tmp/ipc1"
left=$(comm -13 "$tmp/ipc0" "$tmp/ipc1" | wc -l)
if [ "$left" != 0 ]; then
    echo "FAIL: $left System V shared memory segments left without an attachment"
    fails=$((fails + 1))
fi
echo "test_ucx.sh: $runs runs and the cluster matrix in $(($(date +%s) - start)) s, $fails failed"
[ $fails = 0 ] || exit 1
if [ -n "$skipped" ]; then
    echo "SKIP: a part did not run here: $skipped"
    exit 77
fi
exit 0
