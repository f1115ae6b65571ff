#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The measured decision table (coll_swing_decision_file, a description's
# decide rows): auto follows each row exactly in its range, the model
# between and beyond the rows; "previous" hands the call to the component
# swing replaced (counter coll_swing_allreduce_previous); bad rows give one
# message each, naming file and line, and the rest is used; a file's rows
# replace the description's; rows for one communicator size (ranks=N) win
# over rows for any; a forced algorithm overrides the rows; a missing file
# gives one message and the model; rows may name Open MPI's own algorithms
# (ompi_*). What served each size comes from
# swing_bench's CSV (swing's MPI_T counters), 4 ranks on ring:4.
set -u
top=${SWING_TOP_BUILDDIR:?run through make check}
src=${SWING_TOP_SRCDIR:?run through make check}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0

cat > "$out/rows" <<'EOF'
# rows at power-of-two boundaries, a gap at 512 B and above 2 KiB
decide allreduce 0-64 rd_lo
decide allreduce 65-256 swing_bo
decide allreduce 100-300 ring
decide allreduce 1K-2K previous
decide allreduce 4K-8K swing_lox
decide alltoall 0- linear
decide allgather 0-1K rd
decide iallreduce 0-64 rd_bo
EOF

# run LABEL [-k COLL] [-c CONFIG] [-t TOPO] [mpirun options]: swing_bench's
# CONFIG (swing-auto), 8 B .. 8 KiB, -k COLL (allreduce), on TOPO (ring:4)
run() {
    label=$1
    shift
    k=allreduce cfg=swing-auto topo=ring:4
    while :; do
        case "${1:-}" in
        -k) k=$2; shift 2 ;;
        -c) cfg=$2; shift 2 ;;
        -t) topo=$2; shift 2 ;;
        *) break ;;
        esac
    done
    sh "$src/tests/mpi/mpirun.sh" -np 4 --mca coll_swing_topology "$topo" --mca coll_swing_verbose 2 "$@" \
        "$top/bench/swing_bench" -k "$k" -C "$cfg" -m 8:8192 -i 3 -w 1 --csv "$out/$label.csv" \
        > "$out/$label.out" 2>&1 || { cat "$out/$label.out"; echo "FAIL: $label: swing_bench"; fail=1; }
}

# served LABEL SIZE: the algorithm(s) that served the run's configuration at SIZE bytes
served() {
    awk -F, -v s="$2" 'NR > 1 && $3 == s { print $19 }' "$out/$1.csv"
}

# expect LABEL "SIZE:ALG ..." (ALG "=REF" is what run REF served at that size)
expect() {
    for e in $2; do
        size=${e%%:*} want=${e#*:}
        case "$want" in ="") ;; =*) want=$(served "${want#=}" "$size") ;; esac
        got=$(served "$1" "$size")
        if [ -n "$got" ] && [ "$got" = "$want" ]; then
            echo "ok: $1: $size B -> $got"
        else
            echo "FAIL: $1: $size B served by '$got', expected '$want'"
            fail=1
        fi
    done
}

# once LABEL TEXT: TEXT printed exactly once (by world rank 0)
once() {
    n=$(grep -c -F -- "$2" "$out/$1.out")
    [ "$n" = 1 ] && echo "ok: $1: said once: $2" || { echo "FAIL: $1: '$2' printed $n times"; fail=1; }
}

run model
run file --mca coll_swing_decision_file "$out/rows"
expect file "8:rd_lo 64:rd_lo 128:swing_bo 256:swing_bo 512:=model 1024:previous 2048:previous 4096:=model 8192:=model"
grep -q ',swing-auto,1024,.*,yes,yes,' "$out/file.csv" \
    || { echo "FAIL: file: previous calls not counted as auto's (served)"; fail=1; }
once file "$out/rows:4:18: decide row ignored: allreduce 100-300 overlaps 65-256 at line 3"
once file "$out/rows:6: decide row ignored: MPI_Allreduce has no algorithm 'swing_lox'"
once file "$out/rows:7: decide row ignored: swing serves no collective 'alltoall'"
grep -q "MPI_COMM_WORLD auto: 0 B .. 64 B -> rd_lo (measured table $out/rows:2)" "$out/file.out" \
    && grep -q "MPI_COMM_WORLD auto: 257 B .. 1023 B -> .* (cost model)" "$out/file.out" \
    && grep -q "MPI_COMM_WORLD auto: 1024 B .. 2048 B -> previous (measured table $out/rows:5)" "$out/file.out" \
    && grep -q "MPI_COMM_WORLD iallreduce auto: 0 B .. 64 B -> rd_bo (measured table $out/rows:9)" "$out/file.out" \
    || { echo "FAIL: file: the verbose report does not name each range's source"; grep 'auto:' "$out/file.out" | head -20; fail=1; }

# swing-topo explain --choice prints, without a job, the lines the component
# printed for MPI_COMM_WORLD: the same algorithms and sources per range
for c in allreduce iallreduce allgather; do
    pat="MPI_COMM_WORLD auto:"
    [ "$c" = allreduce ] || pat="MPI_COMM_WORLD $c auto:"
    grep "coll:swing: $pat" "$out/file.out" | sed 's/.*coll:swing: MPI_COMM_WORLD//' > "$out/comp.$c"
    "$top/tools/swing-topo/swing-topo" explain ring:4 --choice --coll "$c" \
        --decision-file "$out/rows" 2> /dev/null | tail -n +2 > "$out/topo.$c"
    if [ -s "$out/comp.$c" ] && cmp -s "$out/comp.$c" "$out/topo.$c"; then
        echo "ok: swing-topo explain --choice --coll $c: the component's $(wc -l < "$out/comp.$c") lines"
    else
        echo "FAIL: swing-topo explain --choice --coll $c differs from the component's report:"
        diff "$out/comp.$c" "$out/topo.$c"
        fail=1
    fi
done

# allgather: its own rows (sizes: the whole vector)
run gather -k allgather --mca coll_swing_decision_file "$out/rows"
run gather_model -k allgather
expect gather "256:rd 1024:rd 2048:=gather_model 8192:=gather_model"

# a description's rows; a file with rows for the collective replaces them
printf 'name ring4-rows\nlogical 4\ndecide allreduce 0-128 rd_bo\ndecide allreduce 256-512 rd_lo\n' > "$out/desc.topo"
run desc -t "@$out/desc.topo"
expect desc "64:rd_bo 128:rd_bo 256:rd_lo 512:rd_lo 1024:=model"
run both -t "@$out/desc.topo" --mca coll_swing_decision_file "$out/rows"
expect both "128:swing_bo 512:=model 2048:previous"

# ranks=N: rows for this size of communicator win over rows for any
printf 'decide allreduce 0- rd_lo ranks=2\ndecide allreduce 0- rd_bo\ndecide allreduce 0-1K swing_bo ranks=4\n' > "$out/ranks"
run ranks --mca coll_swing_decision_file "$out/ranks"
expect ranks "64:swing_bo 1024:swing_bo 2048:=model"

# a forced algorithm overrides the rows (swing_bench's swing-lo forces it
# through MPI_T); coll_swing_lo_max_bytes leaves them
run forced -c swing-lo --mca coll_swing_decision_file "$out/rows"
expect forced "64:swing_lo 1024:swing_lo"
grep -q ": every size -> swing_lo (forced: coll_swing_allreduce_algorithm)" "$out/forced.out" \
    || { echo "FAIL: forced: not reported"; fail=1; }
run lomax --mca coll_swing_decision_file "$out/rows" --mca coll_swing_lo_max_bytes 0
expect lomax "64:rd_lo 128:swing_bo 1024:previous"
case "$(served lomax 512)" in
*_bo|*_bo_mp|ring) echo "ok: lomax: 512 B, between the rows, bandwidth-optimal: $(served lomax 512)" ;;
*) echo "FAIL: lomax: 512 B served by '$(served lomax 512)', expected a bandwidth-optimal schedule"; fail=1 ;;
esac
grep -q "MPI_COMM_WORLD auto: 257 B .. 1023 B -> .* (cost model, LO up to 0 B: coll_swing_lo_max_bytes)" "$out/lomax.out" \
    || { echo "FAIL: lomax: the gap's source is not the parameter"; fail=1; }

# a file that is not there: one message, the model decides, the job runs
run missing --mca coll_swing_decision_file "$out/nothing"
once missing "coll_swing_decision_file $out/nothing: cannot open"
expect missing "64:=model 1024:=model"

# rows naming Open MPI's own algorithms (ompi_*): followed, counted as
# those rows; one on the nonblocking allreduce, which has no executor for
# them, said once and left out
cat > "$out/ompi_rows" <<'EOF2'
decide allreduce 0-64 ompi_basic_linear
decide allreduce 65-1K ompi_ring
decide bcast 0-2K ompi_knomial
decide gather 0- ompi_basic_linear
decide reduce 0- ompi_in_order_binary
decide iallreduce 0- ompi_ring
EOF2
run ompi --mca coll_swing_decision_file "$out/ompi_rows"
expect ompi "8:ompi_basic_linear 64:ompi_basic_linear 128:ompi_ring 1024:ompi_ring 2048:=model"
once ompi "decide row ignored: MPI_Iallreduce has no executor for the algorithm 'ompi_ring'"
run ompi_bcast -k bcast --mca coll_swing_decision_file "$out/ompi_rows"
run ompi_bcast_model -k bcast
expect ompi_bcast "8:ompi_knomial 2048:ompi_knomial 4096:=ompi_bcast_model"
run ompi_gather -k gather --mca coll_swing_decision_file "$out/ompi_rows"
expect ompi_gather "1024:ompi_basic_linear 8192:ompi_basic_linear"
run ompi_reduce -k reduce --mca coll_swing_decision_file "$out/ompi_rows"
expect ompi_reduce "8:ompi_in_order_binary 8192:ompi_in_order_binary"

[ $fail = 0 ] && echo "PASS: test_table.sh" || echo "FAIL: test_table.sh"
exit $fail
