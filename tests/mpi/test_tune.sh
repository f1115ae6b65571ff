#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The tuner, bench/swing-tune, on this node at np 2 and 4 with a small
# budget: it writes a table (rows for allreduce, allgather, bcast and
# gather, and the derived iallreduce, allreduce_init and allgatherv) that
# loads without a row left out, and the component follows it: swing_bench's swing-auto,
# with coll_swing_decision_file pointing at it, is served at every size by
# the algorithm the table names there (swing's MPI_T counters; previous:
# coll_swing_<collective>_previous). Without shm (--without shm), so that
# the rows name message-passing schedules where auto alone would run shm.
# The noise and unsteady rules on made-up rounds (--from, as --keep and as
# run_bench.sh -o keep them). Then --description on a
# description with rows of its own: those of the collective measured
# replaced, the others kept; with --beyond keep, its rows above the sizes
# measured kept too, with --below keep those below them.
set -u
top=${SWING_TOP_BUILDDIR:?run through make check}
src=${SWING_TOP_SRCDIR:?run through make check}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
SWING_BENCH="$top/bench/swing_bench" SWING_TOPO="$top/tools/swing-topo/swing-topo"
export SWING_BENCH SWING_TOPO

sh "$src/bench/swing-tune" -n "2 4" -k allreduce,allgather,bcast,gather -m 8:1K --budget 10 --rounds 2 \
    --without shm --out "$out/table" > "$out/tune.out" 2>&1
rc=$?
cat "$out/tune.out"
[ "$rc" = 0 ] && [ -s "$out/table" ] || { echo "FAIL: swing-tune exit status $rc"; exit 1; }
grep -q "rows the component would leave out" "$out/tune.out" && { echo "FAIL: the table has bad rows"; fail=1; }
grep -q 'round 1/2, allreduce' "$out/tune.out" || { echo "FAIL: no progress shown"; fail=1; }
for c in allreduce allgather bcast gather iallreduce allreduce_init allgatherv; do
    for np in 2 4; do
        grep -q "^decide $c .* ranks=$np\$" "$out/table" || { echo "FAIL: no $c rows for $np ranks"; fail=1; }
    done
done
grep -q "^decide [a-z_]* [0-9KMG]*-[0-9KMG]* shm" "$out/table" && { echo "FAIL: --without shm: a row names shm"; fail=1; }

# row COLL NP SIZE: the algorithm the table names for that call
row() {
    awk -v c="$1" -v np="$2" -v s="$3" '
        function b(x,   u, v) { u = substr(x, length(x)); v = x + 0
            if (u == "K") v *= 1024; if (u == "M") v *= 1048576; return v }
        $1 == "decide" && $2 == c && $5 == "ranks=" np {
            split($3, r, "-"); if (b(r[1]) <= s && (r[2] == "" || s <= b(r[2]))) print $4 }' "$out/table"
}
for c in allreduce allgather bcast gather; do
    for np in 2 4; do
        sh "$src/tests/mpi/mpirun.sh" -np "$np" --mca coll_swing_decision_file "$out/table" \
            "$SWING_BENCH" -k "$c" -C swing-auto -m 8:1K -i 3 -w 1 --csv "$out/$c.$np.csv" \
            > "$out/$c.$np.out" 2>&1 || { cat "$out/$c.$np.out"; echo "FAIL: $c np $np: swing_bench"; fail=1; continue; }
        n=0
        for s in $(awk -F, 'NR > 1 { print $3 }' "$out/$c.$np.csv"); do
            want=$(row "$c" "$np" "$s")
            got=$(awk -F, -v s="$s" 'NR > 1 && $3 == s { print $19 }' "$out/$c.$np.csv")
            served=$(awk -F, -v s="$s" 'NR > 1 && $3 == s { print $12 }' "$out/$c.$np.csv")
            if [ -n "$want" ] && [ "$got" = "$want" ] && [ "$served" = yes ]; then
                n=$((n + 1))
            else
                echo "FAIL: $c np $np, $s B: the table names '$want', swing-auto was served by '$got' (served $served)"
                fail=1
            fi
        done
        echo "$c np $np: the table's algorithm served $n sizes: $(awk -F, 'NR > 1 { printf "%s ", $19 }' "$out/$c.$np.csv")"
    done
done
# The noise rule, on kept CSVs (--from): at 8 B auto's pick swing_lo is
# 15% slower than rd_lo in the median though their rounds overlap: rd_lo
# wins; at 16 B it is 4% slower, within the noise of 0.05: it stays.
# --rounds 1 is raised to 2 (the run above: at least two rounds).
grep -q 'round 2/2, allreduce' "$out/tune.out" || { echo "FAIL: no second round"; fail=1; }
hdr="np,config,bytes,count,iters,median_us,min_us,max_us,p95_us,algbw_GBps,busbw_GBps,served,validated,warmup,datatype,op,in_place,oversubscribed,swing_algorithm,timing,collective,root"
csvrow() {  # config bytes median algorithm
    echo "2,$1,$2,1,10,$3,$3,$3,$3,0,0,yes,yes,2,int32,sum,no,no,$4,b2b,allreduce,-"
}
# At 64 B (three rounds) rd_lo is the fastest in the median, 5.2 us, but
# one round took 30: unsteady; swing_lo, 6 us in every round, takes it.
for r in 1 2 3; do
    mkdir -p "$out/kept/r$r"
    case $r in
    1) set -- 9 10.5 10 10.4 5 6 ;;
    2) set -- 11 12.5 10 10.4 5.2 6 ;;
    3) set -- 9 10.5 10 10.4 30 6.2 ;;
    esac
    { echo "$hdr"
      csvrow swing-auto 8 "$2" swing_lo; csvrow swing-lo 8 "$2" swing_lo; csvrow rd-lo 8 "$1" rd_lo
      csvrow swing-auto 16 "$4" swing_lo; csvrow swing-lo 16 "$4" swing_lo; csvrow rd-lo 16 "$3" rd_lo
      csvrow tuned 8 30 -; csvrow tuned 16 30 -
      csvrow swing-auto 32 "$4" swing_lo; csvrow swing-lo 32 "$4" swing_lo
      csvrow ompi-ring 32 8 ompi_ring; csvrow tuned 32 30 -
      csvrow swing-auto 64 "$5" rd_lo; csvrow rd-lo 64 "$5" rd_lo; csvrow swing-lo 64 "$6" swing_lo
      csvrow tuned 64 30 -
    } > "$out/kept/r$r/allreduce.csv"
done
sh "$src/bench/swing-tune" --from "$out/kept" -k allreduce --out "$out/noise" > "$out/noise.out" 2>&1 \
    || { cat "$out/noise.out"; echo "FAIL: swing-tune --from"; fail=1; }
grep -q '^decide allreduce 0-8 rd_lo ranks=2$' "$out/noise" \
    || { cat "$out/noise"; echo "FAIL: noise rule: auto's pick 15% slower in the median was kept"; fail=1; }
grep -q '^decide allreduce 9-16 swing_lo ranks=2$' "$out/noise" \
    || { cat "$out/noise"; echo "FAIL: noise rule: auto's pick within noise in the median was not kept"; fail=1; }
grep -q '^decide allreduce 33- swing_lo ranks=2$' "$out/noise" \
    || { cat "$out/noise"; echo "FAIL: unsteady rule: rd_lo, one round in three 5.8x its median, kept the row"; fail=1; }
grep -q '^decide allreduce_init 9- swing_lo ranks=2$' "$out/noise" \
    || { cat "$out/noise"; echo "FAIL: unsteady rule: the derived rows keep rd_lo at 64 B"; fail=1; }
grep -q '64 B: swing_lo 6.00 \[6.00-6.20\], not rd_lo 5.20 \[5.00-30.00\]' "$out/noise" \
    || { cat "$out/noise"; echo "FAIL: unsteady rule: the comment does not name both"; fail=1; }
# The rounds of auto count as those of the algorithm it ran: at 8 B rd_lo
# forced took 12, 12 and 9 us, through auto (its row before) 9, 9 and 12,
# swing_lo 11 in every round. Alone rd_lo's median, 12, would lose; over
# its six rounds, 10.5, it wins. At 16 B auto ran shm, which was not
# measured forced: it is no candidate, and swing_lo has the row.
for r in 1 2 3; do
    mkdir -p "$out/pool/r$r"
    case $r in
    3) set -- 9 12 ;;
    *) set -- 12 9 ;;
    esac
    { echo "$hdr"
      csvrow swing-auto 8 "$2" rd_lo; csvrow rd-lo 8 "$1" rd_lo; csvrow swing-lo 8 11 swing_lo
      csvrow tuned 8 30 -
      csvrow swing-auto 16 5 shm; csvrow swing-lo 16 11 swing_lo; csvrow tuned 16 30 -
    } > "$out/pool/r$r/allreduce.csv"
done
sh "$src/bench/swing-tune" --from "$out/pool" -k allreduce --out "$out/pool.table" > "$out/pool.out" 2>&1 \
    || { cat "$out/pool.out"; echo "FAIL: swing-tune --from (auto's rounds)"; fail=1; }
grep -q '^decide allreduce 0-8 rd_lo ranks=2$' "$out/pool.table" \
    && grep -q '8 B: rd_lo 10.50 \[9.00-12.00\], then swing_lo 11.00' "$out/pool.table" \
    || { cat "$out/pool.table"; echo "FAIL: auto's rounds do not count as rd_lo's"; fail=1; }
grep -q '^decide allreduce 9- swing_lo ranks=2$' "$out/pool.table" \
    || { cat "$out/pool.table"; echo "FAIL: auto's rounds of shm, not measured forced, made it a candidate"; fail=1; }
# The same rounds as run_bench.sh -o DIR keeps them (DIR/COLL-rounds.csv: the
# round and the run first): --from DIR gives the same rows
mkdir -p "$out/rb"
{ echo "round,run,$hdr"
  for r in 1 2 3; do sed 1d "$out/kept/r$r/allreduce.csv" | sed "s/^/$r,1,/"; done; } > "$out/rb/allreduce-rounds.csv"
sh "$src/bench/swing-tune" --from "$out/rb" -k allreduce --out "$out/rb.table" > "$out/rb.out" 2>&1 \
    || { cat "$out/rb.out"; echo "FAIL: swing-tune --from a run_bench.sh directory"; fail=1; }
[ -n "$(grep '^decide ' "$out/noise")" ] && [ "$(grep '^decide ' "$out/rb.table")" = "$(grep '^decide ' "$out/noise")" ] \
    || { diff "$out/noise" "$out/rb.table"; echo "FAIL: --from a run_bench.sh directory: other rows than from the kept rounds"; fail=1; }
# gzipped, as docs/results keeps a run's rounds: the same rows
mkdir -p "$out/rbgz"
gzip -c "$out/rb/allreduce-rounds.csv" > "$out/rbgz/allreduce-rounds.csv.gz"
sh "$src/bench/swing-tune" --from "$out/rbgz" -k allreduce --out "$out/rbgz.table" > "$out/rbgz.out" 2>&1 \
    || { cat "$out/rbgz.out"; echo "FAIL: swing-tune --from a directory of COLL-rounds.csv.gz"; fail=1; }
[ "$(grep '^decide ' "$out/rbgz.table")" = "$(grep '^decide ' "$out/noise")" ] \
    || { diff "$out/noise" "$out/rbgz.table"; echo "FAIL: --from COLL-rounds.csv.gz: other rows than from the kept rounds"; fail=1; }
# Above the largest size measured the last row holds (LO-, --beyond last,
# the default without --net), or the model decides (--beyond model: the
# rows end at 64 B); anything else is refused
sh "$src/bench/swing-tune" --from "$out/kept" -k allreduce --beyond model --out "$out/model" > "$out/model.out" 2>&1 \
    || { cat "$out/model.out"; echo "FAIL: swing-tune --beyond model"; fail=1; }
grep -q '^decide allreduce 33-64 swing_lo ranks=2$' "$out/model" && ! grep -q '^decide [a-z_]* [0-9KM]*- ' "$out/model" \
    || { cat "$out/model"; echo "FAIL: --beyond model: the rows do not end at the largest size"; fail=1; }
sh "$src/bench/swing-tune" --from "$out/kept" -k allreduce --beyond far > "$out/far.out" 2>&1
[ $? = 2 ] && grep -q 'beyond wants last, model or keep' "$out/far.out" \
    || { cat "$out/far.out"; echo "FAIL: --beyond far was not refused"; fail=1; }
# Open MPI's ring, run by swing, the fastest at 32 B: its row names it,
# and the component follows that row (its counter)
grep -q '^decide allreduce 17-32 ompi_ring ranks=2$' "$out/noise" \
    || { cat "$out/noise"; echo "FAIL: the fastest, Open MPI's ring (ompi_ring), has no row"; fail=1; }
sh "$src/tests/mpi/mpirun.sh" -np 2 --mca coll_swing_decision_file "$out/noise" \
    "$SWING_BENCH" -k allreduce -C swing-auto -m 32:32 -i 3 -w 1 --csv "$out/ompi.csv" \
    > "$out/ompi.out" 2>&1 || { cat "$out/ompi.out"; echo "FAIL: swing_bench with the ompi_ring row"; fail=1; }
got=$(awk -F, 'NR > 1 && $3 == 32 { print $12 "," $19 }' "$out/ompi.csv" 2>/dev/null)
[ "$got" = "yes,ompi_ring" ] \
    || { echo "FAIL: the row naming ompi_ring at 32 B: served,algorithm = '$got'"; fail=1; }

# Several timings (--from a DIR a multi-timing --keep wrote: DIR/TIMING/rN):
# at 8 B shm is the fastest with a barrier between calls (osu) but 1.89x
# back to back (b2b); ompi_basic_linear, 1.10x and 1.02x, has the least
# worst ratio and the row; at 16 B shm is the fastest in both (previous
# charged --entry 0.05 us: 6.35 at 8 B back to back)
for t in b2b osu; do
    for r in 1 2 3; do
        mkdir -p "$out/multi/$t/r$r"
        case $t in
        osu) set -- 5 5.5 6 5 ;;
        b2b) set -- 12 6.5 6.3 6 ;;
        esac
        { echo "$hdr"
          csvrow swing-auto 8 "$1" shm; csvrow shm 8 "$1" shm; csvrow ompi-basic-linear 8 "$2" ompi_basic_linear
          csvrow tuned 8 "$3" -
          csvrow swing-auto 16 "$4" shm; csvrow shm 16 "$4" shm; csvrow ompi-basic-linear 16 9 ompi_basic_linear
          csvrow tuned 16 9 -
        } | sed "s/,b2b,allreduce,/,$t,allreduce,/" > "$out/multi/$t/r$r/allreduce.csv"
    done
done
sh "$src/bench/swing-tune" --from "$out/multi" -k allreduce --entry 0.05 --out "$out/multi.table" > "$out/multi.out" 2>&1 \
    || { cat "$out/multi.out"; echo "FAIL: swing-tune --from, two timings"; fail=1; }
grep -q '^decide allreduce 0-8 ompi_basic_linear ranks=2$' "$out/multi.table" \
    && grep -q '^decide allreduce 9- shm ranks=2$' "$out/multi.table" \
    || { cat "$out/multi.table"; echo "FAIL: two timings: the least worst ratio does not have the row"; fail=1; }
grep -q '8 B: ompi_basic_linear 6.50 \[6.50-6.50\] {b2b 1.02x, osu 1.10x}, then previous 6.35 (0.98x) {b2b 1.00x, osu 1.21x}' "$out/multi.table" \
    && grep -q '^# Several timings: ' "$out/multi.table" && grep -q 'timing b2b,osu' "$out/multi.out" \
    || { cat "$out/multi.table"; echo "FAIL: two timings: the comments or header"; fail=1; }

# --description: the description's rows of the collective measured are
# replaced, its rows of the others kept; a file keeps its comments, less
# swing-tune's own per-size notes on the rows it replaces
"$SWING_TOPO" describe ring:2 > "$out/desc.topo"
printf '# a note of its own\ndecide allreduce 0-1K swing_lo ranks=2\n' >> "$out/desc.topo"
printf '# bcast, 2 ranks: per size the winner, ...\n#         64 B: binomial 9.99 (stale)\n' >> "$out/desc.topo"
printf 'decide bcast 0-1K binomial ranks=2\n' >> "$out/desc.topo"
sh "$src/bench/swing-tune" -n 2 --topology "@$out/desc.topo" -k bcast -m 8:64 --budget 3 --rounds 1 \
    --description --out "$out/desc.tuned" > "$out/desc.out" 2>&1 \
    || { cat "$out/desc.out"; echo "FAIL: swing-tune --description"; fail=1; }
grep -q '^decide allreduce 0-1K swing_lo ranks=2$' "$out/desc.tuned" \
    || { echo "FAIL: --description -k bcast lost the description's allreduce row"; fail=1; }
grep -q '^decide bcast 0-1K binomial' "$out/desc.tuned" \
    && { echo "FAIL: --description -k bcast kept the description's own bcast row"; fail=1; }
grep -Eq '^decide bcast [0-9]*-(64)? .* ranks=2$' "$out/desc.tuned" \
    || { echo "FAIL: --description -k bcast wrote no bcast row up to 64 B"; fail=1; }
grep -q '^# a note of its own$' "$out/desc.tuned" \
    || { echo "FAIL: --description dropped the file's own comment"; fail=1; }
grep -q '(stale)' "$out/desc.tuned" \
    && { echo "FAIL: --description kept swing-tune's old note on the bcast rows it replaced"; fail=1; }
[ "$(grep -c '^# bcast, 2 ranks: ' "$out/desc.tuned")" = 1 ] \
    || { cat "$out/desc.tuned"; echo "FAIL: --description: not one note on the bcast rows"; fail=1; }
# tuned again: one header, one note, the comment still there
sh "$src/bench/swing-tune" -n 2 --topology "@$out/desc.tuned" -k bcast -m 8:64 --budget 3 --rounds 1 \
    --description --out "$out/desc.tuned2" > "$out/desc2.out" 2>&1 \
    || { cat "$out/desc2.out"; echo "FAIL: swing-tune --description, again"; fail=1; }
[ "$(grep -c 'measured decision table, by swing-tune' "$out/desc.tuned2")" = 1 ] \
    && [ "$(grep -c '^# bcast, 2 ranks: ' "$out/desc.tuned2")" = 1 ] \
    && grep -q '^# a note of its own$' "$out/desc.tuned2" \
    && grep -q '^decide allreduce 0-1K swing_lo ranks=2$' "$out/desc.tuned2" \
    || { cat "$out/desc.tuned2"; echo "FAIL: --description twice: not one header and one note, or the comment or allreduce row lost"; fail=1; }
echo "--description -k bcast: $(grep -c '^decide ' "$out/desc.tuned") rows, the allreduce row and the file's comment kept, twice"

# --beyond keep: the description's rows of the collective measured above
# the largest size measured (64 B here) stay, a row across it cut there
# (a size written 1k read as 1K), and its rows for a rank count not measured and
# without ranks= stay whole; those below it go (ranks= read up to a "#", as
# the component reads it). Tuned again: one note on the kept rows, the same
# rows. Without --description it is refused.
"$SWING_TOPO" describe ring:2 > "$out/part.topo"
printf '%s\n' 'decide allreduce 0-32 rd_lo ranks=2#old' 'decide allreduce 33-1k swing_bo ranks=2' \
    'decide allreduce 1025- ompi_ring ranks=2' 'decide allreduce 0-1K swing_lo ranks=4' \
    'decide allreduce 0-2K swing_bo' \
    'decide iallreduce 0-16 swing_lo ranks=2' 'decide iallreduce 17-4K swing_bo ranks=2' \
    'decide bcast 0-1K binomial ranks=2' >> "$out/part.topo"
# tune_twice NAME OPTION...: swing-tune --description on the made-up rounds,
# from $out/NAME.topo to NAME.tuned1, then from that to NAME.tuned2; each
# must load without a row left out
tune_twice() {
    name=$1; shift
    for t in 1 2; do
        src_topo=$out/$name.topo
        [ $t = 2 ] && src_topo=$out/$name.tuned1
        sh "$src/bench/swing-tune" --from "$out/kept" -k allreduce --topology "@$src_topo" --description \
            "$@" --out "$out/$name.tuned$t" > "$out/$name$t.out" 2>&1 \
            || { cat "$out/$name$t.out"; echo "FAIL: swing-tune $* ($t)"; fail=1; }
        grep -q "rows the component would leave out" "$out/$name$t.out" \
            && { cat "$out/$name$t.out"; echo "FAIL: $* ($t): the component would leave rows out"; fail=1; }
    done
}
# has_rows WHAT ROW...: each ROW is a line of $rows
has_rows() {
    what=$1; shift
    for want in "$@"; do
        echo "$rows" | grep -qx "$want" || { echo "$rows"; echo "FAIL: $what: no row '$want'"; fail=1; }
    done
}
tune_twice part --beyond keep
rows=$(grep '^decide ' "$out/part.tuned1" 2>/dev/null)
has_rows "--beyond keep" 'decide allreduce 33-64 swing_lo ranks=2' 'decide allreduce 65-1k swing_bo ranks=2' \
    'decide allreduce 1025- ompi_ring ranks=2' 'decide allreduce 0-1K swing_lo ranks=4' \
    'decide allreduce 0-2K swing_bo' 'decide iallreduce 65-4K swing_bo ranks=2' 'decide bcast 0-1K binomial ranks=2'
echo "$rows" | grep -q -e '^decide allreduce 0-32 rd_lo' -e '^decide allreduce 33-1k' -e '^decide iallreduce 17-4K' \
    && { echo "$rows"; echo "FAIL: --beyond keep: a row within the sizes measured stayed, or one across them was not cut"; fail=1; }
[ "$(grep '^decide ' "$out/part.tuned2" 2>/dev/null)" = "$rows" ] \
    && [ "$(grep -c '^# kept from the description' "$out/part.tuned2")" = 1 ] \
    || { cat "$out/part.tuned2"; echo "FAIL: --beyond keep twice: other rows, or not one note on the kept rows"; fail=1; }
sh "$src/bench/swing-tune" --from "$out/kept" -k allreduce --beyond keep > "$out/keepnodesc.out" 2>&1
[ $? = 2 ] && grep -q 'beyond keep needs --description' "$out/keepnodesc.out" \
    || { cat "$out/keepnodesc.out"; echo "FAIL: --beyond keep without --description was not refused"; fail=1; }
echo "--beyond keep: $(echo "$rows" | grep -c .) rows, those above 64 B, for 4 ranks and without ranks= kept, twice"

# --below keep: the description's rows up to half the smallest size
# measured (8 B here: the new rows start at 5) stay before the new rows, a
# row across it cut there; with --beyond keep too, an open row across the
# sizes measured keeps both its ends. Tuned again: the same rows, one note
# on each side. Alone it drops the rows above; without --description it is
# refused.
"$SWING_TOPO" describe ring:2 > "$out/low.topo"
printf '%s\n' 'decide allreduce 0-2 swing_bo ranks=2' 'decide allreduce 3-16 rd_lo ranks=2' \
    'decide allreduce 17-1k swing_bo ranks=2' 'decide allreduce 0-1K swing_lo ranks=4' \
    'decide iallreduce 0- swing_lo ranks=2' >> "$out/low.topo"
tune_twice low --below keep --beyond keep
rows=$(grep '^decide ' "$out/low.tuned1" 2>/dev/null)
has_rows "--below keep --beyond keep" 'decide allreduce 0-2 swing_bo ranks=2' 'decide allreduce 3-4 rd_lo ranks=2' \
    'decide allreduce 5-8 rd_lo ranks=2' 'decide allreduce 65-1k swing_bo ranks=2' \
    'decide allreduce 0-1K swing_lo ranks=4' 'decide iallreduce 0-4 swing_lo ranks=2' 'decide iallreduce 65- swing_lo ranks=2'
echo "$rows" | grep -q -e '^decide allreduce 3-16 ' -e '^decide allreduce 17-1k ' -e '^decide iallreduce 0- ' \
    && { echo "$rows"; echo "FAIL: --below keep: a row across the sizes measured was not cut"; fail=1; }
[ "$(echo "$rows" | grep '^decide allreduce ' | grep 'ranks=2$' | head -3 | cut -d' ' -f3 | tr '\n' ' ')" = "0-2 3-4 5-8 " ] \
    || { echo "$rows"; echo "FAIL: --below keep: the kept rows do not precede the new ones, smallest first"; fail=1; }
[ "$(grep '^decide ' "$out/low.tuned2" 2>/dev/null)" = "$rows" ] \
    && [ "$(grep -c '^# kept from the description (--below keep)' "$out/low.tuned2")" = 1 ] \
    && [ "$(grep -c '^# kept from the description (--beyond keep)' "$out/low.tuned2")" = 1 ] \
    || { cat "$out/low.tuned2"; echo "FAIL: --below keep twice: other rows, or not one note on each side"; fail=1; }
sh "$src/bench/swing-tune" --from "$out/kept" -k allreduce --topology "@$out/low.topo" --description \
    --below keep --out "$out/low.only" > "$out/lowonly.out" 2>&1 \
    || { cat "$out/lowonly.out"; echo "FAIL: swing-tune --below keep"; fail=1; }
grep -qx 'decide allreduce 3-4 rd_lo ranks=2' "$out/low.only" && grep -qx 'decide iallreduce 0-4 swing_lo ranks=2' "$out/low.only" \
    && grep -qx 'decide allreduce 0-1K swing_lo ranks=4' "$out/low.only" \
    && ! grep -q -e '^decide allreduce 17-1k ' -e '^decide allreduce 65-1k' -e '^decide iallreduce 65-' "$out/low.only" \
    || { cat "$out/low.only"; echo "FAIL: --below keep alone: rows below not kept, or rows above kept"; fail=1; }
sh "$src/bench/swing-tune" --from "$out/kept" -k allreduce --below keep > "$out/lownodesc.out" 2>&1
[ $? = 2 ] && grep -q 'below keep needs --description' "$out/lownodesc.out" \
    || { cat "$out/lownodesc.out"; echo "FAIL: --below keep without --description was not refused"; fail=1; }
echo "--below keep: $(echo "$rows" | grep -c .) rows, those below 5 B and above 64 B kept on both sides, twice"

[ $fail = 0 ] && echo "PASS: test_tune.sh" || echo "FAIL: test_tune.sh"
exit $fail
