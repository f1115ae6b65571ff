#!/bin/sh
# The tuner, bench/swing-tune, on this node at np 2 and 4 with a small
# budget: it writes a table (rows for allreduce, allgather, bcast and
# gather, and the derived iallreduce, allreduce_init and allgatherv) that
# loads without a row left out, and the component follows it: swing_bench's swing-auto,
# with coll_swing_decision_file pointing at it, is served at every size by
# the algorithm the table names there (swing's MPI_T counters; previous:
# coll_swing_<collective>_previous). Without shm (--without shm), so that
# the rows name message-passing schedules where auto alone would run shm.
# Then --description on a description with rows of its own: those of the
# collective measured replaced, the others kept.
set -u
top=${SWING_TOP_BUILDDIR:?run through make check}
src=${SWING_TOP_SRCDIR:?run through make check}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
SWING_BENCH="$top/bench/swing_bench" SWING_TOPO="$top/tools/swing-topo/swing-topo"
export SWING_BENCH SWING_TOPO

sh "$src/bench/swing-tune" -n "2 4" -k allreduce,allgather,bcast,gather -m 8:1K --budget 10 --rounds 2 \
    --without shm --out "$out/table" > "$out/tune.out" 2>&1
rc=$?
cat "$out/tune.out"
[ "$rc" = 0 ] && [ -s "$out/table" ] || { echo "FAIL: swing-tune exit status $rc"; exit 1; }
grep -q "rows the component would leave out" "$out/tune.out" && { echo "FAIL: the table has bad rows"; fail=1; }
grep -q 'round 1/2, allreduce' "$out/tune.out" || { echo "FAIL: no progress shown"; fail=1; }
for c in allreduce allgather bcast gather iallreduce allreduce_init allgatherv; do
    for np in 2 4; do
        grep -q "^decide $c .* ranks=$np\$" "$out/table" || { echo "FAIL: no $c rows for $np ranks"; fail=1; }
    done
done
grep -q "^decide [a-z_]* [0-9KMG]*-[0-9KMG]* shm" "$out/table" && { echo "FAIL: --without shm: a row names shm"; fail=1; }

# row COLL NP SIZE: the algorithm the table names for that call
row() {
    awk -v c="$1" -v np="$2" -v s="$3" '
        function b(x,   u, v) { u = substr(x, length(x)); v = x + 0
            if (u == "K") v *= 1024; if (u == "M") v *= 1048576; return v }
        $1 == "decide" && $2 == c && $5 == "ranks=" np {
            split($3, r, "-"); if (b(r[1]) <= s && s <= b(r[2])) print $4 }' "$out/table"
}
for c in allreduce allgather bcast gather; do
    for np in 2 4; do
        sh "$src/tests/mpi/mpirun.sh" -np "$np" --mca coll_swing_decision_file "$out/table" \
            "$SWING_BENCH" -k "$c" -C swing-auto -m 8:1K -i 3 -w 1 --csv "$out/$c.$np.csv" \
            > "$out/$c.$np.out" 2>&1 || { cat "$out/$c.$np.out"; echo "FAIL: $c np $np: swing_bench"; fail=1; continue; }
        n=0
        for s in $(awk -F, 'NR > 1 { print $3 }' "$out/$c.$np.csv"); do
            want=$(row "$c" "$np" "$s")
            got=$(awk -F, -v s="$s" 'NR > 1 && $3 == s { print $19 }' "$out/$c.$np.csv")
            served=$(awk -F, -v s="$s" 'NR > 1 && $3 == s { print $12 }' "$out/$c.$np.csv")
            if [ -n "$want" ] && [ "$got" = "$want" ] && [ "$served" = yes ]; then
                n=$((n + 1))
            else
                echo "FAIL: $c np $np, $s B: the table names '$want', swing-auto was served by '$got' (served $served)"
                fail=1
            fi
        done
        echo "$c np $np: the table's algorithm served $n sizes: $(awk -F, 'NR > 1 { printf "%s ", $19 }' "$out/$c.$np.csv")"
    done
done
# --description: the description's rows of the collective measured are
# replaced, its rows of the others kept
"$SWING_TOPO" describe ring:2 > "$out/desc.topo"
printf 'decide allreduce 0-1K swing_lo ranks=2\ndecide bcast 0-1K binomial ranks=2\n' >> "$out/desc.topo"
sh "$src/bench/swing-tune" -n 2 --topology "@$out/desc.topo" -k bcast -m 8:64 --budget 3 --rounds 1 \
    --description --out "$out/desc.tuned" > "$out/desc.out" 2>&1 \
    || { cat "$out/desc.out"; echo "FAIL: swing-tune --description"; fail=1; }
grep -q '^decide allreduce 0-1K swing_lo ranks=2$' "$out/desc.tuned" \
    || { echo "FAIL: --description -k bcast lost the description's allreduce row"; fail=1; }
grep -q '^decide bcast 0-1K binomial' "$out/desc.tuned" \
    && { echo "FAIL: --description -k bcast kept the description's own bcast row"; fail=1; }
grep -q '^decide bcast [0-9]*-64 .* ranks=2$' "$out/desc.tuned" \
    || { echo "FAIL: --description -k bcast wrote no bcast row up to 64 B"; fail=1; }
echo "--description -k bcast: $(grep -c '^decide ' "$out/desc.tuned") rows, the allreduce row kept"

[ $fail = 0 ] && echo "PASS: test_tune.sh" || echo "FAIL: test_tune.sh"
exit $fail
