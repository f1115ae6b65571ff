#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# One emulated link (bench/net-link.sh, as torus-net.sh and group-net.sh
# shape theirs) charges every byte: the time of one message of 1 KiB,
# 8 KiB and 64 KiB over it is its latency plus its bytes over the rate,
# within 15%. A veth pair between two namespaces, 2 Mbit/s and an MTU of
# 128 (the part that passes at memory speed after a pause, one packet's
# 76 bytes of payload, small beside 1 KiB); a TCP ping-pong in python3
# (one message, a 1-byte reply, a pause so that the link is idle again),
# the median of 9; the latency is half the round trip of 8 bytes. 1 Mbit/s
# (SWING_LINK_TEST_MBIT): a packet takes 608 us, so the tbf wake-up that
# each packet waits for costs little beside it (at load 50 on 2 cores,
# 10 Mbit/s packets of 61 us came out 1.2-1.35x; on a slower machine at
# load 2-3, 2 Mbit/s ones of 304 us came out 1.14-1.17x, 43 us late each,
# and 1 Mbit/s ones 1.08-1.09x). Timing,
# so in check-long; SKIP (77) without root, namespaces, tc's tbf or python3.
set -u
src=${SWING_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
rate_mbit=${SWING_LINK_TEST_MBIT:-1}
mtu=128
skip() { echo "SKIP: test_link_time.sh: $*"; exit 77; }
[ "$(id -u)" = 0 ] || skip "needs root (ip netns)"
command -v ip >/dev/null 2>&1 && command -v tc >/dev/null 2>&1 || skip "needs ip and tc (iproute2)"
command -v python3 >/dev/null 2>&1 || skip "needs python3 (the ping-pong)"
unshare --net true 2>/dev/null || skip "network namespaces are not permitted here"

here="$src/bench"
. "$here/net-link.sh"
a=bench-lt-a$$ b=bench-lt-b$$
work=$(mktemp -d)
cleanup() {
    for ns in "$a" "$b"; do
        for pid in $(ip netns pids "$ns" 2>/dev/null); do kill "$pid" 2>/dev/null; done
        ip netns del "$ns" 2>/dev/null
    done
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
ip netns add "$a" && ip netns add "$b" || skip "ip netns add refused"
ip link add vla netns "$a" type veth peer name vlb netns "$b" || skip "no veth pairs"
ip -n "$a" addr add 10.250.7.1/31 dev vla && ip -n "$b" addr add 10.250.7.0/31 dev vlb || exit 1
for e in "$a:vla" "$b:vlb"; do
    ip -n "${e%%:*}" link set lo up
    net_shape "${e%%:*}" "${e#*:}" "${rate_mbit}mbit" "$mtu" 2> "$work/tc" \
        || { cat "$work/tc"; skip "tc refused the link's shaping (tbf with a size table)"; }
done

cat > "$work/pp.py" <<'PY'
import socket, statistics, sys, time
def recvn(s, n):
    while n > 0:
        b = s.recv(min(n, 1 << 20))
        if not b:
            raise SystemExit("connection closed")
        n -= len(b)
if sys.argv[1] == "server":
    ls = socket.socket()
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind((sys.argv[2], 5077))
    ls.listen(1)
    print("ready", flush=True)
    c, _ = ls.accept()
    c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    while True:
        h = c.recv(8, socket.MSG_WAITALL)
        if len(h) < 8:
            break
        recvn(c, int.from_bytes(h, "big") - 8)
        c.sendall(b"x")
else:
    s = socket.create_connection((sys.argv[2], 5077))
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    for size in (8, 1024, 8192, 65536):   # bytes on the wire, its 8-byte length included
        ts = []
        for i in range(11):
            time.sleep(0.03)               # the link idle again: a message as an application sends it
            t = time.perf_counter()
            s.sendall(size.to_bytes(8, "big") + b"a" * (size - 8))
            recvn(s, 1)
            ts.append(time.perf_counter() - t)
        print(size, statistics.median(ts[2:]))
PY
ip netns exec "$b" python3 "$work/pp.py" server 10.250.7.0 > "$work/server" 2>&1 &
for i in 1 2 3 4 5 6 7 8 9 10; do grep -q ready "$work/server" && break; sleep 0.5; done
ip netns exec "$a" python3 "$work/pp.py" client 10.250.7.0 > "$work/times" 2> "$work/err" \
    || { cat "$work/err" "$work/server"; echo "FAIL: the ping-pong failed"; exit 1; }

awk -v r="$rate_mbit" '
    $1 == 8 { lat = $2 / 2; next }     # one way of 8 bytes: the latency
    { n = $1; oneway = $2 - lat         # the reply of 1 byte: one more latency
      want = lat + n * 8 / (r * 1e6); q = oneway / want
      ok = (q >= 0.85 && q <= 1.15)
      printf "%6d B: %.3f ms one way, latency + bytes/rate %.3f ms (%.3f + %.3f): %.2fx %s\n",
             n, oneway * 1e3, want * 1e3, lat * 1e3, n * 8 / (r * 1e3), q, ok ? "ok" : "OFF by more than 15%"
      bad += !ok }
    END { exit bad > 0 }' "$work/times"
rc=$?
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
[ $rc = 0 ] && echo "PASS: test_link_time.sh" || echo "FAIL: test_link_time.sh (a link time off latency + bytes/rate by more than 15%)"
exit $rc
