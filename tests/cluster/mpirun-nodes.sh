#!/bin/sh
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
# Needs root, or unprivileged user namespaces (then the job runs as root
# of a user namespace: your own uid outside). Where namespaces are not
# permitted it prints why and exits 77 (the test suite's "skip").
#
# Environment:
#   SWING_NODES_BTL_IF, SWING_NODES_OOB_IF   interfaces or subnets for the
#                         TCP BTL and the daemons' traffic (default lo;
#                         bench/torus-net.sh sets its own networks)
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
    case "$(mpirun --version 2>/dev/null)" in
    *"Open MPI) 5."*)
        echo "mpirun-nodes.sh: skipped: Open MPI 5's launcher (PRRTE) does not start its daemons through this agent yet; the emulated cluster needs Open MPI 4.1" >&2
        exit 77 ;;
    esac
    # root: namespaces directly; anyone else: inside a user namespace in
    # which they are root (unprivileged user namespaces)
    userns=""
    [ "$(id -u)" = 0 ] || userns="--user --map-root-user"
    # shellcheck disable=SC2086
    if ! unshare $userns --uts --pid --fork --mount --mount-proc true 2>/dev/null; then
        echo "mpirun-nodes.sh: skipped: Linux namespaces are not permitted here (needs root or user namespaces)" >&2
        exit 77
    fi
    SWING_NODES_INNER=1
    export SWING_NODES_INNER
    # shellcheck disable=SC2086
    exec unshare $userns --pid --fork --kill-child --mount --mount-proc --propagation private \
        sh "$0" "$@"
fi

# From here on: PID 1 of a private PID and mount namespace.
unset SWING_NODES_INNER
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

mount -t tmpfs -o mode=1777 swing-nodes-shm /dev/shm || exit 77
work=/dev/shm/.swing-nodes
mkdir -p "$work/tmp"
chmod 1777 "$work/tmp"

# The rsh agent: Open MPI calls it as "AGENT [ssh options] HOST COMMAND..."
wrap=${SWING_NODE_WRAP:-}
cat >"$work/agent" <<EOF
#!/bin/sh
while [ \$# -gt 0 ]; do case "\$1" in -*) shift ;; *) break ;; esac; done
host=\$1
shift
wrap=\$(echo '$wrap' | sed "s/@HOST/\$host/g")
exec \$wrap unshare --uts sh -c 'hostname "\$0" && exec sh -c "\$1"' "\$host" "\$*"
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
$mpirun_cmd $root_opt $np_opt --host "$hosts" \
    --mca plm_rsh_agent "$work/agent" \
    --mca orte_tmpdir_base "$work/tmp" \
    --mca btl_tcp_if_include "${SWING_NODES_BTL_IF:-lo}" \
    --mca oob_tcp_if_include "${SWING_NODES_OOB_IF:-lo}" \
    "$@"
