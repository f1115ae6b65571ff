#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# A network of groups in a box: a dragonfly or a two-level fat tree from a
# topology description, built with network namespaces as torus-net.sh
# builds tori, then an MPI program across it, and the bytes that crossed
# each class of link read from the interface counters.
#
#   group-net.sh TOPO [--rate R] [--burst B] [--queue T] [--cc CC] [--eager N]
#                [--mtu N] [--no-check] [--counters FILE]
#                [-- [mpirun options] PROGRAM [args]]
#
# TOPO: a description of a network of groups, as for swing-topo
# (dragonfly:4,4, fattree:4,4,2, dragonfly:3,2:slots=2, @file). One
# namespace per node that holds ranks, one per switch (routers, leaves,
# spines: they only forward), one veth pair per link, each direction
# shaped with tc tbf at --rate (default 100mbit) times the link's rate in
# the description (global and up links at their own), --burst (default
# one packet's payload), --queue (default 2s); --cc, --eager, --mtu as for
# torus-net.sh (bench/net-link.sh shapes the links).
# Without a program it builds the network, checks it and tears it down.
#
# Built from `swing-topo routes TOPO` (vertices, hosts, cables, one route
# per ordered pair of nodes as directed links):
#   * node namespaces <id>-swnode<i>, i the node's place in mpirun's host
#     list (nodes by their lowest rank), data address 10.201.i on a stub
#     interface, management 10.200.1.i; switches <id>-r<g>, <id>-l<l>,
#     <id>-s<j>; a /31 per link end (10.203.x.y);
#   * routes: the library's, by destination (a switch forwards by
#     address): at every vertex of the route SRC -> DST, "to DST via the
#     next vertex over this link"; the script refuses routes that would
#     depend on the source;
#   * check (unless --no-check): a ping from every node to every other; the
#     reply's TTL must show the hop count of the reply's route (64 -
#     (links - 1));
#   * ranks: mpirun's by-slot mapping for ranks in blocks (in any order of
#     the nodes: a hostfile's order), --map-by node for round robin; other
#     explicit placements are refused. Ranks of one node talk through TCP
#     inside the node's namespace: no link;
#   * counters: the tx bytes of every link end before and after the job;
#     printed per class ("group-net.sh: link bytes: local N global M"), and
#     with --counters FILE one line per directed link and per class:
#       link CLASS FROM TO BYTES      (FROM, TO: swing-topo's vertex names)
#       class CLASS BYTES
#     (bytes on the wire: TCP/IP and MPI headers and MPI's own wire-up
#     traffic included).
# Everything lives in a private mount and PID namespace and is deleted by
# name on exit, also after a failure, a signal or a timeout. Needs root;
# exits 77 where that is not possible.
set -u
here=$(cd "$(dirname "$0")" && pwd)

usage() {
    sed -n '2,47p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

case "${1:-}" in ""|-h|--help) usage ;; esac
. "$here/net-link.sh"
net_enter group-net.sh "$@"

topo=$1
shift
net_defaults
counters=
while [ $# -gt 0 ]; do
    case "$1" in
    --rate) [ $# -ge 2 ] || usage; rate=$2; shift 2 ;;
    --burst) [ $# -ge 2 ] || usage; burst=$2; shift 2 ;;
    --queue) [ $# -ge 2 ] || usage; queue=$2; shift 2 ;;
    --cc) [ $# -ge 2 ] || usage; cc=$2; shift 2 ;;
    --eager) [ $# -ge 2 ] || usage; eager=$2; shift 2 ;;
    --mtu) [ $# -ge 2 ] || usage; mtu=$2; shift 2 ;;
    --counters) [ $# -ge 2 ] || usage; counters=$2; shift 2 ;;
    --no-check) check=0; shift ;;
    --) shift; break ;;
    *) usage ;;
    esac
done

# the link rate in bit/s (tc's units bit, kbit, mbit, gbit)
rate_bps=$(echo "$rate" | awk '/^[0-9.]+gbit$/ { print $0 * 1e9; exit } /^[0-9.]+mbit$/ { print $0 * 1e6; exit }
    /^[0-9.]+kbit$/ { print $0 * 1e3; exit } /^[0-9.]+(bit)?$/ { print $0 + 0; exit } { print "" }')
[ -n "$rate_bps" ] || { echo "group-net.sh: --rate wants a number with bit, kbit, mbit or gbit, got '$rate'" >&2; exit 2; }
net_check_mtu group-net.sh
net_find_topo group-net.sh
net_workspace sgn$$ group-net

"$topo_bin" routes "$topo" > "$work/routes" || exit 2
if ! grep -q '^network ' "$work/routes"; then
    echo "group-net.sh: $topo is not a network of groups (dragonfly, fattree): bench/torus-net.sh builds grids and tori" >&2
    exit 2
fi

mkns() {
    ip netns add "$1" || exit 3
    echo "$1" >> "$nslist"
    ip -n "$1" link set lo up
    ip netns exec "$1" sh -c 'sysctl -qw net.ipv4.ip_forward=1 net.ipv4.conf.all.rp_filter=0 net.ipv4.conf.default.rp_filter=0 net.ipv4.conf.lo.rp_filter=0'
    # TCP as a link (bench/torus-net.sh, docs/TESTING.md)
    ip netns exec "$1" sysctl -qw net.ipv4.tcp_slow_start_after_idle=0 \
        net.ipv4.tcp_rmem="4096 4194304 33554432" net.ipv4.tcp_wmem="4096 4194304 33554432"
    [ -z "$cc" ] || ip netns exec "$1" sysctl -qw net.ipv4.tcp_congestion_control="$cc" \
        || { echo "group-net.sh: congestion control $cc is not available" >&2; exit 3; }
}

# Names, addresses, mpirun's layout and the ip batch files, from the routes.
# Files: nodes (ns host-index vertex), switches (ns vertex), links (ns-a
# ns-b dev-a dev-b addr-a addr-b kbit class name-a name-b), layout, map,
# b.<vertex> (routes of a vertex), pairs (src-host dst-host hops).
awk -v id="$id" -v dir="$work" -v bps="$rate_bps" '
function quad(base, n) { return base "." int(n / 256) "." (n % 256) }
$1 == "vertex" { name[$2] = $3; kind[$2] = $4; nv++ }
$1 == "host"   { rank = $2; v = $3; nranks++
                 if (!(v in first)) { first[v] = rank; order[nh++] = v; hidx[v] = nh - 1; cnt[v] = 0 }
                 cnt[v]++; node_of[rank] = v }
$1 == "cable"  { c = $2; ca[c] = $3; cb[c] = $4; cc[c] = $5; cr[c] = $6; ncab++ }
$1 == "route"  { nr++; rs[nr] = $2; rd[nr] = $3; rh[nr] = $4; rl[nr] = ""
                 for (i = 5; i <= NF; i++) rl[nr] = rl[nr] " " $i }
END {
    # mpirun: blocks over the hosts (by slot), or round robin (by node)
    blocks = 1; rr = 1
    for (r = 0; r < nranks; r++) {
        if (r > 0 && node_of[r] != node_of[r - 1] && hidx[node_of[r]] != hidx[node_of[r - 1]] + 1) blocks = 0
        if (hidx[node_of[r]] != r % nh) rr = 0
    }
    for (i = 0; i < nh; i++) if (cnt[order[i]] != cnt[order[0]]) rr = 0
    if (nh == nranks) rr = 0
    map = blocks ? "slot" : rr ? "node" : "none"
    print map > (dir "/map")
    lay = ""
    for (i = 0; i < nh; i++) lay = lay (i ? "," : "") cnt[order[i]]
    print lay > (dir "/layout")
    for (v = 0; v < nv; v++) {
        if (kind[v] == "node") {
            if (v in hidx) { ns[v] = id "-swnode" hidx[v]; print ns[v], hidx[v], v > (dir "/nodes") }
        } else { ns[v] = id "-" name[v]; print ns[v], v > (dir "/switches") }
    }
    for (c = 0; c < ncab; c++) {
        a = ca[c]; b = cb[c]
        if (!(a in ns) || !(b in ns)) continue    # a node without ranks
        ad = quad("10.203", 2 * c); bd = quad("10.203", 2 * c + 1)
        addr[2 * c] = bd; dev[2 * c] = "c" c "a"; from[2 * c] = a          # a -> b
        addr[2 * c + 1] = ad; dev[2 * c + 1] = "c" c "b"; from[2 * c + 1] = b
        kbit = int(bps * cr[c] / 1000 + 0.5); if (kbit < 1) kbit = 1
        print ns[a], ns[b], "c" c "a", "c" c "b", ad, bd, kbit, cc[c], name[a], name[b] > (dir "/links")
    }
    for (k = 1; k <= nr; k++) {
        n = split(rl[k], L, " "); dst = hidx[rd[k]]; da = quad("10.201", dst)
        print hidx[rs[k]], dst, rh[k] > (dir "/pairs")
        for (i = 1; i <= n; i++) {
            l = L[i]; v = from[l]
            if ((v, dst) in via) {
                if (via[v, dst] != l) { print "group-net.sh: the route to " name[rd[k]] " leaves " name[v] " by two links: routes depend on the source" > "/dev/stderr"; exit 3 }
                continue
            }
            via[v, dst] = l
            if (kind[v] == "node")
                print "route add " da "/32 via " addr[l] " dev " dev[l] " src " quad("10.201", hidx[v]) " initcwnd 1000 initrwnd 1000" > (dir "/b." v)
            else
                print "route add " da "/32 via " addr[l] " dev " dev[l] > (dir "/b." v)
        }
    }
}' "$work/routes" || exit 3
touch "$work/switches" "$work/links" "$work/pairs"

echo "group-net.sh: $topo: $(wc -l < "$work/nodes") nodes, $(wc -l < "$work/switches") switches, $(wc -l < "$work/links") links; local links $rate, mtu ${mtu:-1500}, burst ${burst:-one packet}, queue $queue${cc:+, tcp $cc}" >&2

mgmt=$id-mgmt
mkns "$mgmt"
ip -n "$mgmt" link add br0 type bridge
ip -n "$mgmt" addr add 10.200.0.1/16 dev br0
ip -n "$mgmt" link set br0 up

while read -r ns h v; do
    mkns "$ns"
    ip -n "$ns" link add data0 type veth peer name data0p
    ip -n "$ns" addr add "10.201.$((h / 256)).$((h % 256))/32" dev data0
    ip -n "$ns" link set data0 up
    ip -n "$ns" link set data0p up
    ip link add "m$h" netns "$mgmt" type veth peer name mgmt0 netns "$ns" || exit 3
    ip -n "$mgmt" link set "m$h" master br0 up
    ip -n "$ns" addr add "10.200.$((1 + h / 256)).$((h % 256))/16" dev mgmt0
    ip -n "$ns" link set mgmt0 up
done < "$work/nodes"
while read -r ns v; do
    mkns "$ns"
done < "$work/switches"

while read -r na nb da db aa ab kbit _; do
    ip link add "$da" netns "$na" type veth peer name "$db" netns "$nb" || exit 3
    ip -n "$na" addr add "$aa/31" dev "$da"
    ip -n "$nb" addr add "$ab/31" dev "$db"
    for end in "$na:$da" "$nb:$db"; do
        ens=${end%%:*} edev=${end#*:}
        net_shape "$ens" "$edev" "${kbit}kbit" "$mtu" "$burst" "$queue" \
            || { echo "group-net.sh: tc refused the shaping of $edev" >&2; exit 3; }
    done
done < "$work/links"

for f in "$work"/b.*; do
    [ -e "$f" ] || continue
    v=${f##*.}
    ns=$(awk -v v="$v" '$NF == v { print $1 }' "$work/nodes" "$work/switches")
    ip -n "$ns" -batch "$f" || { echo "group-net.sh: routes of vertex $v failed" >&2; exit 3; }
done

if [ "$check" = 1 ]; then
    bad=0
    n=0
    while read -r src dst _; do
        back=$(awk -v s="$dst" -v d="$src" '$1 == s && $2 == d { print $3 }' "$work/pairs")
        want=$((64 - back + 1))
        got=$(ip netns exec "$id-swnode$src" ping -n -c 1 -W 2 "10.201.$((dst / 256)).$((dst % 256))" 2>/dev/null \
              | sed -n 's/.*ttl=\([0-9]*\).*/\1/p')
        n=$((n + 1))
        if [ "$got" != "$want" ]; then
            echo "group-net.sh: node $src -> $dst: reply ttl ${got:-none}, expected $want ($back links back)" >&2
            bad=$((bad + 1))
        fi
    done < "$work/pairs"
    echo "group-net.sh: hop check: $n pairs, $bad wrong" >&2
    [ "$bad" = 0 ] || exit 4
fi

[ $# -gt 0 ] || exit 0

map=$(cat "$work/map")
if [ "$map" = none ]; then
    echo "group-net.sh: ranks placed neither in blocks over the nodes nor round robin: mpirun cannot place them so" >&2
    exit 2
fi
map_opt=""
[ "$map" = node ] && map_opt="--map-by node"

# tx bytes of every link end: "ns dev bytes"
snapshot() {
    while read -r na nb da db _; do
        echo "$na $da $(ip netns exec "$na" cat "/sys/class/net/$da/statistics/tx_bytes")"
        echo "$nb $db $(ip netns exec "$nb" cat "/sys/class/net/$db/statistics/tx_bytes")"
    done < "$work/links"
}
snapshot > "$work/tx0"

SWING_NODE_WRAP="ip netns exec $id-@HOST"
SWING_NODES_OOB_IF=10.200.0.0/16
SWING_NODES_BTL_IF=10.201.0.0/16
export SWING_NODE_WRAP SWING_NODES_OOB_IF SWING_NODES_BTL_IF
if [ "$eager" != 0 ]; then
    OMPI_MCA_btl_tcp_eager_limit=$eager
    OMPI_MCA_btl_tcp_rndv_eager_limit=$eager
    OMPI_MCA_btl_tcp_max_send_size=$eager
    export OMPI_MCA_btl_tcp_eager_limit OMPI_MCA_btl_tcp_rndv_eager_limit OMPI_MCA_btl_tcp_max_send_size
fi
# shellcheck disable=SC2086
ip netns exec "$mgmt" sh "$here/../tests/cluster/mpirun-nodes.sh" "$(cat "$work/layout")" \
    --mca btl self,tcp $map_opt "$@"
rc=$?

snapshot > "$work/tx1"
# bytes per directed link (the tx of its sending end), then per class
awk -v out="$work/counters" '
FILENAME ~ /tx0$/ { t0[$1 " " $2] = $3; next }
FILENAME ~ /tx1$/ { t1[$1 " " $2] = $3; next }
{ # links: ns-a ns-b dev-a dev-b addr-a addr-b kbit class name-a name-b
  ab = t1[$1 " " $3] - t0[$1 " " $3]; ba = t1[$2 " " $4] - t0[$2 " " $4]
  printf "link %s %s %s %.0f\n", $8, $9, $10, ab > out; printf "link %s %s %s %.0f\n", $8, $10, $9, ba > out
  sum[$8] += ab + ba; seen[$8] = 1 }
END { line = ""; n = split("local global up", order, " ")
      for (i = 1; i <= n; i++) {
          c = order[i]
          if (c in seen) { printf "class %s %.0f\n", c, sum[c] > out; line = line sprintf(" %s %.0f", c, sum[c]) }
      }
      print "group-net.sh: link bytes:" line }
' "$work/tx0" "$work/tx1" "$work/links" >&2
if [ -n "$counters" ]; then
    cp "$work/counters" "$counters" || echo "group-net.sh: cannot write $counters" >&2
fi
exit $rc
