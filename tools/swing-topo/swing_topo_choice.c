/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing-topo explain --choice: what the component's automatic choice runs
 * at every size on a description, and what chose each size range: a
 * measured table's row (a decision file, or the description's decide
 * rows), the cost model (with the LO/BO boundary of coll_swing_lo_max_bytes
 * or of decide lo_max_bytes), or a forced algorithm. It follows
 * ompi_coll_swing/decide/coll_swing_decide.c step for step, with the same
 * candidates in the same order as the component's algorithm tables
 * (decide/coll_swing_algorithms.c), so that its lines are the ones
 * coll_swing_verbose 2 prints for a communicator on that description
 * (tests/mpi/test_table.sh compares them). The automatic topology's shm
 * and hier are the component's, not a description's: not shown here; a
 * dragonfly or fat tree placing several ranks on a node prices hier
 * (swt_cost_hier.h) as the component does, the job's nodes taken to be
 * the description's.
 */
#include "swing_topo.h"
#include "swt_cost_hier.h"
#include "swt_table.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* One row of a component table: its name and what the model predicts for it. */
typedef struct swing_choice_alg {
    const char *name;
    swt_alg_t alg;
    swt_kind_t kind;
    int mp;       /* all parts of the multiport form */
    int modelled; /* an auto candidate (planned, message passing) */
} swing_choice_alg_t;

/* The allreduce table (allreduce, iallreduce, allreduce_init), in order. */
static const swing_choice_alg_t swing_choice_all[] = {
    { "auto", SWT_ALG_SWING, SWT_KIND_LO, 0, 0 },
    { "swing_lo", SWT_ALG_SWING, SWT_KIND_LO, 0, 1 },
    { "rd_lo", SWT_ALG_RD, SWT_KIND_LO, 0, 1 },
    { "swing_bo", SWT_ALG_SWING, SWT_KIND_BO, 0, 1 },
    { "rd_bo", SWT_ALG_RD, SWT_KIND_BO, 0, 1 },
    { "shm", SWT_ALG_SWING, SWT_KIND_LO, 0, 0 },
    { "hier", SWT_ALG_SWING, SWT_KIND_BO, 0, 0 },
    { "swing_lo_mp", SWT_ALG_SWING, SWT_KIND_LO, 1, 1 },
    { "rd_lo_mp", SWT_ALG_RD, SWT_KIND_LO, 1, 1 },
    { "swing_bo_mp", SWT_ALG_SWING, SWT_KIND_BO, 1, 1 },
    { "rd_bo_mp", SWT_ALG_RD, SWT_KIND_BO, 1, 1 },
    { "ring", SWT_ALG_RING, SWT_KIND_BO, 1, 1 },
};

/* The reduce-scatter and allgather tables (their halves of BO). */
static const swing_choice_alg_t swing_choice_half[] = {
    { "auto", SWT_ALG_SWING, SWT_KIND_BO, 0, 0 }, { "swing", SWT_ALG_SWING, SWT_KIND_BO, 0, 1 },
    { "rd", SWT_ALG_RD, SWT_KIND_BO, 0, 1 },      { "shm", SWT_ALG_SWING, SWT_KIND_BO, 0, 0 },
    { "hier", SWT_ALG_SWING, SWT_KIND_BO, 0, 0 }, { "swing_mp", SWT_ALG_SWING, SWT_KIND_BO, 1, 1 },
    { "rd_mp", SWT_ALG_RD, SWT_KIND_BO, 1, 1 },   { "ring", SWT_ALG_RING, SWT_KIND_BO, 1, 1 },
};

#define SWING_CHOICE_ROWS(t) ((int) (sizeof(t) / sizeof((t)[0])))

static const struct {
    const char *name;
    swt_half_t half;
} swing_choice_colls[] = {
    { "allreduce", SWT_HALF_ALL },      { "iallreduce", SWT_HALF_ALL },
    { "allreduce_init", SWT_HALF_ALL }, { "reduce_scatter_block", SWT_HALF_RS },
    { "reduce_scatter", SWT_HALF_RS },  { "allgather", SWT_HALF_AG },
    { "allgatherv", SWT_HALF_AG },
};
#define SWING_CHOICE_NCOLLS SWING_CHOICE_ROWS(swing_choice_colls)

/*
 * The rooted collectives' algorithm names (the component's tables, in
 * order), for checking a table's rows: their choice is the tree model's
 * (predict --coll), not shown by --choice.
 */
static const char *const swing_choice_bcast_reduce[] = { "auto",    "bine",        "binomial",
                                                         "bine_mp", "binomial_mp", "chain",
                                                         "bine_bo", "binomial_bo", "bine_bo_mp",
                                                         "shm",     "hier",        NULL };
static const char *const swing_choice_gather_scatter[] = { "auto",    "bine",        "binomial",
                                                           "bine_mp", "binomial_mp", "shm",
                                                           NULL };

/* The rooted collective's names, or NULL when name is not one. */
static const char *const *swing_choice_rooted(const char *name)
{
    if (0 == strcmp(name, "bcast") || 0 == strcmp(name, "reduce")) {
        return swing_choice_bcast_reduce;
    }
    if (0 == strcmp(name, "gather") || 0 == strcmp(name, "scatter")) {
        return swing_choice_gather_scatter;
    }
    return NULL;
}

/* Whether a row of a rooted collective names one of its algorithms (or previous). */
static int swing_choice_rooted_knows(const char *const *names, const char *alg)
{
    if (0 == strcmp(alg, "previous")) {
        return 1;
    }
    for (int i = 0; NULL != names[i]; ++i) {
        if (0 == strcmp(names[i], alg)) {
            return 1;
        }
    }
    return 0;
}

/*
 * Open MPI's coll/base algorithms that the component runs (its tables'
 * ompi_* rows; which there are depends on the Open MPI release, sparbit
 * only from 5.0): a blocking collective's row may name one, and the
 * component checks the name against its own table when it reads the row.
 * The nonblocking and persistent allreduce have none.
 */
static int swing_choice_ompi(const char *coll, const char *alg)
{
    return 0 == strncmp(alg, "ompi_", 5) && strlen(alg) > 5 && 0 != strcmp(coll, "iallreduce")
           && 0 != strcmp(coll, "allreduce_init");
}

/* The component's decision buckets: (2^(b-1), 2^b] bytes. */
#define SWING_CHOICE_NBUCKETS 48

typedef struct swing_choice {
    const swing_choice_alg_t *algs;
    int nalgs;
    swt_half_t half;
    const char *coll;
} swing_choice_t;

int swing_topo_choice_coll(const char *name)
{
    for (int c = 0; c < SWING_CHOICE_NCOLLS; ++c) {
        if (0 == strcmp(swing_choice_colls[c].name, name)) {
            return c;
        }
    }
    return -1;
}

static void swing_choice_of(int c, swing_choice_t *ch)
{
    ch->half = swing_choice_colls[c].half;
    ch->coll = swing_choice_colls[c].name;
    ch->algs = (SWT_HALF_ALL == ch->half) ? swing_choice_all : swing_choice_half;
    ch->nalgs = (SWT_HALF_ALL == ch->half) ? SWING_CHOICE_ROWS(swing_choice_all)
                                           : SWING_CHOICE_ROWS(swing_choice_half);
}

/* A row's algorithm: its index, -1 previous, 0 auto, -2 unknown. */
static int swing_choice_alg(const swing_choice_t *ch, const char *name)
{
    if (0 == strcmp(name, "previous")) {
        return -1;
    }
    for (int i = 0; i < ch->nalgs; ++i) {
        if (0 == strcmp(ch->algs[i].name, name)) {
            return i;
        }
    }
    return -2;
}

/* The fastest candidate at bytes, of kind want (-1: any); -1 if none. */
static int swing_choice_best(const swing_choice_t *ch, const swt_model_t *model,
                             const swt_topo_t *topo, double bytes, int want)
{
    double best_t = -1.0;
    int best = -1;

    for (int i = 0; i < ch->nalgs; ++i) {
        const swing_choice_alg_t *a = &ch->algs[i];
        double t;
        if (!a->modelled || (want >= 0 && (int) a->kind != want)) {
            continue;
        }
        t = swt_model_time_half_parts(model, a->alg, a->kind,
                                      swing_topo_form_parts(topo, a->alg, a->mp), ch->half, bytes);
        if (HUGE_VAL == t) {
            continue;
        }
        if (best_t < 0.0 || t < best_t) {
            best_t = t;
            best = i;
        }
    }
    return best;
}

/* Whether hier costs less than the candidate best at bytes (none: it wins). */
static int swing_choice_hier_wins(const swing_choice_t *ch, int best, const swt_model_t *model,
                                  const swt_topo_t *topo, swt_hier_model_t *hier, double bytes)
{
    static const swt_hier_coll_t of_half[3] = { SWT_HIER_ALLREDUCE, SWT_HIER_RS, SWT_HIER_AG };
    const swing_choice_alg_t *a;

    if (best < 0) {
        return 1;
    }
    a = &ch->algs[best];
    return swt_hier_model_time(hier, of_half[ch->half], bytes)
           < swt_model_time_half_parts(model, a->alg, a->kind,
                                       swing_topo_form_parts(topo, a->alg, a->mp), ch->half, bytes);
}

/* One line, as coll_swing_verbose 2 prints it. */
static void swing_choice_line(const char *label, size_t lo, size_t hi, const char *alg,
                              const char *why)
{
    if (SIZE_MAX == hi) {
        printf("%s auto: %zu B and above -> %s (%s)\n", label, lo, alg, why);
    } else {
        printf("%s auto: %zu B .. %zu B -> %s (%s)\n", label, lo, hi, alg, why);
    }
}

static int swing_choice_bucket(size_t bytes)
{
    int b = (bytes <= 1) ? 0 : 64 - __builtin_clzll((unsigned long long) bytes - 1);
    return (b < SWING_CHOICE_NBUCKETS) ? b : SWING_CHOICE_NBUCKETS - 1;
}

static void swing_choice_gap(const swing_choice_t *ch, const int *choice, const char *label,
                             size_t lo, size_t hi, const char *why)
{
    int b = swing_choice_bucket(lo),
        last = (SIZE_MAX == hi) ? SWING_CHOICE_NBUCKETS - 1 : swing_choice_bucket(hi);
    size_t from = lo;

    for (; b <= last; ++b) {
        size_t end = (b == SWING_CHOICE_NBUCKETS - 1) ? SIZE_MAX : ((size_t) 1 << b);
        if (end > hi) {
            end = hi;
        }
        if (b < last && choice[b + 1] == choice[b]) {
            continue;
        }
        swing_choice_line(label, from, end, choice[b] < 0 ? "?" : ch->algs[choice[b]].name, why);
        from = end + 1;
    }
}

/* Rows of the collective from tab (a communicator of p ranks), or -1 for none. */
static int swing_choice_rows(const swt_table_t *tab, const swing_choice_t *ch, long p, int *idx,
                             int max)
{
    int n = swt_table_select(tab, ch->coll, p, idx, max);
    return (n > max) ? max : n;
}

int swing_topo_choice(const swt_topo_t *topo, const swt_cost_params_t *par, const char *coll,
                      const swt_table_t *file, long long lo_max_param, const char *forced,
                      long ranks)
{
    const swt_table_t *desc = swt_topo_table(topo), *tab;
    long long lo_max = lo_max_param;
    int c = swing_topo_choice_coll(coll), choice[SWING_CHOICE_NBUCKETS], idx[256], n;
    swt_model_t *model = NULL;
    swt_hier_model_t *hier = NULL;
    swing_choice_t ch;
    char why[320], gap[160], label[96];
    size_t from = 0;
    int done = 0, rc, priced = 0;

    if (c < 0) {
        return swing_topo_usage("explain",
                                "--coll: expected allreduce, iallreduce, "
                                "allreduce_init, reduce_scatter_block, reduce_scatter, "
                                "allgather or allgatherv, got '%s'",
                                coll);
    }
    swing_choice_of(c, &ch);
    snprintf(label, sizeof(label), "%s%s", 0 == strcmp(coll, "allreduce") ? "" : " ",
             0 == strcmp(coll, "allreduce") ? "" : coll);
    printf("automatic choice of %s on %s, %ld ranks%s%s:\n", coll, swt_topo_name(topo), ranks,
           NULL != file ? ", decision file " : "", NULL != file ? swt_table_origin(file) : "");
    if (NULL != forced) {
        int a = swing_choice_alg(&ch, forced);
        if (a <= 0) {
            return swing_topo_usage("explain", "--force: %s has no algorithm '%s'", coll, forced);
        }
        printf("%s: every size -> %s (forced: coll_swing_%s_algorithm)\n", label, forced, coll);
        return 0;
    }
    rc = swt_model_create(topo, par, &model);
    if (SWT_OK != rc) {
        fprintf(stderr, "swing-topo explain: %s\n", swt_strerror(rc));
        return SWING_TOPO_EXIT_FAIL;
    }
    if (lo_max < 0) {
        lo_max = swt_topo_lo_max_bytes(topo);
    }
    /* hier, where the description prices it (reduce-scatter and allgather:
       equal nodes) */
    if (SWT_OK != swt_hier_model_create(topo, par, &hier)
        || (SWT_HALF_ALL != ch.half && !swt_hier_model_even(hier))) {
        swt_hier_model_destroy(hier);
        hier = NULL;
    }
    for (int b = 0; b < SWING_CHOICE_NBUCKETS; ++b) {
        double bytes = ldexp(1.0, b);
        int kind = (lo_max < 0) ? -1 : (bytes <= (double) lo_max) ? SWT_KIND_LO : SWT_KIND_BO;
        choice[b] = swing_choice_best(&ch, model, topo, bytes, kind);
        if (choice[b] < 0) {
            choice[b] = swing_choice_best(&ch, model, topo, bytes, -1);
        }
        if (NULL != hier && swing_choice_hier_wins(&ch, choice[b], model, topo, hier, bytes)) {
            choice[b] = swing_choice_alg(&ch, "hier");
            priced = 1;
        }
    }
    swt_hier_model_destroy(hier);
    swt_model_destroy(model);
    if (priced) {
        snprintf(gap, sizeof(gap),
                 "cost model, hier priced on the description's network of "
                 "nodes");
    } else if (lo_max_param >= 0) {
        snprintf(gap, sizeof(gap), "cost model, LO up to %lld B: coll_swing_lo_max_bytes", lo_max);
    } else if (lo_max >= 0) {
        snprintf(gap, sizeof(gap),
                 "cost model, LO up to %lld B: the description's decide "
                 "lo_max_bytes",
                 lo_max);
    } else {
        snprintf(gap, sizeof(gap), "cost model");
    }
    printf("%s auto: LO/BO boundary from %s\n", label,
           lo_max_param >= 0 ? "coll_swing_lo_max_bytes"
           : lo_max >= 0     ? "the description (decide lo_max_bytes)"
                             : "the cost model");
    /* the file's rows for the collective replace the description's */
    tab = file;
    n = swing_choice_rows(file, &ch, ranks, idx, 256);
    if (n <= 0) {
        tab = desc;
        n = swing_choice_rows(desc, &ch, ranks, idx, 256);
    }
    for (int i = 0; i < n && !done; ++i) {
        const swt_table_row_t *r = swt_table_row(tab, idx[i]);
        int a = swing_choice_alg(&ch, r->alg), ompi = swing_choice_ompi(coll, r->alg);
        size_t lo = (r->lo > SIZE_MAX) ? SIZE_MAX : (size_t) r->lo;
        size_t hi = (r->hi > SIZE_MAX) ? SIZE_MAX : (size_t) r->hi;
        if (0 == a || (a < -1 && !ompi)) {
            continue; /* auto: the model's; unknown: the component leaves it out */
        }
        if (from < lo) {
            swing_choice_gap(&ch, choice, label, from, lo - 1, gap);
        }
        snprintf(why, sizeof(why), "measured table %s:%d", swt_table_origin(tab), r->line);
        swing_choice_line(label, lo, hi,
                          a >= 0    ? ch.algs[a].name
                          : a == -1 ? "previous"
                                    : r->alg,
                          why);
        done = (SIZE_MAX == hi);
        from = hi + 1;
    }
    if (!done) {
        swing_choice_gap(&ch, choice, label, from, SIZE_MAX, gap);
    }
    return 0;
}

/* The table's warnings, and its rows swing has no collective or algorithm for. */
void swing_topo_choice_check(const swt_table_t *tab)
{
    for (int i = 0; i < swt_table_nwarnings(tab); ++i) {
        fprintf(stderr, "swing-topo: %s\n", swt_table_warning(tab, i));
    }
    for (int i = 0; i < swt_table_nrows(tab); ++i) {
        const swt_table_row_t *r = swt_table_row(tab, i);
        int c = swing_topo_choice_coll(r->coll);
        const char *const *rooted = swing_choice_rooted(r->coll);
        swing_choice_t ch;
        if (c < 0 && NULL != rooted) {
            if (!swing_choice_rooted_knows(rooted, r->alg) && !swing_choice_ompi(r->coll, r->alg)) {
                fprintf(stderr,
                        "swing-topo: %s:%d: decide row ignored: %s has no algorithm "
                        "'%s'\n",
                        swt_table_origin(tab), r->line, r->coll, r->alg);
            }
            continue;
        }
        if (c < 0) {
            fprintf(stderr,
                    "swing-topo: %s:%d: decide row ignored: swing serves no collective "
                    "'%s'\n",
                    swt_table_origin(tab), r->line, r->coll);
            continue;
        }
        swing_choice_of(c, &ch);
        if (swing_choice_alg(&ch, r->alg) < -1 && !swing_choice_ompi(r->coll, r->alg)) {
            fprintf(stderr, "swing-topo: %s:%d: decide row ignored: %s has no algorithm '%s'\n",
                    swt_table_origin(tab), r->line, r->coll, r->alg);
        }
    }
}
