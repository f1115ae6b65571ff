# SPDX-License-Identifier: BSD-3-Clause
# net-link.sh: what bench/torus-net.sh and bench/group-net.sh share (their
# checks, swing-topo, the namespaces' workspace and its teardown) and the
# shaping of one emulated link. Sourced (tests/net/test_link_time.sh too);
# the functions set and read the sourcing script's variables named below.

# The part of a full packet that is payload: IPv4 (20), TCP with
# timestamps (32) and Ethernet (14) headers are not charged to the link.
NET_HDR_IP_TCP=52
NET_HDR_WIRE=66

# net_enter ME ARGS: the script again, in a private mount and PID namespace
# (everything it makes is deleted by name when it ends); exits 77 where
# that is not possible. Returns in the private namespace.
net_enter() {
    net_me=$1
    shift
    [ -z "${SWING_NET_INNER:-}" ] || { unset SWING_NET_INNER; return 0; }
    if [ "$(id -u)" != 0 ] || ! command -v ip >/dev/null 2>&1 || ! command -v tc >/dev/null 2>&1; then
        echo "$net_me: skipped: needs root, ip and tc (iproute2)" >&2
        exit 77
    fi
    if ! unshare --net true 2>/dev/null; then
        echo "$net_me: skipped: network namespaces are not permitted here" >&2
        exit 77
    fi
    SWING_NET_INNER=1
    export SWING_NET_INNER
    exec unshare --pid --fork --kill-child --mount --mount-proc --propagation private \
        sh "$0" "$@"
}

# net_defaults: the options both scripts take, at their defaults.
net_defaults() {
    rate=100mbit
    burst=
    queue=2s
    cc=reno
    eager=4194304
    mtu=
    check=1
}

# net_check_mtu ME: $mtu (empty: the veth's 1500) must be bytes, 128 at least.
net_check_mtu() {
    case "${mtu:-1500}" in
    ''|*[!0-9]*) echo "$1: --mtu wants bytes, got '$mtu'" >&2; exit 2 ;;
    esac
    [ "${mtu:-1500}" -ge 128 ] || { echo "$1: --mtu wants 128 bytes or more, got '$mtu'" >&2; exit 2; }
}

# net_find_topo ME: $topo_bin, swing-topo beside the source tree or on PATH.
net_find_topo() {
    topo_bin=${SWING_TOPO:-}
    for c in "$here/../tools/swing-topo/swing-topo" "$(command -v swing-topo 2>/dev/null)"; do
        [ -z "$topo_bin" ] && [ -n "$c" ] && [ -x "$c" ] && topo_bin=$c
    done
    [ -n "$topo_bin" ] || { echo "$1: swing-topo not found (set SWING_TOPO)" >&2; exit 2; }
}

# net_workspace ID NAME: $id, $work (a temporary directory), $nslist (every
# namespace made, one a line; mkns appends), a teardown on exit that kills
# their processes and deletes them by name, and /run/netns of our own in
# this private mount namespace (ip netns wants it shared).
net_workspace() {
    id=$1
    work=$(mktemp -d "/tmp/$2.XXXXXX") || exit 2
    nslist="$work/namespaces"
    : > "$nslist"
    trap net_teardown EXIT
    trap 'exit 130' INT TERM HUP
    mkdir -p /run/netns
    mount -t tmpfs swing-netns /run/netns || exit 77
    mount --make-shared /run/netns 2>/dev/null
}

net_teardown() {
    trap - EXIT INT TERM HUP
    while read -r ns; do
        for pid in $(ip netns pids "$ns" 2>/dev/null); do
            kill -9 "$pid" 2>/dev/null
        done
        ip netns del "$ns" 2>/dev/null
    done < "$nslist"
    rm -rf "$work"
}

# net_shape NS DEV RATE MTU [BURST] [QUEUE]: DEV, up, as a link of RATE
# (tc units) that charges every byte of payload: tc tbf over a size table
# that charges a packet its TCP payload (its length less the 66 bytes of
# headers: the cost model charges message bytes), a bucket of one full
# packet's payload (BURST to override), a queue of QUEUE (default 2s: no
# drops), and no GSO (tbf would cut a GSO packet itself and charge its
# pieces whole, headers included). A shaper sends a packet at once when
# its bucket holds it, so after a pause the first packet of a message
# (MTU - 52 bytes) passes at memory speed: the emulator's burst, which a
# small MTU makes small; tests/net/test_link_time.sh times it.
net_shape() {
    net_ns=$1 net_dev=$2 net_rate=$3 net_mtu=${4:-1500}
    net_burst=${5:-$((net_mtu - NET_HDR_IP_TCP))}
    ip -n "$net_ns" link set "$net_dev" mtu "$net_mtu" || return 1
    ip -n "$net_ns" link set "$net_dev" gso_max_segs 1 2>/dev/null \
        || echo "net-link.sh: $net_dev keeps GSO (ip link set gso_max_segs refused): large packets are charged their headers" >&2
    ip -n "$net_ns" link set "$net_dev" up || return 1
    tc -n "$net_ns" qdisc add dev "$net_dev" root stab overhead "-$NET_HDR_WIRE" \
        tbf rate "$net_rate" burst "$net_burst" latency "${6:-2s}"
}
