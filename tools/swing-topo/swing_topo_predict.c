/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing-topo predict: cost-model times of Swing and RD, LO and BO, for a
 * range of sizes (powers of two), the LO/BO crossover of each algorithm
 * and the threshold the component's automatic choice would use (it picks
 * Swing LO up to coll_swing_lo_max_bytes, Swing BO above); then the same
 * sizes for the multiport forms and the ring (ALGORITHMS.md section 13).
 * --half: the same for the reduce-scatter or allgather half alone
 * (MPI_Reduce_scatter, MPI_Allgather; docs/ALGORITHMS.md section 16). With an
 * overhead per message and cores (ALGORITHMS.md section 7, messages and
 * cores), a time the cores set is marked. On a network of groups, then the
 * bytes every algorithm puts on local and on upper links
 * (swing_topo_traffic.c), Swing against RD.
 */
#include "swing_topo.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void swing_predict_help(void)
{
    printf("Usage: swing-topo predict TOPO [--sizes MIN:MAX] [--alpha S] [--tau S]\n"
           "                          [--beta B] [--gamma S] [--overhead S] [--cores N]\n"
           "                          [--half rs|ag] [--csv] [--bytes N]\n"
           "       swing-topo predict TOPO --coll C [--root R] [--order far|near]\n"
           "                          [--sizes MIN:MAX] [--alpha S] ... [--csv]\n"
           "\n"
           "Predicted allreduce time (microseconds) of swing-lo, swing-bo, rd-lo and\n"
           "rd-bo for each power-of-two size from MIN to MAX bytes per rank, with\n"
           "the cost model T = alpha + h*tau + c*m/beta + m*gamma per step (h: most\n"
           "physical hops of the step, c: its congestion, m: bytes per message).\n"
           "Then the same sizes for the multiport forms (every part at once, on its\n"
           "own links: swing-lo-mp, swing-bo-mp, rd-lo-mp, rd-bo-mp) and the ring\n"
           "allreduce along Hamiltonian cycles, with the best of all nine; then the\n"
           "LO/BO crossover of each algorithm and the value of\n"
           "coll_swing_lo_max_bytes the component would use on this topology.\n"
           "With an overhead per message (o) each message also costs its sender\n"
           "and its receiver o, and with cores (ranks sharing cores) a step costs\n"
           "at least every rank's overheads and reductions over the cores: a time\n"
           "followed by '*' is set mostly by the cores, not the links.\n"
           "Constants default to the topology's (n150: its description).\n"
           "On a network of groups (dragonfly, fattree: beta is a local link's rate,\n"
           "the upper links have their own) the time of a step is set by its most\n"
           "loaded link, global and up links included; then the bytes each algorithm\n"
           "puts on local and on global (or up) links, and Swing's against RD's.\n"
           "\n"
           "  --sizes MIN:MAX  byte range, K/M/G suffixes (default 8:64M)\n"
           "  --alpha S        per-message latency, seconds\n"
           "  --tau S          per physical hop, seconds\n"
           "  --beta B         link bandwidth, bytes per second\n"
           "  --gamma S        reduction cost, seconds per byte\n"
           "  --overhead S     overhead of a message on its rank's core, seconds (o)\n"
           "  --cores N        cores the ranks share (0: a core each, no core bound)\n"
           "  --half rs|ag     the reduce-scatter or allgather half alone, as\n"
           "                   MPI_Reduce_scatter and MPI_Allgather run it (size:\n"
           "                   the whole vector; LO columns: the whole allreduce)\n"
           "  --bytes N        network of groups: the allreduce size of the bytes on\n"
           "                   links (default 1M)\n"
           "  --csv            comma-separated: bytes,swing_lo,swing_bo,rd_lo,rd_bo,\n"
           "                   swing_lo_mp,swing_bo_mp,rd_lo_mp,rd_bo_mp,ring (s)\n"
           "  --coll C         bcast, reduce, gather or scatter from rank R (--root,\n"
           "                   default 0) instead: Bine (swing) and binomial (rd) trees,\n"
           "                   single-port and multiport; for bcast and reduce also the\n"
           "                   chains along the torus's cycles (ring, with the best\n"
           "                   segment count S) and along the ranks (linear), and\n"
           "                   scatter + allgather (reduce-scatter + gather), Swing\n"
           "                   multiport. Size: the vector (gather, scatter: all p blocks)\n"
           "  --order O        far or near: the trees' first core step\n"
           "  --help           this text\n");
}

static int swing_predict_range(const char *text, double *lo, double *hi)
{
    const char *colon = strchr(text, ':');
    char first[64];

    if (NULL == colon || (size_t) (colon - text) >= sizeof(first)) {
        return -1;
    }
    memcpy(first, text, (size_t) (colon - text));
    first[colon - text] = '\0';
    if (0 != swing_topo_parse_size(first, lo) || 0 != swing_topo_parse_size(colon + 1, hi)
        || *lo < 1.0 || *hi < *lo || *hi > 1e15) {
        return -1;
    }
    return 0;
}

/* The five multiport columns: (alg, kind) with all their parts. */
static const struct {
    const char *name;
    swt_alg_t alg;
    swt_kind_t kind;
} swing_predict_mp[5] = {
    { "swing-lo-mp", SWT_ALG_SWING, SWT_KIND_LO }, { "swing-bo-mp", SWT_ALG_SWING, SWT_KIND_BO },
    { "rd-lo-mp", SWT_ALG_RD, SWT_KIND_LO },       { "rd-bo-mp", SWT_ALG_RD, SWT_KIND_BO },
    { "ring", SWT_ALG_RING, SWT_KIND_BO },
};

/* t[0..8]: the four single-port times, then the five multiport ones, of
   the whole allreduce or of one half. */
static int swing_predict_times(const swt_model_t *model, const swt_shape_t *sh, swt_half_t half,
                               double n, double *t)
{
    int best = 0;

    for (int i = 0; i < 9; ++i) {
        if (i < 4) {
            t[i] = swt_model_time_half_parts(model, (swt_alg_t) (i / 2), (swt_kind_t) (i % 2), 1,
                                             half, n);
        } else {
            swt_alg_t a = swing_predict_mp[i - 4].alg;
            t[i] = swt_model_time_half_parts(model, a, swing_predict_mp[i - 4].kind,
                                             swt_alg_nparts(sh, a), half, n);
        }
        best = (t[i] < t[best]) ? i : best;
    }
    return best;
}

/* ' ', or '*' when the cores set at least half of the predicted time. */
static char swing_predict_mark(const swt_model_t *model, int i, const swt_shape_t *sh,
                               swt_half_t half, double n)
{
    swt_alg_t a = (i < 4) ? (swt_alg_t) (i / 2) : swing_predict_mp[i - 4].alg;
    swt_kind_t k = (i < 4) ? (swt_kind_t) (i % 2) : swing_predict_mp[i - 4].kind;
    int parts = (i < 4) ? 1 : swt_alg_nparts(sh, a);

    return swt_model_cores_share(model, a, k, parts, half, n) >= 0.5 ? '*' : ' ';
}

static void swing_predict_mp_table(const swt_topo_t *topo, const swt_model_t *model,
                                   swt_half_t half, double lo, double hi, int marks)
{
    static const char *const single[4] = { "swing-lo", "swing-bo", "rd-lo", "rd-bo" };
    const swt_shape_t *sh = swt_topo_logical(topo);
    swt_ring_t *ring = NULL;

    printf("\nmultiport, parts:");
    for (int a = 0; a < 3; ++a) {
        int n = swt_alg_nparts(sh, (swt_alg_t) a);
        printf("%s %s %d", a ? "," : "", swing_topo_alg_name((swt_alg_t) a), n);
    }
    if (SWT_OK == swt_ring_create(topo, &ring)) {
        printf(" (%s)", swt_ring_name(ring));
    }
    swt_ring_destroy(ring);
    printf("\n%12s", "bytes");
    for (int i = 0; i < 5; ++i) {
        char col[32];
        snprintf(col, sizeof(col), "%s/us", swing_predict_mp[i].name);
        printf(" %14s", col);
    }
    printf("  %s\n", "best of all");
    for (double n = lo; n <= hi; n *= 2.0) {
        double t[9];
        int best = swing_predict_times(model, sh, half, n, t);
        printf("%12.0f", n);
        for (int i = 4; i < 9; ++i) {
            if (marks) {
                printf(" %13.3f%c", t[i] * 1e6, swing_predict_mark(model, i, sh, half, n));
            } else {
                printf(" %14.3f", t[i] * 1e6);
            }
        }
        printf("  %s\n", best < 4 ? single[best] : swing_predict_mp[best - 4].name);
    }
}

/* The bytes on local and upper links of every algorithm. */
static int swing_predict_traffic(const swt_topo_t *topo, double bytes)
{
    swt_net_t *net = NULL;
    int rc = swt_net_create(topo, &net);

    if (SWT_OK != rc) {
        fprintf(stderr, "swing-topo predict: %s\n", swt_strerror(rc));
        return SWING_TOPO_EXIT_FAIL;
    }
    rc = swing_topo_traffic_totals(net, bytes);
    swt_net_destroy(net);
    return rc;
}

static void swing_predict_crossover(const swt_model_t *model, swt_alg_t alg)
{
    double x = swt_model_lo_max_bytes(model, alg);

    if (isinf(x)) {
        printf("%-5s: LO is never slower than BO\n", swing_topo_alg_name(alg));
    } else if (x <= 0.0) {
        printf("%-5s: BO is faster at every size\n", swing_topo_alg_name(alg));
    } else {
        printf("%-5s: LO no slower than BO up to %.0f bytes, BO faster above\n",
               swing_topo_alg_name(alg), x);
    }
}

int swing_topo_predict(int argc, char **argv)
{
    static const struct option opts[] = { { "sizes", required_argument, NULL, 's' },
                                          SWING_TOPO_COST_OPTIONS,
                                          { "csv", no_argument, NULL, 'V' },
                                          { "half", required_argument, NULL, 'H' },
                                          SWING_TOPO_TREE_OPTIONS,
                                          { "bytes", required_argument, NULL, 'B' },
                                          SWING_TOPO_OPTIONS_END };
    swing_topo_args_t a = { .cmd = "predict",
                            .help = swing_predict_help,
                            .groups = SWING_TOPO_ARGS_TREE | SWING_TOPO_ARGS_COST,
                            .shortopts = "h",
                            .opts = opts };
    swt_topo_t *topo = NULL;
    swt_model_t *model = NULL;
    swt_cost_params_t par;
    double lo = 8.0, hi = 64.0 * 1024 * 1024, thr, bytes = 1024.0 * 1024.0;
    swt_half_t half = SWT_HALF_ALL;
    static const char *const what[3] = { "allreduce", "reduce-scatter", "allgather" };
    int opt, rc, csv = 0, marks;

    while (0 != (opt = swing_topo_getopt(&a, argc, argv))) {
        switch (opt) {
        case 's':
            if (0 != swing_predict_range(optarg, &lo, &hi)) {
                return swing_topo_usage("predict",
                                        "--sizes: expected MIN:MAX with 1 <= MIN <= MAX, got '%s'",
                                        optarg);
            }
            break;
        case 'V': csv = 1; break;
        case 'B':
            if (0 != (rc = swing_topo_opt_bytes("predict", optarg, "1M", &bytes))) {
                return rc;
            }
            break;
        case 'H':
            if (0 == strcmp(optarg, "rs")) {
                half = SWT_HALF_RS;
            } else if (0 == strcmp(optarg, "ag")) {
                half = SWT_HALF_AG;
            } else {
                return swing_topo_usage("predict", "--half: expected rs or ag, got '%s'", optarg);
            }
            break;
        }
    }
    if (swing_topo_args_done(&a, argc, &rc)) {
        return rc;
    }
    if (a.tree.given && SWT_HALF_ALL != half) {
        return swing_topo_usage("predict", "--half and --coll do not go together");
    }
    rc = swing_topo_open_cost("predict", argc, argv, optind, &a.cost, &topo, &par);
    if (0 != rc) {
        return rc;
    }
    if (a.tree.given) {
        rc = swing_topo_tree_predict(topo, &a.tree, &par, lo, hi, csv);
        swt_topo_destroy(topo);
        return rc;
    }
    rc = swt_model_create(topo, &par, &model);
    if (SWT_OK != rc) {
        fprintf(stderr, "swing-topo predict: %s\n", swt_strerror(rc));
        swt_topo_destroy(topo);
        return SWING_TOPO_EXIT_FAIL;
    }
    marks = par.cores > 0.0;
    if (csv) {
        printf("bytes,swing_lo,swing_bo,rd_lo,rd_bo,swing_lo_mp,swing_bo_mp,rd_lo_mp,rd_bo_mp,"
               "ring\n");
    } else {
        char text[192];
        printf("predicted %s times on %s (%s)\n", what[half], swt_topo_name(topo),
               swing_topo_params_text(&par, text, sizeof(text)));
        if (marks) {
            printf("(* : set mostly by the cores: every rank's overheads and reductions over "
                   "%g cores)\n",
                   par.cores);
        }
        swing_topo_fabric_summary(topo);
        printf("%12s %12s %12s %12s %12s  %s\n", "bytes", "swing-lo/us", "swing-bo/us", "rd-lo/us",
               "rd-bo/us", "best");
    }
    for (double n = lo; n <= hi; n *= 2.0) {
        static const char *const names[4] = { "swing-lo", "swing-bo", "rd-lo", "rd-bo" };
        double t[9];
        int best = 0;
        swing_predict_times(model, swt_topo_logical(topo), half, n, t);
        for (int i = 0; i < 4; ++i) {
            best = (t[i] < t[best]) ? i : best;
        }
        if (csv) {
            printf("%.0f", n);
            for (int i = 0; i < 9; ++i) {
                printf(",%.6e", t[i]);
            }
            printf("\n");
        } else {
            printf("%12.0f", n);
            for (int i = 0; i < 4; ++i) {
                if (marks) {
                    printf(" %11.3f%c", t[i] * 1e6,
                           swing_predict_mark(model, i, swt_topo_logical(topo), half, n));
                } else {
                    printf(" %12.3f", t[i] * 1e6);
                }
            }
            printf("  %s\n", names[best]);
        }
    }
    if (!csv) {
        swing_predict_mp_table(topo, model, half, lo, hi, marks);
        printf("\nLO/BO crossover:\n");
        swing_predict_crossover(model, SWT_ALG_SWING);
        swing_predict_crossover(model, SWT_ALG_RD);
        thr = swt_model_lo_max_bytes(model, SWT_ALG_SWING);
        if (swt_topo_lo_max_bytes(topo) >= 0) {
            printf("component thresholds: coll_swing_lo_max_bytes = %lld, the description's "
                   "measured one (decide lo_max_bytes; the model's: %.0f)\n",
                   swt_topo_lo_max_bytes(topo), isinf(thr) ? 9.2e18 : thr);
        } else {
            printf("component thresholds: coll_swing_lo_max_bytes = %.0f "
                   "(auto: swing-lo up to it, swing-bo above)\n",
                   isinf(thr) ? 9.2e18 : thr);
        }
        if (NULL != swt_topo_fabric(topo)) {
            rc = swing_predict_traffic(topo, bytes);
        }
    }
    swt_model_destroy(model);
    swt_topo_destroy(topo);
    return rc;
}
