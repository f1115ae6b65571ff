#!/bin/sh
# The log lines README.md and docs/*.md quote are what the component
# prints. A quoted line is a line of an indented code block that starts
# with "coll:swing: " (four spaces, then the line); "..." in it stands for
# any text. The pages quote them from one run: 4 ranks on one node,
#     mpirun -np 4 --mca coll_swing_verbose 2 ./app
# (here swing_bench, one allreduce of 64 B), so this test makes that run
# and looks for every quoted line in its output.
set -u
top=${SWING_TOP_BUILDDIR:?run through make check}
src=${SWING_TOP_SRCDIR:?run through make check}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM

grep -h '^    coll:swing: ' "$src/README.md" "$src"/docs/*.md 2>/dev/null \
    | sed 's/^    //' | sort -u > "$tmp/quoted"
if ! grep -q '^    coll:swing: ' "$src/README.md"; then
    echo "FAIL: README.md quotes no log line (the test would check nothing)"
    exit 1
fi
sh "$src/tests/mpi/mpirun.sh" -np 4 --mca coll_swing_verbose 2 \
    "$top/bench/swing_bench" -C swing-auto -m 64:64 -i 1 -w 1 > "$tmp/out" 2>&1 \
    || { cat "$tmp/out"; echo "FAIL: swing_bench"; exit 1; }
fail=0
n=0
while IFS= read -r line; do
    n=$((n + 1))
    # the quoted line as a fixed-string pattern, "..." matching anything
    if awk -v q="$line" '
        BEGIN { n = split(q, part, /\.\.\./) }
        {
            s = $0; i = 1; ok = 1
            for (k = 1; k <= n; k++) {
                if (part[k] == "") continue
                j = index(s, part[k])
                if (j == 0 || (k == 1 && j != index($0, part[1]))) { ok = 0; break }
                s = substr(s, j + length(part[k]))
            }
            if (ok && (n == 1 || part[n] == "" || s == "")) { found = 1; exit }
        }
        END { exit !found }' "$tmp/out"; then
        echo "ok: $line"
    else
        echo "FAIL: quoted but not printed: $line"
        fail=1
    fi
done < "$tmp/quoted"
if [ "$fail" != 0 ]; then
    echo "what the run printed:"
    grep -o 'coll:swing: .*' "$tmp/out" | sort -u | head -40
fi
echo "$n quoted lines checked"
exit "$fail"
