#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The figures of README.md and docs/PERFORMANCE.md are what docs/results
# gives (scripts/perf-tables.sh --check), and the script keeps its rules
# on made-up data: a run flagged not steady is refused, the newest steady
# run is the source, in one run directory a run timed by the clock comes
# first, two runs of one collective and shape in one run directory timed
# alike are an error; the losses table lists each size over 1.10.
set -u
top=${SWING_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
script=$top/scripts/perf-tables.sh
if [ ! -f "$script" ] || [ ! -f "$top/docs/PERFORMANCE.md" ] || [ ! -d "$top/docs/results" ]; then
    echo "SKIP: no scripts/perf-tables.sh, docs/PERFORMANCE.md or docs/results here"
    exit 77
fi
pass=0
fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }

if sh "$script" --check --top "$top"; then
    ok "README.md and docs/PERFORMANCE.md match docs/results"
else
    bad "README.md or docs/PERFORMANCE.md differ from what docs/results gives (run scripts/perf-tables.sh)"
fi

tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM

# made-up runs: one collective on one node, two ranks, two sizes (auto
# running shm; the forced shm at 8 B only)
run() {   # DIR AUTO TUNED STEADY [clock [ROUNDS]]
    mkdir -p "$tmp/results/$1"
    {
        echo "np,config,bytes,count,iters,median_us,min_us,max_us,p95_us,algbw_GBps,busbw_GBps,served,validated,warmup,datatype,op,in_place,oversubscribed,swing_algorithm,timing,collective,root"
        for b in 8 65536; do
            echo "2,swing-auto,$b,2,10,$2,1,1,1,0,0,yes,yes,3,float,sum,no,no,shm,clock,allreduce,-"
            [ $b = 8 ] && echo "2,shm,$b,2,10,$(($2 * 2)),1,1,1,0,0,yes,yes,3,float,sum,no,no,shm,clock,allreduce,-"
            echo "2,tuned,$b,2,10,$3,1,1,1,0,0,yes,yes,3,float,sum,no,no,-,clock,allreduce,-"
            echo "2,tuned-1,$b,2,10,$(($3 * 2)),1,1,1,0,0,yes,yes,3,float,sum,no,no,-,clock,allreduce,-"
        done
    } > "$tmp/results/$1/allreduce.csv"
    {
        if [ "${6:-1}" -gt 1 ]; then echo "## np=2, round 1 of $6"; else echo "## np=2"; fi
        echo "# np=2 on 1 node, up to 2 ranks on a node with 2 online cores"
        [ "${6:-1}" -gt 1 ] && echo "# median over $6 rounds of each median us; ratio > 1: auto slower"
        [ "${5:-}" = clock ] && echo "# iterations: 10 (+3 warm-up) at 8 B; -T 0.3 s: as many as fit in that; timing clock: every rank starts each call at one instant"
        echo "## the machine during the run"
        echo "load average (1, 5, 15 min) at the start: 0.10 0.20 0.30; at the end: 1 1 1 (2 cores)"
        [ "$4" = steady ] || echo "WARNING: the machine was not steady: the memory copy bandwidth changed by 50% during the run; the figures rank nothing"
    } > "$tmp/results/$1/allreduce.txt"
}
mkdir -p "$tmp/top/docs" "$tmp/top/scripts"
printf 'x\n<!-- perf:begin headline -->\nstale\n<!-- perf:end -->\ny\n' > "$tmp/top/README.md"
printf '<!-- perf:begin summary -->\n<!-- perf:end -->\n<!-- perf:begin losses -->\n<!-- perf:end -->\n<!-- perf:begin sources -->\n<!-- perf:end -->\n' > "$tmp/top/docs/PERFORMANCE.md"

run 2026-01-01/node 50 100 steady
gzip -9n "$tmp/results/2026-01-01/node/allreduce.csv"
run 2026-01-02/node 400 100 notsteady
if sh "$script" --check --top "$tmp/top" --results "$tmp/results" > "$tmp/out" 2>&1; then
    bad "--check passes on a stale table"
else
    ok "--check fails on a stale table"
fi
sh "$script" --top "$tmp/top" --results "$tmp/results" > "$tmp/out" 2>&1
if grep -q 'refused 2026-01-02/node/allreduce.csv' "$tmp/out" && grep -q '| allreduce | one node, 2 ranks | 8 B-64 KiB | 0.50-0.50 | 0.50-0.50 | 2 of 2 sizes | 0 | 1 |' "$tmp/top/README.md"; then
    ok "a run flagged not steady is refused; the older steady one (csv.gz) is the source"
else
    bad "not steady run refused, gzipped source read"; cat "$tmp/out" "$tmp/top/README.md"
fi
if grep -q '^x$' "$tmp/top/README.md" && grep -q '^y$' "$tmp/top/README.md" && ! grep -q stale "$tmp/top/README.md"; then
    ok "only the text between the markers is replaced"
else
    bad "text around the markers kept"
fi
if sh "$script" --check --top "$tmp/top" --results "$tmp/results" > "$tmp/out" 2>&1; then
    ok "--check passes once written"
else
    bad "--check after writing"; cat "$tmp/out"
fi
run 2026-01-03/node 80 100 steady
sh "$script" --top "$tmp/top" --results "$tmp/results" > "$tmp/out" 2>&1
if grep -q '| 0.80-0.80 |' "$tmp/top/README.md"; then
    ok "the newest steady run is the source"
else
    bad "newest steady run chosen"; cat "$tmp/top/README.md"
fi
run 2026-01-03/node-again 90 100 steady
if sh "$script" --top "$tmp/top" --results "$tmp/results" > "$tmp/out" 2>&1; then
    bad "two runs of one collective and shape in one run directory accepted"
elif grep -q 'two runs of allreduce' "$tmp/out"; then
    ok "two runs of one collective and shape in one run directory: an error"
else
    bad "two runs message"; cat "$tmp/out"
fi

rm -rf "$tmp/results/2026-01-03/node-again"
run 2026-01-03/node-clock 70 100 steady clock
sh "$script" --top "$tmp/top" --results "$tmp/results" > "$tmp/out" 2>&1
if grep -q '| 0.70-0.70 |' "$tmp/top/README.md" \
    && grep -q -- '-m 8:65536 -R 1 -- -t clock -T 0.3 -w 3` |$' "$tmp/top/docs/PERFORMANCE.md"; then
    ok "in one run directory, a run timed by the clock before one that was not; its command has swing_bench's -t, -T and -w"
else
    bad "clock-timed run chosen"; cat "$tmp/out" "$tmp/top/README.md"
fi

# a run of three rounds (run_bench.sh -R 3): the sources table says so
run 2026-01-05/node 60 100 steady "" 3
sh "$script" --top "$tmp/top" --results "$tmp/results" > "$tmp/out" 2>&1
if grep -q '^| allreduce | one node, 2 ranks | 2026-01-05 | 3 | 0.10 0.20 | .* -R 3` |$' "$tmp/top/docs/PERFORMANCE.md"; then
    ok "the sources table gives a run's rounds and its command -R"
else
    bad "rounds in the sources table"; grep allreduce "$tmp/top/docs/PERFORMANCE.md"
fi
# auto ran shm at both sizes; the forced shm (twice auto's time) ran at 8 B only
if grep -q '^| allreduce | one node, 2 ranks | 8 B-64 KiB | .* | 0.50-0.50 (1 of 2) | default,1 |$' "$tmp/top/docs/PERFORMANCE.md"; then
    ok "the summary gives auto over the configuration that ran what auto ran, at the sizes it ran"
else
    bad "auto / what it ran, forced"; grep allreduce "$tmp/top/docs/PERFORMANCE.md"
fi
if grep -q '^| none | | | |$' "$tmp/top/docs/PERFORMANCE.md"; then
    ok "the losses table says none when auto is nowhere over 1.10"
else
    bad "empty losses table"; sed -n '/perf:begin losses/,/perf:end/p' "$tmp/top/docs/PERFORMANCE.md"
fi

# sizes over 1.10, and of them those where auto ran tuned's best algorithm
# itself (run_bench.sh's "="): at 8 B auto ran ompi_linear, tuned-1's
# (linear), at 1 KiB previous against tuned's default (the same code), at
# 64 KiB shm against tuned's default; 1.104 at 1 KiB is over 1.10 and
# printed with three decimals, not as 1.10
mkdir -p "$tmp/results/2026-01-06/node"
{
    echo "np,config,bytes,count,iters,median_us,min_us,max_us,p95_us,algbw_GBps,busbw_GBps,served,validated,warmup,datatype,op,in_place,oversubscribed,swing_algorithm,timing,collective,root"
    echo "2,swing-auto,8,2,10,130,1,1,1,0,0,yes,yes,3,float,sum,no,no,ompi_linear,swing,allreduce,-"
    echo "2,tuned,8,2,10,200,1,1,1,0,0,no,yes,3,float,sum,no,no,-,swing,allreduce,-"
    echo "2,tuned-1,8,2,10,100,1,1,1,0,0,no,yes,3,float,sum,no,no,-,swing,allreduce,-"
    echo "2,swing-auto,1024,2,10,110.4,1,1,1,0,0,no,yes,3,float,sum,no,no,previous,swing,allreduce,-"
    echo "2,tuned,1024,2,10,100,1,1,1,0,0,no,yes,3,float,sum,no,no,-,swing,allreduce,-"
    echo "2,tuned-1,1024,2,10,200,1,1,1,0,0,no,yes,3,float,sum,no,no,-,swing,allreduce,-"
    echo "2,swing-auto,65536,2,10,130,1,1,1,0,0,yes,yes,3,float,sum,no,no,shm,swing,allreduce,-"
    echo "2,tuned,65536,2,10,100,1,1,1,0,0,no,yes,3,float,sum,no,no,-,swing,allreduce,-"
    echo "2,tuned-1,65536,2,10,200,1,1,1,0,0,no,yes,3,float,sum,no,no,-,swing,allreduce,-"
} > "$tmp/results/2026-01-06/node/allreduce.csv"
{
    echo "## np=2"
    echo "# tuned-1    coll_swing_priority=0 coll_tuned_allreduce_algorithm=1 (linear)"
    echo "## the machine during the run"
    echo "load average (1, 5, 15 min) at the start: 0.10 0.20 0.30; at the end: 1 1 1 (2 cores)"
} > "$tmp/results/2026-01-06/node/allreduce.txt"
sh "$script" --top "$tmp/top" --results "$tmp/results" > "$tmp/out" 2>&1
if grep -q '^| allreduce | one node, 2 ranks | 8 B-64 KiB | 1.10-1.30 | 1.30-1.30 | 0 of 3 sizes | 3 (2 =) | 1 |$' "$tmp/top/README.md"; then
    ok "sizes over 1.10 counted, those where auto ran tuned's best algorithm marked ="
else
    bad "over 1.10 column"; cat "$tmp/out"; grep allreduce "$tmp/top/README.md"
fi
if grep -qF "| allreduce | one node, 2 ranks | 3 of 3 (2 =) | 8 B 1.30 (tuned-1 linear; auto ran ompi_linear, =), 1 KiB 1.104 (tuned's decision; auto ran previous, =), 64 KiB 1.30 (tuned's decision; auto ran shm) |" "$tmp/top/docs/PERFORMANCE.md"; then
    ok "the losses table: each size over 1.10 with its ratio, tuned's fastest and what auto ran, in size order"
else
    bad "losses table"; sed -n '/perf:begin losses/,/perf:end/p' "$tmp/top/docs/PERFORMANCE.md"
fi

# OSU runs (bench/osu-compare.sh): per benchmark and rank count the newest
# run; per size the median over rounds of each side, then their ratio
# osu_run KIND BENCH DIR SWING_US_AT_16B SWING_US_AT_8B_ROUNDS...: an
# osu-compare.sh run of BENCH in DIR/KIND-np2 (stock 1 us at 8 B, 2 at 16)
osu_run() {
    d=$tmp/results/$3/$1-np2 b=$2 at16=$4
    shift 4
    mkdir -p "$d"
    { echo "# osu-compare np 2"; echo "# load at start: 0.10 0.20 0.30"; } > "$d/summary.txt"
    { echo "bench,np,bytes,round,stock_us,swing_us"; r=1
      for v in "$@"; do
          echo "$b,2,8,$r,1.00,$v"
          echo "$b,2,16,$r,2.00,$(awk -v v="$v" -v a="$at16" 'BEGIN { printf "%.2f", a == "+1" ? v + 1 : a }')"
          r=$((r + 1))
      done
    } > "$d/$b.np2.csv"
}
osu() { rundir=$1; shift; osu_run osu osu_bcast "$rundir" 1.00 "$@"; }
printf '<!-- perf:begin osuhead -->\n<!-- perf:end -->\n' >> "$tmp/top/README.md"
osu 2026-01-01 3.00 3.00 3.00
osu 2026-01-04 0.90 1.50 1.20
# block_has FILE LINE_RE WHAT: after a run, FILE has a line matching LINE_RE
block_has() {
    sh "$script" --top "$tmp/top" --results "$tmp/results" > "$tmp/out" 2>&1
    if grep -q "$2" "$tmp/top/$1"; then
        ok "$3"
    else
        bad "$3"; cat "$tmp/out"; grep '^| osu_' "$tmp/top/$1"
    fi
}
block_has README.md '| osu_bcast | 2 | 8 B-16 B | 0.50-1.20 | 1.20 at 8 B | 1 of 2 | 2026-01-04 | 0.10 0.20 0.30 |$' \
    "OSU runs: the newest, medians over rounds, the worst size, sizes over 1.10"

# Entry runs (osu-compare.sh with every call handed on): per round the mean
# over sizes of each side; the medians over rounds, and of the differences
entry() { rundir=$1; shift; osu_run entry osu_reduce "$rundir" +1 "$@"; }
printf '<!-- perf:begin entry -->\n<!-- perf:end -->\n' >> "$tmp/top/docs/PERFORMANCE.md"
entry 2026-01-01 3.00 3.00 3.00
entry 2026-01-04 1.10 1.50 1.20
block_has docs/PERFORMANCE.md '^| osu_reduce | 2 | 8-16 B | 1.500 | 1.700 | 0.200 | 3 | 2026-01-04 | 0.10 0.20 0.30 |' \
    "entry runs: the newest, per round the mean over sizes, medians over rounds"

# --superseded: what no table takes (older runs, the flagged one, the
# older OSU and entry directories as a whole), and nothing it takes
sh "$script" --superseded --top "$tmp/top" --results "$tmp/results" > "$tmp/out" 2> "$tmp/err"
printf '%s\n' 2026-01-01/entry-np2/ 2026-01-01/node/allreduce.csv.gz 2026-01-01/node/allreduce.txt 2026-01-01/osu-np2/ \
    2026-01-02/node/allreduce.csv 2026-01-02/node/allreduce.txt 2026-01-03/node-clock/allreduce.csv \
    2026-01-03/node-clock/allreduce.txt 2026-01-03/node/allreduce.csv 2026-01-03/node/allreduce.txt \
    2026-01-05/node/allreduce.csv 2026-01-05/node/allreduce.txt > "$tmp/want"
if LC_ALL=C sort "$tmp/out" | cmp -s - "$tmp/want" && [ ! -s "$tmp/err" ]; then
    ok "--superseded lists older and flagged runs, never a source"
else
    bad "--superseded"; diff "$tmp/want" "$tmp/out"; cat "$tmp/err"
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
