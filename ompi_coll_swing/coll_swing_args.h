/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * coll/swing: the arguments of each collective's entry as the user gave
 * them. The entries (coll/) normalize them into a call and hand them,
 * unchanged, to the previous module; Open MPI's algorithms (ompi_algs/)
 * take them unchanged too (call->args).
 */
#ifndef MCA_COLL_SWING_ARGS_H
#define MCA_COLL_SWING_ARGS_H

#include "coll_swing.h"

BEGIN_C_DECLS

/*
 * The arguments of the three allreduce entries; request is NULL for the
 * blocking call, info is used by the persistent one only.
 */
typedef struct mca_coll_swing_allreduce_args_t {
    const void *sbuf;
    void *rbuf;
    int count;
    struct ompi_datatype_t *dtype;
    struct ompi_op_t *op;
    struct ompi_communicator_t *comm;
    struct ompi_info_t *info;
    ompi_request_t **request;
} mca_coll_swing_allreduce_args_t;

/* The arguments of MPI_Gather and MPI_Scatter, which have the same shape,
   and of MPI_Allgather (root -1). */
typedef struct mca_coll_swing_gs_args_t {
    const void *sbuf;
    int scount;
    struct ompi_datatype_t *sdtype;
    void *rbuf;
    int rcount;
    struct ompi_datatype_t *rdtype;
    int root;
    struct ompi_communicator_t *comm;
} mca_coll_swing_gs_args_t;

/* The arguments of the other entries. */
typedef struct mca_coll_swing_bcast_args_t {
    void *buf;
    int count;
    struct ompi_datatype_t *dtype;
    int root;
    struct ompi_communicator_t *comm;
} mca_coll_swing_bcast_args_t;

typedef struct mca_coll_swing_reduce_args_t {
    const void *sbuf;
    void *rbuf;
    int count;
    struct ompi_datatype_t *dtype;
    struct ompi_op_t *op;
    int root;
    struct ompi_communicator_t *comm;
} mca_coll_swing_reduce_args_t;

typedef struct mca_coll_swing_rs_args_t {
    const void *sbuf;
    void *rbuf;
    const int *rcounts;
    struct ompi_datatype_t *dtype;
    struct ompi_op_t *op;
    struct ompi_communicator_t *comm;
} mca_coll_swing_rs_args_t;

typedef struct mca_coll_swing_rsb_args_t {
    const void *sbuf;
    void *rbuf;
    int rcount;
    struct ompi_datatype_t *dtype;
    struct ompi_op_t *op;
    struct ompi_communicator_t *comm;
} mca_coll_swing_rsb_args_t;

typedef struct mca_coll_swing_agv_args_t {
    const void *sbuf;
    int scount;
    struct ompi_datatype_t *sdtype;
    void *rbuf;
    const int *rcounts;
    const int *displs;
    struct ompi_datatype_t *rdtype;
    struct ompi_communicator_t *comm;
} mca_coll_swing_agv_args_t;

END_C_DECLS

#endif
