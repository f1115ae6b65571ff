#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# pmix-quiet.sh: keep PMIx quiet about coll/swing in its plugin directory.
#
#   pmix-quiet.sh add FILE       add the setting to PMIx's override file FILE
#   pmix-quiet.sh remove FILE    take it out again (FILE goes when empty)
#
# Where PMIx hands the Open MPI ranks its own plugin directory as their
# component path (Debian's Open MPI 5: docs/INSTALL.md), coll/swing is
# linked there, and PMIx, scanning the same directory for its plugins,
# reports every file whose name is not a PMIx plugin's ("bad prefix"),
# twice per mpirun. With mca_base_component_show_load_errors set to a list,
# PMIx stays quiet about such files and still reports the load errors of
# its own plugins but those listed: the list names coll/swing, which PMIx
# does not have. The setting goes into PMIx's override file, the one file
# of its directory no package owns, between two marker lines, so that an
# administrator's own settings there stay as they are. `make install`
# (scripts/component-install.sh) and the Debian package (postinst, prerm)
# call this script.
set -eu
begin="# >>> openmpi-coll-swing: PMIx shares its plugin directory with the Open MPI ranks"
end="# <<< openmpi-coll-swing"

[ $# = 2 ] || { sed -n '2,5s/^# \{0,1\}//p' "$0" >&2; exit 2; }
file=$2

remove() {
    [ -f "$file" ] || return 0
    sed "/^$begin\$/,/^$end\$/d" "$file" > "$file.swing-new"
    if grep -q '[^[:space:]]' "$file.swing-new"; then
        cat "$file.swing-new" > "$file"
        rm -f "$file.swing-new"
    else
        rm -f "$file.swing-new" "$file"
    fi
}

case "$1" in
add)
    remove
    mkdir -p "$(dirname "$file")"
    {
        echo "$begin"
        echo "# (coll/swing is linked there): report no file of it that is not a"
        echo "# PMIx plugin, and every PMIx plugin's load error. Added by its"
        echo "# installation, removed by its removal."
        echo "pmix_mca_base_component_show_load_errors = ^coll/swing"
        echo "$end"
    } >> "$file"
    ;;
remove) remove ;;
*) exit 2 ;;
esac
