#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Open MPI's own algorithms as coll/swing's rows (test_ompi_algs): every
# ompi_* value of every collective's algorithm parameter, set through
# MPI_T, gives the right values and moves its counter; MPI_Iallreduce
# forced to one goes to the previous module. At np 2, 3 and 4 on one node
# and across emulated nodes 2x2 (skipped where Linux namespaces are not
# permitted); each run also under TCP-only at np 3. Across nodes without
# coll/han: under Open MPI 5.0 it is the previous module there, and runs
# the parts of the composed algorithms on node and leader communicators
# that swing serves in turn, which swing's counters (per process, not per
# communicator) would count as this communicator's.
: "${SWING_TESTS_DIR:?run through make check}"
prog="$SWING_TESTS_DIR/mpi/test_ompi_algs"
mpirun_sh="$SWING_TOP_SRCDIR/tests/mpi/mpirun.sh"
launcher="$SWING_TOP_SRCDIR/tests/cluster/mpirun-nodes.sh"
fail=0

try() {
    label=$1
    shift
    if timeout 600 "$@" "$prog" --label "$label" --big ${SWING_OMPI_BIG:-100003}; then
        echo "PASS [$label]"
    else
        echo "FAIL [$label]"
        fail=1
    fi
}

for np in 2 3 4; do
    try "np $np" sh "$mpirun_sh" -np "$np"
done
try "np 3 tcp" sh "$mpirun_sh" -np 3 --mca btl self,tcp
SWING_MPIRUN="sh $mpirun_sh"
export SWING_MPIRUN
sh "$launcher" 1x1 true > /dev/null 2>&1
if [ $? = 77 ]; then
    echo "SKIP [nodes 2x2]: the emulated cluster needs Linux namespaces"
else
    try "nodes 2x2" sh "$launcher" 2x2 --mca coll ^han
fi
[ $fail = 0 ] && echo "PASS: test_ompi_algs.sh" || echo "FAIL: test_ompi_algs.sh"
exit $fail
