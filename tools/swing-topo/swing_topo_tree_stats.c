/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing-topo, the tree view over all ranks (--coll C --root R): hops (per
 * form and order: messages, physical hops, the bytes every link carries
 * in all and those through wrap-around links, the Bine paper's
 * comparison; on a network of groups those on local and on upper links), congestion (per step: the
 * busiest link and its bytes) and predict (the cost model's times, the trees beside the chains, the
 * rank-order chain and, for broadcast and reduce, scatter + allgather and
 * reduce-scatter + gather). All from the tree model of swt_cost_tree.h.
 */
#include "swing_topo.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Whether form f in order o is one the table shows for coll. */
static int swing_ts_offered(swt_coll_t coll, const swing_topo_tform_t *f, swt_tree_order_t o)
{
    int blocks = (SWT_COLL_GATHER == coll || SWT_COLL_SCATTER == coll);

    if (SWT_ALG_RING == f->alg) {
        return !blocks && SWT_TREE_DEFAULT == o;
    }
    return blocks ? SWT_TREE_NEAR_FIRST == o : SWT_TREE_DEFAULT != o;
}

static int swing_ts_model(const char *cmd, const swt_topo_t *topo, const swing_topo_tree_t *t,
                          const swt_cost_params_t *par, swt_tree_model_t **m)
{
    int rc;
    long root = swing_topo_tree_root(cmd, topo, t, &rc);

    if (0 != rc) {
        return rc;
    }
    if (SWT_OK != swt_tree_model_create(topo, par, root, m)) {
        fprintf(stderr, "swing-topo %s: out of memory\n", cmd);
        return SWING_TOPO_EXIT_FAIL;
    }
    return 0;
}

int swing_topo_tree_hops(const swt_topo_t *topo, const swing_topo_tree_t *t, int csv)
{
    static const swt_tree_order_t orders[3] = { SWT_TREE_FAR_FIRST, SWT_TREE_NEAR_FIRST,
                                                SWT_TREE_DEFAULT };
    const swt_fabric_t *fab = swt_topo_fabric(topo);
    swt_tree_model_t *m = NULL;
    int rc = swing_ts_model("hops", topo, t, NULL, &m);

    if (0 != rc) {
        return rc;
    }
    if (csv) {
        printf("form,order,parts,steps,msgs,hops,link_bytes,%s,busiest\n",
               NULL == fab                                    ? "wrap_bytes"
               : SWT_FABRIC_DRAGONFLY == swt_fabric_kind(fab) ? "local_bytes,global_bytes"
                                                              : "local_bytes,up_bytes");
    } else {
        printf("%s from rank %.0f on %s (%ld ranks): every message of every step on its "
               "route;\nbytes in units of the size n (%s)\n",
               swt_coll_name(t->coll), t->root, swt_topo_name(topo),
               swt_shape_size(swt_topo_logical(topo)),
               (SWT_COLL_GATHER == t->coll || SWT_COLL_SCATTER == t->coll) ? "the whole vector"
                                                                           : "the vector");
        printf("%-9s %-11s %5s %6s %8s %8s %12s ", "form", "order", "parts", "steps", "msgs",
               "hops", "link-bytes");
        if (NULL == fab) {
            printf("%12s %10s\n", "wrap-bytes", "busiest");
        } else {
            printf("%12s %12s %10s\n", "local-bytes",
                   SWT_FABRIC_DRAGONFLY == swt_fabric_kind(fab) ? "global-bytes" : "up-bytes",
                   "busiest");
        }
    }
    for (int i = 0; NULL != swing_topo_tree_form_at(i); ++i) {
        const swing_topo_tform_t *f = swing_topo_tree_form_at(i);
        for (int o = 0; o < 3; ++o) {
            swing_topo_tree_t tt = *t;
            swt_tree_opts_t opts;
            int np = swing_topo_tree_nparts(topo, f), ns;
            long msgs = 0, hops = 0;
            double lb = 0.0, wb = 0.0, busy = 0.0, cb[SWT_LINK_NCLASSES] = { 0.0, 0.0 };
            char steps[32], third[40];
            if (!swing_ts_offered(t->coll, f, orders[o])) {
                continue;
            }
            tt.order = orders[o];
            swing_topo_tree_opts(&tt, f, &opts);
            ns = swt_tree_model_nsteps(m, f->alg, t->coll, &opts, np);
            if (ns < 0) {
                continue;
            }
            for (int s = 0; s < ns; ++s) {
                swt_tree_stats_t st;
                swt_tree_model_step(m, f->alg, t->coll, &opts, np, s, &st);
                msgs += st.nmsgs;
                hops += st.sum_hops;
                lb += st.link_bytes;
                wb += st.wrap_bytes;
                busy += st.max_link;
                for (int c = 0; c < SWT_LINK_NCLASSES; ++c) {
                    cb[c] += st.class_bytes[c];
                }
            }
            /* a grid's wrap-around bytes, or a network's bytes per class */
            if (NULL == fab) {
                snprintf(third, sizeof(third), csv ? "%.6f" : "%12.3f", wb);
            } else {
                snprintf(third, sizeof(third), csv ? "%.6f,%.6f" : "%12.3f %12.3f",
                         cb[SWT_LINK_LOCAL], cb[SWT_LINK_UPPER]);
            }
            if (SWT_ALG_RING == f->alg) {
                /* one busiest step, every segment: its bytes are the vector's */
                snprintf(steps, sizeof(steps), "p+S-2");
            } else {
                snprintf(steps, sizeof(steps), "%d", ns);
            }
            if (csv) {
                printf("%s,%s,%d,%s,%ld,%ld,%.6f,%s,", f->name, swing_topo_tree_order_name(&tt, f),
                       np, steps, msgs, hops, lb, third);
                if (SWT_ALG_RING == f->alg) {
                    printf("\n");
                } else {
                    printf("%.6f\n", busy);
                }
            } else {
                printf("%-9s %-11s %5d %6s %8ld %8ld %12.3f %s ", f->name,
                       swing_topo_tree_order_name(&tt, f), np, steps, msgs, hops, lb, third);
                if (SWT_ALG_RING == f->alg) {
                    printf("%10s\n", "-");
                } else {
                    printf("%10.3f\n", busy);
                }
            }
        }
    }
    if (!csv) {
        printf("msgs, hops: all messages of a tree (a chain: of one step, each segment's);\n"
               "link-bytes: the bytes all links carry together; %s;\n"
               "busiest: the sum over steps of the busiest link's bytes (the model's\n"
               "bandwidth term, times n / beta).\n",
               NULL == fab
                   ? "wrap-bytes: those through wrap-around links"
                   : "local-bytes, global-bytes or up-bytes:\nthose on the nodes' links and on "
                     "the scarce upper links (a message counted\nonce per link it crosses)");
    }
    swt_tree_model_destroy(m);
    return 0;
}

static const char *swing_ts_link(const swt_topo_t *topo, const swt_tree_stats_t *st, char *buf,
                                 size_t len)
{
    const swt_shape_t *g = swt_topo_grid(topo);
    int next[SWT_MAX_DIMS];
    char a[96], b[96], dn[16];

    if (0 == st->nmsgs) {
        snprintf(buf, len, "-");
        return buf;
    }
    if (NULL != swt_topo_fabric(topo)) {
        return swing_topo_fabric_link(swt_topo_fabric(topo), st->busiest_link, buf, len);
    }
    memcpy(next, st->busiest.tile, sizeof(next));
    next[st->busiest.dim] = (next[st->busiest.dim] + st->busiest.dir + g->dims[st->busiest.dim])
                            % g->dims[st->busiest.dim];
    snprintf(buf, len, "%s->%s(%s%c)", swing_topo_coords(st->busiest.tile, g->ndims, a, sizeof(a)),
             swing_topo_coords(next, g->ndims, b, sizeof(b)),
             swing_topo_dim_name(st->busiest.dim, dn, sizeof(dn)), st->busiest.dir > 0 ? '+' : '-');
    return buf;
}

int swing_topo_tree_congestion(const swt_topo_t *topo, const swing_topo_tree_t *t, const char *alg,
                               int csv)
{
    const swt_fabric_t *fab = swt_topo_fabric(topo);
    swt_tree_model_t *m = NULL;
    swing_topo_tform_t only;
    long root;
    int rc;

    if (NULL != alg && 0 != swing_topo_tree_form(alg, &only)) {
        return swing_topo_usage("congestion",
                                "--alg: expected swing, rd, swing_mp, rd_mp, ring "
                                "or linear, got '%s'",
                                alg);
    }
    root = swing_topo_tree_root("congestion", topo, t, &rc);
    rc = (0 == rc) ? swing_ts_model("congestion", topo, t, NULL, &m) : rc;
    if (0 != rc) {
        return rc;
    }
    if (csv) {
        printf("alg,order,step,phase,msgs,max_hops,busiest,link%s\n",
               NULL == fab                                    ? ""
               : SWT_FABRIC_DRAGONFLY == swt_fabric_kind(fab) ? ",local_bytes,global_bytes"
                                                              : ",local_bytes,up_bytes");
    } else {
        printf("%s from rank %.0f on %s: per step, the busiest directed link and its bytes\n"
               "(units of the size n; a chain: of its segment n/S%s)%s\n%-8s %-11s %4s %-14s %8s "
               "%8s %9s  %-22s%s\n",
               swt_coll_name(t->coll), t->root, swt_topo_name(topo),
               NULL == fab ? "" : "; over the link's rate\nrelative to a local link",
               NULL == fab ? "" : ", and the bytes all local\nand all upper links carry", "alg",
               "order", "step", "phase", "msgs", "max_hops", "busiest", "link",
               NULL == fab                                    ? ""
               : SWT_FABRIC_DRAGONFLY == swt_fabric_kind(fab) ? "      local     global"
                                                              : "      local         up");
    }
    for (int i = 0; NULL != swing_topo_tree_form_at(i); ++i) {
        const swing_topo_tform_t *f = swing_topo_tree_form_at(i);
        swt_tree_t *trees[2 * SWT_MAX_DIMS];
        swt_tree_opts_t opts;
        int np = swing_topo_tree_nparts(topo, f), ns, nparts = 0;
        if (NULL != alg && 0 != strcmp(alg, f->name)) {
            continue;
        }
        swing_topo_tree_opts(t, f, &opts);
        ns = swt_tree_model_nsteps(m, f->alg, t->coll, &opts, np);
        if (ns < 0) {
            if (NULL != alg) {
                fprintf(stderr, "swing-topo congestion: %s has no %s\n", f->name,
                        swt_coll_name(t->coll));
                rc = SWING_TOPO_EXIT_FAIL;
            }
            continue;
        }
        if (SWT_OK != swing_topo_tree_make(topo, t, f, 1, trees, &nparts)) {
            rc = SWING_TOPO_EXIT_FAIL;
            swing_topo_tree_free(trees, nparts);
            break;
        }
        for (int s = 0; s < ns; ++s) {
            swt_tree_stats_t st;
            char pn[48], lk[256], cls[48];
            swt_tree_model_step(m, f->alg, t->coll, &opts, np, s, &st);
            if (SWT_ALG_RING == f->alg) {
                snprintf(pn, sizeof(pn), "each of p+S-2");
            } else {
                swing_topo_tree_phase(topo, t, trees[0], root, s, pn, sizeof(pn));
            }
            swing_ts_link(topo, &st, lk, sizeof(lk));
            cls[0] = '\0';
            if (NULL != fab) {
                snprintf(cls, sizeof(cls), csv ? ",%.6f,%.6f" : " %10.4f %10.4f",
                         st.class_bytes[SWT_LINK_LOCAL], st.class_bytes[SWT_LINK_UPPER]);
            }
            if (csv) {
                printf("%s,%s,%d,%s,%ld,%ld,%.6f,\"%s\"%s\n", f->name,
                       swing_topo_tree_order_name(t, f), s, pn, st.nmsgs, st.max_hops, st.max_link,
                       lk, cls);
            } else {
                printf("%-8s %-11s %4d %-14s %8ld %8ld %9.4f  %-22s%s\n", f->name,
                       swing_topo_tree_order_name(t, f), s, pn, st.nmsgs, st.max_hops, st.max_link,
                       lk, cls);
            }
        }
        swing_topo_tree_free(trees, nparts);
    }
    swt_tree_model_destroy(m);
    return rc;
}

/* The columns of predict for coll: tree and chain forms, then a composition. */
typedef struct swing_ts_col {
    const char *name;
    const char *form; /* a tree form, or NULL for the composition */
} swing_ts_col_t;

static const swing_ts_col_t swing_ts_cols[] = {
    { "swing", "swing" }, { "rd", "rd" },     { "swing_mp", "swing_mp" },
    { "rd_mp", "rd_mp" }, { "ring", "ring" }, { "linear", "linear" },
    { NULL, NULL },
};

/* Broadcast = scatter + allgather half, reduce = reduce-scatter half +
   gather, Swing multiport, on one layout. */
static double swing_ts_compose(swt_tree_model_t *m, const swt_model_t *am, const swt_topo_t *topo,
                               swt_coll_t coll, double n)
{
    int np = swt_alg_nparts(swt_topo_logical(topo), SWT_ALG_SWING);

    if (SWT_COLL_BCAST == coll) {
        return swt_tree_model_time(m, SWT_ALG_SWING, SWT_COLL_SCATTER, NULL, np, n)
               + swt_model_time_half_parts(am, SWT_ALG_SWING, SWT_KIND_BO, np, SWT_HALF_AG, n);
    }
    return swt_model_time_half_parts(am, SWT_ALG_SWING, SWT_KIND_BO, np, SWT_HALF_RS, n)
           + swt_tree_model_time(m, SWT_ALG_SWING, SWT_COLL_GATHER, NULL, np, n);
}

int swing_topo_tree_predict(const swt_topo_t *topo, const swing_topo_tree_t *t,
                            const swt_cost_params_t *par, double lo, double hi, int csv)
{
    int blocks = (SWT_COLL_GATHER == t->coll || SWT_COLL_SCATTER == t->coll);
    const char *comp = (SWT_COLL_BCAST == t->coll) ? "sc+ag_mp" : "rs+ga_mp";
    int ncols = blocks ? 4 : 7;
    swt_tree_model_t *m = NULL;
    swt_model_t *am = NULL;
    int rc = swing_ts_model("predict", topo, t, par, &m);

    if (0 != rc) {
        return rc;
    }
    if (!blocks && SWT_OK != swt_model_create(topo, par, &am)) {
        fprintf(stderr, "swing-topo predict: out of memory\n");
        swt_tree_model_destroy(m);
        return SWING_TOPO_EXIT_FAIL;
    }
    if (csv) {
        printf("bytes");
        for (int c = 0; c < ncols; ++c) {
            printf(",%s", NULL != swing_ts_cols[c].name ? swing_ts_cols[c].name : comp);
        }
        printf("%s\n", blocks ? "" : ",ring_segs");
    } else {
        char text[192];
        printf("predicted %s times from rank %.0f on %s (%s),\nbytes: %s; trees %s%s\n",
               swt_coll_name(t->coll), t->root, swt_topo_name(topo),
               swing_topo_params_text(par, text, sizeof(text)),
               blocks ? "the whole vector" : "the vector",
               SWT_TREE_DEFAULT == t->order     ? "in the default order"
               : SWT_TREE_FAR_FIRST == t->order ? "far-first"
                                                : "near-first",
               blocks ? ""
                      : "; ring: chains along the cycles (S segments), linear: one "
                        "chain along the ranks");
        printf("%12s", "bytes");
        for (int c = 0; c < ncols; ++c) {
            char col[32];
            snprintf(col, sizeof(col), "%s/us",
                     NULL != swing_ts_cols[c].name ? swing_ts_cols[c].name : comp);
            printf(" %12s", col);
        }
        printf("  %-9s%s\n", "best", blocks ? "" : "  ring S");
    }
    for (double n = lo; n <= hi; n *= 2.0) {
        double tm[8];
        int best = 0;
        long segs = 1;
        for (int c = 0; c < ncols; ++c) {
            swing_topo_tform_t f;
            swt_tree_opts_t o;
            if (NULL == swing_ts_cols[c].form) {
                tm[c] = swing_ts_compose(m, am, topo, t->coll, n);
            } else {
                swing_topo_tree_form(swing_ts_cols[c].form, &f);
                swing_topo_tree_opts(t, &f, &o);
                tm[c] = swt_tree_model_time(m, f.alg, t->coll, &o, swing_topo_tree_nparts(topo, &f),
                                            n);
                if (SWT_ALG_RING == f.alg && !f.rank_order) {
                    segs = swt_tree_model_nsegs(m, t->coll, &o, swing_topo_tree_nparts(topo, &f),
                                                n);
                }
            }
            best = (tm[c] < tm[best]) ? c : best;
        }
        if (csv) {
            printf("%.0f", n);
            for (int c = 0; c < ncols; ++c) {
                printf(",%.6e", tm[c]);
            }
            if (!blocks) {
                printf(",%ld", segs);
            }
            printf("\n");
            continue;
        }
        printf("%12.0f", n);
        for (int c = 0; c < ncols; ++c) {
            if (isinf(tm[c])) {
                printf(" %12s", "-");
            } else {
                printf(" %12.3f", tm[c] * 1e6);
            }
        }
        printf("  %-9s", NULL != swing_ts_cols[best].name ? swing_ts_cols[best].name : comp);
        if (!blocks) {
            printf("  %ld", segs);
        }
        printf("\n");
    }
    swt_model_destroy(am);
    swt_tree_model_destroy(m);
    return 0;
}
