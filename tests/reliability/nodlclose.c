/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Preloaded into MPI processes by sanitize.sh only: dlclose() does nothing,
 * so the components Open MPI unloads at MPI_Finalize keep their symbols
 * and LeakSanitizer can attribute (and suppress by module) what they leaked.
 */
int dlclose(void *handle);

int dlclose(void *handle)
{
    (void) handle;
    return 0;
}
