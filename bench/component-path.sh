# SPDX-License-Identifier: BSD-3-Clause
# Sourced by the benchmark scripts (run_bench.sh, swing-tune,
# osu-compare.sh, run-modes.sh, net-calibrate.sh). mca_base_component_path
# replaces Open MPI's own component path, so a build tree's directory
# alone leaves Open MPI 4.1's mpirun without its own components (it stops
# with 'unknown option "-n"').
#
#   swing_component_path PATH SCRIPT
#
# prints PATH, with Open MPI's component directory (ompi_info --path
# pkglibdir: $OMPI_INFO, else the ompi_info beside $MPIRUN, else on PATH)
# appended when that directory holds components (mca_*; Open MPI 5 builds
# its own into libmpi), PATH does not name it, and no directory of PATH
# holds one of Open MPI's point-to-point components (mca_pml_*); it says
# so on stderr as SCRIPT.
swing_component_path() {
    _scp_info=${OMPI_INFO:-}
    if [ -z "$_scp_info" ]; then
        _scp_info=ompi_info
        case "${MPIRUN:-}" in
        */*) [ -x "$(dirname "${MPIRUN%% *}")/ompi_info" ] && _scp_info=$(dirname "${MPIRUN%% *}")/ompi_info ;;
        esac
    fi
    _scp_ompi=$("$_scp_info" --path pkglibdir --parsable 2>/dev/null | sed -n 's/^path:pkglibdir://p')
    _scp_ompi=${_scp_ompi%/}
    _scp_keep=0
    [ -n "$_scp_ompi" ] || _scp_keep=1
    case ":$1:" in *":$_scp_ompi:"*|*":$_scp_ompi/:"*) _scp_keep=1 ;; esac
    set -- "$1" "$2" "$_scp_ompi"/mca_*
    [ -e "$3" ] || _scp_keep=1
    _scp_old_ifs=$IFS
    IFS=:
    for _scp_dir in $1; do
        for _scp_f in "$_scp_dir"/mca_pml_*; do
            [ -e "$_scp_f" ] && _scp_keep=1
        done
    done
    IFS=$_scp_old_ifs
    if [ "$_scp_keep" = 1 ]; then
        printf '%s\n' "$1"
        return 0
    fi
    echo "$2: SWING_COMPONENT_PATH names none of Open MPI's own components: $_scp_ompi appended" >&2
    printf '%s:%s\n' "$1" "$_scp_ompi"
}
