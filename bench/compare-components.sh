#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# compare-components.sh: two builds of coll/swing side by side, in one run.
#
#   compare-components.sh [-r ROUNDS] [-n NP] [-o DIR] A_DIR B_DIR -- [mpirun options] -- swing_bench options
#
# A_DIR and B_DIR each hold a mca_coll_swing.so (a build's
# ompi_coll_swing/.libs, or a directory with a copy). Each round runs
# swing_bench (the same binary, the same options) once with A's component
# and once with B's, alternating which goes first, so a drift of the
# machine's speed during the run hits both alike. Per configuration and
# size it prints the median over rounds of each build's median time, B/A,
# and the spread of B/A over the rounds; the CSVs stay in DIR.
#
# Environment: SWING_BENCH (default: swing_bench beside this script),
# MPIRUN (default mpirun).
set -u
here=$(cd "$(dirname "$0")" && pwd)
rounds=5 np=2 outdir=""
while [ $# -gt 0 ]; do
    case "$1" in
    -r) rounds=$2; shift 2 ;;
    -n) np=$2; shift 2 ;;
    -o) outdir=$2; shift 2 ;;
    *) break ;;
    esac
done
[ $# -ge 2 ] || { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
a=$(cd "$1" && pwd) b=$(cd "$2" && pwd)
shift 2
mpiopts="" benchopts=""
if [ "${1:-}" = -- ]; then
    shift
    while [ $# -gt 0 ] && [ "$1" != -- ]; do mpiopts="$mpiopts $1"; shift; done
    [ "${1:-}" = -- ] && shift
    benchopts="$*"
fi
bench=${SWING_BENCH:-$here/swing_bench}
ompi_dir=$(ompi_info --path pkglibdir --parsable 2>/dev/null | sed -n 's/^path:pkglibdir://p')
outdir=${outdir:-$(mktemp -d /tmp/compare-components.XXXXXX)}
mkdir -p "$outdir"
echo "compare-components: A=$a B=$b np=$np rounds=$rounds; load $(cut -d' ' -f1-3 /proc/loadavg)"
i=1
while [ "$i" -le "$rounds" ]; do
    order="A B"
    [ $((i % 2)) = 0 ] && order="B A"
    for w in $order; do
        dir=$a
        [ "$w" = B ] && dir=$b
        # shellcheck disable=SC2086
        ${MPIRUN:-mpirun} --allow-run-as-root --oversubscribe --bind-to none \
            --mca mpi_yield_when_idle 1 -np "$np" \
            --mca mca_base_component_path "$dir:$ompi_dir" $mpiopts \
            "$bench" $benchopts --csv "$outdir/$w-$i.csv" > "$outdir/$w-$i.txt" 2>&1 \
            || { echo "compare-components: run $w $i failed: $outdir/$w-$i.txt" >&2; exit 1; }
    done
    i=$((i + 1))
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
# config,bytes -> median over rounds of the medians; B/A per round
awk -F, -v rounds="$rounds" '
FNR == 1 { np = split(FILENAME, p, "/"); split(p[np], q, "-"); w = q[1]; r = q[2] + 0;
           delete col; for (c = 1; c <= NF; c++) col[$c] = c; next }
("median_us" in col) { k = $(col["config"]) "," $(col["bytes"]); t[w, k, r] = $(col["median_us"]); keys[k] = 1; next }
{   # swing_bench --nbc: blocking, pure and persistent times of each configuration
    split("blocking_us pure_us persist_us", ms, " ")
    for (i = 1; i <= 3; i++) { sub(/_us$/, "", ms[i]); k = $(col["conf"]) "/" ms[i] "," $(col["bytes"]);
                               t[w, k, r] = $(col[ms[i] "_us"]); keys[k] = 1 } }
function med(v, n,   i, j, x) { for (i = 2; i <= n; i++) { x = v[i]; for (j = i - 1; j >= 1 && v[j] > x; j--) v[j + 1] = v[j]; v[j + 1] = x }
                               return (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }
END {
    printf "%-18s %10s %12s %12s %7s %15s\n", "config", "bytes", "A us", "B us", "B/A", "B/A min-max"
    n = 0; for (k in keys) ks[++n] = k
    for (i = 2; i <= n; i++) { x = ks[i]; split(x, xx, ","); for (j = i - 1; j >= 1; j--) { split(ks[j], yy, ",");
        if (yy[1] > xx[1] || (yy[1] == xx[1] && yy[2] + 0 > xx[2] + 0)) ks[j + 1] = ks[j]; else break } ks[j + 1] = x }
    for (i = 1; i <= n; i++) {
        k = ks[i]; m = 0; lo = 1e99; hi = 0
        for (r = 1; r <= rounds; r++) if ((("A", k, r) in t) && (("B", k, r) in t)) {
            m++; va[m] = t["A", k, r]; vb[m] = t["B", k, r]; ratio = t["B", k, r] / t["A", k, r]
            lo = ratio < lo ? ratio : lo; hi = ratio > hi ? ratio : hi }
        if (m == 0) continue
        ma = med(va, m); mb = med(vb, m); split(k, kk, ",")
        printf "%-18s %10s %12.2f %12.2f %7.3f %7.3f-%-7.3f\n", kk[1], kk[2], ma, mb, mb / ma, lo, hi
    }
}' "$outdir"/A-*.csv "$outdir"/B-*.csv
echo "CSV and output: $outdir"
