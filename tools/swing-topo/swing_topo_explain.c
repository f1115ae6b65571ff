/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing-topo explain: the step list of one rank (as the component runs it,
 * from swt_sched_create_part) with partner, stepping dimension, direction,
 * logical distance, physical hops, bytes sent and block ranges. For a step
 * in which the rank only receives (fold, unfold), the distance and hops
 * are those of the incoming message. With --mp (and for the ring) every
 * part in turn, then the physical links that two parts of the rank share
 * in one step (a logical port is a physical route: on a grid with hidden
 * tiles, or a map that moves two physical coordinates, ports can meet).
 * With --model (or a description with an overhead per message or cores),
 * the cost model's steps of the whole communicator at that size: each
 * step's link and core bounds and which one set its time. On a network of
 * groups, also the bytes each message puts on local and on upper (global
 * or up) links, and their totals. With --choice, instead, the automatic
 * choice of a collective by size (swing_topo_choice.c).
 */
#include "swing_topo.h"
#include "swt_table.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static void swing_explain_help(void)
{
    printf("Usage: swing-topo explain TOPO --rank R [--alg swing|rd|ring] [--kind lo|bo]\n"
           "                          [--bytes N] [--mp] [--model] [--alpha S] [--tau S]\n"
           "                          [--beta B] [--gamma S] [--overhead S] [--cores N]\n"
           "       swing-topo explain TOPO --rank R --coll C [--root R0]\n"
           "                          [--alg swing|rd|ring|linear] [--order far|near]\n"
           "                          [--bytes N] [--mp]\n"
           "       swing-topo explain TOPO --choice [--coll C] [--decision-file F]\n"
           "                          [--lo-max-bytes N] [--force ALG] [--ranks P] [COST]\n"
           "\n"
           "Prints each step of rank R's schedule: the core step s (fold and unfold\n"
           "steps show '-'), the operation, the partner rank, the stepping dimension,\n"
           "the direction of travel, the logical distance, the physical hops, the\n"
           "bytes sent for a message of N bytes per rank (blocks rounded as the\n"
           "component rounds elements, with 1-byte elements) and the block ranges\n"
           "[first,end) sent and received (BO only). With --mp, and always for the\n"
           "ring, each part of the multiport form in turn (its slice of the vector,\n"
           "its walk or cycle; blocks are relative to the slice), then the physical\n"
           "links two parts of the rank share in one step. The ring step sends to\n"
           "one rank (peer) and receives from another (from). On a network of groups\n"
           "(dragonfly, fattree) hops are the links of the route between the ranks'\n"
           "nodes (0 inside a node), and two more columns give the bytes the message\n"
           "puts on local links and on global (or up) links, with their totals.\n"
           "With --model, and whenever the description has an overhead per message\n"
           "or cores (cost o=, cores=), then the cost model's steps at that size:\n"
           "the messages a rank posts, the link bound (alpha + hops*tau + messages*o\n"
           "+ busiest-link bytes/beta + gamma*reduced bytes), the core bound (every\n"
           "rank's overheads and reductions over the cores) and which set the time.\n"
           "\n"
           "With --choice, instead: the component's automatic choice of a collective\n"
           "on TOPO, size range by size range (bytes of the whole vector), and what\n"
           "chose each range: a measured table's row (the decision file's, else the\n"
           "description's decide rows), the cost model (with the LO/BO boundary of\n"
           "--lo-max-bytes or the description's), or a forced algorithm; the lines\n"
           "coll_swing_verbose 2 prints for a communicator on TOPO.\n"
           "\n"
           "  --rank R        communicator rank (default 0)\n"
           "  --alg A         swing (default), rd or ring (bandwidth-optimal only)\n"
           "  --kind K        lo (default: latency-optimal) or bo (bandwidth-optimal)\n"
           "  --bytes N       message size per rank, K/M/G suffixes (default 1M)\n"
           "  --mp            every part of the multiport form\n"
           "  --coll C        bcast, reduce, gather or scatter: rank R's steps in the tree\n"
           "                  (swing: Bine, rd: binomial) or chain (ring: along the\n"
           "                  torus's cycles, linear: along the ranks) of that collective\n"
           "                  from root R0 (--root, default 0), one line per step, idle\n"
           "                  steps included; N is the vector (gather, scatter: all p\n"
           "                  blocks); chains take the model's best segment count.\n"
           "                  With --choice: allreduce (default), iallreduce,\n"
           "                  allreduce_init, reduce_scatter_block, reduce_scatter,\n"
           "                  allgather, allgatherv\n"
           "  --order O       far or near: a tree's first core step (default: far for\n"
           "                  bcast and reduce, near for gather and scatter)\n"
           "  --model         the cost model's steps (also: the cost options, as predict)\n"
           "  --choice        the automatic choice by size, and its sources\n"
           "  --decision-file F   as coll_swing_decision_file\n"
           "  --lo-max-bytes N    as coll_swing_lo_max_bytes (-1: unset)\n"
           "  --force ALG     as coll_swing_<coll>_algorithm\n"
           "  --ranks P       the communicator's size, for rows with ranks=N (default:\n"
           "                  the description's positions)\n"
           "  --help          this text\n");
}

static const char *swing_explain_op(swt_op_t op)
{
    switch (op) {
    case SWT_OP_FOLD_SEND: return "fold-send";
    case SWT_OP_FOLD_RECV: return "fold-recv";
    case SWT_OP_LO: return "exchange";
    case SWT_OP_RS: return "reduce-scatter";
    case SWT_OP_AG: return "allgather";
    case SWT_OP_UNFOLD_RECV: return "unfold-recv";
    case SWT_OP_UNFOLD_SEND: return "unfold-send";
    default: return "?";
    }
}

static int swing_explain_print(const swt_topo_t *topo, const swt_net_t *net,
                               const swt_sched_t *sched, long pos, size_t count, int ring)
{
    const swt_fabric_t *fab = swt_topo_fabric(topo);
    long tot_hops = 0, tot_dist = 0;
    double tot_bytes = 0.0, bytes = (double) count, tot_cls[SWT_LINK_NCLASSES] = { 0.0 };

    printf("%4s %4s %-14s %6s %3s %3s %6s %6s %12s %-15s %-15s%s", "step", "s", "op", "peer", "dim",
           "dir", "dist", "hops", "bytes-sent", "send-blocks", "recv-blocks",
           ring ? "   from" : "");
    if (NULL != fab) {
        printf(" %12s %12s", "local-bytes", swt_fabric_class_name(fab, SWT_LINK_UPPER));
    }
    printf("\n");
    for (int i = 0; i < swt_sched_nsteps(sched); ++i) {
        const swt_step_t *st = swt_sched_step(sched, i);
        int recv_only = (SWT_OP_FOLD_RECV == st->op || SWT_OP_UNFOLD_RECV == st->op);
        int dir = recv_only ? -st->move.dir : st->move.dir;
        swt_route_t rt;
        char dn[16], sb[48] = "-", rb[48] = "-", cs[16] = "-";
        double sent = recv_only ? 0.0 : bytes;

        if (recv_only) {
            swt_net_route(net, st->peer, pos, dir, &rt);
        } else {
            swt_net_route(net, pos, st->peer, dir, &rt);
        }
        if (SWT_OP_RS == st->op || SWT_OP_AG == st->op) {
            size_t first, n;
            swt_block_elems(count, swt_sched_nblocks(sched), st->send_lo, st->send_n, &first, &n);
            sent = (double) n;
            snprintf(sb, sizeof(sb), "[%ld,%ld)", st->send_lo, st->send_lo + st->send_n);
            snprintf(rb, sizeof(rb), "[%ld,%ld)", st->recv_lo, st->recv_lo + st->recv_n);
        }
        if (st->core_step >= 0) {
            snprintf(cs, sizeof(cs), "%d", st->core_step);
        }
        printf("%4d %4s %-14s %6ld %3s %3s %6ld %6ld %12.0f %-15s %-15s", i, cs,
               swing_explain_op(st->op), swt_topo_pos_rank(topo, st->peer),
               swing_topo_dim_name(st->move.dim, dn, sizeof(dn)), dir > 0 ? "+" : "-",
               st->move.dist, rt.hops, sent, sb, rb);
        if (ring) {
            printf(" %6ld", swt_topo_pos_rank(topo, st->from));
        }
        if (NULL != fab) {
            double cls[SWT_LINK_NCLASSES];
            swing_topo_route_bytes(fab, &rt, sent, cls);
            printf(" %12.0f %12.0f", cls[SWT_LINK_LOCAL], cls[SWT_LINK_UPPER]);
            for (int c = 0; c < SWT_LINK_NCLASSES; ++c) {
                tot_cls[c] += cls[c];
            }
        }
        printf("\n");
        if (!recv_only) {
            tot_hops += rt.hops;
            tot_dist += st->move.dist;
            tot_bytes += sent;
        }
    }
    printf("total sent: %d steps, %ld logical hops, %ld physical hops, %.0f bytes\n",
           swt_sched_nsteps(sched), tot_dist, tot_hops, tot_bytes);
    if (NULL != fab) {
        printf("bytes on links: %.0f local, %.0f %s\n", tot_cls[SWT_LINK_LOCAL],
               tot_cls[SWT_LINK_UPPER], swt_fabric_class_name(fab, SWT_LINK_UPPER));
    }
    return 0;
}

/* How part j goes: its walk, or its cycle and direction. */
static void swing_explain_part_head(const swt_topo_t *topo, swt_alg_t alg, int j, int nparts,
                                    size_t count)
{
    size_t first, n;
    char dn[16];

    swt_part_elems(count, nparts, j, &first, &n);
    printf("\npart %d of %d: bytes [%zu,%zu), ", j, nparts, first, first + n);
    if (SWT_ALG_RING == alg) {
        printf("cycle %d %s\n", j / 2, (j % 2) ? "backward" : "forward");
    } else {
        swt_walk_t w;
        swt_part_walk(swt_topo_logical(topo), alg, j, &w);
        printf("walk from %s%s\n", swing_topo_dim_name(w.first, dn, sizeof(dn)),
               w.mirror ? ", mirrored" : "");
    }
}

/* Adds the links of the route to set (tile * 2D + 2 dim + (dir > 0)). */
static void swing_explain_links(const swt_topo_t *topo, const swt_route_t *rt, char *set,
                                long *first_shared, int part, int *owner)
{
    const swt_shape_t *g = swt_topo_grid(topo);

    for (int sg = 0; sg < rt->nsegs; ++sg) {
        int c[SWT_MAX_DIMS];
        const swt_seg_t *seg = &rt->segs[sg];
        memcpy(c, seg->from, sizeof(c));
        for (long h = 0; h < seg->hops; ++h) {
            long l = swt_shape_pos(g, c) * 2 * g->ndims + 2 * seg->dim + (seg->dir > 0);
            if (set[l] && owner[l] != part && *first_shared < 0) {
                *first_shared = l;
            }
            set[l] = 1;
            owner[l] = part;
            c[seg->dim] = (c[seg->dim] + seg->dir + g->dims[seg->dim]) % g->dims[seg->dim];
        }
    }
}

/* Per step, the first physical link two parts of pos both cross. */
static void swing_explain_shared(const swt_topo_t *topo, const swt_net_t *net,
                                 swt_sched_t *const *sched, int nparts, long pos)
{
    const swt_shape_t *g = swt_topo_grid(topo);
    size_t nl = (size_t) swt_shape_size(g) * 2 * (size_t) g->ndims;
    char *set = malloc(nl);
    int *owner = malloc(sizeof(int) * nl), shared = 0;

    printf("\nlinks two parts of this rank share in one step:");
    for (int i = 0; NULL != set && NULL != owner && i < swt_sched_nsteps(sched[0]); ++i) {
        long l = -1;
        memset(set, 0, nl);
        for (int j = 0; j < nparts; ++j) {
            const swt_step_t *st = swt_sched_step(sched[j], i);
            swt_route_t rt;
            if (SWT_OP_FOLD_RECV == st->op || SWT_OP_UNFOLD_RECV == st->op) {
                continue;
            }
            swt_net_route(net, pos, st->peer, st->move.dir, &rt);
            swing_explain_links(topo, &rt, set, &l, j, owner);
        }
        if (l >= 0) {
            int tile[SWT_MAX_DIMS];
            char tb[96], dn[16];
            long per = 2 * g->ndims;
            swt_shape_coords(g, l / per, tile);
            printf("%s step %d at %s(%s%c)", shared++ ? "," : "", i,
                   swing_topo_coords(tile, g->ndims, tb, sizeof(tb)),
                   swing_topo_dim_name((int) (l % per) / 2, dn, sizeof(dn)), (l % 2) ? '+' : '-');
        }
    }
    printf("%s\n", shared ? "" : " none");
    free(set);
    free(owner);
}

/* Every part's list in turn (or the single-port list alone). */
static int swing_explain_parts(const swt_topo_t *topo, const swt_net_t *net, swt_alg_t alg,
                               swt_kind_t kind, long pos, int nparts, size_t count, int show_parts)
{
    swt_sched_t *sched[2 * SWT_MAX_DIMS] = { NULL };
    int rc = SWT_OK;

    for (int j = 0; j < nparts && SWT_OK == rc; ++j) {
        rc = swt_sched_create_part(topo, alg, kind, pos, j, nparts, &sched[j]);
    }
    for (int j = 0; j < nparts && SWT_OK == rc; ++j) {
        size_t first, n;
        swt_part_elems(count, nparts, j, &first, &n);
        if (show_parts) {
            swing_explain_part_head(topo, alg, j, nparts, count);
        }
        swing_explain_print(topo, net, sched[j], pos, n, SWT_ALG_RING == alg);
    }
    if (SWT_OK == rc && show_parts && nparts > 1) {
        swing_explain_shared(topo, net, sched, nparts, pos);
    }
    for (int j = 0; j < nparts; ++j) {
        swt_sched_destroy(sched[j]);
    }
    if (SWT_OK != rc) {
        fprintf(stderr, "swing-topo explain: %s\n", swt_strerror(rc));
        return SWING_TOPO_EXIT_FAIL;
    }
    return 0;
}

static const char *swing_explain_cost_op(swt_cost_op_t op)
{
    switch (op) {
    case SWT_COST_FOLD: return "fold";
    case SWT_COST_LO: return "exchange";
    case SWT_COST_RS: return "reduce-scatter";
    case SWT_COST_AG: return "allgather";
    case SWT_COST_UNFOLD: return "unfold";
    default: return "?";
    }
}

/* The cost model's steps of (alg, kind, nparts) at bytes, with their bounds. */
static int swing_explain_model(const swt_topo_t *topo, const swt_cost_params_t *par, swt_alg_t alg,
                               swt_kind_t kind, int nparts, double bytes)
{
    swt_step_cost_t st[SWT_MODEL_STEPS_MAX];
    swt_model_t *model = NULL;
    double total = 0.0, cores = 0.0;
    int n, rc = swt_model_create(topo, par, &model);
    swt_net_t *net = NULL;

    if (SWT_OK == rc) {
        rc = swt_net_create(topo, &net);
    }
    if (SWT_OK != rc) {
        fprintf(stderr, "swing-topo explain: %s\n", swt_strerror(rc));
        swt_model_destroy(model);
        return SWING_TOPO_EXIT_FAIL;
    }
    n = swt_model_steps(model, alg, kind, nparts, SWT_HALF_ALL, bytes, st, SWT_MODEL_STEPS_MAX);
    printf("\nmodel, %.0f bytes (alpha %g s, tau %g s, beta %g B/s, gamma %g s/B, o %g s, ", bytes,
           par->alpha, par->tau, par->beta, par->gamma, par->o);
    if (par->cores > 0.0) {
        printf("%g cores):\n", par->cores);
    } else {
        printf("no core bound):\n");
    }
    printf("%-12s %-14s %6s %5s %12s %12s  %s\n", "phase", "op", "steps", "msgs", "links/us",
           "cores/us", "set by");
    for (int i = 0; i < n; ++i) {
        char ph[32] = "ring";
        if (st[i].phase >= 0) {
            swing_topo_phase_name(swt_net_phase(net, st[i].phase), ph, sizeof(ph));
        }
        printf("%-12s %-14s %6.0f %5ld %12.3f %12.3f  %s\n", ph, swing_explain_cost_op(st[i].op),
               st[i].count, st[i].msgs, st[i].links * 1e6, st[i].cores * 1e6,
               SWT_BOUND_CORES == st[i].bound ? "cores" : "links");
        total += st[i].count * st[i].time;
        cores += (SWT_BOUND_CORES == st[i].bound) ? st[i].count * st[i].time : 0.0;
    }
    if (n < 0) {
        printf("not modelled\n");
    } else {
        printf("predicted %.3f us, %.0f%% of it in steps the cores set\n", total * 1e6,
               total > 0.0 ? 100.0 * cores / total : 0.0);
    }
    swt_net_destroy(net);
    swt_model_destroy(model);
    return 0;
}

/* --choice: the decision file (its problems on stderr), then the choice. */
static int swing_explain_choice(const swt_topo_t *topo, const swt_cost_params_t *par,
                                const char *coll, const char *path, long long lo_max,
                                const char *forced, long ranks)
{
    swt_table_t *file = NULL;
    swt_diag_t diag;
    int rc;

    if (NULL != path) {
        memset(&diag, 0, sizeof(diag));
        rc = swt_table_load(path, &file, &diag);
        if (SWT_OK != rc) {
            fprintf(stderr, "swing-topo explain: decision file %s", path);
            if (diag.line > 0) {
                fprintf(stderr, ":%d:%d", diag.line, diag.col);
            }
            fprintf(stderr, ": %s\n", diag.msg[0] ? diag.msg : swt_strerror(rc));
            return SWING_TOPO_EXIT_FAIL;
        }
        swing_topo_choice_check(file);
    }
    if (NULL != swt_topo_table(topo)) {
        swing_topo_choice_check(swt_topo_table(topo));
    }
    rc = swing_topo_choice(topo, par, coll, file, lo_max, forced,
                           ranks > 0 ? ranks : swt_shape_size(swt_topo_logical(topo)));
    swt_table_destroy(file);
    return rc;
}

int swing_topo_explain(int argc, char **argv)
{
    static const struct option opts[] = { { "rank", required_argument, NULL, 'r' },
                                          { "alg", required_argument, NULL, 'A' },
                                          { "kind", required_argument, NULL, 'k' },
                                          { "bytes", required_argument, NULL, 'B' },
                                          { "mp", no_argument, NULL, 'm' },
                                          { "root", required_argument, NULL, 'R' },
                                          { "order", required_argument, NULL, 'O' },
                                          { "model", no_argument, NULL, 'M' },
                                          { "choice", no_argument, NULL, 'X' },
                                          { "coll", required_argument, NULL, 'K' },
                                          { "decision-file", required_argument, NULL, 'F' },
                                          { "lo-max-bytes", required_argument, NULL, 'L' },
                                          { "force", required_argument, NULL, 'f' },
                                          { "ranks", required_argument, NULL, 'P' },
                                          SWING_TOPO_COST_OPTIONS,
                                          SWING_TOPO_OPTIONS_END };
    swing_topo_args_t a = { .cmd = "explain",
                            .help = swing_explain_help,
                            .groups = SWING_TOPO_ARGS_TREE | SWING_TOPO_ARGS_COST
                                      | SWING_TOPO_ARGS_ONE_TOPO,
                            .shortopts = "h",
                            .opts = opts };
    const char *alg_text = NULL;
    swt_topo_t *topo = NULL;
    swt_net_t *net = NULL;
    swt_alg_t alg = SWT_ALG_SWING;
    swt_kind_t kind = SWT_KIND_LO;
    double bytes = 1024.0 * 1024.0, rank_d = 0.0;
    int opt, rc, t[SWT_MAX_DIMS], c[SWT_MAX_DIMS], mp = 0, kind_given = 0, nparts;
    int show_model = 0, choice = 0;
    const char *coll = "allreduce", *file_path = NULL, *forced = NULL;
    long long lo_max = -1;
    double ranks_d = 0.0;
    swt_cost_params_t par;
    long rank, pos, p;
    char cb[128], tb[128], lb[128];

    while (0 != (opt = swing_topo_getopt(&a, argc, argv))) {
        switch (opt) {
        case 'r':
            if (0 != swing_topo_parse_size(optarg, &rank_d) || rank_d > 1e12) {
                return swing_topo_usage("explain", "--rank: expected a rank number, got '%s'",
                                        optarg);
            }
            break;
        case 'A': alg_text = optarg; break;
        case 'k':
            if (0 != swing_topo_parse_kind(optarg, &kind)) {
                return swing_topo_usage("explain", "--kind: expected lo or bo, got '%s'", optarg);
            }
            kind_given = 1;
            break;
        case 'm': mp = 1; break;
        case 'M': show_model = 1; break;
        case 'X': choice = 1; break;
        case 'K':
            /* a rooted collective: its tree; otherwise the choice's collective */
            if (swing_topo_choice_coll(optarg) < 0) {
                rc = swing_topo_tree_option("explain", 'C', optarg, &a.tree);
                if (0 != rc) {
                    return rc;
                }
            }
            coll = optarg;
            break;
        case 'F': file_path = optarg; break;
        case 'L': {
            char *end;
            lo_max = strtoll(optarg, &end, 10);
            if (end == optarg || '\0' != *end || lo_max < -1) {
                return swing_topo_usage("explain", "--lo-max-bytes: expected -1 or bytes, got '%s'",
                                        optarg);
            }
            break;
        }
        case 'f': forced = optarg; break;
        case 'P':
            if (0 != swing_topo_parse_size(optarg, &ranks_d) || ranks_d < 1 || ranks_d > 1e9) {
                return swing_topo_usage("explain", "--ranks: expected a rank count, got '%s'",
                                        optarg);
            }
            break;
        case 'B':
            if (0 != (rc = swing_topo_opt_bytes("explain", optarg, "4096 or 64K", &bytes))) {
                return rc;
            }
            break;
        }
    }
    if (swing_topo_args_done(&a, argc, &rc)) {
        return rc;
    }
    if (!a.tree.given && NULL != alg_text && 0 != swing_topo_parse_alg(alg_text, &alg)) {
        return swing_topo_usage("explain", "--alg: expected swing, rd or ring, got '%s'", alg_text);
    }
    if (SWT_ALG_RING == alg && !a.tree.given) {
        if (kind_given && SWT_KIND_BO != kind) {
            return swing_topo_usage("explain", "--alg ring: the ring is bandwidth-optimal only "
                                               "(--kind bo)");
        }
        kind = SWT_KIND_BO;
    }
    rc = swing_topo_open_cost("explain", argc, argv, optind, &a.cost, &topo, &par);
    if (0 != rc) {
        return rc;
    }
    if (choice) {
        rc = swing_explain_choice(topo, &par, coll, file_path, lo_max, forced, (long) ranks_d);
        swt_topo_destroy(topo);
        return rc;
    }
    p = swt_shape_size(swt_topo_logical(topo));
    rank = (long) rank_d;
    if (rank >= p) {
        swt_topo_destroy(topo);
        return swing_topo_usage("explain", "--rank %ld: the topology has ranks 0..%ld", rank,
                                p - 1);
    }
    pos = swt_topo_rank_pos(topo, rank);
    if (a.tree.given) {
        rc = swing_topo_tree_explain(topo, &a.tree, alg_text, mp, rank, bytes);
        swt_topo_destroy(topo);
        return rc;
    }
    nparts = swing_topo_form_parts(topo, alg, mp);
    rc = swt_net_create(topo, &net);
    if (SWT_OK != rc) {
        fprintf(stderr, "swing-topo explain: %s\n", swt_strerror(rc));
        rc = SWING_TOPO_EXIT_FAIL;
        goto out;
    }
    swt_shape_coords(swt_topo_logical(topo), pos, c);
    swt_topo_tile(topo, pos, t);
    swt_shape_format(swt_topo_logical(topo), lb, sizeof(lb));
    if (NULL != swt_topo_fabric(topo)) {
        /* a network of groups: the rank's node, not a tile */
        swt_fabric_vertex_name(swt_topo_fabric(topo), swt_net_node(net, pos), tb, sizeof(tb));
    } else {
        swing_topo_coords(t, swt_topo_grid(topo)->ndims, tb, sizeof(tb));
    }
    printf("topology %s (logical %s), %s %s, rank %ld: logical %s, %s %s, %.0f bytes\n",
           swt_topo_name(topo), lb, swing_topo_form_name(alg, mp),
           SWT_KIND_LO == kind ? "lo" : "bo", rank,
           swing_topo_coords(c, swt_topo_logical(topo)->ndims, cb, sizeof(cb)),
           NULL != swt_topo_fabric(topo) ? "node" : "tile", tb, bytes);
    rc = swing_explain_parts(topo, net, alg, kind, pos, nparts, (size_t) bytes,
                             mp || SWT_ALG_RING == alg);
    if (0 == rc && (show_model || par.o > 0.0 || par.cores > 0.0)) {
        rc = swing_explain_model(topo, &par, alg, kind, nparts, bytes);
    }
out:
    swt_net_destroy(net);
    swt_topo_destroy(topo);
    return rc;
}
