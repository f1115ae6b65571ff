#!/bin/sh
# Back-to-back calls on one node's segment, no barrier between them, the
# shm algorithm forced for every collective that has it: the sets of
# slots in turn across calls (test_seg_turn.c). Default slots, and slots
# of 4096 B (most calls in several rounds); np 2 to 4.
: "${SWING_TESTS_DIR:?run through make check}"
run="timeout 300 sh $SWING_TOP_SRCDIR/tests/mpi/mpirun.sh"
prog="$SWING_TESTS_DIR/mpi/test_seg_turn"
shm=""
for c in bcast reduce gather scatter allgather reduce_scatter_block allreduce iallreduce; do
    shm="$shm --mca coll_swing_${c}_algorithm shm"
done
fail=0
for np in 2 3 4; do
    $run -np $np $shm "$prog" 300 || fail=1
    $run -np $np $shm --mca coll_swing_shm_size 4096 "$prog" 300 || fail=1
done
[ $fail = 0 ] && echo "PASS: test_seg_turn.sh" || echo "FAIL: test_seg_turn.sh"
exit $fail
