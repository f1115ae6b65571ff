#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The fault matrix (docs/TESTING.md, "Faults"): for every entry of swing
# and every fault point, a fault on one rank must end the same way on
# every rank, the next call on the communicator must be right, and the
# MPI_T counters must say what happened (tests/reliability/faults.c).
#
#   faults.sh [--long]
#
# Short form (make check): np 4 message passing (single-port, multiport,
# ring; every entry, the rooted ones from root 0 and from root 3), np 3
# (folded schedules), np 4 shm with single copy (the rooted ones too), and
# hier on emulated nodes 2x2 (skipped where namespaces are not permitted;
# broadcast and reduce from root 0 and from root 3, a leader that is not
# its node's first rank); broadcast, gather and scatter also with types
# with holes (trees, shm; hier's broadcast): on every rank, on the root
# only, and a rank alone short of scratch; the 1st and last occurrence of
# each point on one or two ranks. Long form: every occurrence up to 64,
# every rank, more algorithms, TCP, np 5 and 8, nodes 2x3 and 3x2. Each
# run under a timeout: a hang fails.
#
# The runs on emulated nodes leave coll/han out (--mca coll ^han), so the
# module swing hands calls to is tuned under both Open MPI series; one
# more run puts han there (its priority 35, Open MPI 5.0's default) for
# the setup and alloc points: a call handed to han also counts han's own
# calls into swing on its sub-communicators (faults --han-below). Before
# swing's agreements went by point-to-point messages they called han's
# allreduce, which crashed after an injected setup fault (docs/TESTING.md).
# Three more runs set coll_swing_agree_outcome: no call may then
# end downstream (message passing, shm, hier).
set -u
here=$(cd "$(dirname "$0")" && pwd)
tests="${SWING_TESTS_DIR:-$(pwd)}"
prog="$tests/reliability/faults"
[ -x "$prog" ] || { echo "faults.sh: $prog not built"; exit 99; }
mpirun="$here/../mpi/mpirun.sh"
nodes="$here/../cluster/mpirun-nodes.sh"
long=0
[ "${1:-}" = "--long" ] && long=1
timeout=${FAULTS_TIMEOUT:-120}
common="--mca coll_swing_fault_inject none --mca coll_swing_segment_size 4096"
common="$common --mca coll_swing_shm_size 4096"
nohan="--mca coll ^han"
cma="--mca coll_swing_shm_cma 1 --mca coll_swing_shm_cma_min 0"
cma="$cma --mca coll_swing_shm_cma_allgather_min 0 --mca coll_swing_shm_cma_bcast_min 0"
fails=0
skips=0
errf=$(mktemp)
trap 'rm -f "$errf"' EXIT

mp="allreduce:swing_bo,allreduce:swing_lo,allreduce:ring,allreduce:swing_bo_mp"
mp="$mp,reduce_scatter_block:swing,reduce_scatter:ring,allgather:swing_mp,allgatherv:swing"
mp="$mp,iallreduce:swing_bo,iallreduce:ring,allreduce_init:swing_lo,allreduce_init:rd_bo_mp"
fold="allreduce:swing_bo,allreduce:rd_lo,reduce_scatter:swing,allgather:rd,iallreduce:rd_bo"
fold="$fold,bcast:bine,reduce:binomial_bo,gather:binomial,scatter:bine"
rooted="bcast:bine,bcast:chain,bcast:bine_bo,reduce:binomial_mp,reduce:bine_bo"
rooted="$rooted,gather:bine,scatter:binomial_mp"
# types with holes (faults.c: ALG/holes every rank, ALG/mixed the root
# only, ALG/alone a rank alone short of scratch after the size was agreed)
rooted="$rooted,bcast:bine/holes,bcast:bine/mixed,bcast:bine/alone,bcast:chain/alone"
rooted="$rooted,bcast:bine_bo/holes,gather:bine/holes,scatter:binomial_mp/holes,scatter:bine/mixed"
seg="allreduce:shm,reduce_scatter_block:shm,allgather:shm,iallreduce:shm,allreduce_init:shm"
seg="$seg,bcast:shm,reduce:shm,gather:shm,scatter:shm"
segholes="bcast:shm/holes,bcast:shm/mixed,bcast:shm/alone,gather:shm/holes,gather:shm/alone"
segholes="$segholes,scatter:shm/holes,scatter:shm/mixed,scatter:shm/alone"
seg="$seg,$segholes"
hier="allreduce:hier,reduce_scatter_block:hier,allgather:hier,iallreduce:hier,allreduce_init:hier"
hroot="bcast:hier,reduce:hier,bcast:hier/holes,bcast:hier/mixed,bcast:hier/alone"
hier="$hier,$hroot"
ranks4="1"
ranks3="2"
nth=""
if [ $long = 1 ]; then
    mp="$mp,allreduce:rd_lo,allreduce:rd_bo,allreduce:swing_lo_mp,allreduce:rd_lo_mp"
    mp="$mp,allreduce:rd_bo_mp,reduce_scatter:swing_mp,reduce_scatter_block:rd_mp"
    mp="$mp,allgather:ring,allgatherv:rd_mp,iallreduce:swing_lo,iallreduce:swing_lo_mp"
    mp="$mp,iallreduce:rd_bo_mp,allreduce_init:swing_bo,allreduce_init:ring"
    rooted="$rooted,bcast:binomial,bcast:bine_mp,bcast:binomial_bo,bcast:bine_bo_mp"
    rooted="$rooted,reduce:bine,reduce:chain,reduce:binomial_bo,gather:binomial_mp"
    rooted="$rooted,gather:bine_mp,scatter:bine,scatter:binomial"
    ranks4="0,1,2,3"
    ranks3="0,1,2"
    nth="--all-nth"
fi

# one job: LABEL, then the launcher and its arguments
run() {
    label=$1
    shift
    out=$(timeout "$timeout" "$@" 2>"$errf")
    rc=$?
    if [ $rc = 77 ]; then
        skips=$((skips + 1))
        echo "skip $label: $(tail -n 1 "$errf")"
    elif [ $rc = 0 ] && echo "$out" | grep -q ': 0 failures: PASS'; then
        echo "ok   $label: $(echo "$out" | grep -c '^case ') cases:$(echo "$out" \
            | sed -n 's/^case .*\.\.\. *//p' | sort | uniq -c | tr -s ' ' | tr '\n' ',')"
    else
        fails=$((fails + 1))
        [ $rc = 124 ] && echo "FAIL $label: timeout after ${timeout} s (a hang); last case started:"
        [ $rc != 124 ] && echo "FAIL $label (exit $rc):"
        echo "$out" | grep -a -v '^case .*\.\.\. \(served\|error\|downstream\)' | grep -v '^n/a' \
            | tail -n 30
        grep -a -v '^\[.*\] coll:swing: warning' "$errf" | tail -n 20
    fi
}

run "np 4 message passing" "$mpirun" -np 4 $common "$prog" --cases "$mp,$rooted" \
    --ranks "$ranks4" $nth
run "np 4 rooted, root 3" "$mpirun" -np 4 $common "$prog" --cases "$rooted" --root 3 \
    --ranks "$ranks4" $nth
run "np 3 folded" "$mpirun" -np 3 $common "$prog" --cases "$fold" --ranks "$ranks3" $nth
run "np 4 shm, single copy" "$mpirun" -np 4 $common $cma "$prog" --cases "$seg" \
    --ranks "$ranks4" $nth
run "nodes 2x2 hier" env SWING_MPIRUN="sh $mpirun" "$nodes" 2x2 $common $nohan "$prog" --cases "$hier" \
    --ranks "1,2" $nth
run "nodes 2x2 hier rooted, root 3" env SWING_MPIRUN="sh $mpirun" "$nodes" 2x2 $common $nohan "$prog" \
    --cases "$hroot" --root 3 --ranks "0,3" $nth
# han as the module swing replaced (Open MPI 5.0's default across nodes;
# 4.1's at the same priority): swing's agreements never call it
run "nodes 2x2 hier, han below" env SWING_MPIRUN="sh $mpirun" "$nodes" 2x2 $common \
    --mca coll_han_priority 35 "$prog" --cases "$hier" --points setup,alloc --ranks "1,2" \
    --han-below $nth
# coll_swing_agree_outcome: every call ends with an agreement on its
# outcome, so the points that give "downstream" without it must give an
# error on every rank (faults --agreed), nonblocking and persistent too
agree="--mca coll_swing_agree_outcome 1"
late="complete,post_fatal,pack,alloc"
run "np 4 message passing, outcomes agreed" "$mpirun" -np 4 $common $agree "$prog" \
    --cases "$mp,$rooted" --points "$late" --ranks "$ranks4" --agreed $nth
run "np 4 shm, outcomes agreed" "$mpirun" -np 4 $common $cma $agree "$prog" --cases "$seg" \
    --points "$late,cma" --ranks "$ranks4" --agreed $nth
run "nodes 2x2 hier, root 3, outcomes agreed" env SWING_MPIRUN="sh $mpirun" "$nodes" 2x2 \
    $common $nohan $agree "$prog" --cases "$hier" --root 3 --points "$late" --ranks "0,3" \
    --agreed $nth
if [ $long = 1 ]; then
    run "np 4 tcp" "$mpirun" -np 4 --mca btl self,tcp $common "$prog" --cases "$mp" --ranks 1,3
    run "np 5" "$mpirun" -np 5 $common "$prog" --cases "$mp,$fold,$rooted" --ranks 0,4 $nth
    run "np 5 rooted, root 2" "$mpirun" -np 5 $common "$prog" --cases "$rooted" --root 2 \
        --ranks 0,2,4 $nth
    run "np 8" "$mpirun" -np 8 $common "$prog" --cases "$mp" --ranks 5
    run "np 8 shm, single copy" "$mpirun" -np 8 $common $cma "$prog" --cases "$seg" --ranks 0,7
    run "np 5 shm rooted, root 2" "$mpirun" -np 5 $common "$prog" \
        --cases "bcast:shm,reduce:shm,gather:shm,scatter:shm,$segholes" --root 2 --ranks 0,2,4 \
        $nth
    run "nodes 2x3 hier" env SWING_MPIRUN="sh $mpirun" "$nodes" 2x3 $common $nohan "$prog" \
        --cases "$hier" --ranks 0,4 $nth
    run "nodes 3x2 hier" env SWING_MPIRUN="sh $mpirun" "$nodes" 3x2 $common $nohan "$prog" \
        --cases "$hier" --ranks 3,5 $nth
fi

# judge WHAT WHY ARGS...: the judge itself refuses a case for the reason
# WHY (faults.c's own line and verdict, exit 1; a crash or a timeout is no
# refusal)
judge() {
    what=$1 why=$2
    shift 2
    out=$(timeout "$timeout" "$mpirun" -np 4 $common "$prog" "$@" 2>"$errf")
    rc=$?
    if [ $rc = 1 ] && echo "$out" | grep -q -e "FAIL .*$why" \
            && echo "$out" | grep -q ': [1-9][0-9]* failures: FAIL'; then
        echo "ok   $what fails: $(echo "$out" | grep -o -e "FAIL .*$why" | head -n 1)"
    else
        fails=$((fails + 1))
        echo "FAIL: $what was not refused for its reason (exit $rc; expected a line with \"$why\"):"
        echo "$out" | tail -n 10
        tail -n 10 "$errf"
    fi
}
# a case whose outcome it is told to refuse
judge "a refused outcome (--self-test)" "--self-test: served demanded;" \
    --cases allreduce:swing_bo --points post_fatal --self-test
# and without the agreement, a late fault in a broadcast stays downstream
judge "a downstream outcome with --agreed without coll_swing_agree_outcome" \
    "downstream although the outcome was agreed" --cases bcast:bine --points complete --agreed
[ $fails = 0 ] || exit 1
if [ $skips != 0 ]; then
    echo "SKIP: $skips of the fault matrix's runs did not run here (reasons above)"
    exit 77
fi
exit 0
