#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# mpirun for the test suite: the component under test, oversubscription
# allowed (2-core machines), root allowed, quiet about the rest.
extra=""
if [ "$(id -u)" = 0 ]; then
    extra="--allow-run-as-root"
fi
# Open MPI 5: its TCP BTL finds no usable pairing of interfaces here unless
# told to use the loopback (when the caller names none: Open MPI refuses a
# parameter given twice), and PMIx, which reads the same component path,
# would print a line for every file in it that is not a PMIx component.
case "$(mpirun --version 2>/dev/null)" in
    *"Open MPI) 5."*)
        case " $* " in
            *" btl_tcp_if_include "*) ;;
            *) extra="$extra --mca btl_tcp_if_include lo" ;;
        esac
        PMIX_MCA_mca_base_component_show_load_errors=none
        export PMIX_MCA_mca_base_component_show_load_errors
        ;;
esac
# The built-in rows (coll_swing_node_rows) are a policy over the
# algorithms: off unless the caller names the parameter, so that a test of
# shm, hier or a tree on one node or across nodes runs what it tests
# (mpi/test_node_rows.sh tests the rows).
case " $* " in
    *" coll_swing_node_rows "*) ;;
    *) extra="$extra --mca coll_swing_node_rows 0" ;;
esac
exec mpirun $extra --oversubscribe --bind-to none \
    --mca mpi_yield_when_idle 1 \
    --mca mca_base_component_path "${SWING_COMPONENT_PATH:?run through make check}" \
    "$@"
