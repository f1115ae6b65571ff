#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# check-format.sh: are the tree's C files formatted as .clang-format says?
#
#   scripts/check-format.sh [FILE...]
#
# Checks only, never rewrites: prints what clang-format would change (a
# unified diff per file) and exits 1 if anything would; 0 when nothing.
# Without FILEs: every *.c and *.h git tracks (outside git: under the top
# directory), except ompi_coll_swing/compat/ (stand-ins for Open MPI's own
# headers, kept as Open MPI writes them).
#
# The style was made for clang-format 14, and another version formats some
# constructs differently, so the check runs with 14 only: clang-format-14,
# or clang-format when it is 14 ($CLANG_FORMAT to name another binary).
# Exits 77 (skipped) with the reason when there is none.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
want=14

version_of() {
    "$1" --version 2>/dev/null | sed -n 's/.*clang-format version \([0-9]*\)\..*/\1/p' | head -1
}

cf=
for c in ${CLANG_FORMAT:-} clang-format-$want clang-format; do
    command -v "$c" > /dev/null 2>&1 || continue
    if [ "$(version_of "$c")" = "$want" ]; then
        cf=$c
        break
    fi
    found="$c is version $(version_of "$c")"
done
if [ -z "$cf" ]; then
    echo "check-format.sh: SKIP: no clang-format $want (the version .clang-format was" \
         "made for)${found:+; $found}"
    exit 77
fi

cd "$top" || exit 2
if [ $# -gt 0 ]; then
    files=("$@")
elif git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    mapfile -t files < <(git ls-files '*.c' '*.h' | grep -v '^ompi_coll_swing/compat/')
else
    mapfile -t files < <(find . \( -name '*.c' -o -name '*.h' \) -not -path './ompi_coll_swing/compat/*' \
                             -not -path './ompi_coll_swing/compat-inc/*' | sed 's|^\./||' | sort)
fi

bad=0
missing=0
nlines=0
for f in "${files[@]}"; do
    [ -f "$f" ] || { echo "check-format.sh: $f: no such file" >&2; missing=1; continue; }
    out=$("$cf" --style=file "$f" | diff -u --label "a/$f" --label "b/$f" "$f" -)
    if [ -n "$out" ]; then
        printf '%s\n' "$out"
        bad=$((bad + 1))
        nlines=$((nlines + $(printf '%s\n' "$out" | grep -vE '^(\+\+\+|---) [ab]/' | grep -c '^[-+]')))
    fi
done
if [ "$bad" -gt 0 ]; then
    echo "check-format.sh: $bad of ${#files[@]} files differ from .clang-format ($nlines lines);" \
         "apply with: $cf -i FILE..." >&2
    exit 1
fi
[ "$missing" = 0 ] || exit 1
echo "check-format.sh: ${#files[@]} files as .clang-format says ($cf)"
