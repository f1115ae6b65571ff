#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# A torus network in a box: one network namespace per tile of a topology
# description's physical grid, one veth pair per physical link (wrap-around
# links included) shaped with tc, static routes that follow swing-topo's
# routing exactly, and one emulated node per rank (its own host name, its
# daemon in its tile's namespace), then an MPI program across it.
#
#   torus-net.sh TOPO [--rate R] [--burst B] [--queue T] [--cc CC] [--eager N]
#                [--mtu N] [--delay D] [--no-check] [-- [mpirun options] PROGRAM [args]]
#
# TOPO: as for swing-topo (ring:8, torus:4x4, n150, @file). Every direction
# of every link is shaped with tc tbf (bench/net-link.sh): --rate (default
# 100mbit) charged to TCP's payload, --burst, what passes unshaped after a
# pause (default one full packet's payload, MTU - 52 bytes, the least tbf
# takes: the emulator's burst; a small --mtu makes it small), --queue, the
# longest wait in the link's queue before a drop (default 2s: no drops).
# --cc sets TCP's congestion control in every namespace (default reno, which
# a namespace may always choose; "" keeps the system's, often bbr, whose
# window stops at twice the unloaded round trip's worth). --eager: Open MPI's TCP eager limit for the job
# (default 4M; 0 keeps Open MPI's 64 KiB, above which every message waits
# for a rendezvous reply queued behind the peer's own data on the same
# connection). --mtu sets the links' MTU in bytes (default 1500; 9000
# cuts the per-packet work of the two cores 6-fold, so four busy ports per
# rank stay link-bound, but lets 8948 bytes pass at once). --delay adds a
# one-way delay per link (tc netem;
# default none: kernels without sch_netem, as this project's VM, cannot).
# Without a program it builds the network, checks it and tears it down.
#
# A wrapped dimension of 2 tiles gets one link between them (its + and -
# neighbour is one tile, and routes go by address), where the model of a
# torus counts two: describe such a dimension without its wrap (a grid
# line, wrap=...,0, as bench/topologies/net-50m/torus-4x2.topo) for the
# model to count what is built.
#
# Built from `swing-topo routes TOPO` (tiles, links, one route per ordered
# pair of ranks):
#   * tile namespaces: ranks' tiles <id>-swnode<rank>, hidden tiles
#     <id>-t<tile> (they only forward); addresses 10.201.r/32 for rank r
#     (data, on a stub interface), a /31 per link end (10.203.x.y);
#   * routes: at each tile of the route SRC -> DST, "from SRC to DST via the
#     next tile" (policy tables, one per source rank), so routes depend on
#     the source as swing-topo's do; the source tile's main table carries
#     its own rank's routes;
#   * management: an unshaped bridge in namespace <id>-mgmt (mpirun runs
#     there) with a veth to every rank's tile, 10.200.0.0/16, for the
#     daemons' out-of-band traffic only;
#   * check (unless --no-check): from every rank a ping to every other;
#     the TTL of each reply must show the hop count of the reply's route
#     (64 - (hops - 1): every tile passed forwards once), so every route is
#     measured once as a reply.
# The MPI job runs through tests/cluster/mpirun-nodes.sh (one emulated node
# per rank, btl tcp on the data addresses). Everything is created inside a
# private mount and PID namespace and deleted by name on exit, also after a
# failure, a signal or a timeout: no namespace, link or process remains.
# Needs root (ip netns); exits 77 where that is not possible.
set -u
here=$(cd "$(dirname "$0")" && pwd)

usage() {
    sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

case "${1:-}" in ""|-h|--help) usage ;; esac
. "$here/net-link.sh"
net_enter torus-net.sh "$@"

topo=$1
shift
net_defaults
delay=
while [ $# -gt 0 ]; do
    case "$1" in
    --rate) [ $# -ge 2 ] || usage; rate=$2; shift 2 ;;
    --delay) [ $# -ge 2 ] || usage; delay=$2; shift 2 ;;
    --burst) [ $# -ge 2 ] || usage; burst=$2; shift 2 ;;
    --queue) [ $# -ge 2 ] || usage; queue=$2; shift 2 ;;
    --cc) [ $# -ge 2 ] || usage; cc=$2; shift 2 ;;
    --eager) [ $# -ge 2 ] || usage; eager=$2; shift 2 ;;
    --mtu) [ $# -ge 2 ] || usage; mtu=$2; shift 2 ;;
    --no-check) check=0; shift ;;
    --) shift; break ;;
    -h|--help) usage ;;
    *) usage ;;
    esac
done

net_check_mtu torus-net.sh
net_find_topo torus-net.sh
net_workspace swn$$ torus-net

"$topo_bin" routes "$topo" > "$work/routes" || exit 2

mkns() {
    ip netns add "$1" || exit 3
    echo "$1" >> "$nslist"
    ip -n "$1" link set lo up
    ip netns exec "$1" sh -c 'sysctl -qw net.ipv4.ip_forward=1 net.ipv4.conf.all.rp_filter=0 net.ipv4.conf.default.rp_filter=0 net.ipv4.conf.lo.rp_filter=0'
    # TCP as a link: a window of 1000 packets from the start (routes below)
    # that an idle pause does not shrink, buffers that hold a step's
    # message, and a congestion control that does not cap the window at the
    # unloaded round trip (see the README)
    ip netns exec "$1" sysctl -qw net.ipv4.tcp_slow_start_after_idle=0 \
        net.ipv4.tcp_rmem="4096 4194304 33554432" net.ipv4.tcp_wmem="4096 4194304 33554432"
    [ -z "$cc" ] || ip netns exec "$1" sysctl -qw net.ipv4.tcp_congestion_control="$cc" \
        || { echo "torus-net.sh: congestion control $cc is not available" >&2; exit 3; }
}

# Names, addresses and the ip batch files, from the routes file.
awk -v id="$id" -v dir="$work" '
function quad(base, n) { return base "." int(n / 256) "." (n % 256) }
$1 == "tile" { nd = NF - 4; rank = $NF; t = $2
               ns[t] = (rank >= 0) ? id "-swnode" rank : id "-t" t
               rk[t] = rank; print ns[t], rank > (dir "/tiles") }
$1 == "link" { l = nl++; a = $2; b = $3
               la[l] = a; lb[l] = b
               ad = quad("10.203", 2 * l); bd = quad("10.203", 2 * l + 1)
               addr[a " " b] = bd; addr[b " " a] = ad
               dev[a " " b] = "l" l "a"; dev[b " " a] = "l" l "b"
               print ns[a], ns[b], "l" l "a", "l" l "b", ad, bd > (dir "/links") }
$1 == "route" { src = $2; dst = $3; hops = $4
                for (i = 5; i < NF; i++) {
                    t = $i; nx = $(i + 1); da = quad("10.201", dst)
                    if (i == 5) {
                        print "route add " da "/32 via " addr[t " " nx] " dev " dev[t " " nx] " src " quad("10.201", src) " initcwnd 1000 initrwnd 1000" > (dir "/b." t)
                    } else {
                        tbl = 1000 + src
                        print "route add " da "/32 via " addr[t " " nx] " dev " dev[t " " nx] " table " tbl > (dir "/b." t)
                        if (!((t, src) in ruled)) {
                            ruled[t, src] = 1
                            print "rule add from " quad("10.201", src) " lookup " tbl " priority 100" > (dir "/b." t)
                        }
                    }
                }
                print src, dst, hops > (dir "/hops") }
' "$work/routes" || exit 3

echo "torus-net.sh: $topo: $(wc -l < "$work/tiles") tiles, $(wc -l < "$work/links") links, $(awk '$2 >= 0' "$work/tiles" | wc -l) ranks; links $rate, mtu ${mtu:-1500}, burst ${burst:-one packet}, queue $queue${delay:+, $delay one way}${cc:+, tcp $cc}" >&2

mgmt=$id-mgmt
mkns "$mgmt"
ip -n "$mgmt" link add br0 type bridge
ip -n "$mgmt" addr add 10.200.0.1/16 dev br0
ip -n "$mgmt" link set br0 up

while read -r ns rank; do
    mkns "$ns"
    if [ "$rank" -ge 0 ]; then
        # a stub veth pair carries the address (no dummy driver everywhere;
        # Open MPI's TCP BTL ignores addresses on the loopback)
        ip -n "$ns" link add data0 type veth peer name data0p
        ip -n "$ns" addr add "10.201.$((rank / 256)).$((rank % 256))/32" dev data0
        ip -n "$ns" link set data0 up
        ip -n "$ns" link set data0p up
        ip link add "m$rank" netns "$mgmt" type veth peer name mgmt0 netns "$ns" || exit 3
        ip -n "$mgmt" link set "m$rank" master br0 up
        ip -n "$ns" addr add "10.200.$((1 + rank / 256)).$((rank % 256))/16" dev mgmt0
        ip -n "$ns" link set mgmt0 up
    fi
done < "$work/tiles"

while read -r na nb da db aa ab; do
    ip link add "$da" netns "$na" type veth peer name "$db" netns "$nb" || exit 3
    ip -n "$na" addr add "$aa/31" dev "$da"
    ip -n "$nb" addr add "$ab/31" dev "$db"
    for end in "$na:$da" "$nb:$db"; do
        ens=${end%%:*} edev=${end#*:}
        if [ -n "$delay" ]; then
            { [ -z "$mtu" ] || ip -n "$ens" link set "$edev" mtu "$mtu"; } && ip -n "$ens" link set "$edev" up \
                && tc -n "$ens" qdisc add dev "$edev" root netem delay "$delay" rate "$rate" limit 10000
        else
            net_shape "$ens" "$edev" "$rate" "$mtu" "$burst" "$queue"
        fi || { echo "torus-net.sh: tc refused the shaping of $edev${delay:+ (is sch_netem there?)}" >&2; exit 3; }
    done
done < "$work/links"

while read -r ns rank; do
    t=$(awk -v n="$ns" '$1 == n { print NR - 1 }' "$work/tiles")
    if [ -s "$work/b.$t" ]; then
        ip -n "$ns" -batch "$work/b.$t" || { echo "torus-net.sh: routes of tile $t failed" >&2; exit 3; }
    fi
done < "$work/tiles"

if [ "$check" = 1 ]; then
    bad=0
    n=0
    while read -r src dst hops; do
        # the reply travels dst -> src: its route's hops are on the line "dst src"
        back=$(awk -v s="$dst" -v d="$src" '$1 == s && $2 == d { print $3 }' "$work/hops")
        want=$((64 - back + 1))
        got=$(ip netns exec "$id-swnode$src" ping -n -c 1 -W 2 "10.201.$((dst / 256)).$((dst % 256))" 2>/dev/null \
              | sed -n 's/.*ttl=\([0-9]*\).*/\1/p')
        n=$((n + 1))
        if [ "$got" != "$want" ]; then
            echo "torus-net.sh: $src -> $dst: reply ttl ${got:-none}, expected $want ($back hops back)" >&2
            bad=$((bad + 1))
        fi
    done < "$work/hops"
    echo "torus-net.sh: hop check: $n pairs, $bad wrong" >&2
    [ "$bad" = 0 ] || exit 4
fi

[ $# -gt 0 ] || exit 0

p=$(awk '$2 >= 0' "$work/tiles" | wc -l)
SWING_NODE_WRAP="ip netns exec $id-@HOST"
SWING_NODES_OOB_IF=10.200.0.0/16
SWING_NODES_BTL_IF=10.201.0.0/16
export SWING_NODE_WRAP SWING_NODES_OOB_IF SWING_NODES_BTL_IF
# Through the environment (mpirun passes OMPI_MCA_* on to the ranks), so
# that the same parameter on the command line overrides it: Open MPI
# refuses a parameter given twice there.
if [ "$eager" != 0 ]; then
    OMPI_MCA_btl_tcp_eager_limit=$eager
    OMPI_MCA_btl_tcp_rndv_eager_limit=$eager
    OMPI_MCA_btl_tcp_max_send_size=$eager
    export OMPI_MCA_btl_tcp_eager_limit OMPI_MCA_btl_tcp_rndv_eager_limit OMPI_MCA_btl_tcp_max_send_size
fi
ip netns exec "$mgmt" sh "$here/../tests/cluster/mpirun-nodes.sh" "${p}x1" --mca btl self,tcp "$@"
