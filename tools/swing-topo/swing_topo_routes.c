/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing-topo routes: the physical network of a description as a script
 * reads it (bench/torus-net.sh builds namespaces, links and static routes
 * from it), so the emulated network and the model agree by construction,
 * but for a wrapped dimension of 2 tiles: one link here, two in the model
 * (below).
 *
 * Every ordered pair of ranks gets one route. Pairs that exchange messages
 * in a schedule (Swing or RD, LO or BO, folds included) take the library's
 * route for that message: the direction of the logical move, every tile
 * passed counted (swt_route.h). Other pairs (MPI's own traffic: wire-up,
 * barriers) go the shorter way along the first logical dimension where
 * they differ, ties the straight way. O(p^2) lines, so at most 4096 ranks.
 *
 * A network of groups (swt_fabric.h) prints its own records instead
 * (bench/group-net.sh reads them): vertices (nodes and switches), the
 * ranks on each node, cables with their class and rate, and one route per
 * ordered pair of nodes that hold ranks, as directed links; its routes
 * depend on the destination only, as the library's (swt_fabric_route).
 */
#include "swing_topo.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#define SWING_ROUTES_MAX_RANKS 4096

static void swing_routes_help(void)
{
    printf("Usage: swing-topo routes TOPO\n"
           "\n"
           "The physical grid, its links and one route per ordered pair of ranks, one\n"
           "record per line (comments start with #):\n"
           "  grid D0 D1 ...                 physical dimensions\n"
           "  tile T C0 C1 ... KIND RANK     tile T (linear index), coordinates, kind,\n"
           "                                 rank it hosts or -1 (hidden: forwards only)\n"
           "  link A B DIM                   a physical link between tiles A and B\n"
           "  route SRC DST HOPS T0 ... TH   ranks SRC -> DST: HOPS links, tiles passed\n"
           "Routes of messages the schedules send follow the direction of the logical\n"
           "move (as 'explain' and 'hops' count them); other pairs go the shorter way.\n"
           "A network of groups (dragonfly, fattree) prints instead:\n"
           "  network KIND G A H R            dragonfly (G groups of A nodes, H global\n"
           "                                 links per joined pair at rate R) or fattree\n"
           "                                 (G leaves of A nodes, H spines, rate R)\n"
           "  vertex V NAME KIND             V: node, router, leaf or spine\n"
           "  host RANK V                    rank RANK runs on node V\n"
           "  cable C A B CLASS RATE         cable C joins vertices A and B: class local,\n"
           "                                 global or up, rate over a local link's;\n"
           "                                 directed link 2C runs A -> B, 2C+1 B -> A\n"
           "  route SRC DST HOPS L1 ... LH   nodes SRC -> DST (vertices holding ranks):\n"
           "                                 the directed links in order\n"
           "At most %d ranks.\n",
           SWING_ROUTES_MAX_RANKS);
}

/* Directions the schedules use, [from * p + to]: 0 none, +1, -1, 2 both. */
static int swing_routes_dirs(swt_net_t *net, long p, signed char *dir)
{
    for (int a = 0; a < 2; ++a) {
        for (int i = 0; i < swt_net_nphases(net); ++i) {
            for (long x = 0; x < p; ++x) {
                swt_move_t mv;
                long to;
                signed char *d;
                if (!swt_net_message(net, (swt_alg_t) a, i, x, &to, &mv)) {
                    continue;
                }
                d = &dir[x * p + to];
                *d = (0 == *d || *d == mv.dir) ? (signed char) mv.dir : 2;
            }
        }
    }
    return SWT_OK;
}

/* The shorter way along the first logical dimension where a and b differ. */
static int swing_routes_default_dir(const swt_shape_t *logical, long a, long b)
{
    int ca[SWT_MAX_DIMS], cb[SWT_MAX_DIMS];

    swt_shape_coords(logical, a, ca);
    swt_shape_coords(logical, b, cb);
    for (int d = 0; d < logical->ndims; ++d) {
        long n = logical->dims[d], up = ((cb[d] - ca[d]) % n + n) % n;
        if (cb[d] != ca[d]) {
            return 2 * up < n ? 1 : 2 * up > n ? -1 : (cb[d] > ca[d] ? 1 : -1);
        }
    }
    return 1;
}

static void swing_routes_tiles(const swt_topo_t *topo)
{
    const swt_shape_t *g = swt_topo_grid(topo);
    long ntiles = swt_shape_size(g);

    printf("grid");
    for (int d = 0; d < g->ndims; ++d) {
        printf(" %d", g->dims[d]);
    }
    printf("\n");
    for (long t = 0; t < ntiles; ++t) {
        int c[SWT_MAX_DIMS];
        long pos;
        swt_shape_coords(g, t, c);
        pos = swt_topo_pos_at(topo, c);
        printf("tile %ld", t);
        for (int d = 0; d < g->ndims; ++d) {
            printf(" %d", c[d]);
        }
        printf(" %s %ld\n", swt_topo_kind(topo, c), pos < 0 ? -1L : swt_topo_pos_rank(topo, pos));
    }
    for (long t = 0; t < ntiles; ++t) {
        int c[SWT_MAX_DIMS];
        swt_shape_coords(g, t, c);
        for (int d = 0; d < g->ndims; ++d) {
            int n = g->dims[d], c0 = c[d];
            long u;
            /*
             * the link to the + neighbour. With 2 tiles that wrap, the wrap is a
             * second link to the same tile, which the model counts (ALGORITHMS.md
             * section 9) and this network lacks: describe such a dimension with
             * wrap=0 to predict it, until torus-net.sh can route over both
             */
            if (n < 2 || (c0 + 1 == n && (!swt_topo_wraps(topo, d) || 2 == n))) {
                continue;
            }
            c[d] = (c0 + 1) % n;
            u = swt_shape_pos(g, c);
            c[d] = c0;
            printf("link %ld %ld %d\n", t, u, d);
        }
    }
}

static void swing_routes_print(const swt_net_t *net, const swt_topo_t *topo, long r, long q,
                               int dir)
{
    const swt_shape_t *g = swt_topo_grid(topo);
    long from = swt_topo_rank_pos(topo, r), to = swt_topo_rank_pos(topo, q);
    swt_route_t rt;
    int c[SWT_MAX_DIMS];

    swt_net_route(net, from, to, dir, &rt);
    swt_topo_tile(topo, from, c);
    printf("route %ld %ld %ld %ld", r, q, rt.hops, swt_shape_pos(g, c));
    for (int s = 0; s < rt.nsegs; ++s) {
        const swt_seg_t *sg = &rt.segs[s];
        memcpy(c, sg->from, sizeof(c));
        for (long h = 0; h < sg->hops; ++h) {
            int n = g->dims[sg->dim];
            c[sg->dim] = ((c[sg->dim] + sg->dir) % n + n) % n;
            printf(" %ld", swt_shape_pos(g, c));
        }
    }
    printf("\n");
}

/* The records of a network of groups (see the help). */
static void swing_routes_fabric(const swt_topo_t *topo)
{
    const swt_fabric_t *fab = swt_topo_fabric(topo);
    static const char *const kinds[2][2] = { { "router", "router" }, { "leaf", "spine" } };
    long nv = swt_fabric_nvertices(fab), n = swt_fabric_nnodes(fab), p = swt_fabric_nranks(fab);
    long links[SWT_FABRIC_MAX_ROUTE];
    char *holds = calloc((size_t) n, 1), name[32];
    int g, a, h;
    double r;

    swt_fabric_params(fab, &g, &a, &h, &r);
    printf("network %s %d %d %d %g\n", swt_fabric_kind_name(fab), g, a, h, r);
    for (long v = 0; v < nv; ++v) {
        int ft = (SWT_FABRIC_FATTREE == swt_fabric_kind(fab));
        printf("vertex %ld %s %s\n", v, swt_fabric_vertex_name(fab, v, name, sizeof(name)),
               v < n ? "node" : kinds[ft][v >= n + g]);
    }
    for (long rk = 0; rk < p; ++rk) {
        long node = swt_fabric_rank_node(fab, rk);
        printf("host %ld %ld\n", rk, node);
        if (NULL != holds) {
            holds[node] = 1;
        }
    }
    for (long c = 0; c < swt_fabric_ncables(fab); ++c) {
        long ea, eb;
        int cls;
        double rate;
        swt_fabric_cable(fab, c, &ea, &eb, &cls, &rate);
        printf("cable %ld %ld %ld %s %g\n", c, ea, eb, swt_fabric_class_name(fab, cls), rate);
    }
    for (long x = 0; x < n && NULL != holds; ++x) {
        for (long y = 0; y < n && holds[x]; ++y) {
            int k;
            if (x == y || !holds[y]) {
                continue;
            }
            k = swt_fabric_route(fab, x, y, links);
            printf("route %ld %ld %d", x, y, k);
            for (int i = 0; i < k; ++i) {
                printf(" %ld", links[i]);
            }
            printf("\n");
        }
    }
    free(holds);
}

int swing_topo_routes(int argc, char **argv)
{
    static const struct option opts[] = { SWING_TOPO_OPTIONS_END };
    swt_topo_t *topo = NULL;
    swt_net_t *net = NULL;
    signed char *dir = NULL;
    long p, conflicts = 0;
    int opt, rc;

    optind = 1;
    opterr = 0;
    while (-1 != (opt = getopt_long(argc, argv, "h", opts, NULL))) {
        if ('h' == opt) {
            swing_routes_help();
            return 0;
        }
        return swing_topo_usage("routes", "unknown option '%s'", argv[optind - 1]);
    }
    if (optind + 1 != argc) {
        return swing_topo_usage("routes", "expected one TOPO argument");
    }
    rc = swing_topo_open("routes", argv[optind], &topo);
    if (0 != rc) {
        return rc;
    }
    p = swt_shape_size(swt_topo_logical(topo));
    if (p > SWING_ROUTES_MAX_RANKS) {
        fprintf(stderr, "swing-topo routes: %ld ranks, at most %d\n", p, SWING_ROUTES_MAX_RANKS);
        swt_topo_destroy(topo);
        return SWING_TOPO_EXIT_FAIL;
    }
    rc = swt_net_create(topo, &net);
    dir = calloc((size_t) (p * p), 1);
    if (SWT_OK == rc && NULL == dir) {
        rc = SWT_ERR_NOMEM;
    }
    if (SWT_OK == rc) {
        rc = swing_routes_dirs(net, p, dir);
    }
    if (SWT_OK == rc && NULL != swt_topo_fabric(topo)) {
        printf("# swing-topo routes %s: %ld ranks on %ld nodes\n", swt_topo_name(topo), p,
               swt_fabric_nnodes(swt_topo_fabric(topo)));
        swing_routes_fabric(topo);
    } else if (SWT_OK == rc) {
        printf("# swing-topo routes %s: %ld ranks\n", swt_topo_name(topo), p);
        swing_routes_tiles(topo);
        for (long r = 0; r < p; ++r) {
            for (long q = 0; q < p; ++q) {
                long a = swt_topo_rank_pos(topo, r), b = swt_topo_rank_pos(topo, q);
                int d = dir[a * p + b];
                if (r == q) {
                    continue;
                }
                conflicts += (2 == d);
                if (0 == d || 2 == d) {
                    d = swing_routes_default_dir(swt_topo_logical(topo), a, b);
                }
                swing_routes_print(net, topo, r, q, d);
            }
        }
        printf("# pairs whose schedules move both ways: %ld (routed the shorter way)\n", conflicts);
    } else {
        fprintf(stderr, "swing-topo routes: %s\n", swt_strerror(rc));
        rc = SWING_TOPO_EXIT_FAIL;
    }
    free(dir);
    swt_net_destroy(net);
    swt_topo_destroy(topo);
    return rc;
}
