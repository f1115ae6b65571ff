#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The SVG drawings of the swing-topo command (swing-topo svg): well-formed
# XML and one arrow (a path of class msg) per message of the step drawn,
# for schedules and for trees (--coll). Parsed with xmllint: skipped (77)
# without it (test_swing_topo.sh still checks that every drawing is made).
set -u

bin="${SWING_TOP_BUILDDIR:?run through make check}/tools/swing-topo/swing-topo"
if ! command -v xmllint > /dev/null 2>&1; then
    echo "SKIP: xmllint not installed (libxml2-utils): the SVG drawings not parsed"
    exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/swing-topo-svg.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fails=0

# arrows FILE WANT WHAT: FILE is well-formed and has WANT arrows
arrows() {
    if ! xmllint --noout "$1"; then
        echo "FAIL: $3: not well-formed XML"
        fails=$((fails + 1))
        return
    fi
    n=$(xmllint --xpath 'count(//*[local-name()="path"][@class="msg"])' "$1")
    if [ "$n" = "$2" ]; then
        echo "ok: $3: $n arrows"
    else
        echo "FAIL: $3: expected $2 arrows, got $n"
        fails=$((fails + 1))
    fi
}

for case in "ring:8 2 swing 8" "torus:4x4 3 rd 16" "ring:6 0 swing 2" "n150 3 swing 64" \
    "torus:4x4 0 swing_mp 64" "torus:4x4 1 rd_mp 32" "ring:8 13 ring 16" "n150 100 ring 256"; do
    set -- $case
    if "$bin" svg "$1" --step "$2" --alg "$3" -o "$tmp/s.svg"; then
        arrows "$tmp/s.svg" "$4" "svg $1 step $2 $3"
    else
        echo "FAIL: svg $1 step $2 $3 exited non-zero"
        fails=$((fails + 1))
    fi
done
for case in "torus:4x4 bcast 0 swing_mp 4" "torus:4x4 scatter 3 swing 8" "ring:8 bcast 6 ring 14" \
    "n150 reduce 0 swing 32" "ring:6 bcast 0 rd 1"; do
    set -- $case
    if "$bin" svg "$1" --coll "$2" --step "$3" --alg "$4" -o "$tmp/t.svg"; then
        arrows "$tmp/t.svg" "$5" "svg $1 --coll $2 step $3 $4"
    else
        echo "FAIL: svg $1 --coll $2 step $3 $4 exited non-zero"
        fails=$((fails + 1))
    fi
done
[ "$fails" = 0 ] || { echo "$fails check(s) failed"; exit 1; }
exit 0
