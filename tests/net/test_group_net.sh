#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench/group-net.sh on a small dragonfly and small fat trees (make check):
# each network is built from swing-topo routes, every route's links are
# checked by reply TTL, and MPI tests run across it, checked by value and
# by the MPI_T counters (test_allreduce, test_rsag); then the bytes the
# interface counters saw on the global links are held to the model's, and
# nothing may be left behind, also when a run is killed by a timeout.
#   dragonfly:2,2                       2 groups of 2 nodes, a rank per node:
#                                       allreduce and reduce-scatter/allgather
#   fattree:2,2,1:place=0,2,1,3         2 leaves of 2 nodes, 1 spine (2:1),
#                                       ranks in a hostfile's order
#   fattree:2,1,1:slots=2:place=roundrobin
#                                       2 ranks per node, round robin
#                                       (mpirun --map-by node)
# The counters: dragonfly:2,2 with the ranks shifted by one node (ranks 0,
# 1, 2, 3 on nodes 1, 2, 3, 0: groups {3,0} and {1,2}). By hand, per
# allreduce of n bytes per rank (swing-topo predict prints the same):
#   RD BO, reduce-scatter: s=0 pairs 0-1, 2-3 both cross groups: 4
#     messages of n/2 on a global link; s=1 pairs 0-2, 1-3 cross: 4 of n/4;
#     3n, and the allgather the same: 6n on the global links.
#   Swing BO: s=0 pairs 0-1, 2-3 cross: 2n; s=1 (rho -1) pairs 1-2, 3-0
#     stay in their groups: 0; 2n, doubled: 4n, a third less than RD.
# 20 timed calls and 2 warm-up calls of 1 MiB: the counters must show a
# Swing/RD ratio within 5% of 4/6 and, per call, between 1 and 1.10 times
# the model's bytes (TCP/IP and MPI headers, acknowledgements, wire-up; the
# links send no GSO packets, bench/net-link.sh, so every 1448 bytes of
# payload carry their 66 of headers: 4.6%).
# The links run at 10 Gbit/s with a 1 MB burst: on links shaped slower the
# queues grow the round trip past TCP's retransmission timeout, and the
# spurious retransmissions add 1-10% to the bytes, differently every run.
# bench/net-calibrate.sh fits the cost on dragonfly:2,2 (constants in
# range, the description still the dragonfly) and refuses two ranks per
# node. Then bench/run_bench.sh --net on dragonfly:2,2 (swing-auto, swing-bo and
# tuned, 8 B to 1 KiB) and dragonfly:2,1:slots=2 (its whole set, hier and
# the han run, at 64 B): the runs go through group-net.sh, every row is
# validated, the report has the link counters and the model's comparison.
# Skips (77) without root / network namespaces.
: "${SWING_TESTS_DIR:?run through make check}"
net="$SWING_TOP_SRCDIR/bench/group-net.sh"
prog="$SWING_TESTS_DIR/mpi/test_allreduce"
rsag="$SWING_TESTS_DIR/mpi/test_rsag"
fail=0
SWING_MPIRUN="sh $SWING_TOP_SRCDIR/tests/mpi/mpirun.sh"
SWING_TOPO="$SWING_TOP_BUILDDIR/tools/swing-topo/swing-topo"
export SWING_MPIRUN SWING_TOPO
tmp="${TMPDIR:-/tmp}/group-net-test.$$"
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

marker="group-net-test-$$"
leftovers() {
    { ip netns list 2>/dev/null | grep '^sgn[0-9]'; pgrep -f "$marker"; } | head -5
}

timeout 120 sh "$net" dragonfly:2,2 > "$tmp/probe" 2>&1
rc=$?
if [ $rc = 77 ]; then
    cat "$tmp/probe"
    echo "SKIP: test_group_net.sh: needs root and network namespaces"
    exit 77
fi
if ! grep -q "hop check: 12 pairs, 0 wrong" "$tmp/probe"; then
    cat "$tmp/probe"
    echo "FAIL: dragonfly:2,2 built wrong"
    fail=1
fi

# run LABEL WANT TOPO [group-net options] -- [mpirun options] PROGRAM [args]:
# the output must hold WANT (a grep pattern)
run() {
    label=$1 want=$2
    shift 2
    out=$(timeout 300 sh "$net" "$@" 2>&1)
    if echo "$out" | grep -q -- "$want"; then
        echo "$out" | grep -E "hop check|PASS|link bytes" | head -5
    else
        echo "$out" | tail -20
        echo "FAIL: $label"
        fail=1
    fi
}

rsag_forced() {
    for c in reduce_scatter_block reduce_scatter allgather allgatherv; do
        printf ' --mca coll_swing_%s_algorithm swing' "$c"
    done
}

t=dragonfly:2,2
run "allreduce on $t" "failures: PASS" "$t" --rate 1gbit -- \
    --mca coll_swing_allreduce_algorithm swing_bo --mca coll_swing_topology "$t" \
    "$prog" --alg swing_bo --also rd_bo,swing_lo,auto,ring --quick --label "net $t"
# shellcheck disable=SC2046
run "reduce-scatter and allgather on $t" "0 failures: PASS" "$t" --rate 1gbit --no-check -- \
    $(rsag_forced) --mca coll_swing_topology "$t" \
    "$rsag" --alg swing --also rd,ring,auto --quick --big 20000 --label "net $t"

t=fattree:2,2,1:place=0,2,1,3
run "allreduce on $t" "failures: PASS" "$t" --rate 1gbit -- \
    --mca coll_swing_allreduce_algorithm rd_bo --mca coll_swing_topology "$t" \
    "$prog" --alg rd_bo --also swing_bo,auto --quick --label "net $t"

# two ranks per node: auto follows the description's model, not hier,
# which test_rsag would expect across nodes of equal sizes: forced forms only
t=fattree:2,1,1:slots=2:place=roundrobin
# shellcheck disable=SC2046
run "reduce-scatter and allgather on $t" "0 failures: PASS" "$t" --rate 1gbit -- \
    $(rsag_forced) --mca coll_swing_topology "$t" \
    "$rsag" --alg swing --also rd --quick --big 20000 --label "net $t"

# The interface counters against the model (above).
t="dragonfly:2,2:place=1,2,3,0"
# counted A: the global links' bytes of 22 calls of configuration A
counted() {
    timeout 300 sh "$net" "$t" --rate 10gbit --burst 1mb --no-check --counters "$tmp/$1" -- \
        --mca coll_swing_topology "$t" "$SWING_TOP_BUILDDIR/bench/swing_bench" -C "$1" \
        -m 1M:1M -i 20 -w 2 > "$tmp/$1.out" 2>&1
    awk '$1 == "class" && $2 == "global" { print $3 }' "$tmp/$1" 2>/dev/null
}
model=$("$SWING_TOPO" predict "$t" --sizes 1M:1M --bytes 1M)
ms=$(echo "$model" | awk '$1 == "swing-bo" && NF == 4 { print $3 }')
mr=$(echo "$model" | awk '$1 == "rd-bo" && NF == 4 { print $3 }')
if [ "$ms" != 4194304 ] || [ "$mr" != 6291456 ]; then
    echo "FAIL: the model's global bytes: swing-bo $ms, rd-bo $mr (by hand: 4194304, 6291456)"
    fail=1
fi
s=$(counted swing-bo)
r=$(counted rd-bo)
echo "global links, 22 calls: swing-bo ${s:-?} bytes, rd-bo ${r:-?} (the model per call: $ms, $mr)"
if awk -v s="${s:-0}" -v r="${r:-0}" -v ms="${ms:-0}" -v mr="${mr:-0}" 'BEGIN {
        if (s <= 0 || r <= 0 || ms <= 0 || mr <= 0) exit 1
        ratio = (s / r) / (ms / mr); ps = s / (22 * ms); pr = r / (22 * mr)
        printf "measured Swing/RD on the global links %.3f (the model %.3f); per call %.3f and %.3f of the model\n", s / r, ms / mr, ps, pr
        exit !(ratio > 0.95 && ratio < 1.05 && ps >= 1 && ps < 1.10 && pr >= 1 && pr < 1.10) }'; then
    :
else
    tail -n 5 "$tmp/swing-bo.out" "$tmp/rd-bo.out"
    echo "FAIL: the global links' counters do not match the model"
    fail=1
fi

# run_bench.sh --net on networks of groups: group-net.sh instead of
# torus-net.sh, every row validated, the link counters in the report and
# the model beside the run; with 2 ranks per node also hier and a han run.
# bench_rows DIR CONFIGS SIZES: every configuration at every size, validated
bench_rows() {
    awk -F, -v want="$2" -v nsizes="$3" 'NR > 1 { n[$2]++; if ($13 != "yes") bad++ }
        END { k = split(want, w, ","); for (i = 1; i <= k; i++) if (n[w[i]] != nsizes) bad++
              exit bad > 0 }' "$1/allreduce.csv" 2>/dev/null
}
rb() {
    dir=$1
    shift
    timeout 300 env -u SWING_MPIRUN SWING_BENCH="$SWING_TOP_BUILDDIR/bench/swing_bench" \
        sh "$SWING_TOP_SRCDIR/bench/run_bench.sh" "$@" -o "$dir" > "$dir.out" 2>&1
}
rb "$tmp/rb1" --net dragonfly:2,2 -q -C swing-auto,swing-bo,tuned -m 8:1K
rc=$?
if [ $rc = 0 ] && grep -q "group-net.sh: dragonfly:2,2: 4 nodes" "$tmp/rb1.out" \
   && bench_rows "$tmp/rb1" swing-auto,swing-bo,tuned 8 \
   && grep -q "^## network of groups dragonfly:2,2 (np=4 on 4 nodes)" "$tmp/rb1/allreduce.txt" \
   && grep -Eq "^link bytes .*: local [1-9][0-9]* global [1-9][0-9]*$" "$tmp/rb1/allreduce.txt" \
   && grep -q "^swing-auto within 10%" "$tmp/rb1/allreduce-dragonfly-2-2-model.txt"; then
    grep "^link bytes" "$tmp/rb1/allreduce.txt"
    echo "run_bench.sh --net dragonfly:2,2: 24 rows validated, counters and model in the report"
else
    tail -n 20 "$tmp/rb1.out"
    echo "FAIL: run_bench.sh --net dragonfly:2,2 (exit status $rc)"
    fail=1
fi
rb "$tmp/rb2" --net dragonfly:2,1:slots=2 -q -m 64:64
rc=$?
if [ $rc = 0 ] && bench_rows "$tmp/rb2" swing-auto,swing-bo,rd-bo,ring,tuned,tuned-4,hier,han 1 \
   && grep -q "^## network of groups dragonfly:2,1:slots=2 (np=4 on 2 nodes), run han" "$tmp/rb2/allreduce.txt"; then
    echo "run_bench.sh --net dragonfly:2,1:slots=2: hier and han beside swing's and tuned's, validated"
else
    tail -n 20 "$tmp/rb2.out"
    echo "FAIL: run_bench.sh --net dragonfly:2,1:slots=2 (exit status $rc)"
    fail=1
fi

# bench/net-calibrate.sh on a network of groups: group-net.sh measures,
# the description keeps the dragonfly and gets the fitted cost; several
# ranks per node are refused (calibrate with one per node)
# beta between 60% and 115% of the local links' 12.5 MB/s: payload only is
# charged (bench/net-link.sh), and a noisy slope lands on either side
cal="$tmp/cal"
mkdir -p "$cal"
if timeout 300 env -u SWING_MPIRUN SWING_CALIBRATE="$SWING_TOP_BUILDDIR/bench/swing_calibrate" \
       sh "$SWING_TOP_SRCDIR/bench/net-calibrate.sh" dragonfly:2,2 -m 8:256K -i 4 --no-crossover \
       -o "$cal/dfly.topo" > "$cal/out" 2>&1 \
   && "$SWING_TOPO" show "@$cal/dfly.topo" > /dev/null \
   && grep -q "^dragonfly 2,2" "$cal/dfly.topo" && grep -q "network of bench/group-net.sh" "$cal/dfly.topo"; then
    cost=$(sed -n 's/^cost //p' "$cal/dfly.topo")
    echo "calibrated dragonfly:2,2: $cost"
    if ! echo "$cost" | awk '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } }
            END { exit !(v["alpha"] > 0 && v["beta"] > 7.5e6 && v["beta"] < 14.375e6 && v["o"] > 0 \
                         && v["cores"] >= 1 && v["cores"] <= 4) }'; then
        echo "FAIL: calibrated constants of dragonfly:2,2 out of range (100 Mbit/s links, 4 ranks): $cost"
        fail=1
    fi
else
    tail -n 20 "$cal/out"
    echo "FAIL: net-calibrate.sh dragonfly:2,2"
    fail=1
fi
timeout 60 env -u SWING_MPIRUN SWING_CALIBRATE="$SWING_TOP_BUILDDIR/bench/swing_calibrate" \
    sh "$SWING_TOP_SRCDIR/bench/net-calibrate.sh" dragonfly:2,1:slots=2 -o "$cal/no.topo" > "$cal/out2" 2>&1
rc=$?
if [ $rc = 2 ] && grep -q "one rank per node" "$cal/out2" && [ ! -e "$cal/no.topo" ]; then
    echo "net-calibrate.sh dragonfly:2,1:slots=2: refused ($(cat "$cal/out2"))"
else
    cat "$cal/out2"
    echo "FAIL: net-calibrate.sh accepted two ranks per node (exit status $rc)"
    fail=1
fi

# killed half way: everything must go
timeout -s TERM 8 sh "$net" dragonfly:2,2 --no-check -- sh -c 'sleep 60' "$marker" > /dev/null 2>&1
sleep 1
left=$(leftovers)
if [ -n "$left" ]; then
    echo "FAIL: left behind after a timeout: $left"
    fail=1
else
    echo "nothing left after a timeout"
fi
[ $fail = 0 ] && echo "PASS: test_group_net.sh" || echo "FAIL: test_group_net.sh"
exit $fail
