/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * coll/swing: everything that differs between the Open MPI series the
 * component builds against (4.1.x and 5.0.x), and the check that the Open
 * MPI running the process is one the build may load under.
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
#include "ompi/datatype/ompi_datatype.h"
#include "ompi/group/group.h"
#include "ompi/mca/coll/coll.h"
#include "ompi/op/op.h"
#include "ompi/proc/proc.h"
#include "ompi/request/request.h"
#include "ompi/version.h"

#include "swing_version.h"

#if OMPI_MAJOR_VERSION == 4 && OMPI_MINOR_VERSION == 1

/* The coll framework accepts exactly the component API it was built with. */
#define MCA_COLL_SWING_BASE_VERSION MCA_COLL_BASE_VERSION_2_0_0
typedef mca_coll_base_component_2_0_0_t mca_coll_swing_base_component_t;

/* coll/base's sparbit allgather(v) came with 5.0 (ompi_algs/). */
#define MCA_COLL_SWING_OMPI_HAS_SPARBIT 0
/* op/avx's 8-bit sums saturate (open-mpi issue 8045): Open MPI's reductions
   decline them, swing's kernels wrap (ompi_algs/). */
#define MCA_COLL_SWING_OMPI_SUM8_SATURATES 1

static inline void mca_coll_swing_compat_comm_id(struct ompi_communicator_t *comm, char *buf,
                                                 size_t len)
{
    snprintf(buf, len, "%lx", (unsigned long) ompi_comm_get_cid(comm));
}

#elif OMPI_MAJOR_VERSION == 5 && OMPI_MINOR_VERSION == 0

#define MCA_COLL_SWING_BASE_VERSION MCA_COLL_BASE_VERSION_2_4_0
typedef mca_coll_base_component_2_4_0_t mca_coll_swing_base_component_t;

#define MCA_COLL_SWING_OMPI_HAS_SPARBIT 1
/* not known to be fixed in 5.0's op/avx: declined there too */
#define MCA_COLL_SWING_OMPI_SUM8_SATURATES 1

/* The local cid of 5.0 may differ between ranks; the extended cid does not. */
static inline void mca_coll_swing_compat_comm_id(struct ompi_communicator_t *comm, char *buf,
                                                 size_t len)
{
    ompi_comm_extended_cid_t cid = ompi_comm_get_extended_cid(comm);

    snprintf(buf, len, "%llx-%llx", (unsigned long long) cid.cid_base,
             (unsigned long long) cid.cid_sub.u64);
}

#else
#error "coll/swing builds against Open MPI 4.1.x or 5.0.x"
#endif

/*
 * 1 when the running libmpi is one this build may load under: the series
 * built against, a release of its group (SWING_OMPI_ABI_FIRST..LAST: the
 * releases whose headers are those the component was compiled with, as far
 * as it uses them; m4/swing_ompi_abi.m4), and, for every structure the
 * component shares with Open MPI, the size Open MPI's own class records
 * equal to the size in those headers: a distribution's patch or build
 * option that moves them does not show in a version number. Otherwise 0,
 * with the running version and the reason, as text, in running (the
 * caller's buffer holds 64 characters).
 */
static inline int mca_coll_swing_compat_runtime_ok(char *running, size_t len)
{
    static const struct {
        const opal_class_t *cls; /* Open MPI's, with the size it was built with */
        size_t size;             /* the same structure in this build's headers */
        const char *name;
    } shared[] = {
        { &ompi_communicator_t_class, sizeof(ompi_communicator_t), "communicator" },
        { &mca_coll_base_module_t_class, sizeof(mca_coll_base_module_t), "coll module" },
        { &ompi_op_t_class, sizeof(ompi_op_t), "op" },
        { &ompi_datatype_t_class, sizeof(ompi_datatype_t), "datatype" },
        { &ompi_group_t_class, sizeof(ompi_group_t), "group" },
        { &ompi_proc_t_class, sizeof(ompi_proc_t), "proc" },
        { &ompi_request_t_class, sizeof(ompi_request_t), "request" },
    };
    char lib[MPI_MAX_LIBRARY_VERSION_STRING];
    int n = 0, major = -1, minor = -1, release = -1;

    if (MPI_SUCCESS != PMPI_Get_library_version(lib, &n)
        || 3 != sscanf(lib, "Open MPI v%d.%d.%d", &major, &minor, &release)) {
        snprintf(running, len, "an unknown version");
        return 0;
    }
    if (OMPI_MAJOR_VERSION != major || OMPI_MINOR_VERSION != minor) {
        snprintf(running, len, "%d.%d.%d", major, minor, release);
        return 0;
    }
    if (release < SWING_OMPI_ABI_FIRST || release > SWING_OMPI_ABI_LAST) {
        snprintf(running, len, "%d.%d.%d (it loads under %d.%d.%d to %d.%d.%d only)", major, minor,
                 release, major, minor, SWING_OMPI_ABI_FIRST, major, minor, SWING_OMPI_ABI_LAST);
        return 0;
    }
    for (size_t i = 0; i < sizeof(shared) / sizeof(shared[0]); ++i) {
        if (shared[i].cls->cls_sizeof != shared[i].size) {
            snprintf(running, len, "%d.%d.%d (its %s is %zu bytes, not %zu)", major, minor, release,
                     shared[i].name, shared[i].cls->cls_sizeof, shared[i].size);
            return 0;
        }
    }
    return 1;
}

#endif
