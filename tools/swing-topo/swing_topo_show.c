/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing-topo show: the physical grid as text. A tile that hosts a logical
 * position shows the rank placed there; a hidden tile shows its kind (the
 * first three letters, upper case). Grids of three or more dimensions are
 * printed as 2D slices; --list adds rank -> logical -> tile lines. A
 * network of groups prints its groups (or leaves) with the ranks on each
 * node instead; --list adds rank -> logical -> node lines.
 */
#include "swing_topo.h"

#include <ctype.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#define SWING_SHOW_MAX_TILES 65536L

static void swing_show_help(void)
{
    printf("Usage: swing-topo show TOPO [--list]\n"
           "       swing-topo show TOPO --coll C [--root R] [--alg A] [--order far|near] [--list]\n"
           "\n"
           "Prints the logical torus, the physical grid (when there is one) and, for\n"
           "each tile, the rank that sits there, or the tile's kind (first three\n"
           "letters, upper case) when the tile is hidden. Row y = 0 is printed first.\n"
           "A network of groups (dragonfly, fattree): each group or leaf, its nodes\n"
           "and the ranks on each node.\n"
           "With --coll, then the tree (or chain) of that collective from rank R: the\n"
           "step at which each rank receives (bcast, scatter) or sends (reduce,\n"
           "gather) its data, per part; with --list, from or to whom, the move and\n"
           "its physical hops.\n"
           "\n"
           "  --list       also print one line per rank: rank, logical coordinates, tile\n"
           "  --coll C     bcast, reduce, gather or scatter\n"
           "  --root R     the root rank (default 0)\n"
           "  --alg A      swing (default: Bine), rd (binomial), swing_mp, rd_mp, ring\n"
           "               (chains along the cycles), linear (a chain along the ranks)\n"
           "  --order O    far or near: which core step a tree takes first (default:\n"
           "               far for bcast and reduce, near for gather and scatter)\n"
           "  --help       this text\n");
}

static void swing_show_cell(const swt_topo_t *topo, const int *t, int width)
{
    long pos = swt_topo_pos_at(topo, t);
    char tag[8];

    if (pos >= 0) {
        printf(" %*ld", width, swt_topo_pos_rank(topo, pos));
        return;
    }
    snprintf(tag, sizeof(tag), "%.3s", swt_topo_kind(topo, t));
    for (char *c = tag; '\0' != *c; ++c) {
        *c = (char) toupper((unsigned char) *c);
    }
    printf(" %*s", width, tag);
}

static void swing_show_grid(const swt_topo_t *topo, int width)
{
    const swt_shape_t *g = swt_topo_grid(topo);
    int nx = g->dims[0], ny = (g->ndims > 1) ? g->dims[1] : 1;
    long slices = swt_shape_size(g) / ((long) nx * ny);
    int t[SWT_MAX_DIMS];

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
                t[0] = x;
                if (g->ndims > 1) {
                    t[1] = y;
                }
                swing_show_cell(topo, t, width);
            }
            printf("\n");
        }
    }
}

/* A network of groups: per group (leaf), its nodes and their ranks. */
static void swing_show_fabric(const swt_topo_t *topo, int list)
{
    const swt_fabric_t *fab = swt_topo_fabric(topo);
    const swt_shape_t *lg = swt_topo_logical(topo);
    long n = swt_fabric_nnodes(fab), p = swt_fabric_nranks(fab);
    int g, a, h, c[SWT_MAX_DIMS];
    double r;
    char nb[32], cb[128];

    swing_topo_fabric_summary(topo);
    swt_fabric_params(fab, &g, &a, &h, &r);
    for (long grp = 0; grp < g; ++grp) {
        printf("%s %ld:", SWT_FABRIC_FATTREE == swt_fabric_kind(fab) ? "leaf" : "group", grp);
        for (long v = grp * a; v < (grp + 1) * a && v < n; ++v) {
            const char *sep = "";
            printf("  %s[", swt_fabric_vertex_name(fab, v, nb, sizeof(nb)));
            for (long rk = 0; rk < p; ++rk) {
                if (swt_fabric_rank_node(fab, rk) == v) {
                    printf("%s%ld", sep, rk);
                    sep = ",";
                }
            }
            printf("]");
        }
        printf("\n");
    }
    if (list) {
        printf("rank  logical  node  %s\n",
               SWT_FABRIC_FATTREE == swt_fabric_kind(fab) ? "leaf" : "group");
        for (long rk = 0; rk < p; ++rk) {
            long node = swt_fabric_rank_node(fab, rk);
            swt_shape_coords(lg, swt_topo_rank_pos(topo, rk), c);
            printf("%ld  %s  %s  %ld\n", rk, swing_topo_coords(c, lg->ndims, cb, sizeof(cb)),
                   swt_fabric_vertex_name(fab, node, nb, sizeof(nb)), swt_fabric_group(fab, node));
        }
    }
}

static void swing_show_list(const swt_topo_t *topo)
{
    const swt_shape_t *lg = swt_topo_logical(topo);
    const swt_shape_t *g = swt_topo_grid(topo);
    long p = swt_shape_size(lg);
    int c[SWT_MAX_DIMS], t[SWT_MAX_DIMS];
    char cb[128], tb[128];

    printf("rank  logical  tile  kind\n");
    for (long r = 0; r < p; ++r) {
        long pos = swt_topo_rank_pos(topo, r);
        swt_shape_coords(lg, pos, c);
        swt_topo_tile(topo, pos, t);
        printf("%ld  %s  %s  %s\n", r, swing_topo_coords(c, lg->ndims, cb, sizeof(cb)),
               swing_topo_coords(t, g->ndims, tb, sizeof(tb)), swt_topo_kind(topo, t));
    }
}

int swing_topo_show(int argc, char **argv)
{
    static const struct option opts[] = { { "list", no_argument, NULL, 'l' },
                                          { "alg", required_argument, NULL, 'a' },
                                          SWING_TOPO_TREE_OPTIONS,
                                          SWING_TOPO_OPTIONS_END };
    swing_topo_args_t a = { .cmd = "show",
                            .help = swing_show_help,
                            .groups = SWING_TOPO_ARGS_TREE | SWING_TOPO_ARGS_ONE_TOPO,
                            .shortopts = "h",
                            .opts = opts };
    swt_topo_t *topo = NULL;
    const char *alg = NULL;
    int list = 0, opt, rc, width = 3;
    char lb[128], gb[128];
    long p, ntiles;

    while (0 != (opt = swing_topo_getopt(&a, argc, argv))) {
        if ('l' == opt) {
            list = 1;
        } else if ('a' == opt) {
            alg = optarg;
        }
    }
    if (a.exit >= 0) {
        return a.exit;
    }
    a.root_given |= (NULL != alg); /* --alg, like --root, goes with --coll */
    rc = swing_topo_args_end(&a, argc);
    if (0 != rc) {
        return rc;
    }
    rc = swing_topo_open("show", argv[optind], &topo);
    if (0 != rc) {
        return rc;
    }
    p = swt_shape_size(swt_topo_logical(topo));
    ntiles = swt_shape_size(swt_topo_grid(topo));
    swt_shape_format(swt_topo_logical(topo), lb, sizeof(lb));
    swt_shape_format(swt_topo_grid(topo), gb, sizeof(gb));
    printf("topology %s: logical %s, %ld ranks\n", swt_topo_name(topo), lb, p);
    if (NULL != swt_topo_fabric(topo)) {
        swing_show_fabric(topo, list);
        swt_topo_destroy(topo);
        return 0;
    }
    if (swt_topo_has_grid(topo)) {
        printf("physical grid %s, %ld tiles, %ld hidden\n", gb + strcspn(gb, ":") + 1, ntiles,
               ntiles - p);
    } else {
        printf("no physical grid: the logical torus itself\n");
    }
    printf("wrap-around:");
    for (int d = 0; d < swt_topo_grid(topo)->ndims; ++d) {
        char dn[16];
        printf(" %s=%s", swing_topo_dim_name(d, dn, sizeof(dn)),
               swt_topo_wraps(topo, d) ? "yes" : "no");
    }
    printf("\n");
    for (long v = p - 1; v >= 1000; v /= 10) {
        ++width;
    }
    if (ntiles <= SWING_SHOW_MAX_TILES) {
        swing_show_grid(topo, width);
    } else {
        printf("(grid of %ld tiles not drawn; use --list)\n", ntiles);
    }
    if (list) {
        swing_show_list(topo);
    }
    rc = a.tree.given ? swing_topo_tree_show(topo, &a.tree, alg, list) : 0;
    swt_topo_destroy(topo);
    return rc;
}
