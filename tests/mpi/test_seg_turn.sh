#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Back-to-back calls on a node's segment, no barrier between them, the
# segment's algorithm forced for every collective that has it: the sets
# of slots in turn across calls (test_seg_turn.c). shm at np 2 to 4 with
# the default slots and slots of 4096 B (most calls in several rounds);
# hier's node phases on emulated nodes 2x2 and 2x3 (skipped where Linux
# namespaces are not permitted).
: "${SWING_TESTS_DIR:?run through make check}"
run="timeout 300 sh $SWING_TOP_SRCDIR/tests/mpi/mpirun.sh"
nodes="timeout 300 sh $SWING_TOP_SRCDIR/tests/cluster/mpirun-nodes.sh"
prog="$SWING_TESTS_DIR/mpi/test_seg_turn"
SWING_MPIRUN="sh $SWING_TOP_SRCDIR/tests/mpi/mpirun.sh"
export SWING_MPIRUN
shm="" hier=""
for c in bcast reduce gather scatter allgather reduce_scatter_block allreduce iallreduce; do
    shm="$shm --mca coll_swing_${c}_algorithm shm"
done
for c in bcast reduce allgather reduce_scatter_block allreduce iallreduce; do
    hier="$hier --mca coll_swing_${c}_algorithm hier"
done
fail=0
for np in 2 3 4; do
    $run -np $np $shm "$prog" 300 || fail=1
    $run -np $np $shm --mca coll_swing_shm_size 4096 "$prog" 300 || fail=1
done
for layout in 2x2 2x3; do
    for slots in 262144 4096; do
        $nodes $layout $hier --mca coll_swing_shm_size $slots "$prog" 300 hier
        rc=$?
        if [ $rc = 77 ]; then
            echo "hier on emulated nodes: skipped (no namespaces)"
            break 2
        fi
        [ $rc = 0 ] || fail=1
    done
done
[ $fail = 0 ] && echo "PASS: test_seg_turn.sh" || echo "FAIL: test_seg_turn.sh"
exit $fail
