# SPDX-License-Identifier: BSD-3-Clause
# Shell helpers sourced by the reliability scripts.

# ompi_info with the component under test; an ASan-instrumented component
# can only be loaded with the ASan runtime preloaded.
rel_ompi_info() {
    so="${SWING_COMPONENT_PATH%%:*}/mca_coll_swing.so"
    if ldd "$so" 2>/dev/null | grep -q libasan; then
        env LD_PRELOAD="$(gcc -print-file-name=libasan.so)" ASAN_OPTIONS=detect_leaks=0 \
            OMPI_MCA_mca_base_component_path="$SWING_COMPONENT_PATH" ompi_info "$@"
    else
        env OMPI_MCA_mca_base_component_path="$SWING_COMPONENT_PATH" ompi_info "$@"
    fi
}
