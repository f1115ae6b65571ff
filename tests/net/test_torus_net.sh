#!/bin/sh
# bench/torus-net.sh on ring:4 and torus:2x2 (make check): the network is
# built from swing-topo routes, every pair's hops are checked by reply TTL,
# an MPI allreduce test runs across it (every message-passing algorithm,
# values and MPI_T counters), and nothing is left behind: no namespace, no
# process, also when the run is killed by a timeout.
# Skips (77) without root / network namespaces.
: "${SWING_TESTS_DIR:?run through make check}"
net="$SWING_TOP_SRCDIR/bench/torus-net.sh"
prog="$SWING_TESTS_DIR/mpi/test_allreduce"
fail=0
SWING_MPIRUN="sh $SWING_TOP_SRCDIR/tests/mpi/mpirun.sh"
SWING_TOPO="$SWING_TOP_BUILDDIR/tools/swing-topo/swing-topo"
export SWING_MPIRUN SWING_TOPO
case "$(mpirun --version 2>/dev/null)" in
*"Open MPI) 5."*)
    echo "SKIP: test_torus_net.sh: the emulated nodes' launcher supports Open MPI 4.1 only (README, Limitations)"
    exit 77 ;;
esac

marker="torus-net-test-$$"
leftovers() {
    { ip netns list 2>/dev/null | grep '^swn[0-9]'; pgrep -f "$marker"; } | head -5
}

sh "$net" ring:4 --no-check -- true > /tmp/torus-net-probe.$$ 2>&1
rc=$?
if [ $rc = 77 ]; then
    cat /tmp/torus-net-probe.$$
    rm -f /tmp/torus-net-probe.$$
    echo "SKIP: test_torus_net.sh: needs root and network namespaces"
    exit 77
fi
rm -f /tmp/torus-net-probe.$$

for topo in ring:4 torus:2x2; do
    out=$(timeout 300 sh "$net" "$topo" --rate 1gbit -- \
        --mca coll_swing_allreduce_algorithm swing_bo --mca coll_swing_topology "$topo" \
        "$prog" --alg swing_bo --also swing_lo,rd_lo,rd_bo,auto --quick --label "net $topo" 2>&1)
    echo "$out" | grep -E "hop check|PASS|FAIL" | head -20
    if ! echo "$out" | grep -q "hop check: .* 0 wrong" || ! echo "$out" | grep -q "failures: PASS"; then
        echo "$out" | tail -20
        echo "FAIL: $topo"
        fail=1
    fi
done

# killed half way: everything must go
timeout -s TERM 8 sh "$net" ring:4 --no-check -- sh -c 'sleep 60' "$marker" > /dev/null 2>&1
sleep 1
left=$(leftovers)
if [ -n "$left" ]; then
    echo "FAIL: left behind after a timeout: $left"
    fail=1
else
    echo "nothing left after a timeout"
fi
[ $fail = 0 ] && echo "PASS: test_torus_net.sh" || echo "FAIL: test_torus_net.sh"
exit $fail
