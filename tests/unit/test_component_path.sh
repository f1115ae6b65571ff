#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench/component-path.sh on a made-up ompi_info: Open MPI's component
# directory appended to a path that names none of its components, with one
# note; a path that holds one (mca_pml_*) and a machine without ompi_info
# leave it as it is, quietly; run_bench.sh passes the completed path to
# mpirun.
. "${SWING_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/unit/script_test.sh"
. "$top/bench/component-path.sh"

cat > "$tmp/ompi_info" <<'EOF2'
#!/bin/sh
[ "$*" = "--path pkglibdir --parsable" ] && echo "path:pkglibdir:/fake/ompi/lib"
EOF2
chmod +x "$tmp/ompi_info"
mkdir -p "$tmp/swing" "$tmp/ompi"
: > "$tmp/ompi/mca_pml_ob1.so"

out=$(OMPI_INFO="$tmp/ompi_info" swing_component_path "$tmp/swing" tester 2> "$tmp/note")
[ "$out" = "$tmp/swing:/fake/ompi/lib" ] && ok "appended to a path without Open MPI's components" || bad "path: $out"
[ "$(wc -l < "$tmp/note")" = 1 ] && grep -q "^tester: SWING_COMPONENT_PATH names none of Open MPI's own components: /fake/ompi/lib appended$" "$tmp/note" \
    && ok "one note, naming the directory" || bad "note: $(cat "$tmp/note")"

out=$(OMPI_INFO="$tmp/ompi_info" swing_component_path "$tmp/swing:$tmp/ompi" tester 2> "$tmp/note")
[ "$out" = "$tmp/swing:$tmp/ompi" ] && [ ! -s "$tmp/note" ] \
    && ok "a path holding mca_pml_* kept, quietly" || bad "path with Open MPI's: $out / $(cat "$tmp/note")"

out=$(OMPI_INFO="$tmp/nothing-here" swing_component_path "$tmp/swing" tester 2> "$tmp/note")
[ "$out" = "$tmp/swing" ] && [ ! -s "$tmp/note" ] \
    && ok "no ompi_info: kept as it is" || bad "without ompi_info: $out / $(cat "$tmp/note")"

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
FAKE_MCA="$tmp/mca" OMPI_INFO="$tmp/ompi_info" MPIRUN="$tmp/mpirun" SWING_BENCH="$tmp/bench" \
    SWING_COMPONENT_PATH="$tmp/swing" sh "$top/bench/run_bench.sh" -n 2 -m 8:8 -o "$tmp/out" > "$tmp/report" 2>&1
grep -qx "mca_base_component_path $tmp/swing:/fake/ompi/lib" "$tmp/mca" \
    && ok "run_bench.sh: mpirun given the completed path" || bad "run_bench.sh's --mca: $(cat "$tmp/mca" 2>/dev/null)"

[ "$fail" = 0 ] && echo "PASS: test_component_path.sh" || echo "FAIL: test_component_path.sh"
exit "$fail"
