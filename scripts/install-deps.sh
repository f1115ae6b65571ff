#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Installs, with apt, whatever the build, the tests, the benchmark and the
# format check (clang-format) need and this Debian/Ubuntu machine does not
# have yet. Needs root (or sudo).
set -e
pkgs="gcc make pkg-config autoconf automake libtool \
      libopenmpi-dev openmpi-bin libhwloc-dev check \
      gnuplot-nox libxml2-utils valgrind iproute2 iputils-ping util-linux \
      procps debhelper dpkg-dev clang-format"
missing=""
for p in $pkgs; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -z "$missing" ]; then
    echo "install-deps: everything is installed"
    exit 0
fi
echo "install-deps: installing$missing"
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends $missing
