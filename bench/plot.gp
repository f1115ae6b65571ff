# SPDX-License-Identifier: BSD-3-Clause
# Median MPI_Allreduce time against message size, log-log, one line per
# configuration, one panel per rank count.
#
#     gnuplot -c plot.gp allreduce.csv allreduce.png [MPI_CALL]
#
# Reads the CSV of swing_bench (columns by name: np, config, bytes,
# median_us, oversubscribed); the rank counts and configurations are the
# ones found in the file, in file order.

if (ARGC < 2) {
    print "usage: gnuplot -c plot.gp CSV PNG"
    exit status 2
}
csv = ARG1
out = ARG2
call = (ARGC >= 3) ? ARG3 : "MPI_Allreduce"

# Distinct values of one CSV column, in order of first appearance.
distinct(col) = system(sprintf("awk -F, 'NR > 1 && !seen[$%d]++ { printf \"%%s \", $%d }' '%s'", col, col, csv))
# Is any row of rank count np oversubscribed?
oversub(np) = system(sprintf("awk -F, 'NR > 1 && $1 == %s && $18 == \"yes\" { y = 1 } END { print y ? \"yes\" : \"no\" }' '%s'", np, csv))

nps = distinct(1)
configs = distinct(2)
npanels = words(nps)
nconfigs = words(configs)
if (npanels < 1 || nconfigs < 1) {
    print sprintf("plot.gp: no data in %s", csv)
    exit status 1
}

# Three panels a row at most.
ncols = npanels < 3 ? npanels : 3
nrows = (npanels + ncols - 1) / ncols

if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 640 * ncols, 520 * nrows font "sans,9" noenhanced
} else {
    set terminal png size 640 * ncols, 520 * nrows noenhanced
}
set output out

set datafile separator ","
set logscale x 2
set logscale y 10
# Size labels 1, 4, 16, ..., 1K, 4K, ... every factor of 4.
size_label(b) = b >= 2**30 ? sprintf("%dG", b / 2**30) : \
                b >= 2**20 ? sprintf("%dM", b / 2**20) : \
                b >= 2**10 ? sprintf("%dK", b / 2**10) : sprintf("%d", b)
set xtics ()
do for [k = 0:30:2] {
    set xtics add (size_label(2**k) 2**k)
}
set format y "%g"
set xlabel "message size (bytes)"
set ylabel "median time per call (us), slowest rank"
set grid xtics ytics mxtics mytics lc rgb "#dddddd"
set key top left box opaque font ",8"

# Fourteen distinguishable colours; swing configurations solid, others
# dashed, so the two families separate at a glance.
array colour[14] = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", \
                    "#8c564b", "#000000", "#e377c2", "#7f7f7f", "#bcbd22", \
                    "#17becf", "#aec7e8", "#98df8a", "#ff9896"]
# (dt takes no parenthesised expression: that would be a dash pattern.)
is_tuned(c) = (strstrt(c, "tuned") == 1 || c eq "default") ? 1 : 0

set multiplot layout nrows, ncols title sprintf("%s: median time against message size", call) noenhanced
do for [p = 1:npanels] {
    np = word(nps, p)
    set title sprintf("np = %s%s", np, oversub(np) eq "yes" ? " (oversubscribed)" : "")
    # awk picks one configuration's rows of this rank count.
    plot for [i = 1:nconfigs] \
        sprintf("< awk -F, 'NR > 1 && $1 == \"%s\" && $2 == \"%s\"' '%s'", np, word(configs, i), csv) \
        using 3:6 with linespoints \
        lc rgb colour[(i - 1) % 14 + 1] pt (i % 13 + 1) ps 0.8 \
        dt 1 + is_tuned(word(configs, i)) lw 2 - 0.8 * is_tuned(word(configs, i)) \
        title word(configs, i)
}
unset multiplot
set output
