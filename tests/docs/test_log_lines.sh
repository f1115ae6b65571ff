#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The log lines README.md and docs/*.md quote are what the component
# prints. A quoted line is a line of an indented code block that starts
# with "coll:swing: " (four spaces, then the line); "..." in it stands for
# any text. Each is looked for in the output of one run of swing_bench
# (one allreduce of 64 B): by default
#     mpirun -np 4 --mca coll_swing_verbose 2
# on this node; a comment line before it in the page,
#     <!-- log: np N [mpirun options] -->   or   <!-- log: nodes LAYOUT [options] -->
# sets the run for the quoted lines after it in that page (nodes: emulated
# nodes, tests/cluster/mpirun-nodes.sh; where they cannot run here, those
# lines are reported unchecked, not failed).
set -u
top=${SWING_TOP_BUILDDIR:?run through make check}
src=${SWING_TOP_SRCDIR:?run through make check}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM

if ! grep -q '^    coll:swing: ' "$src/README.md"; then
    echo "FAIL: README.md quotes no log line (the test would check nothing)"
    exit 1
fi
# "RUN<TAB>LINE" for every quoted line, RUN the run it belongs to
for f in "$src/README.md" "$src"/docs/*.md; do
    awk -v file="${f#"$src"/}" '
        BEGIN { run = "np 4 --mca coll_swing_verbose 2" }
        /^<!-- log: .* -->$/ { run = $0; sub(/^<!-- log: /, "", run); sub(/ -->$/, "", run); next }
        /^    coll:swing: / { line = $0; sub(/^    /, "", line); printf "%s\t%s\t%s\n", run, file, line }' "$f"
done > "$tmp/quoted"

# one swing_bench run per distinct RUN
runs=0
cut -f1 "$tmp/quoted" | sort -u > "$tmp/runs"
while IFS= read -r run; do
    runs=$((runs + 1))
    out=$tmp/run$runs
    printf '%s\n' "$run" > "$out.args"
    set -- $run
    kind=$1 what=$2
    shift 2
    if [ "$kind" = np ]; then
        sh "$src/tests/mpi/mpirun.sh" -np "$what" "$@" \
            "$top/bench/swing_bench" -C swing-auto -m 64:64 -i 1 -w 1 > "$out" 2>&1 < /dev/null
    else
        SWING_MPIRUN="sh $src/tests/mpi/mpirun.sh" sh "$src/tests/cluster/mpirun-nodes.sh" "$what" "$@" \
            "$top/bench/swing_bench" -C swing-auto -m 64:64 -i 1 -w 1 > "$out" 2>&1 < /dev/null
    fi
    echo $? > "$out.rc"
done < "$tmp/runs"

fail=0
n=0
unchecked=0
while IFS="$(printf '\t')" read -r run file line; do
    n=$((n + 1))
    out=$tmp/run$(grep -nxF "$run" "$tmp/runs" | cut -d: -f1)
    rc=$(cat "$out.rc")
    if [ "$rc" = 77 ]; then
        echo "unchecked (the run '$run' cannot be made here): $file: $line"
        unchecked=$((unchecked + 1))
        continue
    fi
    if awk -v q="$line" '
        BEGIN { n = split(q, part, /\.\.\./) }
        {
            s = $0; ok = 1
            for (k = 1; k <= n; k++) {
                if (part[k] == "") continue
                j = index(s, part[k])
                if (j == 0) { ok = 0; break }
                s = substr(s, j + length(part[k]))
            }
            if (ok && (part[n] == "" || s == "")) { found = 1; exit }
        }
        END { exit !found }' "$out"; then
        echo "ok: $file: $line"
    else
        echo "FAIL: $file quotes a line the run '$run' (exit $rc) did not print: $line"
        echo "  it printed:"
        grep -o 'coll:swing: .*' "$out" | sort -u | head -30 | sed 's/^/    /'
        fail=1
    fi
done < "$tmp/quoted"
echo "$n quoted lines, $runs runs, $unchecked unchecked"
exit "$fail"
