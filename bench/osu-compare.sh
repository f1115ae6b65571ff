#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# osu-compare.sh: the OSU micro-benchmarks' own timing (back-to-back calls,
# no barrier between them), swing against stock Open MPI (--mca coll
# ^swing), on one node.
#
#   osu-compare.sh [-r ROUNDS] [-n NP] [-m MIN:MAX] [-i ITER] [-o DIR] OSU_DIR BENCH...
#
# OSU_DIR holds the built benchmarks (osu_bcast, osu_allreduce, ...: the
# OSU micro-benchmarks are not packaged by Debian; build them from their
# sources with CC=mpicc). BENCH: osu_bcast, osu_reduce, ... Each round runs
# every BENCH once with swing and once without, alternating which goes
# first, so a drift of the machine's speed hits both alike. Per size it
# prints the median over rounds of each one's average latency, swing/stock,
# and the lowest and highest swing/stock of the rounds (-i: OSU's calls
# per size, default OSU's own: 1000 small, 100 large); the load average
# is printed before and after. The report goes to DIR/summary.txt too,
# beside DIR/BENCH.npN.csv (every round); OSU's output in DIR/raw/. NP up to the cores: bound to cores; more:
# --oversubscribe --bind-to none --mca mpi_yield_when_idle 1 (both alike).
#
# Environment: SWING_COMPONENT_PATH (passed as mca_base_component_path,
# to load a build tree's component; Open MPI's own directory is appended
# when it names none of Open MPI's components),
# MPIRUN (default mpirun), SWING_OSU_MCA (more --mca options for both).
set -u
rounds=3 np=2 sizes=8:1048576 outdir="" iters=""
while [ $# -gt 0 ]; do
    case "$1" in
    -r) rounds=$2; shift 2 ;;
    -n) np=$2; shift 2 ;;
    -m) sizes=$2; shift 2 ;;
    -o) outdir=$2; shift 2 ;;
    -i) iters=$2; shift 2 ;;
    -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "$0: unknown option $1 (--help)" >&2; exit 2 ;;
    *) break ;;
    esac
done
[ $# -ge 2 ] || { sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
osu=$(cd "$1" && pwd) || exit 2
shift
outdir=${outdir:-$(mktemp -d /tmp/osu-compare.XXXXXX)}
mkdir -p "$outdir" || exit 2
cores=$(nproc)
if [ "$np" -le "$cores" ]; then
    place="--bind-to core"
else
    place="--oversubscribe --bind-to none --mca mpi_yield_when_idle 1"
fi
mca=${SWING_OSU_MCA:-}
. "$(cd "$(dirname "$0")" && pwd)/component-path.sh"
[ -n "${SWING_COMPONENT_PATH:-}" ] && mca="$mca --mca mca_base_component_path $(swing_component_path "$SWING_COMPONENT_PATH" "$0")"
[ "$(id -u)" = 0 ] && mca="$mca --allow-run-as-root"

mkdir -p "$outdir/raw" || exit 2
run_one() { # BENCH WHICH ROUND
    extra=""
    [ "$2" = stock ] && extra="--mca coll ^swing"
    # shellcheck disable=SC2086
    ${MPIRUN:-mpirun} -np "$np" $place $mca $extra "$osu/$1" -m "$sizes" ${iters:+-i "$iters"} \
        > "$outdir/raw/$1.$2.r$3.txt" 2>&1 || {
        echo "$0: $1 ($2, round $3) failed: $outdir/raw/$1.$2.r$3.txt" >&2
        return 1
    }
}

main() {
echo "# osu-compare np $np sizes $sizes rounds $rounds${iters:+ iterations $iters}, $(date -u +%FT%TZ) on $(hostname), $cores cores"
echo "# load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
status=0
r=1
while [ "$r" -le "$rounds" ]; do
    for b in "$@"; do
        if [ $((r % 2)) = 1 ]; then
            run_one "$b" stock "$r" && run_one "$b" swing "$r" || status=1
        else
            run_one "$b" swing "$r" && run_one "$b" stock "$r" || status=1
        fi
    done
    r=$((r + 1))
done
echo "# load at end: $(cut -d' ' -f1-3 /proc/loadavg)"

for b in "$@"; do
    echo
    echo "## $b, np $np: average latency (us), median over $rounds rounds"
    for f in "$outdir/raw/$b".*.r*.txt; do
        which=${f#"$outdir/raw/$b."}
        which=${which%%.*}
        round=${f##*.r}
        round=${round%.txt}
        awk -v w="$which" -v r="$round" '/^[0-9]/ { print $1, w, r, $2 }' "$f"
    done | LC_ALL=C sort -k1,1n -k3,3n | awk -v b="$b" -v np="$np" -v csv="$outdir/$b.np$np.csv" '
        function med(a, n,   i, j, t) {
            for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
            return (n % 2) ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
        }
        { t[$1, $2, $3] = $4; if (!($1 in seen)) { seen[$1] = 1; order[++ns] = $1 } if ($3 > nr) nr = $3 }
        END {
            printf "%10s %10s %10s %8s %15s\n", "bytes", "stock", "swing", "ratio", "rounds (low-high)"
            print "bench,np,bytes,round,stock_us,swing_us" > csv
            worst = 0
            for (i = 1; i <= ns; i++) {
                s = order[i]; n = 0; lo = 1e30; hi = 0
                for (r = 1; r <= nr; r++) {
                    if (((s, "stock", r) in t) && ((s, "swing", r) in t)) {
                        n++; a[n] = t[s, "stock", r]; c[n] = t[s, "swing", r]
                        q = (a[n] > 0) ? c[n] / a[n] : 0
                        if (q < lo) lo = q; if (q > hi) hi = q
                        print b "," np "," s "," r "," a[n] "," c[n] > csv
                    }
                }
                if (n == 0) continue
                ms = med(a, n); mw = med(c, n); ratio = (ms > 0) ? mw / ms : 0
                if (ratio > worst) { worst = ratio; wsize = s }
                printf "%10s %10.2f %10.2f %8.2f %7.2f-%-7.2f%s\n", s, ms, mw, ratio, lo, hi, (ratio > 1.10) ? "  slower" : ""
            }
            printf "worst: %.2fx at %s B\n", worst, wsize
        }'
done
echo
echo "# data: $outdir (BENCH.npN.csv: every round; raw/: OSU's output)"
return $status
}
# the report is kept beside the data (scripts/perf-tables.sh reads its load)
main "$@" > "$outdir/summary.txt.tmp"
status=$?
mv "$outdir/summary.txt.tmp" "$outdir/summary.txt"
cat "$outdir/summary.txt"
exit $status
