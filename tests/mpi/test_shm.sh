#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# shm allreduce, beyond the general matrix: values, MPI_T counter and an
# unlinked segment (several sizes, tiny slots for many chunks), single copy
# on and off (then the segment scheme serves large messages), the refusal
# on a communicator taken as multi-node, a rank that crashes; then that no
# segment of ours is left in /dev/shm.
: "${SWING_TESTS_DIR:?run through make check}"
run="timeout 300 sh $SWING_TOP_SRCDIR/tests/mpi/mpirun.sh"
prog="$SWING_TESTS_DIR/mpi/test_shm"
shm="--mca coll_swing_allreduce_algorithm shm"
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

segments() {
    ls /dev/shm 2>/dev/null | grep '^swing_shm\.' | sort
}
segments > "$tmp/before"

# the segment scheme (the default) for every size
for np in 2 3 4 7; do
    $run -np $np $shm "$prog" check off || fail=1
done
$run -np 3 $shm --mca coll_swing_shm_size 4096 "$prog" check off || fail=1
# single copy for large messages, and from the smallest size the segment
# scheme's small path does not take
$run -np 3 $shm --mca coll_swing_shm_cma 1 "$prog" check on || fail=1
$run -np 4 $shm --mca coll_swing_shm_cma 1 --mca coll_swing_shm_size 4096 "$prog" check on || fail=1
$run -np 3 $shm --mca coll_swing_shm_cma 1 --mca coll_swing_shm_cma_min 0 "$prog" check on || fail=1
$run -np 3 $shm --mca coll_swing_shm_assume_remote 1 "$prog" refuse || fail=1

if $run -np 3 $shm "$prog" crash > "$tmp/crash.log" 2>&1; then
    echo "FAIL: the crash run exited with status 0"
    fail=1
elif ! grep -q "Aborted\|signal 6\|SIGABRT" "$tmp/crash.log"; then
    cat "$tmp/crash.log"
    echo "FAIL: the crash run did not end by the rank's abort()"
    fail=1
else
    echo "crash run: a rank aborted, as intended"
fi

# Segments of other jobs running now vanish within their setup; ours must
# not appear at all.
for try in 1 2 3; do
    segments | comm -13 "$tmp/before" - > "$tmp/left"
    [ -s "$tmp/left" ] || break
    sleep 1
done
if [ -s "$tmp/left" ]; then
    echo "FAIL: left in /dev/shm:"
    cat "$tmp/left"
    fail=1
else
    echo "no swing_shm segment left in /dev/shm"
fi
[ $fail = 0 ] && echo "PASS: test_shm.sh" || echo "FAIL: test_shm.sh"
exit $fail
