#!/usr/bin/env bash
# The component keeps to its layers (scripts/check-layers.sh): the real
# tree passes; made-up trees with an include of a layer above, a call of a
# layer above, and two files calling each other are each refused.
set -u
top=${SWING_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
build=${SWING_TOP_BUILDDIR:-$top}
check=$top/scripts/check-layers.sh
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

expect() {
    local want=$1 what=$2 out rc
    shift 2
    out=$("$@" 2>&1)
    rc=$?
    if { [ "$want" = ok ] && [ "$rc" = 0 ]; } || { [ "$want" = refused ] && [ "$rc" != 0 ]; }; then
        echo "ok: $what"
        pass=$((pass + 1))
    else
        echo "FAIL: $what (exit $rc)"
        echo "$out" | sed 's/^/  /'
        fail=$((fail + 1))
    fi
}

expect ok "the component's layers" "$check" "$top" "$build"
if ! ls "$build"/ompi_coll_swing/*/.libs/*.o > /dev/null 2>&1; then
    echo "FAIL: the component is not built under $build (the calls check would not run)"
    fail=$((fail + 1))
fi

# a made-up component: node/ (low) and decide/ (high)
fake() {
    rm -rf "$tmp/t"
    mkdir -p "$tmp/t/ompi_coll_swing/node/.libs" "$tmp/t/ompi_coll_swing/decide/.libs"
    printf '%s\n' "$1" > "$tmp/t/ompi_coll_swing/node/coll_swing_low.c"
    printf '%s\n' "$2" > "$tmp/t/ompi_coll_swing/decide/coll_swing_high.c"
    touch "$tmp/t/ompi_coll_swing/node/coll_swing_node.h" \
          "$tmp/t/ompi_coll_swing/decide/coll_swing_decide.h"
    for l in node/coll_swing_low decide/coll_swing_high; do
        cc -I"$tmp/t/ompi_coll_swing/decide" -c -o "$tmp/t/ompi_coll_swing/$(dirname $l)/.libs/$(basename $l).o" \
            "$tmp/t/ompi_coll_swing/$l.c" || return 1
    done
}

fake 'int low(void) { return 1; }' \
     'int low(void); int high(void) { return low(); }'
expect ok "a call downward" "$check" "$tmp/t"
fake '#include "coll_swing_decide.h"
int low(void) { return 1; }' 'int high(void) { return 2; }'
expect refused "an include of a layer above" "$check" "$tmp/t"
fake 'int high(void); int low(void) { return high(); }' \
     'int high(void) { return 2; }'
expect refused "a call of a layer above" "$check" "$tmp/t"
mkdir -p "$tmp/t/ompi_coll_swing/node/.libs"
fake 'int b(void); int a(void) { return b(); }' 'int high(void) { return 2; }'
printf '%s\n' 'int a(void); int b(void) { return a() + 1; }' > "$tmp/t/ompi_coll_swing/node/coll_swing_low2.c"
cc -c -o "$tmp/t/ompi_coll_swing/node/.libs/coll_swing_low2.o" "$tmp/t/ompi_coll_swing/node/coll_swing_low2.c"
expect refused "two files of one layer calling each other" "$check" "$tmp/t"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
