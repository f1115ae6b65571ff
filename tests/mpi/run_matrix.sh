#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# MPI integration matrix of coll/swing: runs test_allreduce under mpirun for
# one group of configurations and reports PASS/FAIL per run and overall.
#
#   run_matrix.sh quick  make check's: every algorithm of allreduce (blocking,
#                        nonblocking, persistent), reduce-scatter and
#                        allgather, and the rooted collectives, at np 4 (a
#                        power of two) and 5 (folded), np 4 over TCP; the
#                        groups below are make check-long's
#   run_matrix.sh sm     np 2..16 x every algorithm, shared memory (vader);
#                        the full datatype/op matrix at np 2, 3, 4, 5, 8
#                        (SWING_TEST_FULL_NPS), --quick at the others
#   run_matrix.sh tcp    np 2,3,4,8 x every algorithm, --mca btl self,tcp, --quick
#   run_matrix.sh rsag   MPI_Reduce_scatter(_block) and MPI_Allgather(v)
#                        (test_rsag): np 2..16, every algorithm (multiport
#                        and ring included), tori with folding, --quick
#                        above 5 ranks
#   run_matrix.sh rooted MPI_Bcast, MPI_Reduce, MPI_Gather, MPI_Scatter
#                        (test_rooted): np 2..16, every algorithm, every root
#                        up to 4 ranks, tori, small segments, TCP; shm
#                        forced and auto (its choice on one node), with
#                        slots of 4096 B, broadcast by single copy, and
#                        declined (shm_assume_remote)
#   run_matrix.sh topo   coll_swing_topology tori (and one that does not fit),
#                        every algorithm that follows a topology, and BO
#                        with small odd pipeline segments, --quick
#   run_matrix.sh ompi   Open MPI's own algorithms (the ompi_* values of each
#                        collective's parameter, through MPI_T) through
#                        test_allreduce, test_rsag and test_rooted: np 2, 3,
#                        4 and emulated nodes 2x2 (where namespaces are
#                        permitted), --quick; ompi_long: np 2, 3, 5 and 8
#                        (powers of two, odd, the largest one node holds)
#                        and 4x2, the full matrices
#   run_matrix.sh nbc    the same through MPI_Iallreduce and MPI_Allreduce_init
#                        (test_allreduce --entry): np 2..16, every algorithm,
#                        the full matrix at np 3, 4, 8, small odd pipeline
#                        segments at some, --quick elsewhere; multiport and
#                        ring on tori 2x4, 3x3 (small segments) and 4x4
#
# One mpirun per configuration covers every algorithm: one is forced with
# --mca coll_swing_allreduce_algorithm (it rotates from one configuration to
# the next, so each algorithm gets its turn), the others are set through
# MPI_T on duplicates of MPI_COMM_WORLD (test_allreduce --also).
# SWING_TEST_SEPARATE=1 starts one mpirun per algorithm instead.
# SWING_TEST_ALGS overrides the algorithm list, SWING_TEST_NPS the np list,
# SWING_TEST_FULL=1 runs the full matrix everywhere.
group=${1:?usage: run_matrix.sh quick|sm|tcp|topo|rsag|rooted|nbc}
tests_dir=${SWING_TESTS_DIR:?run through make check}
mpirun_sh="$SWING_TOP_SRCDIR/tests/mpi/mpirun.sh"
prog="$tests_dir/mpi/test_allreduce"
algs=${SWING_TEST_ALGS:-"swing_lo rd_lo swing_bo rd_bo auto shm swing_lo_mp rd_lo_mp swing_bo_mp rd_bo_mp ring"}
# the algorithms with parts (and auto, which may choose them on a torus)
mp_algs=${SWING_TEST_ALGS:-"swing_lo_mp rd_lo_mp swing_bo_mp rd_bo_mp ring auto"}
rooted_algs=${SWING_TEST_ALGS:-"bine binomial auto bine_mp binomial_mp chain bine_bo binomial_bo bine_bo_mp"}
rsag_algs=${SWING_TEST_ALGS:-"swing rd shm hier auto swing_mp rd_mp ring"}
# shm ignores the torus: the topology group runs the others
topo_algs=${SWING_TEST_ALGS:-"swing_lo rd_lo swing_bo rd_bo auto swing_lo_mp rd_lo_mp swing_bo_mp rd_bo_mp ring"}
quick="--quick"
if [ "${SWING_TEST_FULL:-0}" = 1 ]; then
    quick=""
fi
# the collective whose algorithm parameter is forced, and the entry tested
param=coll_swing_allreduce_algorithm
entry=blocking
runs=0
rot=0
failed=""
start=$(date +%s)

# The values of coll_swing_<collective>_algorithm, as MPI_T lists them
# (test_ompi_algs --list, run once).
values_all=""
values_of() {
    if [ -z "$values_all" ]; then
        values_all=$(sh "$mpirun_sh" -np 1 "$tests_dir/mpi/test_ompi_algs" --list 2>/dev/null \
                         | grep '^[a-z_]*:[a-z_0-9]*$')
    fi
    echo "$values_all" | sed -n "s/^$1://p"
}

# has_value COLL ALG: the collective's parameter has that value
has_value() {
    values_of "$1" | grep -qx "$2"
}

# ompi_values COLL...: the Open MPI values any of the collectives has
ompi_values() {
    for c in "$@"; do values_of "$c"; done | grep '^ompi_' | sort -u | tr '\n' ' '
}

# SWING_TEST_LAUNCH: runs a job instead of mpirun.sh -np NP (the emulated nodes)
launch=${SWING_TEST_LAUNCH:-}

# one_run NP ALG ALSO BIG QUICK LABEL [mpirun options...]
one_run() {
    np=$1 alg=$2 also=$3 big=$4 q=$5 label=$6
    shift 6
    runs=$((runs + 1))
    t0=$(date +%s)
    also_opt=""
    if [ -n "$also" ]; then also_opt="--also $also"; fi
    entry_opt="--entry $entry"
    if [ "$prog" = "$tests_dir/mpi/test_rooted" ]; then
        entry_opt=""
        colls="bcast reduce gather scatter"
        # chains, the BO forms and hier serve broadcast and reduce only
        case "$alg" in chain|*_bo|*_bo_mp|hier) colls="bcast reduce" ;; esac
        for c in $colls; do
            # an Open MPI value, where the collective has it
            case "$alg" in ompi_*) has_value "$c" "$alg" || continue ;; esac
            set -- --mca "coll_swing_${c}_algorithm" "$alg" "$@"
        done
    elif [ "$prog" != "$tests_dir/mpi/test_allreduce" ]; then
        entry_opt=""
        for c in reduce_scatter_block reduce_scatter allgather allgatherv; do
            case "$alg" in ompi_*) has_value "$c" "$alg" || continue ;; esac
            set -- --mca "coll_swing_${c}_algorithm" "$alg" "$@"
        done
    else
        set -- --mca "$param" "$alg" "$@"
        if [ "$entry" != blocking ]; then
            # the blocking reference of the bit-identity check runs the same one
            set -- --mca coll_swing_allreduce_algorithm "$alg" "$@"
        fi
    fi
    echo "=== RUN [$label] np=$np alg=$alg${also:+ also=$also} big=$big $q: mpirun $*"
    run_with="sh $mpirun_sh -np $np"
    [ -n "$launch" ] && run_with=$launch
    if timeout 300 $run_with "$@" \
            "$prog" --alg "$alg" $also_opt --big "$big" $q --label "$label" $entry_opt; then
        echo "PASS [$label] np=$np alg=$alg${also:+ also=$also} ($(($(date +%s) - t0)) s)"
    else
        echo "FAIL [$label] np=$np alg=$alg${also:+ also=$also} ($(($(date +%s) - t0)) s)"
        failed="$failed
  [$label] np=$np alg=$alg${also:+ also=$also}"
    fi
}

# all_algs ALGS NP BIG QUICK LABEL [mpirun options...]: every algorithm of ALGS
all_algs() {
    list=$1
    shift
    np=$1 big=$2 q=$3 label=$4
    shift 4
    if [ "${SWING_TEST_SEPARATE:-0}" = 1 ]; then
        for a in $list; do
            one_run "$np" "$a" "" "$big" "$q" "$label" "$@"
        done
        return
    fi
    n=$(echo $list | wc -w)
    k=$((rot % n + 1))
    rot=$((rot + 1))
    main=$(echo $list | cut -d' ' -f"$k")
    rest=""
    for a in $list; do
        if [ "$a" != "$main" ]; then rest="${rest:+$rest,}$a"; fi
    done
    one_run "$np" "$main" "$rest" "$big" "$q" "$label" "$@"
}

# Big vectors cost time oversubscribed on a small machine: 1 Mi elements
# up to 4 ranks, less above.
big_for() {
    if [ "$1" -le 4 ]; then echo 1048576; elif [ "$1" -le 8 ]; then echo 262144; else echo 65536; fi
}

case "$group" in
quick)
    all_algs "$algs" 4 "$(big_for 4)" "" "quick sm"
    all_algs "$algs" 5 "$(big_for 5)" "$quick" "quick sm"
    all_algs "$algs" 4 65536 "$quick" "quick tcp" --mca btl self,tcp
    entry=nonblocking param=coll_swing_iallreduce_algorithm
    all_algs "$algs" 4 65536 "" "quick nonblocking"
    entry=persistent param=coll_swing_allreduce_init_algorithm
    all_algs "$algs" 5 65536 "$quick" "quick persistent" --mca coll_swing_segment_size 1000
    entry=blocking param=coll_swing_allreduce_algorithm
    prog="$tests_dir/mpi/test_rsag"
    all_algs "$rsag_algs" 4 65536 "" "quick rsag"
    all_algs "$rsag_algs" 5 65536 "$quick" "quick rsag"
    prog="$tests_dir/mpi/test_rooted"
    all_algs "$rooted_algs" 4 65536 "$quick" "quick rooted"
    all_algs "$rooted_algs" 5 65536 "$quick" "quick rooted"
    ;;
sm)
    for np in ${SWING_TEST_NPS:-2 3 4 5 6 7 8 9 12 16}; do
        case " ${SWING_TEST_FULL_NPS:-2 3 4 5 8} " in
        *" $np "*) q="" ;;
        *) q=$quick ;;
        esac
        all_algs "$algs" "$np" "$(big_for "$np")" "$q" sm
    done
    ;;
tcp)
    for np in ${SWING_TEST_NPS:-2 3 4 8}; do
        all_algs "$algs" "$np" 65536 "$quick" tcp --mca btl self,tcp
    done
    ;;
rooted)
    prog="$tests_dir/mpi/test_rooted"
    for np in ${SWING_TEST_NPS:-2 3 4 5 7 8 12 16}; do
        q=$quick
        if [ "$np" -le 4 ]; then q=""; fi
        all_algs "$rooted_algs" "$np" 65536 "$q" rooted
    done
    all_algs "$rooted_algs" 8 0 --quick "rooted torus:2x4" --mca coll_swing_topology torus:2x4
    all_algs "$rooted_algs" 9 0 --quick "rooted torus:3x3" --mca coll_swing_topology torus:3x3
    all_algs "$rooted_algs" 16 0 --quick "rooted torus:4x4" --mca coll_swing_topology torus:4x4
    all_algs "bine bine_mp chain bine_bo_mp" 6 65536 --quick "rooted segment 1000 B" \
        --mca coll_swing_segment_size 1000
    all_algs "bine binomial chain" 4 0 --quick "rooted tcp" --mca btl self,tcp
    # shm forced, then auto (shm too on one node) and hier (declined on one
    # node) through MPI_T, every root; the broadcast's big case in two
    # chunks of a slot set (auto's runs above have one), then slots of
    # 4096 B (23 chunks; the sets of slots in turn across calls),
    # single copy from 0 B (every broadcast), and shm unavailable (every
    # call declined to a tree, counted as that one)
    one_run 4 shm auto,hier 300000 "" "rooted shm"
    one_run 3 shm "" 68608 --quick "rooted shm, slots of 4096 B" --mca coll_swing_shm_size 4096
    one_run 3 shm "" 65536 --quick "rooted shm, single copy from 0 B" \
        --mca coll_swing_shm_cma_bcast_min 0
    one_run 3 shm auto 0 --quick "rooted shm declined" --mca coll_swing_shm_assume_remote 1
    ;;
rsag)
    prog="$tests_dir/mpi/test_rsag"
    # the multiport and ring forms, on tori where their parts differ
    rsag_mp=${SWING_TEST_ALGS:-"swing rd auto swing_mp rd_mp ring"}
    for np in ${SWING_TEST_NPS:-2 3 4 5 6 7 8 9 12 16}; do
        q=$quick
        if [ "$np" -le 5 ]; then q=""; fi
        all_algs "$rsag_algs" "$np" 65536 "$q" rsag
    done
    all_algs "$rsag_mp" 8 0 --quick "rsag torus:2x4" --mca coll_swing_topology torus:2x4
    all_algs "$rsag_mp" 9 0 --quick "rsag torus:3x3" --mca coll_swing_topology torus:3x3
    all_algs "$rsag_mp" 12 0 --quick "rsag torus:4x3" --mca coll_swing_topology torus:4x3
    all_algs "$rsag_mp" 16 0 --quick "rsag torus:4x4" --mca coll_swing_topology torus:4x4
    all_algs "$rsag_mp" 6 0 --quick "rsag dragonfly:3,2" --mca coll_swing_topology dragonfly:3,2
    all_algs "swing rd swing_mp ring" 6 65536 --quick "rsag segment 1000 B" \
        --mca coll_swing_segment_size 1000
    all_algs "swing_mp rd_mp ring" 9 65536 --quick "rsag torus:3x3, segment 1000 B" \
        --mca coll_swing_topology torus:3x3 --mca coll_swing_segment_size 1000
    all_algs "swing rd ring" 4 0 --quick "rsag tcp" --mca btl self,tcp
    # shm allgather: single copy never (the default: the segment serves
    # every size), from 0 B (zero and tiny blocks, holes, in place by single
    # copy), and from 1 MiB (the big cases by single copy, the others not)
    all_algs shm 4 65536 "" "rsag shm, single copy off" --mca coll_swing_shm_cma_allgather_min -1
    all_algs shm 3 65536 "" "rsag shm, single copy from 0 B" \
        --mca coll_swing_shm_cma_allgather_min 0
    all_algs shm 8 65536 "" "rsag shm, single copy from 1 MiB" \
        --mca coll_swing_shm_cma_allgather_min 1048576
    ;;
topo)
    all_algs "$topo_algs" 8 65536 "$quick" torus:2x4 --mca coll_swing_topology torus:2x4
    all_algs "$topo_algs" 8 0 "$quick" torus:4x2 --mca coll_swing_topology torus:4x2
    all_algs "$topo_algs" 8 0 "$quick" torus:2x2x2 --mca coll_swing_topology torus:2x2x2
    all_algs "$topo_algs" 9 0 "$quick" torus:3x3 --mca coll_swing_topology torus:3x3
    all_algs "$topo_algs" 16 0 "$quick" torus:4x4 --mca coll_swing_topology torus:4x4
    all_algs "$topo_algs" 6 0 "$quick" "torus:4x4 at np 6 (does not fit)" \
        --mca coll_swing_topology torus:4x4
    # networks of groups: the ring of the ranks (folded at np 6), 2 ranks per node
    all_algs "$topo_algs" 6 0 "$quick" dragonfly:3,2 --mca coll_swing_topology dragonfly:3,2
    all_algs "$topo_algs" 8 0 "$quick" "fattree:2,2,1:slots=2" \
        --mca coll_swing_topology fattree:2,2,1:slots=2
    # the Wormhole n150 preset: 64 ranks (32 per core here)
    all_algs "swing_lo swing_bo swing_bo_mp ring" 64 0 "$quick" n150 \
        --mca coll_swing_topology n150
    # many pipeline segments, of a size no datatype divides
    all_algs "swing_bo rd_bo" 4 65536 "$quick" "segment 1000 B" --mca coll_swing_segment_size 1000
    all_algs "rd_bo swing_bo" 7 65536 "$quick" "segment 1000 B" --mca coll_swing_segment_size 1000
    all_algs "swing_bo_mp ring rd_bo_mp" 9 65536 "$quick" "torus:3x3, segment 1000 B" \
        --mca coll_swing_topology torus:3x3 --mca coll_swing_segment_size 1000
    ;;
ompi|ompi_long)
    # Open MPI's own algorithms (ompi_algs/): each program's collectives
    ar=$(ompi_values allreduce)
    rsag=$(ompi_values reduce_scatter_block reduce_scatter allgather allgatherv)
    rooted=$(ompi_values bcast reduce gather scatter)
    if [ -z "$ar" ] || [ -z "$rsag" ] || [ -z "$rooted" ]; then
        echo "FAIL: no ompi_* values in coll_swing_*_algorithm (test_ompi_algs --list)"
        exit 1
    fi
    q=$quick nps="2 3 4" nodes=2x2
    if [ "$group" = ompi_long ]; then q="" nps="2 3 5 8" nodes=4x2; fi
    for np in ${SWING_TEST_NPS:-$nps}; do
        prog="$tests_dir/mpi/test_allreduce"
        all_algs "$ar" "$np" "$(big_for "$np")" "$q" "ompi allreduce"
        prog="$tests_dir/mpi/test_rsag"
        all_algs "$rsag" "$np" 65536 "$q" "ompi rsag"
        prog="$tests_dir/mpi/test_rooted"
        all_algs "$rooted" "$np" 65536 "$q" "ompi rooted"
    done
    SWING_MPIRUN="sh $mpirun_sh"
    export SWING_MPIRUN
    if sh "$SWING_TOP_SRCDIR/tests/cluster/mpirun-nodes.sh" 1x1 true > /dev/null 2>&1; then
        launch="sh $SWING_TOP_SRCDIR/tests/cluster/mpirun-nodes.sh $nodes"
        np=$(echo "$nodes" | awk -Fx '{print $1 * $2}')
        # without coll/han: under 5.0 it is the previous module across
        # nodes, where the composed algorithms run their parts, and its
        # node and leader communicators, which swing serves in turn, would
        # move swing's per-process counters (test_ompi_algs.sh)
        prog="$tests_dir/mpi/test_allreduce"
        all_algs "$ar" "$np" 65536 "$q" "ompi allreduce nodes $nodes" --mca coll ^han
        prog="$tests_dir/mpi/test_rsag"
        all_algs "$rsag" "$np" 65536 "$q" "ompi rsag nodes $nodes" --mca coll ^han
        prog="$tests_dir/mpi/test_rooted"
        all_algs "$rooted" "$np" 65536 "$q" "ompi rooted nodes $nodes"
        launch=""
    else
        echo "SKIP: emulated nodes $nodes (Linux namespaces not permitted)"
    fi
    ;;
nbc)
    for e in nonblocking persistent; do
        entry=$e
        if [ $e = nonblocking ]; then param=coll_swing_iallreduce_algorithm; else
            param=coll_swing_allreduce_init_algorithm; fi
        for np in ${SWING_TEST_NPS:-2 3 4 5 6 7 8 9 12 16}; do
            case " ${SWING_TEST_FULL_NPS:-3 4 8} " in
            *" $np "*) q="" ;;
            *) q=$quick ;;
            esac
            case $np in
            5|9) seg="--mca coll_swing_segment_size 1000" ;;
            *) seg="" ;;
            esac
            all_algs "$algs" "$np" "$(big_for "$np")" "$q" "$e" $seg
        done
        # multiport and ring on tori: 2 parts per dimension (3 or 4 elements
        # are fewer than the parts), small odd segments
        all_algs "$mp_algs" 8 65536 "$quick" "$e torus:2x4" --mca coll_swing_topology torus:2x4
        all_algs "$mp_algs" 9 65536 "$quick" "$e torus:3x3, segment 1000 B" \
            --mca coll_swing_topology torus:3x3 --mca coll_swing_segment_size 1000
        all_algs "$mp_algs" 16 0 "$quick" "$e torus:4x4" --mca coll_swing_topology torus:4x4
    done
    ;;
*)
    echo "unknown group $group"
    exit 99
    ;;
esac

if [ -n "$failed" ]; then
    echo "FAIL: run_matrix $group: $runs runs in $(($(date +%s) - start)) s, failed:$failed"
    exit 1
fi
echo "PASS: run_matrix $group: $runs runs in $(($(date +%s) - start)) s"
