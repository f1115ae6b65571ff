#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# hier and Open MPI's coll/han side by side on emulated nodes (2x2 and 2x3),
# with the benchmark (bench/swing_bench -k COLL -C swing-auto,hier,han), for
# each collective named (default: allreduce allgather reduce_scatter_block;
# also SWING_HIER_HAN_COLLS):
#
#   hier_han.sh [COLL...]
#
# Both give
# validated results; swing serves every hier call with hier; han's rows are
# served by han (swing does not see them; han's own verbose line for each
# call, coll_base_verbose 60, in a run of the han column alone, proves han
# took them). Where han comes from differs by
# series, and is checked: Open MPI 5 gives han priority 35 by default, above
# tuned's 30, so han runs with nothing set; 4.1 gives it 0, so there the
# benchmark skips han unless the job is started with coll_han_priority 35.
# The medians are printed side by side (the emulated nodes share this
# machine's cores: a comparison of the schedules' costs here, not of
# networks). A collective han does not provide (4.1's han has allgather
# but no reduce_scatter_block; ompi_info says which) is served in the han
# column by the module below han (tuned): said so on the line. Skips (77)
# where Linux namespaces are not permitted.
: "${SWING_TESTS_DIR:?run through make check}"
launcher="$SWING_TOP_SRCDIR/tests/cluster/mpirun-nodes.sh"
bench="$SWING_TOP_BUILDDIR/bench/swing_bench"
SWING_MPIRUN="sh $SWING_TOP_SRCDIR/tests/mpi/mpirun.sh"
export SWING_MPIRUN
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

sh "$launcher" 1x1 true > "$tmp/out" 2>&1
if [ $? = 77 ]; then
    cat "$tmp/out"
    echo "SKIP: hier_han.sh: the emulated cluster needs Linux namespaces"
    exit 77
fi
ompi5=0
case "$(mpirun --version 2>/dev/null)" in *"Open MPI) 5."*) ompi5=1 ;; esac

colls=${*:-${SWING_HIER_HAN_COLLS:-allreduce allgather reduce_scatter_block}}
coll=allreduce

# run LAYOUT [mpirun options]: the benchmark of $coll, its CSV in $tmp/b.csv
run() {
    lay=$1
    shift
    rm -f "$tmp/b.csv"
    timeout 300 sh "$launcher" "$lay" "$@" "$bench" -k "$coll" -m 8:64K -i 5 \
        -C swing-auto,hier,han --csv "$tmp/b.csv" > "$tmp/out" 2>&1
}

# show: the benchmark's output without Open MPI's verbose lines
show() {
    grep -v -e 'coll:' -e 'mca: base:' "$tmp/out"
}

# han_ran [mpirun options]: han's own proof that it took the han column's
# calls of $coll. With coll_base_verbose 60 han prints a line for every
# call it takes ("coll:han:get_dynamic_rule HAN searched for collective N
# (COLL)"); the han column alone at one size, 50 calls: each rank must
# print about as many (the benchmark's own few control calls are
# allreduces of a few bytes on a communicator of their own). Where han has
# no COLL, none.
han_ran() {
    rm -f "$tmp/b.csv"
    timeout 300 sh "$launcher" 2x2 --mca coll_base_verbose 60 "$@" "$bench" -k "$coll" \
        -m 64K:64K -i 50 -C han --csv "$tmp/b.csv" > "$tmp/out" 2>&1
    rc=$?
    np=$(awk -F, 'NR == 2 { print $1 }' "$tmp/b.csv" 2>/dev/null)
    calls=$(awk -F, '$2 == "han" { c += $5 + $14 } END { print c + 0 }' "$tmp/b.csv" 2>/dev/null)
    lines=$(grep -o "coll:han:get_dynamic_rule HAN searched for collective [0-9]* ($coll)" \
            "$tmp/out" | wc -l)
    if [ $rc = 0 ] && [ -z "$han_note" ] && [ "${calls:-0}" -gt 0 ] \
            && [ $((lines * 10)) -ge $((np * calls * 9)) ]; then
        echo "ok   2x2 $coll: han ran the han column: $lines lines of han's own" \
            "(coll_base_verbose 60) for $calls calls on each of $np ranks"
    elif [ $rc = 0 ] && [ -n "$han_note" ] && [ "${calls:-0}" -gt 0 ] && [ "$lines" = 0 ]; then
        echo "ok   2x2 $coll: han has no $coll and printed no line for one: the module below it served"
    else
        show | tail -n 30
        echo "FAIL 2x2 $coll: exit $rc; han's own lines for $coll: $lines, for ${calls:-no} calls" \
            "of the han column on ${np:-?} ranks${han_note:+ (expected none:$han_note)}"
        fail=1
    fi
}

# verdict LAYOUT ROWS GOOD WHAT: WHAT holds at every size (ROWS rows of the
# CSV, GOOD of them as WHAT says)
verdict() {
    if [ "$2" -gt 0 ] && [ "$2" = "$3" ]; then
        echo "ok   $1: $4, at all $2 sizes"
    else
        show
        echo "FAIL $1: $4, at $3 of $2 sizes only"
        fail=1
    fi
}

# the priority han has without a word from the job
if [ $ompi5 = 1 ]; then
    han_opts=""
    han_where="Open MPI 5: han's default priority"
else
    han_opts="--mca coll_han_priority 35"
    han_where="Open MPI 4.1: han with --mca coll_han_priority 35"
    # without it, 4.1's han (priority 0) does not outrank tuned: skipped
    run 2x2
    if grep -q "skipping han" "$tmp/out" && ! grep -q ',han,' "$tmp/b.csv" 2>/dev/null; then
        echo "ok   2x2, Open MPI 4.1 without coll_han_priority: han skipped ($(grep 'skipping han' "$tmp/out" | head -1))"
    else
        show
        echo "FAIL 2x2, Open MPI 4.1 without coll_han_priority: han was not skipped"
        fail=1
    fi
fi

for coll in $colls; do
han_note=""
if ! ompi_info --param coll han --level 9 2>/dev/null | grep -q "coll_han_${coll}_"; then
    han_note=" (han has no $coll: the module below han served that column)"
fi
# shellcheck disable=SC2086
han_ran $han_opts
for lay in 2x2 2x3; do
    # shellcheck disable=SC2086
    run $lay $han_opts
    rc=$?
    lay="$lay $coll"
    if [ $rc != 0 ] || [ ! -s "$tmp/b.csv" ]; then
        show
        echo "FAIL $lay: swing_bench exit $rc"
        fail=1
        continue
    fi
    # config,bytes: served (12), validated (13), swing_algorithm (19)
    hier=$(awk -F, '$2 == "hier"' "$tmp/b.csv" | wc -l)
    hier_ok=$(awk -F, '$2 == "hier" && $12 == "yes" && $13 == "yes" && $19 == "hier"' "$tmp/b.csv" | wc -l)
    han=$(awk -F, '$2 == "han"' "$tmp/b.csv" | wc -l)
    han_ok=$(awk -F, '$2 == "han" && $12 == "no" && $13 == "yes"' "$tmp/b.csv" | wc -l)
    verdict "$lay" "$hier" "$hier_ok" "hier served by swing's hier and validated"
    verdict "$lay" "$han" "$han_ok" "han's rows ($han_where) validated, swing not serving$han_note"
    echo "     $lay median us (size: hier han):" $(awk -F, '$2 == "hier" { h[$3] = $6; s[++n] = $3 }
        $2 == "han" { m[$3] = $6 }
        END { for (i = 1; i <= n; i += 3) printf "%d: %.0f %.0f; ", s[i], h[s[i]], m[s[i]] }' "$tmp/b.csv")
done
done

[ $fail = 0 ] && echo "PASS: hier_han.sh" || echo "FAIL: hier_han.sh"
exit $fail
