#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench/component-path.sh on a made-up ompi_info: Open MPI's component
# directory appended to a path that names none of its components, with one
# note; a path that names it, or holds another copy of its point-to-point
# components (mca_pml_*), an Open MPI whose directory holds no components
# (built into libmpi, as Open MPI 5's) and a machine without ompi_info
# leave the path as it is, quietly; the ompi_info beside $MPIRUN is asked
# first; run_bench.sh passes the completed path to mpirun.
. "${SWING_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/unit/script_test.sh"
. "$top/bench/component-path.sh"

# info DIR PKGLIBDIR: a made-up ompi_info in DIR naming PKGLIBDIR
info() {
    mkdir -p "$1"
    printf '#!/bin/sh\n[ "$*" = "--path pkglibdir --parsable" ] && echo "path:pkglibdir:%s"\n' "$2" > "$1/ompi_info"
    chmod +x "$1/ompi_info"
}
mkdir -p "$tmp/swing" "$tmp/ompi" "$tmp/copy" "$tmp/ompi5"
: > "$tmp/ompi/mca_pml_ob1.so"
: > "$tmp/copy/mca_pml_ob1.so"
: > "$tmp/ompi5/libompi_dbg_msgq.so"
info "$tmp/bin" "$tmp/ompi"
info "$tmp/bin5" "$tmp/ompi5"
unset MPIRUN

# check NAME EXPECTED NOTE PATH [ENV...]: the printed path, and the note or none
check() {
    name=$1 want=$2 note=$3 path=$4
    shift 4
    out=$(env "$@" sh -c '. "$1"; swing_component_path "$2" tester' sh "$top/bench/component-path.sh" "$path" 2> "$tmp/note")
    if [ -n "$note" ]; then
        [ "$(cat "$tmp/note")" = "tester: SWING_COMPONENT_PATH names none of Open MPI's own components: $note appended" ] || { bad "$name: note: $(cat "$tmp/note")"; return; }
    else
        [ ! -s "$tmp/note" ] || { bad "$name: a note: $(cat "$tmp/note")"; return; }
    fi
    [ "$out" = "$want" ] && ok "$name" || bad "$name: path $out"
}
check "appended to a path without Open MPI's components, one note" "$tmp/swing:$tmp/ompi" "$tmp/ompi" "$tmp/swing" OMPI_INFO="$tmp/bin/ompi_info"
check "a path naming Open MPI's directory kept, quietly" "$tmp/swing:$tmp/ompi/" "" "$tmp/swing:$tmp/ompi/" OMPI_INFO="$tmp/bin/ompi_info"
check "a path holding another mca_pml_* kept, quietly" "$tmp/swing:$tmp/copy" "" "$tmp/swing:$tmp/copy" OMPI_INFO="$tmp/bin/ompi_info"
check "components built into libmpi (no mca_* in pkglibdir): kept, quietly" "$tmp/swing" "" "$tmp/swing" OMPI_INFO="$tmp/bin5/ompi_info"
check "no ompi_info: kept, quietly" "$tmp/swing" "" "$tmp/swing" OMPI_INFO="$tmp/nothing-here"
check "the ompi_info beside MPIRUN first" "$tmp/swing:$tmp/ompi" "$tmp/ompi" "$tmp/swing" MPIRUN="$tmp/bin/mpirun" PATH="$tmp/bin5:$PATH"

# run_bench.sh: mpirun gets the completed path
cat > "$tmp/mpirun" <<'EOF2'
#!/bin/sh
while [ $# -gt 0 ]; do
    case "$1" in
    --mca) echo "$2 $3" >> "$FAKE_MCA"; shift 3 ;;
    *) shift ;;
    esac
done
exit 1
EOF2
chmod +x "$tmp/mpirun"
: > "$tmp/bench"
chmod +x "$tmp/bench"
FAKE_MCA="$tmp/mca" OMPI_INFO="$tmp/bin/ompi_info" MPIRUN="$tmp/mpirun" SWING_BENCH="$tmp/bench" \
    SWING_COMPONENT_PATH="$tmp/swing" sh "$top/bench/run_bench.sh" -n 2 -m 8:8 -o "$tmp/out" > "$tmp/report" 2>&1
grep -qx "mca_base_component_path $tmp/swing:$tmp/ompi" "$tmp/mca" \
    && ok "run_bench.sh: mpirun given the completed path" || bad "run_bench.sh's --mca: $(cat "$tmp/mca" 2>/dev/null)"

[ "$fail" = 0 ] && echo "PASS: test_component_path.sh" || echo "FAIL: test_component_path.sh"
exit "$fail"
