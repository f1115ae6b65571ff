#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# check-layers.sh: holds the component to its layers (docs/ARCHITECTURE.md).
#
#   scripts/check-layers.sh [SRCDIR [BUILDDIR]]
#
# Two checks over ompi_coll_swing/, both from the files themselves:
#   includes  a file includes only headers of its own layer or lower ones
#   calls     from the built objects (nm): a function calls only functions
#             defined in its own layer or lower ones, and the files' call
#             graph has no circle (tsort finds none)
# The calls check needs a build (make); without one it is skipped, said so.
# Prints one line per offence and exits 1 if there is any.
set -u
src=${1:-$(cd "$(dirname "$0")/.." && pwd)}
build=${2:-$src}
comp=$src/ompi_coll_swing
# Top first. "." holds the shared types (coll_swing.h) and compat.
layers=(module coll decide ompi_algs hier shm steps engine transport . node base)
bad=0

rank_of() {
    local i
    for i in "${!layers[@]}"; do
        [ "${layers[$i]}" = "$1" ] && { echo "$i"; return; }
    done
    echo -1
}

layer_of_path() {
    local rel=${1#"$comp"/}
    case $rel in
        */*) echo "${rel%%/*}" ;;
        *) echo . ;;
    esac
}

# header name -> layer, for the component's own headers
declare -A hdr_layer
while IFS= read -r h; do
    hdr_layer[$(basename "$h")]=$(layer_of_path "$h")
done < <(find "$comp" -name 'coll_swing*.h' -not -path '*/compat/*')

while IFS= read -r f; do
    mine=$(layer_of_path "$f")
    r=$(rank_of "$mine")
    if [ "$r" -lt 0 ]; then
        echo "layers: $f is in no layer (${layers[*]})"
        bad=1
        continue
    fi
    while IFS= read -r inc; do
        l=${hdr_layer[$inc]:-}
        [ -n "$l" ] || continue
        if [ "$(rank_of "$l")" -lt "$r" ]; then
            echo "layers: ${f#"$src"/} ($mine) includes $inc of the layer above ($l)"
            bad=1
        fi
    done < <(sed -n 's/^#include "\(coll_swing[^"]*\.h\)".*/\1/p' "$f")
done < <(find "$comp" \( -name '*.c' -o -name '*.h' \) -not -path '*/compat/*' \
             -not -path '*/compat-inc/*')

# objects whose source is gone (left by a build before files moved) are not the tree's
objs=$(find "$build/ompi_coll_swing" -path '*/.libs/*.o' 2>/dev/null | sort | while read -r o; do
    d=$(dirname "$(dirname "$o")")
    s=$(basename "$o" .o)
    [ -f "$src/ompi_coll_swing/${d#"$build/ompi_coll_swing"}/${s#mca_coll_swing_la-}.c" ] && echo "$o"
done)
if [ -z "$objs" ]; then
    echo "layers: no objects under $build/ompi_coll_swing (not built): calls not checked"
else
    declare -A def_obj
    for o in $objs; do
        while read -r sym; do
            def_obj[$sym]=$o
        done < <(nm --defined-only -g "$o" | awk '$2 ~ /[TDBR]/ {print $3}')
    done
    edges=$(mktemp)
    trap 'rm -f "$edges"' EXIT
    # an object's layer: its source's folder, from libtool's object name
    obj_layer() {
        local d
        d=$(basename "$(dirname "$(dirname "$1")")")
        [ "$d" = ompi_coll_swing ] && d=.
        echo "$d"
    }
    for o in $objs; do
        mine=$(obj_layer "$o")
        r=$(rank_of "$mine")
        while read -r sym; do
            t=${def_obj[$sym]:-}
            [ -n "$t" ] && [ "$t" != "$o" ] || continue
            echo "$(basename "$o") $(basename "$t")" >> "$edges"
            if [ "$(rank_of "$(obj_layer "$t")")" -lt "$r" ]; then
                echo "layers: $(basename "$o") ($mine) uses $sym of $(basename "$t") ($(obj_layer "$t")), a layer above"
                bad=1
            fi
        done < <(nm -u "$o" | awk '{print $2}')
    done
    if ! sort -u "$edges" | tsort > /dev/null 2> "$edges.loop"; then
        echo "layers: the component's files call each other in a circle:"
        sed 's/^tsort: /  /' "$edges.loop"
        bad=1
    fi
    rm -f "$edges.loop"
fi

# The libraries (topology/, kernels/) and swing-topo have no layers of
# their own to name, but their files too may not call each other in a
# circle: check-circles.sh, the same nm and tsort check per folder.
"$(dirname "$0")/check-circles.sh" "$src" "$build" || bad=1
[ "$bad" = 0 ] && echo "layers: ok (${layers[*]})"
exit "$bad"
