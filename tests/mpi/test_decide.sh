#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The LO/BO boundary of the automatic choice: a description's measured
# crossover (decide lo_max_bytes=N, which bench/net-calibrate.sh writes)
# moves it, and coll_swing_lo_max_bytes overrides the description. Read
# from what served each size (swing_bench's CSV, from swing's MPI_T
# counters) and from the verbose decision report. 8 ranks on ring:8, whose
# generic constants put the model's crossover at 9395 B. On each side the
# model picks the schedule (single-port or multiport: *_lo, *_lo_mp, ...).
# The nonblocking and persistent allreduce's auto tables equal MPI_Allreduce's.
set -u
top=${SWING_TOP_BUILDDIR:?run through make check}
src=${SWING_TOP_SRCDIR:?run through make check}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
printf 'name ring8-decided\nlogical 8\ndecide lo_max_bytes=256\n' > "$out/r8.topo"

# run LABEL TOPO EXPECT [mpirun options]: EXPECT is "64:lo 256:lo 512:bo ..."
run() {
    label=$1 topo=$2 expect=$3
    shift 3
    sh "$src/tests/mpi/mpirun.sh" -np 8 --mca coll_swing_topology "$topo" \
        --mca coll_swing_verbose 2 "$@" \
        "$top/bench/swing_bench" -C swing-auto -m 64:4096 -i 3 -w 1 --csv "$out/$label.csv" \
        > "$out/$label.out" 2>&1 || { cat "$out/$label.out"; echo "FAIL: $label: swing_bench"; fail=1; return; }
    for e in $expect; do
        size=${e%%:*} kind=${e#*:}
        got=$(awk -F, -v s="$size" '$3 == s { print $19 }' "$out/$label.csv")
        case "$got" in
        *_"$kind"|*_"$kind"_mp) echo "ok: $label: $size B -> $got" ;;
        *) echo "FAIL: $label: $size B served by '$got', expected a *_$kind schedule"; fail=1 ;;
        esac
    done
}

run model ring:8 "256:lo 4096:lo"
grep -q "LO/BO boundary from the cost model" "$out/model.out" || { echo "FAIL: model: no report"; fail=1; }
run described "@$out/r8.topo" "64:lo 256:lo 512:bo 4096:bo"
grep -q "LO/BO boundary from the description" "$out/described.out" \
    || { echo "FAIL: described: the report does not name the description"; fail=1; }
run overridden "@$out/r8.topo" "1024:lo 2048:bo" --mca coll_swing_lo_max_bytes 1024
grep -q "LO/BO boundary from coll_swing_lo_max_bytes" "$out/overridden.out" \
    || { echo "FAIL: overridden: the report does not name the parameter"; fail=1; }
# MPI_Iallreduce and MPI_Allreduce_init choose among the same rows as
# MPI_Allreduce, multiport and ring included: on torus:2x4 their auto
# tables are the allreduce's, which has multiport or ring rows there
sh "$src/tests/mpi/mpirun.sh" -np 8 --mca coll_swing_topology torus:2x4 --mca coll_swing_verbose 2 \
    "$top/bench/swing_bench" -C swing-auto -m 64:64 -i 1 -w 1 > "$out/nb.out" 2>&1 \
    || { echo "FAIL: nonblocking auto: swing_bench"; fail=1; }
blk=$(sed -n 's/.*MPI_COMM_WORLD auto: \([0-9].*\)/\1/p' "$out/nb.out")
for c in iallreduce allreduce_init; do
    got=$(sed -n "s/.*MPI_COMM_WORLD $c auto: \([0-9].*\)/\1/p" "$out/nb.out")
    # (each line ends with what chose the range: "(cost model)")
    if [ -n "$blk" ] && [ "$got" = "$blk" ] && echo "$blk" | grep -q -e '_mp (' -e 'ring ('; then
        echo "ok: $c auto on torus:2x4 = allreduce's:" $blk
    else
        echo "FAIL: $c auto on torus:2x4: '$got', allreduce's '$blk' (with a multiport or ring row)"
        fail=1
    fi
done
[ $fail = 0 ] && echo "PASS: test_decide.sh" || echo "FAIL: test_decide.sh"
exit $fail
