#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# spdx.sh: every source file of the tree carries the license's SPDX line.
#
#   scripts/spdx.sh [--fix] [DIR]
#
# Source files: C (.c, .h), shell and other scripts (.sh, executables with
# a #! line), Automake, Autoconf and m4 files, gnuplot scripts, the build's
# Makefiles, .ci/run and debian/rules. Data, results and documents are not
# code and carry no line. Without --fix it lists the files without one and
# exits 1 if there are any; with --fix it adds the line (after a #! line,
# as a comment of the file's language).
set -u
fix=0
[ "${1:-}" = --fix ] && { fix=1; shift; }
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top" || exit 2
tag="SPDX-License-Identifier: BSD-3-Clause"

sources() {
    if [ -d .git ] || [ -f .git ]; then
        git ls-files
    else
        find . -type f ! -path './.git/*' | sed 's|^\./||'
    fi | grep -v -E '^(docs/results|tests/golden|tests/fuzz/(seeds|regress)|tests/unit/data)/' |
        while read -r f; do
            case "$f" in
                *.c | *.h | *.sh | *.am | *.ac | *.m4 | *.gp | *.in | *.standalone | \
                    .ci/run | debian/rules | bench/swing-tune)
                    echo "$f" ;;
            esac
        done
}

missing=0
for f in $(sources); do
    [ -f "$f" ] || continue
    head -5 "$f" | grep -q "$tag" && continue
    if [ "$fix" = 0 ]; then
        echo "no SPDX line: $f"
        missing=$((missing + 1))
        continue
    fi
    case "$f" in
        *.c | *.h | *.in) line="/* $tag */" ;;
        *.m4 | *.ac) line="dnl $tag" ;;
        *) line="# $tag" ;;
    esac
    case "$f" in
        *.in) head -1 "$f" | grep -q '^#' && line="# $tag" ;;
    esac
    tmp=$f.spdx.$$
    if head -1 "$f" | grep -q '^#!'; then
        { head -1 "$f"; echo "$line"; tail -n +2 "$f"; } > "$tmp"
    else
        { echo "$line"; cat "$f"; } > "$tmp"
    fi
    cat "$tmp" > "$f" && rm -f "$tmp"
done
if [ "$missing" -gt 0 ]; then
    echo "spdx.sh: $missing source files without \"$tag\" (scripts/spdx.sh --fix adds it)"
    exit 1
fi
exit 0
