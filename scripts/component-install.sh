#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# component-install.sh: after `make install` (or `make uninstall`) of the
# component, what its place needs so that mpirun's ranks find it, or the
# words to tell what the user must do. Called by the top-level Makefile's
# install and uninstall hooks, with configure's findings in the environment:
#
#   SWING_COMPONENT_DIR   where mca_coll_swing.so went
#   SWING_OMPI_PKGLIBDIR  Open MPI's own component directory
#   SWING_RANKS_PATH      the component path mpirun gives the ranks, when it
#                         is not Open MPI's default (PMIx's, Open MPI 5)
#   SWING_PMIX_PARAM_FILE the PMIx file that sets it
#   SWING_PMIX_LINK_DIR   with --with-component-dir=system there: the
#                         directory of that path to link the component into
#   SWING_PMIX_OVERRIDE_FILE  PMIx's override file (scripts/pmix-quiet.sh)
#   DESTDIR               a staging root (a package build): the link goes
#                         there, PMIx's file is left to the package
set -eu
here=$(cd "$(dirname "$0")" && pwd)
so=mca_coll_swing.so
dir=$SWING_COMPONENT_DIR
link=${SWING_PMIX_LINK_DIR:-}
ranks=${SWING_RANKS_PATH:-}
destdir=${DESTDIR:-}

case "$1" in
install)
    if [ -n "$link" ]; then
        mkdir -p "$destdir$link"
        ln -sf "$dir/$so" "$destdir$link/$so"
        echo "swing: $link/$so -> $dir/$so: mpirun gives the ranks the component path $ranks ($SWING_PMIX_PARAM_FILE, through PMIx)"
        if [ -z "$destdir" ]; then
            sh "$here/pmix-quiet.sh" add "$SWING_PMIX_OVERRIDE_FILE"
            echo "swing: $SWING_PMIX_OVERRIDE_FILE: PMIx reports no file of that directory that is not its plugin"
        fi
        exit 0
    fi
    case ":$ranks:" in
    "::" | *":$dir:"*) ;;
    *)
        cat <<EOF
swing: installed in $dir, where the ranks of this Open MPI do not look:
  mpirun gives them the component path $ranks
  (set in $SWING_PMIX_PARAM_FILE, passed on by PMIx).
  For every user (as root):  ./configure --with-component-dir=system && make install
  For your own jobs, before mpirun:
    export OMPI_MCA_opal_mca_base_component_path=$dir:$SWING_OMPI_PKGLIBDIR
EOF
        exit 0
        ;;
    esac
    if [ -z "$ranks" ] && [ "$dir" != "$SWING_OMPI_PKGLIBDIR" ] \
       && [ "$dir" != "${HOME:-}/.openmpi/components" ]; then
        echo "swing: installed in $dir, which Open MPI does not search by itself:"
        echo "  mpirun --mca mca_base_component_path $dir:$SWING_OMPI_PKGLIBDIR ..."
    fi
    ;;
uninstall)
    # (automake's uninstall removes the .la, which the install removed:
    # Open MPI's loader wants no .la beside the .so)
    rm -f "$destdir$dir/$so"
    if [ -n "$link" ]; then
        if [ "$(readlink "$destdir$link/$so" 2>/dev/null)" = "$dir/$so" ]; then
            rm -f "$destdir$link/$so"
        fi
        [ -n "$destdir" ] || sh "$here/pmix-quiet.sh" remove "$SWING_PMIX_OVERRIDE_FILE"
    fi
    ;;
*)
    echo "usage: component-install.sh install|uninstall" >&2
    exit 2
    ;;
esac
