#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
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
                @bench/topologies/net-50m/ring-8.topo, ...), one rank per
                tile, coll_swing_topology T, swing's schedules (single-port
                and multiport), its ring, auto, tuned's default and every
                algorithm of tuned's (tuned-all: linear (1),
                nonoverlapping (2), recursive doubling (3), ring (4),
                segmented ring (5), Rabenseifner (6), ...) side by side,
                timed with -t clock and -T 1
                (about a second of calls per size and configuration,
                at least 5); then the cost
                model of T against the measurement (net-model.sh):
                DIR/COLL-NAME-model.txt and .png; an @file T is copied
                beside them (DIR/COLL-NAME.topo). With -k other than
                allreduce: swing's configurations of that collective (not
                shm) and all of tuned's.
                T may also be a network of groups (dragonfly:2,2,
                fattree:4,4,2, dragonfly:3,2:slots=2,
                fattree:2,2:place=roundrobin, @file holding one; see
                docs/TOPOLOGIES.md): then bench/group-net.sh builds it
                (root), one rank per slot of the description, with the
                same configurations; with several ranks on a node also
                hier (not for gather and scatter: they have none) and a
                second run for coll/han (as --nodes; not with
                --only-csv); the report gets the bytes that crossed each
                class of link (local, global, up) during the run
  --net-rate R  link rate for --net (default 100mbit; a network of groups:
                its local links, the others at their rate in T)
  --net-mtu N   link MTU for --net (default: the emulator's, 1500)
  -m MIN:MAX    message sizes in bytes (default: swing_bench's, 8:64M)
  -C LIST       configurations (default: swing_bench's, all)
  -k NAME       the collective: allreduce (default), reduce_scatter_block,
                reduce_scatter, allgather, bcast, reduce, gather or scatter
                (swing_bench -k); files are named after it (DIR/NAME.csv
                ...). The root of the rooted ones: swing_bench's --root
                (default 0; --root rotate), after --
  -o DIR        output directory (default: results/ beside this script)
  -R N          rounds (default 3; 1 with -q or --only-csv): every run of
                the list once per round, interleaved (round 1 of every rank
                count, layout or topology, then round 2, ...), each round
                starting its sizes at the next configuration
                (swing_bench --config-shift); the figures are the median
                over rounds, the report gives each round's ratio too and
                DIR/NAME-rounds.csv keeps every round's rows
  -q            quick: sizes 8:64K, 20 iterations, 2 warm-up (for tests)
  --only-csv    the runs, their CSV and tables only: no plot, no model
                comparison, no han run (swing-tune uses it)
  -h            this text
Other arguments, and everything after --, go to swing_bench unchanged
(note: -o and -n here are the driver's; use --op and --no-validate for
swing_bench's).

Environment:
  SWING_BENCH           the benchmark binary (default: swing_bench beside
                        this script, else swing_bench on PATH)
  SWING_COMPONENT_PATH  passed as --mca mca_base_component_path, to load a
                        coll/swing that is not installed into Open MPI; it
                        replaces Open MPI's own path, so Open MPI's
                        component directory (ompi_info --path pkglibdir)
                        is appended, with a note on stderr, when it holds
                        components and the path neither names it nor
                        holds Open MPI's own (mca_pml_*)
  MPIRUN                mpirun command (default mpirun)
  MPIRUN_ARGS           extra mpirun arguments

Writes DIR/NAME.csv (every rank count; with rounds, the medians over
them), DIR/NAME-rounds.csv (with rounds: every round's rows, the round and
the run's place in the list first), DIR/NAME.txt (the tables, then
the report: per run and size, swing-auto's time over the best
configuration of the run and over tuned's best, the sizes where it is
more than 10% off, the load average and the memory copy bandwidth at the
start and at the end, with a warning when the machine was not steady),
DIR/NAME.png (swing-auto against tuned's default and tuned's best) and
DIR/NAME-all.png (every configuration), NAME the collective (-k).  Exit
status: 0 when every run succeeded and validated, otherwise the first
failing run's status (1 for a wrong result, 2 for bad arguments).
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
only_csv=0
rounds=
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
    -R) [ $# -ge 2 ] || { usage >&2; exit 2; }; rounds=$2; shift 2 ;;
    -q) quick=1; shift ;;
    --only-csv) only_csv=1; shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift
        for a in "$@"; do add_extra "$a"; done
        break ;;
    *) add_extra "$1"; shift ;;
    esac
done

case "$rounds" in
'') rounds=3; [ "$quick" = 1 ] || [ "$only_csv" = 1 ] && rounds=1 ;;
*[!0-9]*) echo "$0: -R wants a positive number of rounds, got '$rounds'" >&2; exit 2 ;;
esac
[ "$rounds" -ge 1 ] || { echo "$0: -R wants a positive number of rounds, got '$rounds'" >&2; exit 2; }
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

# The plot script and the component path's helper: beside this script,
# or installed under share/swing.
plot_gp=""
for f in "$here/plot.gp" "$here/../share/swing/plot.gp"; do
    if [ -r "$f" ]; then plot_gp=$f; break; fi
done
for f in "$here/component-path.sh" "$here/../share/swing/component-path.sh"; do
    if [ -r "$f" ]; then
        . "$f"
        [ -n "${SWING_COMPONENT_PATH:-}" ] && SWING_COMPONENT_PATH=$(swing_component_path "$SWING_COMPONENT_PATH" "$0")
        break
    fi
done

mpirun=${MPIRUN:-mpirun}
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc 2>/dev/null || echo 1)

# swing-topo, for --net: the ranks of a description, and whether it is a
# network of groups.
topo_bin=${SWING_TOPO:-$here/../tools/swing-topo/swing-topo}
[ -x "$topo_bin" ] || topo_bin=$(command -v swing-topo 2>/dev/null)

# "RANKS NODES" when T is a network of groups (dragonfly, fat tree), nothing
# otherwise: group-net.sh's own test, a "network" line in swing-topo routes.
group_info() {
    "$topo_bin" routes "$1" 2>/dev/null | awk '$1 == "network" { g = 1 }
        $1 == "host" { r++; if (!($3 in node)) { node[$3] = 1; n++ } }
        END { if (g) print r + 0, n + 0 }'
}

# The ranks of topology T (swing-topo show), nothing when it does not load.
topo_ranks() {
    "$topo_bin" show "$1" 2>/dev/null | sed -n 's/.*, \([0-9]*\) ranks$/\1/p'
}

# The load average (1, 5, 15 minutes).
loadavg() {
    cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime | sed 's/.*average[s]*: *//; s/,//g'
}

# The memory copy bandwidth of one rank (GB/s): "MEDIAN (MIN-MAX)" over 7
# samples of swing_bench --memcpy on one rank, or "?".  One sample moves
# 7-15 GB/s on an idle VM from one second to the next; the median of 7
# moves about 20% (docs/PERFORMANCE.md, "Runs flagged not steady").
memcpy_bw() {
    root=""
    [ "$(id -u)" = 0 ] && root=--allow-run-as-root
    for i in 1 2 3 4 5 6 7; do
        $mpirun -np 1 $root ${MPIRUN_ARGS:-} "$bench" --memcpy 2>/dev/null \
            | awk '$1 == "memcpy_GBps" { print $2 }'
    done | sort -n | awk '{ v[NR] = $1 }
        END { if (NR == 0) print "?"
              else printf "%s (%s-%s)\n", v[int((NR + 1) / 2)], v[1], v[NR] }'
}

# Summary rows of a swing_bench CSV for the plot: swing-auto, tuned's own
# choice ("tuned-default") and, per size, the fastest of tuned's
# algorithms ("tuned-best"), every column kept as swing_bench wrote it.
summary_csv() {
    awk -F, -v OFS=, 'NR == 1 { print; next }
        $2 == "swing-auto" { print; next }
        $2 == "tuned" { r = $0; $2 = "tuned-default"; print; $0 = r }
        $2 ~ /^tuned/ { k = $1 SUBSEP $3; if (!(k in best) || $6 < best[k]) { best[k] = $6; row[k] = $0 }
                        if (!(k in seen)) { seen[k] = 1; order[++n] = k } }
        END { for (i = 1; i <= n; i++) { $0 = row[order[i]]; $2 = "tuned-best"; print } }' "$1"
}

# The report of one run's CSV: per size, swing-auto over the best other
# configuration of the run and over tuned's best (tuned and tuned-N, or
# han where the run had it), and which of tuned's was best; the sizes
# where it is more than 10% off. Where auto ran the very algorithm of
# tuned's best (ompi_NAME for a tuned-N named NAME in the report, $3),
# the size is marked "=": their difference is the run's noise. Further
# arguments: the run's rounds (CSV files), whose ratios over tuned's best
# the last column gives, round by round.
auto_report() {
    label=$1 merged=$2 tables=$3
    shift 3
    awk -F, -v label="$label" -v rounds="$*" '
        BEGIN {
            nr = split(rounds, rf, " ")
            for (j = 1; j <= nr; j++) {
                while ((getline line < rf[j]) > 0) {
                    split(line, c, ",")
                    if (c[1] == "np") continue
                    s = c[3] + 0; t = c[6] + 0
                    if (c[2] == "swing-auto") ra[j, s] = t
                    else if ((c[2] ~ /^tuned/ || c[2] == "han") && (!((j, s) in rt) || t < rt[j, s])) rt[j, s] = t
                }
                close(rf[j])
            }
        }
        FILENAME != ARGV[ARGC - 1] {
            if ($0 ~ /^# tuned-[0-9]+ .*\([a-z_]+\)$/) {
                split($0, w, " "); a = $0
                sub(/.*\(/, "", a); sub(/\)$/, "", a)
                same[w[2]] = "ompi_" a
            }
            next
        }
        FNR == 1 { next }
        { t = $6 + 0; s = $3 + 0; sizes[s] = 1 }
        $2 == "swing-auto" { auto[s] = t; ran[s] = $19; next }
        $2 == "default" { next }
        { if (!(s in best) || t < best[s]) { best[s] = t; bname[s] = $2 } }
        $2 ~ /^tuned/ || $2 == "han" { if (!(s in tb) || t < tb[s]) { tb[s] = t; tname[s] = $2 } }
        $2 == "tuned" { td[s] = t }
        END {
            n = 0
            for (s in sizes) list[++n] = s + 0
            for (i = 2; i <= n; i++) { v = list[i]; for (j = i - 1; j >= 1 && list[j] > v; j--) list[j + 1] = list[j]; list[j + 1] = v }
            printf "\n## swing-auto against the best of the run and tuned'"'"'s best: %s\n", label
            if (nr > 1)
                printf "# median over %d rounds of each median us; ratio > 1: auto slower; * more than 10%% off; = auto ran that algorithm; last column: each round'"'"'s auto / tuned'"'"'s best\n", nr
            else
                printf "# median us; ratio > 1: auto slower; * more than 10%% off; = auto ran that algorithm\n"
            printf "# %9s %11s %-13s %11s %7s %-11s %11s %7s %-9s %11s%s\n", "bytes", "auto", "auto ran",
                   "best", "/best", "(which)", "tuned best", "/tuned", "(which)", "tuned dflt", (nr > 1) ? "  rounds /tuned" : ""
            for (k = 1; k <= n; k++) {
                s = list[k]
                if (!(s in auto)) continue
                printf "%11d %11.2f %-13s", s, auto[s], ran[s]
                if (s in best) {
                    r = auto[s] / best[s]
                    printf " %11.2f %6.2f%s %-11s", best[s], r, (r > 1.10) ? "*" : " ", bname[s]
                    nb++; if (r > 1.10) offb = offb sprintf(" %d B (%.2f, %s)", s, r, bname[s])
                } else printf " %11s %7s %-11s", "-", "-", ""
                if (s in tb) {
                    r = auto[s] / tb[s]
                    eq = (tname[s] in same) && same[tname[s]] == ran[s]
                    printf " %11.2f %6.2f%s %-9s", tb[s], r, eq ? "=" : (r > 1.10) ? "*" : " ", tname[s]
                    nt++; if (r > 1.10) offt = offt sprintf(" %d B (%.2f, %s)", s, r, tname[s])
                    if (eq && r > 1.10) noise = noise sprintf(" %d B", s)
                } else printf " %11s %7s %-9s", "-", "-", ""
                printf " %11s", (s in td) ? sprintf("%.2f", td[s]) : "-"
                if (nr > 1) {
                    printf " "
                    for (j = 1; j <= nr; j++)
                        printf " %s", ((j, s) in ra && (j, s) in rt && rt[j, s] > 0) ? sprintf("%.2f", ra[j, s] / rt[j, s]) : "-"
                }
                printf "\n"
            }
            if (nb) printf "auto more than 10%% off the best configuration of the run: %s\n", (offb == "") ? sprintf("at no size (%d sizes)", nb) : ("at" offb)
            if (nt) printf "auto more than 10%% off tuned'"'"'s best: %s\n", (offt == "") ? sprintf("at no size (%d sizes)", nt) : ("at" offt)
            if (noise != "") printf "of these, auto ran tuned'"'"'s best algorithm itself (=, the run'"'"'s noise): at%s\n", noise
            if (!nb && !nt) printf "no comparison: the run needs swing-auto and other configurations\n"
        }' "$tables" "$merged"
}

mkdir -p "$outdir" || exit 2
csv="$outdir/$coll.csv"
txt="$outdir/$coll.txt"
png="$outdir/$coll.png"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/run_bench.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
report="$tmp/report"
: > "$txt"
: > "$report"
rounds_csv="$outdir/$coll-rounds.csv"
rm -f "$csv" "$png" "$outdir/$coll-all.png" "$rounds_csv"
load_start=$(loadavg)
mem_start=$(memcpy_bw)
echo "run_bench.sh: load average $load_start ($cores cores), memcpy $mem_start GB/s at the start" >&2

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
    for l in $layouts; do
        runs="$runs $l:tuned"
        [ "$only_csv" = 1 ] || runs="$runs $l:han"
    done
elif [ -n "$nets" ]; then
    [ -n "$topo_bin" ] || { echo "$0: --net needs swing-topo (tools/swing-topo, or set SWING_TOPO)" >&2; exit 2; }
    for t in $nets; do
        # every topology loads, before any round: a bad one would cut the rounds short
        if [ -z "$(topo_ranks "$t")" ]; then
            echo "$0: --net $t: swing-topo cannot load it (swing-topo show '$t')" >&2
            exit 2
        fi
        runs="$runs net=$t"
        # a network of groups with several ranks on a node: a run for han
        gi=$(group_info "$t")
        if [ -n "$gi" ] && [ "$only_csv" = 0 ] && [ "${gi% *}" -gt "${gi#* }" ]; then
            runs="$runs nethan=$t"
        fi
    done
else
    runs=$nps
fi

# The shape of one run: np, topo and ginfo (--net), layout (--nodes), and
# label, the report's name for it.
run_shape() {
    np=$1
    topo=""
    ginfo=""
    layout=""
    label="np=$np"
    case "$1" in
    net=*|nethan=*)
        topo=${1#*=}
        np=$(topo_ranks "$topo")
        # a network of groups (group-net.sh) or a grid or torus (torus-net.sh)
        ginfo=$(group_info "$topo")
        if [ -n "$ginfo" ]; then label="network of groups $topo (np=$np)"; else label="torus network $topo (np=$np)"; fi
        ;;
    *:tuned|*:han)
        layout=${1%:*}
        np=$(echo "$layout" | awk -F'[x,]' '/x/ {print $1 * $2; next} {s = 0; for (i = 1; i <= NF; i++) s += $i; print s}')
        label="nodes $layout (np=$np)"
        ;;
    esac
}

# One round of one run: its tables into $txt, its CSV to $tmp/run.csv.
# Returns swing_bench's exit status (2: bad arguments, or a topology
# swing-topo cannot load).
run_round() {
    run=$1
    run_shape "$run"
    margs="-np $np --mca coll_tuned_use_dynamic_rules 1"
    rargs=""
    case "$run" in
    net=*|nethan=*)
        if [ -z "$np" ]; then
            echo "$0: --net $topo: swing-topo cannot load it (swing-topo show '$topo')" >&2
            return 2
        fi
        # no binding (every emulated node is this machine) and yield when
        # idle, through the environment: an mpirun wrapper (MPIRUN) may
        # give them too, and Open MPI refuses a parameter given twice
        OMPI_MCA_hwloc_base_binding_policy=none
        OMPI_MCA_mpi_yield_when_idle=1
        export OMPI_MCA_hwloc_base_binding_policy OMPI_MCA_mpi_yield_when_idle
        margs="--mca coll_tuned_use_dynamic_rules 1 --mca coll_swing_topology '$topo'"
        # every algorithm tuned has (tuned-all), the linear ones included:
        # tuned's best is the best of tuned on every path
        [ -n "$configs" ] || rargs="-C swing-auto,swing-lo,swing-bo,rd-lo,rd-bo,swing-lo-mp,swing-bo-mp,rd-lo-mp,rd-bo-mp,ring,tuned-all"
        [ -n "$configs" ] || [ "$coll" = allreduce ] || rargs="-C swing-auto,swing-bo,rd-bo,swing-bo-mp,rd-bo-mp,ring,tuned-all"
        [ -n "$configs" ] || [ "$rooted" = 0 ] || rargs="-C swing-all,tuned-all"
        # several ranks on a node of a network of groups: hier too (the
        # component has none for gather and scatter); han in a run of its
        # own, its priority being read-only at run time (as --nodes)
        if [ -n "$ginfo" ] && [ "${ginfo% *}" -gt "${ginfo#* }" ] && [ -z "$configs" ]; then
            case "$coll" in gather|scatter) ;; *) rargs="$rargs,hier" ;; esac
        fi
        [ "${run%%=*}" = nethan ] && rargs="-C han"
        rargs="-t clock $rargs"
        [ "$quick" = 1 ] || rargs="-T 1 $rargs"
        ;;
    *:tuned|*:han)
        margs="--oversubscribe --bind-to none --mca mpi_yield_when_idle 1 --mca coll_tuned_use_dynamic_rules 1"
        if [ "${run#*:}" = han ]; then
            rargs="-C swing-auto,hier,han"
            [ "$rooted" = 1 ] && rargs="-C swing-auto,han"
        else
            [ -n "$configs" ] || rargs="-C nodes"
        fi
        ;;
    esac
    # han in its own run only: under Open MPI 5.0 its default priority (35,
    # above tuned's 30) would serve in place of every tuned-N of the first
    # run across the emulated nodes or networks
    case "$run" in
    nethan=*|*:han) margs="$margs --mca coll_han_priority 35" ;;
    net=*|*:tuned) margs="$margs --mca coll_han_priority 0" ;;
    esac
    [ "$(id -u)" = 0 ] && margs="$margs --allow-run-as-root"
    if [ "$np" -gt "$cores" ] && [ "$run" = "$np" ]; then
        margs="$margs --oversubscribe --bind-to none --mca mpi_yield_when_idle 1"
    fi
    if [ -n "${SWING_COMPONENT_PATH:-}" ]; then
        margs="$margs --mca mca_base_component_path '$SWING_COMPONENT_PATH'"
    fi
    # later rounds start each size at the next configuration
    [ "$round" -gt 1 ] && rargs="$rargs --config-shift $((round - 1))"
    of=""
    [ "$rounds" -gt 1 ] && of=", round $round of $rounds"

    rm -f "$tmp/counters"
    if [ -n "$ginfo" ] && [ "${run%%=*}" = net ] || [ "${run%%=*}" = nethan ]; then
        what="network of groups $topo (np=$np on ${ginfo#* } nodes)"
        [ "${run%%=*}" = nethan ] && what="$what, run han"
        echo "## $what, local links $net_rate${net_mtu:+, mtu $net_mtu}$of" >> "$txt"
        cmd="${MPIRUN:+SWING_MPIRUN='$MPIRUN' }sh '$here/group-net.sh' '$topo' --rate '$net_rate' ${net_mtu:+--mtu $net_mtu} --counters '$tmp/counters' -- $margs ${MPIRUN_ARGS:-} '$bench' $bargs $rargs --csv '$tmp/run.csv' $extra"
    elif [ "${run#net=}" != "$run" ]; then
        echo "## torus network $topo (np=$np), links $net_rate${net_mtu:+, mtu $net_mtu}$of" >> "$txt"
        cmd="${MPIRUN:+SWING_MPIRUN='$MPIRUN' }sh '$here/torus-net.sh' '$topo' --rate '$net_rate' ${net_mtu:+--mtu $net_mtu} -- $margs ${MPIRUN_ARGS:-} '$bench' $bargs $rargs --csv '$tmp/run.csv' $extra"
    elif [ "$run" = "$np" ]; then
        echo "## np=$np$of" >> "$txt"
        cmd="$mpirun $margs ${MPIRUN_ARGS:-} '$bench' $bargs $rargs --csv '$tmp/run.csv' $extra"
    else
        echo "## nodes $layout (np=$np), run ${run#*:}$of" >> "$txt"
        cmd="${MPIRUN:+SWING_MPIRUN='$MPIRUN' }sh '$launcher' '$layout' $margs ${MPIRUN_ARGS:-} '$bench' $bargs $rargs --csv '$tmp/run.csv' $extra"
    fi
    echo "+ $cmd" >&2
    # Show the tables as they come and keep them; the subshell's status
    # comes back through a file because a pipeline returns tee's.
    { eval "$cmd"; echo $? > "$tmp/rc"; } | tee -a "$txt"
    # group-net.sh's interface counters, per class of link
    if [ -s "$tmp/counters" ]; then
        awk '$1 == "class" { line = line sprintf(" %s %s", $2, $3) }
             END { if (line != "") printf "link bytes (group-net.sh; every configuration, size, warm-up and MPI wire-up, headers included):%s\n", line }' \
            "$tmp/counters" >> "$txt"
    fi
    echo >> "$txt"
    return "$(cat "$tmp/rc")"
}

# The rows of a run's rounds (files, header first) as one CSV: per
# configuration and size the median over rounds of the median time (the
# row of the round nearest it, its bandwidths scaled to it), the least
# minimum, the greatest maximum, "no" where any round failed validation
# or was not served by swing.
merge_rounds() {
    awk -F, -v OFS=, 'FNR == 1 { if (!h) print; h = 1; next }
        { k = $1 SUBSEP $2 SUBSEP $3
          if (!(k in n)) order[++m] = k
          i = ++n[k]; v[k, i] = $6 + 0; row[k, i] = $0
          if (i == 1 || $7 + 0 < lo[k]) lo[k] = $7 + 0
          if (i == 1 || $8 + 0 > hi[k]) hi[k] = $8 + 0
          if ($13 == "no") bad[k] = 1
          if ($12 != "yes") srv[k] = $12 }
        END {
            for (j = 1; j <= m; j++) {
                k = order[j]; c = n[k]
                for (i = 1; i <= c; i++) w[i] = v[k, i]
                for (i = 2; i <= c; i++) { x = w[i]; for (l = i - 1; l >= 1 && w[l] > x; l--) w[l + 1] = w[l]; w[l + 1] = x }
                med = (c % 2) ? w[(c + 1) / 2] : (w[c / 2] + w[c / 2 + 1]) / 2
                b = 1
                for (i = 2; i <= c; i++) {
                    d = v[k, i] - med; e = v[k, b] - med
                    if ((d < 0 ? -d : d) < (e < 0 ? -e : e)) b = i
                }
                $0 = row[k, b]
                f = (med > 0) ? v[k, b] / med : 1
                $6 = sprintf("%.3f", med); $7 = sprintf("%.3f", lo[k]); $8 = sprintf("%.3f", hi[k])
                $10 = sprintf("%.6f", $10 * f); $11 = sprintf("%.6f", $11 * f)
                if (k in bad) $13 = "no"
                if (k in srv) $12 = srv[k]
                print
            }
        }' "$@"
}

# Every round of every run, interleaved: round 1 of each, then round 2.
round=1
while [ "$round" -le "$rounds" ]; do
    idx=0
    for run in $runs; do
        idx=$((idx + 1))
        rm -f "$tmp/run.csv"
        run_round "$run"
        rc=$?
        if [ "$rc" != 0 ]; then
            echo "$0: $run: swing_bench failed (exit status $rc)" >&2
            [ "$status" = 0 ] && status=$rc
            # Bad arguments fail the same way for every run and round.
            [ "$rc" = 2 ] && break 2
        fi
        [ -s "$tmp/run.csv" ] || continue
        # the han run's swing rows repeat the first run's: keep han only
        case "$run" in
        *:han|nethan=*) { head -1 "$tmp/run.csv"; grep ',han,' "$tmp/run.csv"; } > "$tmp/r$idx.$round.csv" ;;
        *) cp "$tmp/run.csv" "$tmp/r$idx.$round.csv" ;;
        esac
        # every round's rows, with their round and run (its place in the list)
        if [ "$rounds" -gt 1 ]; then
            [ -s "$rounds_csv" ] || sed -n '1s/^/round,run,/p' "$tmp/run.csv" > "$rounds_csv"
            tail -n +2 "$tmp/r$idx.$round.csv" | sed "s/^/$round,$idx,/" >> "$rounds_csv"
        fi
    done
    round=$((round + 1))
done

# Per run: its rounds merged, the report, the plot and the model.
idx=0
for run in $runs; do
    idx=$((idx + 1))
    # the rounds in their order (a failed round left none)
    rfiles=""
    j=1
    while [ "$j" -le "$rounds" ]; do
        [ -s "$tmp/r$idx.$j.csv" ] && rfiles="$rfiles $tmp/r$idx.$j.csv"
        j=$((j + 1))
    done
    [ -n "$rfiles" ] || continue
    # shellcheck disable=SC2086
    merge_rounds $rfiles > "$tmp/keep.csv"
    run_shape "$run"
    if [ -s "$csv" ]; then
        tail -n +2 "$tmp/keep.csv" >> "$csv"
    else
        cat "$tmp/keep.csv" > "$csv"
    fi
    case "$run" in
    *:han|nethan=*) ;;
    # shellcheck disable=SC2086
    *) auto_report "$label" "$tmp/keep.csv" "$txt" $rfiles >> "$report" ;;
    esac
    # topologies of one rank count would share a plot: one each; the
    # han run adds its rows to its topology's
    case "$run" in
    net=*|nethan=*)
        name=$(basename "$topo" .topo | tr -c 'A-Za-z0-9\n' '-')
        if [ "${run%%=*}" = nethan ] && [ -s "$outdir/$coll-$name.csv" ]; then
            tail -n +2 "$tmp/keep.csv" >> "$outdir/$coll-$name.csv"
        else
            cp "$tmp/keep.csv" "$outdir/$coll-$name.csv"
        fi
        # the description as the run had it: a shipped one gains rows later
        case "$topo" in
        @*) [ -r "${topo#@}" ] && cp "${topo#@}" "$outdir/$coll-$name.topo" ;;
        esac
        if [ "$only_csv" = 0 ] && command -v gnuplot >/dev/null 2>&1 && [ -n "$plot_gp" ]; then
            summary_csv "$outdir/$coll-$name.csv" > "$tmp/summary.csv"
            gnuplot -c "$plot_gp" "$tmp/summary.csv" "$outdir/$coll-$name.png" "$call" \
                && gnuplot -c "$plot_gp" "$outdir/$coll-$name.csv" "$outdir/$coll-$name-all.png" "$call" \
                || echo "$0: gnuplot failed for $topo" >&2
        fi
        # the model (swing-topo predict has tori and networks of groups)
        if [ "$only_csv" = 0 ] && [ "${run%%=*}" = net ]; then
            sh "$here/net-model.sh" "$outdir/$coll-$name.csv" "$topo" -k "$coll" \
                -o "$outdir/$coll-$name-model" > "$outdir/$coll-$name-model.txt" \
                && tee -a "$txt" < "$outdir/$coll-$name-model.txt" \
                || echo "$0: net-model.sh failed for $topo" >&2
        fi
        ;;
    esac
done

if [ ! -s "$csv" ]; then
    echo "$0: no results" >&2
    exit $((status ? status : 1))
fi

# The report: auto against the best, and whether the machine was steady.
load_end=$(loadavg)
mem_end=$(memcpy_bw)
{
    cat "$report"
    echo
    echo "## the machine during the run"
    echo "load average (1, 5, 15 min) at the start: $load_start; at the end: $load_end ($cores cores; the end includes this benchmark's own ranks)"
    echo "memcpy bandwidth of one rank, median of 7 (range): $mem_start GB/s at the start, $mem_end GB/s at the end"
    awk -v a="${mem_start%% *}" -v b="${mem_end%% *}" -v l="${load_start%% *}" 'BEGIN {
        if (a + 0 > 0 && b + 0 > 0) {
            d = (a > b ? a - b : b - a) / (a > b ? b : a)
            if (d > 0.20)
                printf "WARNING: the machine was not steady: the memory copy bandwidth changed by %.0f%% during the run; the figures rank nothing\n", d * 100
        } else print "WARNING: the memory copy bandwidth could not be measured at the start or the end"
        if (l + 0 >= 1)
            printf "WARNING: the machine was not idle at the start (load average %s, 1 or more): other work shared the cores (take figures only on an idle machine)\n", l
    }'
} > "$tmp/report.txt"
cat "$tmp/report.txt" >> "$txt"
cat "$tmp/report.txt"

if [ "$only_csv" = 1 ]; then
    png=""
elif ! command -v gnuplot >/dev/null 2>&1; then
    echo "$0: gnuplot not found: no plot (install gnuplot-nox)" >&2
    png=""
elif [ -z "$plot_gp" ]; then
    echo "$0: plot.gp not found: no plot" >&2
    png=""
else
    # the plot for people: auto against tuned's default and tuned's best;
    # every configuration in the second plot (and the CSV)
    summary_csv "$csv" > "$tmp/summary.csv"
    if ! awk -F, '$2 == "swing-auto" { a = 1 } $2 ~ /^tuned/ { t = 1 } END { exit !(a && t) }' "$tmp/summary.csv"; then
        cp "$csv" "$tmp/summary.csv"   # nothing to compare: every configuration
    fi
    if ! gnuplot -c "$plot_gp" "$tmp/summary.csv" "$png" "$call" \
         || ! gnuplot -c "$plot_gp" "$csv" "$outdir/$coll-all.png" "$call"; then
        echo "$0: gnuplot failed" >&2
        png=""
        [ "$status" = 0 ] && status=1
    fi
fi

echo "CSV:    $csv"
echo "tables: $txt"
[ -n "$png" ] && echo "plots:  $png (swing-auto, tuned's default, tuned's best), $outdir/$coll-all.png (every configuration)"
exit "$status"
