/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing-topo hops: physical hops of Swing and RD next to the hops on the
 * ideal logical torus (the logical distances), per rank and per step.
 * One sweep of swt_net_load per phase and algorithm: O(p log p) time and
 * O(p) memory, so a 1024x1024 torus takes seconds. Then, in the text form,
 * the ring allreduce's cycles: every one of its steps sends one logical
 * hop, and what that costs on the physical grid is the price of the
 * hidden tiles.
 */
#include "swing_topo.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

enum { SWING_HOPS_SW = 0, SWING_HOPS_SW_IDEAL, SWING_HOPS_RD, SWING_HOPS_RD_IDEAL, SWING_HOPS_N };

static const char *const swing_hops_cols[SWING_HOPS_N] = { "swing", "swing_ideal", "rd",
                                                           "rd_ideal" };

static void swing_hops_help(void)
{
    printf("Usage: swing-topo hops TOPO [--kind lo|bo] [--csv] [--summary]\n"
           "       swing-topo hops TOPO --coll C [--root R] [--csv]\n"
           "\n"
           "Hops of the message each rank sends, summed over the steps of the\n"
           "schedule, for Swing and RD on the physical layout and on the ideal\n"
           "logical torus (where hops equal logical distances). Lists every rank,\n"
           "then the total over all ranks, the worst rank and its total, each step's\n"
           "largest hop count and their sum. Steps are numbered as in 'congestion'\n"
           "(folds, core steps s = 0..L-1, unfolds).\n"
           "\n"
           "  --kind K    lo (default): each core step once; bo: twice (reduce-scatter\n"
           "              and allgather)\n"
           "  --csv       comma-separated records: rank, step, total, worst_rank,\n"
           "              worst_total, step_max_sum\n"
           "  --summary   leave out the per-rank lines\n"
           "The text form ends with the ring allreduce (swing-topo predict's 'ring'):\n"
           "its cycles, and per part the physical hops of one of its 2(p-1) steps\n"
           "(all ranks), the ideal count (p: one hop each) and the longest message.\n"
           "  --coll C    bcast, reduce, gather or scatter from rank R (--root, default\n"
           "              0): per form (swing: Bine, rd: binomial, their multiport forms,\n"
           "              both orders; ring and linear chains) its steps, messages,\n"
           "              physical hops, the bytes all links carry (link-bytes), those\n"
           "              through wrap-around links, and the sum of each step's busiest\n"
           "              link, in units of the size (on a network of groups over its\n"
           "              rate relative to a local link)\n"
           "  --root R    the root rank (with --coll)\n"
           "  --help      this text\n");
}

typedef struct swing_hops {
    long p;
    int nphases;
    long *per_rank[SWING_HOPS_N]; /* by position */
    long *step_max[SWING_HOPS_N]; /* by phase */
} swing_hops_t;

/* Fold and unfold phases count once, core phases mult times. */
static int swing_hops_compute(swt_net_t *net, int mult, swing_hops_t *h)
{
    long *core[2] = { NULL, NULL };
    int rc = SWT_ERR_NOMEM;

    for (int c = 0; c < SWING_HOPS_N; ++c) {
        h->per_rank[c] = calloc((size_t) h->p, sizeof(long));
        h->step_max[c] = calloc((size_t) h->nphases + 1, sizeof(long));
        if (NULL == h->per_rank[c] || NULL == h->step_max[c]) {
            goto out;
        }
    }
    core[0] = malloc(sizeof(long) * (size_t) h->p);
    core[1] = malloc(sizeof(long) * (size_t) h->p);
    if (NULL == core[0] || NULL == core[1]) {
        goto out;
    }
    rc = SWT_OK;
    for (int a = 0; a < 2 && SWT_OK == rc; ++a) {
        long *hp = h->per_rank[2 * a], *ds = h->per_rank[2 * a + 1];
        memset(core[0], 0, sizeof(long) * (size_t) h->p);
        memset(core[1], 0, sizeof(long) * (size_t) h->p);
        for (int i = 0; i < h->nphases && SWT_OK == rc; ++i) {
            swt_phase_stats_t st;
            int is_core = (SWT_PHASE_CORE == swt_net_phase(net, i)->kind);
            rc = swt_net_load(net, (swt_alg_t) a, i, is_core ? core[0] : hp, is_core ? core[1] : ds,
                              &st);
            h->step_max[2 * a][i] = st.max_hops;
            h->step_max[2 * a + 1][i] = st.max_dist;
        }
        for (long x = 0; x < h->p; ++x) {
            hp[x] += mult * core[0][x];
            ds[x] += mult * core[1][x];
        }
    }
out:
    free(core[0]);
    free(core[1]);
    return rc;
}

static void swing_hops_free(swing_hops_t *h)
{
    for (int c = 0; c < SWING_HOPS_N; ++c) {
        free(h->per_rank[c]);
        free(h->step_max[c]);
    }
}

static void swing_hops_print(const swt_topo_t *topo, const swt_net_t *net, const swing_hops_t *h,
                             swt_kind_t kind, int csv, int summary)
{
    const swt_shape_t *lg = swt_topo_logical(topo);
    long total[SWING_HOPS_N] = { 0 }, worst[SWING_HOPS_N] = { 0 };
    long worst_rank[SWING_HOPS_N] = { 0 }, max_sum[SWING_HOPS_N] = { 0 };
    int mult = (SWT_KIND_BO == kind) ? 2 : 1;
    char cb[128], tb[128], pn[32];
    int c_[SWT_MAX_DIMS], t_[SWT_MAX_DIMS];

    if (csv) {
        printf("record,index,swing,swing_ideal,rd,rd_ideal\n");
    } else {
        printf("%6s %-12s %-12s %8s %12s %8s %12s\n", "rank", "logical", "tile", swing_hops_cols[0],
               swing_hops_cols[1], swing_hops_cols[2], swing_hops_cols[3]);
    }
    for (long r = 0; r < h->p; ++r) {
        long pos = swt_topo_rank_pos(topo, r);
        for (int c = 0; c < SWING_HOPS_N; ++c) {
            long v = h->per_rank[c][pos];
            total[c] += v;
            if (v > worst[c]) {
                worst[c] = v;
                worst_rank[c] = r;
            }
        }
        if (summary) {
            continue;
        }
        if (csv) {
            printf("rank,%ld,%ld,%ld,%ld,%ld\n", r, h->per_rank[0][pos], h->per_rank[1][pos],
                   h->per_rank[2][pos], h->per_rank[3][pos]);
            continue;
        }
        swt_shape_coords(lg, pos, c_);
        swt_topo_tile(topo, pos, t_);
        printf("%6ld %-12s %-12s %8ld %12ld %8ld %12ld\n", r,
               swing_topo_coords(c_, lg->ndims, cb, sizeof(cb)),
               swing_topo_coords(t_, swt_topo_grid(topo)->ndims, tb, sizeof(tb)),
               h->per_rank[0][pos], h->per_rank[1][pos], h->per_rank[2][pos], h->per_rank[3][pos]);
    }
    if (!csv) {
        printf("%-33s %8ld %12ld %8ld %12ld\n", "total", total[0], total[1], total[2], total[3]);
        printf("%-33s", "worst rank (its total)");
        for (int c = 0; c < SWING_HOPS_N; ++c) {
            char wb[48];
            snprintf(wb, sizeof(wb), "%ld (%ld)", worst_rank[c], worst[c]);
            printf(" %*s", c % 2 ? 12 : 8, wb);
        }
        printf("\n\n%4s %-12s %8s %12s %8s %12s\n", "step", "phase", "swing_max", "swing_ideal",
               "rd_max", "rd_ideal");
    }
    for (int i = 0; i < h->nphases; ++i) {
        const swt_phase_t *ph = swt_net_phase(net, i);
        int m = (SWT_PHASE_CORE == ph->kind) ? mult : 1;
        for (int c = 0; c < SWING_HOPS_N; ++c) {
            max_sum[c] += m * h->step_max[c][i];
        }
        if (csv) {
            printf("step,%d,%ld,%ld,%ld,%ld\n", i, h->step_max[0][i], h->step_max[1][i],
                   h->step_max[2][i], h->step_max[3][i]);
        } else {
            printf("%4d %-12s %8ld %12ld %8ld %12ld%s\n", i,
                   swing_topo_phase_name(ph, pn, sizeof(pn)), h->step_max[0][i], h->step_max[1][i],
                   h->step_max[2][i], h->step_max[3][i], (m > 1) ? "  (x2: RS and AG)" : "");
        }
    }
    if (csv) {
        printf("total,,%ld,%ld,%ld,%ld\n", total[0], total[1], total[2], total[3]);
        printf("worst_rank,,%ld,%ld,%ld,%ld\n", worst_rank[0], worst_rank[1], worst_rank[2],
               worst_rank[3]);
        printf("worst_total,,%ld,%ld,%ld,%ld\n", worst[0], worst[1], worst[2], worst[3]);
        printf("step_max_sum,,%ld,%ld,%ld,%ld\n", max_sum[0], max_sum[1], max_sum[2], max_sum[3]);
    } else {
        printf("%-17s %8ld %12ld %8ld %12ld\n", "sum of step max", max_sum[0], max_sum[1],
               max_sum[2], max_sum[3]);
    }
}

/* The ring's cycles: hops of one step per part, over all ranks. */
static int swing_hops_ring(const swt_topo_t *topo, swt_net_t *net)
{
    const swt_shape_t *lg = swt_topo_logical(topo);
    long p = swt_shape_size(lg), all = 0, worst = 0;
    int nparts = swt_alg_nparts(lg, SWT_ALG_RING);
    swt_ring_t *ring = NULL;
    int rc = swt_ring_create(topo, &ring);

    if (SWT_OK != rc || p < 2) {
        swt_ring_destroy(ring);
        return rc;
    }
    printf("\nring: %s, %d parts, %ld steps alike\n%4s %5s %-8s %8s %8s %8s\n", swt_ring_name(ring),
           nparts, 2 * (p - 1), "part", "cycle", "dir", "hops", "ideal", "longest");
    for (int j = 0; j < nparts; ++j) {
        long sum = 0, most = 0;
        for (long pos = 0; pos < p; ++pos) {
            swt_move_t mv;
            swt_route_t rt;
            long to = swt_ring_next(ring, j, pos, &mv, NULL);
            swt_net_route(net, pos, to, mv.dir, &rt);
            sum += rt.hops;
            most = (rt.hops > most) ? rt.hops : most;
        }
        printf("%4d %5d %-8s %8ld %8ld %8ld\n", j, j / 2, (j % 2) ? "backward" : "forward", sum, p,
               most);
        all += sum;
        worst = (most > worst) ? most : worst;
    }
    printf("one step, all parts: %ld physical hops (ideal %ld), longest %ld; the allreduce: "
           "%ld\n",
           all, nparts * p, worst, all * 2 * (p - 1));
    swt_ring_destroy(ring);
    return SWT_OK;
}

int swing_topo_hops(int argc, char **argv)
{
    static const struct option opts[] = { { "kind", required_argument, NULL, 'k' },
                                          { "csv", no_argument, NULL, 'c' },
                                          { "summary", no_argument, NULL, 's' },
                                          SWING_TOPO_TREE_OPTIONS,
                                          SWING_TOPO_OPTIONS_END };
    swing_topo_args_t a = { .cmd = "hops",
                            .help = swing_hops_help,
                            .groups = SWING_TOPO_ARGS_TREE | SWING_TOPO_ARGS_ONE_TOPO,
                            .shortopts = "h",
                            .opts = opts };
    swt_topo_t *topo = NULL;
    swt_net_t *net = NULL;
    swing_hops_t h;
    swt_kind_t kind = SWT_KIND_LO;
    int opt, rc, csv = 0, summary = 0;

    while (0 != (opt = swing_topo_getopt(&a, argc, argv))) {
        switch (opt) {
        case 'k':
            if (0 != swing_topo_parse_kind(optarg, &kind)) {
                return swing_topo_usage("hops", "--kind: expected lo or bo, got '%s'", optarg);
            }
            break;
        case 'c': csv = 1; break;
        case 's': summary = 1; break;
        }
    }
    if (swing_topo_args_done(&a, argc, &rc)) {
        return rc;
    }
    rc = swing_topo_open("hops", argv[optind], &topo);
    if (0 != rc) {
        return rc;
    }
    if (a.tree.given) {
        rc = swing_topo_tree_hops(topo, &a.tree, csv);
        swt_topo_destroy(topo);
        return rc;
    }
    memset(&h, 0, sizeof(h));
    rc = swt_net_create(topo, &net);
    if (SWT_OK == rc) {
        h.p = swt_shape_size(swt_topo_logical(topo));
        h.nphases = swt_net_nphases(net);
        rc = swing_hops_compute(net, SWT_KIND_BO == kind ? 2 : 1, &h);
    }
    if (SWT_OK == rc) {
        if (!csv) {
            char lb[128];
            swt_shape_format(swt_topo_logical(topo), lb, sizeof(lb));
            printf("hops on %s (logical %s, %ld ranks), schedule %s\n", swt_topo_name(topo), lb,
                   h.p,
                   SWT_KIND_LO == kind ? "lo (each core step once)" : "bo (each core step twice)");
        }
        swing_hops_print(topo, net, &h, kind, csv, summary);
        rc = csv ? SWT_OK : swing_hops_ring(topo, net);
    }
    if (SWT_OK != rc) {
        fprintf(stderr, "swing-topo hops: %s\n", swt_strerror(rc));
        rc = SWING_TOPO_EXIT_FAIL;
    }
    swing_hops_free(&h);
    swt_net_destroy(net);
    swt_topo_destroy(topo);
    return rc;
}
