#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench/osu-compare.sh on a made-up OSU benchmark and mpirun: each round
# runs stock (--mca coll ^swing) and swing, alternating which goes first;
# per size the median over rounds of each, their ratio, the rounds'
# lowest and highest ratio, "slower" past 1.10, the worst size; every
# round in BENCH.npN.csv; the report (with the load) in summary.txt.
. "${SWING_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/unit/script_test.sh"

mkdir -p "$tmp/osu"
# the benchmark: latency 1.00 at 8 B, 10.00 at 64 KiB; swing's 8 B takes
# 0.50, 0.60, 0.70 in rounds 1-3 (median 0.60) and its 64 KiB 12.00
cat > "$tmp/osu/osu_fake" <<'EOF2'
#!/bin/sh
n=$(cat "$OSU_FAKE_COUNT" 2>/dev/null || echo 0)
echo $((n + 1)) > "$OSU_FAKE_COUNT"
echo "# OSU MPI Fake Latency Test"
echo "# Size       Avg Latency(us)"
if [ "$OSU_FAKE_WHICH" = stock ]; then
    echo "8 1.00"; echo "65536 10.00"
else
    echo "8 0.$((5 + n / 2))0"; echo "65536 12.00"
fi
EOF2
# mpirun: records the order, runs the program with the side it was given
cat > "$tmp/mpirun" <<'EOF2'
#!/bin/sh
which=swing
prog=
for a in "$@"; do
    case "$a" in
    ^swing) which=stock ;;
    */osu_*) prog=$a ;;
    esac
done
echo "$which" >> "$OSU_FAKE_ORDER"
OSU_FAKE_WHICH=$which exec "$prog"
EOF2
chmod +x "$tmp/osu/osu_fake" "$tmp/mpirun"
export OSU_FAKE_COUNT="$tmp/count" OSU_FAKE_ORDER="$tmp/order"
MPIRUN="$tmp/mpirun" sh "$top/bench/osu-compare.sh" -r 3 -n 2 -o "$tmp/out" "$tmp/osu" osu_fake > "$tmp/report" 2>&1 \
    || { cat "$tmp/report"; bad "osu-compare.sh failed"; }

[ "$(tr '\n' ' ' < "$tmp/order")" = "stock swing swing stock stock swing " ] \
    && ok "rounds alternate which goes first" || bad "order: $(tr '\n' ' ' < "$tmp/order")"
grep -Eq '^ +8 +1\.00 +0\.60 +0\.60 +0\.50-0\.70 *$' "$tmp/report" \
    && ok "8 B: the medians over rounds, their ratio and the rounds' range" || bad "8 B line: $(grep '^ *8 ' "$tmp/report")"
grep -Eq '^ +65536 +10\.00 +12\.00 +1\.20 +1\.20-1\.20 +slower$' "$tmp/report" \
    && ok "64 KiB: 1.20, flagged slower" || bad "64 KiB line: $(grep '^ *65536 ' "$tmp/report")"
grep -q '^worst: 1.20x at 65536 B$' "$tmp/report" && ok "the worst size" || bad "no worst line"
[ "$(wc -l < "$tmp/out/osu_fake.np2.csv")" = 7 ] && grep -q '^osu_fake,2,8,2,1.00,0.60$' "$tmp/out/osu_fake.np2.csv" \
    && ok "every round in the CSV" || bad "CSV: $(cat "$tmp/out/osu_fake.np2.csv")"
grep -q '^# load at start: ' "$tmp/out/summary.txt" && cmp -s "$tmp/report" "$tmp/out/summary.txt" \
    && ok "summary.txt is the report, with the load" || bad "summary.txt"

[ $fail = 0 ] && echo "PASS: test_osu_compare.sh" || echo "FAIL: test_osu_compare.sh"
exit $fail
