/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Networks of groups (topology/fabric/swt_fabric.h): the dragonfly and fat tree
 * statements and specs, placements, their errors at their line and
 * column, the format's round trip, routes, link loads, the bytes per
 * class of link and the cost model, each against numbers worked out by
 * hand in the comments.
 */
#include "swt_cost.h"
#include "swt_fabric.h"
#include "swt_route.h"
#include "swt_traffic.h"
#include "unit_util.h"

#include <math.h>

#ifndef SWT_TEST_DATA
#define SWT_TEST_DATA "unit/data"
#endif

static char *format_alloc(const swt_topo_t *t)
{
    int n = swt_topo_format(t, NULL, 0);
    char *buf = malloc((size_t) n + 1);

    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(swt_topo_format(t, buf, (size_t) n + 1), n);
    return buf;
}

/* ---- descriptions ---- */

START_TEST(test_presets)
{
    swt_topo_t *df = unit_topo_load("dragonfly"), *ft = unit_topo_load("fattree");
    const swt_fabric_t *f = swt_topo_fabric(df);
    int g, a, h, slots;
    double r;

    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(swt_fabric_kind(f), SWT_FABRIC_DRAGONFLY);
    swt_fabric_params(f, &g, &a, &h, &r);
    ck_assert(4 == g && 4 == a && 1 == h && 1.0 == r);
    /* 16 nodes' links and one global link per pair of 4 groups: 6 */
    ck_assert_int_eq(swt_fabric_nnodes(f), 16);
    ck_assert_int_eq(swt_fabric_nvertices(f), 20);
    ck_assert_int_eq(swt_fabric_ncables(f), 22);
    ck_assert_int_eq(swt_fabric_place(f, &slots), SWT_PLACE_BLOCKS);
    ck_assert_int_eq(slots, 1);
    /* no logical statement: the ring of the 16 ranks, rank r at position r */
    ck_assert_int_eq(swt_topo_logical(df)->ndims, 1);
    ck_assert_int_eq(swt_topo_logical(df)->dims[0], 16);
    ck_assert(!swt_topo_has_grid(df));

    f = swt_topo_fabric(ft);
    ck_assert_int_eq(swt_fabric_kind(f), SWT_FABRIC_FATTREE);
    swt_fabric_params(f, &g, &a, &h, &r);
    ck_assert(4 == g && 4 == a && 2 == h && 1.0 == r);
    /* 16 nodes, 4 leaves, 2 spines; 16 node links, 4 x 2 uplinks */
    ck_assert_int_eq(swt_fabric_nvertices(f), 22);
    ck_assert_int_eq(swt_fabric_ncables(f), 24);
    swt_topo_destroy(df);
    df = unit_topo_load("torus:4x4");
    ck_assert_ptr_null(swt_topo_fabric(df));
    swt_topo_destroy(df);
    swt_topo_destroy(ft);
}
END_TEST

START_TEST(test_specs)
{
    swt_topo_t *t = unit_topo_load("dragonfly:3,2,2,0.5");
    const swt_fabric_t *f = swt_topo_fabric(t);
    char name[32];
    long a, b;
    int g, n, h, cls;
    double r;

    ck_assert_str_eq(swt_topo_name(t), "dragonfly:3,2,2,0.5");
    swt_fabric_params(f, &g, &n, &h, &r);
    ck_assert(3 == g && 2 == n && 2 == h && 0.5 == r);
    /* 6 node links, then 2 cables per pair: (0,1) 6-7, (0,2) 8-9, (1,2) 10-11 */
    ck_assert_int_eq(swt_fabric_ncables(f), 12);
    ck_assert_int_eq(swt_fabric_cable(f, 9, &a, &b, &cls, &r), SWT_OK);
    ck_assert(6 == a && 8 == b && SWT_LINK_UPPER == cls && 0.5 == r);
    ck_assert_str_eq(swt_fabric_vertex_name(f, b, name, sizeof(name)), "r2");
    ck_assert_str_eq(swt_fabric_class_name(f, cls), "global");
    ck_assert_int_eq(swt_fabric_cable(f, 1, &a, &b, &cls, &r), SWT_OK);
    ck_assert(1 == a && 6 == b && SWT_LINK_LOCAL == cls && 1.0 == r);
    ck_assert_int_eq(swt_fabric_cable(f, 12, &a, &b, &cls, &r), SWT_ERR_INVALID);
    swt_topo_destroy(t);

    /* fattree:L,N: U defaults to N (not oversubscribed) */
    t = unit_topo_load("fattree:4,4");
    swt_fabric_params(swt_topo_fabric(t), &g, &n, &h, &r);
    ck_assert(4 == g && 4 == n && 4 == h && 1.0 == r);
    ck_assert_str_eq(swt_fabric_class_name(swt_topo_fabric(t), SWT_LINK_UPPER), "up");
    ck_assert_str_eq(swt_fabric_vertex_name(swt_topo_fabric(t), 16 + 4 + 3, name, sizeof(name)),
                     "s3");
    swt_topo_destroy(t);

    /* a logical shape of as many positions as ranks */
    t = unit_topo_load("dragonfly:4,4:logical=4x4");
    ck_assert_int_eq(swt_topo_logical(t)->ndims, 2);
    swt_topo_destroy(t);
}
END_TEST

START_TEST(test_placements)
{
    swt_topo_t *t = unit_topo_load("dragonfly:2,2:slots=3");
    const swt_fabric_t *f = swt_topo_fabric(t);
    int slots;

    /* blocks of 3: ranks 0-2 on node 0, 3-5 on node 1, ... */
    ck_assert_int_eq(swt_fabric_nranks(f), 12);
    ck_assert_int_eq(swt_topo_logical(t)->dims[0], 12);
    ck_assert_int_eq(swt_fabric_rank_node(f, 2), 0);
    ck_assert_int_eq(swt_fabric_rank_node(f, 3), 1);
    ck_assert_int_eq(swt_fabric_rank_node(f, 11), 3);
    ck_assert_int_eq(swt_fabric_rank_node(f, 12), -1);
    swt_topo_destroy(t);

    /* round robin of 2 per node over 4 nodes: rank r on node r mod 4 */
    t = unit_topo_load("fattree:2,2,1:slots=2:place=roundrobin");
    f = swt_topo_fabric(t);
    ck_assert_int_eq(swt_fabric_place(f, &slots), SWT_PLACE_ROUNDROBIN);
    ck_assert_int_eq(slots, 2);
    ck_assert_int_eq(swt_fabric_nranks(f), 8);
    ck_assert_int_eq(swt_fabric_rank_node(f, 5), 1);
    ck_assert_int_eq(swt_fabric_rank_node(f, 7), 3);
    swt_topo_destroy(t);

    /* a hostfile's order: ranks 0-1 on node 3, 2 on node 0, none on 1 and 2 */
    t = unit_topo_load("dragonfly:2,2:place=3,3,0");
    f = swt_topo_fabric(t);
    ck_assert_int_eq(swt_fabric_place(f, &slots), SWT_PLACE_LIST);
    ck_assert_int_eq(slots, 0);
    ck_assert_int_eq(swt_fabric_nranks(f), 3);
    ck_assert_int_eq(swt_topo_logical(t)->dims[0], 3);
    ck_assert_int_eq(swt_fabric_rank_node(f, 1), 3);
    ck_assert_int_eq(swt_fabric_rank_node(f, 2), 0);
    swt_topo_destroy(t);

    /* the same from a file's "place nodes" with a descending range */
    ck_assert_int_eq(swt_topo_parse("fattree 2,2\nplace nodes 3-0\n", "x", &t, NULL), SWT_OK);
    ck_assert_int_eq(swt_fabric_rank_node(swt_topo_fabric(t), 0), 3);
    ck_assert_int_eq(swt_fabric_rank_node(swt_topo_fabric(t), 3), 0);
    swt_topo_destroy(t);
}
END_TEST

/*
 * The network of nodes of a network of groups: one rank per node that
 * hosts ranks, in the order of their lowest rank, the same links and cost.
 */
START_TEST(test_nodes_of)
{
    swt_topo_t *t = unit_topo_load("dragonfly:4,4,1,0.25:slots=2"), *n = NULL;
    const swt_fabric_t *f;
    int groups, nodes, links;
    double rate;

    /* blocks of 2 on 16 nodes: 32 ranks, 16 leaders on nodes 0..15 */
    ck_assert_int_eq(swt_topo_fabric_nodes(t, &n), SWT_OK);
    f = swt_topo_fabric(n);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(swt_topo_logical(n)->dims[0], 16);
    ck_assert_int_eq(swt_fabric_nranks(f), 16);
    ck_assert_int_eq(swt_fabric_rank_node(f, 5), 5);
    swt_fabric_params(f, &groups, &nodes, &links, &rate);
    ck_assert_int_eq(groups, 4);
    ck_assert_int_eq(nodes, 4);
    ck_assert(fabs(rate - 0.25) < 1e-12);
    ck_assert(fabs(swt_topo_cost(n)->alpha - swt_topo_cost(t)->alpha) < 1e-18);
    swt_topo_destroy(n);
    swt_topo_destroy(t);

    /* a hostfile's order: ranks on nodes 3,3,1,0,1,0: leaders on 3, 1, 0 */
    t = unit_topo_load("fattree:2,2:place=3,3,1,0,1,0");
    ck_assert_int_eq(swt_topo_fabric_nodes(t, &n), SWT_OK);
    f = swt_topo_fabric(n);
    ck_assert_int_eq(swt_fabric_nranks(f), 3);
    ck_assert_int_eq(swt_fabric_rank_node(f, 0), 3);
    ck_assert_int_eq(swt_fabric_rank_node(f, 1), 1);
    ck_assert_int_eq(swt_fabric_rank_node(f, 2), 0);
    swt_topo_destroy(n);
    swt_topo_destroy(t);

    /* a torus has no network of groups */
    t = unit_topo_load("torus:4x4");
    ck_assert_int_eq(swt_topo_fabric_nodes(t, &n), SWT_ERR_INVALID);
    ck_assert_ptr_null(n);
    swt_topo_destroy(t);
}
END_TEST

/* The example of presets/FORMAT.md. */
START_TEST(test_example_file)
{
    swt_topo_t *t = unit_topo_load("@" SWT_TEST_DATA "/example-dragonfly.topo");
    const swt_fabric_t *f = swt_topo_fabric(t);

    ck_assert_str_eq(swt_topo_name(t), "my-dragonfly");
    ck_assert_int_eq(swt_topo_logical(t)->dims[0], 512);
    /* 128 nodes' links and 2 per pair of 8 groups: 56 */
    ck_assert_int_eq(swt_fabric_ncables(f), 128 + 56);
    ck_assert_int_eq(swt_fabric_rank_node(f, 511), 127);
    ck_assert(2e-6 == swt_topo_cost(t)->alpha);
    swt_topo_destroy(t);
}
END_TEST

static const char *const round_trip[] = {
    "dragonfly",
    "fattree",
    "dragonfly:4,4,2,0.5",
    "dragonfly:6,2:pairs=ring",
    "dragonfly:5,1:pairs=0-1,1-2,2-3,3-4,0-4",
    "dragonfly:3,2:slots=2:place=roundrobin",
    "fattree:2,2,1:place=0,2,1,3",
    "fattree:8,4,2,0.25:slots=4",
    "dragonfly:4,4:logical=4x4:order=15-0",
    "dragonfly:2,2:place=3,3,0,1,1,2",
};

/* parse(format(t)) == t, and the text is stable. */
START_TEST(test_round_trip)
{
    swt_topo_t *a = unit_topo_load(round_trip[_i]), *b = NULL;
    swt_diag_t d;
    char *ta = format_alloc(a), *tb;
    int err = swt_topo_parse(ta, "formatted", &b, &d);

    ck_assert_msg(SWT_OK == err, "%s: %d:%d: %s\n%s", round_trip[_i], d.line, d.col, d.msg, ta);
    ck_assert_msg(swt_topo_equal(a, b), "%s differs after the round trip:\n%s", round_trip[_i], ta);
    tb = format_alloc(b);
    ck_assert_str_eq(ta, tb);
    free(ta);
    free(tb);
    swt_topo_destroy(a);
    swt_topo_destroy(b);
}
END_TEST

/* Every field of a network of groups takes part in the comparison. */
START_TEST(test_equal_differs)
{
    static const char *const texts[] = {
        "dragonfly 4,4\n",
        "dragonfly 4,4,2\n",
        "dragonfly 4,4,1,0.5\n",
        "fattree 4,4,1\n",
        "dragonfly 4,4\nslots 2\n",
        "dragonfly 4,4\nslots 2\nplace roundrobin\n",
        "dragonfly 4,4\npairs ring\n",
        "dragonfly 4,4\nplace 1-15,0\n",
        "logical 16\n",
    };
    swt_topo_t *a, *b;

    for (int i = 0; i < 9; ++i) {
        for (int j = 0; j < 9; ++j) {
            ck_assert_int_eq(swt_topo_parse(texts[i], "x", &a, NULL), SWT_OK);
            ck_assert_int_eq(swt_topo_parse(texts[j], "x", &b, NULL), SWT_OK);
            ck_assert_msg(swt_topo_equal(a, b) == (i == j), "%s against %s", texts[i], texts[j]);
            swt_topo_destroy(a);
            swt_topo_destroy(b);
        }
    }
}
END_TEST

typedef struct bad_text {
    const char *text;
    int line;
    int col;
    const char *msg;
} bad_text_t;

static const bad_text_t bad_texts[] = {
    { "dragonfly 4\n", 1, 12, "expected ,A (nodes per group) after the groups" },
    { "dragonfly 4,0\n", 1, 13, "nodes per group: expected at least 1" },
    { "dragonfly 4,x\n", 1, 13, "expected nodes per group (a number)" },
    { "dragonfly 4,4,1,0\n", 1, 17, "expected a rate > 0" },
    { "dragonfly 4,4,1,1,2\n", 1, 19, "too many fields" },
    { "dragonfly 2048,1\n", 1, 11, "groups too large: at most 1024" },
    { "dragonfly 2,2 extra\n", 1, 15, "unexpected 'extra' after 'dragonfly'" },
    { "dragonfly\n", 1, 10, "'dragonfly' expects G,A" },
    { "fattree 2,2\ndragonfly 2,2\n", 2, 1, "'dragonfly' and 'fattree' (line 1)" },
    { "grid 2x2\nkind a rest\ndragonfly 2,2\n", 1, 1, "'grid' and 'dragonfly' (line 3)" },
    { "logical 4\nslots 2\n", 2, 1, "'slots' needs a 'dragonfly' or 'fattree' statement" },
    { "fattree 2,2\npairs ring\n", 2, 1, "'pairs' joins the groups of a dragonfly" },
    { "dragonfly 4,1\npairs 0-1,2-3\n", 2, 1, "groups 2 and 0 are not connected" },
    { "dragonfly 3,1\npairs 0-1,1-0\n", 2, 11, "pair 1-0 listed twice" },
    { "dragonfly 3,1\npairs 0-0\n", 2, 7, "a group is not joined to itself" },
    { "dragonfly 3,1\npairs 0-3\n", 2, 9, "a group too large: at most 2" },
    { "dragonfly 3,1\npairs 0\n", 2, 7, "expected a pair of groups such as 0-1" },
    { "dragonfly 40,1\npairs ring\n", 2, 1, "two groups are 20 global links apart: at most 14" },
    { "dragonfly 2,2\nplace nodes 0 4\n", 2, 15, "a node too large: at most 3" },
    { "dragonfly 2,2\nslots 2\nplace nodes 0 1\n", 2, 7, "'slots' and 'place nodes' (line 3)" },
    { "dragonfly 2,2\nplace diagonal\n", 2, 7, "unknown placement 'diagonal'" },
    { "dragonfly 2,2\nplace blocks 2\n", 2, 14, "unexpected '2' after 'place'" },
    { "dragonfly 2,2\nslots 0\n", 2, 7, "ranks per node: expected at least 1" },
    { "dragonfly 2,2\nlogical 8\n", 2, 9,
      "logical shape has 8 positions but the network's placement has 4 ranks" },
    { "# a comment\n\ndragonfly 2,2\nslots 1\nslots 2\n", 5, 1,
      "duplicate 'slots' statement (first at line 4)" },
    { "dragonfly 2,2\nplace nodes\n", 2, 12, "'place' expects the node of each rank" },
};
#define N_BAD (int) (sizeof(bad_texts) / sizeof(bad_texts[0]))

START_TEST(test_errors)
{
    const bad_text_t *c = &bad_texts[_i];
    swt_topo_t *t = (swt_topo_t *) 1;
    swt_diag_t d;
    int err = swt_topo_parse(c->text, "case", &t, &d);

    ck_assert_msg(SWT_ERR_PARSE == err, "case %d: error %d (%s)", _i, err, d.msg);
    ck_assert_ptr_null(t);
    ck_assert_msg(d.line == c->line && d.col == c->col, "case %d: at %d:%d, expected %d:%d (%s)",
                  _i, d.line, d.col, c->line, c->col, d.msg);
    ck_assert_msg(NULL != strstr(d.msg, c->msg), "case %d: '%s' lacks '%s'", _i, d.msg, c->msg);
    ck_assert_str_eq(d.origin, "case");
}
END_TEST

/* Spec errors name the preset and the statement the spec made. */
START_TEST(test_spec_errors)
{
    swt_topo_t *t = NULL;
    swt_diag_t d;

    ck_assert_int_eq(swt_topo_load("n150:3", &t, &d), SWT_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(d.msg, "expected KEY=VALUE"));
    ck_assert_int_eq(swt_topo_load("dragonfly:4,4:slots=2:place=0,1", &t, &d), SWT_ERR_PARSE);
    ck_assert_str_eq(d.origin, "preset:dragonfly:4,4:slots=2:place=0,1");
    ck_assert_ptr_nonnull(strstr(d.msg, "'slots' and 'place nodes'"));
    ck_assert_int_eq(swt_topo_load("fattree:4,0", &t, &d), SWT_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(d.msg, "nodes per leaf: expected at least 1"));
    ck_assert_ptr_null(t);
}
END_TEST

/* ---- routes ---- */

static void check_route(const swt_fabric_t *f, long a, long b, int n, const long *want)
{
    long links[SWT_FABRIC_MAX_ROUTE];
    int k = swt_fabric_route(f, a, b, links);

    ck_assert_msg(k == n, "route %ld -> %ld: %d links, expected %d", a, b, k, n);
    for (int i = 0; i < n; ++i) {
        ck_assert_msg(links[i] == want[i], "route %ld -> %ld: link %d is %ld, expected %ld", a, b,
                      i, links[i], want[i]);
    }
}

START_TEST(test_routes_dragonfly)
{
    /*
     * dragonfly:4,4,2: cables 0-15 the nodes' (link 2i: node i up, 2i+1:
     * down to it), then 2 per pair g < h: (0,1) 16-17, (0,2) 18-19, (0,3)
     * 20-21, (1,2) 22-23, (1,3) 24-25, (2,3) 26-27, directed 2c from the
     * lower group's router. Of a pair's 2 links the message to node d takes
     * the (d mod 2)-th.
     */
    swt_topo_t *t = unit_topo_load("dragonfly:4,4,2");
    const swt_fabric_t *f = swt_topo_fabric(t);
    const long n0n5[] = { 0, 2 * 17, 2 * 5 + 1 }; /* 5 odd: cable 17 */
    const long n5n0[] = { 2 * 5, 2 * 16 + 1, 1 }; /* 0 even: cable 16, r1 -> r0 */
    const long n0n1[] = { 0, 3 };
    const long n14n7[] = { 28, 2 * 25 + 1, 15 }; /* r3 -> r1 on (1,3)'s 2nd */

    check_route(f, 0, 5, 3, n0n5);
    check_route(f, 5, 0, 3, n5n0);
    check_route(f, 0, 1, 2, n0n1);
    check_route(f, 14, 7, 3, n14n7);
    check_route(f, 3, 3, 0, NULL);
    swt_topo_destroy(t);

    /*
     * A ring of 5 groups of 1 node: pairs (0,1) cable 5, (0,4) 6, (1,2) 7,
     * (2,3) 8, (3,4) 9. 0 -> 2 goes by 1 (two links nearer); 0 -> 3 by 4
     * (1 is two links from 3, 4 one).
     */
    t = unit_topo_load("dragonfly:5,1:pairs=ring");
    f = swt_topo_fabric(t);
    {
        const long n0n2[] = { 0, 2 * 5, 2 * 7, 2 * 2 + 1 };
        const long n0n3[] = { 0, 2 * 6, 2 * 9 + 1, 2 * 3 + 1 };
        check_route(f, 0, 2, 4, n0n2);
        check_route(f, 0, 3, 4, n0n3);
    }
    swt_topo_destroy(t);
}
END_TEST

START_TEST(test_routes_fattree)
{
    /*
     * fattree:4,4,2: cables 0-15 the nodes', then leaf l's uplink to spine
     * j is cable 16 + 2l + j. To node d under another leaf: spine d mod 2
     * (D-mod-k), up 2c, down 2c + 1.
     */
    swt_topo_t *t = unit_topo_load("fattree:4,4,2");
    const swt_fabric_t *f = swt_topo_fabric(t);
    const long n0n5[] = { 0, 2 * 17, 2 * 19 + 1, 11 }; /* spine 1 */
    const long n0n6[] = { 0, 2 * 16, 2 * 18 + 1, 13 }; /* spine 0 */
    const long n0n2[] = { 0, 5 };
    long from, to;
    int cls;
    double r;

    check_route(f, 0, 5, 4, n0n5);
    check_route(f, 0, 6, 4, n0n6);
    check_route(f, 0, 2, 2, n0n2);
    ck_assert_int_eq(swt_fabric_link(f, 2 * 19 + 1, &from, &to, &cls, &r), SWT_OK);
    ck_assert(16 + 4 + 1 == from && 16 + 1 == to && SWT_LINK_UPPER == cls);
    swt_topo_destroy(t);
}
END_TEST

/* The network's routes are those of the library's routing (swt_net_route):
   positions to nodes, ranks of one node cross nothing. */
START_TEST(test_net_route)
{
    swt_topo_t *t = unit_topo_load("dragonfly:2,2:slots=2:place=roundrobin");
    swt_net_t *net;
    swt_route_t rt;

    ck_assert_int_eq(swt_net_create(t, &net), SWT_OK);
    /* ranks 0 and 4 on node 0; rank 1 on node 1, rank 2 on node 2 */
    ck_assert_int_eq(swt_net_node(net, 4), 0);
    swt_net_route(net, 0, 4, 1, &rt);
    ck_assert(0 == rt.nlinks && 0 == rt.hops && 0 == rt.nsegs);
    swt_net_route(net, 0, 1, -1, &rt);
    ck_assert(2 == rt.nlinks && 2 == rt.hops && 0 == rt.links[0] && 3 == rt.links[1]);
    swt_net_route(net, 0, 2, 1, &rt);
    ck_assert_int_eq(rt.hops, 3);
    swt_net_destroy(net);
    swt_topo_destroy(t);
}
END_TEST

/* ---- link loads ---- */

/*
 * dragonfly:4,4, ranks in blocks on the ring of 16 (groups {0-3}, {4-7},
 * {8-11}, {12-15}); every message crosses 2 local links and, between
 * groups, 1 global link.
 * Swing: s=0 (+1 from even ranks) pairs 0-1, 2-3: inside groups, 0 global
 *   crossings; s=1 (rho -1) pairs 1-2, 3-4, 5-6, 7-8, ..., 15-0: 3-4, 7-8,
 *   11-12, 15-0 cross, 8 messages; s=2 (rho 3) pairs 0-3, 2-5, 4-7, 6-9,
 *   ..., 14-1: 2-5, 6-9, 10-13, 14-1 cross, 8; s=3 (rho -5) every pair
 *   crosses, 16. Loads 1, 1, 1, 2 (s=3: 0 -> 11 and 3 -> 8 share
 *   r0 -> r2).
 * RD: s=0, s=1 (xor 1, 2) inside groups; s=2 (xor 4) and s=3 (xor 8) every
 *   message crosses, 16 each; the 4 messages of a group to its partner
 *   group share its one global link: load 4, first on r0 -> r1 (link 32).
 * BO of n bytes: step s carries n/2^(s+1) twice (reduce-scatter, allgather):
 *   Swing 2 (8 n/4 + 8 n/8 + 16 n/16) = 8n global, RD 2 (16 n/8 + 16 n/16)
 *   = 6n: Swing a third more on this aligned placement.
 */
START_TEST(test_loads_dragonfly)
{
    static const long sw_glob[4] = { 0, 8, 8, 16 }, rd_glob[4] = { 0, 0, 16, 16 };
    static const long sw_load[4] = { 1, 1, 1, 2 }, rd_load[4] = { 1, 1, 4, 4 };
    swt_topo_t *t = unit_topo_load("dragonfly:4,4");
    swt_net_t *net;
    swt_traffic_t *tr;

    ck_assert_int_eq(swt_net_create(t, &net), SWT_OK);
    ck_assert_int_eq(swt_net_nphases(net), 4);
    for (int s = 0; s < 4; ++s) {
        swt_phase_stats_t st;
        ck_assert_int_eq(swt_net_load(net, SWT_ALG_SWING, s, NULL, NULL, &st), SWT_OK);
        UNIT_CHECK_EQ(st.nmsgs, 16);
        UNIT_CHECK_EQ(st.cross[SWT_LINK_LOCAL], 32);
        UNIT_CHECK_EQ(st.cross[SWT_LINK_UPPER], sw_glob[s]);
        UNIT_CHECK_EQ(st.load, sw_load[s]);
        UNIT_CHECK_EQ(st.max_hops, 0 == s ? 2 : 3);
        ck_assert_int_eq(swt_net_load(net, SWT_ALG_RD, s, NULL, NULL, &st), SWT_OK);
        UNIT_CHECK_EQ(st.cross[SWT_LINK_UPPER], rd_glob[s]);
        UNIT_CHECK_EQ(st.load, rd_load[s]);
        ck_assert(st.wload == (double) st.load);
        if (2 == s) {
            UNIT_CHECK_EQ(st.busiest_link, 32);
            UNIT_CHECK_EQ(swt_net_fabric_load(net, 32), 4);
            UNIT_CHECK_EQ(swt_net_fabric_load(net, 33), 4);
            UNIT_CHECK_EQ(swt_net_fabric_load(net, 0), 1); /* n0 -> r0: 0 -> 4 */
        }
    }
    ck_assert_int_eq(swt_traffic_create(net, SWT_ALG_SWING, SWT_KIND_BO, 1, 1048576.0, &tr),
                     SWT_OK);
    ck_assert(8.0 * 1048576.0 == tr->total[SWT_LINK_UPPER]);
    /* every message 2 local links: 2 x 16 ranks x 2n(p-1)/p */
    ck_assert(2.0 * 16 * 2 * 1048576.0 * 15 / 16 == tr->total[SWT_LINK_LOCAL]);
    ck_assert_int_eq(tr->nsteps, 8);
    ck_assert(0 == tr->steps[0].ag && 3 == tr->steps[3].s && 1 == tr->steps[4].ag
              && 3 == tr->steps[4].s && 0 == tr->steps[7].s);
    swt_traffic_destroy(tr);
    ck_assert_int_eq(swt_traffic_create(net, SWT_ALG_RD, SWT_KIND_BO, 1, 1048576.0, &tr), SWT_OK);
    ck_assert(6.0 * 1048576.0 == tr->total[SWT_LINK_UPPER]);
    swt_traffic_destroy(tr);
    /* LO: every step the whole vector; both cross 32 messages x n */
    ck_assert_int_eq(swt_traffic_create(net, SWT_ALG_RD, SWT_KIND_LO, 1, 1024.0, &tr), SWT_OK);
    ck_assert(32.0 * 1024.0 == tr->total[SWT_LINK_UPPER] && 3 == tr->steps[0].s);
    swt_traffic_destroy(tr);
    /* the ring of the ranks: 4 of 16 neighbours cross, each way (2 parts of
       n/2): 30 steps x 8 messages of n/32 = 7.5n */
    ck_assert_int_eq(swt_traffic_create(net, SWT_ALG_RING, SWT_KIND_BO, 2, 1024.0, &tr), SWT_OK);
    ck_assert(7.5 * 1024.0 == tr->total[SWT_LINK_UPPER] && 15 == tr->steps[0].repeat);
    swt_traffic_destroy(tr);
    ck_assert_int_eq(swt_traffic_create(net, SWT_ALG_RING, SWT_KIND_LO, 2, 1024.0, &tr),
                     SWT_ERR_INVALID);
    swt_net_destroy(net);
    swt_topo_destroy(t);
}
END_TEST

/*
 * The same placement shifted by two nodes (rank r on node r + 2 mod 16):
 * groups {14,15,0,1}, {2-5}, {6-9}, {10-13}. RD's xor 2 now crosses for
 * every rank: 2 (16 n/4 + 16 n/8 + 16 n/16) = 14n; Swing's pairs 1-2,
 * 5-6, 9-10, 13-14 (s=1) and 0-3, 4-7, 8-11, 12-15 (s=2) cross, s=3
 * always: 2 (8 n/4 + 8 n/8 + 16 n/16) = 8n, 43% fewer than RD.
 */
START_TEST(test_loads_shifted)
{
    swt_topo_t *t = unit_topo_load("dragonfly:4,4:place=2-15,0-1");
    swt_net_t *net;
    swt_traffic_t *sw, *rd;

    ck_assert_int_eq(swt_net_create(t, &net), SWT_OK);
    ck_assert_int_eq(swt_traffic_create(net, SWT_ALG_SWING, SWT_KIND_BO, 1, 1024.0, &sw), SWT_OK);
    ck_assert_int_eq(swt_traffic_create(net, SWT_ALG_RD, SWT_KIND_BO, 1, 1024.0, &rd), SWT_OK);
    ck_assert(8.0 * 1024.0 == sw->total[SWT_LINK_UPPER]);
    ck_assert(14.0 * 1024.0 == rd->total[SWT_LINK_UPPER]);
    swt_traffic_destroy(sw);
    swt_traffic_destroy(rd);
    swt_net_destroy(net);
    swt_topo_destroy(t);
}
END_TEST

/*
 * fattree:4,4,2, blocks: the messages that cross leaves are those that
 * cross groups above, each over an uplink and a downlink: twice the
 * dragonfly's counts. RD s=2: the 4 messages of leaf 0 to leaf 1 go to
 * nodes 4-7, by spines 0, 1, 0, 1: 2 on each uplink.
 */
START_TEST(test_loads_fattree)
{
    swt_topo_t *t = unit_topo_load("fattree:4,4,2");
    swt_net_t *net;
    swt_phase_stats_t st;

    ck_assert_int_eq(swt_net_create(t, &net), SWT_OK);
    ck_assert_int_eq(swt_net_load(net, SWT_ALG_RD, 2, NULL, NULL, &st), SWT_OK);
    UNIT_CHECK_EQ(st.cross[SWT_LINK_UPPER], 32);
    UNIT_CHECK_EQ(st.load, 2);
    UNIT_CHECK_EQ(st.max_hops, 4);
    ck_assert_int_eq(swt_net_load(net, SWT_ALG_SWING, 1, NULL, NULL, &st), SWT_OK);
    UNIT_CHECK_EQ(st.cross[SWT_LINK_UPPER], 16);
    swt_net_destroy(net);
    swt_topo_destroy(t);
}
END_TEST

/*
 * Ranks of one node cross no link. dragonfly:2,2:slots=2, blocks: ranks
 * 2k, 2k+1 on node k. RD s=0 (xor 1): all 8 messages inside nodes, no
 * link, load 0; s=1 (xor 2): node 0 <-> 1, inside group 0: 2 local links
 * each, 16; s=2 (xor 4): across groups, 3 links each, r0 -> r1 carries the
 * 4 messages of ranks 0-3.
 */
START_TEST(test_loads_slots)
{
    swt_topo_t *t = unit_topo_load("dragonfly:2,2:slots=2");
    swt_net_t *net;
    swt_phase_stats_t st;

    ck_assert_int_eq(swt_net_create(t, &net), SWT_OK);
    ck_assert_int_eq(swt_net_load(net, SWT_ALG_RD, 0, NULL, NULL, &st), SWT_OK);
    ck_assert(8 == st.nmsgs && 0 == st.load && 0.0 == st.wload && 0 == st.max_hops);
    ck_assert(0 == st.cross[SWT_LINK_LOCAL] && -1 == st.busiest_link);
    ck_assert_int_eq(swt_net_load(net, SWT_ALG_RD, 1, NULL, NULL, &st), SWT_OK);
    ck_assert(16 == st.cross[SWT_LINK_LOCAL] && 0 == st.cross[SWT_LINK_UPPER]);
    ck_assert_int_eq(swt_net_load(net, SWT_ALG_RD, 2, NULL, NULL, &st), SWT_OK);
    ck_assert(16 == st.cross[SWT_LINK_LOCAL] && 8 == st.cross[SWT_LINK_UPPER] && 4 == st.load);
    swt_net_destroy(net);
    swt_topo_destroy(t);
}
END_TEST

/*
 * A tree's message weighs its blocks. dragonfly:2,2 (ranks 0, 1 on router
 * 0; 2, 3 on router 1): 0 -> 2 of weight 3 and 1 -> 3 of weight 5 share
 * the global link r0 -> r1: 8 there, 3 on node 0's uplink and on r1's link
 * to node 2; upper crossings 3 + 5. At half the rate the global link
 * weighs 16.
 */
START_TEST(test_loads_weights)
{
    static const char *const specs[2] = { "dragonfly:2,2", "dragonfly:2,2,1,0.5" };

    for (int i = 0; i < 2; ++i) {
        swt_topo_t *t = unit_topo_load(specs[i]);
        swt_msg_t msgs[2] = { { 0, 2, 1, 2, 3 }, { 1, 3, 1, 2, 5 } };
        swt_net_t *net;
        swt_route_t rt;
        swt_phase_stats_t st;

        ck_assert_int_eq(swt_net_create(t, &net), SWT_OK);
        ck_assert_int_eq(swt_net_load_msgs(net, msgs, 2, &st), SWT_OK);
        swt_net_route(net, 0, 2, 1, &rt);
        ck_assert_int_eq(rt.nlinks, 3);
        UNIT_CHECK_EQ(st.nmsgs, 2);
        UNIT_CHECK_EQ(st.load, 8);
        UNIT_CHECK_EQ(st.busiest_link, rt.links[1]);
        ck_assert(st.wload == (0 == i ? 8.0 : 16.0));
        UNIT_CHECK_EQ(st.cross[SWT_LINK_UPPER], 8);
        UNIT_CHECK_EQ(swt_net_fabric_load(net, rt.links[0]), 3);
        UNIT_CHECK_EQ(swt_net_fabric_load(net, rt.links[1]), 8);
        UNIT_CHECK_EQ(swt_net_fabric_load(net, rt.links[2]), 3);
        swt_net_destroy(net);
        swt_topo_destroy(t);
    }
}
END_TEST

/*
 * A broadcast's bytes per class of link, dragonfly:4,4 in blocks, from
 * rank 0 (units of the vector n). Each of its 15 messages crosses two
 * local links (node -> router -> node), so every tree puts 30n on local
 * links. Upper: binomial far first sends 0 -> 8, then 0 -> 4 and 8 -> 12
 * across groups, then only inside them: 3n; near first crosses at xor 4
 * (4 messages) and xor 8 (8): 12n. The chain 0 -> 1 -> ... -> 15 (its one
 * step: every rank but the last sends a segment, n/S) crosses at 3 -> 4,
 * 7 -> 8, 11 -> 12: 3 segments, 30 on local links; the S segments make
 * it 3n and 30n in all.
 */
START_TEST(test_tree_class_bytes)
{
    static const struct {
        swt_alg_t alg;
        swt_tree_order_t order;
        double up;
    } want[] = {
        { SWT_ALG_RD, SWT_TREE_FAR_FIRST, 3.0 },
        { SWT_ALG_RD, SWT_TREE_NEAR_FIRST, 12.0 },
        { SWT_ALG_RING, SWT_TREE_DEFAULT, 3.0 },
    };
    swt_topo_t *t = unit_topo_load("dragonfly:4,4");
    swt_tree_model_t *m = NULL;

    ck_assert_int_eq(swt_tree_model_create(t, NULL, 0, &m), SWT_OK);
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); ++i) {
        swt_tree_opts_t o = { want[i].order, 0, 0 };
        double cb[SWT_LINK_NCLASSES] = { 0.0, 0.0 };
        int ns = swt_tree_model_nsteps(m, want[i].alg, SWT_COLL_BCAST, &o, 1);
        ck_assert_int_gt(ns, 0);
        for (int st = 0; st < ns; ++st) {
            swt_tree_stats_t ts;
            ck_assert_int_eq(swt_tree_model_step(m, want[i].alg, SWT_COLL_BCAST, &o, 1, st, &ts),
                             SWT_OK);
            cb[SWT_LINK_LOCAL] += ts.class_bytes[SWT_LINK_LOCAL];
            cb[SWT_LINK_UPPER] += ts.class_bytes[SWT_LINK_UPPER];
            if (ts.nmsgs > 0) {
                ck_assert_int_ge(ts.busiest_link, 0);
            }
        }
        UNIT_CHECK(fabs(cb[SWT_LINK_LOCAL] - 30.0) < 1e-9
                       && fabs(cb[SWT_LINK_UPPER] - want[i].up) < 1e-9,
                   "form %zu: local %.3f n, global %.3f n; expected 30, %.0f", i,
                   cb[SWT_LINK_LOCAL], cb[SWT_LINK_UPPER], want[i].up);
    }
    swt_tree_model_destroy(m);
    swt_topo_destroy(t);
}
END_TEST

/*
 * A gather's root takes 15/16 of the vector through its one cable
 * (r0 -> n0), so on dragonfly:4,4 the busiest links of every tree's steps
 * add up to at least 15/16; the binomial tree (near first as a broadcast,
 * so the gather's last step is xor 1) ends with rank 1 sending its half:
 * 0.5 on each link of that route. A link at half the rate counts its bytes
 * twice: on dragonfly:4,4,1,0.5 the binomial broadcast far first starts
 * with 0 -> 8 across the global link, 2n.
 */
START_TEST(test_tree_link_weights)
{
    static const struct {
        swt_alg_t alg;
        swt_tree_order_t order;
    } forms[] = {
        { SWT_ALG_RD, SWT_TREE_DEFAULT },
        { SWT_ALG_SWING, SWT_TREE_DEFAULT },
    };
    swt_topo_t *t = unit_topo_load("dragonfly:4,4");
    swt_tree_model_t *m = NULL;

    ck_assert_int_eq(swt_tree_model_create(t, NULL, 0, &m), SWT_OK);
    for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); ++i) {
        swt_tree_opts_t o = { forms[i].order, 0, 0 };
        swt_tree_stats_t ts;
        double sum = 0.0;
        int ns = swt_tree_model_nsteps(m, forms[i].alg, SWT_COLL_GATHER, &o, 1);
        ck_assert_int_gt(ns, 0);
        for (int st = 0; st < ns; ++st) {
            ck_assert_int_eq(swt_tree_model_step(m, forms[i].alg, SWT_COLL_GATHER, &o, 1, st, &ts),
                             SWT_OK);
            sum += ts.max_link;
        }
        UNIT_CHECK(sum >= 15.0 / 16.0 - 1e-9, "form %zu: busiest links add up to %.4f n", i, sum);
        if (0 == i) {
            UNIT_CHECK(1 == ts.nmsgs && fabs(ts.max_link - 0.5) < 1e-9,
                       "last step: %ld messages, %.4f n on the busiest link", ts.nmsgs,
                       ts.max_link);
        }
    }
    swt_tree_model_destroy(m);
    swt_topo_destroy(t);
    t = unit_topo_load("dragonfly:4,4,1,0.5");
    ck_assert_int_eq(swt_tree_model_create(t, NULL, 0, &m), SWT_OK);
    {
        swt_tree_opts_t far = { SWT_TREE_FAR_FIRST, 0, 0 };
        swt_tree_stats_t ts;
        ck_assert_int_eq(swt_tree_model_step(m, SWT_ALG_RD, SWT_COLL_BCAST, &far, 1, 0, &ts),
                         SWT_OK);
        UNIT_CHECK(1 == ts.nmsgs && fabs(ts.max_link - 2.0) < 1e-9,
                   "half-rate global link: %ld messages, %.4f n", ts.nmsgs, ts.max_link);
    }
    swt_tree_model_destroy(m);
    swt_topo_destroy(t);
}
END_TEST

/* ---- the model ---- */

static void check_time(double got, double want, const char *what)
{
    ck_assert_msg(fabs(got - want) <= 1e-12 * want, "%s: %.9g s, expected %.9g", what, got, want);
}

/*
 * dragonfly:2,2 (groups {0,1}, {2,3}), RD BO, default constants:
 *   s=0 (xor 1): inside a group, node -> router -> node, h = 2, c = 1;
 *   s=1 (xor 2): h = 3; 0 -> 2 and 1 -> 3 share r0 -> r1: c = 2.
 *   T = 2 (a + 2t) + 2 (a + 3t) + n [1/2 (2 c0/b + g) + 1/4 (2 c1/b + g)].
 * Global links at half the rate count each message twice: c1 = 4.
 * dragonfly:2,1:slots=2: s=0 inside the nodes: no link, h = 0, c = 0, the
 * step still costs a and g; s=1 h = 3, c = 2.
 */
START_TEST(test_model)
{
    const double a = 1e-6, tau = 1e-7, b = 12.5e9, g = 1e-10, n = 65536.0;
    static const char *const specs[3] = { "dragonfly:2,2", "dragonfly:2,2,1,0.5",
                                          "dragonfly:2,1:slots=2" };
    const double want[3] = {
        2 * (a + 2 * tau) + 2 * (a + 3 * tau) + n * (0.5 * (2 / b + g) + 0.25 * (4 / b + g)),
        2 * (a + 2 * tau) + 2 * (a + 3 * tau) + n * (0.5 * (2 / b + g) + 0.25 * (8 / b + g)),
        2 * a + 2 * (a + 3 * tau) + n * (0.5 * g + 0.25 * (4 / b + g)),
    };

    for (int i = 0; i < 3; ++i) {
        swt_topo_t *t = unit_topo_load(specs[i]);
        swt_model_t *m;
        long h, c;
        ck_assert_int_eq(swt_model_create(t, NULL, &m), SWT_OK);
        check_time(swt_model_time(m, SWT_ALG_RD, SWT_KIND_BO, n), want[i], specs[i]);
        swt_model_phase(m, SWT_ALG_RD, 1, &h, &c);
        ck_assert(3 == h && (1 == i ? 4 : 2) == c);
        swt_model_destroy(m);
        swt_topo_destroy(t);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("fabric");
    TCase *tc = tcase_create("fabric");

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_presets);
    tcase_add_test(tc, test_specs);
    tcase_add_test(tc, test_placements);
    tcase_add_test(tc, test_nodes_of);
    tcase_add_test(tc, test_example_file);
    tcase_add_loop_test(tc, test_round_trip, 0, (int) (sizeof(round_trip) / sizeof(round_trip[0])));
    tcase_add_test(tc, test_equal_differs);
    tcase_add_loop_test(tc, test_errors, 0, N_BAD);
    tcase_add_test(tc, test_spec_errors);
    tcase_add_test(tc, test_routes_dragonfly);
    tcase_add_test(tc, test_routes_fattree);
    tcase_add_test(tc, test_net_route);
    tcase_add_test(tc, test_loads_dragonfly);
    tcase_add_test(tc, test_loads_shifted);
    tcase_add_test(tc, test_loads_fattree);
    tcase_add_test(tc, test_loads_slots);
    tcase_add_test(tc, test_loads_weights);
    tcase_add_test(tc, test_tree_class_bytes);
    tcase_add_test(tc, test_tree_link_weights);
    tcase_add_test(tc, test_model);
    suite_add_tcase(s, tc);
    return unit_run(s);
}
