/*
 * coll/swing: everything that differs between the Open MPI series the
 * component builds against (4.1.x and 5.0.x), and the check that the Open
 * MPI running the process is the release the build was made for.
 *
 * The rest of the component uses only what is defined here and what both
 * series share (OPAL_PROC_MY_NAME, OMPI_DECLSPEC, the coll module
 * interface).
 */
#ifndef MCA_COLL_SWING_COMPAT_H
#define MCA_COLL_SWING_COMPAT_H

#include "ompi_config.h"

#include <stdio.h>

#include "mpi.h"
#include "ompi/communicator/communicator.h"
#include "ompi/mca/coll/coll.h"
#include "ompi/version.h"

#include "swing_version.h"

#if OMPI_MAJOR_VERSION == 4 && OMPI_MINOR_VERSION == 1

/* The coll framework accepts exactly the component API it was built with. */
#define MCA_COLL_SWING_BASE_VERSION MCA_COLL_BASE_VERSION_2_0_0
typedef mca_coll_base_component_2_0_0_t mca_coll_swing_base_component_t;

static inline void mca_coll_swing_compat_comm_id(struct ompi_communicator_t *comm,
                                                 char *buf, size_t len)
{
    snprintf(buf, len, "%lx", (unsigned long) ompi_comm_get_cid(comm));
}

#elif OMPI_MAJOR_VERSION == 5 && OMPI_MINOR_VERSION == 0

#define MCA_COLL_SWING_BASE_VERSION MCA_COLL_BASE_VERSION_2_4_0
typedef mca_coll_base_component_2_4_0_t mca_coll_swing_base_component_t;

/* The local cid of 5.0 may differ between ranks; the extended cid does not. */
static inline void mca_coll_swing_compat_comm_id(struct ompi_communicator_t *comm,
                                                 char *buf, size_t len)
{
    ompi_comm_extended_cid_t cid = ompi_comm_get_extended_cid(comm);

    snprintf(buf, len, "%llx-%llx", (unsigned long long) cid.cid_base,
             (unsigned long long) cid.cid_sub.u64);
}

#else
#error "coll/swing builds against Open MPI 4.1.x or 5.0.x"
#endif

/*
 * 1 when the running libmpi is the release whose headers this build used.
 * Exact release, not only the series: the component shares Open MPI's
 * internal structures (module, communicator), and those change within a
 * series (5.0.10's coll module has a field 5.0.7's lacks). Otherwise 0,
 * with the running version, as text, in running.
 */
static inline int mca_coll_swing_compat_runtime_ok(char *running, size_t len)
{
    char lib[MPI_MAX_LIBRARY_VERSION_STRING];
    int n = 0, major = -1, minor = -1, release = -1;

    if (MPI_SUCCESS != PMPI_Get_library_version(lib, &n)
        || 3 != sscanf(lib, "Open MPI v%d.%d.%d", &major, &minor, &release)) {
        snprintf(running, len, "an unknown version");
        return 0;
    }
    snprintf(running, len, "%d.%d.%d", major, minor, release);
    return OMPI_MAJOR_VERSION == major && OMPI_MINOR_VERSION == minor
           && OMPI_RELEASE_VERSION == release;
}

#endif
