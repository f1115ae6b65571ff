#!/bin/sh
# The nonblocking engine beyond the matrix (test_nbc.c): many outstanding,
# several communicators, point-to-point mixed in, MPI_Request_free and
# MPI_Comm_free on active operations, persistent requests, threads, and no
# request or progress callback left; multiport and ring requests among
# single-port ones (with tori of 4 parts); at a few sizes, algorithms and
# pipeline segments, over shared memory and TCP.
: "${SWING_TESTS_DIR:?run through make check}"
run="timeout 300 sh $SWING_TOP_SRCDIR/tests/mpi/mpirun.sh"
prog="$SWING_TESTS_DIR/mpi/test_nbc"
fail=0
for np in 2 3 4 8; do
    $run -np $np "$prog" --threads 3 || fail=1
done
for alg in swing_lo rd_bo; do
    $run -np 5 --mca coll_swing_iallreduce_algorithm $alg \
        --mca coll_swing_allreduce_init_algorithm $alg \
        --mca coll_swing_segment_size 4096 "$prog" --threads 2 || fail=1
done
$run -np 4 --mca btl self,tcp "$prog" --threads 2 --count 100000 || fail=1
# the multiport requests with 4 parts and 3 parts, small segments
$run -np 4 --mca coll_swing_topology torus:2x2 --mca coll_swing_segment_size 4096 \
    "$prog" --threads 2 || fail=1
$run -np 6 --mca coll_swing_topology torus:2x3 "$prog" --threads 0 --count 7001 || fail=1
if [ $fail = 0 ]; then echo PASS; else echo FAIL; fi
exit $fail
