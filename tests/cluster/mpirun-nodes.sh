#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# mpirun-nodes.sh: run an MPI job on an emulated cluster on this machine.
#
#   mpirun-nodes.sh LAYOUT [mpirun options...] PROGRAM [args...]
#
# LAYOUT is NODESxRANKS (2x4: 2 nodes of 4 ranks) or a list of ranks per
# node (3,1: 3 ranks on the first node, 1 on the second). Every node is one
# Open MPI daemon with a host name of its own (swnode0, swnode1, ...,
# names that do not resolve), started through an rsh agent that puts it in
# its own UTS namespace. Open MPI then sees separate nodes: ranks of one
# node talk through shared memory, ranks of different nodes through TCP on
# the loopback interface. -np is the sum of the layout unless given.
#
# Nothing outlives the job: the whole job (mpirun, daemons, ranks) runs in
# a PID namespace that dies with the launcher, with a private /dev/shm and
# Open MPI's session directory on a private tmpfs. So a crash, a kill or a
# timeout leaves no process and no /dev/shm file behind.
#
# Open MPI 4.1 (ORTE) and 5.0 (PRRTE) alike: under 5.0 the agent is given
# with --prtemca plm_ssh_agent and the session directory with
# prte_tmpdir_base, and the job gets a network namespace of its own with
# one veth pair (10.199.0.1/24) besides the loopback: PRRTE's daemons never
# take a loopback interface for their out-of-band traffic, only mpirun does
# when it has nothing else. Nothing of it reaches the machine's interfaces.
#
# Needs root, or unprivileged user namespaces (then the job runs as root
# of a user namespace: your own uid outside). Where namespaces are not
# permitted it prints why and exits 77 (the test suite's "skip").
#
# Environment:
#   SWING_NODES_BTL_IF, SWING_NODES_OOB_IF   interfaces or subnets for the
#                         TCP BTL and the daemons' traffic (default lo, and
#                         under 5.0 the job's own veth for the daemons;
#                         bench/torus-net.sh sets its own networks, and
#                         then no network namespace is made)
#   SWING_MPIRUN          the mpirun to call (default: mpirun; the test
#                         suite passes tests/mpi/mpirun.sh)
#   SWING_NODE_PREFIX     host name prefix (default: swnode)
#   SWING_NODE_WRAP       command put before each daemon, with the word
#                         @HOST replaced by its host name (the torus
#                         network runs each daemon in its netns this way)
#   SWING_NODES_VERBOSE=1 print the layout and the mpirun command line
set -u

usage() {
    echo "usage: mpirun-nodes.sh NODESxRANKS|R0,R1,... [mpirun options...] PROGRAM [args...]" >&2
    exit 2
}

if [ "${SWING_NODES_INNER:-0}" != 1 ]; then
    [ $# -ge 2 ] || usage
    case "$1" in
        *[!0-9x,]* | "" | x* | *x | ,* | *,) usage ;;
    esac
    if ! command -v unshare >/dev/null 2>&1; then
        echo "mpirun-nodes.sh: skipped: no unshare (util-linux)" >&2
        exit 77
    fi
    # Open MPI 5 (PRRTE) without a network of the caller's: one of our own
    netns=""
    case "$(mpirun --version 2>/dev/null)" in
    *"Open MPI) 5."*)
        if [ -z "${SWING_NODES_OOB_IF:-}" ]; then
            if ! command -v ip >/dev/null 2>&1; then
                echo "mpirun-nodes.sh: skipped: under Open MPI 5 the nodes need a network namespace made with ip (iproute2)" >&2
                exit 77
            fi
            netns="--net"
        fi ;;
    esac
    # root: namespaces directly; anyone else: inside a user namespace in
    # which they are root (unprivileged user namespaces)
    userns=""
    [ "$(id -u)" = 0 ] || userns="--user --map-root-user"
    # shellcheck disable=SC2086
    if ! unshare $userns --uts --pid --fork --mount --mount-proc $netns true 2>/dev/null; then
        echo "mpirun-nodes.sh: skipped: Linux namespaces are not permitted here (needs root or user namespaces)" >&2
        exit 77
    fi
    SWING_NODES_INNER=1
    SWING_NODES_NETNS=${netns:+1}
    export SWING_NODES_INNER SWING_NODES_NETNS
    # shellcheck disable=SC2086
    exec unshare $userns --pid --fork --kill-child --mount --mount-proc --propagation private \
        $netns sh "$0" "$@"
fi

# From here on: PID 1 of a private PID and mount namespace.
unset SWING_NODES_INNER
if [ "${SWING_NODES_NETNS:-}" = 1 ]; then
    # the job's network: the loopback, and a veth pair for the daemons
    if ! { ip link set lo up && ip link add swnodes0 type veth peer name swnodes1 \
           && ip addr add 10.199.0.1/24 dev swnodes0 && ip link set swnodes0 up \
           && ip link set swnodes1 up; }; then
        echo "mpirun-nodes.sh: skipped: no veth pair in the job's network namespace" >&2
        exit 77
    fi
fi
unset SWING_NODES_NETNS
ompi5=0
case "$(mpirun --version 2>/dev/null)" in *"Open MPI) 5."*) ompi5=1 ;; esac
layout=$1
shift
prefix=${SWING_NODE_PREFIX:-swnode}

case "$layout" in
    *x*)
        nodes=${layout%%x*}
        per=${layout#*x}
        counts=""
        i=0
        while [ "$i" -lt "$nodes" ]; do
            counts="$counts $per"
            i=$((i + 1))
        done
        ;;
    *) counts=$(echo "$layout" | tr ',' ' ') ;;
esac

hosts=""
total=0
i=0
for c in $counts; do
    if [ "$c" -lt 1 ]; then
        echo "mpirun-nodes.sh: every node needs at least one rank: $layout" >&2
        exit 2
    fi
    hosts="$hosts${hosts:+,}$prefix$i:$c"
    total=$((total + c))
    i=$((i + 1))
done
if [ "$i" -lt 1 ]; then
    usage
fi

if ! mount -t tmpfs -o mode=1777 swing-nodes-shm /dev/shm; then
    echo "mpirun-nodes.sh: skipped: cannot mount a tmpfs of the job's own on /dev/shm" >&2
    exit 77
fi
work=/dev/shm/.swing-nodes
# the session directories, named after the nodes: the daemons have the
# path, so the node names, on their command lines (leftovers are found so)
tmp=$work/$prefix
mkdir -p "$tmp"
chmod 1777 "$tmp"

# The rsh/ssh agent: Open MPI calls it as "AGENT [ssh options] HOST
# COMMAND...". The command is a shell's (PRRTE puts variable settings
# before the daemon), run by a shell named after the host.
wrap=${SWING_NODE_WRAP:-}
cat >"$work/agent" <<EOF
#!/bin/sh
while [ \$# -gt 0 ]; do case "\$1" in -*) shift ;; *) break ;; esac; done
host=\$1
shift
wrap=\$(echo '$wrap' | sed "s/@HOST/\$host/g")
exec \$wrap unshare --uts sh -c 'hostname "\$0" && exec sh -c "\$1" "\$0"' "\$host" "\$*"
EOF
chmod 755 "$work/agent"

np_given=0
for a in "$@"; do
    case "$a" in -np | -n | --np | -c) np_given=1 ;; esac
done
np_opt=""
[ "$np_given" = 1 ] || np_opt="-np $total"

mpirun_cmd=${SWING_MPIRUN:-mpirun}
root_opt=""
if [ "$(id -u)" = 0 ] && [ -z "${SWING_MPIRUN:-}" ]; then
    root_opt="--allow-run-as-root"
fi

if [ "${SWING_NODES_VERBOSE:-0}" = 1 ]; then
    echo "mpirun-nodes.sh: nodes $hosts ($total ranks)" >&2
fi

# Not exec: PID 1 must stay alive until mpirun is done, then everything
# left in the namespace is killed with it.
if [ "$ompi5" = 1 ]; then
    # Open MPI 5's TCP BTL pairs interfaces through its reachable framework;
    # the netlink component takes a route's outgoing interface for the only
    # one that reaches, and on the caller's network (bench/torus-net.sh:
    # data addresses on a stub interface, routes out through the links)
    # finds no pair. The weighted one pairs by address. Through the
    # environment: the command line may still name another.
    if [ -n "${SWING_NODES_BTL_IF:-}" ] && [ -z "${OMPI_MCA_reachable:-}" ]; then
        OMPI_MCA_reachable=weighted
        export OMPI_MCA_reachable
    fi
    # PRRTE's own parameters; the daemons' network: the job's veth, or the
    # caller's
    $mpirun_cmd $root_opt $np_opt --host "$hosts" \
        --prtemca plm_ssh_agent "$work/agent" \
        --prtemca prte_tmpdir_base "$tmp" \
        ${SWING_NODES_OOB_IF:+--prtemca prte_if_include "$SWING_NODES_OOB_IF"} \
        --mca btl_tcp_if_include "${SWING_NODES_BTL_IF:-lo}" \
        "$@"
else
    $mpirun_cmd $root_opt $np_opt --host "$hosts" \
        --mca plm_rsh_agent "$work/agent" \
        --mca orte_tmpdir_base "$tmp" \
        --mca btl_tcp_if_include "${SWING_NODES_BTL_IF:-lo}" \
        --mca oob_tcp_if_include "${SWING_NODES_OOB_IF:-lo}" \
        "$@"
fi
