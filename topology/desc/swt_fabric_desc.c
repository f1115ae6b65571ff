/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The statements of networks of groups (presets/FORMAT.md), parsed and
 * printed:
 *   dragonfly G,A[,H[,R]]    G groups of A nodes, H global links per
 *                            joined pair (1), at R x a local link (1)
 *   fattree L,N[,U[,R]]      L leaves of N nodes, U uplinks per leaf, one
 *                            to each of U spines (N), at R x a node link (1)
 *   pairs all|ring|G-H,...   dragonfly: the pairs of groups joined (all)
 *   slots K                  ranks per node (1)
 *   place blocks|roundrobin|[nodes] LIST
 *                            where ranks go (blocks); LIST: the node of
 *                            each rank in turn
 * and the logical shape such a description runs its schedules on: the
 * ring of its ranks unless a "logical" statement gives another of the same
 * size. The parser (swt_desc_parse.c) calls swt_desc_fabric before the
 * logical shape and swt_desc_fabric_logical for it; the printer
 * (swt_desc_format.c) calls swt_desc_fabric_format.
 */
#include "swt_topo_int.h"
#include "swt_fabric_int.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Largest rate of an upper link over a local one. */
#define SWT_FABRIC_MAX_RATE 1e6

static const stmt_t *fabric_find(const pstate_t *ps, int kw)
{
    for (size_t i = 0; i < ps->nstmts; ++i) {
        if (ps->stmts[i].kw == kw) {
            return &ps->stmts[i];
        }
    }
    return NULL;
}

static const char *fabric_kw(const stmt_t *st)
{
    return (st->kw >= KW_COUNT) ? swt_desc_kw_fabric[st->kw - KW_COUNT] : swt_desc_kw_names[st->kw];
}

/* Between min and max arguments (max < 0: no limit). */
static int fabric_args(pstate_t *ps, const stmt_t *st, int min, int max, const char *expected)
{
    if (st->ntok < min) {
        return PERR(ps, st->line, st->endcol, "'%s' expects %s", fabric_kw(st), expected);
    }
    if (max >= 0 && st->ntok > max) {
        const tok_t *t = &st->tok[max];
        return PERR(ps, st->line, t->col, "unexpected '%.*s' after '%s': expected %s",
                    t->len > 32 ? 32 : t->len, t->s, fabric_kw(st), expected);
    }
    return SWT_OK;
}

/* A rate: a finite number > 0, at most SWT_FABRIC_MAX_RATE. */
static int fabric_rate(pstate_t *ps, int line, int col, const char *s, int len, double *out)
{
    char buf[64], *end;
    double v;

    if (len <= 0 || len >= (int) sizeof(buf)) {
        return PERR(ps, line, col,
                    "expected a rate such as 0.5 (an upper link's rate over "
                    "a local link's)");
    }
    memcpy(buf, s, (size_t) len);
    buf[len] = '\0';
    errno = 0;
    v = swt_topo_strtod(buf, &end);
    if ('\0' != *end || end == buf || 0 != errno || !isfinite(v) || v <= 0
        || v > SWT_FABRIC_MAX_RATE) {
        return PERR(ps, line, col, "expected a rate > 0 and at most %g, such as 0.5",
                    SWT_FABRIC_MAX_RATE);
    }
    *out = v;
    return SWT_OK;
}

/*
 * "G,A[,H[,R]]" of a dragonfly, "L,N[,U[,R]]" of a fat tree: the network,
 * not yet built. H defaults to 1, U to N (no oversubscription), R to 1.
 */
static int fabric_shape(pstate_t *ps, const stmt_t *st, swt_fabric_t **out)
{
    static const char *const df[3] = { "groups", "nodes per group", "global links per pair" };
    static const char *const ft[3] = { "leaves", "nodes per leaf", "uplinks per leaf" };
    static const long dmax[3] = { SWT_FABRIC_MAX_GROUPS, SWT_FABRIC_MAX_NODES,
                                  SWT_FABRIC_MAX_LINKS };
    static const long fmax[3] = { SWT_FABRIC_MAX_GROUPS * 64, SWT_FABRIC_MAX_NODES,
                                  SWT_FABRIC_MAX_SPINES };
    int dragonfly = (KW_DRAGONFLY == st->kw), nf = 0, err;
    const char *const *what = dragonfly ? df : ft;
    const tok_t *t;
    long v[3] = { 0, 0, 1 };
    double rate = 1.0;

    err = fabric_args(ps, st, 1, 1,
                      dragonfly ? "G,A[,H[,R]]: groups, nodes per group, "
                                  "global links per pair, their rate (such as 4,4 or 8,16,2,0.5)"
                                : "L,N[,U[,R]]: leaves, nodes per leaf, uplinks per leaf, their "
                                  "rate (such as 4,4,2)");
    if (SWT_OK != err) {
        return err;
    }
    t = &st->tok[0];
    for (int i = 0; i <= t->len; ++nf) {
        int j = i;
        while (j < t->len && ',' != t->s[j]) {
            ++j;
        }
        if (4 == nf) {
            return PERR(ps, st->line, t->col + i, "too many fields: expected at most 4 (%s)",
                        dragonfly ? "G,A,H,R" : "L,N,U,R");
        }
        if (3 == nf) {
            err = fabric_rate(ps, st->line, t->col + i, t->s + i, j - i, &rate);
        } else {
            err = swt_desc_num(ps, st->line, t->col + i, t->s + i, j - i,
                               dragonfly ? dmax[nf] : fmax[nf], what[nf], &v[nf]);
            if (SWT_OK == err && 0 == v[nf]) {
                err = PERR(ps, st->line, t->col + i, "%s: expected at least 1", what[nf]);
            }
        }
        if (SWT_OK != err) {
            return err;
        }
        i = j + 1;
    }
    if (nf < 2) {
        return PERR(ps, st->line, st->endcol, "expected %s after the %s",
                    dragonfly ? ",A (nodes per group)" : ",N (nodes per leaf)", what[0]);
    }
    if (!dragonfly && nf < 3) {
        v[2] = (v[1] < SWT_FABRIC_MAX_SPINES) ? v[1] : SWT_FABRIC_MAX_SPINES;
    }
    if (v[0] * v[1] > SWT_FABRIC_MAX_NODES) {
        return PERR(ps, st->line, t->col, "%ld nodes: at most %ld", v[0] * v[1],
                    (long) SWT_FABRIC_MAX_NODES);
    }
    *out = swt_fabric_alloc(dragonfly ? SWT_FABRIC_DRAGONFLY : SWT_FABRIC_FATTREE, (int) v[0],
                            (int) v[1], (int) v[2], rate);
    return (NULL == *out) ? swt_desc_nomem(ps) : SWT_OK;
}

/* "pairs all", "pairs ring" or "pairs 0-1,1-2 2-3". */
static int fabric_pairs(pstate_t *ps, const stmt_t *st, swt_fabric_t *fab)
{
    int G = fab->groups, err;

    err = fabric_args(ps, st, 1, -1, "all, ring, or pairs of groups such as 0-1,1-2,2-3");
    if (SWT_OK != err) {
        return err;
    }
    if (swt_desc_tok_is(&st->tok[0], "all")) {
        return fabric_args(ps, st, 1, 1, "nothing after 'all'");
    }
    if (G > SWT_FABRIC_MAX_PAIR_GROUPS) {
        return PERR(ps, st->line, st->tok[0].col,
                    "a dragonfly of %d groups joins every "
                    "pair: 'pairs' takes at most %d groups",
                    G, SWT_FABRIC_MAX_PAIR_GROUPS);
    }
    if (SWT_OK != swt_fabric_pairs_none(fab)) {
        return swt_desc_nomem(ps);
    }
    if (swt_desc_tok_is(&st->tok[0], "ring")) {
        for (int g = 0; g < G && G > 1; ++g) {
            swt_fabric_join(fab, g, (g + 1) % G);
        }
        return fabric_args(ps, st, 1, 1, "nothing after 'ring'");
    }
    for (int k = 0; k < st->ntok; ++k) {
        const tok_t *t = &st->tok[k];
        for (int i = 0; i <= t->len;) {
            int j = i, col = t->col + i;
            long g, h;
            while (j < t->len && ',' != t->s[j]) {
                ++j;
            }
            if (NULL == memchr(t->s + i, '-', (size_t) (j - i))) {
                return PERR(ps, st->line, col, "expected a pair of groups such as 0-1");
            }
            err = swt_desc_range(ps, st->line, col, t->s + i, j - i, G - 1, 1, "a group", &g, &h);
            if (SWT_OK != err) {
                return err;
            }
            if (g == h) {
                return PERR(ps, st->line, col,
                            "pair %ld-%ld: a group is not joined to "
                            "itself",
                            g, h);
            }
            if (swt_fabric_joined(fab, (int) g, (int) h)) {
                return PERR(ps, st->line, col, "pair %ld-%ld listed twice", g, h);
            }
            swt_fabric_join(fab, (int) g, (int) h);
            i = j + 1;
        }
    }
    return SWT_OK;
}

typedef struct place_arg {
    long *list;
    long n;
} place_arg_t;

static int place_node(pstate_t *ps, int line, int col, long v, void *arg)
{
    place_arg_t *pa = arg;

    if (pa->n == SWT_FABRIC_MAX_RANKS) {
        return PERR(ps, line, col, "more than %ld ranks listed", (long) SWT_FABRIC_MAX_RANKS);
    }
    pa->list[pa->n++] = v;
    return SWT_OK;
}

/* "slots K" and "place blocks|roundrobin|nodes LIST". */
static int fabric_place(pstate_t *ps, const stmt_t *slots, const stmt_t *place, swt_fabric_t *fab)
{
    swt_place_t mode = SWT_PLACE_BLOCKS;
    place_arg_t pa = { NULL, 0 };
    long k = 1;
    char why[160];
    int err = SWT_OK, list0 = 1; /* the list's first token */

    if (NULL != slots) {
        err = fabric_args(ps, slots, 1, 1, "the number of ranks per node, such as 2");
        if (SWT_OK == err) {
            err = swt_desc_num(ps, slots->line, slots->tok[0].col, slots->tok[0].s,
                               slots->tok[0].len, SWT_FABRIC_MAX_RANKS, "ranks per node", &k);
        }
        if (SWT_OK == err && 0 == k) {
            err = PERR(ps, slots->line, slots->tok[0].col,
                       "ranks per node: expected at "
                       "least 1");
        }
        if (SWT_OK != err) {
            return err;
        }
    }
    if (NULL != place) {
        const tok_t *m = &place->tok[0];
        err = fabric_args(ps, place, 1, -1,
                          "blocks, roundrobin, or [nodes] and the node "
                          "of each rank in turn");
        if (SWT_OK != err) {
            return err;
        }
        if (swt_desc_tok_is(m, "roundrobin")) {
            mode = SWT_PLACE_ROUNDROBIN;
        } else if (swt_desc_tok_is(m, "nodes")) {
            mode = SWT_PLACE_LIST;
        } else if (m->s[0] >= '0' && m->s[0] <= '9') {
            mode = SWT_PLACE_LIST; /* "place 2-15,0-1": a list without "nodes" */
            list0 = 0;
        } else if (!swt_desc_tok_is(m, "blocks")) {
            return PERR(ps, place->line, m->col,
                        "unknown placement '%.*s': expected "
                        "blocks, roundrobin, or [nodes] and a list of nodes",
                        m->len > 32 ? 32 : m->len, m->s);
        }
        err = (SWT_PLACE_LIST == mode)
                  ? fabric_args(ps, place, 1 + list0, -1, "the node of each rank after 'nodes'")
                  : fabric_args(ps, place, 1, 1,
                                "nothing after the placement (ranks per "
                                "node: 'slots K')");
        if (SWT_OK != err) {
            return err;
        }
    }
    if (SWT_PLACE_LIST == mode) {
        if (NULL != slots) {
            return PERR(ps, slots->line, slots->tok[0].col,
                        "'slots' and 'place nodes' "
                        "(line %d): the list gives every rank's node",
                        place->line);
        }
        pa.list = malloc(sizeof(long) * (size_t) SWT_FABRIC_MAX_RANKS);
        if (NULL == pa.list) {
            return swt_desc_nomem(ps);
        }
        err = swt_desc_walk_list(ps, place->line, place->tok + list0, place->ntok - list0,
                                 fab->nnodes - 1, 1, "a node", place_node, &pa);
        if (SWT_OK != err) {
            free(pa.list);
            return err;
        }
        pa.list = realloc(pa.list, sizeof(long) * (size_t) pa.n); /* shrinks: cannot fail */
    }
    why[0] = '\0';
    err = swt_fabric_set_place(fab, mode, (int) k, pa.list, pa.n, why, sizeof(why));
    if (SWT_OK != err) {
        const stmt_t *at = (NULL != slots) ? slots : place;
        free(pa.list);
        if (SWT_ERR_NOMEM == err) {
            return swt_desc_nomem(ps);
        }
        return PERR(ps, NULL != at ? at->line : ps->lastline, 0, "%s", why);
    }
    return SWT_OK;
}

int swt_desc_fabric(pstate_t *ps)
{
    const stmt_t *df = fabric_find(ps, KW_DRAGONFLY), *ft = fabric_find(ps, KW_FATTREE);
    const stmt_t *net = (NULL != df) ? df : ft, *pairs = fabric_find(ps, KW_PAIRS);
    const stmt_t *slots = fabric_find(ps, KW_SLOTS), *place = fabric_find(ps, KW_PLACE);
    const stmt_t *grid = fabric_find(ps, KW_GRID);
    swt_fabric_t *fab = NULL;
    char why[160];
    int err;

    if (NULL == net) {
        const stmt_t *orphan = (NULL != pairs) ? pairs : (NULL != slots) ? slots : place;
        if (NULL != orphan) {
            return PERR(ps, orphan->line, 1,
                        "'%s' needs a 'dragonfly' or 'fattree' "
                        "statement: it describes a network of groups",
                        fabric_kw(orphan));
        }
        return SWT_OK;
    }
    if (NULL != df && NULL != ft) {
        const stmt_t *later = (df->line > ft->line) ? df : ft;
        return PERR(ps, later->line, 1,
                    "'dragonfly' and 'fattree' (line %d): one network "
                    "per description",
                    (later == df) ? ft->line : df->line);
    }
    if (NULL != grid) {
        return PERR(ps, grid->line, 1,
                    "'grid' and '%s' (line %d): a description is a grid "
                    "or a network of groups, not both",
                    fabric_kw(net), net->line);
    }
    if (NULL != pairs && NULL == df) {
        return PERR(ps, pairs->line, 1,
                    "'pairs' joins the groups of a dragonfly: a fat "
                    "tree's leaves all reach every spine");
    }
    err = fabric_shape(ps, net, &fab);
    if (SWT_OK == err && NULL != pairs) {
        err = fabric_pairs(ps, pairs, fab);
    }
    if (SWT_OK == err) {
        why[0] = '\0';
        err = swt_fabric_build(fab, why, sizeof(why));
        if (SWT_ERR_NOMEM == err) {
            err = swt_desc_nomem(ps);
        } else if (SWT_OK != err) {
            err = PERR(ps, (NULL != pairs) ? pairs->line : net->line, 1, "%s", why);
        }
    }
    if (SWT_OK == err) {
        err = fabric_place(ps, slots, place, fab);
    }
    if (SWT_OK != err) {
        swt_fabric_destroy(fab);
        return err;
    }
    ps->t->fabric = fab;
    return SWT_OK;
}

int swt_desc_fabric_logical(pstate_t *ps, const stmt_t *st)
{
    swt_topo_t *t = ps->t;
    long p = t->fabric->nranks;

    if (NULL == st) {
        t->logical.ndims = 1;
        t->logical.dims[0] = (int) p;
        t->size = p;
        return SWT_OK;
    }
    if (t->size != p) {
        return PERR(ps, st->line, st->tok[0].col,
                    "logical shape has %ld positions but the "
                    "network's placement has %ld ranks: expected as many",
                    t->size, p);
    }
    return SWT_OK;
}

typedef struct fab_out {
    char *buf;
    size_t len;
    size_t used;
} fab_out_t;

__attribute__((format(printf, 2, 3))) static void fab_put(fab_out_t *o, const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(o->used < o->len ? o->buf + o->used : NULL,
                  o->used < o->len ? o->len - o->used : 0, fmt, ap);
    va_end(ap);
    if (n > 0) {
        o->used += (size_t) n;
    }
}

/* The node list: runs of consecutive nodes as a-b, either way. */
static void fab_put_nodes(fab_out_t *o, const long *v, long n)
{
    for (long i = 0; i < n;) {
        long j = i, step = 0;
        if (i + 1 < n && (v[i + 1] == v[i] + 1 || v[i + 1] == v[i] - 1)) {
            step = v[i + 1] - v[i];
            while (j + 1 < n && v[j + 1] == v[j] + step) {
                ++j;
            }
        }
        fab_put(o, "%s%ld", (0 == i) ? " " : ",", v[i]);
        if (j > i) {
            fab_put(o, "-%ld", v[j]);
        }
        i = j + 1;
    }
}

int swt_desc_fabric_format(const swt_fabric_t *fab, char *buf, size_t len)
{
    fab_out_t o = { buf, len, 0 };
    char rate[64];
    int all = 1;

    swt_topo_print_double(rate, sizeof(rate), fab->rate);
    fab_put(&o, "%s %d,%d,%d,%s\n", swt_fabric_kind_name(fab), fab->groups, fab->nodes, fab->links,
            rate);
    for (int g = 0; SWT_FABRIC_DRAGONFLY == fab->kind && g < fab->groups; ++g) {
        for (int h = g + 1; h < fab->groups; ++h) {
            all &= swt_fabric_joined(fab, g, h);
        }
    }
    if (!all) {
        const char *sep = " ";
        fab_put(&o, "pairs");
        for (int g = 0; g < fab->groups; ++g) {
            for (int h = g + 1; h < fab->groups; ++h) {
                if (swt_fabric_joined(fab, g, h)) {
                    fab_put(&o, "%s%d-%d", sep, g, h);
                    sep = ",";
                }
            }
        }
        fab_put(&o, "\n");
    }
    if (SWT_PLACE_LIST == fab->place) {
        fab_put(&o, "place nodes");
        fab_put_nodes(&o, fab->rank_node, fab->nranks);
        fab_put(&o, "\n");
    } else {
        fab_put(&o, "slots %d\nplace %s\n", fab->slots,
                SWT_PLACE_ROUNDROBIN == fab->place ? "roundrobin" : "blocks");
    }
    return (int) o.used;
}
