#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# ompi5-root.sh: build and test this tree against Open MPI 5.0, in a Debian
# trixie root (chroot) on this machine.
#
#   scripts/ompi5-root.sh build        make the root, or reuse it if made
#   scripts/ompi5-root.sh run [CMD]    copy this tree in (sources only, no
#                                      build outputs) and run CMD in its
#                                      copy (default: the README's test
#                                      command); the exit status is CMD's
#   scripts/ompi5-root.sh shell        the same, with an interactive shell
#   scripts/ompi5-root.sh clean        delete the root
#
# Environment:
#   SWING_OMPI5_ROOT    the root (default /var/tmp/swing-trixie, ~1 GB)
#   SWING_OMPI5_SUITE   Debian suite (default trixie: Open MPI 5.0.7)
#   SWING_OMPI5_MIRROR  Debian mirror for mmdebstrap (default: its own)
#   SWING_OMPI5_PKGS    the packages, comma-separated (default: what the
#                       tests and the Debian package build need)
#
# Needs root. Each run/shell happens in private mount and PID namespaces:
# /proc, a tmpfs /dev/shm and a read-only /sys are mounted for it and
# unmounted by path when it ends, and whatever it started dies with it, so
# no mount and no process outlives it, even after a failure or a kill.
set -euo pipefail

root=${SWING_OMPI5_ROOT:-/var/tmp/swing-trixie}
suite=${SWING_OMPI5_SUITE:-trixie}
tree=/build/swing
test_cmd='autoreconf -fi && ./configure && make -j2 && make check'
pkgs=build-essential,autoconf,automake,libtool,pkg-config,libopenmpi-dev,openmpi-bin
pkgs=$pkgs,libhwloc-dev,check,gnuplot-nox,libxml2-utils,valgrind,iproute2,util-linux
pkgs=$pkgs,procps,iputils-ping,debhelper,dpkg-dev
pkgs=${SWING_OMPI5_PKGS:-$pkgs}
srcdir=$(cd "$(dirname "$0")/.." && pwd)

die() {
    echo "ompi5-root.sh: $*" >&2
    exit 1
}

usage() {
    sed -n '2,23s/^# \{0,1\}//p' "$0" >&2
    exit 2
}

ompi5_mounted() {
    findmnt -rn -o TARGET | grep -q -F "$root/"
}

ompi5_build() {
    local want="$suite $pkgs"
    if [ -f "$root/.swing-ready" ] && [ "$(cat "$root/.swing-ready")" = "$want" ]; then
        echo "ompi5-root.sh: reusing $root"
        return 0
    fi
    ompi5_mounted && die "something is mounted under $root; unmount it first"
    if ! command -v mmdebstrap >/dev/null; then
        apt-get install -y -q --no-install-recommends mmdebstrap >/dev/null \
            || die "mmdebstrap is missing and apt-get could not install it"
    fi
    echo "ompi5-root.sh: building $root ($suite)"
    rm -rf --one-file-system "$root.new"
    mmdebstrap --variant=minbase --include="$pkgs" "$suite" "$root.new" \
        ${SWING_OMPI5_MIRROR:+"$SWING_OMPI5_MIRROR"}
    echo "$want" > "$root.new/.swing-ready"
    rm -rf --one-file-system "$root"
    mv "$root.new" "$root"
}

# The sources as git sees them (tracked and new files, not ignored ones),
# so a built working tree goes in as clean as a fresh clone.
ompi5_copy_tree() {
    rm -rf --one-file-system "$root$tree"
    mkdir -p "$root$tree"
    if git -C "$srcdir" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git -C "$srcdir" ls-files -z --cached --others --exclude-standard \
            | (cd "$srcdir" && xargs -0 -r stat -c '%n' 2>/dev/null | tr '\n' '\0' \
               | tar -c --null -T - -f -) \
            | tar -x -C "$root$tree" -f -
    else
        tar -c -C "$srcdir" --exclude-vcs --exclude-vcs-ignores -f - . \
            | tar -x -C "$root$tree" -f -
    fi
}

# Runs as PID 1 of the namespaces made by ompi5_enter.
ompi5_inside() {
    local m
    local mounts=("$root/sys" "$root/dev/shm" "$root/proc" "$root")
    trap 'for m in "${mounts[@]}"; do mountpoint -q "$m" && { umount "$m" || umount -l "$m"; }; done' EXIT
    trap 'exit 130' INT TERM
    # The root a mount point of its own: unshare --mount inside (the tests'
    # emulated nodes) needs "/" to be one.
    mount --bind "$root" "$root"
    mount -t proc proc "$root/proc"
    mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs "$root/dev/shm"
    mount -o bind,ro /sys "$root/sys"
    chroot "$root" /usr/bin/env -i HOME=/root TERM="${TERM:-dumb}" LANG=C.UTF-8 \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
        /bin/bash -c "cd $tree && $1"
}

# unshare ignores SIGINT and SIGTERM while it waits, so this script takes
# them and kills it: --kill-child then kills the namespaces' first process,
# with it every process inside, and the mounts go with the namespace.
ompi5_enter() {
    local child
    ompi5_build
    ompi5_copy_tree
    unshare --mount --propagation private --pid --fork --kill-child \
        "$0" __inside "$1" <&0 &
    child=$!
    trap 'kill -KILL $child 2>/dev/null; exit 130' INT TERM HUP
    wait $child
}

[ $# -ge 1 ] || usage
cmd=$1
shift
if [ "$cmd" = __inside ]; then
    ompi5_inside "$1"
    exit
fi
[ "$(id -u)" = 0 ] || die "needs root (mmdebstrap, chroot, mount)"
mkdir -p "$(dirname "$root")"
exec 9>"$root.lock"
flock 9
case "$cmd" in
    build) ompi5_build ;;
    run) ompi5_enter "${*:-$test_cmd}" ;;
    shell) ompi5_enter 'echo "swing tree: $PWD (Open MPI $(ompi_info --version | sed -n "s/^Open MPI v//p")); exit leaves"; exec bash -i' ;;
    clean)
        ompi5_mounted && die "something is mounted under $root; unmount it first"
        rm -rf --one-file-system "$root" "$root.new"
        rm -f "$root.lock"
        ;;
    *) usage ;;
esac
