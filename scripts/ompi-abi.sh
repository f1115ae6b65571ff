#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# ompi-abi.sh: which releases of an Open MPI series share, with the one a
# build of coll/swing used, every Open MPI header that build read. The
# evidence behind the ABI table in m4/swing_ompi_abi.m4 (docs/INSTALL.md,
# Point releases); a maintainer's tool, not part of the tests.
#
#   scripts/ompi-abi.sh OMPI_GIT BUILDDIR            the table
#   scripts/ompi-abi.sh OMPI_GIT BUILDDIR A B        what changed from A to B
#
# OMPI_GIT: a clone of Open MPI's repository with its release tags
# (v4.1.0, ..., v5.0.10). BUILDDIR: a build tree of this project (configured
# and built with dependency tracking, the default), whose
# ompi_coll_swing/.deps name every header the component's compilation read.
# Each header is taken from each release's tag (generated ones from their
# template, e.g. mpi.h from ompi/include/mpi.h.in), comments and blank space
# removed, and compared. Releases with no header changed form one group; at
# each boundary the headers that changed are listed. A header changed is not
# yet a layout changed (a new prototype, an inline function the component
# does not call): `A B` shows the changes to judge. Headers of other
# projects (hwloc, libevent, PMIx) are not Open MPI's and are left out.
set -eu

usage() {
    sed -n '2,20s/^# \{0,1\}//p' "$0" >&2
    exit 2
}
[ $# = 2 ] || [ $# = 4 ] || usage
git=$1
build=$2
series=$(sed -n 's/^SWING_OMPI_VERSION = \([0-9]*\.[0-9]*\)\..*/\1/p' "$build/Makefile")
[ -n "$series" ] || { echo "ompi-abi.sh: $build is not a configured build tree" >&2; exit 2; }
deps=$(ls "$build"/ompi_coll_swing/.deps/*.Plo 2>/dev/null || true)
[ -n "$deps" ] || { echo "ompi-abi.sh: no $build/ompi_coll_swing/.deps/*.Plo: build with dependency tracking first" >&2; exit 2; }
incdirs=$(sed -n 's/^SWING_OMPI_CPPFLAGS = //p' "$build/Makefile" | tr ' ' '\n' | grep '^/' | sort -r)

# The headers, as paths inside Open MPI's include directories.
headers=$(cat $deps | tr ' \\' '\n\n' | grep '\.h:\{0,1\}$' | sed 's/:$//' | sort -u | while read -r h; do
    for d in $incdirs; do
        case "$h" in "$d"/*) echo "${h#"$d"/}"; break ;; esac
    done
done | sort -u)

tags=$(git -C "$git" tag -l "v$series.*" | grep -E "^v$series\.[0-9]+$" | sort -t. -k3,3n)
[ -n "$tags" ] || { echo "ompi-abi.sh: no release tags v$series.* in $git" >&2; exit 2; }

# src TAG HEADER: the header's text at TAG (its template where generated),
# or nothing where Open MPI's tree does not hold it
src() {
    for p in "$2" "ompi/include/$2" "opal/include/$2" "orte/include/$2" "$2.in" "ompi/include/$2.in" "opal/include/$2.in"; do
        if git -C "$git" cat-file -e "$1:$p" 2>/dev/null; then
            git -C "$git" show "$1:$p"
            return 0
        fi
    done
    return 1
}

# norm: C text without comments, blank lines or runs of blanks
norm() {
    gcc -fpreprocessed -dD -E -P -x c - 2>/dev/null | tr -s ' \t' '  ' | sed 's/^ //; s/ $//' | grep -v '^$' || true
}

if [ $# = 4 ]; then
    for h in $headers; do
        a=$(src "v$3" "$h" | norm || true)
        b=$(src "v$4" "$h" | norm || true)
        [ "$a" = "$b" ] && continue
        echo "=== $h"
        diff -u --label "v$3" --label "v$4" <(echo "$a") <(echo "$b") | tail -n +3 || true
    done
    exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
missing=""
for t in $tags; do
    mkdir -p "$tmp/$t"
    for h in $headers; do
        f=$tmp/$t/$(echo "$h" | tr / %)
        if src "$t" "$h" > "$f.raw"; then
            norm < "$f.raw" > "$f"
        elif [ "$t" = "$(echo "$tags" | tail -1)" ]; then
            missing="$missing $h"
        fi
        rm -f "$f.raw"
    done
done

echo "Open MPI $series: $(echo "$headers" | wc -l) headers read by the component's build, compared at each release"
[ -z "$missing" ] || echo "not in Open MPI's tree (other projects' or generated without a template):$missing"
prev=""
group=""
for t in $tags; do
    if [ -n "$prev" ]; then
        changed=$(diff -rq "$tmp/$prev" "$tmp/$t" 2>/dev/null | sed -n 's|^Files .*/\([^/]*\) and .* differ$|\1|p; s|^Only in [^:]*: \(.*\)$|\1|p' | tr % / | tr '\n' ' ')
        if [ -n "$changed" ]; then
            echo "  same headers: $group"
            echo "  ${prev#v} -> ${t#v} changed: $changed"
            group=""
        fi
    fi
    group="$group${group:+ }${t#v}"
    prev=$t
done
echo "  same headers: $group"
