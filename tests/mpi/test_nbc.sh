#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The nonblocking engine beyond the matrix (test_nbc.c): many outstanding,
# several communicators, point-to-point mixed in, MPI_Request_free and
# MPI_Comm_free on active operations, blocking collectives between starts
# and waits, persistent requests, threads, bits equal to MPI_Allreduce's,
# and no request or progress callback left; at a few sizes, algorithms and
# pipeline segments, over shared memory and TCP. On one node auto serves
# every Iallreduce on MPI_COMM_WORLD with shm (--expect shm); shm is also
# forced with small slots (many chunks) and with single copy; multiport and
# ring requests among single-port ones (with tori of 4 parts).
: "${SWING_TESTS_DIR:?run through make check}"
run="timeout 300 sh $SWING_TOP_SRCDIR/tests/mpi/mpirun.sh"
prog="$SWING_TESTS_DIR/mpi/test_nbc"
fail=0
for np in 2 3 4 8; do
    $run -np $np "$prog" --threads 3 --expect shm || fail=1
done
# forced: the blocking call too, so that the bits compare
for alg in swing_lo rd_bo; do
    $run -np 5 --mca coll_swing_iallreduce_algorithm $alg \
        --mca coll_swing_allreduce_init_algorithm $alg --mca coll_swing_allreduce_algorithm $alg \
        --mca coll_swing_segment_size 4096 "$prog" --threads 2 --expect $alg || fail=1
done
shm="--mca coll_swing_iallreduce_algorithm shm --mca coll_swing_allreduce_init_algorithm shm"
shm="$shm --mca coll_swing_allreduce_algorithm shm"
$run -np 4 $shm --mca coll_swing_shm_size 4096 "$prog" --threads 2 --expect shm || fail=1
$run -np 3 $shm --mca coll_swing_shm_cma 1 --mca coll_swing_shm_cma_min 0 "$prog" \
    --threads 2 --expect shm --count 200000 || fail=1
$run -np 4 --mca btl self,tcp "$prog" --threads 2 --count 100000 || fail=1
# the multiport requests with 4 parts and 3 parts, small segments
$run -np 4 --mca coll_swing_topology torus:2x2 --mca coll_swing_segment_size 4096 \
    "$prog" --threads 2 || fail=1
$run -np 6 --mca coll_swing_topology torus:2x3 "$prog" --threads 0 --count 7001 || fail=1
if [ $fail = 0 ]; then echo PASS; else echo FAIL; fi
exit $fail
