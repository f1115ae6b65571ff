#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Coverage-guided fuzzing of the description parser and its readers
# (fuzz_topo.h) with libFuzzer: builds topology/*/*.c, fuzz_topo.c and
# fuzz_libfuzzer.c with clang -fsanitize=fuzzer,address,undefined into DIR
# and runs the target on a working corpus (DIR/corpus), seeded from the
# presets, tests/unit/data, tests/fuzz/seeds and tests/fuzz/regress, with
# the format's tokens as a dictionary. Any crash, sanitizer report, leak,
# broken contract (abort), input over 60 s (wall clock: the run is niced on
# a shared machine; the largest descriptions, a million tiles, take about
# 2.5 s of CPU here instrumented) or over 2 GB is a finding:
# libFuzzer stops and leaves the input in DIR (crash-*, leak-*, timeout-*,
# oom-*).
#
#   libfuzzer.sh [--dir DIR] [--time SECONDS | --runs N] [-- LIBFUZZER ARGS]
#       fuzz for SECONDS (default 600) or N inputs, niced; prints libFuzzer's
#       final statistics
#   libfuzzer.sh [--dir DIR] --replay FILE...
#       run the built target once over the files (a finding's input)
#
# DIR defaults to /tmp/swing-libfuzzer; the working corpus there grows from
# run to run (delete DIR to start over). Needs clang with libFuzzer (Debian:
# apt-get install clang); exits 77 without it. Nothing is written outside
# DIR.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
dir=/tmp/swing-libfuzzer
secs=600
runs=""
replay=0
while [ $# -gt 0 ]; do
    case $1 in
        --dir) dir=$2; shift 2 ;;
        --time) secs=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --replay) replay=1; shift; break ;;
        --) shift; break ;;
        *) echo "libfuzzer.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

cc=""
for c in clang clang-19 clang-18 clang-17 clang-16 clang-15 clang-14; do
    if command -v "$c" >/dev/null 2>&1; then cc=$c; break; fi
done
[ -n "$cc" ] || { echo "libfuzzer.sh: no clang (Debian: apt-get install clang): skipped"; exit 77; }
mkdir -p "$dir/corpus" || exit 99
bin="$dir/fuzz_topo"

# the library's sources as they are now (whatever files topology/'s rooms hold),
# the presets embedded as the build embeds them
sh "$top/topology/gen_presets.sh" "$top/topology" \
    $(cd "$top/topology" && ls presets/*.topo) > "$dir/swt_presets_data.c" || exit 99
srcs=""
incs=""
for f in "$top"/topology/*/*.c; do
    [ "$(basename "$f")" = swt_presets_data.c ] || srcs="$srcs $f"
done
for d in "$top"/topology/*/; do
    [ "$(basename "$d")" = presets ] || incs="$incs -I$d"
done
echo "libfuzzer.sh: building $bin with $cc ($($cc --version | head -n 1))"
# shellcheck disable=SC2086
if ! $cc -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        -fno-omit-frame-pointer $incs -o "$bin" $srcs "$dir/swt_presets_data.c" \
        "$here/fuzz_topo.c" "$here/fuzz_libfuzzer.c" -lm 2>"$dir/build.log"; then
    cat "$dir/build.log"
    if grep -q -e 'fuzzer' -e 'libclang_rt' "$dir/build.log"; then
        echo "libfuzzer.sh: $cc cannot link libFuzzer: skipped"; exit 77
    fi
    exit 1
fi

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:allocator_may_return_null=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
if [ $replay = 1 ]; then
    exec "$bin" -runs=1 "$@"
fi
limit="-max_total_time=$secs"
[ -n "$runs" ] && limit="-runs=$runs"
echo "libfuzzer.sh: fuzzing ($limit), corpus $dir/corpus, findings in $dir"
start=$(date +%s)
nice -n 19 "$bin" -dict="$here/topo.dict" -max_len=65536 -timeout=60 -report_slow_units=30 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$dir/" $limit "$@" \
    "$dir/corpus" "$top/topology/presets" "$top/tests/unit/data" "$here/seeds" \
    "$here/regress" 2>"$dir/fuzz.log"
rc=$?
grep -E '^#[0-9]+[[:space:]]+(INITED|DONE|pulse)' "$dir/fuzz.log" | tail -n 3
grep -E '^stat::|^Done|==ERROR|SUMMARY|FINDING|Test unit written' "$dir/fuzz.log"
echo "libfuzzer.sh: exit $rc after $(( $(date +%s) - start )) s;" \
    "corpus $(ls "$dir/corpus" | wc -l) inputs; log $dir/fuzz.log"
exit $rc
