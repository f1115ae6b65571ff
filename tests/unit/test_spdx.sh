#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Every source file carries the license's SPDX line (scripts/spdx.sh): the
# real tree passes; a made-up tree with a C file, a script after its #!
# line and a Makefile.am without one is refused, naming each, and --fix
# gives each the line in its language's comment, after a #! line.
set -u
top=${SWING_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
spdx=$top/scripts/spdx.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

if ! git -C "$top" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    echo "test_spdx: skipped: $top is not a git checkout (the source files are the tracked ones)"
    exit 77
fi
if out=$("$spdx" "$top" 2>&1); then
    echo "ok: every tracked source file carries the SPDX line"
else
    echo "FAIL: source files without the SPDX line:"
    echo "$out" | sed 's/^/  /'
    fail=1
fi

mkdir -p "$tmp/t/sub"
printf 'int x;\n' > "$tmp/t/a.c"
printf '#!/bin/sh\necho hi\n' > "$tmp/t/sub/b.sh"
printf 'SUBDIRS = sub\n' > "$tmp/t/Makefile.am"
out=$("$spdx" "$tmp/t" 2>&1)
rc=$?
for f in a.c sub/b.sh Makefile.am; do
    if [ "$rc" = 1 ] && echo "$out" | grep -q "no SPDX line: $f\$"; then
        echo "ok: $f without the line is named"
    else
        echo "FAIL: $f without the line not named (exit $rc)"
        fail=1
    fi
done
"$spdx" --fix "$tmp/t" >/dev/null 2>&1
if [ "$(head -1 "$tmp/t/a.c")" = "/* SPDX-License-Identifier: BSD-3-Clause */" ] \
    && [ "$(sed -n 2p "$tmp/t/sub/b.sh")" = "# SPDX-License-Identifier: BSD-3-Clause" ] \
    && [ "$(head -1 "$tmp/t/sub/b.sh")" = "#!/bin/sh" ] \
    && [ "$(head -1 "$tmp/t/Makefile.am")" = "# SPDX-License-Identifier: BSD-3-Clause" ] \
    && "$spdx" "$tmp/t" >/dev/null 2>&1; then
    echo "ok: --fix adds the line in each language, after #!"
else
    echo "FAIL: --fix did not add the lines as expected"
    fail=1
fi
exit $fail
