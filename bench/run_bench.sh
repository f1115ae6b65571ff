#!/bin/sh
# Run swing_bench for several rank counts, one mpirun each, and collect
# the CSV, the tables and a plot in one directory.  See bench/README.md.

usage() {
    cat <<EOF
Usage: $0 [options] [-- swing_bench options]

  -n "NP ..."   rank counts, one mpirun each (default "2 4")
  --nodes "L ..." instead of -n: emulated cluster layouts (NODESxRANKS or
                R0,R1,..., see tests/cluster/mpirun-nodes.sh; root or user
                namespaces). Two runs per layout: swing and tuned side by
                side (-C nodes), then swing-auto, hier (not for the rooted
                collectives: they have none) and coll/han side by side (han
                needs --mca coll_han_priority 35, read-only at run time,
                and then outranks tuned)
  --net "T ..." instead of -n: the emulated torus network (bench/torus-net.sh,
                root): one run per topology T (ring:8, torus:4x4,
                @bench/topologies/grid5x5.topo, n150, a calibrated
                @bench/topologies/net/ring-8.topo, ...), one rank per
                tile, coll_swing_topology T, swing's schedules (single-port
                and multiport), its ring, auto, tuned's default, recursive
                doubling (3), ring (4), segmented ring (5) and
                Rabenseifner (6) side by side, timed with -t clock and -T 1
                (about a second of calls per size and configuration,
                at least 5); then the cost
                model of T against the measurement (net-model.sh):
                DIR/COLL-NAME-model.txt and .png. With -k other than
                allreduce: swing's configurations of that collective (not
                shm) and all of tuned's
  --net-rate R  link rate for --net (default 100mbit)
  --net-mtu N   link MTU for --net (default: torus-net.sh's, 1500)
  -m MIN:MAX    message sizes in bytes (default: swing_bench's, 8:64M)
  -C LIST       configurations (default: swing_bench's, all)
  -k NAME       the collective: allreduce (default), reduce_scatter_block,
                reduce_scatter, allgather, bcast, reduce, gather or scatter
                (swing_bench -k); files are named after it (DIR/NAME.csv
                ...). The root of the rooted ones: swing_bench's --root
                (default 0; --root rotate), after --
  -o DIR        output directory (default: results/ beside this script)
  -q            quick: sizes 8:64K, 20 iterations, 2 warm-up (for tests)
  -h            this text
Other arguments, and everything after --, go to swing_bench unchanged
(note: -o and -n here are the driver's; use --op and --no-validate for
swing_bench's).

Environment:
  SWING_BENCH           the benchmark binary (default: swing_bench beside
                        this script, else swing_bench on PATH)
  SWING_COMPONENT_PATH  passed as --mca mca_base_component_path, to load a
                        coll/swing that is not installed into Open MPI
  MPIRUN                mpirun command (default mpirun)
  MPIRUN_ARGS           extra mpirun arguments

Writes DIR/NAME.csv (every rank count), DIR/NAME.txt (the
tables) and DIR/NAME.png (gnuplot), NAME the collective (-k).  Exit status: 0 when every run
succeeded and validated, otherwise the first failing run's status (1 for
a wrong result, 2 for bad arguments).
EOF
}

here=$(cd "$(dirname "$0")" && pwd)

nps="2 4"
layouts=""
nets=""
net_rate=100mbit
net_mtu=
sizes=""
configs=""
coll=allreduce
outdir="$here/results"
quick=0
extra=""

# Append one word to $extra, quoted for a later eval.
add_extra() {
    extra="$extra '$(printf '%s' "$1" | sed "s/'/'\\\\''/g")'"
}

while [ $# -gt 0 ]; do
    case "$1" in
    -n) [ $# -ge 2 ] || { usage >&2; exit 2; }; nps=$2; shift 2 ;;
    --nodes) [ $# -ge 2 ] || { usage >&2; exit 2; }; layouts=$2; shift 2 ;;
    --net) [ $# -ge 2 ] || { usage >&2; exit 2; }; nets=$2; shift 2 ;;
    --net-rate) [ $# -ge 2 ] || { usage >&2; exit 2; }; net_rate=$2; shift 2 ;;
    --net-mtu) [ $# -ge 2 ] || { usage >&2; exit 2; }; net_mtu=$2; shift 2 ;;
    -m) [ $# -ge 2 ] || { usage >&2; exit 2; }; sizes=$2; shift 2 ;;
    -C) [ $# -ge 2 ] || { usage >&2; exit 2; }; configs=$2; shift 2 ;;
    -k) [ $# -ge 2 ] || { usage >&2; exit 2; }; coll=$2; shift 2 ;;
    -o) [ $# -ge 2 ] || { usage >&2; exit 2; }; outdir=$2; shift 2 ;;
    -q) quick=1; shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift
        for a in "$@"; do add_extra "$a"; done
        break ;;
    *) add_extra "$1"; shift ;;
    esac
done

for np in $nps; do
    case "$np" in
    ''|*[!0-9]*|0) echo "$0: -n wants positive rank counts, got '$np'" >&2; exit 2 ;;
    esac
done

# The binary.
bench=${SWING_BENCH:-}
if [ -z "$bench" ]; then
    if [ -x "$here/swing_bench" ]; then
        bench="$here/swing_bench"
    else
        bench=$(command -v swing_bench 2>/dev/null)
    fi
fi
if [ -z "$bench" ] || [ ! -x "$bench" ]; then
    echo "$0: swing_bench not found: build it (make, or make -f" \
         "bench/Makefile.standalone) or set SWING_BENCH" >&2
    exit 2
fi

# The plot script: beside this script, or installed under share/swing.
plot_gp=""
for f in "$here/plot.gp" "$here/../share/swing/plot.gp"; do
    if [ -r "$f" ]; then plot_gp=$f; break; fi
done

mpirun=${MPIRUN:-mpirun}
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc 2>/dev/null || echo 1)

mkdir -p "$outdir" || exit 2
csv="$outdir/$coll.csv"
txt="$outdir/$coll.txt"
png="$outdir/$coll.png"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/run_bench.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
: > "$txt"
rm -f "$csv" "$png"

# Arguments of swing_bench common to every rank count.  Quick mode comes
# first so that the user's own arguments override it.
bargs=""
[ "$quick" = 1 ] && bargs="-m 8:65536 -i 20 -w 2"
[ -n "$sizes" ] && bargs="$bargs -m '$sizes'"
[ -n "$configs" ] && bargs="$bargs -C '$configs'"
bargs="$bargs -k '$coll'"
rooted=0
case "$coll" in
    allreduce) call=MPI_Allreduce ;;
    reduce_scatter_block) call=MPI_Reduce_scatter_block ;;
    reduce_scatter) call=MPI_Reduce_scatter ;;
    allgather) call=MPI_Allgather ;;
    bcast) call=MPI_Bcast; rooted=1 ;;
    reduce) call=MPI_Reduce; rooted=1 ;;
    gather) call=MPI_Gather; rooted=1 ;;
    scatter) call=MPI_Scatter; rooted=1 ;;
    *) echo "$0: unknown collective $coll (-k)" >&2; exit 2 ;;
esac
[ -t 2 ] && bargs="$bargs -v"

status=0
# runs: "np" rank counts on this node, or "layout:part" on the emulated cluster
runs=""
if [ -n "$layouts" ]; then
    launcher="$here/../tests/cluster/mpirun-nodes.sh"
    [ -r "$launcher" ] || { echo "$0: --nodes needs $launcher (the source tree)" >&2; exit 2; }
    for l in $layouts; do runs="$runs $l:tuned $l:han"; done
elif [ -n "$nets" ]; then
    for t in $nets; do runs="$runs net=$t"; done
else
    runs=$nps
fi
for run in $runs; do
    np=$run
    margs="-np $np --mca coll_tuned_use_dynamic_rules 1"
    rargs=""
    case "$run" in
    net=*)
        topo=${run#net=}
        np=$("${SWING_TOPO:-$here/../tools/swing-topo/swing-topo}" show "$topo" 2>/dev/null | sed -n 's/.*, \([0-9]*\) ranks$/\1/p')
        # no binding (every emulated node is this machine) and yield when
        # idle, through the environment: an mpirun wrapper (MPIRUN) may
        # give them too, and Open MPI refuses a parameter given twice
        OMPI_MCA_hwloc_base_binding_policy=none
        OMPI_MCA_mpi_yield_when_idle=1
        export OMPI_MCA_hwloc_base_binding_policy OMPI_MCA_mpi_yield_when_idle
        margs="--mca coll_tuned_use_dynamic_rules 1 --mca coll_swing_topology $topo"
        [ -n "$configs" ] || rargs="-C swing-auto,swing-lo,swing-bo,rd-lo,rd-bo,swing-lo-mp,swing-bo-mp,rd-lo-mp,rd-bo-mp,ring,tuned,tuned-3,tuned-4,tuned-5,tuned-6"
        [ -n "$configs" ] || [ "$coll" = allreduce ] || rargs="-C swing-auto,swing-bo,rd-bo,swing-bo-mp,rd-bo-mp,ring,tuned-all"
        [ -n "$configs" ] || [ "$rooted" = 0 ] || rargs="-C swing-all,tuned-all"
        rargs="-t clock $rargs"
        [ "$quick" = 1 ] || rargs="-T 1 $rargs"
        ;;
    *:tuned|*:han)
        layout=${run%:*}
        np=$(echo "$layout" | awk -F'[x,]' '/x/ {print $1 * $2; next} {s = 0; for (i = 1; i <= NF; i++) s += $i; print s}')
        margs="--oversubscribe --bind-to none --mca mpi_yield_when_idle 1 --mca coll_tuned_use_dynamic_rules 1"
        if [ "${run#*:}" = han ]; then
            margs="$margs --mca coll_han_priority 35"
            rargs="-C swing-auto,hier,han"
            [ "$rooted" = 1 ] && rargs="-C swing-auto,han"
        else
            [ -n "$configs" ] || rargs="-C nodes"
        fi
        ;;
    esac
    [ "$(id -u)" = 0 ] && margs="$margs --allow-run-as-root"
    if [ "$np" -gt "$cores" ] && [ "$run" = "$np" ]; then
        margs="$margs --oversubscribe --bind-to none --mca mpi_yield_when_idle 1"
    fi
    if [ -n "${SWING_COMPONENT_PATH:-}" ]; then
        margs="$margs --mca mca_base_component_path '$SWING_COMPONENT_PATH'"
    fi

    if [ "${run#net=}" != "$run" ]; then
        echo "## torus network $topo (np=$np), links $net_rate${net_mtu:+, mtu $net_mtu}" >> "$txt"
        cmd="${MPIRUN:+SWING_MPIRUN='$MPIRUN' }sh '$here/torus-net.sh' '$topo' --rate '$net_rate' ${net_mtu:+--mtu $net_mtu} -- $margs ${MPIRUN_ARGS:-} '$bench' $bargs $rargs --csv '$tmp/run.csv' $extra"
    elif [ "$run" = "$np" ]; then
        echo "## np=$np" >> "$txt"
        cmd="$mpirun $margs ${MPIRUN_ARGS:-} '$bench' $bargs --csv '$tmp/run.csv' $extra"
    else
        echo "## nodes $layout (np=$np), run ${run#*:}" >> "$txt"
        cmd="${MPIRUN:+SWING_MPIRUN='$MPIRUN' }sh '$launcher' '$layout' $margs ${MPIRUN_ARGS:-} '$bench' $bargs $rargs --csv '$tmp/run.csv' $extra"
    fi
    echo "+ $cmd" >&2
    # Show the tables as they come and keep them; the subshell's status
    # comes back through a file because a pipeline returns tee's.
    { eval "$cmd"; echo $? > "$tmp/rc"; } | tee -a "$txt"
    rc=$(cat "$tmp/rc")
    echo >> "$txt"

    if [ "$rc" != 0 ]; then
        echo "$0: $run: swing_bench failed (exit status $rc)" >&2
        [ "$status" = 0 ] && status=$rc
        # Bad arguments fail the same way for every rank count.
        [ "$rc" = 2 ] && break
    fi
    if [ -s "$tmp/run.csv" ]; then
        # the han run's swing rows repeat the first run's: keep han only
        case "$run" in
        *:han) { head -1 "$tmp/run.csv"; grep ',han,' "$tmp/run.csv"; } > "$tmp/keep.csv" ;;
        *) cp "$tmp/run.csv" "$tmp/keep.csv" ;;
        esac
        if [ -s "$csv" ]; then
            tail -n +2 "$tmp/keep.csv" >> "$csv"
        else
            cat "$tmp/keep.csv" > "$csv"
        fi
        # topologies of one rank count would share a plot: one each
        case "$run" in
        net=*)
            name=$(basename "$topo" .topo | tr -c 'A-Za-z0-9\n' '-')
            cp "$tmp/keep.csv" "$outdir/$coll-$name.csv"
            if command -v gnuplot >/dev/null 2>&1 && [ -n "$plot_gp" ]; then
                gnuplot -c "$plot_gp" "$outdir/$coll-$name.csv" "$outdir/$coll-$name.png" "$call" \
                    || echo "$0: gnuplot failed for $topo" >&2
            fi
            sh "$here/net-model.sh" "$outdir/$coll-$name.csv" "$topo" -k "$coll" \
                -o "$outdir/$coll-$name-model" > "$outdir/$coll-$name-model.txt" \
                && tee -a "$txt" < "$outdir/$coll-$name-model.txt" \
                || echo "$0: net-model.sh failed for $topo" >&2
            ;;
        esac
        rm -f "$tmp/run.csv"
    fi
done

if [ ! -s "$csv" ]; then
    echo "$0: no results" >&2
    exit $((status ? status : 1))
fi

if ! command -v gnuplot >/dev/null 2>&1; then
    echo "$0: gnuplot not found: no plot (install gnuplot-nox)" >&2
    png=""
elif [ -z "$plot_gp" ]; then
    echo "$0: plot.gp not found: no plot" >&2
    png=""
elif ! gnuplot -c "$plot_gp" "$csv" "$png" "$call"; then
    echo "$0: gnuplot failed" >&2
    png=""
    [ "$status" = 0 ] && status=1
fi

echo "CSV:    $csv"
echo "tables: $txt"
[ -n "$png" ] && echo "plot:   $png"
exit "$status"
