#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The descriptions under bench/topologies/ are what the docs say they are:
# each loads (swing-topo describe); each of the emulated network's set
# (net-*/) carries constants calibrated with messages (a cost line with o
# and cores) and allreduce rows for its own number of ranks, and
# docs/TUNING.md's table lists the collectives it has rows for; and the
# source tarball carries every one of them (bench/Makefile.am's
# EXTRA_DIST).
set -u
top=${SWING_TOP_BUILDDIR:?run through make check}
src=${SWING_TOP_SRCDIR:?run through make check}
topo_bin=$top/tools/swing-topo/swing-topo
[ -x "$topo_bin" ] || { echo "FAIL: $topo_bin not built"; exit 1; }
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

(cd "$src/bench" && find topologies -name '*.topo' | sort) > "$tmp/files"
[ -s "$tmp/files" ] || { echo "FAIL: no description under bench/topologies"; exit 1; }
grep -q '^topologies/net-' "$tmp/files" || bad "no calibrated set (bench/topologies/net-*/)"

# EXTRA_DIST, its continuation lines joined
sed -e ':a' -e '/\\$/{N;s/\\\n//;ba' -e '}' "$src/bench/Makefile.am" \
    | sed -n 's/^EXTRA_DIST *+*= *//p' | tr -s ' \t' '\n\n' > "$tmp/dist"

while read -r f; do
    if "$topo_bin" describe "@$src/bench/$f" > "$tmp/desc" 2> "$tmp/err"; then ok; else
        bad "swing-topo describe @bench/$f: $(head -1 "$tmp/err")"
        continue
    fi
    if grep -qx "$f" "$tmp/dist"; then ok; else bad "bench/$f is not in bench/Makefile.am's EXTRA_DIST"; fi
    case $f in topologies/net-*) ;; *) continue ;; esac
    if grep -q '^cost .*\bo=[0-9.e+-]* .*\bcores=' "$tmp/desc"; then ok; else
        bad "bench/$f: no cost line with o and cores (calibrate it with bench/net-calibrate.sh)"
    fi
    ranks=$(awk '$1 == "logical" { k = split($2, d, "x"); n = 1; for (i = 1; i <= k; i++) n *= d[i]; print n; exit }' "$tmp/desc")
    if grep -q "^decide allreduce .* ranks=$ranks\\b" "$tmp/desc"; then ok; else
        bad "bench/$f: no allreduce rows for its $ranks ranks (tune it with bench/swing-tune --description)"
    fi
    # docs/TUNING.md's table of rows per description: every collective with
    # rows here listed, none listed without them (the i- and _init forms
    # and allgatherv are written with the allreduce's and allgather's)
    name=${f##*/}; name=${name%.topo}
    awk '$1 == "decide" && $2 ~ /^[a-z_]+$/ { print $2 }' "$src/bench/$f" \
        | grep -vx -e iallreduce -e allreduce_init -e allgatherv | sort -u > "$tmp/have"
    sed -n "s/^| \`$name\` | \([a-z_]*\) |.*/\1/p" "$src/docs/TUNING.md" | sort -u > "$tmp/listed"
    if cmp -s "$tmp/have" "$tmp/listed"; then ok; else
        bad "docs/TUNING.md's table of rows for $name: rows for $(tr '\n' ' ' < "$tmp/have")but listed $(tr '\n' ' ' < "$tmp/listed")"
    fi
done < "$tmp/files"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
