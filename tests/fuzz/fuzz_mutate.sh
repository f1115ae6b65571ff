#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The description parser under seeded mutation (fuzz_mutate.c): every
# corpus input as it is (the presets, tests/unit/data, fuzz/seeds and the
# regression inputs of fuzz/regress, each a finding once), then FUZZ_ITERS
# (default 10000) inputs mutated from them with seed FUZZ_SEED (default 1):
# no finding, no input over 10 s. Then the check must catch a broken
# round trip (--self-test). Long form, coverage-guided: fuzz/libfuzzer.sh.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
prog="${SWING_TESTS_DIR:-$(pwd)}/fuzz/fuzz_mutate"
[ -x "$prog" ] || { echo "fuzz_mutate.sh: $prog not built"; exit 99; }
# the largest grid is run as it is only: inputs made from it take a second each
corpus="$top/topology/presets/*.topo $top/tests/unit/data/* $here/seeds/*"
for f in "$here"/regress/*; do
    case $f in
        */grid-million-tiles.topo) corpus="$corpus --once $f" ;;
        *) corpus="$corpus $f" ;;
    esac
done
fails=0
# shellcheck disable=SC2086
if ! "$prog" --seed "${FUZZ_SEED:-1}" --iters "${FUZZ_ITERS:-10000}" --dict "$here/topo.dict" \
        $corpus; then
    fails=1
fi
# shellcheck disable=SC2086
out=$("$prog" --self-test --iters 100 $corpus 2>&1)
if [ $? = 1 ] && echo "$out" | grep -q 'FINDING.*parses to a different one'; then
    echo "ok   a printed description that parses to another one is reported (--self-test)"
else
    fails=$((fails + 1))
    echo "FAIL: a broken round trip went unreported (--self-test):"
    echo "$out" | head -n 20
fi
[ $fails = 0 ]
