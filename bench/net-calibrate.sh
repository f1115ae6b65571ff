#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Calibrates the cost model (ALGORITHMS.md section 7) on the emulated torus
# network of bench/torus-net.sh, or on the network of groups of
# bench/group-net.sh (a dragonfly or fat tree, one rank per node), and
# writes a description file with the fitted constants, which swing-topo
# predict and the component's automatic choice (coll_swing_topology @FILE)
# then use.
#
#   net-calibrate.sh TOPO [-o FILE] [--rate R] [--burst B] [--mtu N] [-m MIN:MAX]
#                    [-i N] [--no-crossover] [--no-messages]
#
# One run of swing_calibrate across the network of TOPO, every rank present:
#   o, alpha     "msgs": ranks 0 and 1 alone (the others sleep) exchange
#                k = 1, 2, 4, 8 messages each way at once, 8 to 256 B; the
#                time grows by 2 o per k (least squares over k, averaged
#                over the sizes): o, the overhead of a message on its
#                rank's core; alpha = the line's intercept, the latency
#                without overheads (--no-messages: o = 0, no cores, and
#                alpha as below);
#   cores        "spin": a loop of arithmetic on rank 0 alone, then on every
#                rank at once: cores = ranks * alone / all at once, the
#                cores the ranks get (a step costs at least every rank's
#                overheads and reductions over them); "msgs-all" (every
#                pair at once) is printed against the model as a check;
#   alpha, beta  "pairs": ranks 2k and 2k+1 (neighbours, one link each) all
#                exchange at once, as in one allreduce step without shared
#                links, four times back to back; beta = least-squares slope
#                from 64 KiB up; alpha (--no-messages) = mean time up to
#                256 B;
#   tau          "pingpong": rank 0 with its nearest and its farthest rank
#                (by swing-topo routes); tau = the difference of their
#                times up to 256 B over the difference of their hops;
#   gamma        "reduce": MPI_Reduce_local, float sum, at the largest size;
#   lo_max_bytes a second run, swing_bench -C swing-lo,swing-lo-mp,swing-bo,
#                swing-bo-mp,ring from 64 B to 64 KiB (-t clock -T 1): the
#                last size before the first one at which the best
#                bandwidth-optimal schedule (single-port, multiport or the
#                ring) is faster than the best latency-optimal one. The
#                component's automatic choice uses it (decide
#                lo_max_bytes=N) where the model's own crossover is off
#                (--no-crossover: the model's); the model still chooses
#                among the schedules on each side.
# FILE (default: TOPO's name under bench/topologies/net-RATE/, net-50m for
# --rate 50mbit) gets the
# description (swing-topo describe) with these constants, a comment with
# the measurement, and the fit of the pairs line beside what it predicts.
# Needs root and network namespaces (exits 77 without, as torus-net.sh).
#
# Environment: SWING_TOPO (swing-topo), SWING_CALIBRATE (swing_calibrate),
# SWING_BENCH and SWING_COMPONENT_PATH (the LO/BO crossover, as run_bench.sh).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/component-path.sh"

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

[ $# -ge 1 ] || usage
topo=$1
shift
out=""
rate=100mbit
burst=""
mtu=""
sizes=8:2M
iters=15
crossover=1
messages=1
while [ $# -gt 0 ]; do
    case "$1" in
    -o) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
    --rate) [ $# -ge 2 ] || usage; rate=$2; shift 2 ;;
    --burst) [ $# -ge 2 ] || usage; burst=$2; shift 2 ;;
    --mtu) [ $# -ge 2 ] || usage; mtu=$2; shift 2 ;;
    -m) [ $# -ge 2 ] || usage; sizes=$2; shift 2 ;;
    -i) [ $# -ge 2 ] || usage; iters=$2; shift 2 ;;
    --no-crossover) crossover=0; shift ;;
    --no-messages) messages=0; shift ;;
    -h|--help) usage ;;
    *) usage ;;
    esac
done

find_tool() {  # VAR-value, then candidates: the first executable
    for c in "$@"; do
        if [ -n "$c" ] && [ -x "$c" ]; then echo "$c"; return 0; fi
    done
    return 1
}
topo_bin=$(find_tool "${SWING_TOPO:-}" "$here/../tools/swing-topo/swing-topo" "$(command -v swing-topo 2>/dev/null)") \
    || { echo "net-calibrate.sh: swing-topo not found (set SWING_TOPO)" >&2; exit 2; }
cal_bin=$(find_tool "${SWING_CALIBRATE:-}" "$here/swing_calibrate" "$(command -v swing_calibrate 2>/dev/null)") \
    || { echo "net-calibrate.sh: swing_calibrate not found: build it (make) or set SWING_CALIBRATE" >&2; exit 2; }
SWING_TOPO=$topo_bin
export SWING_TOPO

work=$(mktemp -d "${TMPDIR:-/tmp}/net-calibrate.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
"$topo_bin" routes "$topo" > "$work/routes" || exit 2
name=$("$topo_bin" describe "$topo" | sed -n 's/^name //p')
if [ -z "$out" ]; then
    out="$here/topologies/net-$(printf '%s' "$rate" | sed 's/bit$//' | tr 'A-Z' 'a-z')"
    mkdir -p "$out" || exit 2
    out="$out/$(printf '%s' "$name" | tr -c 'A-Za-z0-9._-' '-').topo"
fi

# The emulator: a network of groups has a "network" line in the routes,
# whose route lines join nodes; calibrated with one rank per node, so that
# nodes are ranks.
net_sh=torus-net.sh
if grep -q '^network ' "$work/routes"; then
    net_sh=group-net.sh
    if [ "$(awk '$1 == "host" { r++; n[$3] = 1 } END { c = 0; for (x in n) c++; print (r == c) }' "$work/routes")" != 1 ]; then
        echo "net-calibrate.sh: $topo places several ranks on a node; calibrate the network with one rank per node (slots 1) and give the fitted cost to the other placements" >&2
        exit 2
    fi
fi

# Peers of rank 0 (nearest, farthest) and the hops of the pairs 2k, 2k+1.
eval "$(awk '$1 == "route" && $2 == 0 { if (!nh || $4 < nh) { nh = $4; near = $3 }
                                        if ($4 > fh) { fh = $4; far = $3 } }
             $1 == "route" && $2 % 2 == 0 && $3 == $2 + 1 && $4 > ph { ph = $4 }
             END { printf "near=%d near_h=%d far=%d far_h=%d pair_h=%d\n", near, nh, far, fh, ph }' "$work/routes")"
echo "net-calibrate.sh: $topo ($name): pairs 2k-2k+1 at most $pair_h hop(s); ping-pong 0-$near ($near_h hops), 0-$far ($far_h hops); links $rate" >&2

modes=pairs,pingpong,reduce
[ "$messages" = 1 ] && modes=$modes,msgs,msgs-all,spin

# Every emulated node is this machine: no binding (each would bind to the
# same core), and yield when idle (more ranks than cores). Through the
# environment, so that an mpirun wrapper (SWING_MPIRUN) may set them too.
OMPI_MCA_hwloc_base_binding_policy=none
OMPI_MCA_mpi_yield_when_idle=1
export OMPI_MCA_hwloc_base_binding_policy OMPI_MCA_mpi_yield_when_idle
sh "$here/$net_sh" "$topo" --rate "$rate" ${burst:+--burst "$burst"} ${mtu:+--mtu "$mtu"} --no-check -- \
    --mca coll ^swing \
    "$cal_bin" -M "$modes" \
    -k 1,2,4,8 -s 8:256 -p "$near,$far" -m "$sizes" -i "$iters" > "$work/raw.csv"
rc=$?
if [ "$rc" != 0 ]; then
    echo "net-calibrate.sh: the measurement failed (exit status $rc)" >&2
    exit "$rc"
fi

# The fit: "alpha tau beta gamma o cores" in SI units, then the tables of
# the pairs and of the messages against the model. The model of a pairs
# exchange (one message each way, every pair at once) and of msgs-all (k
# each way): max(alpha + 2k o + k m/beta, ranks k 2 o / cores).
ranks=$(awk '($1 == "tile" && $NF >= 0) || $1 == "host"' "$work/routes" | wc -l)
awk -F, -v near="$near" -v far="$far" -v dh="$((far_h - near_h))" -v ranks="$ranks" -v msgs="$messages" '
    function model(m, k,   l, c) {
        l = alpha + 2 * k * o + k * m / beta
        c = (cores > 0) ? ranks * k * 2 * o / cores : 0
        return (c > l ? c : l) * 1e6
    }
    $1 == "pairs" && $3 <= 256 { as += $4; an++ }
    $1 == "pairs" && $3 >= 65536 { x = $3; y = $4; n++; sx += x; sy += y; sxx += x * x; sxy += x * y }
    $1 == "pairs" { pb[++np] = $3; pt[np] = $4 }
    $1 == "pingpong" && $3 <= 256 { if ($2 == near) { ns += $4; nn++ } if ($2 == far) { fs += $4; fn++ } }
    $1 == "reduce" { gb = $3; gt = $4 }
    # msgs: per size, the least-squares line of the time over k
    $1 == "msgs" { if (!($3 in mk)) ms[++nms] = $3; mk[$3]++; mx[$3] += $8; my[$3] += $4
                   mxx[$3] += $8 * $8; mxy[$3] += $8 * $4 }
    $1 == "msgs-all" { ab[++na] = $3; ak[na] = $8; at[na] = $4 }
    $1 == "spin" { spin1 = $4 }
    $1 == "spin-all" { spinall = $4 }
    END {
        if (!an || n < 2 || !gb) { print "incomplete"; exit 1 }
        alpha = as / an * 1e-6
        slope = (n * sxy - sx * sy) / (n * sxx - sx * sx)
        if (slope <= 0) { print "incomplete"; exit 1 }
        beta = 1e6 / slope
        tau = (dh > 0 && nn && fn) ? (fs / fn - ns / nn) / dh * 1e-6 : 0
        if (tau < 0) tau = 0
        gamma = gt * 1e-6 / gb
        o = 0; cores = 0; icpt = 0; ni = 0; osum = 0
        for (i = 1; msgs && i <= nms; i++) {
            s = ms[i]; c = mk[s]
            d = c * mxx[s] - mx[s] * mx[s]
            if (c < 2 || d <= 0) continue
            sl = (c * mxy[s] - mx[s] * my[s]) / d
            osum += sl; icpt += (my[s] - sl * mx[s]) / c; ni++
        }
        if (ni) {
            o = osum / ni / 2 * 1e-6
            if (o < 0) o = 0
            if (o > 0 && icpt / ni > 0) alpha = icpt / ni * 1e-6
        }
        if (msgs && spin1 > 0 && spinall > 0) {
            cores = ranks * spin1 / spinall
            if (cores > ranks) cores = ranks
            if (cores < 1) cores = 1
        }
        printf "%.4g %.4g %.4g %.4g %.4g %.3g\n", alpha, tau, beta, gamma, o, cores
        for (i = 1; i <= np; i++) {
            pr = model(pb[i], 1)
            printf "#   %10d B  %12.1f us  %12.1f us  %+6.1f%%\n", pb[i], pt[i], pr, (pt[i] / pr - 1) * 100
        }
        for (i = 1; i <= na; i++) {
            pr = model(ab[i], ak[i])
            printf "=   %10d B  k %2d  %12.1f us  %12.1f us  %+6.1f%%\n", ab[i], ak[i], at[i], pr, (at[i] / pr - 1) * 100
        }
    }' "$work/raw.csv" > "$work/fit" || { echo "net-calibrate.sh: too few measurements to fit (sizes $sizes)" >&2; exit 1; }
read -r alpha tau beta gamma o cores < "$work/fit"

# The measured LO/BO crossover of Swing.
lo_max=-1
if [ "$crossover" = 1 ]; then
    bench_bin=$(find_tool "${SWING_BENCH:-}" "$here/swing_bench" "$(command -v swing_bench 2>/dev/null)") \
        || { echo "net-calibrate.sh: swing_bench not found: build it (make) or set SWING_BENCH" >&2; exit 2; }
    sh "$here/$net_sh" "$topo" --rate "$rate" ${burst:+--burst "$burst"} ${mtu:+--mtu "$mtu"} --no-check -- \
        --mca coll_swing_topology "$topo" \
        ${SWING_COMPONENT_PATH:+--mca mca_base_component_path "$(swing_component_path "$SWING_COMPONENT_PATH" "$0")"} \
        "$bench_bin" -C swing-lo,swing-lo-mp,swing-bo,swing-bo-mp,ring -m 64:64K -t clock -T 1 \
        --csv "$work/cross.csv" > "$work/cross.txt"
    rc=$?
    if [ "$rc" != 0 ] || [ ! -s "$work/cross.csv" ]; then
        tail -5 "$work/cross.txt" >&2
        echo "net-calibrate.sh: the LO/BO measurement failed (exit status $rc)" >&2
        exit 1
    fi
    # columns: np,config,bytes,count,iters,median_us; lo, bo: the best of each kind
    best_of='$2 ~ /^swing-lo/ && (!($3 in lo) || $6 < lo[$3]) { lo[$3] = $6; lon[$3] = $2 }
             ($2 ~ /^swing-bo/ || $2 == "ring") && (!($3 in bo) || $6 < bo[$3]) { bo[$3] = $6; bon[$3] = $2 }'

    lo_max=$(awk -F, "$best_of"'
        END { last = 32
              for (s = 64; s <= 65536; s *= 2) { if (!(s in lo) || bo[s] < lo[s]) break; last = s }
              print last }' "$work/cross.csv")
fi

mkdir -p "$(dirname "$out")" || exit 2
{
    echo "# $name on the emulated network of bench/$net_sh, calibrated by"
    echo "# bench/net-calibrate.sh $topo --rate $rate${burst:+ --burst $burst}${mtu:+ --mtu $mtu} -m $sizes -i $iters"
    echo "# on $(date -u +%Y-%m-%d) ($(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') cores, $ranks ranks):"
    if [ "$messages" = 1 ]; then
        echo "#   o     $o s: overhead of a message on its rank's core, from ranks 0 and 1 alone"
        echo "#         exchanging k = 1, 2, 4, 8 messages each way at once, 8 to 256 B"
        echo "#         (time = alpha + 2 k o)"
        echo "#   alpha $alpha s: that line's intercept, the latency without overheads"
        echo "#   cores $cores: $ranks ranks * (a loop on rank 0 alone) / (on every rank at once)"
    else
        echo "#   alpha $alpha s: mean exchange time up to 256 B, all pairs at once"
    fi
    echo "#   beta  $beta B/s: least-squares slope from 64 KiB up"
    echo "#   tau   $tau s: ping-pong 0-$far ($far_h hops) against 0-$near ($near_h) up to 256 B"
    echo "#   gamma $gamma s/B: MPI_Reduce_local, float sum"
    if [ "$lo_max" -ge 0 ]; then
        echo "#   lo_max_bytes $lo_max: the best LO no slower than the best BO up to it (median us):"
        awk -F, "$best_of"' $2 == "swing-bo" { n[++k] = $3 }
            END { for (i = 1; i <= k; i++)
                      printf "#     %6d B  LO %9.1f (%s)  BO %9.1f (%s)\n", n[i], lo[n[i]], lon[n[i]], bo[n[i]], bon[n[i]] }' "$work/cross.csv"
    fi
    echo "# pairs exchange (every pair at once), measured against the model,"
    echo "# max(alpha + 2 o + m/beta, ranks * 2 o / cores):"
    echo "#        bytes      measured     predicted    error"
    grep '^#' "$work/fit"
    if grep -q '^=' "$work/fit"; then
        echo "# k messages each way, every pair at once (msgs-all), against the model,"
        echo "# max(alpha + 2 k o + k m/beta, ranks * k * 2 o / cores):"
        echo "#        bytes     k      measured     predicted    error"
        sed -n 's/^=/#/p' "$work/fit"
    fi
    "$topo_bin" describe "$topo" --alpha "$alpha" --tau "$tau" --beta "$beta" --gamma "$gamma" \
        --overhead "$o" --cores "$cores" --lo-max-bytes "$lo_max"
} > "$out.tmp" && mv "$out.tmp" "$out" || exit 2
"$topo_bin" show "@$out" > /dev/null || { echo "net-calibrate.sh: $out does not load back" >&2; exit 1; }
echo "net-calibrate.sh: alpha $alpha s, tau $tau s, beta $beta B/s, gamma $gamma s/B, o $o s, cores $cores, lo_max_bytes $lo_max -> $out"
