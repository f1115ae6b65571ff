#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# topology/ keeps to its rooms (scripts/check-rooms.sh): the real tree
# passes; made-up trees with an include of a room above, a call of a room
# above, a file in no room and a room without its purpose are each
# refused (exit 1 with a line saying why); a tree that cannot be checked
# is told apart (exit 2). Any other exit (a crash, a missing script) fails
# whatever was expected.
set -u
top=${SWING_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
build=${SWING_TOP_BUILDDIR:-$top}
check=$top/scripts/check-rooms.sh
rooms="core fabric text table desc net sched tree cost"
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect ok|refused|cannot WHAT COMMAND...
expect() {
    local want=$1 what=$2 out rc good=0
    shift 2
    out=$("$@" 2>&1)
    rc=$?
    case $want/$rc in
        ok/0) good=1 ;;
        refused/1) grep -q '^rooms: .*\(above\|in no room\|purpose\|missing\)' <<< "$out" && good=1 ;;
        cannot/2) good=1 ;;
    esac
    if [ "$good" = 1 ]; then
        echo "ok: $what"
        pass=$((pass + 1))
    else
        case $rc in
            0 | 1 | 2) echo "FAIL: $what (expected $want, exit $rc)" ;;
            *) echo "FAIL: $what (the checker crashed or did not run: exit $rc)" ;;
        esac
        echo "$out" | sed 's/^/  /'
        fail=$((fail + 1))
    fi
}

expect ok "topology/'s rooms" "$check" "$top" "$build"
if ! ls "$build"/topology/core/.libs/*.o > /dev/null 2>&1; then
    echo "FAIL: topology/ is not built under $build (the calls check would not run)"
    fail=$((fail + 1))
fi

# A made-up library: every room with its purpose, then pairs of ROOM/NAME
# and its code, built as libtool names them (ROOM/.libs/libswt_la-NAME.o).
fake() {
    local r f
    rm -rf "$tmp/t"
    for r in $rooms; do
        mkdir -p "$tmp/t/topology/$r/.libs"
        echo "the $r room" > "$tmp/t/topology/$r/README.md"
    done
    touch "$tmp/t/topology/core/swt_low.h" "$tmp/t/topology/cost/swt_high.h"
    while [ $# -ge 2 ]; do
        f=$tmp/t/topology/$1.c
        printf '%s\n' "$2" > "$f"
        cc -I"$tmp/t/topology/core" -I"$tmp/t/topology/cost" -c \
            -o "$(dirname "$f")/.libs/libswt_la-$(basename "$1").o" "$f" || return 1
        shift 2
    done
}

fake core/swt_low 'int low(void) { return 1; }' \
    cost/swt_high '#include "swt_low.h"
int low(void); int high(void) { return low(); }'
expect ok "an include and a call downward" "$check" "$tmp/t"
fake core/swt_low '#include "swt_high.h"
int low(void) { return 1; }' cost/swt_high 'int high(void) { return 2; }'
expect refused "an include of a room above" "$check" "$tmp/t"
fake core/swt_low 'int high(void); int low(void) { return high(); }' \
    cost/swt_high 'int high(void) { return 2; }'
expect refused "a call of a room above" "$check" "$tmp/t"
fake core/swt_low 'int low(void) { return 1; }'
echo 'int stray(void) { return 0; }' > "$tmp/t/topology/swt_stray.c"
expect refused "a file in no room" "$check" "$tmp/t"
fake core/swt_low 'int low(void) { return 1; }'
mkdir -p "$tmp/t/topology/misc" && echo 'int m(void) { return 0; }' > "$tmp/t/topology/misc/swt_m.c"
expect refused "a folder that is no room" "$check" "$tmp/t"
fake core/swt_low 'int low(void) { return 1; }'
rm "$tmp/t/topology/sched/README.md"
expect refused "a room without its purpose" "$check" "$tmp/t"
fake core/swt_low 'int low(void) { return 1; }'
printf 'one\ntwo\n' > "$tmp/t/topology/sched/README.md"
expect refused "a room whose purpose takes two lines" "$check" "$tmp/t"
# a file moved since the build: its stale object is not read
fake core/swt_low 'int high(void); int low(void) { return high(); }' \
    cost/swt_high 'int high(void) { return 2; }'
rm "$tmp/t/topology/core/swt_low.c"
expect ok "a stale object (its source moved) left out" "$check" "$tmp/t"
expect cannot "a tree without topology/" "$check" "$tmp/none"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
