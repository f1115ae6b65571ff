#!/bin/sh
# mpirun for the test suite: the component under test, oversubscription
# allowed (2-core machines), root allowed, quiet about the rest.
extra=""
if [ "$(id -u)" = 0 ]; then
    extra="--allow-run-as-root"
fi
exec mpirun $extra --oversubscribe --bind-to none \
    --mca mpi_yield_when_idle 1 \
    --mca mca_base_component_path "${SWING_COMPONENT_PATH:?run through make check}" \
    "$@"
