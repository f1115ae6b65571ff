#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The cost model against a measurement: swing-topo predict on a (calibrated)
# description beside the medians swing_bench measured on the emulated
# network, per algorithm and size, with the checks of the torus-network
# issue: error within 25% from 64 KiB up, the same winner wherever the
# model's two best differ by more than 25%, and swing-auto within 10% of
# the best of the four swing algorithms measured (its own column, and the
# column of the algorithm it picked: the same schedule timed twice differs
# by the noise of the run).
#
#   net-model.sh CSV DESC [-o PREFIX] [-k COLL]
#
# CSV: swing_bench --csv output (one topology); DESC: the description the
# run used (@FILE, a preset or a shape); COLL: the collective measured
# (swing_bench -k; the halves compare with swing-topo predict --half, the
# rooted ones with --coll COLL where swing-topo predict has it, and are
# skipped with a note where it has not).
# Prints the table and a summary;
# with -o also writes PREFIX.csv (bytes,algorithm,measured_us,predicted_us)
# and PREFIX.png (measured solid, predicted dashed; gnuplot).
# Exit status 0 when the comparison was made (or skipped), whatever it shows.
set -u
here=$(cd "$(dirname "$0")" && pwd)

usage() {
    sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

[ $# -ge 2 ] || usage
csv=$1
desc=$2
shift 2
prefix=""
half=""
while [ $# -gt 0 ]; do
    case "$1" in
    -o) [ $# -ge 2 ] || usage; prefix=$2; shift 2 ;;
    -k)
        [ $# -ge 2 ] || usage
        case "$2" in
        allreduce) half="" ;;
        reduce_scatter_block|reduce_scatter) half="--half rs" ;;
        allgather) half="--half ag" ;;
        bcast|reduce|gather|scatter) half="--coll $2" ;;
        *) usage ;;
        esac
        shift 2
        ;;
    *) usage ;;
    esac
done
[ -r "$csv" ] || { echo "net-model.sh: cannot read $csv" >&2; exit 2; }
topo_bin=${SWING_TOPO:-$here/../tools/swing-topo/swing-topo}
[ -x "$topo_bin" ] || topo_bin=$(command -v swing-topo 2>/dev/null)
[ -n "$topo_bin" ] || { echo "net-model.sh: swing-topo not found (set SWING_TOPO)" >&2; exit 2; }
case "$half" in
--coll*)
    # the trees' model comes with swing-topo predict --coll; until then the
    # run stands without it
    if ! "$topo_bin" predict --help 2>&1 | grep -q -e '--coll'; then
        echo "# no cost model for ${half#--coll } here: this swing-topo predict has no --coll" \
             "(the model of the rooted collectives); measurement only"
        exit 0
    fi
    ;;
esac

lo=$(awk -F, 'NR > 1 { if (!m || $3 < m) m = $3 } END { print m + 0 }' "$csv")
hi=$(awk -F, 'NR > 1 { if ($3 > m) m = $3 } END { print m + 0 }' "$csv")
[ "$lo" -gt 0 ] || { echo "net-model.sh: no measurements in $csv" >&2; exit 2; }
pred=$(mktemp "${TMPDIR:-/tmp}/net-model.XXXXXX") || exit 2
trap 'rm -f "$pred"' EXIT
"$topo_bin" predict "$desc" --csv --sizes "$lo:$hi" $half > "$pred" || exit 2
constants=$("$topo_bin" predict "$desc" --sizes 8:8 | sed -n '1s/.*(\(.*\))$/\1/p')

rooted=0
case "$half" in --coll*) rooted=1 ;; esac
awk -F, -v pfile="$pred" -v out="${prefix:+$prefix.csv}" -v constants="$constants" -v rooted="$rooted" '
BEGIN {
    # the algorithms are the columns of the prediction (swing_lo -> swing-lo)
    na = 0
    while ((getline line < pfile) > 0) {
        nf = split(line, f, ",")
        if (f[1] == "bytes") {
            for (i = 2; i <= nf; i++) {
                a = f[i]; gsub(/_/, "-", a)
                # the rooted collectives: swing-topo predict --coll names the
                # forms, swing_bench the algorithms
                if (rooted) { sub(/^swing/, "bine", a); sub(/^rd/, "binomial", a)
                              sub(/^ring$/, "chain", a); sub(/^sc\+ag-mp$/, "bine-bo-mp", a) }
                col[i] = a
            }
            continue
        }
        if (f[1] !~ /^[0-9]+$/) continue
        for (i = 2; i <= nf; i++) pr[f[1], col[i]] = f[i] * 1e6
    }
    if (out != "") print "bytes,algorithm,measured_us,predicted_us" > out
}
NR > 1 { me[$3, $2] = $6; if ($2 == "swing-auto") { served[$3] = $19 } sizes[$3] = 1 }
END {
    # the predicted algorithms the run measured, in the prediction order
    for (i = 2; i in col; i++) {
        for (k in me) { split(k, kk, SUBSEP); if (kk[2] == col[i]) { alg[++na] = col[i]; break } }
    }
    n = 0
    for (s in sizes) list[++n] = s + 0
    for (i = 2; i <= n; i++) { v = list[i]; for (j = i - 1; j >= 1 && list[j] > v; j--) list[j + 1] = list[j]; list[j + 1] = v }
    printf "# model (%s) against the measured medians, us; err = measured / predicted - 1\n", constants
    printf "%9s", "bytes"
    for (i = 1; i <= na; i++) printf " | %9s %9s %6s", alg[i], "model", "err"
    printf " | %-9s %-9s | %-9s %s\n", "best", "model", "auto", "/best (auto, its pick)"
    for (k = 1; k <= n; k++) {
        s = list[k]; mb = ""; pb = ""; p2 = ""
        printf "%9d", s
        for (i = 1; i <= na; i++) {
            a = alg[i]; m = me[s, a]; p = pr[s, a]
            if (m == "" || p == "") { printf " | %9s %9s %6s", "-", "-", "-"; continue }
            e = m / p - 1
            printf " | %9.0f %9.0f %+5.0f%%", m, p, e * 100
            if (out != "") printf "%d,%s,%s,%.3f\n", s, a, m, p >> out
            if (s >= 65536) { tot++; if (e <= 0.25 && e >= -0.25) ok++; tot_a[a]++; if (e <= 0.25 && e >= -0.25) ok_a[a]++ }
            if (mb == "" || m < me[s, mb]) mb = a
            if (pb == "" || p < pr[s, pb]) { p2 = pb; pb = a } else if (p2 == "" || p < pr[s, p2]) p2 = a
        }
        au = me[s, "swing-auto"]
        printf " | %-9s %-9s", mb, pb
        if (au != "" && mb != "") {
            r = au / me[s, mb]
            printf " | %-9s %.2f", served[s], r
            at++; if (r <= 1.10) aok++; else abad = abad sprintf(" %d (%s, %.2f)", s, served[s], r)
            pick = served[s]; gsub(/_/, "-", pick)
            # the halves name their rows without -bo (swing_mp: swing-bo-mp)
            if (!((s, pick) in me) && ((s, pick "-bo") in me)) pick = pick "-bo"
            sub(/^swing-mp$/, "swing-bo-mp", pick); sub(/^rd-mp$/, "rd-bo-mp", pick)
            if ((s, pick) in me) {
                r = me[s, pick] / me[s, mb]
                printf " %.2f", r
                pt++; if (r <= 1.10) pok++; else pbad = pbad sprintf(" %d (%s, %.2f)", s, served[s], r)
            }
        }
        printf "\n"
        if (pb != "" && mb != "") {
            at_all++; if (pb == mb) same_all++
            r = me[s, pb] / me[s, mb]; if (r > worst) { worst = r; worst_at = s }
        }
        if (pb != "" && p2 != "" && pr[s, p2] > 1.25 * pr[s, pb]) {
            wt++; if (pb == mb) wok++; else wbad = wbad sprintf(" %d (model %s, measured %s)", s, pb, mb)
        }
    }
    printf "\nwithin 25%% of the model from 64 KiB up: %d of %d points", ok, tot
    for (i = 1; i <= na; i++) printf "; %s %d/%d", alg[i], ok_a[alg[i]], tot_a[alg[i]]
    printf "\nsame winner where the model'"'"'s two best differ by more than 25%%: %d of %d sizes%s\n", wok, wt, wbad == "" ? "" : ", not at" wbad
    printf "same winner at any size: %d of %d", same_all, at_all
    if (same_all < at_all) printf "; the model'"'"'s pick measured at most %.2fx the best (at %d B)", worst, worst_at
    printf "\n"
    printf "swing-auto within 10%% of the best swing algorithm measured: %d of %d sizes%s\n", aok, at, abad == "" ? "" : ", not at" abad
    printf "the algorithm swing-auto picked, in its own column, within 10%% of the best: %d of %d sizes%s\n", pok, pt, pbad == "" ? "" : ", not at" pbad
}' "$csv"

if [ -n "$prefix" ] && command -v gnuplot >/dev/null 2>&1; then
    gnuplot -c "$here/plot-model.gp" "$prefix.csv" "$prefix.png" "$(basename "$prefix" | sed 's/^allreduce-//; s/-model$//')" \
        || echo "net-model.sh: gnuplot failed" >&2
fi
exit 0
