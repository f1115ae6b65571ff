# SPDX-License-Identifier: BSD-3-Clause
# Sourced by the tests of bench/'s scripts on made-up programs: top (the
# source tree), tmp (removed on exit), fail, and ok/bad to report a check.
set -u
top=${SWING_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }
