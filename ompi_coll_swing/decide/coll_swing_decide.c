/*
 * The choice of algorithm by message size (coll_swing_<collective>_algorithm
 * = auto), for every collective from its table.
 *
 * At communicator setup the cost model (topology/swt_cost.h) predicts each
 * message-passing algorithm's time on this communicator's topology for the
 * upper size of every power-of-two bucket, multiport parts and ring
 * directions placed on their links; the fastest wins the bucket. A
 * user threshold coll_swing_lo_max_bytes >= 0, or else the description's
 * measured one (decide lo_max_bytes=N), overrides the model's LO/BO
 * boundary, and the model still picks Swing or RD on each side. When all
 * ranks share one node, the shared segment is enabled and the user gave
 * no topology (one means: follow its schedules), shm takes every size;
 * across nodes with several ranks on some node, under the same condition
 * (or a description of the network of nodes), the hierarchical algorithm
 * does, and chooses LO or BO between nodes itself (reduce-scatter and
 * allgather: when every node has the same number of ranks; their hier runs
 * the BO half between nodes, the only form they have; broadcast and
 * reduce: any node sizes, a tree between the nodes' leaders; gather and
 * scatter have no hier). A call costs one table lookup.
 */
#include "coll_swing_decide.h"
#include "coll_swing_seg.h"

#include "swt_cost_tree.h"

#include <math.h>
#include <stdio.h>

#include "opal/util/output.h"


/*
 * The model's time of a row: the whole allreduce with the parts of the
 * plan setup built, or a half of it as a collective of its own, or a
 * rooted collective's tree with its parts; HUGE_VAL: not modelled.
 */
typedef struct swing_models_t {
    swt_model_t *all;             /* allreduce, its halves */
    swt_tree_model_t *tree;       /* the rooted collectives, rooted at rank 0 */
} swing_models_t;

static double swing_predict(const mca_coll_swing_module_t *m, const mca_coll_swing_table_t *t,
                            const mca_coll_swing_alg_t *a, const swing_models_t *models,
                            double bytes)
{
    const swt_model_t *model = models->all;

    if (t->rooted) {
        int nparts = (a->plan >= 0) ? m->plans[a->plan].nparts
                     : a->multiport ? swt_tree_max_parts(m->topo, a->pattern, NULL) : 1;
        swt_coll_t tc = mca_coll_swing_tree_coll(t, a);
        double tree = swt_tree_model_time(models->tree, a->pattern, tc, NULL, nparts, bytes);
        if (tc == (swt_coll_t) (t->rooted - 1) || HUGE_VAL == tree) {
            return tree;
        }
        /* BO: the scatter's allgather half, the gather's reduce-scatter half */
        return tree + swt_model_time_half_parts(model, a->pattern, SWT_KIND_BO, nparts,
                                                SWT_COLL_SCATTER == tc ? SWT_HALF_AG
                                                                       : SWT_HALF_RS, bytes);
    }
    return swt_model_time_half_parts(model, a->pattern, a->kind, m->plans[a->plan].nparts,
                                     t->half, bytes);
}

static int swing_best(const mca_coll_swing_module_t *m, const mca_coll_swing_table_t *t,
                      const swing_models_t *model, double bytes, int want_kind)
{
    int best = -1;
    double best_t = -1.0;

    for (int i = 0; i < t->nalgs; ++i) {
        const mca_coll_swing_alg_t *a = &t->algs[i];
        double time;
        if ((a->plan < 0 && !a->tree) || MCA_COLL_SWING_SCOPE_ANY != a->scope
            || NULL == mca_coll_swing_exec_of(t, a)
            || (want_kind >= 0 && !t->rooted && (int) a->kind != want_kind)) {
            continue;
        }
        time = swing_predict(m, t, a, model, bytes);
        if (HUGE_VAL == time) {
            continue;
        }
        if (best_t < 0.0 || time < best_t) {
            best_t = time;
            best = i;
        }
    }
    return best;
}

/* The first row of a scope, -1 when the collective has none. */
static int swing_scoped(const mca_coll_swing_table_t *t, mca_coll_swing_scope_t scope)
{
    for (int i = 0; i < t->nalgs; ++i) {
        if (NULL != mca_coll_swing_exec_of(t, &t->algs[i]) && t->algs[i].scope == scope) {
            return i;
        }
    }
    return -1;
}

/* Printed by rank 0 of the communicator only: every rank has the same table. */
static void swing_decision_report(const mca_coll_swing_module_t *m, int coll,
                                  const char *boundary)
{
    const mca_coll_swing_table_t *t = &mca_coll_swing_tables[coll];
    const unsigned char *choice = m->choice[coll];
    char label[160];
    int from = 0;

    if (mca_coll_swing_params.verbose < 2 || 0 != ompi_comm_rank(m->comm)) {
        return;
    }
    snprintf(label, sizeof(label), "%s%s%s", m->comm->c_name,
             MCA_COLL_SWING_ALLREDUCE == coll ? "" : " ",
             MCA_COLL_SWING_ALLREDUCE == coll ? "" : t->name);
    opal_output(mca_coll_swing_params.output, "coll:swing: %s auto: LO/BO boundary from %s",
                label, boundary);
    for (int b = 1; b <= MCA_COLL_SWING_NBUCKETS; ++b) {
        size_t lo = from ? ((size_t) 1 << (from - 1)) + 1 : 0;
        if (b < MCA_COLL_SWING_NBUCKETS && choice[b] == choice[from]) {
            continue;
        }
        if (b == MCA_COLL_SWING_NBUCKETS) {
            opal_output(mca_coll_swing_params.output,
                        "coll:swing: %s auto: %zu B and above -> %s", label,
                        lo, t->algs[choice[from]].name);
        } else {
            opal_output(mca_coll_swing_params.output,
                        "coll:swing: %s auto: %zu B .. %zu B -> %s", label,
                        lo, (size_t) 1 << (b - 1), t->algs[choice[from]].name);
        }
        from = b;
    }
}

/*
 * Across nodes with several ranks on a node: the hierarchical algorithms.
 * 1: allreduce's, broadcast's and reduce's (any node sizes); 2: also
 * reduce-scatter's and allgather's, which pair the ranks of one local
 * index across nodes and so need the same number of ranks on every node.
 */
static int swing_hier_wanted(const mca_coll_swing_module_t *m)
{
    mca_coll_swing_nodes_t nodes;
    int yes = 0;

    if (OMPI_SUCCESS == mca_coll_swing_nodes_build(m->comm, &nodes)
        && mca_coll_swing_nodes_mixed(&nodes)) {
        yes = (nodes.kmin == nodes.kmax) ? 2 : 1;
    }
    mca_coll_swing_nodes_free(&nodes);
    return yes;
}

/* One collective's auto tables. */
static void swing_decision_fill(mca_coll_swing_module_t *m, int coll, const swing_models_t *model,
                                long long user_lo, int shm, int hier)
{
    const mca_coll_swing_table_t *t = &mca_coll_swing_tables[coll];
    /* the halves' hier needs equal nodes; allreduce's, broadcast's and
       reduce's (no half) any */
    int node = shm ? swing_scoped(t, MCA_COLL_SWING_SCOPE_NODE)
               : hier > (SWT_HALF_ALL == t->half ? 0 : 1)
                   ? swing_scoped(t, MCA_COLL_SWING_SCOPE_NODES) : -1;

    for (int b = 0; b < MCA_COLL_SWING_NBUCKETS; ++b) {
        size_t bytes = (size_t) 1 << b;
        int kind = -1, best;
        if (user_lo >= 0) {
            kind = (bytes <= (size_t) user_lo) ? SWT_KIND_LO : SWT_KIND_BO;
        }
        best = swing_best(m, t, model, (double) bytes, kind);
        if (best < 0) {
            best = swing_best(m, t, model, (double) bytes, -1);
        }
        m->mp_choice[coll][b] = (unsigned char) (best < 0 ? 0 : best);
        m->choice[coll][b] = (unsigned char) (node >= 0 ? node : m->mp_choice[coll][b]);
    }
}

int mca_coll_swing_decision_build(mca_coll_swing_module_t *m, const swt_topo_t *topo)
{
    long long user_lo = mca_coll_swing_params.lo_max_bytes;
    swing_models_t models = {NULL, NULL};
    int rc, shm, hier;

    if (user_lo < 0) {
        /* a measured crossover in the description (decide lo_max_bytes=N) */
        user_lo = swt_topo_lo_max_bytes(topo);
    }
    rc = swt_model_create(topo, swt_topo_cost(topo), &models.all);
    if (SWT_OK == rc) {
        /* on a plain torus every root costs the same; rank 0 stands for all */
        rc = swt_tree_model_create(topo, swt_topo_cost(topo), swt_topo_rank_pos(topo, 0),
                                   &models.tree);
    }
    if (SWT_OK != rc) {
        swt_model_destroy(models.all);
        return (SWT_ERR_NOMEM == rc) ? OMPI_ERR_OUT_OF_RESOURCE : OMPI_ERR_BAD_PARAM;
    }
    /*
     * One node: the shared segment beat every message-passing schedule and
     * coll/tuned at every size measured on this project's machines
     * (docs/RESULTS.md), so it takes all sizes; the model only covers
     * networks.
     */
    shm = m->topo_auto && mca_coll_swing_shm_available(m);
    hier = (!shm && m->topo_auto) ? swing_hier_wanted(m) : 0;
    for (int coll = 0; coll < MCA_COLL_SWING_NCOLLS; ++coll) {
        swing_decision_fill(m, coll, &models, user_lo, shm, hier);
        swing_decision_report(m, coll, mca_coll_swing_params.lo_max_bytes >= 0
                                           ? "coll_swing_lo_max_bytes"
                                           : user_lo >= 0 ? "the description (decide lo_max_bytes)"
                                                          : "the cost model");
    }
    swt_tree_model_destroy(models.tree);
    swt_model_destroy(models.all);
    return OMPI_SUCCESS;
}

int mca_coll_swing_decide(const mca_coll_swing_module_t *m, int coll, size_t bytes)
{
    if (0 != m->algorithm[coll]) {
        return m->algorithm[coll];
    }
    return m->choice[coll][mca_coll_swing_bucket(bytes)];
}

int mca_coll_swing_decide_messages(const mca_coll_swing_module_t *m, int coll, size_t bytes)
{
    return m->mp_choice[coll][mca_coll_swing_bucket(bytes)];
}
