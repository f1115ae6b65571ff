#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench/run-modes.sh on a made-up mpirun and swing_bench: R runs, one
# mpirun each with -e's environment passed (-x) and MPIRUN_ARGS and the
# component path given; per configuration and
# size the fastest run's median and the runs over twice it; every run in
# runs.csv (a "run" column first); the report, with the load, in
# summary.txt.
. "${SWING_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/unit/script_test.sh"

# swing_bench: "shm" takes 10 us at 1 KiB, but 45 in run 3 (a slow run);
# "tuned" 20 us in every run, 21 in run 2
cat > "$tmp/bench" <<'EOF2'
#!/bin/sh
n=$(($(cat "$FAKE_COUNT" 2>/dev/null || echo 0) + 1))
echo "$n" > "$FAKE_COUNT"
csv=
while [ $# -gt 0 ]; do [ "$1" = --csv ] && csv=$2; shift; done
shm=10 tuned=20
[ "$n" = 3 ] && shm=45
[ "$n" = 2 ] && tuned=21
{ echo "np,config,bytes,count,iters,median_us"
  echo "2,shm,1024,256,10,$shm"
  echo "2,tuned,1024,256,10,$tuned"; } > "$csv"
EOF2
# mpirun: records its -x and --mca arguments, runs the program after its options
cat > "$tmp/mpirun" <<'EOF2'
#!/bin/sh
while [ $# -gt 0 ]; do
    case "$1" in
    -x) echo "$2" >> "$FAKE_ENV"; shift 2 ;;
    --mca) echo "$2 $3" >> "$FAKE_MCA"; shift 3 ;;
    -np|--bind-to) shift 2 ;;
    -*) shift ;;
    *) exec "$@" ;;
    esac
done
EOF2
chmod +x "$tmp/bench" "$tmp/mpirun"
export FAKE_COUNT="$tmp/count" FAKE_ENV="$tmp/env" FAKE_MCA="$tmp/mca"
mkdir "$tmp/ompi" && : > "$tmp/ompi/mca_pml_ob1.so"
printf '#!/bin/sh\necho path:pkglibdir:%s\n' "$tmp/ompi" > "$tmp/ompi_info"
chmod +x "$tmp/ompi_info"
OMPI_INFO="$tmp/ompi_info" MPIRUN="$tmp/mpirun" MPIRUN_ARGS="--mca fake_param 1" SWING_COMPONENT_PATH=/nowhere SWING_BENCH="$tmp/bench" sh "$top/bench/run-modes.sh" -r 4 -o "$tmp/out" \
    -e GLIBC_TUNABLES=x=1 -- -k allgather -m 1K:1K > "$tmp/report" 2> "$tmp/stderr" \
    || { cat "$tmp/report" "$tmp/stderr"; bad "run-modes.sh failed"; }
[ "$(cat "$tmp/stderr")" = "$top/bench/run-modes.sh: SWING_COMPONENT_PATH names none of Open MPI's own components: $tmp/ompi appended" ] \
    && ok "one note for the appended directory" || bad "stderr: $(cat "$tmp/stderr")"

[ "$(cat "$tmp/count" 2>/dev/null)" = 4 ] && ok "4 runs" || bad "runs: $(cat "$tmp/count" 2>/dev/null)"
[ "$(sort -u "$tmp/env" 2>/dev/null)" = GLIBC_TUNABLES=x=1 ] && [ "$(wc -l < "$tmp/env")" = 4 ] \
    && ok "-e passed to every run (-x)" || bad "environment: $(cat "$tmp/env" 2>/dev/null)"
[ "$(grep -c '^fake_param 1$' "$tmp/mca")" = 4 ] && [ "$(grep -cx "mca_base_component_path /nowhere:$tmp/ompi" "$tmp/mca")" = 4 ] \
    && ok "MPIRUN_ARGS and the component path, Open MPI's appended, on every run" || bad "mpirun's --mca: $(cat "$tmp/mca" 2>/dev/null)"
grep -Eq '^shm +1024 +fastest +10\.00 +slow 1 of 4: +10 10 45 10$' "$tmp/report" \
    && ok "shm: the fastest run and the one slow run" || bad "shm line: $(grep '^shm' "$tmp/report")"
grep -Eq '^tuned +1024 +fastest +20\.00 +slow 0 of 4: +20 21 20 20$' "$tmp/report" \
    && ok "tuned: steady" || bad "tuned line: $(grep '^tuned' "$tmp/report")"
[ "$(wc -l < "$tmp/out/runs.csv")" = 9 ] && head -1 "$tmp/out/runs.csv" | grep -q '^run,np,config,' \
    && grep -q '^3,2,shm,1024,256,10,45$' "$tmp/out/runs.csv" \
    && ok "every run in runs.csv" || bad "runs.csv: $(cat "$tmp/out/runs.csv")"
grep -q '^# load average at the start: ' "$tmp/out/summary.txt" && cmp -s "$tmp/report" "$tmp/out/summary.txt" \
    && ok "summary.txt is the report, with the load" || bad "summary.txt"

[ "$fail" = 0 ] && echo "PASS: test_run_modes.sh" || echo "FAIL: test_run_modes.sh"
exit "$fail"
