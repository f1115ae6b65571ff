#!/bin/sh
# AddressSanitizer + UndefinedBehaviorSanitizer.
#
#   sanitize.sh --long [BUILDDIR]   configure --enable-sanitizers in BUILDDIR
#       (default /tmp/build-asan), build, run the whole `make check` there
#       (unit tests and MPI tests, every test program instrumented), then
#       the MPI check below.
#   sanitize.sh (from make check)   in a sanitizer build: the MPI check
#       below; in a normal build: skipped (77), the long form is the test.
#
# MPI check: uninstrumented MPI programs (stress and the fault matrix,
# compiled here with plain mpicc) load the instrumented mca_coll_swing.so. The ASan runtime must
# come first in such a process, so it is preloaded into the MPI processes
# only (mpirun -x LD_PRELOAD=libasan.so; mpirun itself stays clean), with
# nodlclose.so so that unloaded components keep their symbols for LSan.
# Leak reports whose stack passes through Open MPI's own libraries are
# suppressed (lsan.supp): Open MPI 4.1 does not free everything at
# MPI_Finalize. Communicator-lifetime leaks of the component are covered by
# commleak.sh and valgrind.sh instead.
set -u
here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$here/../.." && pwd)
libasan=$(gcc -print-file-name=libasan.so)
supp="$here/lsan.supp"
asan_opts="abort_on_error=0:halt_on_error=1:detect_leaks=1:exitcode=23"

is_san_build() {
    grep -q -- '-fsanitize=address' "$1/tests/Makefile" 2>/dev/null
}

mpi_check() {
    bdir=$1
    comp="$bdir/tests/components"
    plain="$bdir/tests/reliability/stress-plain"
    [ -e "$comp/mca_coll_swing.so" ] || { echo "sanitize.sh: $comp/mca_coll_swing.so missing"; return 99; }
    shim="$bdir/tests/reliability/nodlclose.so"
    mpicc -O1 -g -o "$plain" "$here/stress.c" "$here/rel_util.c" "$here/../mpi/test_util.c" \
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
        out=$(SWING_COMPONENT_PATH="$comp:$(sed -n 's/^SWING_OMPI_PKGLIBDIR = //p' "$bdir/tests/Makefile")" \
              timeout 300 "$here/../mpi/mpirun.sh" -np "$1" \
              -x LD_PRELOAD="$libasan:$shim" -x ASAN_OPTIONS="$asan_opts:fast_unwind_on_malloc=0" \
              -x LSAN_OPTIONS="suppressions=$supp:print_suppressions=0" \
              -x UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
              --mca coll_swing_allreduce_algorithm "$2" $nb_mca "$plain" --iters 100 \
              --max-count 20000 --expect-alg "$2" $nb_flag </dev/null 2>&1)
        rc=$?
        if [ $rc = 0 ] && echo "$out" | grep -q 'problems: OK' \
                && ! echo "$out" | grep -q -e 'ERROR: AddressSanitizer' -e 'runtime error:' -e 'ERROR: LeakSanitizer'; then
            echo "ok   ASan/UBSan MPI run np $1 $2 ${3:-}: $(echo "$out" | grep 'problems: OK')"
        else
            fails=$((fails + 1))
            echo "FAIL ASan/UBSan MPI run np $1 $2 ${3:-} (exit $rc):"
            echo "$out" | grep -v '^--*$' | head -n 60
        fi
    done
    # the fault matrix: every error path (error mode, agreements, the
    # segment's mark, retries) under ASan and UBSan, leaks included
    fmp="allreduce:swing_bo,allreduce:ring,reduce_scatter:swing,allgatherv:swing_mp"
    fmp="$fmp,iallreduce:swing_bo_mp,allreduce_init:swing_lo,bcast:bine,reduce:chain,gather:bine"
    fshm="allreduce:shm,allgather:shm,iallreduce:shm,allreduce_init:shm"
    fcma="--mca coll_swing_shm_cma 1 --mca coll_swing_shm_cma_min 0"
    fcma="$fcma --mca coll_swing_shm_cma_allgather_min 0"
    for label in "message passing" shm; do
        cases=$fmp
        extra=""
        if [ "$label" = shm ]; then
            cases=$fshm
            extra=$fcma
        fi
        out=$(SWING_COMPONENT_PATH="$comp:$(sed -n 's/^SWING_OMPI_PKGLIBDIR = //p' "$bdir/tests/Makefile")" \
              timeout 300 "$here/../mpi/mpirun.sh" -np 4 \
              -x LD_PRELOAD="$libasan:$shim" -x ASAN_OPTIONS="$asan_opts:fast_unwind_on_malloc=0" \
              -x LSAN_OPTIONS="suppressions=$supp:print_suppressions=0" \
              -x UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
              --mca coll_swing_fault_inject none --mca coll_swing_segment_size 4096 \
              --mca coll_swing_shm_size 4096 $extra "$fplain" --cases "$cases" </dev/null 2>&1)
        rc=$?
        if [ $rc = 0 ] && echo "$out" | grep -q ': 0 failures: PASS' \
                && ! echo "$out" | grep -q -e 'ERROR: AddressSanitizer' -e 'runtime error:' \
                                           -e 'ERROR: LeakSanitizer'; then
            echo "ok   ASan/UBSan fault matrix np 4 $label: $(echo "$out" | grep -c '^case ') cases"
        else
            fails=$((fails + 1))
            echo "FAIL ASan/UBSan fault matrix np 4 $label (exit $rc):"
            echo "$out" | grep -v '^--*$' | grep -v '^case .*\.\.\. \(served\|error\|downstream\)' \
                | grep -v '^n/a' | head -n 60
        fi
    done
    rm -f "$plain" "$fplain" "$shim"
    [ $fails = 0 ]
}

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
