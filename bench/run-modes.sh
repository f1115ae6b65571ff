#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# run-modes.sh: does a configuration have modes across runs? The same
# swing_bench command, R times, one mpirun each, on one node.
#
#   run-modes.sh [-r RUNS] [-n NP] [-o DIR] [-e VAR=VALUE] -- SWING_BENCH_ARGS...
#
# Per configuration and size it prints the fastest run's median and how
# many runs took over twice it: a configuration that is steady within a
# run but slow in some runs (docs/PERFORMANCE.md, "Slow runs of the shared
# segment") shows there, where one run's report shows nothing. -e passes
# an environment variable to the ranks (mpirun -x), for example
# GLIBC_TUNABLES=...; the load average is printed before and after. Every
# run's CSV: DIR/runs.csv (a column "run" first); the report also goes to
# DIR/summary.txt.
#
# Environment: SWING_COMPONENT_PATH, MPIRUN (default mpirun), MPIRUN_ARGS
# (more mpirun options, for example --mca coll_tuned_use_dynamic_rules 1
# for tuned-N), SWING_BENCH (default: swing_bench beside this script).
set -u
here=$(cd "$(dirname "$0")" && pwd)
runs=8 np=2 outdir="" envs=""
usage() { sed -n '3,19p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
    -r) runs=$2; shift 2 ;;
    -n) np=$2; shift 2 ;;
    -o) outdir=$2; shift 2 ;;
    -e) envs="$envs -x $2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    --) shift; break ;;
    *) echo "$0: unknown option $1 (--help)" >&2; exit 2 ;;
    esac
done
[ $# -ge 1 ] || { usage >&2; exit 2; }
outdir=${outdir:-$(mktemp -d /tmp/run-modes.XXXXXX)}
mkdir -p "$outdir" || exit 2
bench=${SWING_BENCH:-$here/swing_bench}
mca=${MPIRUN_ARGS:-}
. "$here/component-path.sh"
[ -n "${SWING_COMPONENT_PATH:-}" ] && mca="$mca --mca mca_base_component_path $(swing_component_path "$SWING_COMPONENT_PATH" "$0")"
[ "$(id -u)" = 0 ] && mca="$mca --allow-run-as-root"
place="--bind-to core"
[ "$np" -gt "$(nproc)" ] && place="--oversubscribe --bind-to none --mca mpi_yield_when_idle 1"

{
echo "# run-modes.sh: $runs runs of swing_bench $* at np $np$envs${MPIRUN_ARGS:+ (mpirun $MPIRUN_ARGS)}"
echo "# load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -f "$outdir/runs.csv"
r=1
while [ "$r" -le "$runs" ]; do
    # shellcheck disable=SC2086
    ${MPIRUN:-mpirun} -np "$np" $place $mca $envs "$bench" "$@" --csv "$outdir/run$r.csv" \
        > "$outdir/run$r.txt" 2>&1 || { echo "$0: run $r failed: $outdir/run$r.txt" >&2; exit 1; }
    awk -F, -v r="$r" -v first="$([ -s "$outdir/runs.csv" ] && echo 0 || echo 1)" \
        'NR == 1 { if (first) print "run," $0; next } { print r "," $0 }' "$outdir/run$r.csv" >> "$outdir/runs.csv"
    r=$((r + 1))
done
echo "# load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# per configuration and size: the fastest run's median (us), and the runs over twice it"
awk -F, 'NR > 1 { k = $3 SUBSEP $4; t = $7 + 0
                  if (!(k in best) || t < best[k]) best[k] = t
                  all[k] = all[k] " " t
                  if (!(k in seen)) { seen[k] = 1; order[++n] = k } }
    END { for (i = 1; i <= n; i++) {
              split(order[i], ks, SUBSEP); m = split(all[order[i]], v, " "); slow = 0; list = ""
              for (j = 1; j <= m; j++) { if (v[j] > 2 * best[order[i]]) slow++; list = list " " v[j] }
              printf "%-14s %9s  fastest %10.2f  slow %d of %d: %s\n", ks[1], ks[2], best[order[i]], slow, m, list } }' \
    "$outdir/runs.csv"
} | tee "$outdir/summary.txt"
