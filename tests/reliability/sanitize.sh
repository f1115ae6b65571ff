#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# AddressSanitizer + UndefinedBehaviorSanitizer.
#
#   sanitize.sh --long [BUILDDIR]   configure --enable-sanitizers in BUILDDIR
#       (default /tmp/build-asan), build, run the whole `make check` there
#       (unit tests and MPI tests, every test program instrumented), then
#       the MPI check below.
#   sanitize.sh (from make check)   in a sanitizer build: the MPI check
#       below; in a normal build: skipped (77), the long form is the test.
#   sanitize.sh --ci [BUILDDIR]   the CI part (.ci/run, a few minutes): a
#       copy of the sources in BUILDDIR (default /tmp/swing-ci-asan, removed
#       when everything passed) configured --enable-sanitizers; only the
#       library, the kernels, the component and the test programs below are
#       built: every unit test program with leak detection, the fuzz
#       harness (fuzz/fuzz_mutate, 5000 inputs, with leak detection), the
#       instrumented test_allreduce (blocking, nonblocking, persistent),
#       test_rsag and test_nbc with every algorithm, the guarded buffers
#       (test_guard's short form and coll12, issue 40) on one node np 4 and
#       across emulated nodes 2x2 (skipped without namespaces), then the
#       MPI check.
#       Ends with "N passed, N failed, N skipped".
#
# MPI check: uninstrumented MPI programs (stress, soak and the fault
# matrix, compiled here with plain mpicc) load the instrumented mca_coll_swing.so. The ASan runtime must
# come first in such a process, so it is preloaded into the MPI processes
# only (mpirun -x LD_PRELOAD=libasan.so; mpirun itself stays clean), with
# nodlclose.so so that unloaded components keep their symbols for LSan.
# Leak reports whose stack passes through Open MPI's own libraries are
# suppressed (lsan.supp): Open MPI 4.1 does not free everything at
# MPI_Finalize. Communicator-lifetime leaks of the component are covered by
# commleak.sh and valgrind.sh, and by the soak runs here (thousands of
# communicators made and freed, every collective swing serves).
set -u
here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$here/../.." && pwd)
libasan=$(gcc -print-file-name=libasan.so)
supp="$here/lsan.supp"
asan_opts="abort_on_error=0:halt_on_error=1:detect_leaks=1:exitcode=23"

is_san_build() {
    grep -q -- '-fsanitize=address' "$1/tests/Makefile" 2>/dev/null
}

# counted checks (--ci): ok LABEL, bad LABEL, skip LABEL: REASON (a check
# that could not run here)
passed=0 failed=0 skipped=0
ok() {
    passed=$((passed + 1))
    echo "ok   $*"
}
bad() {
    failed=$((failed + 1))
    echo "FAIL $*"
}
skip() {
    skipped=$((skipped + 1))
    echo "skip $*"
}

# asan_job TIMEOUT NP ARGS...: one MPI job of uninstrumented programs
# loading the instrumented component, the ASan runtime preloaded in the
# ranks only (mpi_check's variables); its output in out, its status in rc
asan_job() {
    tmo=$1 np=$2
    shift 2
    out=$(SWING_COMPONENT_PATH="$comp:$(sed -n 's/^SWING_OMPI_PKGLIBDIR = //p' "$bdir/tests/Makefile")" \
          timeout "$tmo" "$here/../mpi/mpirun.sh" -np "$np" \
          -x LD_PRELOAD="$libasan:$shim" -x ASAN_OPTIONS="$asan_opts:fast_unwind_on_malloc=0" \
          -x LSAN_OPTIONS="suppressions=$supp:print_suppressions=0" \
          -x UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
          "$@" </dev/null 2>&1)
    rc=$?
}

# asan_clean PASSED: the last asan_job exited 0, printed PASSED and no
# sanitizer report
asan_clean() {
    [ $rc = 0 ] && echo "$out" | grep -q -e "$1" \
        && ! echo "$out" | grep -q -e 'ERROR: AddressSanitizer' -e 'runtime error:' \
                                   -e 'ERROR: LeakSanitizer'
}

mpi_check() {
    bdir=$1
    comp="$bdir/tests/components"
    plain="$bdir/tests/reliability/stress-plain"
    [ -e "$comp/mca_coll_swing.so" ] || { echo "sanitize.sh: $comp/mca_coll_swing.so missing"; return 99; }
    shim="$bdir/tests/reliability/nodlclose.so"
    soak="$bdir/tests/reliability/soak-plain"
    mpicc -O1 -g -o "$plain" "$here/stress.c" "$here/rel_util.c" "$here/../mpi/test_util.c" \
        || return 99
    mpicc -O1 -g -o "$soak" "$here/soak.c" "$here/rel_util.c" "$here/../mpi/test_util.c" \
        "$here/../mpi/swing_pvar.c" \
        || return 99
    fplain="$bdir/tests/reliability/faults-plain"
    mpicc -O1 -g -o "$fplain" "$here/faults.c" "$here/rel_util.c" "$here/../mpi/test_util.c" \
        "$here/../mpi/swing_pvar.c" || return 99
    gcc -shared -fPIC -O1 -o "$shim" "$here/nodlclose.c" || return 99
    fails=0
    # "nbc": stress --nbc, the nonblocking and persistent entries (requests
    # and communicators freed while active) with the algorithm forced there too
    for c in "3 auto" "4 swing_bo" "5 rd_lo" "3 rd_bo" "4 swing_bo_mp nbc" "5 ring nbc" \
             "3 auto nbc"; do
        set -- $c
        nb_mca=""
        nb_flag=""
        if [ "${3:-}" = nbc ]; then
            nb_mca="--mca coll_swing_iallreduce_algorithm $2 --mca coll_swing_allreduce_init_algorithm $2"
            nb_flag="--nbc"
        fi
        # shellcheck disable=SC2086
        asan_job 300 "$1" --mca coll_swing_allreduce_algorithm "$2" $nb_mca "$plain" --iters 100 \
            --max-count 20000 --expect-alg "$2" $nb_flag
        if asan_clean 'problems: OK'; then
            ok "ASan/UBSan MPI run np $1 $2 ${3:-}: $(echo "$out" | grep 'problems: OK')"
        else
            fails=$((fails + 1))
            bad "ASan/UBSan MPI run np $1 $2 ${3:-} (exit $rc):"
            echo "$out" | grep -v '^--*$' | head -n 60
        fi
    done
    # soak: every collective swing serves, thousands of communicators made
    # and freed, over shared memory and TCP
    for c in "4 sm 3000" "3 tcp 1500"; do
        set -- $c
        btl=""
        [ "$2" = tcp ] && btl="--mca btl self,tcp"
        # shellcheck disable=SC2086
        asan_job 600 "$1" $btl "$soak" --iters "$3" --max-count 32768
        if asan_clean 'problems: OK'; then
            ok "ASan/UBSan MPI soak np $1 $2, $3 calls: $(echo "$out" | grep 'problems: OK')"
        else
            fails=$((fails + 1))
            bad "ASan/UBSan MPI soak np $1 $2, $3 calls (exit $rc):"
            echo "$out" | grep -v '^--*$' | head -n 60
        fi
    done
    # the fault matrix: every error path (error mode, agreements, the
    # segment's mark, retries) under ASan and UBSan, leaks included
    fmp="allreduce:swing_bo,allreduce:ring,reduce_scatter:swing,allgatherv:swing_mp"
    fmp="$fmp,iallreduce:swing_bo_mp,allreduce_init:swing_lo,bcast:bine,reduce:chain,gather:bine"
    fshm="allreduce:shm,allgather:shm,iallreduce:shm,allreduce_init:shm"
    # the rooted ones (broadcast by single copy), and packing through
    # scratch for types with holes (every rank; a rank alone short of it),
    # where a pack or an unpack fails too
    fshm="$fshm,bcast:shm,reduce:shm,gather:shm,scatter:shm,bcast:shm/holes,gather:shm/alone"
    fshm="$fshm,scatter:shm/holes"
    fcma="--mca coll_swing_shm_cma 1 --mca coll_swing_shm_cma_min 0"
    fcma="$fcma --mca coll_swing_shm_cma_allgather_min 0 --mca coll_swing_shm_cma_bcast_min 0"
    for label in "message passing" shm; do
        cases=$fmp
        extra=""
        if [ "$label" = shm ]; then
            cases=$fshm
            extra=$fcma
        fi
        # shellcheck disable=SC2086
        asan_job 300 4 --mca coll_swing_fault_inject none --mca coll_swing_segment_size 4096 \
            --mca coll_swing_shm_size 4096 $extra "$fplain" --cases "$cases"
        if asan_clean ': 0 failures: PASS'; then
            ok "ASan/UBSan fault matrix np 4 $label: $(echo "$out" | grep -c '^case ') cases"
        else
            fails=$((fails + 1))
            bad "ASan/UBSan fault matrix np 4 $label (exit $rc):"
            echo "$out" | grep -v '^--*$' | grep -v '^case .*\.\.\. \(served\|error\|downstream\)' \
                | grep -v '^n/a' | head -n 60
        fi
    done
    rm -f "$plain" "$soak" "$fplain" "$shim"
    [ $fails = 0 ]
}

# The CI part: a copy of the sources, the pieces built instrumented, checks
# counted.
ci() {
    ci_dir=$1
    bdir=$ci_dir
    start=$(date +%s)
    rm -rf "$bdir"
    mkdir -p "$bdir/src" || return 99
    # the sources as git sees them (tracked and new files, not ignored
    # ones): a built checkout goes in as clean as a fresh clone
    if git -C "$srcdir" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git -C "$srcdir" ls-files -z --cached --others --exclude-standard \
            | (cd "$srcdir" && xargs -0 -r stat -c '%n' 2>/dev/null | tr '\n' '\0' \
               | tar -c --null -T - -f -) | tar -x -C "$bdir/src" -f - || return 99
    else
        tar -c -C "$srcdir" --exclude-vcs --exclude-vcs-ignores -f - . | tar -x -C "$bdir/src" -f -
    fi
    cd "$bdir/src" || return 99
    echo "== configure --enable-sanitizers in $bdir/src"
    if ! { autoreconf -fi && ./configure -q --enable-sanitizers; } >configure.out 2>&1; then
        tail -n 30 configure.out
        bad "autoreconf and configure --enable-sanitizers"
        return 1
    fi
    echo "== make: library, kernels, component, test programs"
    # every Check unit test program (tests/unit/test_*.c)
    units=$(cd tests && ls unit/test_*.c | sed 's/\.c$//')
    mpiprogs="mpi/test_allreduce mpi/test_rsag mpi/test_nbc mpi/test_guard"
    # shellcheck disable=SC2086
    if ! { make -C topology -j2 && make -C kernels -j2 && make -C ompi_coll_swing -j2 \
           && make -C tests -j2 components/mca_coll_swing.so fuzz/fuzz_mutate $units $mpiprogs; } \
           >make.out 2>&1; then
        grep -E 'error|warning' make.out | head -n 40
        bad "build with --enable-sanitizers"
        return 1
    fi
    if grep -q 'warning:' make.out; then
        bad "compiler warnings in the sanitizer build:"
        grep 'warning:' make.out | head -n 20
    else
        ok "build with --enable-sanitizers, no warnings ($(($(date +%s) - start)) s so far)"
    fi
    echo "== unit tests with leak detection ($(($(date +%s) - start)) s so far)"
    for u in $units; do
        CK_FORK=no ASAN_OPTIONS="$asan_opts" UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
            "tests/$u" >unit.out 2>&1
        rc=$?
        if [ $rc = 0 ]; then
            ok "$u: $(grep -E '^[0-9]+%:|PASS' unit.out | tail -n 1)"
        elif [ $rc = 77 ]; then
            skip "$u: $(tail -n 1 unit.out)"
        else
            bad "$u (ASan/UBSan/LSan):"
            head -n 40 unit.out
        fi
    done
    echo "== the description parser under mutation, with leak detection ($(($(date +%s) - start)) s so far)"
    ASAN_OPTIONS="$asan_opts" UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 FUZZ_ITERS=5000 \
        SWING_TESTS_DIR="$bdir/src/tests" sh tests/fuzz/fuzz_mutate.sh >fuzz.out 2>&1
    rc=$?
    if [ $rc = 0 ] && ! grep -q -e 'ERROR: AddressSanitizer' -e 'runtime error:' \
            -e 'ERROR: LeakSanitizer' fuzz.out; then
        ok "fuzz/fuzz_mutate.sh: $(grep 'inputs in' fuzz.out)"
    elif [ $rc = 77 ]; then
        skip "fuzz/fuzz_mutate.sh: $(tail -n 1 fuzz.out)"
    else
        bad "fuzz/fuzz_mutate.sh (ASan/UBSan/LSan):"
        head -n 60 fuzz.out
    fi
    echo "== instrumented MPI test programs, every algorithm (leak detection off: Open MPI's;" \
        "$(($(date +%s) - start)) s so far)"
    all="swing_lo rd_lo swing_bo rd_bo auto shm swing_lo_mp rd_lo_mp swing_bo_mp rd_bo_mp ring"
    rsag="swing rd shm hier auto swing_mp rd_mp ring"
    pkglib=$(sed -n 's/^SWING_OMPI_PKGLIBDIR = //p' tests/Makefile)
    for c in "4 test_allreduce swing_bo blocking" "5 test_allreduce ring nonblocking" \
             "3 test_allreduce swing_lo_mp persistent" "4 test_rsag swing_mp" "4 test_nbc auto"; do
        set -- $c
        np=$1 prog=$2 alg=$3 entry=${4:-}
        # ALG forced for the collectives the program calls, the others set
        # through MPI_T on dups (--also)
        case $prog in
            test_allreduce) colls="allreduce iallreduce allreduce_init" list=$all ;;
            test_rsag) colls="reduce_scatter_block reduce_scatter allgather allgatherv" list=$rsag ;;
            *) colls="" list="" ;;
        esac
        set --
        for coll in $colls; do
            set -- "$@" --mca "coll_swing_${coll}_algorithm" "$alg"
        done
        if [ -n "$list" ]; then
            set -- "$@" "tests/mpi/$prog" --alg "$alg" --quick \
                --also "$(echo $list | tr ' ' '\n' | grep -vx "$alg" | paste -sd, -)"
            [ -n "$entry" ] && set -- "$@" --entry "$entry"
        else
            set -- "$@" "tests/mpi/$prog" --threads 2 --expect shm
        fi
        out=$(SWING_COMPONENT_PATH="$bdir/src/tests/components:$pkglib" \
              timeout 600 "$here/../mpi/mpirun.sh" -np "$np" \
              -x ASAN_OPTIONS="$asan_opts:detect_leaks=0" \
              -x UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" "$@" </dev/null 2>&1)
        rc=$?
        label="$prog np $np $alg${entry:+ $entry}"
        if [ $rc = 0 ] && echo "$out" | grep -q 'failures: PASS' \
                && ! echo "$out" | grep -q -e 'ERROR: AddressSanitizer' -e 'runtime error:'; then
            ok "ASan/UBSan $label: $(echo "$out" | grep 'failures: PASS' | head -n 1)"
        elif [ $rc = 77 ]; then
            skip "ASan/UBSan $label: $(echo "$out" | tail -n 1)"
        else
            bad "ASan/UBSan $label (exit $rc):"
            echo "$out" | grep -v '^--*$' | head -n 60
        fi
    done
    echo "== guarded buffers (test_guard, short form and coll12) on one node and across" \
        "emulated nodes 2x2 ($(($(date +%s) - start)) s so far)"
    for where in "np 4" "nodes 2x2"; do
        for what in "--types pairs --algs auto,shm,hier" "--coll12 --algs auto,hier"; do
            if [ "$where" = "np 4" ]; then
                set -- "$here/../mpi/mpirun.sh" -np 4
            else
                set -- "$here/../cluster/mpirun-nodes.sh" 2x2
            fi
            # shellcheck disable=SC2086
            out=$(SWING_COMPONENT_PATH="$bdir/src/tests/components:$pkglib" \
                  SWING_MPIRUN="sh $here/../mpi/mpirun.sh" timeout 900 sh "$@" \
                  -x ASAN_OPTIONS="$asan_opts:detect_leaks=0" \
                  -x UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
                  tests/mpi/test_guard $what --label "$where" </dev/null 2>&1)
            rc=$?
            label="test_guard $where $what"
            if [ $rc = 77 ]; then
                skip "$label: $(echo "$out" | head -n 1)"
            elif [ $rc = 0 ] && echo "$out" | grep -q 'failures: PASS' \
                    && ! echo "$out" | grep -q -e 'ERROR: AddressSanitizer' -e 'runtime error:'; then
                ok "ASan/UBSan $label: $(echo "$out" | grep 'failures: PASS' | head -n 1)"
            else
                bad "ASan/UBSan $label (exit $rc):"
                echo "$out" | grep -v -e '^--*$' -e 'served by swing' -e 'coll:swing: warning' \
                    | head -n 60
            fi
        done
    done
    echo "== MPI runs of uninstrumented programs with the instrumented component" \
        "($(($(date +%s) - start)) s so far)"
    mpi_check "$bdir/src"
    # its checks counted themselves; 99: it could not build its programs
    [ $? != 99 ] || bad "MPI runs: the uninstrumented programs or the shim not built"
    echo "sanitize.sh --ci: $(($(date +%s) - start)) s"
    cd / || return 99
    if [ "$failed" = 0 ]; then
        rm -rf "$ci_dir"
    else
        echo "sanitize.sh --ci: build and logs kept in $ci_dir/src"
    fi
}

if [ "${1:-}" = "--ci" ]; then
    ci "${2:-/tmp/swing-ci-asan}"
    echo "$passed passed, $failed failed, $skipped skipped"
    [ "$failed" = 0 ]
    exit
fi

if [ "${1:-}" != "--long" ]; then
    bdir=${SWING_TOP_BUILDDIR:-}
    if [ -z "$bdir" ] || ! is_san_build "$bdir"; then
        echo "sanitize.sh: not a sanitizer build: skipped (long form: tests/reliability/sanitize.sh --long)"
        exit 77
    fi
    mpi_check "$bdir"
    exit $?
fi

bdir=${2:-/tmp/build-asan}
status=0
mkdir -p "$bdir" || exit 99
cd "$bdir" || exit 99
echo "== configure --enable-sanitizers in $bdir"
"$srcdir/configure" -q --enable-sanitizers >configure.out 2>&1 || { tail -n 30 configure.out; exit 1; }
echo "== make"
make -j2 >make.out 2>&1 || { grep -E 'error|warning' make.out | head -n 40; exit 1; }
if grep -q 'warning:' make.out; then
    echo "sanitize.sh: compiler warnings in the sanitizer build:"; grep 'warning:' make.out | head -n 20
fi
echo "== make check (instrumented test programs, leak detection off)"
# Leak detection stays off here: an MPI rank ends with Open MPI's
# components unloaded, so their leaks cannot be told from ours. Leaks are
# checked below, in the unit tests and in the MPI check.
ASAN_OPTIONS="$asan_opts:detect_leaks=0" UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    make -j2 check >check.out 2>&1
rc=$?
grep -E '^(PASS|FAIL|SKIP|XFAIL|XPASS|ERROR):|^# ' check.out
if [ $rc != 0 ]; then
    echo "sanitize.sh: make check failed in $bdir (see $bdir/tests/test-suite.log)"
    status=1
fi
echo "== unit tests with leak detection"
for f in tests/unit/test_*; do
    case "$f" in *.o|*.log|*.trs|*.sh) continue ;; esac
    [ -f "$f" ] && [ -x "$f" ] || continue
    if CK_FORK=no ASAN_OPTIONS="$asan_opts" UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
            "$f" >unit-leaks.out 2>&1; then
        echo "ok   $(basename "$f"): $(grep -E '^[0-9]+%:' unit-leaks.out | tail -n 1)"
    else
        echo "FAIL $(basename "$f") (ASan/UBSan/LSan):"; head -n 40 unit-leaks.out
        status=1
    fi
done
echo "== MPI run of an uninstrumented program with the instrumented component"
mpi_check "$bdir" || status=1
exit $status
