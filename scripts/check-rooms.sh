#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# check-rooms.sh: holds topology/ to its rooms (topology/Makefile.am,
# docs/ARCHITECTURE.md).
#
#   scripts/check-rooms.sh [SRCDIR [BUILDDIR]]
#
# topology/'s code lives in rooms, one folder per concern, ordered in
# layers. Three checks, from the files themselves:
#   rooms     every file of code is in a room of the list, every room has
#             its purpose in one line (README.md)
#   includes  a file includes only headers of its own room or lower ones
#   calls     from the built objects (nm): a file calls only functions
#             defined in its own room or lower ones
# No arrow runs up, so the rooms call each other in no circle; the files
# of one room in none either (check-circles.sh, which check-layers.sh runs).
# The calls check needs a build (make); without one it is skipped, said so.
# Exit: 0 kept, 1 refused (one line per offence), 2 could not check.
set -u
src=${1:-$(cd "$(dirname "$0")/.." && pwd)}
build=${2:-$src}
top=$src/topology
# Top first.
rooms=(cost tree sched net desc table text fabric core)
bad=0

[ -d "$top" ] || { echo "rooms: no $top: nothing to check" >&2; exit 2; }
command -v nm > /dev/null || { echo "rooms: no nm on PATH" >&2; exit 2; }

rank_of() {
    local i
    for i in "${!rooms[@]}"; do
        [ "${rooms[$i]}" = "$1" ] && { echo "$i"; return; }
    done
    echo -1
}

# the room of a path under topology/ (a file directly in it: ".")
room_of() {
    local rel=${1#"$top"/}
    case $rel in
        */*) echo "${rel%%/*}" ;;
        *) echo . ;;
    esac
}

for r in "${rooms[@]}"; do
    if [ ! -d "$top/$r" ]; then
        echo "rooms: the room $r/ is missing"
        bad=1
    elif [ "$(grep -c . "$top/$r/README.md" 2> /dev/null)" != 1 ]; then
        echo "rooms: $r/README.md does not say the room's purpose in one line"
        bad=1
    fi
done

declare -A hdr_room
while IFS= read -r f; do
    r=$(room_of "$f")
    if [ "$(rank_of "$r")" -lt 0 ]; then
        echo "rooms: ${f#"$src"/} is in no room (${rooms[*]})"
        bad=1
        continue
    fi
    case $f in *.h) hdr_room[$(basename "$f")]=$r ;; esac
done < <(find "$top" \( -name '*.c' -o -name '*.h' \) -not -name swt_presets_data.c)

while IFS= read -r f; do
    mine=$(room_of "$f")
    r=$(rank_of "$mine")
    [ "$r" -ge 0 ] || continue
    while IFS= read -r inc; do
        l=${hdr_room[$inc]:-}
        [ -n "$l" ] || continue
        if [ "$(rank_of "$l")" -lt "$r" ]; then
            echo "rooms: ${f#"$src"/} ($mine) includes $inc of a room above ($l)"
            bad=1
        fi
    done < <(sed -n 's/^#include "\([^"]*\.h\)".*/\1/p' "$f")
done < <(find "$top" \( -name '*.c' -o -name '*.h' \) -not -name swt_presets_data.c)

# libtool's objects, those whose source is still there (a build from
# before a file moved leaves stale ones); the generated presets are desc's
objs=()
for o in "$build"/topology/*/.libs/*.o; do
    [ -e "$o" ] || continue
    d=$(dirname "$(dirname "$o")")
    n=$(basename "$o" .o)
    [ -e "$top/${d#"$build/topology/"}/${n#*-}.c" ] || [ -e "$d/${n#*-}.c" ] && objs+=("$o")
done
if [ "${#objs[@]}" = 0 ]; then
    echo "rooms: no objects under $build/topology/*/.libs (not built): calls not checked"
else
    declare -A def_obj
    obj_room() { basename "$(dirname "$(dirname "$1")")"; }
    for o in "${objs[@]}"; do
        while read -r sym; do
            def_obj[$sym]=$o
        done < <(nm --defined-only -g "$o" | awk '$2 ~ /^[A-Z]$/ {print $3}')
    done
    for o in "${objs[@]}"; do
        mine=$(obj_room "$o")
        r=$(rank_of "$mine")
        while read -r sym; do
            t=${def_obj[$sym]:-}
            [ -n "$t" ] && [ "$t" != "$o" ] || continue
            if [ "$(rank_of "$(obj_room "$t")")" -lt "$r" ]; then
                echo "rooms: $(basename "$o") ($mine) uses $sym of $(basename "$t") ($(obj_room "$t")), a room above"
                bad=1
            fi
        done < <(nm -u "$o" | awk '{print $NF}')
    done
fi

[ "$bad" = 0 ] && echo "rooms: ok (${rooms[*]})"
exit "$bad"
