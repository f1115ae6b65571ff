#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The MPI test matrix across emulated nodes (tests/cluster/mpirun-nodes.sh).
#
#   matrix.sh          short form (make check, under a minute on 2 cores)
#   matrix.sh --long   long form
#
# For each layout (nodes x ranks per node, uneven node sizes, --map-by node):
#   1. test_allreduce (tests/mpi/, the single-node matrix: datatypes, ops,
#      counts, in place, user ops, derived types, fallbacks, splits and dups,
#      values and MPI_T counters): every algorithm of $algs. Short form: one
#      mpirun per layout, one algorithm forced on the command line (rotating
#      from layout to layout), the others set through MPI_T on dups of
#      MPI_COMM_WORLD (test_allreduce --also). Long form: one mpirun per
#      algorithm forced on the command line, more layouts.
#      The same run has coll_swing_verbose 2: the topology `auto` reports for
#      MPI_COMM_WORLD must be the k x n torus (torus:KxN) when every node has
#      k >= 2 ranks in one contiguous block, and a ring otherwise.
#   2. cluster_check comms with shm forced on the command line, then every
#      algorithm of $algs set through MPI_T: communicators within one node,
#      across nodes one rank per node, across nodes several per node, mixed;
#      values and counters (shm serves exactly the communicators within one
#      node; `auto` is shm within a node and never across). Forcing shm on
#      communicators across nodes prints exactly one message (at the default
#      verbosity, nothing else from coll/swing) and another algorithm serves;
#      also when world rank 0 is not rank 0 of that communicator.
#      Long form: also each algorithm forced on the command line.
#   3. test_rsag (reduce-scatter, allgather): shm forced across nodes, then
#      swing, rd, auto; 4. the same with hier forced, then auto: served by
#      hier over equal nodes, declined with one message and served by
#      message passing over uneven ones (counters checked by test_rsag).
#   5. broadcast, reduce, gather and scatter (test_rooted) on 2x2, 2x3 and
#      1,2,3 (long: also 3,1 and 2x3 --map-by node): hier forced for
#      broadcast and reduce, then auto through MPI_T, every root of
#      MPI_COMM_WORLD; values, counters (hier on the communicators over
#      several nodes with several ranks on one, whatever the node sizes;
#      elsewhere another algorithm), hier never refused on MPI_COMM_WORLD.
#      5b. allreduce with hier forced on 2x2 under a dragonfly description
#      of two ranks per node: values, counters, and hier between the nodes
#      on the description's own network of nodes (its verbose line).
#      5c. allreduce auto on 4x2 under a dragonfly description of two ranks
#      per node whose ranks share cores (the emulated dragonfly's
#      constants): the model prices hier and picks it for small sizes
#      (its report line), hier runs (its verbose line), values checked.
#   6. the reliability stress (tests/reliability/stress) on 2x2 and 4x2:
#      short form 300 calls of up to 64 Ki elements, auto and one forced
#      algorithm each; long form every algorithm, 2000 calls of up to 512 Ki.
#
# To add an algorithm: put it in algs below. SWING_CLUSTER_ALGS,
# SWING_CLUSTER_LAYOUTS and SWING_CLUSTER_STRESS override the lists.
# Outside make check, set SWING_COMPONENT_PATH, SWING_TESTS_DIR and
# SWING_TOP_SRCDIR as tests/Makefile.am does (README: Across nodes).
# Skips (77) where Linux namespaces are not permitted.
set -u
algs=${SWING_CLUSTER_ALGS:-"hier swing_lo rd_lo swing_bo rd_bo auto"}
tests_dir=${SWING_TESTS_DIR:?run through make check, or see README (Across nodes)}
srcdir=${SWING_TOP_SRCDIR:?run through make check, or see README (Across nodes)}
launcher="$srcdir/tests/cluster/mpirun-nodes.sh"
SWING_MPIRUN="sh $srcdir/tests/mpi/mpirun.sh"
export SWING_MPIRUN
allreduce="$tests_dir/mpi/test_allreduce"
check="$tests_dir/cluster/cluster_check"
stress="$tests_dir/reliability/stress"
common=""

long=0
[ "${1:-}" = "--long" ] && long=1
# LAYOUT[/bynode]: NODESxRANKS or R0,R1,...; /bynode adds --map-by node
if [ $long = 1 ]; then
    layouts=${SWING_CLUSTER_LAYOUTS:-"2x1 4x1 2x2 3x2 2x3 4x2 2x4 3,1 1,3 1,2,3 3,3,2 2x2/bynode 2x3/bynode 4x2/bynode 3,1/bynode"}
    stress_runs=${SWING_CLUSTER_STRESS:-"2x2 4x2"}
else
    layouts=${SWING_CLUSTER_LAYOUTS:-"2x1 2x2 3x2 2x3 4x2 2x4 3,1 1,2,3 2x2/bynode 2x3/bynode 4x2/bynode"}
    stress_runs=${SWING_CLUSTER_STRESS:-"2x2:auto 2x2:rd_lo 4x2:swing_bo 4x2:auto"}
fi

tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
runs=0
failed=""
rot=0
start=$(date +%s)

# Namespaces permitted? The launcher says 77 if not.
sh "$launcher" 1x1 true > "$tmp/out" 2>&1
rc=$?
if [ $rc = 77 ]; then
    cat "$tmp/out"
    echo "SKIP: matrix.sh: the emulated cluster needs Linux namespaces (root or user namespaces)"
    exit 77
fi

# run LABEL LAYOUT [options] PROGRAM [args]: output in $tmp/out
run() {
    run_label=$1 run_layout=$2
    shift 2
    runs=$((runs + 1))
    t0=$(date +%s)
    echo "=== RUN [$run_label]: mpirun-nodes.sh $run_layout $*"
    timeout 600 sh "$launcher" "$run_layout" "$@" > "$tmp/out" 2>&1
}

pass() {
    echo "PASS [$1] ($(($(date +%s) - t0)) s)"
}

fail() {
    cat "$tmp/out"
    echo "FAIL [$1] ($(($(date +%s) - t0)) s): $2"
    failed="$failed
  [$1] $2"
}

# the topology auto must give MPI_COMM_WORLD on LAYOUT
expected_topo() {
    base=${1%/bynode}
    case "$base" in
        *x*) n=${base%%x*} k=${base#*x} ;;
        *)
            n=0 k=""
            for c in $(echo "$base" | tr ',' ' '); do
                n=$((n + 1))
                [ -z "$k" ] && k=$c
                [ "$c" = "$k" ] || k=0
            done
            ;;
    esac
    if [ "$1" = "$base" ] && [ "$k" -ge 2 ] && [ "$n" -ge 2 ]; then
        echo "torus:${k}x$n"
    else
        echo "ring:$(nranks "$base")"
    fi
}

nranks() {
    case "$1" in
        *x*) echo $((${1%%x*} * ${1#*x})) ;;
        *) echo $(($(echo "$1" | tr ',' '+'))) ;;
    esac
}

# rest_of LIST MAIN: LIST without MAIN, comma-separated
rest_of() {
    r=""
    for a in $1; do
        [ "$a" = "$2" ] || r="${r:+$r,}$a"
    done
    echo "$r"
}

# 1. test_allreduce, with the topology check on the first run of a layout
allreduce_runs() {
    lay=$1 opts=$2 np=$3
    # as run_matrix.sh: 1 Mi elements up to 4 ranks, less above
    big=1048576
    [ "$np" -gt 4 ] && big=262144
    if [ $long = 1 ]; then
        list=$algs
    else
        n=$(echo $algs | wc -w)
        list=$(echo $algs | cut -d' ' -f$((rot % n + 1)))
        rot=$((rot + 1))
    fi
    verbose="--mca coll_swing_verbose 2"
    for main in $list; do
        also=""
        [ $long = 1 ] || also=$(rest_of "$algs" "$main")
        label="$lay test_allreduce $main${also:+ also $also}"
        # shellcheck disable=SC2086
        run "$label" "${lay%/bynode}" $opts $common $verbose \
            --mca coll_swing_allreduce_algorithm "$main" \
            "$allreduce" --alg "$main" ${also:+--also "$also"} --big $big --label "$lay"
        rc=$?
        if [ $rc != 0 ] || ! grep -q "failures: PASS" "$tmp/out"; then
            fail "$label" "exit $rc"
            continue
        fi
        if [ -n "$verbose" ]; then
            want=$(expected_topo "$lay")
            got=$(sed -n "s/.*coll:swing: communicator MPI_COMM_WORLD ([0-9]* ranks): topology \([^ ]*\) (auto.*/\1/p" "$tmp/out" | head -n 1)
            if [ "$got" != "$want" ]; then
                fail "$label" "coll_swing_topology auto gave MPI_COMM_WORLD \"$got\", expected $want"
                continue
            fi
            verbose=""
            echo "topology auto of MPI_COMM_WORLD: $got, as expected"
        fi
        grep "^test_allreduce" "$tmp/out"
        pass "$label"
    done
}

# 2. communicators within and across nodes; shm forced across nodes
comms_runs() {
    lay=$1 opts=$2
    label="$lay cluster_check comms: shm forced, then $(echo $algs | tr ' ' ',') through MPI_T"
    # shellcheck disable=SC2086
    run "$label" "${lay%/bynode}" $opts $common --mca coll_swing_allreduce_algorithm shm \
        "$check" comms "shm,$(echo $algs | tr ' ' ',')"
    rc=$?
    # hier set through MPI_T is refused, once per job, on the communicators
    # within one node or with one rank per node: that message is expected
    msgs=$(grep "coll:swing" "$tmp/out" | grep -vc "warning: hier allreduce not possible")
    # the job's first allreduce across nodes names the communicator: the
    # program's MPI_COMM_WORLD under 4.1; under 5.0 MPI_Comm_split_type
    # reduces first on a communicator of its own (split from the world)
    refusals=$(grep -cE "coll:swing: warning: shm allreduce not possible on (MPI_COMM_WORLD|MPI COMM [0-9]+ SPLIT FROM 0) " "$tmp/out")
    if [ $rc != 0 ] || ! grep -q "comms: PASS" "$tmp/out"; then
        fail "$label" "exit $rc"
    elif [ "$msgs" != 1 ] || [ "$refusals" != 1 ]; then
        fail "$label" "shm forced across nodes: $msgs coll:swing messages, $refusals refusals on MPI_COMM_WORLD or a split of it; expected exactly one"
    else
        echo "shm forced across nodes: refused with one message: $(grep coll:swing "$tmp/out" | sed 's/^\[[^]]*\] //')"
        pass "$label"
    fi
    # the one message also when world rank 0 is not rank 0 of the
    # communicator (only 2x2: the same code on every layout)
    if [ "$lay" = 2x2 ] || [ $long = 1 ]; then
        label="$lay cluster_check reversed: shm forced on MPI_COMM_WORLD in reverse rank order"
        # shellcheck disable=SC2086
        run "$label" "${lay%/bynode}" $opts $common --mca coll_swing_allreduce_algorithm shm \
            "$check" reversed shm
        rc=$?
        msgs=$(grep -c "coll:swing" "$tmp/out")
        refusals=$(grep -c "coll:swing: warning: shm allreduce not possible" "$tmp/out")
        if [ $rc != 0 ] || ! grep -q "reversed: PASS" "$tmp/out"; then
            fail "$label" "exit $rc"
        elif [ "$msgs" != 1 ] || [ "$refusals" != 1 ]; then
            fail "$label" "$msgs coll:swing messages, $refusals refusals; expected exactly one"
        else
            pass "$label"
        fi
    fi
    [ $long = 1 ] || return
    for a in $algs; do
        label="$lay cluster_check comms $a"
        # shellcheck disable=SC2086
        run "$label" "${lay%/bynode}" $opts $common --mca coll_swing_allreduce_algorithm "$a" \
            "$check" comms "$a"
        rc=$?
        if [ $rc != 0 ] || ! grep -q "comms: PASS" "$tmp/out"; then
            fail "$label" "exit $rc"
        else
            pass "$label"
        fi
    done
}

for lay in $layouts; do
    opts=""
    case "$lay" in */bynode) opts="--map-by node" ;; esac
    np=$(nranks "${lay%/bynode}")
    allreduce_runs "$lay" "$opts" "$np"
    comms_runs "$lay" "$opts"
done

# rsag_forced LAYOUT ALG ALSO: test_rsag with ALG forced on the command
# line for the four collectives, then ALSO set through MPI_T; the label in
# $label, the exit code returned
rsag_forced() {
    lay=$1 alg=$2 also=$3
    opts=""
    case "$lay" in */bynode) opts="--map-by node" ;; esac
    label="$lay test_rsag: $alg forced, then $also"
    set --
    for c in reduce_scatter_block reduce_scatter allgather allgatherv; do
        set -- "$@" --mca "coll_swing_${c}_algorithm" "$alg"
    done
    # shellcheck disable=SC2086
    run "$label" "${lay%/bynode}" $opts $common "$@" "$tests_dir/mpi/test_rsag" --alg "$alg" \
        --quick --also "$also" --label "$lay"
}

# 3. reduce-scatter and allgather (test_rsag): shm forced across nodes
# (served by message passing, counted as it), then swing, rd, auto
rsag_layouts=${SWING_CLUSTER_RSAG:-"2x2 1,2,3"}
[ $long = 1 ] && rsag_layouts=${SWING_CLUSTER_RSAG:-"2x2 3,1 2x3 1,2,3 4x2/bynode"}
for lay in $rsag_layouts; do
    rsag_forced "$lay" shm swing,rd,auto
    rc=$?
    if [ $rc != 0 ] || ! grep -q "^test_rsag.*PASS" "$tmp/out"; then
        fail "$label" "exit $rc"
    else
        grep "^test_rsag" "$tmp/out"
        pass "$label"
    fi
done

# 4. hier for reduce-scatter and allgather, forced on the command line, then
# auto through MPI_T (test_rsag): served by hier on communicators over
# equal nodes (several ranks each), checked by value and by the counters;
# elsewhere (uneven nodes, one rank per node, one node) declined and
# served by message passing, the counters saying so. On uneven nodes the
# refusal for MPI_COMM_WORLD is printed once; on equal nodes there is none.
hier_layouts=${SWING_CLUSTER_RSAG_HIER:-"2x2 2x3 1,2,3"}
[ $long = 1 ] && hier_layouts=${SWING_CLUSTER_RSAG_HIER:-"2x2 2x3 3x2 4x2 1,2,3 3,1 2x3/bynode"}
for lay in $hier_layouts; do
    rsag_forced "$lay" hier auto
    rc=$?
    base=${lay%/bynode}
    want=0
    sizes=$(echo "$base" | tr ',' '\n' | sort -u | wc -l)
    case "$base" in *,*) [ "$sizes" -gt 1 ] && want=1 ;; esac
    world=$(grep -cE "coll:swing: warning: hier [a-z_]+ not possible on MPI_COMM_WORLD \(nodes with different numbers of ranks\)" "$tmp/out")
    if [ $rc != 0 ] || ! grep -q "^test_rsag.*PASS" "$tmp/out"; then
        fail "$label" "exit $rc"
    elif [ "$world" != "$want" ]; then
        fail "$label" "$world refusals of hier on MPI_COMM_WORLD for uneven nodes, expected $want"
    else
        grep "^test_rsag" "$tmp/out"
        [ "$want" = 1 ] && echo "uneven nodes: hier refused once, served by message passing: $(grep 'hier [a-z_]* not possible on MPI_COMM_WORLD' "$tmp/out" | sed 's/^\[[^]]*\] //')"
        pass "$label"
    fi
done

# 5. broadcast and reduce by hier (test_rooted), any node sizes
rooted_layouts=${SWING_CLUSTER_ROOTED:-"2x2 2x3 1,2,3"}
[ $long = 1 ] && rooted_layouts=${SWING_CLUSTER_ROOTED:-"2x2 2x3 1,2,3 3,1 2x3/bynode"}
for lay in $rooted_layouts; do
    opts=""
    case "$lay" in */bynode) opts="--map-by node" ;; esac
    label="$lay test_rooted: hier forced, then auto"
    # shellcheck disable=SC2086
    run "$label" "${lay%/bynode}" $opts $common --mca coll_swing_bcast_algorithm hier \
        --mca coll_swing_reduce_algorithm hier "$tests_dir/mpi/test_rooted" --alg hier \
        --also auto --big 65536 --label "$lay"
    rc=$?
    world=$(grep -cE "coll:swing: warning: hier [a-z]+ not possible on MPI_COMM_WORLD" "$tmp/out")
    if [ $rc != 0 ] || ! grep -q "^test_rooted.*PASS" "$tmp/out"; then
        fail "$label" "exit $rc"
    elif [ "$world" != 0 ]; then
        fail "$label" "hier refused on MPI_COMM_WORLD ($world messages)"
    else
        grep "^test_rooted" "$tmp/out"
        pass "$label"
    fi
done

# 5b. hier under a dragonfly that places two ranks on each node: the
# flat schedules follow the description, hier (forced) runs between the
# nodes on the description's own network of nodes, not a ring
label="2x2 test_allreduce: hier forced under coll_swing_topology dragonfly:2,1:slots=2"
# shellcheck disable=SC2086
run "$label" 2x2 $common --mca coll_swing_topology dragonfly:2,1:slots=2 \
    --mca coll_swing_verbose 2 --mca coll_swing_allreduce_algorithm hier \
    "$allreduce" --alg hier --big 65536 --label 2x2-dragonfly
rc=$?
if [ $rc != 0 ] || ! grep -q "failures: PASS" "$tmp/out"; then
    fail "$label" "exit $rc"
elif ! grep -q "network of nodes dragonfly:2,1:slots=2 (its nodes)" "$tmp/out"; then
    fail "$label" "hier did not run between nodes on the description's network of nodes"
else
    grep "hier: .*network of nodes" "$tmp/out" | head -n 1
    pass "$label"
fi

# 5c. hier priced by the model under such a description: with the ranks
# sharing cores and every message costing them (the emulated dragonfly's
# constants, docs/results/2026-11-26c/dfly2.topo), a small allreduce costs
# less by hier than over all ranks
label="4x2 test_allreduce: auto prices hier under a dragonfly of two ranks per node"
desc="$tmp/dfly2.topo"
printf '%s\n' "name dfly-2x2-slots2" "dragonfly 2,2,1,0.25" "place blocks" "slots 2" \
    "cost alpha=6.686e-06 tau=2.675e-07 beta=6.137e+06 gamma=1.946e-11 o=1.293e-05 cores=3.24" \
    > "$desc"
# shellcheck disable=SC2086
run "$label" 4x2 $common --mca coll_swing_topology "@$desc" --mca coll_swing_verbose 2 \
    "$allreduce" --alg auto --big 65536 --label 4x2-dragonfly-auto
rc=$?
if [ $rc != 0 ] || ! grep -q "failures: PASS" "$tmp/out"; then
    fail "$label" "exit $rc"
elif ! grep -Eq "MPI_COMM_WORLD auto: 0 B (\.\. [0-9]+ B|and above) -> hier \(cost model, hier priced on the description's network of nodes\)" "$tmp/out"; then
    fail "$label" "the model did not pick hier for the smallest sizes: $(grep 'MPI_COMM_WORLD auto: 0 B' "$tmp/out" | head -n 1)"
elif ! grep -q "network of nodes @$desc (its nodes)" "$tmp/out"; then
    fail "$label" "hier did not run between the nodes on the description's network of nodes"
else
    grep "MPI_COMM_WORLD auto: " "$tmp/out" | sed 's/^\[[^]]*\] //'
    pass "$label"
fi

# 6. the reliability stress
if [ $long = 1 ]; then
    iters=2000 max=524288
    combos=""
    for lay in $stress_runs; do
        for a in $algs; do combos="$combos $lay:$a"; done
    done
else
    iters=300 max=65536
    combos=$stress_runs
fi
for c in $combos; do
    lay=${c%%:*} a=${c#*:}
    label="$lay stress $a, $iters calls up to $max elements"
    run "$label" "$lay" $common --mca coll_swing_allreduce_algorithm "$a" \
        "$stress" --iters $iters --max-count $max --expect-alg "$a" --int8
    rc=$?
    if [ $rc != 0 ] || ! grep -q "problems: OK" "$tmp/out"; then
        fail "$label" "exit $rc"
    else
        echo "$(grep 'problems: OK' "$tmp/out")"
        pass "$label"
    fi
done

if [ -n "$failed" ]; then
    echo "FAIL: cluster matrix: $runs runs in $(($(date +%s) - start)) s, failed:$failed"
    exit 1
fi
echo "PASS: cluster matrix: $runs runs in $(($(date +%s) - start)) s"
