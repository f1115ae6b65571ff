# SPDX-License-Identifier: BSD-3-Clause
# Measured median against the cost model's prediction, per algorithm:
# measured solid with points, predicted dashed in the same colour.
#
#     gnuplot -c plot-model.gp MODEL.csv MODEL.png [TITLE]
#
# MODEL.csv is net-model.sh's: bytes,algorithm,measured_us,predicted_us.

if (ARGC < 2) {
    print "usage: gnuplot -c plot-model.gp MODEL.csv MODEL.png [TITLE]"
    exit status 2
}
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 760, 560 font "sans,9" noenhanced
} else {
    set terminal png size 760, 560 noenhanced
}
set output ARG2
set title (ARGC >= 3 ? ARG3 . ": " : "") . "measured (solid) and cost model (dashed), median per call"
set datafile separator ","
set logscale x 2
set logscale y 10
size_label(b) = b >= 2**20 ? sprintf("%dM", b / 2**20) : \
                b >= 2**10 ? sprintf("%dK", b / 2**10) : sprintf("%d", b)
set xtics ()
do for [k = 0:30:2] {
    set xtics add (size_label(2**k) 2**k)
}
set format y "%g"
set xlabel "message size (bytes)"
set ylabel "median time per call (us)"
set grid xtics ytics lc rgb "#dddddd"
set key top left box opaque
algs = "swing-lo swing-bo rd-lo rd-bo"
colors = "#1f77b4 #d62728 #2ca02c #ff7f0e"
sel(a) = sprintf("< awk -F, '$2 == \"%s\"' '%s'", a, ARG1)
plot for [i = 1:4] sel(word(algs, i)) using 1:3 with linespoints lw 2 pt 7 ps 0.6 \
         lc rgb word(colors, i) title word(algs, i), \
     for [i = 1:4] sel(word(algs, i)) using 1:4 with lines lw 1.5 dt 2 \
         lc rgb word(colors, i) title word(algs, i) . " (model)"
