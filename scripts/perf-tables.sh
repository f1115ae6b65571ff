#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Write the performance tables of README.md and docs/PERFORMANCE.md from
# the benchmark's data under docs/results, between marker lines
#     <!-- perf:begin NAME -->  ...  <!-- perf:end -->
# (NAME: headline, summary, losses, sources, osu, osuhead, entry). Never edit those
# tables by hand.
#
# usage: scripts/perf-tables.sh [--check | --superseded] [--top DIR] [--results DIR]
#   --check    write nothing; exit 1 and show the difference when a file's
#              tables are not what the data give (the test in make check)
#   --superseded  write nothing; list the data files no table takes (a
#              newer run of the same collective and shape, or flagged not
#              steady), one path under RESULTS per line, for git rm
#   --top      the source tree (default: this script's parent directory)
#   --results  the data (default: TOP/docs/results)
#
# A source is a run_bench.sh run: COLL.csv (or COLL.csv.gz) beside its
# report COLL.txt, which ends with "## the machine during the run". A run
# the benchmark flagged as not steady ("the figures rank nothing") is
# refused, as are swing-tune's rounds (.../rN/: auto there runs without
# the table being measured). Per collective and shape the newest run
# directory (docs/results/DATE[letter]/) is the source; in one run
# directory a run timed by the clock (-t clock) comes before one that was
# not; two runs of one collective and shape in one run directory, timed
# alike, are an error (keep one). The sources table gives each run's
# rounds (run_bench.sh -R: its figures are medians over them).
# POSIX sh and awk only: CI machines may have no python.
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
results=
check=0
superseded=0
while [ $# -gt 0 ]; do
    case "$1" in
    --check) check=1 ;;
    --superseded) superseded=1 ;;
    --top) top=$2; shift ;;
    --results) results=$2; shift ;;
    -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
    *) echo "$0: unknown argument $1 (--help)" >&2; exit 2 ;;
    esac
    shift
done
[ -n "$results" ] || results=$top/docs/results
if [ ! -d "$results" ]; then
    echo "$0: no results directory $results" >&2
    exit 2
fi

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
status=0

# 1. One record per (source file, np): the figures of auto against tuned.
: > "$tmp/records"
: > "$tmp/refused"
find "$results" -type f \( -name '*.csv' -o -name '*.csv.gz' \) | LC_ALL=C sort > "$tmp/files"
while IFS= read -r f; do
    case "$f" in
    *.csv.gz) base=${f%.csv.gz} ;;
    *) base=${f%.csv} ;;
    esac
    txt=$base.txt
    [ -f "$txt" ] || continue
    grep -q '^## the machine during the run' "$txt" || continue
    rel=${f#"$results"/}
    case "/$rel" in
    */r[0-9]/*|*/r[0-9][0-9]/*) continue ;;   # swing-tune's rounds
    esac
    if grep -q 'the figures rank nothing' "$txt"; then
        [ "$superseded" = 1 ] || echo "$0: refused $rel: the benchmark flagged the run as not steady" >&2
        echo "$rel" >> "$tmp/refused"
        continue
    fi
    run=${rel%%/*}
    # the clock timing (-t clock) starts every rank at one instant; the
    # default barrier timing can time a small rooted call shorter than it
    # took (bench/README.md, "Timing a rooted collective")
    clock=0
    grep -q '^# iterations: .*timing clock' "$txt" && clock=1
    case "$f" in
    *.gz) gzip -dc "$f" ;;
    *) cat "$f" ;;
    esac > "$tmp/data.csv" || { echo "$0: cannot read $rel" >&2; status=2; continue; }
    awk -F, -v rel="$rel" -v run="$run" -v clock="$clock" '
        # the report: kind of run, topology, links, nodes per np, load
        FILENAME != "-" && FNR == 1 && FILENAME ~ /\.txt$/ {
            head = $0; rounds = 1
        }
        # the report'"'"'s own count: the rounds that gave figures
        FILENAME ~ /\.txt$/ && /^# median over [0-9]+ rounds/ && !nrseen { split($0, nw, " "); rounds = nw[4] + 0; nrseen = 1 }
        # the options swing_bench was given after "--" (-T, and -w with it)
        FILENAME ~ /\.txt$/ && /^# iterations: / && !itseen {
            itseen = 1
            if (match($0, /-T [0-9.]+ s:/)) tsec = substr($0, RSTART + 3, RLENGTH - 6)
            if (match($0, /\(\+[0-9]+ warm-up\)/)) warm = substr($0, RSTART + 2, RLENGTH - 11)
        }
        FILENAME ~ /\.txt$/ {
            # tuned-N runs the algorithm swing calls ompi_NAME (run_bench.sh'"'"'s "=")
            # (in-order_binary: ompi_in_order_binary)
            if ($0 ~ /^# tuned-[0-9]+ .*\([a-z_-]+\)$/) {
                split($0, w, " "); a = $0; sub(/.*\(/, "", a); sub(/\)$/, "", a); tname[w[2]] = a
                gsub(/-/, "_", a); same[w[2]] = "ompi_" a
            }
            if ($0 ~ /^# np=[0-9]+ on [0-9]+ node/) {
                split($0, w, /[ =]/); nodes[w[3]] = w[5]
            }
            if ($0 ~ /^load average .* at the start: /) {
                s = $0; sub(/.* at the start: /, "", s); sub(/;.*/, "", s)
                split(s, l, " "); load = l[1] " " l[2]
            }
            next
        }
        FNR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        {
            np = $col["np"]; b = $col["bytes"] + 0; c = $col["config"]
            t = $col["median_us"] + 0; k = np SUBSEP b
            nps[np] = 1; sizes[k] = 1; coll = $col["collective"]; tc[k, c] = t; cfgseen[c] = 1
            if (c == "swing-auto") { auto[k] = t; ran[k] = $col["swing_algorithm"] }
            else if (c == "han") han[k] = t
            else if (c ~ /^tuned(-[0-9]+)?$/) {
                if (!(k in tb) || t < tb[k]) { tb[k] = t; tbn[k] = c }
                a = c; sub(/^tuned-?/, "", a); if (a == "") a = "default"
                if (!((np, a) in tseen)) { tseen[np, a] = 1; talgs[np] = talgs[np] (talgs[np] == "" ? "" : ",") a }
            }
        }
        END {
            kind = "node"; topo = ""; rate = ""; mtu = ""; layout = ""
            if (head ~ /^## torus network @/) kind = "torus"
            else if (head ~ /^## network of groups @/) kind = "groups"
            else if (head ~ /^## nodes /) kind = "nodes"
            if (kind == "torus" || kind == "groups") {
                topo = head; sub(/^[^@]*@/, "", topo); sub(/ .*/, "", topo)
                sub(/^.*\/docs\/results\//, "docs/results/", topo)
                sub(/^.*\/bench\/topologies\//, "bench/topologies/", topo)
                rate = head; sub(/.*links /, "", rate); sub(/,.*/, "", rate)
                mtu = head; sub(/.*mtu /, "", mtu); sub(/[^0-9].*/, "", mtu)
            }
            if (kind == "nodes") { layout = head; sub(/^## nodes /, "", layout); sub(/ .*/, "", layout) }
            for (np in nps) {
                n = 0; ns = 0; nl = 0; wins = 0; over = 0; overeq = 0; smin = lmin = hmin = 1e30; smax = lmax = hmax = 0
                bmin = 1e30; bmax = 0; nh = 0; nq = 0; qmin = 1e30; qmax = 0; nlost = 0
                for (k in sizes) {
                    split(k, kk, SUBSEP); if (kk[1] != np) continue
                    b = kk[2] + 0
                    if (!(k in auto) || !(k in tb)) continue
                    r = auto[k] / tb[k]; n++
                    if (b < bmin) bmin = b; if (b > bmax) bmax = b
                    if (r < 1) wins++
                    if (r > 1.10) {
                        # the same code: tuned-N'"'"'s algorithm as swing'"'"'s ompi_*, or previous for tuned'"'"'s decision
                        eq = ((tbn[k] in same) && same[tbn[k]] == ran[k]) || (tbn[k] == "tuned" && ran[k] == "previous")
                        over++; if (eq) overeq++
                        lostb[++nlost] = b
                        lost[b] = sprintf("%s %s (%s; auto ran %s%s)", size_str(b), over_str(r), tuned_name(tbn[k]), ran[k], eq ? ", =" : "")
                    }
                    if (b < 65536) { ns++; if (r < smin) smin = r; if (r > smax) smax = r }
                    else { nl++; if (r < lmin) lmin = r; if (r > lmax) lmax = r }
                    if (k in han) { h = auto[k] / han[k]; nh++; if (h < hmin) hmin = h; if (h > hmax) hmax = h }
                    f = forced(ran[k])
                    if (f != "" && (k, f) in tc && tc[k, f] > 0) { q = auto[k] / tc[k, f]; nq++; if (q < qmin) qmin = q; if (q > qmax) qmax = q }
                }
                if (n == 0) continue
                rpn = (np in nodes && nodes[np] > 0) ? int(np / nodes[np]) : 0
                if (kind == "node") { shape = "one node, " np " ranks"; order = 1 }
                else if (kind == "nodes") { split(layout, lw, "x"); shape = "emulated nodes, " lw[1] " x " lw[2] " ranks"; order = 2 }
                else {
                    name = topo; sub(/.*\//, "", name); sub(/\.topo$/, "", name)
                    if (name ~ /^(t44|torus-4x4)/) name = "torus 4x4 network"
                    else if (name ~ /^torus-4x2/) name = "torus 4x2 network"
                    else if (name ~ /^ring-8/) name = "ring 8 network"
                    else if (name ~ /^grid5x5/) name = "grid 5x5 network (4x4 torus)"
                    else if (name ~ /^(dfly|dragonfly-4x4)/) name = "dragonfly 4,4"
                    else if (name ~ /^(ftree|fattree-4x4)/) name = "fat tree 4,4,2"
                    shape = name (rpn > 1 ? ", " rpn " ranks per node" : "")
                    order = (kind == "torus") ? 3 : 4
                }
                rng_s = ns ? sprintf("%.2f-%.2f", smin, smax) : "-"
                rng_l = nl ? sprintf("%.2f-%.2f", lmin, lmax) : "-"
                rng_h = nh ? sprintf("%.2f-%.2f", hmin, hmax) : "-"
                rng_q = nq ? sprintf("%.2f-%.2f (%d of %d)", qmin, qmax, nq, n) : "-"
                sz = " -k " coll " -m " bmin ":" bmax
                if (kind == "node") cmd = "bench/run_bench.sh -n " np sz
                else if (kind == "nodes") cmd = "bench/run_bench.sh --nodes " layout sz
                else cmd = "bench/run_bench.sh --net @" topo " --net-rate " rate " --net-mtu " mtu sz
                cmd = cmd " -R " rounds
                opts = (clock && (kind == "node" || kind == "nodes")) ? " -t clock" : ""
                if (tsec != "") opts = opts " -T " tsec (warm != "" ? " -w " warm : "")
                if (opts != "") cmd = cmd " --" opts
                for (i = 2; i <= nlost; i++) for (j = i; j > 1 && lostb[j-1] > lostb[j]; j--) { x = lostb[j]; lostb[j] = lostb[j-1]; lostb[j-1] = x }
                losses = ""; eqs = overeq ? " (" overeq " =)" : ""
                for (i = 1; i <= nlost; i++) losses = losses (i > 1 ? ", " : "") lost[lostb[i]]
                printf "%s|%s|%s|%d|%s|%s|%s|%s|%s|%d|%d|%s|%s|%s|%s|%s|%d|%d|%s|%s|%s|%d|%s\n", coll, shape, run, order, rel,
                    size_str(bmin) "-" size_str(bmax), rng_s, rng_l, rng_h, wins, n, talgs[np], load, cmd, np, kind, clock, rounds,
                    over eqs, rng_q, losses, over, eqs
            }
        }
        # The column that ran what auto ran: swing'"'"'s forced algorithm
        # (swing_lo: swing-lo; ompi_ring: ompi-ring, else the tuned-N of
        # that algorithm), tuned'"'"'s default for previous.
        function forced(a,   x, f) {
            if (a == "" || a == "-") return ""
            if (a == "previous") return "tuned"
            f = a; gsub(/_/, "-", f)
            if (a ~ /^ompi_/ && !((f) in cfgseen)) { for (x in same) if (same[x] == a) return x }
            return f
        }
        # tuned-6: "tuned-6 in-order_binary"; tuned: its own decision
        function tuned_name(c) {
            if (c == "tuned") return "tuned'"'"'s decision"
            return (c in tname) ? c " " tname[c] : c
        }
        # a ratio over 1.10 that two decimals would print as 1.10: three
        function over_str(r) {
            return (sprintf("%.2f", r) + 0 > 1.10) ? sprintf("%.2f", r) : sprintf("%.3f", r)
        }
        function size_str(b) {
            if (b >= 1048576 && b % 1048576 == 0) return (b / 1048576) " MiB"
            if (b >= 1024 && b % 1024 == 0) return (b / 1024) " KiB"
            return b " B"
        }' "$txt" "$tmp/data.csv" >> "$tmp/records"
done < "$tmp/files"

# 2. Per collective and shape the newest run; in one run directory a run
# timed by the clock before one that was not; two alike there: an error.
LC_ALL=C sort -t'|' -k1,1 -k2,2 -k3,3r -k17,17nr "$tmp/records" | awk -F'|' -v me="$0" '
    { k = $1 "|" $2 }
    k == last && $3 == lastrun && $17 == lastclock { printf "%s: two runs of %s on %s in %s (%s, %s): keep one\n", me, $1, $2, $3, lastrel, $5 > "/dev/stderr"; bad = 1; next }
    k == last { next }
    { last = k; lastrun = $3; lastclock = $17; lastrel = $5; print }
    END { exit bad }' > "$tmp/chosen" || exit 2
if [ ! -s "$tmp/chosen" ]; then
    echo "$0: no steady run under $results" >&2
    exit 2
fi

# The collectives in the order of the docs, then the shapes.
awk -F'|' 'BEGIN { n = split("allreduce reduce_scatter_block reduce_scatter allgather allgatherv bcast reduce gather scatter", c, " "); for (i = 1; i <= n; i++) o[c[i]] = i }
    { printf "%02d|%d|%s\n", ($1 in o) ? o[$1] : 99, $4, $0 }' "$tmp/chosen" \
    | LC_ALL=C sort -t'|' -k1,1n -k2,2n -k4,4 | cut -d'|' -f3- > "$tmp/rows"

# 3. The blocks.
awk -F'|' '
    BEGIN { print "| collective | where | sizes | auto / tuned'"'"'s best below 64 KiB | from 64 KiB | auto faster at | over 1.10 at | rounds |"
            print "| --- | --- | --- | --- | --- | --- | --- | --- |" }
    { printf "| %s | %s | %s | %s | %s | %d of %d sizes | %s | %d |\n", $1, $2, $6, $7, $8, $10, $11, $19, $18 }' "$tmp/rows" > "$tmp/block.headline"
awk -F'|' '
    BEGIN { print "| collective | where | sizes | auto / tuned'"'"'s best below 64 KiB | from 64 KiB | faster at | auto / han | auto / what it ran, forced | tuned'"'"'s algorithms run |"
            print "| --- | --- | --- | --- | --- | --- | --- | --- | --- |" }
    { printf "| %s | %s | %s | %s | %s | %d of %d | %s | %s | %s |\n", $1, $2, $6, $7, $8, $10, $11, $9, $20, $12 }' "$tmp/rows" > "$tmp/block.summary"
awk -F'|' '
    BEGIN { print "| collective | where | over 1.10 at | size: auto / tuned'"'"'s best (tuned'"'"'s fastest; what auto ran, = when the same algorithm) |"
            print "| --- | --- | --- | --- |" }
    $21 != "" { printf "| %s | %s | %d of %d%s | %s |\n", $1, $2, $22, $11, $23, $21; n++ }
    END { if (!n) print "| none | | | |" }' "$tmp/rows" > "$tmp/block.losses"
awk -F'|' '
    BEGIN { print "| collective | where | run | rounds | load at start (1, 5 min) | data | command |"
            print "| --- | --- | --- | --- | --- | --- | --- |" }
    { printf "| %s | %s | %s | %d | %s | [%s](results/%s) | `%s` |\n", $1, $2, $3, $18, $13, $5, $5, $14 }' "$tmp/rows" > "$tmp/block.sources"

# the median of a[1..n] (sorts a), for the awk programs below
awk_med='function med(a, n,   i, j, t) {
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
    return (n % 2) ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
}'

# osu_rows DIR OUT: every RUN/DIR/BENCH.npN.csv of bench/osu-compare.sh
# beside its summary.txt (the report, with the load) as lines
# BENCH|NP|RUN|FILE|LOAD|BYTES|ROUND|STOCK_US|SWING_US in OUT
osu_rows() {
    : > "$2"
    find "$results" -type f -path "*/$1/*.np*.csv" | LC_ALL=C sort | while IFS= read -r f; do
        d=$(dirname "$f")
        [ -f "$d/summary.txt" ] || continue
        rel=${f#"$results"/}
        load=$(sed -n 's/^# load at start: //p' "$d/summary.txt" | head -1)
        awk -F, -v rel="$rel" -v run="${rel%%/*}" -v load="$load" \
            'NR > 1 { print $1 "|" $2 "|" run "|" rel "|" load "|" $3 "|" $4 "|" $5 "|" $6 }' "$f" >> "$2"
    done
}

# 3b. OSU's own timing, swing against stock (bench/osu-compare.sh): every
# RUN/osu-npN/BENCH.npN.csv beside RUN/osu-npN/summary.txt (the script's
# report, with the load); per benchmark and rank count the newest run.
osu_rows "osu-np*" "$tmp/osu"
LC_ALL=C sort -t'|' -k1,1 -k2,2n -k3,3r -k6,6n -k7,7n "$tmp/osu" | awk -F'|' "$awk_med"'
    function human(b) {
        if (b >= 1048576 && b % 1048576 == 0) return (b / 1048576) " MiB"
        if (b >= 1024 && b % 1024 == 0) return (b / 1024) " KiB"
        return b " B"
    }
    function flush_size(   ms, mw, q) {
        if (nr == 0) return
        ms = med(st, nr); mw = med(sw, nr); q = (ms > 0) ? mw / ms : 0
        if (ns == 0 || q < lo) lo = q
        if (ns == 0 || q > hi) { hi = q; worst = size }
        if (q > 1.10) slow++
        if (ns == 0) first = size
        last = size; ns++; nr = 0
    }
    function flush_key() {
        flush_size()
        if (ns) printf "| %s | %d | %s-%s | %.2f-%.2f | %.2f at %s | %d of %d | %s | %s | [%s](results/%s) |\n", b, np, human(first), human(last), lo, hi, hi, human(worst), slow, ns, run, load, rel, rel
        ns = 0; slow = 0
    }
    BEGIN { print "| benchmark | ranks | sizes | swing / stock | worst | sizes over 1.10 | run | load at start | data |"
            print "| --- | --- | --- | --- | --- | --- | --- | --- | --- |" }
    { key = $1 "|" $2 }
    key != lastkey { flush_key(); lastkey = key; chosen = $3; b = $1; np = $2; run = $3; rel = $4; load = $5; size = -1 }
    $3 != chosen { next }
    $6 != size { flush_size(); size = $6 }
    { nr++; st[nr] = $8; sw[nr] = $9 }
    END { flush_key() }' > "$tmp/block.osu"

# 3c. Swing's entry as OSU times it: RUN/entry-npN/BENCH.npN.csv, the same
# report with every call handed to the previous module by a table row
# (previous.table beside it); per benchmark and rank count the newest
# run, and per round the mean over its sizes of each side.
osu_rows "entry-np*" "$tmp/entry"
LC_ALL=C sort -t'|' -k1,1 -k2,2n -k3,3r -k7,7n "$tmp/entry" | awk -F'|' "$awk_med"'
    function flush_round() {
        if (!k) return
        nr++; st[nr] = s / k; sw[nr] = w / k; df[nr] = (w - s) / k; s = w = k = 0
    }
    function flush_key() {
        flush_round()
        if (nr) printf "| %s | %d | %d-%d B | %.3f | %.3f | %.3f | %d | %s | %s | [%s](results/%s) |\n", b, np, lo, hi, med(st, nr), med(sw, nr), med(df, nr), nr, run, load, rel, rel
        nr = 0
    }
    BEGIN { print "| benchmark | ranks | sizes | stock (us) | swing handing every call on (us) | entry (us) | rounds | run | load at start | data |"
            print "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |" }
    { key = $1 "|" $2 }
    key != lastkey { flush_key(); lastkey = key; chosen = $3; b = $1; np = $2; run = $3; rel = $4; load = $5; round = ""; lo = $6; hi = $6 }
    $3 != chosen { next }
    $7 != round { flush_round(); round = $7 }
    { s += $8; w += $9; k++; if ($6 < lo) lo = $6; if ($6 > hi) hi = $6 }
    END { flush_key() }' > "$tmp/block.entry"

# --superseded: the run files no table takes, then the OSU and entry runs
# no table takes (a whole osu-npN or entry-npN directory when none of its
# benchmarks is taken).
if [ "$superseded" = 1 ]; then
    { cut -d'|' -f5 "$tmp/records" | LC_ALL=C sort -u > "$tmp/all"
      cut -d'|' -f5 "$tmp/chosen" | LC_ALL=C sort -u > "$tmp/taken"
      LC_ALL=C comm -23 "$tmp/all" "$tmp/taken"
      cat "$tmp/refused"; } | LC_ALL=C sort -u | while IFS= read -r rel; do
        case "$rel" in *.gz) base=${rel%.csv.gz} ;; *) base=${rel%.csv} ;; esac
        for f in "$base.csv" "$base.csv.gz" "$base.txt" "$base-rounds.csv" "$base-rounds.csv.gz"; do
            [ -f "$results/$f" ] && echo "$f"
        done
    done
    for t in osu entry; do
        awk -F'|' '{ k = $1 "|" $2; if (!(k in best) || $3 > best[k]) best[k] = $3; f[$4] = k; r[$4] = $3 }
            END { for (x in f) { d = x; sub(/\/[^\/]*$/, "", d); n[d]++; if (r[x] != best[f[x]]) { old[x] = 1; o[d]++ } }
                  for (x in old) { d = x; sub(/\/[^\/]*$/, "", d); print (o[d] == n[d]) ? d "/" : x } }' "$tmp/$t"
    done | LC_ALL=C sort -u
    exit 0
fi
# README's (osuhead): the same without the data column, whose links are
# relative to docs/
sed 's/ \[[^]]*\]([^)]*) |$//; s/ data |$//; s/^\(| ---\( | ---\)\{7\}\) | --- |$/\1 |/' "$tmp/block.osu" > "$tmp/block.osuhead"

# 4. Into the files, between their markers.
fill() {
    awk -v dir="$tmp" -v file="$1" '
        /<!-- perf:begin [a-z]+ -->/ {
            print
            name = $0; sub(/.*perf:begin /, "", name); sub(/ -->.*/, "", name)
            src = dir "/block." name
            if ((getline line < src) <= 0) { printf "%s: unknown table %s\n", file, name > "/dev/stderr"; bad = 1 }
            else { print line; while ((getline line < src) > 0) print line }
            close(src); skip = 1; next
        }
        /<!-- perf:end -->/ { skip = 0 }
        !skip { print }
        END { if (skip) { printf "%s: perf:begin without perf:end\n", file > "/dev/stderr"; bad = 1 } exit bad }' "$1"
}
for doc in README.md docs/PERFORMANCE.md; do
    [ -f "$top/$doc" ] || { echo "$0: no $doc" >&2; status=2; continue; }
    grep -q '<!-- perf:begin ' "$top/$doc" || { echo "$0: $doc has no perf:begin marker" >&2; status=2; continue; }
    fill "$top/$doc" > "$tmp/new" || { status=2; continue; }
    if cmp -s "$tmp/new" "$top/$doc"; then
        continue
    elif [ "$check" = 1 ]; then
        echo "$0: $doc: its tables are not what docs/results gives (run scripts/perf-tables.sh):" >&2
        diff -u "$top/$doc" "$tmp/new" >&2
        [ "$status" = 0 ] && status=1
    else
        cat "$tmp/new" > "$top/$doc"
        echo "$0: wrote $doc"
    fi
done
exit "$status"
