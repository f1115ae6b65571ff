#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The source tarball carries what the repository holds: `make distdir`
# into a directory of the build tree, removed on exit, then every file git
# tracks must be in it, save what only makes sense in a git checkout
# (not_shipped below). A file added to the tree but to no Makefile.am's
# EXTRA_DIST or sources fails here, not in a user's build from the tarball.
# Skipped (77) outside a git checkout, where there is nothing to compare.
set -u
top=${SWING_TOP_BUILDDIR:?run through make check}
src=${SWING_TOP_SRCDIR:?run through make check}
if ! command -v git > /dev/null 2>&1 || ! git -C "$src" rev-parse --git-dir > /dev/null 2>&1; then
    echo "SKIP: $src is not a git checkout (a tarball's own build has nothing to compare against)"
    exit 77
fi
tmp=$(mktemp -d) || exit 99
# Automake's distdir wants a path relative to the build tree (its
# subdirectories are reached by relative paths); .gitignore covers swing-*/.
dist=swing-distcheck.$$
trap 'rm -rf "$tmp" "$top/$dist"' EXIT INT TERM

# Tracked, but meaningless in a tarball: git's own ignore list.
not_shipped='^\.gitignore$'

# The parent make's flags (jobserver, -k) are not this make's.
if ! env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$top" distdir distdir="$dist" \
        > "$tmp/out" 2>&1; then
    echo "FAIL: make distdir failed:"
    tail -20 "$tmp/out"
    echo "0 passed, 1 failed"
    exit 1
fi

git -C "$src" ls-files | grep -v -E "$not_shipped" | sort > "$tmp/tracked"
(cd "$top/$dist" && find . -type f | sed 's,^\./,,' | sort) > "$tmp/shipped"
comm -23 "$tmp/tracked" "$tmp/shipped" > "$tmp/missing"

tracked=$(wc -l < "$tmp/tracked")
missing=$(wc -l < "$tmp/missing")
if [ "$missing" -ne 0 ]; then
    sed 's,^,FAIL: not in the source tarball (add it to a Makefile.am EXTRA_DIST): ,' "$tmp/missing"
fi
echo "$((tracked - missing)) passed, $missing failed"
[ "$missing" -eq 0 ]
