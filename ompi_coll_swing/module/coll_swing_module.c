/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Per-communicator module: query, enable (save the previous module of
 * each collective swing implements, compute the schedules), destruction
 * (release everything).
 */
#include "coll_swing_module.h"
#include "coll_swing_coll.h"
#include "coll_swing_decide.h"
#include "coll_swing_shm_segment.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ompi/mca/coll/base/coll_base_functions.h"
#include "opal/util/output.h"

static int swing_module_enable(mca_coll_base_module_t *module, struct ompi_communicator_t *comm);

/* Any function of a module's table, as the table's rows hold it. */
typedef void (*swing_fn_t)(void);

/*
 * A collective swing implements: where its function sits in a module
 * (mca_coll_base_module_t) and in a communicator's c_coll
 * (mca_coll_base_comm_coll_t, with the module providing it), and swing's
 * entry. The module keeps the previous function and module at the same
 * places of its own c_coll, prev.
 */
typedef struct swing_slot_t {
    size_t fn;          /* in mca_coll_base_module_t */
    size_t prev_fn;     /* in mca_coll_base_comm_coll_t */
    size_t prev_module; /* in mca_coll_base_comm_coll_t */
    swing_fn_t entry;
    int required; /* SWING_REQUIRED: swing needs the previous one */
} swing_slot_t;

#define SWING_OPTIONAL 0 /* no previous one: ours is not installed either */
#define SWING_REQUIRED 1 /* no previous one: swing is not enabled */

/* The row of coll_<coll>; _Generic refuses an entry of another type. */
#define SWING_SLOT(coll, need)                                                  \
    {                                                                           \
        offsetof(mca_coll_base_module_t, coll_##coll),                          \
            offsetof(mca_coll_base_comm_coll_t, coll_##coll),                   \
            offsetof(mca_coll_base_comm_coll_t, coll_##coll##_module),          \
            _Generic(&mca_coll_swing_##coll, mca_coll_base_module_##coll##_fn_t \
                     : (swing_fn_t) mca_coll_swing_##coll),                     \
            need                                                                \
    }

/* By collective id (base/coll_swing_base.h); adding a collective adds its row. */
static const swing_slot_t swing_slots[] = {
    [MCA_COLL_SWING_ALLREDUCE] = SWING_SLOT(allreduce, SWING_REQUIRED),
    [MCA_COLL_SWING_IALLREDUCE] = SWING_SLOT(iallreduce, SWING_OPTIONAL),
    [MCA_COLL_SWING_ALLREDUCE_INIT] = SWING_SLOT(allreduce_init, SWING_OPTIONAL),
    [MCA_COLL_SWING_REDUCE_SCATTER_BLOCK] = SWING_SLOT(reduce_scatter_block, SWING_OPTIONAL),
    [MCA_COLL_SWING_REDUCE_SCATTER] = SWING_SLOT(reduce_scatter, SWING_OPTIONAL),
    [MCA_COLL_SWING_ALLGATHER] = SWING_SLOT(allgather, SWING_OPTIONAL),
    [MCA_COLL_SWING_ALLGATHERV] = SWING_SLOT(allgatherv, SWING_OPTIONAL),
    [MCA_COLL_SWING_BCAST] = SWING_SLOT(bcast, SWING_OPTIONAL),
    [MCA_COLL_SWING_REDUCE] = SWING_SLOT(reduce, SWING_OPTIONAL),
    [MCA_COLL_SWING_GATHER] = SWING_SLOT(gather, SWING_OPTIONAL),
    [MCA_COLL_SWING_SCATTER] = SWING_SLOT(scatter, SWING_OPTIONAL),
};

_Static_assert(sizeof(swing_slots) / sizeof(swing_slots[0]) == MCA_COLL_SWING_NCOLLS,
               "a row of swing_slots per collective");

/* Function pointers are copied as bytes: the slots' types differ. */
static swing_fn_t swing_fn_at(const void *table, size_t offset)
{
    swing_fn_t fn;

    memcpy(&fn, (const char *) table + offset, sizeof(fn));
    return fn;
}

static void swing_set_fn(void *table, size_t offset, swing_fn_t fn)
{
    memcpy((char *) table + offset, &fn, sizeof(fn));
}

static mca_coll_base_module_t **swing_module_at(void *table, size_t offset)
{
    return (mca_coll_base_module_t **) ((char *) table + offset);
}

static int swing_provided(const swing_slot_t *slot, mca_coll_base_comm_coll_t *c_coll)
{
    return NULL != swing_fn_at(c_coll, slot->prev_fn)
           && NULL != *swing_module_at(c_coll, slot->prev_module);
}

static void swing_module_construct(mca_coll_swing_module_t *m)
{
    m->comm = NULL;
    m->ompi_inner = 0;
    memset(&m->prev, 0, sizeof(m->prev));
    m->nb_seq = 0;
    m->nb_persistent_seq = 0;
    m->nb_shm_head = m->nb_shm_tail = NULL;
    m->disp = NULL;
    memset(m->algorithm, 0, sizeof(m->algorithm));
    memset(m->plans, 0, sizeof(m->plans));
    m->topo = NULL;
    m->tree_model = NULL;
    memset(m->trees, 0, sizeof(m->trees));
    memset(m->rows, 0, sizeof(m->rows));
    memset(m->nrows, 0, sizeof(m->nrows));
    m->scratch = NULL;
    m->scratch_size = 0;
    m->scratch_agreed = 0;
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
    for (int id = 0; id < MCA_COLL_SWING_NCOLLS; ++id) {
        mca_coll_base_module_t **prev = swing_module_at(&m->prev, swing_slots[id].prev_module);

        if (NULL != *prev) {
            OBJ_RELEASE(*prev);
            *prev = NULL;
        }
    }
}

OBJ_CLASS_INSTANCE(mca_coll_swing_module_t, mca_coll_base_module_t, swing_module_construct,
                   swing_module_destruct);

int mca_coll_swing_init_query(bool enable_progress_threads, bool enable_mpi_threads)
{
    (void) enable_progress_threads;
    (void) enable_mpi_threads;
    return OMPI_SUCCESS;
}

mca_coll_base_module_t *mca_coll_swing_comm_query(struct ompi_communicator_t *comm, int *priority)
{
    mca_coll_swing_module_t *m = NULL;

    if (mca_coll_swing_params.priority <= 0 || OMPI_COMM_IS_INTER(comm)
        || ompi_comm_size(comm) < 2) {
        return NULL;
    }
    /*
     * A rank that falls back alone would leave its peers to swing's schedules
     * while it runs another component's, and the communicator cannot
     * communicate yet to agree: a failed allocation (fault point setup) is
     * tried again once at once. Not covered: two in a row (docs/TESTING.md).
     */
    for (int tries = 0; tries < 2 && NULL == m; ++tries) {
        m = mca_coll_swing_fault(MCA_COLL_SWING_FAULT_SETUP) ? NULL
                                                             : OBJ_NEW(mca_coll_swing_module_t);
    }
    if (NULL == m) {
        return NULL;
    }
    m->super.coll_module_enable = swing_module_enable;
    for (int id = 0; id < MCA_COLL_SWING_NCOLLS; ++id) {
        swing_set_fn(&m->super, swing_slots[id].fn, swing_slots[id].entry);
    }
    memcpy(m->algorithm, mca_coll_swing_params.algorithm, sizeof(m->algorithm));
    *priority = mca_coll_swing_params.priority;
    return &m->super;
}

static int swing_module_enable(mca_coll_base_module_t *module, struct ompi_communicator_t *comm)
{
    mca_coll_swing_module_t *m = (mca_coll_swing_module_t *) module;
    static int warned_no_prev = 0;
    int rc;

    for (int id = 0; id < MCA_COLL_SWING_NCOLLS; ++id) {
        if (SWING_REQUIRED == swing_slots[id].required
            && !swing_provided(&swing_slots[id], comm->c_coll)) {
            mca_coll_swing_warn_once(
                &warned_no_prev, 0, "unavailable",
                "no other component provides %s on communicator %s; swing disabled there",
                mca_coll_swing_tables[id].call, comm->c_name);
            return OMPI_ERR_NOT_SUPPORTED;
        }
    }
    m->comm = comm;
    for (int id = 0; id < MCA_COLL_SWING_NCOLLS; ++id) {
        const swing_slot_t *slot = &swing_slots[id];
        mca_coll_base_module_t **prev = swing_module_at(&m->prev, slot->prev_module);

        /* a collective nobody else provides stays with nobody: ours is not installed */
        if (!swing_provided(slot, comm->c_coll)) {
            swing_set_fn(&m->super, slot->fn, NULL);
            continue;
        }
        swing_set_fn(&m->prev, slot->prev_fn, swing_fn_at(comm->c_coll, slot->prev_fn));
        *prev = *swing_module_at(comm->c_coll, slot->prev_module);
        OBJ_RETAIN(*prev);
    }

    /*
     * Open MPI's algorithms (ompi_algs/coll_swing_ompi_algs.c) cache their trees
     * and requests in the module's base_data, as coll/tuned's module sets it
     * up at enable; the base module's destructor releases it.
     */
    for (int tries = 0; tries < 2 && NULL == m->super.base_data; ++tries) {
        m->super.base_data = mca_coll_swing_fault(MCA_COLL_SWING_FAULT_SETUP)
                                 ? NULL
                                 : OBJ_NEW(mca_coll_base_comm_t);
    }
    if (NULL == m->super.base_data) {
        return OMPI_ERR_OUT_OF_RESOURCE;
    }
    /* as at query: a failed allocation is tried again once (the setup is local) */
    rc = mca_coll_swing_setup(m);
    if (OMPI_ERR_OUT_OF_RESOURCE == rc) {
        rc = mca_coll_swing_setup(m);
    }
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    opal_output_verbose(2, mca_coll_swing_params.output,
                        "coll:swing: communicator %s (%d ranks): algorithm %s", comm->c_name,
                        ompi_comm_size(comm),
                        mca_coll_swing_algs[m->algorithm[MCA_COLL_SWING_ALLREDUCE]].name);
    return OMPI_SUCCESS;
}
