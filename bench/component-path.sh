# SPDX-License-Identifier: BSD-3-Clause
# Sourced by the benchmark scripts (run_bench.sh, osu-compare.sh,
# run-modes.sh, net-calibrate.sh). mca_base_component_path replaces Open
# MPI's own component path, so a build tree's directory alone leaves
# mpirun without its own components (it stops with 'unknown option "-n"').
#
#   swing_component_path PATH SCRIPT
#
# prints PATH, with Open MPI's component directory (ompi_info --path
# pkglibdir; $OMPI_INFO) appended when no directory of PATH holds one of
# Open MPI's point-to-point components, and says so on stderr as SCRIPT.
swing_component_path() {
    _scp_path=$1
    _scp_old_ifs=$IFS
    IFS=:
    for _scp_dir in $_scp_path; do
        for _scp_f in "$_scp_dir"/mca_pml_*; do
            if [ -e "$_scp_f" ]; then
                IFS=$_scp_old_ifs
                printf '%s\n' "$_scp_path"
                return 0
            fi
        done
    done
    IFS=$_scp_old_ifs
    _scp_ompi=$(${OMPI_INFO:-ompi_info} --path pkglibdir --parsable 2>/dev/null | sed -n 's/^path:pkglibdir://p')
    if [ -z "$_scp_ompi" ]; then
        printf '%s\n' "$_scp_path"
        return 0
    fi
    echo "$2: SWING_COMPONENT_PATH names none of Open MPI's own components: $_scp_ompi appended" >&2
    printf '%s:%s\n' "$_scp_path" "$_scp_ompi"
}
