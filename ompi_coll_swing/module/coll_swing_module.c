/*
 * Per-communicator module: query, enable (save the previous module of
 * each collective swing serves, compute the schedules), destruction
 * (release everything).
 */
#include "coll_swing_module.h"
#include "coll_swing_coll.h"
#include "coll_swing_decide.h"
#include "coll_swing_seg.h"

#include <stdlib.h>
#include <string.h>

#include "opal/util/output.h"

static int swing_module_enable(mca_coll_base_module_t *module,
                               struct ompi_communicator_t *comm);

static void swing_module_construct(mca_coll_swing_module_t *m)
{
    m->comm = NULL;
    m->prev_allreduce = NULL;
    m->prev_allreduce_module = NULL;
    m->prev_iallreduce = NULL;
    m->prev_iallreduce_module = NULL;
    m->prev_allreduce_init = NULL;
    m->prev_allreduce_init_module = NULL;
    m->nb_seq = 0;
    m->nb_persistent_seq = 0;
    m->nb_seg_head = m->nb_seg_tail = NULL;
    m->prev_reduce_scatter_block = NULL;
    m->prev_reduce_scatter_block_module = NULL;
    m->prev_reduce_scatter = NULL;
    m->prev_reduce_scatter_module = NULL;
    m->prev_allgather = NULL;
    m->prev_allgather_module = NULL;
    m->prev_allgatherv = NULL;
    m->prev_allgatherv_module = NULL;
    m->disp = NULL;
    memset(m->algorithm, 0, sizeof(m->algorithm));
    memset(m->plans, 0, sizeof(m->plans));
    memset(m->rows, 0, sizeof(m->rows));
    memset(m->nrows, 0, sizeof(m->nrows));
    m->scratch = NULL;
    m->scratch_size = 0;
    m->shm = NULL;
    m->shm_state = 0;
    m->hier = NULL;
    m->hier_state = 0;
}

static void swing_release(mca_coll_base_module_t **prev)
{
    if (NULL != *prev) {
        OBJ_RELEASE(*prev);
        *prev = NULL;
    }
}

/* Keeps (a reference to) the previous module of a collective; 0 when none. */
static int swing_keep(mca_coll_base_module_t **keep, mca_coll_base_module_t *prev,
                      const void *fn)
{
    if (NULL == fn || NULL == prev) {
        return 0;
    }
    *keep = prev;
    OBJ_RETAIN(prev);
    return 1;
}

static void swing_module_destruct(mca_coll_swing_module_t *m)
{
    mca_coll_swing_setup_free(m);
    mca_coll_swing_shm_release(m);
    mca_coll_swing_hier_release(m);
    free(m->scratch);
    m->scratch = NULL;
    /* the references taken in enable */
    swing_release(&m->prev_allreduce_module);
    swing_release(&m->prev_iallreduce_module);
    swing_release(&m->prev_allreduce_init_module);
    swing_release(&m->prev_reduce_scatter_block_module);
    swing_release(&m->prev_reduce_scatter_module);
    swing_release(&m->prev_allgather_module);
    swing_release(&m->prev_allgatherv_module);
}

OBJ_CLASS_INSTANCE(mca_coll_swing_module_t, mca_coll_base_module_t,
                   swing_module_construct, swing_module_destruct);

int mca_coll_swing_init_query(bool enable_progress_threads, bool enable_mpi_threads)
{
    (void) enable_progress_threads;
    (void) enable_mpi_threads;
    return OMPI_SUCCESS;
}

mca_coll_base_module_t *mca_coll_swing_comm_query(struct ompi_communicator_t *comm,
                                                  int *priority)
{
    mca_coll_swing_module_t *m;

    if (mca_coll_swing_params.priority <= 0 || OMPI_COMM_IS_INTER(comm)
        || ompi_comm_size(comm) < 2) {
        return NULL;
    }
    m = OBJ_NEW(mca_coll_swing_module_t);
    if (NULL == m) {
        return NULL;
    }
    m->super.coll_module_enable = swing_module_enable;
    m->super.coll_allreduce = mca_coll_swing_allreduce;
    m->super.coll_iallreduce = mca_coll_swing_iallreduce;
    m->super.coll_allreduce_init = mca_coll_swing_allreduce_init;
    m->super.coll_reduce_scatter_block = mca_coll_swing_reduce_scatter_block;
    m->super.coll_reduce_scatter = mca_coll_swing_reduce_scatter;
    m->super.coll_allgather = mca_coll_swing_allgather;
    m->super.coll_allgatherv = mca_coll_swing_allgatherv;
    memcpy(m->algorithm, mca_coll_swing_params.algorithm, sizeof(m->algorithm));
    *priority = mca_coll_swing_params.priority;
    return &m->super;
}

static int swing_module_enable(mca_coll_base_module_t *module,
                               struct ompi_communicator_t *comm)
{
    mca_coll_swing_module_t *m = (mca_coll_swing_module_t *) module;
    static int warned_no_prev = 0;
    int rc;

    if (NULL == comm->c_coll->coll_allreduce
        || NULL == comm->c_coll->coll_allreduce_module) {
        mca_coll_swing_warn_once(&warned_no_prev, 0, "unavailable",
            "no other component provides MPI_Allreduce on communicator %s; swing disabled there",
            comm->c_name);
        return OMPI_ERR_NOT_SUPPORTED;
    }
    m->comm = comm;
    m->prev_allreduce = comm->c_coll->coll_allreduce;
    m->prev_allreduce_module = comm->c_coll->coll_allreduce_module;
    OBJ_RETAIN(m->prev_allreduce_module);
    /* a collective nobody else provides stays with nobody: ours is not installed */
    m->prev_iallreduce = comm->c_coll->coll_iallreduce;
    if (!swing_keep(&m->prev_iallreduce_module, comm->c_coll->coll_iallreduce_module,
                    (const void *) m->prev_iallreduce)) {
        m->super.coll_iallreduce = NULL;
    }
    m->prev_allreduce_init = comm->c_coll->coll_allreduce_init;
    if (!swing_keep(&m->prev_allreduce_init_module, comm->c_coll->coll_allreduce_init_module,
                    (const void *) m->prev_allreduce_init)) {
        m->super.coll_allreduce_init = NULL;
    }
    m->prev_reduce_scatter_block = comm->c_coll->coll_reduce_scatter_block;
    if (!swing_keep(&m->prev_reduce_scatter_block_module,
                    comm->c_coll->coll_reduce_scatter_block_module,
                    (const void *) m->prev_reduce_scatter_block)) {
        m->super.coll_reduce_scatter_block = NULL;
    }
    m->prev_reduce_scatter = comm->c_coll->coll_reduce_scatter;
    if (!swing_keep(&m->prev_reduce_scatter_module, comm->c_coll->coll_reduce_scatter_module,
                    (const void *) m->prev_reduce_scatter)) {
        m->super.coll_reduce_scatter = NULL;
    }
    m->prev_allgather = comm->c_coll->coll_allgather;
    if (!swing_keep(&m->prev_allgather_module, comm->c_coll->coll_allgather_module,
                    (const void *) m->prev_allgather)) {
        m->super.coll_allgather = NULL;
    }
    m->prev_allgatherv = comm->c_coll->coll_allgatherv;
    if (!swing_keep(&m->prev_allgatherv_module, comm->c_coll->coll_allgatherv_module,
                    (const void *) m->prev_allgatherv)) {
        m->super.coll_allgatherv = NULL;
    }

    rc = mca_coll_swing_setup(m);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    opal_output_verbose(2, mca_coll_swing_params.output,
                        "coll:swing: communicator %s (%d ranks): algorithm %s",
                        comm->c_name, ompi_comm_size(comm),
                        mca_coll_swing_algs[m->algorithm[MCA_COLL_SWING_ALLREDUCE]].name);
    return OMPI_SUCCESS;
}
