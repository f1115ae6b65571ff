#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The component keeps to its layers (scripts/check-layers.sh): the real
# tree passes; made-up trees with an include of a layer above, a call of a
# layer above, and two files calling each other are each refused. The
# libraries' files call each other in no circle (scripts/check-circles.sh,
# which check-layers.sh runs): the real tree passes, made-up libraries with
# files calling each other are refused.
set -u
top=${SWING_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
build=${SWING_TOP_BUILDDIR:-$top}
check=$top/scripts/check-layers.sh
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect ok WHAT COMMAND...: exits 0; expect refused:PATTERN WHAT COMMAND...:
# the checker's own refusal, exit 1 with a line matching PATTERN (a crash,
# a missing script or a broken made-up tree is no refusal)
expect() {
    local want=$1 what=$2 out rc
    shift 2
    out=$("$@" 2>&1)
    rc=$?
    if { [ "$want" = ok ] && [ "$rc" = 0 ]; } \
        || { [ "${want%%:*}" = refused ] && [ "$rc" = 1 ] \
             && printf '%s\n' "$out" | grep -q -E -e "${want#refused:}"; }; then
        echo "ok: $what"
        pass=$((pass + 1))
    else
        if [ "$want" = ok ]; then
            echo "FAIL: $what (exit $rc; expected exit 0)"
        else
            echo "FAIL: $what (exit $rc; expected exit 1 and a line matching ${want#refused:})"
        fi
        echo "$out" | sed 's/^/  /'
        fail=$((fail + 1))
    fi
}

expect ok "the component's layers" "$check" "$top" "$build"
if ! ls "$build"/ompi_coll_swing/*/.libs/*.o > /dev/null 2>&1; then
    echo "FAIL: the component is not built under $build (the calls check would not run)"
    fail=$((fail + 1))
fi
expect ok "no circle of files in topology/, kernels/, tools/swing-topo/" \
    "$top/scripts/check-circles.sh" "$top" "$build"
for d in topology/core/.libs kernels/.libs tools/swing-topo; do
    if ! ls "$build/$d"/*.o > /dev/null 2>&1; then
        echo "FAIL: $d is not built under $build (its circles would not be checked)"
        fail=$((fail + 1))
    fi
done

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
expect "refused:^layers: .*node/coll_swing_low.c \(node\) includes coll_swing_decide.h of the layer above \(decide\)$" \
    "an include of a layer above" "$check" "$tmp/t"
fake 'int high(void); int low(void) { return high(); }' \
     'int high(void) { return 2; }'
expect "refused:^layers: coll_swing_low.o \(node\) uses high of coll_swing_high.o \(decide\), a layer above$" \
    "a call of a layer above" "$check" "$tmp/t"
mkdir -p "$tmp/t/ompi_coll_swing/node/.libs"
fake 'int b(void); int a(void) { return b(); }' 'int high(void) { return 2; }'
printf '%s\n' 'int a(void); int b(void) { return a() + 1; }' > "$tmp/t/ompi_coll_swing/node/coll_swing_low2.c"
cc -c -o "$tmp/t/ompi_coll_swing/node/.libs/coll_swing_low2.o" "$tmp/t/ompi_coll_swing/node/coll_swing_low2.c"
expect "refused:^layers: the component's files call each other in a circle:$" \
    "two files of one layer calling each other" "$check" "$tmp/t"

# A made-up library: folder $1, then pairs of file name and its code,
# built as libtool (FOLDER/.libs/libx_la-NAME.o) or automake names them.
fake_lib() {
    local d=$1 o
    shift
    rm -rf "$tmp/t"
    mkdir -p "$tmp/t/$d"
    [ "${d#tools/}" != "$d" ] || mkdir "$tmp/t/$d/.libs"
    while [ $# -ge 2 ]; do
        printf '%s\n' "$2" > "$tmp/t/$d/$1.c"
        case $d in
            tools/*) o=$tmp/t/$d/prog-$1.o ;;
            *) o=$tmp/t/$d/.libs/libx_la-$1.o ;;
        esac
        cc -c -o "$o" "$tmp/t/$d/$1.c" || return 1
        shift 2
    done
}

# refused, with a line naming the circle: expect_circle WHAT FOLDER FILE...
# (tsort may start the loop at any of its files: each must be called)
expect_circle() {
    local what=$1 d=$2 out rc line f named=0
    shift 2
    out=$("$check" "$tmp/t" 2>&1)
    rc=$?
    while IFS= read -r line; do
        [ "${line#"circles: $d/: "}" != "$line" ] || continue
        named=1
        for f in "$@"; do
            case $line in *" -> $f "* | *" -> $f") ;; *) named=0 ;; esac
        done
        [ "$named" = 1 ] && break
    done <<< "$out"
    if [ "$rc" = 1 ] && [ "$named" = 1 ]; then
        echo "ok: $what"
        pass=$((pass + 1))
    else
        echo "FAIL: $what (exit $rc; expected a circle of $* in $d/)"
        echo "$out" | sed 's/^/  /'
        fail=$((fail + 1))
    fi
}

fake_lib topology swt_low 'int low(void) { return 1; }' \
    swt_high 'int low(void); int high(void) { return low(); }'
expect ok "a library whose files call one way" "$check" "$tmp/t"
fake_lib topology swt_a 'int b(void); int a(void) { return b(); }' \
    swt_b 'int a(void); int b(void) { return a() + 1; }'
expect_circle "two files of topology/ calling each other" topology swt_a.c swt_b.c
fake_lib kernels k_a 'int k_b(void); int k_a(void) { return k_b(); }' \
    k_b 'int k_c(void); int k_b(void) { return k_c(); }' \
    k_c 'int k_a(void); int k_c(void) { return k_a(); }'
expect_circle "three files of kernels/ calling around a loop" kernels k_a.c k_b.c k_c.c
fake_lib tools/swing-topo t_main 'int t_cmd(void); int t_help(void) { return 0; } int main(void) { return t_cmd(); }' \
    t_cmd 'int t_help(void); int t_cmd(void) { return t_help(); }'
expect_circle "a tool's command and its main calling each other" tools/swing-topo \
    t_main.c t_cmd.c
# a file removed since the build: its stale object is not read
fake_lib topology swt_a 'int b(void); int a(void) { return b(); }' \
    swt_b 'int a(void); int b(void) { return a() + 1; }'
rm "$tmp/t/topology/swt_b.c"
expect ok "a stale object (its source removed) left out" "$check" "$tmp/t"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
