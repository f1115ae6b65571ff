#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The built-in one-node rows (ompi_coll_swing/decide/node.table,
# coll_swing_node_rows): on one node with no description, auto follows
# every row for 2 ranks in its range (one size per row, every collective
# the table has rows for); with coll_swing_node_rows 0 the shared segment
# serves those sizes; a coll_swing_decision_file with rows for the
# collective replaces the built-in ones; the verbose report names the
# rows' source. Across emulated nodes 2x2 (tests/cluster/mpirun-nodes.sh;
# that part says SKIP where namespaces are not permitted): gather and
# scatter go to Open MPI (under 4.1 tuned's linear gather and linear_nb
# scatter at 1 KiB; under 5.0 the previous component, han), and to a swing
# tree with the parameter off. What served each size comes from swing_bench's CSV
# (swing's MPI_T counters).
set -u
top=${SWING_TOP_BUILDDIR:?run through make check}
src=${SWING_TOP_SRCDIR:?run through make check}
table=$src/ompi_coll_swing/decide/node.table
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0

# per row for 2 ranks: COLL SIZE ALG, SIZE the largest power of two in the
# row's range from 8 B to 1 MiB (rows wholly outside are left out); the
# collectives swing_bench times (the nonblocking, persistent and v forms'
# rows are the same loader's)
awk '
    function bytes(s,   n, u) {
        n = s + 0; u = substr(s, length(s))
        return u == "K" ? n * 1024 : u == "M" ? n * 1048576 : u == "G" ? n * 1073741824 : n
    }
    $1 == "decide" && $5 == "ranks=2" && $2 ~ /^(allreduce|reduce_scatter_block|reduce_scatter|allgather|bcast|reduce|gather|scatter)$/ {
        split($3, r, "-"); lo = bytes(r[1]); hi = (r[2] == "") ? 1048576 : bytes(r[2])
        for (s = 1048576; s >= 8 && s > hi; s /= 2) ;
        if (s >= 8 && s >= lo) print $2, s, $4
    }' "$table" > "$out/rows"
# the table must hand some size of some collective away from the segment,
# or there is nothing to check
if ! awk '$3 != "shm" { f = 1 } END { exit !f }' "$out/rows"; then
    echo "FAIL: $table has no row for 2 ranks naming anything but shm"
    exit 1
fi

# run LABEL COLL SIZES [mpirun options]
run() {
    label=$1 k=$2 sizes=$3
    shift 3
    case " $* " in *" coll_swing_node_rows "*) ;; *) set -- --mca coll_swing_node_rows 1 "$@" ;; esac
    sh "$src/tests/mpi/mpirun.sh" -np 2 --mca coll_swing_verbose 2 "$@" \
        "$top/bench/swing_bench" -k "$k" -C swing-auto -m "$sizes" -i 3 -w 1 --csv "$out/$label.csv" \
        > "$out/$label.out" 2>&1 || { cat "$out/$label.out"; echo "FAIL: $label: swing_bench"; fail=1; }
}
served() {
    awk -F, -v s="$2" 'NR > 1 && $3 == s { print $19 }' "$out/$1.csv"
}
check() { # LABEL SIZE WANT
    got=$(served "$1" "$2")
    if [ -n "$got" ] && [ "$got" = "$3" ]; then
        echo "ok: $1: $2 B -> $got"
    else
        echo "FAIL: $1: $2 B served by '$got', expected '$3'"
        fail=1
    fi
}

for k in $(awk '{ print $1 }' "$out/rows" | sort -u); do
    run "$k" "$k" 8:1048576
    run "$k-off" "$k" 8:1048576 --mca coll_swing_node_rows 0
    awk -v k="$k" '$1 == k { print $2, $3 }' "$out/rows" > "$out/$k.rows"
    while read -r size alg; do
        check "$k" "$size" "$alg"
        check "$k-off" "$size" shm
    done < "$out/$k.rows"
    grep -q "auto: .* (measured table built-in one-node rows (node.table):" "$out/$k.out" \
        || { echo "FAIL: $k: the verbose report does not name the built-in rows"; grep 'auto:' "$out/$k.out" | head; fail=1; }
done

# a decision file's rows for the collective replace the built-in ones
set -- $(awk '$3 != "shm" { print $1, $2; exit }' "$out/rows")
printf 'decide %s 0- shm\n' "$1" > "$out/file"
run file "$1" "$2:$2" --mca coll_swing_decision_file "$out/file"
check file "$2" shm

# across nodes without a description: gather and scatter to Open MPI
major=$(mpirun --version 2>/dev/null | sed -n 's/.*(Open MPI) \([0-9]*\)\..*/\1/p' | head -n 1)
launcher=$src/tests/cluster/mpirun-nodes.sh
if SWING_MPIRUN="$src/tests/mpi/mpirun.sh" sh "$launcher" 1x1 true > /dev/null 2>&1; then
    for k in gather scatter; do
        for on in 1 0; do
            SWING_MPIRUN="$src/tests/mpi/mpirun.sh" sh "$launcher" 2x2 --mca coll_swing_node_rows "$on" \
                "$top/bench/swing_bench" -k "$k" -C swing-auto -m 1024:1024 -i 3 -w 1 \
                --csv "$out/nodes-$k-$on.csv" > "$out/nodes-$k-$on.out" 2>&1 \
                || { cat "$out/nodes-$k-$on.out"; echo "FAIL: nodes 2x2 $k: swing_bench"; fail=1; }
        done
        # under 4.1 tuned's linear algorithms by name; under 5.0 the previous
        # component, han, whose calls on its own node and leader
        # communicators swing may serve in turn (then they are listed too:
        # bine_mp+previous)
        case "$major-$k" in
        4-gather) want=ompi_basic_linear ;;
        4-scatter) want=ompi_linear_nb ;;
        *) want=previous ;;
        esac
        got=$(served "nodes-$k-1" 1024)
        case "+$got+" in
        *+$want+*) echo "ok: nodes-$k-1: 1024 B -> $got" ;;
        *) echo "FAIL: nodes-$k-1: 1024 B served by '$got', expected $want (Open MPI $major)"; fail=1 ;;
        esac
        got=$(served "nodes-$k-0" 1024)
        case "$got" in
        ""|previous) echo "FAIL: nodes-$k-0: 1024 B served by '$got', expected a swing tree"; fail=1 ;;
        *) echo "ok: nodes-$k-0: 1024 B -> $got" ;;
        esac
    done
else
    echo "SKIP: across nodes: tests/cluster/mpirun-nodes.sh cannot make emulated nodes here"
fi

[ $fail = 0 ] && echo "PASS: test_node_rows.sh" || echo "FAIL: test_node_rows.sh"
exit $fail
