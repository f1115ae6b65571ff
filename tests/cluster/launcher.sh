#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The emulated-cluster launcher (tests/cluster/mpirun-nodes.sh), tested:
#   - host names per rank: 2x2, 3,1, 2x2 --map-by node (MPI_Get_processor_name);
#   - ranks of different nodes talk over TCP: --mca btl self,tcp works across
#     nodes, --mca btl self,vader works within one node and is refused across;
#   - nothing is left behind after a normal run, a rank's MPI_Abort, a rank
#     killed by SIGKILL, and timeout(1) ending the launcher (SIGTERM, then
#     SIGKILL): no process of the run (pgrep -f for the run's tag, which the
#     ranks get as an argument, and for its node names, which mpirun, the
#     daemons (orted, or PRRTE's prted under Open MPI 5) and the launcher
#     have on their command lines), no file in /dev/shm or /tmp named after
#     its nodes, no Open MPI session directory of it (/tmp/ompi.* under 4.1,
#     /tmp/prterun.* under 5.0), no PID namespace of it (also none dead and
#     not yet reaped).
# Skips (77) where Linux namespaces are not permitted.
: "${SWING_TESTS_DIR:?run through make check}"
# the checks for leftovers must see: without these tools they are blind
for t in pgrep lsns; do
    command -v $t >/dev/null 2>&1 || { echo "FAIL: launcher.sh needs $t (procps, util-linux)"; exit 99; }
done
launcher="$SWING_TOP_SRCDIR/tests/cluster/mpirun-nodes.sh"
prog="$SWING_TESTS_DIR/cluster/cluster_check"
SWING_MPIRUN="sh $SWING_TOP_SRCDIR/tests/mpi/mpirun.sh"
# host names of this run only: leftovers are recognised by them (letters:
# Open MPI compresses digits in the node list it gives the daemons)
SWING_NODE_PREFIX="swt$(echo $$ | tr 0-9 a-j)n"
export SWING_MPIRUN SWING_NODE_PREFIX
tag="swing-cluster-test-$$"
p=$SWING_NODE_PREFIX
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# nodes LAYOUT [options] PROGRAM [args]: the launcher, with our tag last on
# the ranks' command line
nodes() {
    layout=$1
    shift
    sh "$launcher" "$layout" "$@" "$tag"
}

snapshot() {
    ls -d /tmp/ompi.*/* /tmp/ompi.*/*/* /tmp/prterun.* /tmp/prte.* 2>/dev/null | sort
}

# leftovers WHAT: nothing of the run may remain (up to 10 s allowed for a
# killed namespace to be reaped)
leftovers() {
    what=$1
    try=0
    while :; do
        : > "$tmp/left"
        # the ranks have the tag on their command line; mpirun, the
        # daemons and the launcher the node names
        pgrep -af "$tag|$p" >> "$tmp/left"
        # Open MPI names shared segments and session directories after the
        # node: any with this run's node names has escaped the launcher's
        # private /dev/shm and session directory
        find /dev/shm /tmp -maxdepth 3 -name "*$p*" 2>/dev/null >> "$tmp/left"
        [ -e /dev/shm/.swing-nodes ] && echo "/dev/shm/.swing-nodes" >> "$tmp/left"
        # mpirun runs under the real host name, in a PID namespace: its
        # session directory would be /tmp/ompi.HOST.UID/pid.N (4.1) or
        # /tmp/prterun.HOST.N.UID (5.0) with a small N
        snapshot | comm -13 "$tmp/before" - \
            | grep -E '^/tmp/(ompi\.[^/]*/pid\.[0-9]{1,3}(/|$)|prterun\.[^/]*\.[0-9]{1,3}\.[0-9]+$)' >> "$tmp/left"
        # PID namespaces of the run: alive (tag or node names in the
        # command line of their first process) or dead but not yet reaped
        # (a killed launcher's namespace init is reparented to the
        # system's init, which reaps it in its own time)
        lsns -n -t pid -o NS,PID 2>/dev/null | while read -r ns pid; do
            grep -qx "$ns" "$tmp/ns_before" && continue
            state=$(sed -n 's/^State:[[:space:]]*\([A-Z]\).*/\1/p' "/proc/$pid/status" 2>/dev/null)
            if [ "$state" = Z ] || tr '\0' ' ' 2>/dev/null < "/proc/$pid/cmdline" | grep -qE "$tag|$p"; then
                echo "PID namespace $ns (first process $pid, state $state)"
            fi
        done >> "$tmp/left"
        [ -s "$tmp/left" ] || break
        try=$((try + 1))
        if [ $try -ge 10 ]; then
            echo "FAIL: left behind after $what:"
            cat "$tmp/left"
            fail=1
            return
        fi
        sleep 1
    done
    echo "ok   nothing left behind after $what"
}

# hosts LAYOUT EXPECTED [options]
hosts() {
    layout=$1 want=$2
    shift 2
    if nodes "$layout" "$@" "$prog" hosts "$want" > "$tmp/out" 2>&1; then
        echo "ok   $layout $*: $(grep '^rank' "$tmp/out" | tr '\n' ' ')"
    else
        echo "FAIL $layout $* (expected $want):"
        cat "$tmp/out"
        fail=1
    fi
}

snapshot > "$tmp/before"
lsns -n -t pid -o NS 2>/dev/null > "$tmp/ns_before"
nodes 1x1 true > "$tmp/out" 2>&1
rc=$?
if [ $rc = 77 ]; then
    cat "$tmp/out"
    echo "SKIP: launcher.sh: the emulated cluster needs Linux namespaces (root or user namespaces)"
    exit 77
elif [ $rc != 0 ]; then
    cat "$tmp/out"
    echo "FAIL: the launcher does not run 'true' on one node"
    exit 1
fi

hosts 2x2 "${p}0,${p}0,${p}1,${p}1"
leftovers "a normal run"
hosts 3,1 "${p}0,${p}0,${p}0,${p}1"
hosts 2x2 "${p}0,${p}1,${p}0,${p}1" --map-by node
hosts 2x3 "${p}0,${p}1,${p}0,${p}1,${p}0,${p}1" --map-by node

# transports: TCP across nodes; shared memory only within a node
hosts 2x1 "${p}0,${p}1" --mca btl self,tcp
hosts 1x2 "${p}0,${p}0" --mca btl self,vader
if nodes 2x1 --mca btl self,vader "$prog" hosts "${p}0,${p}1" > "$tmp/out" 2>&1; then
    echo "FAIL: --mca btl self,vader worked across two nodes: they are not separate"
    cat "$tmp/out"
    fail=1
elif grep -q "unable to reach each other" "$tmp/out"; then
    echo "ok   2x1 --mca btl self,vader: refused (the nodes cannot reach each other by shared memory)"
else
    echo "FAIL: 2x1 --mca btl self,vader failed, but not as unreachable:"
    cat "$tmp/out"
    fail=1
fi
leftovers "a refused run"

# failures: an abort, a killed rank, the launcher itself ended by timeout
for mode in abort kill; do
    if nodes 2x2 "$prog" "$mode" > "$tmp/out" 2>&1; then
        echo "FAIL: the $mode run exited with status 0"
        cat "$tmp/out"
        fail=1
    else
        echo "ok   2x2 $mode: the job failed, as it must"
    fi
    leftovers "a rank's $mode"
done
# daemons: one per node; PRRTE's prted forks once to detach, the parent
# waits, so a daemon whose parent is a daemon is not counted
daemons() {
    for d in $(pgrep -f "^(orted|[^ ]*/prted) .*$p"); do
        pp=$(awk '{ print $4 }' "/proc/$d/stat" 2>/dev/null)
        tr '\0' ' ' 2>/dev/null < "/proc/$pp/cmdline" | grep -qE "^(orted|[^ ]*/prted) " || echo "$d"
    done | wc -l
}
for sig in TERM KILL; do
    timeout -s $sig 6 sh "$launcher" 2x2 "$prog" hang "$tag" > "$tmp/out" 2>&1 &
    job=$!
    # while it hangs, the checks above must see its processes
    seen=""
    try=0
    while [ $try -lt 25 ]; do
        try=$((try + 1))
        ranks=$(pgrep -f "^$prog hang $tag" | wc -l)
        daemons=$(daemons)
        if [ "$ranks" = 4 ] && [ "$daemons" = 2 ]; then
            seen=1
            break
        fi
        sleep 0.2
    done
    wait $job
    rc=$?
    if [ -z "$seen" ]; then
        echo "FAIL: the hanging run's 4 ranks and 2 daemons were not seen ($ranks, $daemons)"
        fail=1
    fi
    if [ $rc != 124 ] && [ $rc != 137 ]; then
        echo "FAIL: the hanging run ended with status $rc, not by timeout -s $sig"
        cat "$tmp/out"
        fail=1
    else
        echo "ok   2x2 hang: 4 ranks and 2 daemons seen running, then ended by timeout -s $sig"
    fi
    leftovers "timeout -s $sig"
done

# where namespaces are not permitted (an unshare that always fails stands
# in): exit 77 with a message, so that tests using the launcher skip
mkdir "$tmp/bin"
printf '#!/bin/sh\necho "unshare: Operation not permitted" >&2\nexit 1\n' > "$tmp/bin/unshare"
chmod 755 "$tmp/bin/unshare"
PATH="$tmp/bin:$PATH" sh "$launcher" 2x2 "$prog" hosts x > "$tmp/out" 2>&1
rc=$?
if [ $rc = 77 ] && grep -q "skipped: .*namespaces" "$tmp/out"; then
    echo "ok   without namespaces: exit 77, \"$(cat "$tmp/out")\""
else
    echo "FAIL: without namespaces the launcher exited $rc, not 77 with a message:"
    cat "$tmp/out"
    fail=1
fi

[ $fail = 0 ] && echo "PASS: launcher.sh" || echo "FAIL: launcher.sh"
exit $fail
