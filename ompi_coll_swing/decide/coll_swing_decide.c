/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The choice of algorithm by message size (coll_swing_<collective>_algorithm
 * = auto), for every collective from its table.
 *
 * At communicator setup the cost model (topology/cost/swt_cost.h) predicts each
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
 * does, and chooses LO or BO between nodes itself; under a description of
 * a network of groups that places several ranks on a node, hier is priced
 * (topology/cost/swt_cost.hier.h) and takes the sizes where it costs less than
 * the best schedule over all ranks (reduce-scatter and
 * allgather: when every node has the same number of ranks; their hier runs
 * the BO half between nodes, the only form they have; broadcast and
 * reduce: any node sizes, a tree between the nodes' leaders; gather and
 * scatter have no hier).
 *
 * A measured decision table (ALGORITHMS.md section 7, "The measured
 * table") decides first, in the ranges of its rows: the rows of
 * coll_swing_decision_file for the collective (those written for this
 * communicator's size, else those for any), else the description's decide
 * rows, else the built-in rows (coll_swing_node_rows.c): on one node
 * served by the shared segment, those measured there; across nodes
 * without a description, gather and scatter to the previous module. A
 * row names an algorithm of the collective's table or "previous" (the
 * call goes to the previous module, counted apart); the buckets
 * above decide between and beyond the rows. A forced algorithm
 * (coll_swing_<collective>_algorithm) overrides both. A call costs one
 * table lookup, and a binary search of the rows where there are some.
 */
#include "coll_swing_decide.h"
#include "coll_swing_shm_segment.h"

#include "swt_cost_hier.h"
#include "swt_cost_tree.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opal/util/output.h"
#include "opal/util/proc.h"
#include "swt_table.h"

/* Where a collective's rows come from: the file, the description. */
enum { SWING_SRC_FILE = 0, SWING_SRC_DESC, SWING_NSRC };

/*
 * The model's time of a row: the whole allreduce with the parts of the
 * plan setup built, or a half of it as a collective of its own, or a
 * rooted collective's tree with its parts; HUGE_VAL: not modelled.
 */
typedef struct swing_models_t {
    swt_model_t *all;       /* allreduce, its halves */
    swt_tree_model_t *tree; /* the rooted collectives, rooted at rank 0 */
    swt_hier_model_t *hier; /* hier on the description's network of nodes, or NULL */
} swing_models_t;

/* What the hier price of table t is, or -1 (gather, scatter). */
static int swing_hier_coll(const mca_coll_swing_table_t *t)
{
    if (t->rooted) {
        swt_coll_t c = (swt_coll_t) (t->rooted - 1);
        return SWT_COLL_BCAST == c ? SWT_HIER_BCAST : SWT_COLL_REDUCE == c ? SWT_HIER_REDUCE : -1;
    }
    return SWT_HALF_RS == t->half   ? SWT_HIER_RS
           : SWT_HALF_AG == t->half ? SWT_HIER_AG
                                    : SWT_HIER_ALLREDUCE;
}

static double swing_predict(const mca_coll_swing_module_t *m, const mca_coll_swing_table_t *t,
                            const mca_coll_swing_alg_t *a, const swing_models_t *models,
                            double bytes)
{
    const swt_model_t *model = models->all;

    if (t->rooted) {
        int nparts = (a->plan >= 0) ? m->plans[a->plan].nparts
                     : a->multiport ? swt_tree_max_parts(m->topo, a->pattern, NULL)
                                    : 1;
        swt_coll_t tc = mca_coll_swing_tree_coll(t, a);
        double tree = swt_tree_model_time(models->tree, a->pattern, tc, NULL, nparts, bytes);
        if (tc == (swt_coll_t) (t->rooted - 1) || HUGE_VAL == tree) {
            return tree;
        }
        /* BO: the scatter's allgather half, the gather's reduce-scatter half */
        return tree
               + swt_model_time_half_parts(model, a->pattern, SWT_KIND_BO, nparts,
                                           SWT_COLL_SCATTER == tc ? SWT_HALF_AG : SWT_HALF_RS,
                                           bytes);
    }
    return swt_model_time_half_parts(model, a->pattern, a->kind, m->plans[a->plan].nparts, t->half,
                                     bytes);
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

/*
 * Messages about decision tables, each once per process (every
 * communicator reads the same file and description): world rank 0 prints
 * them, as mca_coll_swing_warn_once does.
 */
#define SWING_SAID_MAX 64
static char *swing_said[SWING_SAID_MAX];
static int swing_nsaid;
static int swing_said_busy; /* communicators may be set up by several threads */

__opal_attribute_format__(__printf__, 1, 2) static void swing_table_say(const char *fmt, ...)
{
    char msg[512];
    int said = 0, n;
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    while (__atomic_exchange_n(&swing_said_busy, 1, __ATOMIC_ACQUIRE)) {
        /* a few string comparisons away */
    }
    for (int i = 0; i < swing_nsaid && i < SWING_SAID_MAX && !said; ++i) {
        said = (NULL != swing_said[i] && 0 == strcmp(swing_said[i], msg));
    }
    if (!said && swing_nsaid < SWING_SAID_MAX) {
        swing_said[swing_nsaid] = strdup(msg);
    }
    n = said ? 0 : ++swing_nsaid;
    __atomic_store_n(&swing_said_busy, 0, __ATOMIC_RELEASE);
    if (0 == n || n > SWING_SAID_MAX + 1 || 0 != OPAL_PROC_MY_NAME.vpid) {
        return;
    }
    if (n == SWING_SAID_MAX + 1) {
        opal_output(0, "coll:swing: decision table: further messages left out");
        return;
    }
    opal_output(0, "coll:swing: decision table: %s", msg);
}

void mca_coll_swing_decision_fini(void)
{
    for (int i = 0; i < swing_nsaid && i < SWING_SAID_MAX; ++i) {
        free(swing_said[i]);
        swing_said[i] = NULL;
    }
    swing_nsaid = 0;
}

/* The collective swing implements under that name, or -1. */
static int swing_coll_named(const char *name)
{
    for (int c = 0; c < MCA_COLL_SWING_NCOLLS; ++c) {
        if (0 == strcmp(mca_coll_swing_tables[c].name, name)) {
            return c;
        }
    }
    return -1;
}

/*
 * A row's algorithm in table t: its id, MCA_COLL_SWING_PREVIOUS, 0 for
 * "auto" (the model: the row changes nothing), -2 when t has no such
 * algorithm, -3 when it has one that cannot run this collective.
 */
static int swing_row_alg(const mca_coll_swing_table_t *t, const char *name)
{
    if (0 == strcmp(name, "previous")) {
        return MCA_COLL_SWING_PREVIOUS;
    }
    for (int i = 0; i < t->nalgs; ++i) {
        if (0 == strcmp(t->algs[i].name, name)) {
            return (0 == i || NULL != mca_coll_swing_exec_of(t, &t->algs[i])) ? i : -3;
        }
    }
    return -2;
}

/* Names of t's algorithms, for messages. */
static void swing_alg_names(const mca_coll_swing_table_t *t, char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    for (int i = 1; i < t->nalgs && used < len; ++i) {
        int n = snprintf(buf + used, len - used, "%s, ", t->algs[i].name);
        used += (n > 0) ? (size_t) n : 0;
    }
    if (used < len) {
        snprintf(buf + used, len - used, "previous, auto");
    }
}

/* Says, once, why each row of tab that swing cannot use is left out. */
static void swing_table_check(const swt_table_t *tab)
{
    char names[384], colls[256];
    size_t used = 0;

    for (int i = 0; i < swt_table_nwarnings(tab); ++i) {
        swing_table_say("%s", swt_table_warning(tab, i));
    }
    colls[0] = '\0';
    for (int c = 0; c < MCA_COLL_SWING_NCOLLS && used < sizeof(colls); ++c) {
        int n = snprintf(colls + used, sizeof(colls) - used, "%s%s", c ? ", " : "",
                         mca_coll_swing_tables[c].name);
        used += (n > 0) ? (size_t) n : 0;
    }
    for (int i = 0; i < swt_table_nrows(tab); ++i) {
        const swt_table_row_t *r = swt_table_row(tab, i);
        int c = swing_coll_named(r->coll), a;
        if (c < 0) {
            swing_table_say("%s:%d: decide row ignored: swing serves no collective '%s' (it "
                            "serves %s)",
                            swt_table_origin(tab), r->line, r->coll, colls);
            continue;
        }
        a = swing_row_alg(&mca_coll_swing_tables[c], r->alg);
        if (a < MCA_COLL_SWING_PREVIOUS) {
            swing_alg_names(&mca_coll_swing_tables[c], names, sizeof(names));
            swing_table_say("%s:%d: decide row ignored: %s has %s '%s' (coll_swing_%s_algorithm "
                            "values, or: %s)",
                            swt_table_origin(tab), r->line, mca_coll_swing_tables[c].call,
                            -2 == a ? "no algorithm" : "no executor for the algorithm", r->alg,
                            r->coll, names);
        }
    }
}

/*
 * The rows of collective coll that a communicator of p ranks takes from
 * tab into the module (those auto can run; "auto" rows are the model's).
 * Returns how many rows tab has for it, used or not: any means tab
 * decides for coll. -1 when out of memory.
 */
static int swing_rows_take(mca_coll_swing_module_t *m, int coll, const swt_table_t *tab, long p)
{
    const mca_coll_swing_table_t *t = &mca_coll_swing_tables[coll];
    int n = swt_table_select(tab, t->name, p, NULL, 0), *idx;

    if (n <= 0) {
        return 0;
    }
    idx = mca_coll_swing_setup_malloc(sizeof(int) * (size_t) n);
    m->rows[coll] = mca_coll_swing_setup_malloc(sizeof(mca_coll_swing_row_t) * (size_t) n);
    if (NULL == idx || NULL == m->rows[coll]) {
        free(idx);
        return -1;
    }
    swt_table_select(tab, t->name, p, idx, n);
    m->nrows[coll] = 0;
    for (int i = 0; i < n; ++i) {
        const swt_table_row_t *r = swt_table_row(tab, idx[i]);
        int a = swing_row_alg(t, r->alg);
        mca_coll_swing_row_t *row = &m->rows[coll][m->nrows[coll]];
        if (0 == a || a < MCA_COLL_SWING_PREVIOUS) {
            continue; /* auto: the model's; unknown: said by swing_table_check */
        }
        row->lo = (r->lo > SIZE_MAX) ? SIZE_MAX : (size_t) r->lo;
        row->hi = (r->hi > SIZE_MAX) ? SIZE_MAX : (size_t) r->hi;
        row->alg = a;
        row->line = r->line;
        m->nrows[coll]++;
    }
    free(idx);
    return n;
}

/* What decides the sizes no row holds, for the report. */
typedef struct swing_source {
    const char *origin; /* the rows' file or description, or NULL */
    char gap[160];      /* the buckets: the model (and its boundary), shm, hier */
} swing_source_t;

/* One report line: sizes lo .. hi (SIZE_MAX: and above) -> alg (why). */
static void swing_report_line(const char *label, size_t lo, size_t hi, const char *alg,
                              const char *why)
{
    if (SIZE_MAX == hi) {
        opal_output(mca_coll_swing_params.output, "coll:swing: %s auto: %zu B and above -> %s (%s)",
                    label, lo, alg, why);
    } else {
        opal_output(mca_coll_swing_params.output, "coll:swing: %s auto: %zu B .. %zu B -> %s (%s)",
                    label, lo, hi, alg, why);
    }
}

/* The buckets' choices over sizes lo .. hi, runs of one algorithm on one line. */
static void swing_report_gap(const mca_coll_swing_module_t *m, int coll, const char *label,
                             size_t lo, size_t hi, const char *why)
{
    const mca_coll_swing_table_t *t = &mca_coll_swing_tables[coll];
    const unsigned char *choice = m->choice[coll];
    int b = mca_coll_swing_bucket(lo), last = mca_coll_swing_bucket(hi);
    size_t from = lo;

    if (SIZE_MAX == hi) {
        last = MCA_COLL_SWING_NBUCKETS - 1;
    }
    for (; b <= last; ++b) {
        size_t end = (b == MCA_COLL_SWING_NBUCKETS - 1) ? SIZE_MAX : ((size_t) 1 << b);
        if (end > hi) {
            end = hi;
        }
        if (b < last && choice[b + 1] == choice[b]) {
            continue;
        }
        swing_report_line(label, from, end, t->algs[choice[b]].name, why);
        from = end + 1;
    }
}

/*
 * Printed by rank 0 of the communicator only (every rank has the same
 * table): per size range, the algorithm and what chose it.
 */
static void swing_decision_report(const mca_coll_swing_module_t *m, int coll, const char *boundary,
                                  const swing_source_t *src)
{
    const mca_coll_swing_table_t *t = &mca_coll_swing_tables[coll];
    char label[160], why[320];
    size_t from = 0;
    int done = 0;

    if (mca_coll_swing_params.verbose < 2 || 0 != ompi_comm_rank(m->comm)) {
        return;
    }
    snprintf(label, sizeof(label), "%s%s%s", m->comm->c_name,
             MCA_COLL_SWING_ALLREDUCE == coll ? "" : " ",
             MCA_COLL_SWING_ALLREDUCE == coll ? "" : t->name);
    if (0 != m->algorithm[coll]) {
        opal_output(mca_coll_swing_params.output,
                    "coll:swing: %s: every size -> %s "
                    "(forced: coll_swing_%s_algorithm)",
                    label, t->algs[m->algorithm[coll]].name, t->name);
        return;
    }
    opal_output(mca_coll_swing_params.output, "coll:swing: %s auto: LO/BO boundary from %s", label,
                boundary);
    for (int i = 0; i < m->nrows[coll] && !done; ++i) {
        const mca_coll_swing_row_t *r = &m->rows[coll][i];
        if (from < r->lo) {
            swing_report_gap(m, coll, label, from, r->lo - 1, src->gap);
        }
        snprintf(why, sizeof(why), "measured table %s:%d", src->origin, r->line);
        swing_report_line(label, r->lo, r->hi,
                          MCA_COLL_SWING_PREVIOUS == r->alg ? "previous" : t->algs[r->alg].name,
                          why);
        done = (SIZE_MAX == r->hi);
        from = r->hi + 1;
    }
    if (!done) {
        swing_report_gap(m, coll, label, from, SIZE_MAX, src->gap);
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
    mca_coll_swing_nodes_t shape;

    /* without allocating: a rank short of memory must decide as the others */
    mca_coll_swing_nodes_shape(m->comm, &shape);
    if (!mca_coll_swing_nodes_mixed(&shape)) {
        return 0;
    }
    return (shape.kmin == shape.kmax) ? 2 : 1;
}

/*
 * The description's network of nodes, when it has one that hier runs on:
 * a network of groups placing several ranks on a node, as many nodes as
 * the communicator has. NULL otherwise (or out of memory: then the
 * schedules over all ranks decide, on every rank alike only if all lack
 * memory; a rank short of it at setup falls back more than this anyway).
 * Where hier cannot run after all (shared memory off), it falls back at
 * its first call to the schedule over all ranks of that size.
 */
static swt_hier_model_t *swing_hier_priced(const mca_coll_swing_module_t *m, const swt_topo_t *topo)
{
    mca_coll_swing_nodes_t shape;
    swt_hier_model_t *hm = NULL;

    if (m->topo_auto || NULL == swt_topo_fabric(topo)) {
        return NULL;
    }
    mca_coll_swing_nodes_shape(m->comm, &shape);
    if (!mca_coll_swing_nodes_mixed(&shape)
        || SWT_OK != swt_hier_model_create(topo, swt_topo_cost(topo), &hm)) {
        return NULL;
    }
    if (swt_hier_model_nnodes(hm) != shape.nnodes) {
        swt_hier_model_destroy(hm);
        return NULL;
    }
    return hm;
}

/* One collective's auto tables. */
static void swing_decision_fill(mca_coll_swing_module_t *m, int coll, const swing_models_t *model,
                                long long user_lo, int shm, int hier)
{
    const mca_coll_swing_table_t *t = &mca_coll_swing_tables[coll];
    /* the halves' hier needs equal nodes; allreduce's, broadcast's and
       reduce's (no half) any */
    int halves = (SWT_HALF_ALL != t->half), node = -1, priced = -1, hc = swing_hier_coll(t);

    if (shm) {
        node = swing_scoped(t, MCA_COLL_SWING_SCOPE_NODE);
    } else if (hier > halves) {
        node = swing_scoped(t, MCA_COLL_SWING_SCOPE_NODES);
    } else if (NULL != model->hier && hc >= 0 && swing_hier_wanted(m) > halves) {
        priced = swing_scoped(t, MCA_COLL_SWING_SCOPE_NODES);
    }

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
        if (priced >= 0
            && (best < 0
                || swt_hier_model_time(model->hier, (swt_hier_coll_t) hc, (double) bytes)
                       < swing_predict(m, t, &t->algs[best], model, (double) bytes))) {
            m->choice[coll][b] = (unsigned char) priced;
        }
    }
}

/* coll_swing_decision_file's table, or NULL (none, or it does not load: said once). */
static swt_table_t *swing_file_table(void)
{
    const char *path = mca_coll_swing_params.decision_file;
    swt_table_t *tab = NULL;
    swt_diag_t diag;
    int rc;

    if (NULL == path || '\0' == path[0]) {
        return NULL;
    }
    memset(&diag, 0, sizeof(diag));
    rc = swt_table_load(path, &tab, &diag);
    if (SWT_OK != rc) {
        if (diag.line > 0) {
            swing_table_say("coll_swing_decision_file %s:%d:%d: %s; the model decides", path,
                            diag.line, diag.col, diag.msg);
        } else {
            swing_table_say("coll_swing_decision_file %s: %s; the model decides", path,
                            diag.msg[0] ? diag.msg : swt_strerror(rc));
        }
        return NULL;
    }
    swing_table_check(tab);
    return tab;
}

/* What decides between the rows of coll. */
static void swing_gap_source(const mca_coll_swing_module_t *m, int coll, int shm, int hier,
                             long long user_lo, swing_source_t *src)
{
    const mca_coll_swing_table_t *t = &mca_coll_swing_tables[coll];
    int b = MCA_COLL_SWING_NBUCKETS - 1, priced = 0;

    for (int i = 0; i < MCA_COLL_SWING_NBUCKETS && !shm && !hier; ++i) {
        priced |= (MCA_COLL_SWING_SCOPE_NODES == t->algs[m->choice[coll][i]].scope);
    }

    if ((shm || hier) && MCA_COLL_SWING_SCOPE_ANY != t->algs[m->choice[coll][b]].scope) {
        snprintf(src->gap, sizeof(src->gap), "%s", shm ? "one node: shm" : "across nodes: hier");
    } else if (priced) {
        snprintf(src->gap, sizeof(src->gap),
                 "cost model, hier priced on the description's "
                 "network of nodes");
    } else if (mca_coll_swing_params.lo_max_bytes >= 0) {
        snprintf(src->gap, sizeof(src->gap),
                 "cost model, LO up to %lld B: "
                 "coll_swing_lo_max_bytes",
                 user_lo);
    } else if (user_lo >= 0) {
        snprintf(src->gap, sizeof(src->gap),
                 "cost model, LO up to %lld B: the description's "
                 "decide lo_max_bytes",
                 user_lo);
    } else {
        snprintf(src->gap, sizeof(src->gap), "cost model");
    }
}

int mca_coll_swing_decision_build(mca_coll_swing_module_t *m, const swt_topo_t *topo)
{
    long long user_lo = mca_coll_swing_params.lo_max_bytes;
    const swt_table_t *desc = swt_topo_table(topo);
    long p = ompi_comm_size(m->comm);
    swing_models_t models = { NULL, NULL, NULL };
    swt_table_t *file = NULL;
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
    file = swing_file_table();
    if (NULL != desc) {
        swing_table_check(desc);
    }
    /*
     * One node: the shared segment beat every message-passing schedule and
     * coll/tuned at every size measured on this project's machines
     * (docs/RESULTS.md), so it takes all sizes; the model only covers
     * networks.
     */
    shm = m->topo_auto && mca_coll_swing_shm_available(m);
    hier = (!shm && m->topo_auto) ? swing_hier_wanted(m) : 0;
    models.hier = shm ? NULL : swing_hier_priced(m, topo);
    for (int coll = 0; coll < MCA_COLL_SWING_NCOLLS && OMPI_SUCCESS == rc; ++coll) {
        swing_source_t src = { NULL, "" };
        int n;
        swing_decision_fill(m, coll, &models, user_lo, shm, hier);
        /* the file's rows for this collective replace the description's */
        n = swing_rows_take(m, coll, file, p);
        src.origin = swt_table_origin(file);
        if (0 == n) {
            n = swing_rows_take(m, coll, desc, p);
            src.origin = swt_table_origin(desc);
        }
        if (0 == n && (shm || hier) && NULL != mca_coll_swing_node_rows(hier)) {
            n = swing_rows_take(m, coll, mca_coll_swing_node_rows(hier), p);
            src.origin = swt_table_origin(mca_coll_swing_node_rows(hier));
        }
        if (n < 0) {
            rc = OMPI_ERR_OUT_OF_RESOURCE;
            break;
        }
        swing_gap_source(m, coll, shm, hier, user_lo, &src);
        swing_decision_report(m, coll,
                              mca_coll_swing_params.lo_max_bytes >= 0 ? "coll_swing_lo_max_bytes"
                              : user_lo >= 0 ? "the description (decide lo_max_bytes)"
                                             : "the cost model",
                              &src);
    }
    swt_table_destroy(file);
    /* kept: a chain's best segment count depends on the call's size */
    swt_tree_model_destroy(m->tree_model);
    m->tree_model = models.tree;
    swt_model_destroy(models.all);
    swt_hier_model_destroy(models.hier);
    return rc;
}

void mca_coll_swing_decision_free(mca_coll_swing_module_t *m)
{
    for (int coll = 0; coll < MCA_COLL_SWING_NCOLLS; ++coll) {
        free(m->rows[coll]);
        m->rows[coll] = NULL;
        m->nrows[coll] = 0;
    }
}

/* The row holding bytes (rows in size order, apart), or NULL. */
static const mca_coll_swing_row_t *swing_row_of(const mca_coll_swing_module_t *m, int coll,
                                                size_t bytes)
{
    int lo = 0, hi = m->nrows[coll] - 1;

    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        const mca_coll_swing_row_t *r = &m->rows[coll][mid];
        if (bytes < r->lo) {
            hi = mid - 1;
        } else if (bytes > r->hi) {
            lo = mid + 1;
        } else {
            return r;
        }
    }
    return NULL;
}

int mca_coll_swing_decide(const mca_coll_swing_module_t *m, int coll, size_t bytes)
{
    const mca_coll_swing_row_t *row;

    if (0 != m->algorithm[coll]) {
        return m->algorithm[coll];
    }
    if (m->nrows[coll] > 0 && NULL != (row = swing_row_of(m, coll, bytes))) {
        return row->alg;
    }
    return m->choice[coll][mca_coll_swing_bucket(bytes)];
}

int mca_coll_swing_decide_messages(const mca_coll_swing_module_t *m, int coll, size_t bytes)
{
    return m->mp_choice[coll][mca_coll_swing_bucket(bytes)];
}
