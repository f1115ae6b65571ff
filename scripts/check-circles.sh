#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# check-circles.sh: no two files of a library call each other, directly or
# around a loop (docs/ARCHITECTURE.md). check-layers.sh runs it.
#
#   scripts/check-circles.sh [SRCDIR [BUILDDIR]]
#
# For topology/ (libswt), kernels/ (libswk) and tools/swing-topo/, from
# the built objects (libtool's .libs/*.o, else the folder's *.o): nm tells
# which file defines each function and variable and which files use it,
# and the graph of files using files must sort topologically (tsort).
# Objects whose source is gone (stale since a file was removed) are left
# out; a folder without objects is skipped, said so.
# Prints one line per circle and exits 1 if there is any.
set -u
src=${1:-$(cd "$(dirname "$0")/.." && pwd)}
build=${2:-$src}
dirs=(topology kernels tools/swing-topo)
bad=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The source an object was built from: libtool and automake put the
# target's name in front (libswt_la-swt_topo.o, swing_topo-swing_topo_main.o).
src_of() {
    local n
    n=$(basename "$1" .o)
    echo "${n#*-}.c"
}

# The folder of an object's source, from the top: libtool's objects sit
# in .libs/ below it.
obj_dir() {
    local d
    d=$(dirname "$1")
    [ "$(basename "$d")" = .libs ] && d=$(dirname "$d")
    echo "${d#"$build"/}"
}

# Prints the loop of files in `loop` (of folder d, names in `via`) as one
# line, each arrow with a name the file before it takes from the file after.
print_loop() {
    local i n=${#loop[@]} a b s out
    [ "$n" -gt 0 ] || return
    out="circles: $d/: ${loop[0]}"
    for ((i = 1; i <= n; ++i)); do
        a=${loop[$((i - 1))]}
        b=${loop[$((i % n))]}
        s=${via["$a>$b"]:-}
        out+=" -> $b${s:+ ($s)}"
    done
    echo "$out"
    loop=()
}

# The circles among the files of one folder: one line each.
check_dir() {
    local d=$1 i o f sd t sym objs=() loop=() line
    local -A def=() via=()

    # libtool's objects of the folder and of its rooms (topology/core/...)
    for o in "$build/$d"/.libs/*.o "$build/$d"/*/.libs/*.o; do
        [ -e "$o" ] && objs+=("$o")
    done
    if [ "${#objs[@]}" = 0 ]; then
        for o in "$build/$d"/*.o; do
            [ -e "$o" ] && objs+=("$o")
        done
    fi
    for i in "${!objs[@]}"; do
        f=$(src_of "${objs[$i]}")
        sd=$(obj_dir "${objs[$i]}")
        [ -e "$src/$sd/$f" ] || [ -e "$build/$sd/$f" ] || unset "objs[$i]"
    done
    if [ "${#objs[@]}" = 0 ]; then
        echo "circles: no objects under $build/$d (not built): $d/ not checked"
        return
    fi
    for o in "${objs[@]}"; do
        while read -r sym; do
            def[$sym]=$(src_of "$o")
        done < <(nm --defined-only -g "$o" | awk '$2 ~ /^[A-Z]$/ {print $3}')
    done
    : > "$tmp/edges"
    for o in "${objs[@]}"; do
        f=$(src_of "$o")
        while read -r sym; do
            t=${def[$sym]:-}
            [ -n "$t" ] && [ "$t" != "$f" ] || continue
            echo "$f $t" >> "$tmp/edges"
            [ -n "${via["$f>$t"]:-}" ] || via["$f>$t"]=$sym
        done < <(nm -u "$o" | awk '{print $NF}')
    done
    sort -u "$tmp/edges" | tsort > /dev/null 2> "$tmp/loops" && return
    # tsort names each loop it breaks, its files in the order they call
    # each other: "tsort: -: input contains a loop:", then "tsort: FILE".
    while IFS= read -r line; do
        case $line in
            *"input contains a loop:") print_loop ;;
            "tsort: "*) loop+=("${line#tsort: }") ;;
            *) echo "circles: $d/: tsort: $line" ;;
        esac
    done < "$tmp/loops"
    print_loop
    bad=1
}

for d in "${dirs[@]}"; do
    check_dir "$d"
done
[ "$bad" = 0 ] && echo "circles: ok (${dirs[*]})"
exit "$bad"
