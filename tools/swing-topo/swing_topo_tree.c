/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing-topo, the tree view (--coll bcast|reduce|gather|scatter --root R):
 * the trees and chains of swt_tree.h as the component runs them. This
 * file holds what the subcommands share (the options, the forms, a form's
 * trees and a step's name) and the views of one rank or one step: show
 * (the step at which every rank gets or gives its data, and its parent),
 * explain (one rank's steps, every part) and the messages of one step for
 * svg. The statistics over all ranks (hops, congestion, predict) are in
 * swing_topo_tree_stats.c.
 */
#include "swing_topo.h"
#include "swt_layout.h"

#include <stdlib.h>
#include <string.h>

int swing_topo_tree_option(const char *cmd, int opt, const char *arg, swing_topo_tree_t *t)
{
    static const char *const colls[SWT_COLL_COUNT] = { "bcast", "reduce", "gather", "scatter" };

    switch (opt) {
    case 'C':
        for (int c = 0; c < SWT_COLL_COUNT; ++c) {
            if (0 == strcmp(arg, colls[c])) {
                t->given = 1;
                t->coll = (swt_coll_t) c;
                return 0;
            }
        }
        return swing_topo_usage(cmd,
                                "--coll: expected bcast, reduce, gather or scatter, got "
                                "'%s'",
                                arg);
    case 'R':
        if (0 != swing_topo_parse_size(arg, &t->root) || t->root > 1e12) {
            return swing_topo_usage(cmd, "--root: expected a rank number, got '%s'", arg);
        }
        return 0;
    case 'O':
        if (0 == strcmp(arg, "far")) {
            t->order = SWT_TREE_FAR_FIRST;
        } else if (0 == strcmp(arg, "near")) {
            t->order = SWT_TREE_NEAR_FIRST;
        } else {
            return swing_topo_usage(cmd, "--order: expected far or near, got '%s'", arg);
        }
        return 0;
    default: return swing_topo_usage(cmd, "internal: not a tree option");
    }
}

int swing_topo_tree_check(const char *cmd, const swing_topo_tree_t *t, int root_given)
{
    if (!t->given && (root_given || SWT_TREE_DEFAULT != t->order)) {
        return swing_topo_usage(cmd, "--root and --order (show: --alg) need --coll");
    }
    return 0;
}

static const swing_topo_tform_t swing_topo_tforms[] = {
    { "swing", SWT_ALG_SWING, 0, 0 },    { "rd", SWT_ALG_RD, 0, 0 },
    { "swing_mp", SWT_ALG_SWING, 1, 0 }, { "rd_mp", SWT_ALG_RD, 1, 0 },
    { "ring", SWT_ALG_RING, 1, 0 },      { "linear", SWT_ALG_RING, 0, 1 },
};
#define SWING_TOPO_NTFORMS ((int) (sizeof(swing_topo_tforms) / sizeof(swing_topo_tforms[0])))

int swing_topo_tree_form(const char *text, swing_topo_tform_t *f)
{
    for (int i = 0; i < SWING_TOPO_NTFORMS; ++i) {
        if (0 == strcmp(text, swing_topo_tforms[i].name)) {
            *f = swing_topo_tforms[i];
            return 0;
        }
    }
    return -1;
}

const swing_topo_tform_t *swing_topo_tree_form_at(int i)
{
    return (i >= 0 && i < SWING_TOPO_NTFORMS) ? &swing_topo_tforms[i] : NULL;
}

void swing_topo_tree_opts(const swing_topo_tree_t *t, const swing_topo_tform_t *f,
                          swt_tree_opts_t *o)
{
    memset(o, 0, sizeof(*o));
    o->order = (SWT_ALG_RING == f->alg) ? SWT_TREE_DEFAULT : t->order;
    o->rank_order = f->rank_order;
}

int swing_topo_tree_nparts(const swt_topo_t *topo, const swing_topo_tform_t *f)
{
    swt_tree_opts_t o = { SWT_TREE_DEFAULT, 0, f->rank_order };

    return f->mp ? swt_tree_max_parts(topo, f->alg, &o) : 1;
}

const char *swing_topo_tree_order_name(const swing_topo_tree_t *t, const swing_topo_tform_t *f)
{
    if (SWT_ALG_RING == f->alg) {
        return f->rank_order ? "rank order" : "cycles";
    }
    return SWT_TREE_FAR_FIRST == swt_tree_order(t->coll, &(swt_tree_opts_t){ t->order, 0, 0 })
               ? "far-first"
               : "near-first";
}

/* The root's position, or the usage exit code (and -1). */
long swing_topo_tree_root(const char *cmd, const swt_topo_t *topo, const swing_topo_tree_t *t,
                          int *rc)
{
    long p = swt_shape_size(swt_topo_logical(topo));

    *rc = 0;
    if (t->root >= (double) p) {
        *rc = swing_topo_usage(cmd, "--root %.0f: the topology has ranks 0..%ld", t->root, p - 1);
        return -1;
    }
    return swt_topo_rank_pos(topo, (long) t->root);
}

/* The form's trees, one per part (the chains with nsegs segments). */
int swing_topo_tree_make(const swt_topo_t *topo, const swing_topo_tree_t *t,
                         const swing_topo_tform_t *f, long nsegs, swt_tree_t **trees, int *nparts)
{
    swt_tree_opts_t o;
    int rc = SWT_OK;

    swing_topo_tree_opts(t, f, &o);
    o.nsegs = nsegs;
    *nparts = swing_topo_tree_nparts(topo, f);
    for (int j = 0; j < *nparts; ++j) {
        trees[j] = NULL;
    }
    for (int j = 0; j < *nparts && SWT_OK == rc; ++j) {
        rc = swt_tree_create(topo, f->alg, t->coll, &o, j, *nparts, &trees[j]);
    }
    return rc;
}

void swing_topo_tree_free(swt_tree_t **trees, int nparts)
{
    for (int j = 0; j < nparts; ++j) {
        swt_tree_destroy(trees[j]);
        trees[j] = NULL;
    }
}

static const char *swing_tree_op(swt_op_t op)
{
    switch (op) {
    case SWT_OP_SEND: return "send";
    case SWT_OP_RECV: return "recv";
    case SWT_OP_RECV_REDUCE: return "recv-reduce";
    case SWT_OP_AG: return "send+recv";
    case SWT_OP_RS: return "send+reduce";
    case SWT_OP_FOLD_SEND: return "fold-send";
    case SWT_OP_FOLD_RECV: return "fold-recv";
    case SWT_OP_UNFOLD_SEND: return "unfold-send";
    case SWT_OP_UNFOLD_RECV: return "unfold-recv";
    case SWT_OP_IDLE: return "idle";
    default: return "?";
    }
}

int swing_topo_tree_sends(swt_op_t op)
{
    return SWT_OP_SEND == op || SWT_OP_AG == op || SWT_OP_RS == op || SWT_OP_FOLD_SEND == op
           || SWT_OP_UNFOLD_SEND == op;
}

static int swing_tree_recvs(swt_op_t op)
{
    return SWT_OP_RECV == op || SWT_OP_RECV_REDUCE == op || SWT_OP_AG == op || SWT_OP_RS == op
           || SWT_OP_FOLD_RECV == op || SWT_OP_UNFOLD_RECV == op;
}

/*
 * What step i of root's lists is, from a rank active in it: "core s=S",
 * "fold x", "unfold y", "hand-over x", "hand-back x", or a chain's
 * "segments".
 */
const char *swing_topo_tree_phase(const swt_topo_t *topo, const swing_topo_tree_t *t,
                                  const swt_tree_t *tree, long root, int i, char *buf, size_t len)
{
    long p = swt_shape_size(swt_topo_logical(topo));
    swt_step_t *st = malloc(sizeof(swt_step_t) * (size_t) (swt_tree_max_steps(tree) + 1));
    int down = (SWT_COLL_BCAST == t->coll || SWT_COLL_SCATTER == t->coll);
    char dn[16];

    snprintf(buf, len, "-");
    for (long x = 0; x < p && NULL != st; ++x) {
        int n;
        const swt_step_t *s;
        if (SWT_OK != swt_tree_steps(tree, root, x, st, &n) || i >= n || SWT_OP_IDLE == st[i].op) {
            continue;
        }
        s = &st[i];
        swing_topo_dim_name(s->move.dim, dn, sizeof(dn));
        if (s->move.k >= 0) {
            snprintf(buf, len, "core s=%d", s->core_step);
        } else if (SWT_OP_FOLD_SEND == s->op || SWT_OP_FOLD_RECV == s->op) {
            snprintf(buf, len, "fold %s", dn);
        } else if (SWT_OP_UNFOLD_SEND == s->op || SWT_OP_UNFOLD_RECV == s->op) {
            snprintf(buf, len, "unfold %s", dn);
        } else if (s->core_step >= 0) {
            snprintf(buf, len, "segments");
        } else {
            snprintf(buf, len, "%s %s", down ? "hand-over" : "hand-back", dn);
        }
        break;
    }
    free(st);
    return buf;
}

/* Every rank's list of one tree for root: lists[x] (room for max steps). */
static int swing_tree_lists(const swt_tree_t *tree, long root, long p, swt_step_t **lists, int *len)
{
    int cap = swt_tree_max_steps(tree) + 1, rc = SWT_OK;

    for (long x = 0; x < p && SWT_OK == rc; ++x) {
        lists[x] = malloc(sizeof(swt_step_t) * (size_t) cap);
        rc = (NULL != lists[x]) ? swt_tree_steps(tree, root, x, lists[x], &len[x]) : SWT_ERR_NOMEM;
    }
    return rc;
}

static void swing_tree_lists_free(swt_step_t **lists, long p)
{
    for (long x = 0; x < p; ++x) {
        free(lists[x]);
        lists[x] = NULL;
    }
}

/* The step at which x gets the data (bcast, scatter) or gives it (reduce,
   gather), and the rank on the other side; -1 for none. */
static int swing_tree_moment(const swing_topo_tree_t *t, const swt_step_t *l, int n, long *other)
{
    int down = (SWT_COLL_BCAST == t->coll || SWT_COLL_SCATTER == t->coll);

    for (int i = 0; i < n; ++i) {
        if (down ? swing_tree_recvs(l[i].op) : swing_topo_tree_sends(l[i].op)) {
            *other = down ? l[i].from : l[i].peer;
            return i;
        }
    }
    *other = -1;
    return -1;
}

/* Resolves --alg (default swing) into a form; mp selects the multiport one. */
static int swing_tree_parse_form(const char *cmd, const char *alg, int mp, swing_topo_tform_t *f)
{
    char name[32];

    alg = (NULL != alg) ? alg : "swing";
    snprintf(name, sizeof(name), "%s%s", alg,
             mp && (0 == strcmp(alg, "swing") || 0 == strcmp(alg, "rd")) ? "_mp" : "");
    if (0 != swing_topo_tree_form(name, f)) {
        return swing_topo_usage(cmd,
                                "--alg: expected swing, rd, swing_mp, rd_mp, ring or "
                                "linear, got '%s'",
                                alg);
    }
    return 0;
}

static void swing_tree_grid(const swt_topo_t *topo, const int *moment, long root_pos, int width)
{
    const swt_shape_t *g = swt_topo_grid(topo);
    int nx = g->dims[0], ny = (g->ndims > 1) ? g->dims[1] : 1, t[SWT_MAX_DIMS];
    long slices = swt_shape_size(g) / ((long) nx * ny);

    for (long sl = 0; sl < slices; ++sl) {
        swt_shape_coords(g, sl * nx * ny, t);
        if (g->ndims > 2) {
            printf("slice");
            for (int d = 2; d < g->ndims; ++d) {
                printf(" d%d=%d", d, t[d]);
            }
            printf(":\n");
        }
        printf("%*s", 5, "");
        for (int x = 0; x < nx; ++x) {
            printf(" %*d", width, x);
        }
        printf("\n");
        for (int y = 0; y < ny; ++y) {
            printf("%s%3d ", g->ndims > 1 ? "y" : " ", y);
            for (int x = 0; x < nx; ++x) {
                long pos;
                t[0] = x;
                if (g->ndims > 1) {
                    t[1] = y;
                }
                pos = swt_topo_pos_at(topo, t);
                if (pos < 0) {
                    printf(" %*s", width, ".");
                } else if (pos == root_pos) {
                    printf(" %*s", width, "*");
                } else {
                    printf(" %*d", width, moment[pos]);
                }
            }
            printf("\n");
        }
    }
}

int swing_topo_tree_show(const swt_topo_t *topo, const swing_topo_tree_t *t, const char *alg,
                         int list)
{
    const swt_shape_t *lg = swt_topo_logical(topo);
    long p = swt_shape_size(lg), root;
    swt_tree_t *trees[2 * SWT_MAX_DIMS];
    swt_step_t **lists = calloc((size_t) p, sizeof(swt_step_t *));
    int *len = calloc((size_t) p, sizeof(int)), *moment = calloc((size_t) p, sizeof(int));
    long *other = calloc((size_t) p, sizeof(long));
    swing_topo_tform_t f;
    int rc, nparts = 0, width = 3,
            down = (SWT_COLL_BCAST == t->coll || SWT_COLL_SCATTER == t->coll);
    swt_net_t *net = NULL;

    root = swing_topo_tree_root("show", topo, t, &rc);
    if (0 == rc) {
        rc = swing_tree_parse_form("show", alg, 0, &f);
    }
    if (0 != rc) {
        goto out;
    }
    if (NULL == lists || NULL == len || NULL == moment || NULL == other
        || SWT_OK != swt_net_create(topo, &net)
        || SWT_OK != swing_topo_tree_make(topo, t, &f, 1, trees, &nparts)) {
        fprintf(stderr, "swing-topo show: cannot build the %s trees\n", f.name);
        rc = SWING_TOPO_EXIT_FAIL;
        goto out;
    }
    for (int j = 0; j < nparts; ++j) {
        int most = 0;
        if (SWT_OK != swing_tree_lists(trees[j], root, p, lists, len)) {
            rc = SWING_TOPO_EXIT_FAIL;
            break;
        }
        for (long x = 0; x < p; ++x) {
            moment[x] = swing_tree_moment(t, lists[x], len[x], &other[x]);
            most = (moment[x] > most) ? moment[x] : most;
        }
        for (width = 3; most >= 1000; most /= 10) {
            ++width;
        }
        printf("\n%s from rank %.0f, %s (%s), part %d of %d: the step at which each rank %s "
               "(root: *)\n",
               swt_coll_name(t->coll), t->root, f.name, swing_topo_tree_order_name(t, &f), j,
               nparts, down ? "receives" : "sends");
        if (swt_shape_size(swt_topo_grid(topo)) <= 65536) {
            swing_tree_grid(topo, moment, root, width);
        }
        if (list) {
            printf("%6s %6s %4s %-12s %3s %3s %6s %6s\n", "rank", down ? "from" : "to", "step",
                   "op", "dim", "dir", "dist", "hops");
            for (long r = 0; r < p; ++r) {
                long x = swt_topo_rank_pos(topo, r);
                const swt_step_t *s;
                swt_route_t rt;
                char dn[16];
                int dir;
                if (moment[x] < 0) {
                    printf("%6ld %6s %4s %-12s\n", r, "-", "-", x == root ? "root" : "-");
                    continue;
                }
                s = &lists[x][moment[x]];
                dir = swing_topo_tree_sends(s->op) ? s->move.dir : -s->move.dir;
                if (swing_topo_tree_sends(s->op)) {
                    swt_net_route(net, x, s->peer, dir, &rt);
                } else {
                    swt_net_route(net, s->from, x, dir, &rt);
                }
                printf("%6ld %6ld %4d %-12s %3s %3s %6ld %6ld\n", r,
                       swt_topo_pos_rank(topo, other[x]), moment[x], swing_tree_op(s->op),
                       swing_topo_dim_name(s->move.dim, dn, sizeof(dn)), dir > 0 ? "+" : "-",
                       s->move.dist, rt.hops);
            }
        }
        swing_tree_lists_free(lists, p);
    }
out:
    swing_topo_tree_free(trees, nparts);
    swt_net_destroy(net);
    free(lists);
    free(len);
    free(moment);
    free(other);
    return rc;
}

/* Bytes a step sends of part j: a block range, a fold group, or the slice. */
static double swing_tree_sent(const swing_topo_tree_t *t, const swt_tree_t *tree,
                              const swt_layout_t *lay, long pos, const swt_step_t *s, size_t slice,
                              size_t piece)
{
    size_t first, n;

    if (!swing_topo_tree_sends(s->op)) {
        return 0.0;
    }
    if (NULL == lay) {
        if (SWT_OP_FOLD_SEND == s->op || SWT_OP_UNFOLD_SEND == s->op) {
            return (double) slice;
        }
        swt_block_elems(slice, swt_tree_nblocks(tree), s->send_lo, s->send_n, &first, &n);
        return (double) n;
    }
    if (SWT_OP_FOLD_SEND == s->op) {
        return (double) piece * (double) swt_layout_group(lay, pos);
    }
    if (SWT_OP_UNFOLD_SEND == s->op) {
        return (double) piece * (double) swt_layout_group(lay, s->peer);
    }
    (void) t;
    return (double) piece
           * (double) (swt_layout_first(lay, s->send_lo + s->send_n)
                       - swt_layout_first(lay, s->send_lo));
}

static void swing_tree_range(char *buf, size_t len, long lo, long n)
{
    if (n > 0) {
        snprintf(buf, len, "[%ld,%ld)", lo, lo + n);
    } else {
        snprintf(buf, len, "-");
    }
}

/* One part's steps of pos, as explain prints them. */
static void swing_tree_explain_part(const swt_topo_t *topo, const swing_topo_tree_t *t,
                                    swt_net_t *net, const swt_tree_t *tree, const swt_layout_t *lay,
                                    long root, long pos, size_t slice, size_t piece)
{
    swt_step_t *st = malloc(sizeof(swt_step_t) * (size_t) (swt_tree_max_steps(tree) + 1));
    long tot_hops = 0, tot_dist = 0;
    double tot_bytes = 0.0;
    int n = 0;

    if (NULL == st || SWT_OK != swt_tree_steps(tree, root, pos, st, &n)) {
        free(st);
        return;
    }
    printf("%4s %4s %-12s %6s %6s %3s %3s %6s %6s %12s %-13s %-13s\n", "step", "s", "op", "peer",
           "from", "dim", "dir", "dist", "hops", "bytes-sent", "send-blocks", "recv-blocks");
    for (int i = 0; i < n; ++i) {
        const swt_step_t *s = &st[i];
        int sends = swing_topo_tree_sends(s->op);
        int dir = sends ? s->move.dir : -s->move.dir;
        double sent = swing_tree_sent(t, tree, lay, pos, s, slice, piece);
        char cs[16] = "-", dn[16], sb[48], rb[48], peer[24] = "-", from[24] = "-";
        swt_route_t rt;
        if (SWT_OP_IDLE == s->op) {
            printf("%4d %4s %-12s\n", i, "-", "idle");
            continue;
        }
        if (sends) {
            swt_net_route(net, pos, s->peer, dir, &rt);
            snprintf(peer, sizeof(peer), "%ld", swt_topo_pos_rank(topo, s->peer));
        } else {
            swt_net_route(net, s->from, pos, dir, &rt);
        }
        if (swing_tree_recvs(s->op)) {
            snprintf(from, sizeof(from), "%ld", swt_topo_pos_rank(topo, s->from));
        }
        if (s->move.k >= 0) {
            snprintf(cs, sizeof(cs), "%d", s->core_step);
        }
        swing_tree_range(sb, sizeof(sb), s->send_lo, s->send_n);
        swing_tree_range(rb, sizeof(rb), s->recv_lo, s->recv_n);
        printf("%4d %4s %-12s %6s %6s %3s %3s %6ld %6ld %12.0f %-13s %-13s\n", i, cs,
               swing_tree_op(s->op), peer, from, swing_topo_dim_name(s->move.dim, dn, sizeof(dn)),
               dir > 0 ? "+" : "-", s->move.dist, rt.hops, sent, sb, rb);
        if (sends) {
            tot_hops += rt.hops;
            tot_dist += s->move.dist;
            tot_bytes += sent;
        }
    }
    printf("total sent: %d steps, %ld logical hops, %ld physical hops, %.0f bytes\n", n, tot_dist,
           tot_hops, tot_bytes);
    free(st);
}

int swing_topo_tree_explain(const swt_topo_t *topo, const swing_topo_tree_t *t, const char *alg,
                            int mp, long rank, double bytes)
{
    const swt_shape_t *lg = swt_topo_logical(topo);
    long p = swt_shape_size(lg), root, pos = swt_topo_rank_pos(topo, rank), nsegs = 1;
    int blocks = (SWT_COLL_GATHER == t->coll || SWT_COLL_SCATTER == t->coll);
    swt_tree_t *trees[2 * SWT_MAX_DIMS];
    swt_layout_t *lay[2 * SWT_MAX_DIMS] = { NULL };
    swt_net_t *net = NULL;
    swing_topo_tform_t f;
    int rc, nparts = 0, c[SWT_MAX_DIMS];
    char cb[128];

    root = swing_topo_tree_root("explain", topo, t, &rc);
    if (0 == rc) {
        rc = swing_tree_parse_form("explain", alg, mp, &f);
    }
    if (0 != rc) {
        return rc;
    }
    if (SWT_ALG_RING == f.alg) {
        swt_tree_model_t *m = NULL;
        swt_tree_opts_t o;
        swing_topo_tree_opts(t, &f, &o);
        if (SWT_OK == swt_tree_model_create(topo, NULL, root, &m)) {
            nsegs = swt_tree_model_nsegs(m, t->coll, &o, swing_topo_tree_nparts(topo, &f), bytes);
        }
        swt_tree_model_destroy(m);
    }
    rc = swing_topo_tree_make(topo, t, &f, nsegs, trees, &nparts);
    for (int j = 0; j < nparts && SWT_OK == rc && blocks; ++j) {
        rc = swt_layout_create_part(topo, f.alg, j, &lay[j]);
    }
    if (SWT_OK == rc) {
        rc = swt_net_create(topo, &net);
    }
    if (SWT_OK != rc) {
        fprintf(stderr, "swing-topo explain: %s %s: %s\n", f.name, swt_coll_name(t->coll),
                SWT_ERR_INVALID == rc ? "not offered (chains: bcast and reduce only)"
                                      : swt_strerror(rc));
        rc = SWING_TOPO_EXIT_FAIL;
        goto out;
    }
    swt_shape_coords(lg, pos, c);
    printf("topology %s, %s from rank %.0f (%s %s, %d part%s), rank %ld at %s, %.0f bytes%s\n",
           swt_topo_name(topo), swt_coll_name(t->coll), t->root, f.name,
           swing_topo_tree_order_name(t, &f), nparts, nparts > 1 ? "s" : "", rank,
           swing_topo_coords(c, lg->ndims, cb, sizeof(cb)), bytes,
           blocks ? " (the whole vector, p blocks)" : "");
    if (SWT_ALG_RING == f.alg) {
        printf("segments: %ld per part (the model's best for this size)\n", nsegs);
    }
    if (blocks) {
        printf("blocks: the core blocks of the reduce-scatter layout of each part "
               "(swt_layout_create_part); a block holds a fold group\n");
    }
    for (int j = 0; j < nparts; ++j) {
        size_t first, slice, pf, piece;
        swt_part_elems((size_t) bytes, nparts, j, &first, &slice);
        swt_part_elems((size_t) bytes / (size_t) p, nparts, j, &pf, &piece);
        if (nparts > 1 || SWT_ALG_RING == f.alg) {
            char dn[16];
            printf("\npart %d of %d: ", j, nparts);
            if (blocks) {
                printf("bytes [%zu,%zu) of every block, ", pf, pf + piece);
            } else {
                printf("bytes [%zu,%zu), ", first, first + slice);
            }
            if (SWT_ALG_RING == f.alg) {
                printf("%s %s\n", f.rank_order ? "ranks in order" : "cycle",
                       f.rank_order ? (j ? "backward" : "forward")
                                    : (j % 2 ? "backward" : "forward"));
            } else {
                swt_walk_t w;
                swt_part_walk(lg, f.alg, j, &w);
                printf("walk from %s%s\n", swing_topo_dim_name(w.first, dn, sizeof(dn)),
                       w.mirror ? ", mirrored" : "");
            }
        }
        swing_tree_explain_part(topo, t, net, trees[j], lay[j], root, pos, slice, piece);
    }
    rc = 0;
out:
    for (int j = 0; j < nparts; ++j) {
        swt_layout_destroy(lay[j]);
    }
    swing_topo_tree_free(trees, nparts);
    swt_net_destroy(net);
    return rc;
}

int swing_topo_tree_messages(const swt_topo_t *topo, const swing_topo_tree_t *t, const char *alg,
                             int step, swt_msg_t **msgs, int **part, long *n, int *nsteps,
                             char *caption, size_t len)
{
    long p = swt_shape_size(swt_topo_logical(topo)), root;
    swt_tree_t *trees[2 * SWT_MAX_DIMS];
    swt_step_t **lists = calloc((size_t) p, sizeof(swt_step_t *));
    int *lens = calloc((size_t) p, sizeof(int));
    swing_topo_tform_t f;
    int rc, nparts = 0;
    char pn[48];

    *msgs = NULL;
    *part = NULL;
    *n = 0;
    *nsteps = 0;
    root = swing_topo_tree_root("svg", topo, t, &rc);
    if (0 == rc) {
        rc = swing_tree_parse_form("svg", alg, 0, &f);
    }
    if (0 != rc) {
        goto out;
    }
    rc = SWING_TOPO_EXIT_FAIL;
    /* a chain with p segments: step p - 2 has every hop busy */
    if (NULL == lists || NULL == lens
        || SWT_OK != swing_topo_tree_make(topo, t, &f, p > 1 ? p : 1, trees, &nparts)) {
        fprintf(stderr, "swing-topo svg: cannot build the %s %s\n", f.name, swt_coll_name(t->coll));
        goto out;
    }
    *msgs = malloc(sizeof(swt_msg_t) * (size_t) (p * nparts));
    *part = malloc(sizeof(int) * (size_t) (p * nparts));
    if (NULL == *msgs || NULL == *part) {
        goto out;
    }
    for (int j = 0; j < nparts; ++j) {
        if (SWT_OK != swing_tree_lists(trees[j], root, p, lists, lens)) {
            goto out;
        }
        for (long x = 0; x < p; ++x) {
            const swt_step_t *s = (step < lens[x]) ? &lists[x][step] : NULL;
            *nsteps = (lens[x] > *nsteps) ? lens[x] : *nsteps;
            if (NULL != s && swing_topo_tree_sends(s->op)) {
                swt_msg_t *m = &(*msgs)[*n];
                m->from = x;
                m->to = s->peer;
                m->dir = s->move.dir;
                m->dist = s->move.dist;
                m->weight = 1;
                (*part)[(*n)++] = (nparts > 1) ? j : -1;
            }
        }
        swing_tree_lists_free(lists, p);
    }
    if (step < *nsteps) {
        swing_topo_tree_phase(topo, t, trees[0], root, step, pn, sizeof(pn));
    } else {
        snprintf(pn, sizeof(pn), "-");
    }
    snprintf(caption, len, "%s from rank %.0f, %s (%s), step %d (%s)%s", swt_coll_name(t->coll),
             t->root, f.name, swing_topo_tree_order_name(t, &f), step, pn,
             SWT_ALG_RING == f.alg ? ", S = p segments" : "");
    rc = 0;
out:
    if (NULL != lists) {
        swing_tree_lists_free(lists, p);
    }
    if (0 != rc) {
        free(*msgs);
        free(*part);
        *msgs = NULL;
        *part = NULL;
    }
    swing_topo_tree_free(trees, nparts);
    free(lists);
    free(lens);
    return rc;
}
