#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Golden-output tests of the swing-topo command (tools/swing-topo/).
#
# The expected outputs live in tests/golden/; their numbers were worked out
# by hand (below) and the key ones are also checked here from the CSV forms,
# so that a regenerated golden file cannot hide a wrong number.
#
# ring:8. Swing moves 1, 1, 3 (rho = 1, -1, 3), RD 1, 2, 4: every rank makes
#   5 Swing and 7 RD hops, 40 and 56 in all; per-step maxima 1,1,3 and 1,2,4.
#   Loads: Swing s2 (even +3, odd -3): 0->3 and 6->1 share the + link leaving
#   0: 2; RD s1: 2; RD s2: 0..3 -> 4..7 all cross the + link leaving 3: 4.
# torus:4x4. Steps (x,k0) (y,k0) (x,k1) (y,k1). Swing 1+1+1+1 = 4 per rank
#   (64 in all), RD 1+1+2+2 = 6 (96); loads Swing 1,1,1,1, RD 1,1,2,2.
#   explain rank 5 = (1,1), RD BO, 1600 bytes (16 blocks of 100): peers 4 (x-),
#   1 (y-), 7 (x+, 2 hops), 13 (y+, 2 hops); sends 800, 400, 200, 100 then
#   the same back: 3000 bytes, 12 hops.
# predict ring:8 with alpha 1us, tau 0.1us, beta 1e9 B/s, gamma 1e-9 s/B:
#   Swing LO = 3 alpha + 5 tau + (1+1+2) n/beta + 3 n gamma = 3.5us + 7ns*n:
#   10.668us at 1K. Swing BO = 7us + (0.5*3 + 0.25*3 + 0.125*5) ns*n = 7us +
#   2.875ns*n: 9.944us at 1K. Crossover 3.5us / 4.125ns = 848 bytes.
#   RD LO = 3.7us + 10ns*n (13.940 at 1K), BO = 7.4us + 3.875ns*n (11.368),
#   crossover 3.7us / 6.125ns = 604 bytes.
# Ports on ring:8 (same constants): Swing's 2 parts (part 1 mirrored) take
#   every link once in s0 and s1 (load 1); in s2 (+-3) 3 messages share a
#   link. swing-bo-mp = 2 (1.1 + 1.1 + 1.3) us + (0.75 * (2 * 0.5 + 1) +
#   0.125 * (2 * 1.5 + 1)) ns * n = 7us + 2ns * n: 9.048us at 1K;
#   swing-lo-mp = 3.5us + (1.5 + 1.5 + 2.5) ns * n = 9.132us. RD has 1 part
#   on a ring (rd-*-mp = rd-*). The ring: 14 steps of 1 hop, load 1:
#   15.4us + 7/8 (2 * 0.5 + 1) ns * n = 17.192us. One ring step: 16 hops.
# golden/ring4-on-6.topo: ranks 0..3 on tiles 0,1,3,4 of a ring of 6 (2 and 5
#   hidden). Swing s0: 1 hop each. s1 (rho -1): 0->3 is tile 0->4 going -
#   (through 5): 2; 1->2 is 1->3 going + (through 2): 2; likewise 2->1, 3->0:
#   3 hops per rank (ideal 2), 12 in all. RD s1: 0->2 (tile 0->3) and 1->3
#   (1->4) going +: 3 hops each, 4 per rank (ideal 3), 16 in all; they share
#   the + links leaving 1 and 2: load 2 (Swing s1: 1).
#
# The SVG drawings are checked by test_swing_topo_svg.sh (it needs xmllint).
#
# SWING_GOLDEN_UPDATE=1 rewrites the golden files (check them by hand!).
set -u

bin="${SWING_TOP_BUILDDIR:?run through make check}/tools/swing-topo/swing-topo"
golden="${SWING_TOP_SRCDIR:?}/tests/golden"
tmp="${TMPDIR:-/tmp}/swing-topo-test.$$"
fails=0
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

fail() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}

# golden NAME ARGS...: output of swing-topo ARGS equals golden/NAME
golden() {
    name=$1
    shift
    if ! "$bin" "$@" > "$tmp/$name" 2> "$tmp/$name.err"; then
        fail "swing-topo $* exited $?: $(cat "$tmp/$name.err")"
        return
    fi
    if [ "${SWING_GOLDEN_UPDATE:-0}" = 1 ]; then
        cp "$tmp/$name" "$golden/$name"
    fi
    if diff -u "$golden/$name" "$tmp/$name"; then
        echo "ok: $name"
    else
        fail "$name differs from the golden output"
    fi
}

# expect WANT ACTUAL WHAT
expect() {
    if [ "$1" = "$2" ]; then
        echo "ok: $3 = $1"
    else
        fail "$3: expected $1, got $2"
    fi
}

golden ring8_show.txt show ring:8 --list
golden ring8_hops.txt hops ring:8
golden ring8_hops.csv hops ring:8 --csv
golden ring8_congestion.txt congestion ring:8
golden ring8_explain.txt explain ring:8 --rank 0 --alg swing --kind bo --bytes 64
golden ring8_predict.txt predict ring:8 --sizes 1K:4K --alpha 1e-6 --tau 1e-7 --beta 1e9 --gamma 1e-9
golden torus4x4_show.txt show torus:4x4
golden torus4x4_hops.txt hops torus:4x4
golden torus4x4_congestion.csv congestion torus:4x4 --csv
golden torus4x4_explain.txt explain torus:4x4 --rank 5 --alg rd --kind bo --bytes 1600
golden ring4-on-6_show.txt show "@$golden/ring4-on-6.topo" --list
golden ring4-on-6_hops.csv hops "@$golden/ring4-on-6.topo" --csv
golden ring4-on-6_congestion.csv congestion "@$golden/ring4-on-6.topo" --csv

# The hand-worked numbers, read from the CSV forms.
expect "12 8 16 12" "$(awk -F, '$1 == "total" { print $3, $4, $5, $6 }' "$tmp/ring4-on-6_hops.csv")" "ring4-on-6 totals"
expect "1 1 1 2" "$(awk -F, '$1 == "swing" || $1 == "rd" { printf "%s%s", sep, $6; sep = " " }' "$tmp/ring4-on-6_congestion.csv")" "ring4-on-6 loads"

csv="$tmp/ring8_hops.csv"
expect "5 5 7 7" "$(awk -F, '$1 == "rank" && $2 == 3 { print $3, $4, $5, $6 }' "$csv")" "ring:8 rank 3 hops"
expect "40 40 56 56" "$(awk -F, '$1 == "total" { print $3, $4, $5, $6 }' "$csv")" "ring:8 totals"
expect "5 5 7 7" "$(awk -F, '$1 == "step_max_sum" { print $3, $4, $5, $6 }' "$csv")" "ring:8 step max sums"
"$bin" congestion ring:8 --csv > "$tmp/c8.csv"
expect "1 1 2 1 2 4" "$(awk -F, '$1 == "swing" || $1 == "rd" { printf "%s%s", sep, $6; sep = " " }' "$tmp/c8.csv")" "ring:8 loads"
expect "1 1 3 1 2 4 1" "$(awk -F, '$1 ~ /_mp$/ || $1 == "ring" { printf "%s%s", sep, $6; sep = " " }' "$tmp/c8.csv")" "ring:8 multiport and ring loads"
"$bin" hops torus:4x4 --csv > "$tmp/h44.csv"
expect "64 64 96 96" "$(awk -F, '$1 == "total" { print $3, $4, $5, $6 }' "$tmp/h44.csv")" "torus:4x4 totals"
expect "4 6" "$(awk -F, '$1 == "worst_total" { print $3, $5 }' "$tmp/h44.csv")" "torus:4x4 worst"
"$bin" hops torus:4x4 --csv --kind bo > "$tmp/h44bo.csv"
expect "128 192" "$(awk -F, '$1 == "total" { print $3, $5 }' "$tmp/h44bo.csv")" "torus:4x4 BO totals"
"$bin" predict ring:8 --sizes 1K:1K --alpha 1e-6 --tau 1e-7 --beta 1e9 --gamma 1e-9 --csv > "$tmp/p8.csv"
expect "1.066800e-05 9.944000e-06 1.394000e-05 1.136800e-05" \
    "$(awk -F, 'NR == 2 { print $2, $3, $4, $5 }' "$tmp/p8.csv")" "ring:8 predicted times at 1K"
expect "9.132000e-06 9.048000e-06 1.394000e-05 1.136800e-05 1.719200e-05" \
    "$(awk -F, 'NR == 2 { print $6, $7, $8, $9, $10 }' "$tmp/p8.csv")" "ring:8 multiport and ring at 1K"
# The halves (--half, same constants, n = 1K): Swing BO's reduce-scatter
# 3.5us + (0.5 * 2 + 0.25 * 2 + 0.125 * 3) ns * n = 5.42us, allgather 3.5us
# + (0.5 + 0.25 + 0.125 * 2) ns * n = 4.524us; swing-bo-mp (m = n/2 a
# part, c = 1, 1, 3) 3.5us + (0.75 * 1.5 + 0.125 * 2.5) ns * n = 4.972us and
# 3.5us + (0.75 * 0.5 + 0.125 * 1.5) ns * n = 4.076us; the ring 7 * 1.1us +
# 7/8 (0.5 + 1) ns * n = 9.044us and 7.7us + 7/8 * 0.5 ns * n = 8.148us.
# Each pair adds up to the allreduce above.
"$bin" predict ring:8 --sizes 1K:1K --alpha 1e-6 --tau 1e-7 --beta 1e9 --gamma 1e-9 --csv \
    --half rs > "$tmp/p8rs.csv"
"$bin" predict ring:8 --sizes 1K:1K --alpha 1e-6 --tau 1e-7 --beta 1e9 --gamma 1e-9 --csv \
    --half ag > "$tmp/p8ag.csv"
expect "5.420000e-06 4.972000e-06 9.044000e-06" \
    "$(awk -F, 'NR == 2 { print $3, $7, $10 }' "$tmp/p8rs.csv")" "ring:8 reduce-scatter halves at 1K"
expect "4.524000e-06 4.076000e-06 8.148000e-06" \
    "$(awk -F, 'NR == 2 { print $3, $7, $10 }' "$tmp/p8ag.csv")" "ring:8 allgather halves at 1K"
"$bin" predict ring:8 --half xx > /dev/null 2>&1
[ $? = 2 ] || fail "predict --half xx: exit status not 2"
expect "16 16" "$(sed -n 's/^one step, all parts: \([0-9]*\) physical hops (ideal \([0-9]*\)).*/\1 \2/p' "$tmp/ring8_hops.txt")" "ring:8 ring step hops"
# n150: the two staircases take every logical link once: per row 6 + 2 + 2
# hops (the DRAM column, the x wrap), per column 6 + 2 + 4 (the Ethernet
# row, the y wrap over y = 10, 11, 0): 176, both directions 352.
expect "352 256 4" "$("$bin" hops n150 --summary | sed -n 's/^one step, all parts: \([0-9]*\) physical hops (ideal \([0-9]*\)), longest \([0-9]*\).*/\1 \2 \3/p')" "n150 ring step hops"
# torus:4x2, 4 Swing parts: x runs out of y's company at s = 2, where parts
# 0 and 1 (and 2 and 3) send alike: rank 0's parts meet on its x- link
"$bin" explain torus:4x2 --rank 0 --kind bo --mp > "$tmp/e42.txt"
expect "4" "$(grep -c '^part [0-3] of 4' "$tmp/e42.txt")" "torus:4x2 explain --mp parts"
grep -q "^links two parts of this rank share in one step: step 2 at (0,0)(x-), step 3 at (0,0)(x-)$" \
    "$tmp/e42.txt" || fail "torus:4x2 explain --mp: shared links"
expect "848 604" "$("$bin" predict ring:8 --alpha 1e-6 --tau 1e-7 --beta 1e9 --gamma 1e-9 |
    sed -n 's/.*up to \([0-9]*\) bytes.*/\1/p' | tr '\n' ' ' | sed 's/ $//')" "ring:8 crossovers"
"$bin" explain torus:4x4 --rank 5 --alg rd --kind bo --bytes 1600 > "$tmp/e.txt"
expect "4 1 7 13 13 7 1 4" "$(awk '$1 ~ /^[0-9]+$/ { printf "%s%s", sep, $4; sep = " " }' "$tmp/e.txt")" "torus:4x4 rank 5 peers"
expect "12 3000" "$(sed -n 's/.*logical hops, \([0-9]*\) physical hops, \([0-9]*\) bytes/\1 \2/p' "$tmp/e.txt")" "torus:4x4 rank 5 totals"

# SVG: every drawing is made (its arrows are counted, with xmllint, by
# test_swing_topo_svg.sh).
for case in "ring:8 --step 2 --alg swing" "torus:4x4 --step 3 --alg rd" "n150 --step 100 --alg ring" \
    "torus:4x4 --coll bcast --step 0 --alg swing_mp" "n150 --coll reduce --step 0 --alg swing"; do
    rm -f "$tmp/s.svg"
    if "$bin" svg $case -o "$tmp/s.svg" && grep -q '<svg' "$tmp/s.svg"; then
        echo "ok: svg $case"
    else
        fail "svg $case: no drawing"
    fi
done

# Trees (--coll). ring:8, broadcast from 0: Bine far-first 0->3 (3 hops),
#   0->7, 3->4, then four 1-hop messages: 9 hops; near-first 0->1; 0->7,
#   1->2; 0->3, 1->6, 7->4, 2->5 (3 hops each): 15; binomial far-first
#   4 + 2*2 + 4*1 = 12, near-first 1 + 2*2 + 4*4 = 21. Root 5 (odd: the
#   tree of 0 reflected, x -> 5 - x): 5->2; 5->6, 2->1; 5->4, 2->3, 6->7,
#   1->0 (topology/tree/swt_tree_bin.c's example).
# predict, the constants above, n = 1K: Bine 3 (1 + 1.024) us + (3 + 1 + 1)
#   * 0.1 us = 6.572 us; binomial 6.072 + 0.7 = 6.772 us. The ring's two
#   chains (its two directions: no link shared) cost 1.1 us + 1024 / (2 S)
#   ns a step, 6 + S steps: S = 2 gives 10.848 us (S = 1: 11.284, S = 3:
#   11.436). linear, one chain 0 1 ... 7: 1.1 us + 1024 / S ns a step, S = 2:
#   8 (1.1 + 0.512) = 12.896 us (S = 3: 12.972).
golden ring8_tree_show.txt show ring:8 --coll bcast --root 5 --list
golden ring8_tree_hops.csv hops ring:8 --coll bcast --csv
golden ring8_tree_explain.txt explain ring:8 --rank 2 --coll scatter --root 0 --bytes 64
golden ring6_tree_explain.txt explain ring:6 --rank 3 --coll reduce --root 3 --bytes 64
golden torus4x4_tree_congestion.csv congestion torus:4x4 --coll gather --root 5 --csv
expect "9 15 12 21" "$(awk -F, '($1 == "swing" || $1 == "rd") { printf "%s%s", sep, $6; sep = " " }' "$tmp/ring8_tree_hops.csv")" "ring:8 bcast hops, both orders"
expect "5:0 5:1 2:1 5:2 2:2 6:2 1:2" \
    "$(awk '$1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ { r[$1] = $2 ":" $3 } END { print r[2], r[6], r[1], r[4], r[3], r[7], r[0] }' "$tmp/ring8_tree_show.txt")" \
    "ring:8 bcast from 5: parents and steps"
"$bin" predict ring:8 --coll bcast --sizes 1K:1K --alpha 1e-6 --tau 1e-7 --beta 1e9 --gamma 1e-9 --csv > "$tmp/pt8.csv"
expect "6.572000e-06 6.772000e-06 1.084800e-05 1.289600e-05 2" \
    "$(awk -F, 'NR == 2 { print $2, $3, $6, $7, $9 }' "$tmp/pt8.csv")" "ring:8 bcast predicted at 1K"
for args in "hops ring:8 --root 3" "show ring:8 --alg rd" "hops ring:8 --coll allreduce" \
    "show ring:8 --coll bcast --root 8" "predict ring:8 --coll bcast --half rs" \
    "explain ring:8 --coll bcast --order middle" "svg ring:8 --coll bcast --step 3 -o $tmp/x.svg" \
    "congestion ring:8 --coll bcast --alg chain"; do
    "$bin" $args > /dev/null 2>&1
    expect 2 $? "exit status of 'swing-topo $args'"
done
"$bin" explain ring:8 --coll gather --alg ring > /dev/null 2>&1
expect 1 $? "exit status of a chain's gather"

# --help everywhere, usage errors exit 2, load errors exit 1.
for cmd in show explain hops congestion predict svg presets describe; do
    "$bin" "$cmd" --help | grep -q "^Usage: swing-topo $cmd" || fail "$cmd --help"
done
# routes: ring:4 by hand (Swing s1 0->3 goes - over the wrap link; RD 0->2
# goes + through 1, 2->0 - through 1); on every preset and golden/ring4-on-6,
# each route's tiles are linked one to the next, its hop count is its length,
# and its hops equal the ones 'hops' counts for the messages of the schedules.
"$bin" routes ring:4 > "$tmp/r4"
grep -q "^route 0 3 1 0 3$" "$tmp/r4" || fail "routes ring:4: 0->3"
grep -q "^route 0 2 2 0 1 2$" "$tmp/r4" || fail "routes ring:4: 0->2"
grep -q "^route 2 0 2 2 1 0$" "$tmp/r4" || fail "routes ring:4: 2->0"
[ "$(grep -c '^link' "$tmp/r4")" = 4 ] || fail "routes ring:4: 4 links"
for t in n150 torus:4x4 torus:2x4 ring:5 "@$golden/ring4-on-6.topo"; do
    "$bin" routes "$t" > "$tmp/rt" || fail "routes $t: exit status"
    awk '$1 == "link" { l[$2 " " $3] = 1; l[$3 " " $2] = 1 }
         $1 == "route" { if (NF != $4 + 5) { print "length: " $0; bad = 1 }
                         for (i = 5; i < NF; i++) if (!l[$i " " $(i + 1)]) { print "no link: " $0; bad = 1 } }
         END { exit bad }' "$tmp/rt" || fail "routes $t: a route is not a walk over links"
done
"$bin" routes "@$golden/ring4-on-6.topo" > "$tmp/rt"
# Swing's s1 messages 0->3, 1->2, 2->1, 3->0 take 2 hops; RD's 0->2, 1->3 take 3
for want in "0 3 2" "1 2 2" "2 1 2" "3 0 2" "0 2 3" "1 3 3"; do
    grep -q "^route $want " "$tmp/rt" || fail "routes ring4-on-6: $want"
done

# describe: the description with new cost constants; it loads back to the
# same machine (show and hops unchanged), the constants given replace the
# old ones, the others stay, and predict follows them (ring:8 at 1K above).
"$bin" describe "@$golden/ring4-on-6.topo" --beta 1e9 --name ring4-cal > "$tmp/d.topo" \
    || fail "describe ring4-on-6: exit status"
grep -q "^name ring4-cal$" "$tmp/d.topo" || fail "describe: --name"
expect "alpha=1e-06 tau=1e-07 beta=1e+09 gamma=1e-10" \
    "$(sed -n 's/^cost //p' "$tmp/d.topo")" "describe ring4-on-6 --beta 1e9: cost"
"$bin" hops "@$tmp/d.topo" --csv > "$tmp/dh.csv" || fail "describe output does not load"
diff "$tmp/ring4-on-6_hops.csv" "$tmp/dh.csv" > /dev/null || fail "describe: hops differ after the round trip"
"$bin" describe n150:harvest=3 > "$tmp/n.topo" && "$bin" describe "@$tmp/n.topo" > "$tmp/n2.topo" \
    && diff "$tmp/n.topo" "$tmp/n2.topo" > /dev/null || fail "describe n150:harvest=3: not a fixed point"
"$bin" describe ring:8 --alpha 1e-6 --tau 1e-7 --beta 1e9 --gamma 1e-9 > "$tmp/r8.topo"
"$bin" predict "@$tmp/r8.topo" --sizes 1K:1K --csv > "$tmp/p8d.csv"
diff "$tmp/p8.csv" "$tmp/p8d.csv" > /dev/null || fail "predict on a described ring:8 differs from predict with options"

# net-model.sh: measurements equal to the model agree everywhere; a
# measurement 40% over it from 64 KiB up fails that check for each point,
# and an auto 20% slower than the best swing algorithm is caught.
"$bin" predict "@$tmp/r8.topo" --sizes 8:1M --csv | awk -F, 'NR > 1 {
        split("swing-lo swing-bo rd-lo rd-bo", a, " "); best = 2
        for (i = 2; i <= 5; i++) if ($i < $best) best = i
        for (i = 2; i <= 5; i++) printf "8,%s,%d,0,1,%.3f\n", a[i - 1], $1, $i * 1e6
        printf "8,swing-auto,%d,0,1,%.3f,,,,,,,,,,,,,swing_x\n", $1, $best * 1e6 * ($1 == 4096 ? 1.2 : 1) }' \
    | sed '1i np,config,bytes,count,iters,median_us' > "$tmp/m.csv"
SWING_TOPO=$bin sh "$SWING_TOP_SRCDIR/bench/net-model.sh" "$tmp/m.csv" "@$tmp/r8.topo" > "$tmp/m.txt" \
    || fail "net-model.sh: exit status"
grep -q "^within 25% of the model from 64 KiB up: 20 of 20 points" "$tmp/m.txt" || fail "net-model.sh: exact data not within 25%"
grep -q "^same winner where .*: \([0-9]*\) of \1 sizes$" "$tmp/m.txt" || fail "net-model.sh: exact data, other winner"
grep -q "^swing-auto within 10% .*: 17 of 18 sizes, not at 4096 " "$tmp/m.txt" || fail "net-model.sh: slow auto at 4 KiB not found"
awk -F, 'NR > 1 && $3 >= 65536 && $2 != "swing-auto" { $6 *= 1.4 } { print }' OFS=, "$tmp/m.csv" > "$tmp/m2.csv"
SWING_TOPO=$bin sh "$SWING_TOP_SRCDIR/bench/net-model.sh" "$tmp/m2.csv" "@$tmp/r8.topo" > "$tmp/m2.txt"
grep -q "^within 25% of the model from 64 KiB up: 0 of 20 points" "$tmp/m2.txt" || fail "net-model.sh: 40% over the model passed"

# explain --choice: a row overrides the model exactly in its range (100 to
# 200 B), the model decides on both sides; a bad row is named on stderr and
# left out; the forced algorithm and coll_swing_lo_max_bytes are sources.
printf 'name r8\nlogical 8\ndecide allreduce 100-200 rd_bo\ndecide allreduce 150-300 ring\n' > "$tmp/rows.topo"
"$bin" explain "@$tmp/rows.topo" --choice > "$tmp/choice" 2> "$tmp/choice.err" || fail "explain --choice: exit status"
grep -q "^ auto: 0 B .. 99 B -> swing_lo_mp (cost model)$" "$tmp/choice" \
    && grep -q "^ auto: 100 B .. 200 B -> rd_bo (measured table $tmp/rows.topo:3)$" "$tmp/choice" \
    && grep -q "^ auto: 201 B .. 8192 B -> swing_lo_mp (cost model)$" "$tmp/choice" \
    || { cat "$tmp/choice"; fail "explain --choice: the row's range is not exact"; }
grep -q "rows.topo:4:18: decide row ignored: allreduce 150-300 overlaps 100-200 at line 3" "$tmp/choice.err" \
    || fail "explain --choice: the overlapping row is not named"
"$bin" explain "@$tmp/rows.topo" --choice --force ring | grep -q ": every size -> ring (forced: coll_swing_allreduce_algorithm)" \
    || fail "explain --choice --force"
"$bin" explain "@$tmp/rows.topo" --choice --lo-max-bytes 0 | grep -q "^ auto: 0 B .. 99 B -> .*_bo.* (cost model, LO up to 0 B: coll_swing_lo_max_bytes)$" \
    || fail "explain --choice --lo-max-bytes"
# the core bound: on 16 ranks sharing 2 cores multiport's 8 messages a step
# cost more than single-port's 2, so small sizes go single-port
"$bin" explain torus:4x4 --choice --overhead 2e-5 --cores 2 --alpha 2e-4 --beta 6e6 | grep -q "^ auto: 0 B .. 2048 B -> swing_lo (cost model)$" \
    || fail "explain --choice with cores: small sizes not single-port"
"$bin" explain torus:4x4 --choice --alpha 2e-4 --beta 6e6 | grep -q "^ auto: 0 B .. .* -> swing_lo_mp (cost model)$" \
    || fail "explain --choice without cores: small sizes not multiport"
# Networks of groups (numbers by hand in unit/test_fabric.c): dragonfly:4,4
# with ranks in blocks. Global links crossed per phase, Swing 0 8 8 16 and
# RD 0 0 16 16; an allreduce of 1 MiB (n) puts 8n on them with Swing BO,
# 6n with RD BO (Swing a third more on this aligned placement), 32n with
# either LO; a fat tree 4,4,2 crosses an uplink and a downlink for each:
# twice as many bytes. Rank 3's Swing BO messages: partners 2 (its group:
# 2 local links x n/2), 4 (2 local + 1 global x n/4), 0 (2 local x n/8),
# 8 (2 local + 1 global x n/16), twice: 3932160 local, 655360 global.
"$bin" congestion dragonfly --csv > "$tmp/df.csv"
expect "0 8 8 16 0 0 16 16" "$(awk -F, '$1 == "swing" || $1 == "rd" { printf "%s%s", sep, $9; sep = " " }' "$tmp/df.csv")" \
    "dragonfly global links per phase"
"$bin" predict dragonfly --sizes 1M:1M > "$tmp/dfp.txt"
grep -q "^global links: swing-bo 8388608 bytes, rd-bo 6291456 (swing-bo 33.3% more)$" "$tmp/dfp.txt" \
    || fail "dragonfly: Swing BO against RD BO on the global links"
grep -q "^global links: swing-lo 33554432 bytes, rd-lo 33554432 (the same)$" "$tmp/dfp.txt" \
    || fail "dragonfly: Swing LO against RD LO on the global links"
"$bin" predict fattree --sizes 1M:1M | grep -q "^up links: swing-bo 16777216 bytes, rd-bo 12582912" \
    || fail "fattree: Swing BO against RD BO on the up links"
"$bin" congestion dragonfly --bytes 1M --csv > "$tmp/dfb.csv"
expect "swing-bo,total,,,,62914560,8388608,2097152," "$(grep '^swing-bo,total' "$tmp/dfb.csv")" "dragonfly Swing BO bytes"
expect "9" "$(grep -c '^[a-z-]*,total,' "$tmp/dfb.csv")" "dragonfly bytes: one total per algorithm"
"$bin" explain dragonfly --rank 3 --kind bo --bytes 1M > "$tmp/dfe.txt"
grep -q "^bytes on links: 3932160 local, 655360 global$" "$tmp/dfe.txt" || fail "dragonfly explain rank 3"
# dragonfly:2,2: node 0 to node 2: up (link 0), r0 -> r1 (cable 4, link 8),
# down to node 2 (cable 2, link 5)
"$bin" routes dragonfly:2,2 > "$tmp/dfr.txt"
grep -q "^route 0 2 3 0 8 5$" "$tmp/dfr.txt" || fail "dragonfly:2,2 route 0 -> 2"
expect 12 "$(grep -c '^route ' "$tmp/dfr.txt")" "dragonfly:2,2 routes"
grep -q "^cable 4 4 5 global 1$" "$tmp/dfr.txt" || fail "dragonfly:2,2 global cable"
"$bin" show fattree:2,2,1:slots=2:place=roundrobin | grep -q "^leaf 1:  n2\[2,6\]  n3\[3,7\]$" \
    || fail "fattree round robin: ranks per node"
"$bin" congestion torus:4x4 --bytes 1M > /dev/null 2>&1
expect 2 $? "exit status of 'swing-topo congestion torus:4x4 --bytes 1M' (not a network of groups)"
# A broadcast's bytes per class of link (by hand in unit/test_fabric.c):
# every tree's 15 messages 30n on local links; binomial far first 3n on
# global links, near first 12n; the busiest link named by its ends (the
# root's own), the first step (0 -> 8) 2n on local links and n on global.
"$bin" hops dragonfly --coll bcast --csv > "$tmp/dft.csv"
expect "form,order,parts,steps,msgs,hops,link_bytes,local_bytes,global_bytes,busiest" \
    "$(head -n 1 "$tmp/dft.csv")" "dragonfly tree hops: columns"
expect "30.000000,3.000000 30.000000,12.000000" \
    "$(awk -F, '$1 == "rd" { printf "%s%s,%s", sep, $8, $9; sep = " " }' "$tmp/dft.csv")" \
    "dragonfly bcast: binomial's bytes on local and global links"
"$bin" congestion dragonfly --coll bcast --alg rd --order far > "$tmp/dftc.txt"
grep -q "^rd  *far-first  *0 core s=3  *1  *3  *1.0000  n0->r0(local)  *2.0000  *1.0000$" "$tmp/dftc.txt" \
    || fail "dragonfly bcast congestion: the root's link by its ends, and the first step's bytes per class"
# hier priced on a dragonfly of two ranks per node: with the emulated
# network's overheads and cores it takes the small sizes; with the default
# constants (a core per rank, no overhead) it does not
"$bin" explain dragonfly:4,4,1,0.25:slots=2 --choice --alpha 6.686e-6 --tau 2.675e-7 \
    --beta 6.137e6 --gamma 1.946e-11 --overhead 1.293e-5 --cores 3.24 > "$tmp/dfh.txt"
grep -q "^ auto: 0 B .. [0-9]* B -> hier (cost model, hier priced on the description's network of nodes)$" \
    "$tmp/dfh.txt" || fail "explain --choice: hier not priced on a dragonfly of two ranks per node"
"$bin" explain dragonfly:4,4,1,0.25:slots=2 --choice | grep -q "^ auto: 0 B .. [0-9]* B -> hier" \
    && fail "explain --choice: hier cheapest at small sizes with the default constants"

"$bin" --help | grep -q "^Usage: swing-topo" || fail "--help"
for args in "" "nosuchcommand" "hops" "hops ring:8 extra" "hops ring:8 --kind xx" \
    "explain ring:8 --rank 8" "explain ring:8 --alg ring --kind lo" "explain ring:8 --alg rings" \
    "svg ring:8 --step 14 --alg ring -o $tmp/x.svg" "congestion ring:8 --alg swing_lo" "predict ring:8 --sizes 9:3" \
    "predict ring:8 --beta -1" "svg ring:8" "svg ring:8 --step 3 -o $tmp/x.svg" \
    "congestion ring:8 --bogus" "routes" "routes ring:4 --bogus" "describe" \
    "describe ring:8 --beta 0" "describe ring:8 --tau -1" "describe ring:8 --name a/b" \
    "describe ring:8 --cores -2" "predict ring:8 --overhead x" "explain ring:8 --choice --coll bcast" \
    "explain ring:8 --choice --ranks 0"; do
    "$bin" $args > /dev/null 2>&1
    expect 2 $? "exit status of 'swing-topo $args'"
done
for args in "hops nosuchpreset" "show torus:0x4" "predict @/nonexistent/file"; do
    "$bin" $args > /dev/null 2> "$tmp/err"
    expect 1 $? "exit status of 'swing-topo $args'"
    grep -q "cannot load topology" "$tmp/err" || fail "no message for '$args'"
done

if [ "$fails" -gt 0 ]; then
    echo "$fails check(s) failed"
    exit 1
fi
exit 0
