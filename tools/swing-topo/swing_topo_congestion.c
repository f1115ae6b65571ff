/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing-topo congestion: for each step (phase) and algorithm, the number
 * of messages, the longest route, and the busiest directed physical link
 * with its load (the c of the cost model). Multiport forms count every
 * part's messages of a step together; the ring has one kind of step. On a
 * network of groups also the links the messages cross, local and upper
 * (global or up), and with --bytes the bytes on each per step
 * (swing_topo_traffic.c).
 */
#include "swing_topo.h"

#include <getopt.h>
#include <string.h>

static void swing_congestion_help(void)
{
    printf("Usage: swing-topo congestion TOPO [--alg swing|rd|swing_mp|rd_mp|ring] [--csv]\n"
           "                             [--bytes N]\n"
           "       swing-topo congestion TOPO --coll C [--root R] [--order far|near]\n"
           "                             [--alg swing|rd|swing_mp|rd_mp|ring|linear] [--csv]\n"
           "\n"
           "For each step (folds, core steps s = 0..L-1, unfolds) and algorithm:\n"
           "messages sent, most physical hops of one message, the largest number\n"
           "of messages crossing one physical link in one direction (the load)\n"
           "and that link, written TILE->NEXT(dim dir). swing_mp and rd_mp place the\n"
           "messages of all parts of the multiport form at once; ring is one line for\n"
           "all 2(p-1) steps of the ring allreduce, which send alike.\n"
           "On a network of groups (dragonfly, fattree) the load is the busiest link's\n"
           "messages (the link whose messages over its rate is the largest), and two\n"
           "more columns count the links all messages cross: local (nodes' links) and\n"
           "global (a dragonfly's) or up (a fat tree's leaf-spine links).\n"
           "\n"
           "  --alg A   only this algorithm (default: all five)\n"
           "  --csv     comma-separated: alg,step,phase,msgs,max_hops,load,link (and\n"
           "            local,global or local,up on a network of groups)\n"
           "  --bytes N on a network of groups: then the bytes on local and upper links\n"
           "            of every step of an allreduce of N bytes per rank, and their\n"
           "            totals, for every algorithm, LO and BO (K/M/G suffixes)\n"
           "  --coll C  bcast, reduce, gather or scatter from rank R (--root, default 0):\n"
           "            per form and step of its tree or chain, the busiest link's bytes\n"
           "            in units of the size, over its rate relative to a local link on\n"
           "            a network of groups (csv: alg,order,step,phase,msgs,max_hops,\n"
           "            busiest,link); --order far or near picks the trees' order\n"
           "  --help    this text\n");
}

static const char *swing_congestion_link(const swt_net_t *net, const swt_phase_stats_t *st,
                                         char *buf, size_t len)
{
    const swt_shape_t *g = swt_topo_grid(swt_net_topo(net));
    const swt_link_t *l = &st->busiest;
    int next[SWT_MAX_DIMS];
    char a[96], b[96], dn[16];

    if (0 == st->load) {
        snprintf(buf, len, "-");
        return buf;
    }
    if (NULL != swt_topo_fabric(swt_net_topo(net))) {
        return swing_topo_fabric_link(swt_topo_fabric(swt_net_topo(net)), st->busiest_link, buf,
                                      len);
    }
    memcpy(next, l->tile, sizeof(next));
    next[l->dim] = (next[l->dim] + l->dir + g->dims[l->dim]) % g->dims[l->dim];
    snprintf(buf, len, "%s->%s(%s%c)", swing_topo_coords(l->tile, g->ndims, a, sizeof(a)),
             swing_topo_coords(next, g->ndims, b, sizeof(b)),
             swing_topo_dim_name(l->dim, dn, sizeof(dn)), l->dir > 0 ? '+' : '-');
    return buf;
}

/* The last column titles: the busiest link, and on a network of groups the
   links crossed per class. */
static const char *swing_congestion_head(const swt_fabric_t *fab, char *buf, size_t len)
{
    if (NULL == fab) {
        snprintf(buf, len, "busiest link");
    } else {
        snprintf(buf, len, "%-18s %6s %6s", "busiest link", "local",
                 swt_fabric_class_name(fab, SWT_LINK_UPPER));
    }
    return buf;
}

static int swing_congestion_ring(const swt_topo_t *topo, swt_net_t *net, int nparts,
                                 swt_phase_stats_t *st)
{
    swt_ring_t *ring = NULL;
    int rc = swt_ring_create(topo, &ring);

    if (SWT_OK == rc) {
        rc = swt_net_load_ring(net, ring, nparts, NULL, NULL, st);
    }
    swt_ring_destroy(ring);
    return rc;
}

int swing_topo_congestion(int argc, char **argv)
{
    static const struct option opts[] = { { "alg", required_argument, NULL, 'a' },
                                          { "csv", no_argument, NULL, 'c' },
                                          SWING_TOPO_TREE_OPTIONS,
                                          { "bytes", required_argument, NULL, 'b' },
                                          SWING_TOPO_OPTIONS_END };
    swing_topo_args_t a = { .cmd = "congestion",
                            .help = swing_congestion_help,
                            .groups = SWING_TOPO_ARGS_TREE | SWING_TOPO_ARGS_ONE_TOPO,
                            .shortopts = "h",
                            .opts = opts };
    const char *alg_text = NULL;
    swt_topo_t *topo = NULL;
    swt_net_t *net = NULL;
    swt_alg_t only = SWT_ALG_SWING;
    const swt_fabric_t *fab;
    double bytes = -1.0;
    char hd[64];
    int opt, rc, csv = 0, one = 0, only_mp = 0;

    while (0 != (opt = swing_topo_getopt(&a, argc, argv))) {
        switch (opt) {
        case 'a':
            alg_text = optarg;
            one = 1;
            break;
        case 'c': csv = 1; break;
        case 'b':
            if (0 != (rc = swing_topo_opt_bytes("congestion", optarg, "1M", &bytes))) {
                return rc;
            }
            break;
        }
    }
    if (swing_topo_args_done(&a, argc, &rc)) {
        return rc;
    }
    if (!a.tree.given && one && 0 != swing_topo_parse_form(alg_text, &only, &only_mp)) {
        return swing_topo_usage("congestion",
                                "--alg: expected swing, rd, swing_mp, "
                                "rd_mp or ring, got '%s'",
                                alg_text);
    }
    rc = swing_topo_open("congestion", argv[optind], &topo);
    if (0 != rc) {
        return rc;
    }
    if (a.tree.given) {
        rc = swing_topo_tree_congestion(topo, &a.tree, alg_text, csv);
        swt_topo_destroy(topo);
        return rc;
    }
    fab = swt_topo_fabric(topo);
    if (bytes >= 0.0 && NULL == fab) {
        swt_topo_destroy(topo);
        return swing_topo_usage("congestion", "--bytes: only on a network of groups "
                                              "(dragonfly, fattree)");
    }
    rc = swt_net_create(topo, &net);
    if (csv) {
        printf("alg,step,phase,msgs,max_hops,load,link%s%s\n", fab ? ",local," : "",
               fab ? swt_fabric_class_name(fab, SWT_LINK_UPPER) : "");
    } else {
        printf("congestion on %s\n", swt_topo_name(topo));
        swing_topo_fabric_summary(topo);
        printf("%-5s %4s %-12s %8s %8s %6s  %s\n", "alg", "step", "phase", "msgs", "max_hops",
               "load", swing_congestion_head(fab, hd, sizeof(hd)));
    }
    /* single-port Swing and RD, then their multiport forms, then the ring */
    for (int f = 0; f < 5 && SWT_OK == rc; ++f) {
        swt_alg_t a = (f < 4) ? (swt_alg_t) (f % 2) : SWT_ALG_RING;
        int mp = (f >= 2), ring = (4 == f);
        int nparts = swing_topo_form_parts(topo, a, mp);
        int w = mp ? 8 : 5;
        if (one && (only != a || only_mp != mp)) {
            continue;
        }
        if (!csv && !one && 2 == f) {
            printf("\nmultiport forms (every part at once) and the ring\n%-8s %4s %-12s %8s "
                   "%8s %6s  %s\n",
                   "alg", "step", "phase", "msgs", "max_hops", "load",
                   swing_congestion_head(fab, hd, sizeof(hd)));
        }
        for (int i = 0; i < (ring ? 1 : swt_net_nphases(net)) && SWT_OK == rc; ++i) {
            swt_phase_stats_t st;
            char pn[32], lk[256];
            if (ring) {
                rc = swing_congestion_ring(topo, net, nparts, &st);
                snprintf(pn, sizeof(pn), "each of %ld",
                         2 * (swt_shape_size(swt_topo_logical(topo)) - 1));
            } else {
                rc = swt_net_load_parts(net, a, nparts, i, NULL, NULL, &st);
                swing_topo_phase_name(swt_net_phase(net, i), pn, sizeof(pn));
            }
            swing_congestion_link(net, &st, lk, sizeof(lk));
            if (csv) {
                printf("%s,%d,%s,%ld,%ld,%ld,\"%s\"", swing_topo_form_name(a, mp), i, pn, st.nmsgs,
                       st.max_hops, st.load, lk);
                if (NULL != fab) {
                    printf(",%ld,%ld", st.cross[SWT_LINK_LOCAL], st.cross[SWT_LINK_UPPER]);
                }
                printf("\n");
            } else if (NULL != fab) {
                printf("%-*s %4d %-12s %8ld %8ld %6ld  %-18s %6ld %6ld\n", w,
                       swing_topo_form_name(a, mp), i, pn, st.nmsgs, st.max_hops, st.load, lk,
                       st.cross[SWT_LINK_LOCAL], st.cross[SWT_LINK_UPPER]);
            } else {
                printf("%-*s %4d %-12s %8ld %8ld %6ld  %s\n", w, swing_topo_form_name(a, mp), i, pn,
                       st.nmsgs, st.max_hops, st.load, lk);
            }
        }
    }
    if (SWT_OK != rc) {
        fprintf(stderr, "swing-topo congestion: %s\n", swt_strerror(rc));
        rc = SWING_TOPO_EXIT_FAIL;
    } else if (bytes >= 0.0) {
        rc = swing_topo_traffic_steps(net, bytes, csv);
    }
    swt_net_destroy(net);
    swt_topo_destroy(topo);
    return rc;
}
