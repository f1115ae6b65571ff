/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * coll/swing, entry layer: the one shape every collective entry point
 * shares. A collective supplies its id (its algorithm table in decide/,
 * its counters), how to normalize its user arguments into a call (or say
 * why swing cannot run it), and how to hand them unchanged to the previous
 * module; mca_coll_swing_dispatch does the rest in the same order for all:
 * normalize, decide, count, execute, fall back to message passing or to
 * the previous module.
 */
#ifndef MCA_COLL_SWING_COLL_H
#define MCA_COLL_SWING_COLL_H

#include "coll_swing.h"
#include "coll_swing_args.h"

BEGIN_C_DECLS

typedef struct mca_coll_swing_coll_t {
    int id;         /* mca_coll_swing_coll_id_t: its table and counters */
    int persistent; /* the call builds a request MPI_Start runs */
    /* Fills call from args; 0 when swing cannot run them, with
       call->fallback saying why. */
    int (*normalize)(const void *args, mca_coll_swing_call_t *call);
    /* The call, unchanged, to the previous module. */
    int (*previous)(const void *args, mca_coll_swing_module_t *module);
} mca_coll_swing_coll_t;

int mca_coll_swing_dispatch(const mca_coll_swing_coll_t *coll, const void *args,
                            struct ompi_communicator_t *comm, mca_coll_swing_module_t *module);

/* Normalizes any allreduce form (coll/coll_swing_allreduce.c). */
int mca_coll_swing_allreduce_normalize(const void *args, mca_coll_swing_call_t *call);

/* MPI_Allreduce (coll/coll_swing_allreduce.c), installed by the module. */
int mca_coll_swing_allreduce(const void *sbuf, void *rbuf, int count, struct ompi_datatype_t *dtype,
                             struct ompi_op_t *op, struct ompi_communicator_t *comm,
                             mca_coll_base_module_t *module);
/* MPI_Iallreduce (coll/coll_swing_iallreduce.c). */
int mca_coll_swing_iallreduce(const void *sbuf, void *rbuf, int count,
                              struct ompi_datatype_t *dtype, struct ompi_op_t *op,
                              struct ompi_communicator_t *comm, ompi_request_t **request,
                              mca_coll_base_module_t *module);
/* MPI_Allreduce_init, MPIX_Allreduce_init on 4.1 (coll/coll_swing_allreduce_init.c). */
int mca_coll_swing_allreduce_init(const void *sbuf, void *rbuf, int count,
                                  struct ompi_datatype_t *dtype, struct ompi_op_t *op,
                                  struct ompi_communicator_t *comm, struct ompi_info_t *info,
                                  ompi_request_t **request, mca_coll_base_module_t *module);

/* Entries of the other collectives, installed by the module. */
int mca_coll_swing_reduce_scatter_block(const void *sbuf, void *rbuf, int rcount,
                                        struct ompi_datatype_t *dtype, struct ompi_op_t *op,
                                        struct ompi_communicator_t *comm,
                                        mca_coll_base_module_t *module);
int mca_coll_swing_reduce_scatter(const void *sbuf, void *rbuf, const int *rcounts,
                                  struct ompi_datatype_t *dtype, struct ompi_op_t *op,
                                  struct ompi_communicator_t *comm, mca_coll_base_module_t *module);
int mca_coll_swing_allgather(const void *sbuf, int scount, struct ompi_datatype_t *sdtype,
                             void *rbuf, int rcount, struct ompi_datatype_t *rdtype,
                             struct ompi_communicator_t *comm, mca_coll_base_module_t *module);
int mca_coll_swing_allgatherv(const void *sbuf, int scount, struct ompi_datatype_t *sdtype,
                              void *rbuf, const int *rcounts, const int *displs,
                              struct ompi_datatype_t *rdtype, struct ompi_communicator_t *comm,
                              mca_coll_base_module_t *module);

/* The rooted collectives (coll/coll_swing_bcast.c, _reduce.c, _gather.c, _scatter.c). */
int mca_coll_swing_bcast(void *buf, int count, struct ompi_datatype_t *dtype, int root,
                         struct ompi_communicator_t *comm, mca_coll_base_module_t *module);
int mca_coll_swing_reduce(const void *sbuf, void *rbuf, int count, struct ompi_datatype_t *dtype,
                          struct ompi_op_t *op, int root, struct ompi_communicator_t *comm,
                          mca_coll_base_module_t *module);
int mca_coll_swing_gather(const void *sbuf, int scount, struct ompi_datatype_t *sdtype, void *rbuf,
                          int rcount, struct ompi_datatype_t *rdtype, int root,
                          struct ompi_communicator_t *comm, mca_coll_base_module_t *module);
int mca_coll_swing_scatter(const void *sbuf, int scount, struct ompi_datatype_t *sdtype, void *rbuf,
                           int rcount, struct ompi_datatype_t *rdtype, int root,
                           struct ompi_communicator_t *comm, mca_coll_base_module_t *module);

/* Normalizing helpers (coll/coll_swing_normalize.c). */
/*
 * A gather's (gather 1) or scatter's call as bytes: the root's p blocks
 * (its receive or send side) in call->all, this rank's block in
 * call->mine (an in-place root's: its block of call->all), the block's
 * size from this rank's side of the call.
 */
void mca_coll_swing_normalize_gs(const mca_coll_swing_gs_args_t *a, mca_coll_swing_call_t *call,
                                 int gather);
/* A rooted call: its root, and whether it is this rank. */
void mca_coll_swing_normalize_rooted(mca_coll_swing_call_t *call, int root);
/* A gather's or scatter's vector of p blocks of block bytes each, moved as
   bytes; rbuf and sbuf are the algorithm's (the user's are call->mine, all). */
void mca_coll_swing_normalize_blocks(mca_coll_swing_call_t *call, size_t block);
int mca_coll_swing_normalize_type(mca_coll_swing_call_t *call, size_t count,
                                  struct ompi_datatype_t *dtype, struct ompi_op_t *op);
int mca_coll_swing_normalize_bytes(struct ompi_datatype_t *dtype, size_t n, size_t *unit,
                                   ptrdiff_t *true_lb);
int mca_coll_swing_normalize_reduce(mca_coll_swing_call_t *call, const void *sbuf, void *rbuf,
                                    size_t count, struct ompi_datatype_t *dtype,
                                    struct ompi_op_t *op);
int mca_coll_swing_normalize_gather(mca_coll_swing_call_t *call, const void *sbuf, int scount,
                                    struct ompi_datatype_t *sdtype, void *rbuf,
                                    struct ompi_datatype_t *rdtype, size_t mine, size_t most);

END_C_DECLS

#endif
