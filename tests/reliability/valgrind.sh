#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# valgrind memcheck on every Check unit test program of tests/unit/, in the
# test's own process (CK_FORK=no): no errors and no definite leaks.
# Skipped (77) without valgrind or in a sanitizer build (ASan and valgrind
# do not mix).
#   valgrind.sh          short form: the programs named in $short, the
#                        ones that run natively in under a second on an
#                        idle machine (valgrind makes them 20-50 times
#                        slower); a fixed set, whatever the load: one
#                        missing is a failure
#   valgrind.sh --long   every unit test program
set -u
long=0
[ "${1:-}" = "--long" ] && long=1
short="test_partner test_route test_cost test_cost_tree test_cost_hier test_fabric test_table
    test_topo_desc test_topo_map test_ring test_mport"
here=$(cd "$(dirname "$0")" && pwd)
tests_dir=${SWING_TESTS_DIR:-$(pwd)}
libtool=${SWING_TOP_BUILDDIR:-$tests_dir/..}/libtool
command -v valgrind >/dev/null 2>&1 || { echo "valgrind.sh: valgrind not found: skipped"; exit 77; }
progs=""
for f in "$tests_dir"/unit/test_*; do
    case "$f" in *.o|*.c|*.h|*.log|*.trs) continue ;; esac
    # programs only: in an in-tree build the unit test scripts sit here too
    [ -f "$f" ] && [ -x "$f" ] && [ "$(head -c 4 "$f" | tr -d '\177')" = ELF ] \
        && progs="$progs $f"
done
[ -n "$progs" ] || { echo "valgrind.sh: no unit test programs in $tests_dir/unit (not built?)"; exit 99; }
for f in $progs; do
    real="$(dirname "$f")/.libs/$(basename "$f")"
    [ -f "$real" ] || real=$f
    if nm "$real" 2>/dev/null | grep -q __asan_init; then
        echo "valgrind.sh: sanitizer build: skipped"; exit 77
    fi
done
fails=0
if [ $long = 0 ]; then
    progs=""
    for p in $short; do
        f="$tests_dir/unit/$p"
        if [ -x "$f" ]; then
            progs="$progs $f"
        else
            echo "FAIL $p: not built in $tests_dir/unit"
            fails=$((fails + 1))
        fi
    done
    echo "valgrind.sh: the short set ($(echo $short | wc -w) programs); every one: valgrind.sh --long"
fi
for f in $progs; do
    log=$(mktemp /tmp/swing-vg.XXXXXX)
    CK_FORK=no "$libtool" --mode=execute valgrind -q --error-exitcode=1 --leak-check=full \
        --errors-for-leak-kinds=definite --show-leak-kinds=definite \
        --suppressions="$here/valgrind.supp" "$f" >"$log" 2>&1
    rc=$?
    if [ $rc = 0 ]; then
        echo "ok   $(basename "$f"): $(grep -E '^[0-9]+%:' "$log" | tail -n 1)"
    else
        fails=$((fails + 1))
        echo "FAIL $(basename "$f") under valgrind (exit $rc):"
        head -n 60 "$log"
    fi
    rm -f "$log"
done
[ $fails = 0 ]
