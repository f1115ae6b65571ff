/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The entry shape of every collective (coll_swing_coll.h):
 *
 *   inner     a call made by one of Open MPI's composed algorithms (an
 *             allgather's gather and broadcast, ...) goes, unchanged and
 *             uncounted, to the previous module, as under tuned
 *             (ompi_algs/coll_swing_ompi_algs.c)
 *   normalize the collective turns its arguments into a call (buffers,
 *             in place, element type); a call swing cannot run goes,
 *             unchanged, to the previous module, with one message at
 *             verbose 1
 *   decide    the forced algorithm, or auto's choice for the size; a
 *             measured table's row "previous" hands the call, unchanged,
 *             to the previous module (counted as <collective>_previous)
 *   count     the MPI_T counters: served, per algorithm
 *   execute   the algorithm's executor on the module's plan
 *   fallback  an executor that cannot run this call (shm across nodes,
 *             ...) says so before communicating (MCA_COLL_SWING_FALLBACK);
 *             the call runs on the message-passing schedule auto would
 *             use (swing_fallback_alg), counted as that one, with one
 *             warning per job; or, when every rank agreed that one could
 *             not grow its scratch (transport/coll_swing_agree.h), on the
 *             previous module (swing_fallback_previous), counted as a
 *             fallback
 *   outcome   with coll_swing_agree_outcome, a call ends with an agreement
 *             on its outcome: an error on every rank when one rank's
 *             failed (blocking: transport/coll_swing_agree.h; a request
 *             completes after it: engine/coll_swing_nb.h)
 *   errors    a call that ends with an error on this rank is counted
 *             (<collective>_error; a nonblocking one when its request
 *             completes)
 *
 * A nonblocking or persistent call takes the same path with the rows'
 * nonblocking executors: the executor returns with the request in
 * *call->request (started, or built for MPI_Start), and a zero count still
 * gets one. A row without one (multiport, ring) falls back as above;
 * Open MPI's rows (blocking only) hand it to the previous module, whose
 * nonblocking forms they are.
 */
#include "coll_swing_coll.h"
#include "coll_swing_agree.h"
#include "coll_swing_decide.h"

#include "opal/util/output.h"

static int swing_fallback_previous(const mca_coll_swing_coll_t *coll, const void *args,
                                   const mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    mca_coll_swing_warn_once(&call->fallback->warned, 1, "unavailable",
                             "%s on %s handed to the previous module: %s",
                             mca_coll_swing_tables[coll->id].call, call->comm->c_name,
                             call->fallback->why);
    mca_coll_swing_count(&mca_coll_swing_counters.coll[coll->id].fallback, 1);
    return coll->previous(args, m);
}

static int swing_fallback_alg(const mca_coll_swing_coll_t *coll, mca_coll_swing_call_t *call,
                              mca_coll_swing_module_t *m, int from, int id)
{
    const mca_coll_swing_table_t *t = &mca_coll_swing_tables[coll->id];
    mca_coll_swing_coll_counters_t *ctr = &mca_coll_swing_counters.coll[coll->id];

    /* every rank: warn_once prints from world rank 0 only, whatever its rank here */
    mca_coll_swing_warn_once(&call->fallback->warned, 0, "warning",
                             "%s %s not possible on %s (%s); using %s", t->algs[from].name, t->name,
                             call->comm->c_name, call->fallback->why, t->algs[id].name);
    mca_coll_swing_count(&ctr->served[from], -1);
    mca_coll_swing_count(&ctr->served[id], 1);
    call->plan = (t->algs[id].plan >= 0) ? &m->plans[t->algs[id].plan] : NULL;
    call->ompi = t->algs[id].ompi;
    if (t->algs[id].tree) {
        mca_coll_swing_decide_tree(m, coll->id, id, call);
    }
    return mca_coll_swing_exec_of(t, &t->algs[id])(call, m);
}

int mca_coll_swing_dispatch(const mca_coll_swing_coll_t *coll, const void *args,
                            struct ompi_communicator_t *comm, mca_coll_swing_module_t *m)
{
    static mca_coll_swing_fallback_t blocking_only = {
        0, "it has no nonblocking form: blocking calls only"
    };
#define SWING_OMPI_BLOCKING                                \
    {                                                      \
        0, "Open MPI's algorithms run blocking calls only" \
    }
    /* the collectives whose rows have no executor: the nonblocking ones */
    static mca_coll_swing_fallback_t ompi_blocking[MCA_COLL_SWING_NCOLLS] = {
        [MCA_COLL_SWING_IALLREDUCE] = SWING_OMPI_BLOCKING,
        [MCA_COLL_SWING_ALLREDUCE_INIT] = SWING_OMPI_BLOCKING
    };
    const mca_coll_swing_table_t *t = &mca_coll_swing_tables[coll->id];
    mca_coll_swing_coll_counters_t *ctr = &mca_coll_swing_counters.coll[coll->id];
    mca_coll_swing_call_t call = { .comm = comm,
                                   .fallback = NULL,
                                   .persistent = coll->persistent,
                                   .coll = coll->id,
                                   .args = args };
    const mca_coll_swing_alg_t *alg;
    mca_coll_swing_exec_fn_t exec;
    int id, rc;

    if (m->ompi_inner) {
        /* a part of one of Open MPI's composed algorithms: Open MPI's, not counted */
        return coll->previous(args, m);
    }
    if (!coll->normalize(args, &call)) {
        return swing_fallback_previous(coll, args, &call, m);
    }
    id = mca_coll_swing_decide(m, coll->id, call.bytes);
    if (MCA_COLL_SWING_PREVIOUS == id) {
        /* a measured row found the previous module fastest at this size */
        mca_coll_swing_count(&ctr->previous, 1);
        if (mca_coll_swing_params.verbose >= 3) {
            opal_output(mca_coll_swing_params.output,
                        "coll:swing: %s of %zu bytes on %s: "
                        "previous (measured table)",
                        t->name, call.bytes, comm->c_name);
        }
        return coll->previous(args, m);
    }
    alg = &t->algs[id];
    exec = mca_coll_swing_exec_of(t, alg);
    if (NULL == exec && alg->ompi) {
        /* Open MPI's algorithms are blocking; its own module has the
           nonblocking forms. Forced: one warning, then the fallback's
           message is the same one. */
        call.fallback = &ompi_blocking[coll->id];
        mca_coll_swing_warn_once(&call.fallback->warned, 0, "warning",
                                 "%s %s: %s; %s on %s handed to the previous module", alg->name,
                                 t->name, call.fallback->why, t->call, comm->c_name);
        return swing_fallback_previous(coll, args, &call, m);
    }
    mca_coll_swing_count(&ctr->served[id], 1);
    mca_coll_swing_count(&ctr->served_total, 1);
    if (mca_coll_swing_params.verbose >= 3) {
        opal_output(mca_coll_swing_params.output, "coll:swing: %s of %zu bytes on %s: %s", t->name,
                    call.bytes, comm->c_name, alg->name);
    }
    if (0 == call.count && NULL == call.request) {
        return MPI_SUCCESS;
    }
    call.plan = (alg->plan >= 0) ? &m->plans[alg->plan] : NULL;
    call.ompi = alg->ompi;
    call.tcoll = t->rooted - 1;
    if (alg->tree && NULL != exec) {
        mca_coll_swing_decide_tree(m, coll->id, id, &call);
    }
    if (NULL == exec) {
        /* forced on a form it has no executor for (multiport, ring nonblocking) */
        call.fallback = &blocking_only;
        rc = MCA_COLL_SWING_FALLBACK;
    } else {
        m->ompi_inner = (0 != call.ompi);
        rc = exec(&call, m);
        m->ompi_inner = 0;
    }
    if (MCA_COLL_SWING_FALLBACK == rc && NULL != call.fallback
        && &mca_coll_swing_agree_fallback != call.fallback) {
        int mp = mca_coll_swing_decide_messages(m, coll->id, call.bytes);
        if (t->algs[mp].plan < 0 && !t->algs[mp].tree) {
            /* the collective has no message-passing schedule to run instead */
            mca_coll_swing_count(&ctr->served[id], -1);
            mca_coll_swing_count(&ctr->served_total, -1);
            return swing_fallback_previous(coll, args, &call, m);
        }
        rc = swing_fallback_alg(coll, &call, m, id, mp);
        id = mp;
    }
    if (MCA_COLL_SWING_FALLBACK == rc && &mca_coll_swing_agree_fallback == call.fallback) {
        /* every rank agreed: the previous module runs it */
        mca_coll_swing_count(&ctr->served[id], -1);
        mca_coll_swing_count(&ctr->served_total, -1);
        return swing_fallback_previous(coll, args, &call, m);
    }
    if (mca_coll_swing_params.agree_outcome && NULL == call.request) {
        rc = mca_coll_swing_agree_outcome(comm, rc);
    }
    if (OMPI_SUCCESS != rc) {
        mca_coll_swing_count(&ctr->error, 1);
    }
    return rc;
}
