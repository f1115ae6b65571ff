#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# test-package.sh: the Debian package on this machine, as an administrator
# and a user meet it: built from the tree (dpkg-buildpackage -b -us -uc, in
# a copy), installed (apt-get install ./openmpi-coll-swing_*.deb), used by
# a user with no variable of Open MPI, PMIx or swing set, removed (apt-get
# purge), and nothing of it left. Needs root and the build dependencies
# (scripts/install-deps.sh). Ends with "N passed, N failed, 0 skipped".
# .ci/run runs it on the host (Open MPI 4.1) and in the trixie root (5.0).
#
#   scripts/test-package.sh [-o DIR]    -o: keep the .deb files in DIR
set -u
srcdir=$(cd "$(dirname "$0")/.." && pwd)
pkg=openmpi-coll-swing
keep=""
[ "${1:-}" = -o ] && keep=${2:?-o wants a directory}
passed=0
failed=0

ok() {
    passed=$((passed + 1))
    echo "ok   $*"
}

bad() {
    failed=$((failed + 1))
    echo "FAIL $*"
}

# check WHAT COMMAND...: one check, by the command's exit status
check() {
    what=$1
    shift
    if "$@"; then ok "$what"; else bad "$what"; fi
}

finish() {
    echo "package: $passed passed, $failed failed"
    echo "$passed passed, $failed failed, 0 skipped"
    [ "$failed" = 0 ]
    exit
}

[ "$(id -u)" = 0 ] || { echo "test-package.sh: needs root (apt-get install)"; bad "root"; finish; }
work=$(mktemp -d "${TMPDIR:-/tmp}/swing-pkg.XXXXXX")
installed_here=0
cleanup() {
    if [ "$installed_here" = 1 ] && dpkg -s "$pkg" >/dev/null 2>&1; then
        apt-get purge -y -q -o DPkg::Lock::Timeout=300 "$pkg" >/dev/null 2>&1
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

version=$(sed -n 's/^AC_INIT(\[swing\], \[\([^]]*\)\].*/\1/p' "$srcdir/configure.ac")
if dpkg -s "$pkg" >/dev/null 2>&1; then
    echo "test-package.sh: $pkg is installed already; purging it first"
    apt-get purge -y -q -o DPkg::Lock::Timeout=300 "$pkg" >/dev/null 2>&1
fi

# 1. The build, from a copy of the sources (a fresh clone's files)
mkdir -p "$work/src"
if git -C "$srcdir" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    (cd "$srcdir" && git ls-files -z --cached --others --exclude-standard \
        | xargs -0 -r stat -c '%n' 2>/dev/null | tar -c -T - -f -) | tar -x -C "$work/src" -f -
elif [ -e "$srcdir/config.status" ]; then
    bad "the sources: $srcdir is configured and no git tree: run this on a clean tree"
    finish
else
    tar -c -C "$srcdir" -f - . | tar -x -C "$work/src" -f -
fi
check "changelog version $(dpkg-parsechangelog -l "$work/src/debian/changelog" -S Version 2>/dev/null) is configure's $version" \
    test "$(dpkg-parsechangelog -l "$work/src/debian/changelog" -S Version 2>/dev/null)" = "$version"
start=$(date +%s)
# (nocheck: its unit tests are make check's, which CI runs beside)
(cd "$work/src" && DEB_BUILD_OPTIONS="parallel=2 noautodbgsym nocheck" dpkg-buildpackage -b -us -uc) \
    > "$work/build.log" 2>&1
rc=$?
deb=$(ls "$work"/${pkg}_*.deb 2>/dev/null | head -1)
if [ "$rc" != 0 ] || [ -z "$deb" ]; then
    tail -30 "$work/build.log"
    bad "dpkg-buildpackage -b -us -uc (exit $rc)"
    finish
fi
ok "dpkg-buildpackage -b -us -uc: $(basename "$deb") in $(($(date +%s) - start)) s"
[ -z "$keep" ] || { mkdir -p "$keep" && cp "$work"/*.deb "$keep"/; }
depends=$(dpkg-deb -f "$deb" Depends)
echo "     Depends: $depends"
check "Depends holds the ABI range (<< a later release of the series)" \
    sh -c "echo '$depends' | grep -Eq 'libopenmpi[0-9]+ \\(<< [0-9]+\\.[0-9]+\\.[0-9]+~\\)'"

# What Open MPI and PMIx have before: the removal must restore exactly it
pkglibdir=$(ompi_info --path pkglibdir --parsable | sed -n 's/^path:pkglibdir://p')
snapshot() {
    for d in "$pkglibdir" /usr/lib/x86_64-linux-gnu/pmix2/lib/pmix /usr/lib/x86_64-linux-gnu/pmix2/share; do
        [ -d "$d" ] && find "$d" -maxdepth 1 -exec sh -c 'echo "$1 $(md5sum < "$1" 2>/dev/null)"' _ {} \;
    done | sort
}
snapshot > "$work/before"

# 2. The installation, as the README says
if apt-get install -y -q -o DPkg::Lock::Timeout=300 "$deb" > "$work/install.log" 2>&1; then
    installed_here=1
    ok "apt-get install ./$(basename "$deb")"
else
    tail -20 "$work/install.log"
    bad "apt-get install ./$(basename "$deb")"
    finish
fi
dpkg -L "$pkg" | while read -r f; do [ -d "$f" ] || echo "$f"; done > "$work/files"
echo "     $(wc -l < "$work/files") files, e.g. $(grep mca_coll_swing "$work/files" | tr '\n' ' ')"

# 3. A user's view: a clean environment (no OMPI_MCA_*, PMIX_MCA_*, SWING_*),
# a home of its own (no ~/.openmpi), plain mpirun
mkdir -p "$work/home" "$work/run"
user_env() {
    env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME="$work/home" \
        LANG=C.UTF-8 OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "$@"
}
line=$(user_env ompi_info 2>/dev/null | grep "MCA coll: swing")
echo "     ompi_info:$line"
check "ompi_info shows coll/swing at the package's version $version" \
    sh -c "echo '$line' | grep -q 'Component v$version)'"
check "swing-topo --version says $version" \
    test "$(user_env swing-topo --version)" = "swing-topo (swing) $version"
check "swing_bench --version says $version" \
    test "$(user_env swing_bench --version)" = "swing_bench (swing) $version"
check "swing-topo show torus:4x2 (8 ranks)" \
    sh -c "swing-topo show torus:4x2 | grep -q '8 ranks'"
for m in swing-topo swing_bench run_bench.sh swing-tune swing_bench_kernels swing_calibrate; do
    check "man page $m" test -s "/usr/share/man/man1/$m.1.gz"
done

# The allreduce of every swing schedule and tuned's, values checked by the
# benchmark, swing's service read from its MPI_T counters. Open MPI 5's TCP
# transport on this VM needs the loopback named (README, Open MPI versions):
# a transport setting, not the component's.
mpi_opts="--oversubscribe --bind-to none"
case "$(mpirun --version 2>/dev/null)" in
*"Open MPI) 5."*) mpi_opts="$mpi_opts --mca btl_tcp_if_include lo" ;;
esac
(cd "$work/run" && user_env mpirun $mpi_opts -np 4 swing_bench -m 8:64K -i 5 \
    -C swing-auto,swing-lo,swing-bo,rd-lo,rd-bo,tuned --csv "$work/b.csv") > "$work/b.out" 2> "$work/b.err"
rc=$?
check "mpirun -np 4 swing_bench: exit 0 (values validated)" test "$rc" = 0
check "the benchmark's header names swing $version" grep -q "^# swing_bench (swing $version)" "$work/b.out"
if [ -s "$work/b.csv" ]; then
    rows=$(awk -F, 'NR > 1 && $2 ~ /^swing-|^rd-/' "$work/b.csv" | wc -l)
    served=$(awk -F, 'NR > 1 && $2 ~ /^swing-|^rd-/ && $12 == "yes" && $13 == "yes"' "$work/b.csv" | wc -l)
    check "swing served and validated every call of its $rows rows ($served)" test "$rows" -gt 0 -a "$rows" = "$served"
    check "tuned validated" sh -c "awk -F, 'NR > 1 && \$2 == \"tuned\" && \$13 != \"yes\" { bad = 1 } NR > 1 && \$2 == \"tuned\" { n++ } END { exit bad || !n }' '$work/b.csv'"
else
    bad "no CSV from swing_bench"
    cat "$work/b.err"
fi
if grep -E "coll:swing|bad prefix|mca_base|component" "$work/b.err"; then
    bad "mpirun printed component or PMIx messages (above)"
else
    ok "mpirun printed no component or PMIx message"
fi
# where the ranks looked (Open MPI 5 under PMIx: PMIx's directory)
ranks_path=$(cd "$work/run" && user_env mpirun $mpi_opts -np 1 env 2>/dev/null | sed -n 's/^OMPI_MCA_mca_base_component_path=//p')
echo "     the ranks' component path: ${ranks_path:-the default}"
if [ -n "$ranks_path" ]; then
    check "a link to the component in ${ranks_path%%:*}" test -L "${ranks_path%%:*}/mca_coll_swing.so"
fi

# 4. The removal: nothing of the package left
if apt-get purge -y -q -o DPkg::Lock::Timeout=300 "$pkg" > "$work/purge.log" 2>&1; then
    installed_here=0
    ok "apt-get purge $pkg"
else
    tail -20 "$work/purge.log"
    bad "apt-get purge $pkg"
fi
check "dpkg knows no $pkg" sh -c "! dpkg -s $pkg >/dev/null 2>&1"
left=$(while read -r f; do [ -e "$f" ] || [ -L "$f" ] && echo "$f"; done < "$work/files")
check "none of its $(wc -l < "$work/files") files left${left:+: $left}" test -z "$left"
snapshot > "$work/after"
if cmp -s "$work/before" "$work/after"; then
    ok "Open MPI's and PMIx's directories as before the installation"
else
    diff "$work/before" "$work/after"
    bad "Open MPI's or PMIx's directories differ from before the installation (above)"
fi
check "ompi_info shows no coll/swing" sh -c "! env -i PATH=/usr/bin:/bin HOME='$work/home' ompi_info 2>/dev/null | grep -q 'MCA coll: swing'"
finish
