/*
 * The choice of algorithm by message size (coll_swing_allreduce_algorithm
 * = auto).
 *
 * At communicator setup the cost model (topology/swt_cost.h) predicts each
 * message-passing algorithm's time on this communicator's topology for the
 * upper size of every power-of-two bucket; the fastest wins the bucket. A
 * user threshold coll_swing_lo_max_bytes >= 0, or else the description's
 * measured one (decide lo_max_bytes=N), overrides the model's LO/BO
 * boundary, and the model still picks Swing or RD on each side. When all
 * ranks share one node, the shared segment is enabled and the user gave
 * no topology (one means: follow its schedules), shm takes every size;
 * across nodes with several ranks on some node, under the same condition
 * (or a description of the network of nodes), the hierarchical algorithm
 * does, and chooses LO or BO between nodes itself. A call costs one table
 * lookup.
 */
#include "coll_swing_decide.h"
#include "coll_swing_seg.h"

#include "opal/util/output.h"

#include "swt_cost.h"

static int swing_best(const swt_model_t *model, double bytes, int want_kind)
{
    int best = MCA_COLL_SWING_ALG_SWING_LO;
    double best_t = -1.0;

    for (int i = 0; i < MCA_COLL_SWING_ALG_COUNT; ++i) {
        const mca_coll_swing_alg_t *a = &mca_coll_swing_algs[i];
        double t;
        if (!a->planned || (want_kind >= 0 && (int) a->kind != want_kind)) {
            continue;
        }
        t = swt_model_time(model, a->pattern, a->kind, bytes);
        if (best_t < 0.0 || t < best_t) {
            best_t = t;
            best = i;
        }
    }
    return best;
}

/* Printed by rank 0 of the communicator only: every rank has the same table. */
static void swing_decision_report(const mca_coll_swing_module_t *m, const char *boundary)
{
    int from = 0;

    if (mca_coll_swing_params.verbose < 2 || 0 != ompi_comm_rank(m->comm)) {
        return;
    }
    opal_output(mca_coll_swing_params.output, "coll:swing: %s auto: LO/BO boundary from %s",
                m->comm->c_name, boundary);
    for (int b = 1; b <= MCA_COLL_SWING_NBUCKETS; ++b) {
        size_t lo = from ? ((size_t) 1 << (from - 1)) + 1 : 0;
        if (b < MCA_COLL_SWING_NBUCKETS && m->choice[b] == m->choice[from]) {
            continue;
        }
        if (b == MCA_COLL_SWING_NBUCKETS) {
            opal_output(mca_coll_swing_params.output,
                        "coll:swing: %s auto: %zu B and above -> %s", m->comm->c_name,
                        lo, mca_coll_swing_algs[m->choice[from]].name);
        } else {
            opal_output(mca_coll_swing_params.output,
                        "coll:swing: %s auto: %zu B .. %zu B -> %s", m->comm->c_name,
                        lo, (size_t) 1 << (b - 1), mca_coll_swing_algs[m->choice[from]].name);
        }
        from = b;
    }
}

/* Across nodes with several ranks on a node: the hierarchical algorithm. */
static int swing_hier_wanted(const mca_coll_swing_module_t *m)
{
    mca_coll_swing_nodes_t nodes;
    int yes = 0;

    if (OMPI_SUCCESS == mca_coll_swing_nodes_build(m->comm, &nodes)) {
        yes = mca_coll_swing_nodes_mixed(&nodes);
    }
    mca_coll_swing_nodes_free(&nodes);
    return yes;
}

int mca_coll_swing_decision_build(mca_coll_swing_module_t *m, const swt_topo_t *topo)
{
    long long user_lo = mca_coll_swing_params.lo_max_bytes;
    swt_model_t *model = NULL;
    int rc, shm, hier;

    if (user_lo < 0) {
        /* a measured crossover in the description (decide lo_max_bytes=N) */
        user_lo = swt_topo_lo_max_bytes(topo);
    }
    rc = swt_model_create(topo, swt_topo_cost(topo), &model);
    if (SWT_OK != rc) {
        return (SWT_ERR_NOMEM == rc) ? OMPI_ERR_OUT_OF_RESOURCE : OMPI_ERR_BAD_PARAM;
    }
    /*
     * One node: the shared segment beat every message-passing schedule and
     * coll/tuned at every size measured on this project's machines (README,
     * Results), so it takes all sizes; the model only covers networks.
     */
    shm = m->topo_auto && mca_coll_swing_shm_available(m);
    hier = !shm && m->topo_auto && swing_hier_wanted(m);
    for (int b = 0; b < MCA_COLL_SWING_NBUCKETS; ++b) {
        size_t bytes = (size_t) 1 << b;
        int kind = -1;
        if (user_lo >= 0) {
            kind = (bytes <= (size_t) user_lo) ? SWT_KIND_LO : SWT_KIND_BO;
        }
        m->mp_choice[b] = (unsigned char) swing_best(model, (double) bytes, kind);
        m->choice[b] = shm    ? (unsigned char) MCA_COLL_SWING_ALG_SHM
                       : hier ? (unsigned char) MCA_COLL_SWING_ALG_HIER
                              : m->mp_choice[b];
    }
    swt_model_destroy(model);
    swing_decision_report(m, mca_coll_swing_params.lo_max_bytes >= 0
                                 ? "coll_swing_lo_max_bytes"
                                 : user_lo >= 0 ? "the description (decide lo_max_bytes)"
                                                : "the cost model");
    return OMPI_SUCCESS;
}

int mca_coll_swing_decide(const mca_coll_swing_module_t *m, size_t bytes)
{
    if (MCA_COLL_SWING_ALG_AUTO != m->algorithm) {
        return m->algorithm;
    }
    return m->choice[mca_coll_swing_bucket(bytes)];
}

int mca_coll_swing_decide_messages(const mca_coll_swing_module_t *m, size_t bytes)
{
    return m->mp_choice[mca_coll_swing_bucket(bytes)];
}
