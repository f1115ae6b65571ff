#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench/run_bench.sh -R on a made-up mpirun and swing_bench: the rounds
# interleaved (np 2, np 4, np 2, ...), round k starting each size at the
# next configuration (--config-shift k-1, from round 2); NAME.csv the
# median over rounds (least minimum, greatest maximum, validated and
# served no when a round was not);
# NAME-rounds.csv every round's rows; the report's column of each round's
# auto / tuned's best; the memory copy bandwidth the median of 7 samples at
# each end (one sample far off flags nothing); -R 0 refused; -q one round.
. "${SWING_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/unit/script_test.sh"

# swing_bench: at np 2 swing-auto takes 10, 30 and 12 us in rounds 1-3
# (neither served nor validated in round 2), tuned 20 and tuned-1 25; at np 4 auto 40,
# tuned 20. --memcpy answers the next of 14 samples (then 10 GB/s): the
# medians of the first 7 and the last 7 are both 10, single samples 4-30.
cat > "$tmp/bench" <<'EOF2'
#!/bin/sh
csv= shift_=none
while [ $# -gt 0 ]; do
    case "$1" in
    --memcpy) n=$(($(cat "$FAKE_CALLS.mem" 2>/dev/null || echo 0) + 1)); echo "$n" > "$FAKE_CALLS.mem"
              v=$(echo 10 4 16 10 11 9 10 10 30 2 10 12 8 10 | cut -d' ' -f"$n")
              echo "memcpy_GBps ${v:-10} 20.0"; exit 0 ;;
    --csv) csv=$2; shift ;;
    --config-shift) shift_=$2; shift ;;
    esac
    shift
done
echo "$FAKE_NP $shift_" >> "$FAKE_CALLS"
r=$(grep -c "^$FAKE_NP " "$FAKE_CALLS")
auto=40 ok=yes
if [ "$FAKE_NP" = 2 ]; then
    case "$r" in 1) auto=10 ;; 2) auto=30; ok=no ;; *) auto=12 ;; esac
fi
row() { echo "$FAKE_NP,$1,$2,2,100,$3,$(($3 - 1)),$(($3 + $r)),$3,1.000000,1.000000,$4,$4,10,float,sum,no,no,$5,swing,allreduce,-"; }
{ echo "np,config,bytes,count,iters,median_us,min_us,max_us,p95_us,algbw_GBps,busbw_GBps,served,validated,warmup,datatype,op,in_place,oversubscribed,swing_algorithm,timing,collective,root"
  for b in 8 16; do
      row swing-auto "$b" "$auto" "$ok" swing_bo
      row tuned "$b" 20 yes -
      row tuned-1 "$b" 25 yes -
  done; } > "$csv"
echo "# a table of np $FAKE_NP"
EOF2
cat > "$tmp/mpirun" <<'EOF2'
#!/bin/sh
while [ $# -gt 0 ]; do
    case "$1" in
    -np) FAKE_NP=$2; export FAKE_NP; shift 2 ;;
    --mca) shift 3 ;;
    --bind-to) shift 2 ;;
    -*) shift ;;
    *) exec "$@" ;;
    esac
done
EOF2
chmod +x "$tmp/bench" "$tmp/mpirun"
export FAKE_CALLS="$tmp/calls"
run() { MPIRUN="$tmp/mpirun" SWING_BENCH="$tmp/bench" sh "$top/bench/run_bench.sh" "$@"; }

run -n "2 4" -m 8:16 -R 3 -o "$tmp/out" > "$tmp/report" 2>&1 || { cat "$tmp/report"; bad "run_bench.sh -R 3 failed"; }
[ "$(tr '\n' ' ' < "$tmp/calls")" = "2 none 4 none 2 1 4 1 2 2 4 2 " ] \
    && ok "rounds interleaved, each at the next configuration" || bad "calls (np shift): $(tr '\n' ' ' < "$tmp/calls")"
grep -q '^2,swing-auto,8,2,100,12.000,9.000,32.000,12,1.000000,1.000000,no,no,' "$tmp/out/allreduce.csv" \
    && ok "np 2 auto: median 12 over rounds, least min 9, greatest max 32, not served, not validated" \
    || bad "np 2 auto row: $(grep '^2,swing-auto,8,' "$tmp/out/allreduce.csv")"
grep -q '^4,tuned,16,2,100,20.000,19.000,23.000,' "$tmp/out/allreduce.csv" && [ "$(wc -l < "$tmp/out/allreduce.csv")" = 13 ] \
    && ok "np 4 tuned: median 20, 12 rows" || bad "allreduce.csv: $(cat "$tmp/out/allreduce.csv")"
head -1 "$tmp/out/allreduce-rounds.csv" | grep -q '^round,run,np,config,' && [ "$(wc -l < "$tmp/out/allreduce-rounds.csv")" = 37 ] \
    && grep -q '^2,1,2,swing-auto,8,2,100,30,' "$tmp/out/allreduce-rounds.csv" \
    && grep -q '^3,2,4,swing-auto,16,2,100,40,' "$tmp/out/allreduce-rounds.csv" \
    && ok "allreduce-rounds.csv: every round's rows with round and run" || bad "rounds csv: $(head -3 "$tmp/out/allreduce-rounds.csv")"
grep -Eq '^ +8 +12\.00 +swing_bo .* 0\.50 1\.50 0\.60$' "$tmp/out/allreduce.txt" \
    && grep -Eq '^ +16 +40\.00 .* 2\.00 2\.00 2\.00$' "$tmp/out/allreduce.txt" \
    && grep -q '^# median over 3 rounds' "$tmp/out/allreduce.txt" \
    && ok "the report: medians over rounds, each round's ratio" || bad "report: $(grep -A4 '^## swing-auto against' "$tmp/out/allreduce.txt")"
grep -q '^## np=4, round 2 of 3$' "$tmp/out/allreduce.txt" && ok "each round's tables headed" || bad "round headers"
grep -q '^memcpy bandwidth of one rank, median of 7 (range): 10 (4-16) GB/s at the start, 10 (2-30) GB/s at the end$' "$tmp/out/allreduce.txt" \
    && ! grep -q 'not steady' "$tmp/out/allreduce.txt" \
    && ok "memcpy: the median of 7 at each end with its range; not flagged" || bad "memcpy: $(grep -i 'memcpy\|steady' "$tmp/out/allreduce.txt")"

run -n 2 -R 0 -o "$tmp/out0" > "$tmp/r0" 2>&1
rc=$?
[ "$rc" = 2 ] && grep -q -- '-R wants a positive number of rounds' "$tmp/r0" \
    && ok "-R 0 refused (exit 2)" || bad "-R 0: exit $rc, $(cat "$tmp/r0")"
: > "$tmp/calls"
run -q -n 2 -o "$tmp/outq" > "$tmp/rq" 2>&1
[ "$(cat "$tmp/calls")" = "2 none" ] && [ ! -e "$tmp/outq/allreduce-rounds.csv" ] \
    && ok "-q: one round, no shift" || bad "-q calls: $(cat "$tmp/calls")"

[ "$fail" = 0 ] && echo "PASS: test_run_bench_rounds.sh" || echo "FAIL: test_run_bench_rounds.sh"
exit "$fail"
