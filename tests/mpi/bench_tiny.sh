#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The benchmark at a tiny configuration, through its driver: np 2, sizes to
# 64 KiB, few iterations, every size validated. Fails when the benchmark
# fails, when a swing configuration was not served by swing, when the CSV
# or the plot is missing, and when a wrong result or a bad argument does
# not give the documented exit status (1 and 2). Also the clock timing with
# a time budget (-t clock -T), back to back (-t b2b), and each other collective (-k) at np 3 and
# 4, in place at 4: validated, swing's configurations served by swing.
# A rooted collective, MPI_Bcast: from root 1 and rotating the root at
# np 3, every call checked, each swing configuration served by its own
# tree, tuned's nine; through the driver; a wrong root's datum (exit 1);
# MPI_Reduce in place at a rotating root; bad roots (exit 2).
set -u
top=${SWING_TOP_BUILDDIR:?run through make check}
src=${SWING_TOP_SRCDIR:?run through make check}
bench="$top/bench/swing_bench"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
SWING_BENCH="$bench" "$src/bench/run_bench.sh" -q -n 2 -o "$out" > "$out/stdout" 2>&1
rc=$?
cat "$out/stdout"
[ "$rc" = 0 ] || { echo "FAIL: run_bench.sh exit status $rc"; fail=1; }
csv="$out/allreduce.csv"
if [ ! -s "$csv" ]; then
    echo "FAIL: no CSV"; fail=1
else
    # columns: np,config,...,served (12),validated (13)
    rows=$(awk -F, '$1 == 2' "$csv" | wc -l)
    [ "$rows" -ge 100 ] || { echo "FAIL: only $rows rows for np 2"; fail=1; }
    bad=$(awk -F, '$1 == 2 && $2 ~ /^(swing|rd|shm)/ && $12 != "yes"' "$csv")
    [ -z "$bad" ] || { echo "FAIL: not served by swing:"; echo "$bad" | head -3; fail=1; }
    bad=$(awk -F, 'NR > 1 && $13 != "yes"' "$csv")
    [ -z "$bad" ] || { echo "FAIL: not validated:"; echo "$bad" | head -3; fail=1; }
fi
if command -v gnuplot >/dev/null 2>&1 && [ ! -s "$out/allreduce.png" ]; then
    echo "FAIL: no plot"; fail=1
fi

"$src/tests/mpi/mpirun.sh" -np 2 "$bench" -m 8:1024 -i 5 -C swing-bo \
    --inject-error > "$out/inject" 2>&1
rc=$?
[ "$rc" = 1 ] || { echo "FAIL: a wrong result gave exit status $rc, not 1"; cat "$out/inject"; fail=1; }
grep -q "expected" "$out/inject" || { echo "FAIL: the wrong result was not reported"; fail=1; }

# -t clock with -T: every size validated, served, and between 5 calls and
# 100000, fewer where calls are slower. Without -i the budget, not the
# default count (1000 below 8 KiB), sets the calls: more than 1000 at 8 B
# in the default timing (0.2 s of calls of a few microseconds); with
# -i 50, at most 50.
"$src/tests/mpi/mpirun.sh" -np 2 "$bench" -m 8:64K -t clock -T 0.02 -C swing-lo,tuned \
    --csv "$out/clock.csv" > "$out/clock" 2>&1
rc=$?
[ "$rc" = 0 ] || { echo "FAIL: -t clock -T exit status $rc"; cat "$out/clock"; fail=1; }
grep -q "timing clock" "$out/clock" || { echo "FAIL: -t clock not reported"; fail=1; }
bad=$(awk -F, 'NR > 1 && ($5 < 5 || $5 > 100000 || $13 != "yes" || ($2 == "swing-lo" && $12 != "yes"))' "$out/clock.csv")
[ -z "$bad" ] || { echo "FAIL: -t clock -T rows:"; echo "$bad" | head -3; fail=1; }
[ -s "$out/clock.csv" ] && echo "-t clock -T 0.02: $(awk -F, 'NR > 1 { print $5 }' "$out/clock.csv" | sort -n | sed -n '1p;$p' | tr '\n' ' ')calls (fewest, most)"
"$src/tests/mpi/mpirun.sh" -np 2 "$bench" -m 8:8 -T 0.2 -C swing-lo --csv "$out/budget.csv" \
    > "$out/budget" 2>&1
most=$(awk -F, 'NR > 1 && $3 == 8 && $5 > m { m = $5 } END { print m + 0 }' "$out/budget.csv")
echo "-T 0.2 at 8 B: $most calls"
[ "$most" -gt 1000 ] || { echo "FAIL: -T without -i: $most calls at 8 B, the default count's cap"; fail=1; }
"$src/tests/mpi/mpirun.sh" -np 2 "$bench" -m 8:8 -t clock -T 0.1 -i 50 -C swing-lo \
    --csv "$out/capped.csv" > "$out/capped" 2>&1
bad=$(awk -F, 'NR > 1 && ($5 < 5 || $5 > 50)' "$out/capped.csv")
{ [ -s "$out/capped.csv" ] && [ -z "$bad" ]; } || { echo "FAIL: -T -i 50 rows:"; cat "$out/capped.csv" "$out/capped" | tail -5; fail=1; }
# -t b2b (back to back, OSU's way) with -T: validated, served, the calls
# fitted to the budget, timing b2b in the CSV; MPI_Bcast from a rotating
# root too; not with -I (exit 2)
"$src/tests/mpi/mpirun.sh" -np 2 "$bench" -m 8:64K -t b2b -T 0.02 -C swing-lo,tuned \
    --csv "$out/b2b.csv" > "$out/b2b" 2>&1 || { echo "FAIL: -t b2b -T"; cat "$out/b2b"; fail=1; }
"$src/tests/mpi/mpirun.sh" -np 3 "$bench" -k bcast --root rotate -m 8:64K -t b2b -i 20 -C bine,tuned \
    --csv "$out/b2bb.csv" > "$out/b2bb" 2>&1 || { echo "FAIL: -t b2b bcast"; cat "$out/b2bb"; fail=1; }
bad=$(cat "$out/b2b.csv" "$out/b2bb.csv" | awk -F, '$1 != "np" && ($5 < 5 || $13 != "yes" || $20 != "b2b" || ($2 !~ /^tuned/ && $12 != "yes"))')
[ -z "$bad" ] || { echo "FAIL: -t b2b rows:"; echo "$bad" | head -3; fail=1; }
grep -q "timing b2b" "$out/b2b" || { echo "FAIL: -t b2b not reported"; fail=1; }
"$bench" -t b2b -I > "$out/b2bI" 2>&1
rc=$?
[ "$rc" = 2 ] || { echo "FAIL: -t b2b -I gave exit status $rc, not 2"; fail=1; }
"$bench" -t loop -T 1 > "$out/usage" 2>&1
rc=$?
[ "$rc" = 2 ] || { echo "FAIL: -T with -t loop gave exit status $rc, not 2"; fail=1; }

# --config-shift (run_bench.sh -R's rounds): every configuration still
# timed and validated at every size; a negative shift refused
"$src/tests/mpi/mpirun.sh" -np 2 "$bench" -m 8:1K -i 5 -w 1 --config-shift 2 -C swing-lo,swing-bo,tuned \
    --csv "$out/shift.csv" > "$out/shift" 2>&1 || { echo "FAIL: --config-shift 2"; cat "$out/shift"; fail=1; }
n=$(awk -F, 'NR > 1 && $13 == "yes"' "$out/shift.csv" | wc -l)
[ "$n" = 24 ] || { echo "FAIL: --config-shift 2: $n validated rows, not 24"; fail=1; }
"$bench" --config-shift -1 > "$out/usage" 2>&1
rc=$?
[ "$rc" = 2 ] || { echo "FAIL: --config-shift -1 gave exit status $rc, not 2"; fail=1; }

"$bench" -m 9:8 > "$out/usage" 2>&1
rc=$?
[ "$rc" = 2 ] || { echo "FAIL: a bad argument gave exit status $rc, not 2"; fail=1; }

for k in reduce_scatter_block reduce_scatter allgather; do
    for np in 3 4; do
        inplace=""
        [ "$np" = 4 ] && inplace=-I
        "$src/tests/mpi/mpirun.sh" -np "$np" --mca coll_tuned_use_dynamic_rules 1 "$bench" \
            -k "$k" -m 8:256K -i 4 -w 1 $inplace \
            -C swing-auto,swing-bo,rd-bo,swing-bo-mp,rd-bo-mp,ring,shm,tuned-all \
            --csv "$out/$k.csv" > "$out/$k" 2>&1
        rc=$?
        [ "$rc" = 0 ] || { echo "FAIL: -k $k np $np exit status $rc"; cat "$out/$k"; fail=1; }
        bad=$(awk -F, 'NR > 1 && ($13 != "yes" || ($2 ~ /^(swing|rd|shm|ring)/ && $12 != "yes"))' \
              "$out/$k.csv")
        [ -z "$bad" ] || { echo "FAIL: -k $k np $np rows:"; echo "$bad" | head -3; fail=1; }
        # each forced configuration served by its algorithm (the counters)
        bad=$(awk -F, 'BEGIN { a["swing-bo"] = "swing"; a["rd-bo"] = "rd"; a["ring"] = "ring"
                               a["swing-bo-mp"] = "swing_mp"; a["rd-bo-mp"] = "rd_mp" }
                       NR > 1 && ($2 in a) && $19 != a[$2]' "$out/$k.csv")
        [ -z "$bad" ] || { echo "FAIL: -k $k np $np served by another algorithm:"
                           echo "$bad" | head -3; fail=1; }
        rows=$(awk -F, -v k="$k" 'NR > 1 && $21 == k' "$out/$k.csv" | wc -l)
        [ "$rows" -ge 50 ] || { echo "FAIL: -k $k np $np: $rows rows"; fail=1; }
    done
done
"$src/tests/mpi/mpirun.sh" -np 2 "$bench" -k allgather -m 8:1024 -i 5 -C swing-bo \
    --inject-error > "$out/inject" 2>&1
rc=$?
[ "$rc" = 1 ] || { echo "FAIL: -k allgather: a wrong result gave exit status $rc, not 1"; fail=1; }

# columns: config (2), served (12), validated (13), swing_algorithm (19),
# collective (21), root (22)
for root in 1 rotate; do
    "$src/tests/mpi/mpirun.sh" -np 3 --mca coll_tuned_use_dynamic_rules 1 "$bench" -k bcast \
        --root "$root" -m 8:64K -i 3 -w 1 -c -C swing-all,tuned-all --csv "$out/bcast.csv" \
        > "$out/bcast" 2>&1
    rc=$?
    [ "$rc" = 0 ] || { echo "FAIL: -k bcast --root $root exit status $rc"; cat "$out/bcast"; fail=1; }
    bad=$(awk -F, -v root="$root" 'BEGIN { a["bine"] = "bine"; a["binomial"] = "binomial"
                                           a["bine-mp"] = "bine_mp"; a["binomial-mp"] = "binomial_mp"
                                           a["chain"] = "chain" }
        NR > 1 && ($13 != "yes" || $21 != "bcast" || $22 != root ||
                   ($2 ~ /^(swing|bine|binomial|chain)/ && $12 != "yes") ||
                   (($2 in a) && $19 != a[$2]))' "$out/bcast.csv")
    [ -z "$bad" ] || { echo "FAIL: -k bcast --root $root rows:"; echo "$bad" | head -3; fail=1; }
    # 6 swing, tuned and tuned-1..9 (Open MPI 4.1's bcast), 14 sizes
    n=$(awk -F, 'NR > 1 { print $2 }' "$out/bcast.csv" | sort -u | wc -l)
    rows=$(awk 'END { print NR - 1 }' "$out/bcast.csv")
    if [ "$n" -lt 16 ] || [ "$rows" -lt 200 ]; then
        echo "FAIL: -k bcast --root $root: $n configurations, $rows rows"; fail=1
    fi
done
grep -q "^# root: rotates" "$out/bcast" || { echo "FAIL: --root rotate not in the header"; fail=1; }
grep -q "segmentsize=65536" "$out/bcast" || { echo "FAIL: tuned's bcast segment size not in the header"; fail=1; }

SWING_BENCH="$bench" "$src/bench/run_bench.sh" -k bcast -q -n 2 -m 8:4096 -C swing-auto,bine,tuned \
    -o "$out/rooted" > "$out/rooted.out" 2>&1
rc=$?
[ "$rc" = 0 ] || { echo "FAIL: run_bench.sh -k bcast exit status $rc"; cat "$out/rooted.out"; fail=1; }
[ -s "$out/rooted/bcast.csv" ] || { echo "FAIL: run_bench.sh -k bcast: no bcast.csv"; fail=1; }
if command -v gnuplot >/dev/null 2>&1 && [ ! -s "$out/rooted/bcast.png" ]; then
    echo "FAIL: run_bench.sh -k bcast: no plot"; fail=1
fi
grep -q "swing-auto / best" "$out/rooted/bcast.txt" ||
    { echo "FAIL: run_bench.sh -k bcast: no auto / best tuned table"; fail=1; }

"$src/tests/mpi/mpirun.sh" -np 3 "$bench" -k bcast --root 2 -m 8:1024 -i 3 -C bine \
    --inject-error > "$out/inject" 2>&1
rc=$?
[ "$rc" = 1 ] || { echo "FAIL: -k bcast: a wrong result gave exit status $rc, not 1"; cat "$out/inject"; fail=1; }
grep -q "VALIDATION FAILED: config bine, MPI_Bcast, .*root 2" "$out/inject" ||
    { echo "FAIL: -k bcast: the wrong result was not reported"; cat "$out/inject"; fail=1; }

"$src/tests/mpi/mpirun.sh" -np 3 "$bench" -k reduce --root rotate -I -m 8:64K -i 3 -w 1 -c \
    -C swing-auto,bine-mp,chain,tuned --csv "$out/reduce.csv" > "$out/reduce" 2>&1
rc=$?
bad=$(awk -F, 'NR > 1 && ($13 != "yes" || ($2 != "tuned" && $12 != "yes"))' "$out/reduce.csv")
if [ "$rc" != 0 ] || [ -n "$bad" ]; then
    echo "FAIL: -k reduce in place, rotating root: exit status $rc"; echo "$bad" | head -3
    cat "$out/reduce"; fail=1
fi

for a in "-k scatter --root 3" "-k gather --root -1" "--root 0" "-k bcast -I"; do
    # shellcheck disable=SC2086
    "$src/tests/mpi/mpirun.sh" -np 3 "$bench" $a -m 8:8 > "$out/usage" 2>&1
    rc=$?
    [ "$rc" = 2 ] || { echo "FAIL: '$a' gave exit status $rc, not 2"; cat "$out/usage"; fail=1; }
done

[ "$fail" = 0 ] && echo "PASS: bench_tiny.sh"
exit $fail
