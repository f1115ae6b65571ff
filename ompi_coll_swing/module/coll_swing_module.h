/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * coll/swing, module layer: what Open MPI loads (the component,
 * coll_swing_component.c) and what a communicator gets (the module:
 * query, enable, release in coll_swing_module.c; its schedules and
 * decision tables, built once at enable, in coll_swing_setup.c).
 */
#ifndef MCA_COLL_SWING_MODULE_H
#define MCA_COLL_SWING_MODULE_H

#include "coll_swing.h"

BEGIN_C_DECLS

int mca_coll_swing_init_query(bool enable_progress_threads, bool enable_mpi_threads);
mca_coll_base_module_t *mca_coll_swing_comm_query(struct ompi_communicator_t *comm, int *priority);

/* The module's topology, every planned algorithm's step list, the auto tables. */
int mca_coll_swing_setup(mca_coll_swing_module_t *module);
void mca_coll_swing_setup_free(mca_coll_swing_module_t *module);

END_C_DECLS

#endif
