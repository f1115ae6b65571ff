/*
 * Per-communicator module: query, enable (save the previous allreduce,
 * iallreduce and allreduce_init, compute the schedules), destruction
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
    memset(m->algorithm, 0, sizeof(m->algorithm));
    memset(m->plans, 0, sizeof(m->plans));
    m->scratch = NULL;
    m->scratch_size = 0;
    m->shm = NULL;
    m->shm_state = 0;
    m->hier = NULL;
    m->hier_state = 0;
}

static void swing_module_destruct(mca_coll_swing_module_t *m)
{
    mca_coll_swing_setup_free(m);
    mca_coll_swing_shm_release(m);
    mca_coll_swing_hier_release(m);
    free(m->scratch);
    m->scratch = NULL;
    /* the references taken in enable */
    if (NULL != m->prev_allreduce_module) {
        OBJ_RELEASE(m->prev_allreduce_module);
        m->prev_allreduce_module = NULL;
    }
    if (NULL != m->prev_iallreduce_module) {
        OBJ_RELEASE(m->prev_iallreduce_module);
        m->prev_iallreduce_module = NULL;
    }
    if (NULL != m->prev_allreduce_init_module) {
        OBJ_RELEASE(m->prev_allreduce_init_module);
        m->prev_allreduce_init_module = NULL;
    }
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
    /* the nonblocking forms only where another module can take what swing declines */
    if (NULL != comm->c_coll->coll_iallreduce && NULL != comm->c_coll->coll_iallreduce_module) {
        m->prev_iallreduce = comm->c_coll->coll_iallreduce;
        m->prev_iallreduce_module = comm->c_coll->coll_iallreduce_module;
        OBJ_RETAIN(m->prev_iallreduce_module);
    } else {
        m->super.coll_iallreduce = NULL;
    }
    if (NULL != comm->c_coll->coll_allreduce_init
        && NULL != comm->c_coll->coll_allreduce_init_module) {
        m->prev_allreduce_init = comm->c_coll->coll_allreduce_init;
        m->prev_allreduce_init_module = comm->c_coll->coll_allreduce_init_module;
        OBJ_RETAIN(m->prev_allreduce_init_module);
    } else {
        m->super.coll_allreduce_init = NULL;
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
