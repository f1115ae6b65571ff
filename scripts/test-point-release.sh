#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# test-point-release.sh: the component and another point release of its
# Open MPI series, for real. Debian's archive holds two 4.1 releases: 4.1.4
# (bookworm, this machine) and 4.1.0 (bullseye). In a bullseye root
# (scripts/ompi5-root.sh with SWING_OMPI5_SUITE=bullseye):
#   1. configure against bullseye's own Open MPI 4.1.0 refuses, naming the
#      releases it supports (4.1.0 predates the op types the component
#      uses);
#   2. the component built with this machine's Open MPI headers (4.1.4) and
#      loaded by bullseye's 4.1.0 libraries, whose structures differ
#      (docs/INSTALL.md, Point releases), declines with exactly one line,
#      and the job's allreduce, served by Open MPI's own components, is
#      right.
# (A bookworm build cannot simply be copied into bullseye: it needs a newer
# C library. So the build happens in the root, with 4.1.4's headers.)
# Where this machine's Open MPI is not in 4.1.2-4.1.8, it skips. Ends with
# "N passed, N failed, N skipped". Needs root; the root is built on first
# use (a few minutes, ~600 MB) and reused.
set -u
srcdir=$(cd "$(dirname "$0")/.." && pwd)
root=${SWING_BULLSEYE_ROOT:-/var/tmp/swing-bullseye}
host=$(ompi_info --version 2>/dev/null | sed -n 's/^Open MPI v\([0-9.]*\).*/\1/p')

case "$host" in
4.1.[2-8]) ;;
*)
    echo "test-point-release.sh: skipped: this machine's Open MPI is ${host:-missing}, not 4.1.2-4.1.8"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0 ;;
esac
if [ "$(id -u)" != 0 ]; then
    echo "test-point-release.sh: skipped: needs root (mmdebstrap, chroot)"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
fi

SWING_OMPI5_ROOT=$root
SWING_OMPI5_SUITE=bullseye
SWING_OMPI5_PKGS=build-essential,autoconf,automake,libtool,pkg-config,libopenmpi-dev,openmpi-bin,libhwloc-dev,check
export SWING_OMPI5_ROOT SWING_OMPI5_SUITE SWING_OMPI5_PKGS
if ! "$srcdir/scripts/ompi5-root.sh" build > /tmp/swing-bullseye-build.log 2>&1; then
    tail -20 /tmp/swing-bullseye-build.log
    echo "FAIL the bullseye root"
    echo "0 passed, 1 failed, 0 skipped"
    exit 1
fi

# This machine's headers, and an mpicc that compiles with them and links
# with bullseye's libraries
hostinc=$(mpicc --showme:incdirs | cut -d' ' -f1)
rm -rf "$root/opt/ompi-host"
mkdir -p "$root/opt/ompi-host/bin"
cp -a "$hostinc" "$root/opt/ompi-host/include"
cat > "$root/opt/ompi-host/bin/mpicc" <<'EOF'
#!/bin/sh
# Open MPI headers of the host, this root's Open MPI libraries
inc=/opt/ompi-host/include
case "$*" in
*--showme:incdirs*) echo "$inc $inc/openmpi"; exit 0 ;;
*--showme*) exec /usr/bin/mpicc "$@" ;;
esac
exec gcc -I$inc -I$inc/openmpi "$@" $(/usr/bin/mpicc --showme:link)
EOF
chmod 755 "$root/opt/ompi-host/bin/mpicc"

inside=$(cat <<EOF
pass=0; fail=0
ok() { pass=\$((pass + 1)); echo "ok   \$*"; }
bad() { fail=\$((fail + 1)); echo "FAIL \$*"; }
ver=\$(ompi_info --version | sed -n 's/^Open MPI v\([0-9.]*\).*/\1/p')
autoreconf -fi > /tmp/ar.log 2>&1 || { tail /tmp/ar.log; bad autoreconf; }
./configure > /tmp/c-own.log 2>&1
rc=\$?
msg=\$(grep "configure: error:" /tmp/c-own.log)
if [ \$rc != 0 ] && echo "\$msg" | grep -q "Open MPI \$ver is not supported.*4.1.2"; then
    ok "configure against Open MPI \$ver refuses: \$msg"
else
    tail -5 /tmp/c-own.log; bad "configure against Open MPI \$ver: exit \$rc, not the refusal"
fi
./configure MPICC=/opt/ompi-host/bin/mpicc > /tmp/c-host.log 2>&1 || { tail -20 /tmp/c-host.log; bad "configure with Open MPI $host's headers"; }
grep -q "may load under... 4.1.2 to 4.1.8" /tmp/c-host.log && ok "configure with $host's headers: loads under 4.1.2 to 4.1.8" \
    || bad "configure with $host's headers: not 4.1.2 to 4.1.8"
for d in topology kernels ompi_coll_swing bench; do make -j2 -C \$d > /tmp/make.log 2>&1 || { tail -20 /tmp/make.log; bad "make -C \$d"; }; done
mkdir -p /tmp/components && cp ompi_coll_swing/.libs/mca_coll_swing.so /tmp/components/
lib=\$(ompi_info --path pkglibdir --parsable | sed -n 's/^path:pkglibdir://p')
mpirun --allow-run-as-root --oversubscribe --mca mca_base_component_path /tmp/components:\$lib -np 2 \
    bench/swing_bench -m 8:1K -i 3 -C swing-auto,tuned --csv /tmp/b.csv > /tmp/b.out 2>&1
rc=\$?
want="coll:swing: built for Open MPI $host, running under \$ver (it loads under 4.1.2 to 4.1.8 only): swing is disabled (rebuild it against this Open MPI)"
n=\$(grep -c "coll:swing" /tmp/b.out)
if [ "\$n" = 1 ] && grep -qxF "\$want" /tmp/b.out; then
    ok "under \$ver the $host build declines with one line: \$want"
else
    cat /tmp/b.out; bad "under \$ver: \$n coll:swing lines, expected exactly: \$want"
fi
if [ \$rc = 0 ] && awk -F, 'NR > 1 && \$2 == "tuned" { n++; if (\$13 != "yes") bad = 1 } END { exit bad || !n }' /tmp/b.csv; then
    ok "the job runs, Open MPI's tuned serving, results validated"
else
    bad "the job under \$ver: exit \$rc or results not validated"
fi
echo "\$pass passed, \$fail failed, 0 skipped"
EOF
)
"$srcdir/scripts/ompi5-root.sh" run "$inside" 2>&1 | grep -v "^ompi5-root.sh: reusing"
