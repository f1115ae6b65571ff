/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing-topo: the bytes an allreduce puts on local and on upper links
 * (global links of a dragonfly, leaf-spine links of a fat tree), which
 * congestion --bytes, predict and explain print on a network of groups
 * (topology/cost/swt_traffic.h). Every form of every algorithm: single-port
 * Swing and RD (recursive doubling LO, recursive halving and doubling BO),
 * their multiport forms and the ring of the ranks in rank order.
 */
#include "swing_topo.h"
#include "swt_traffic.h"

#include <string.h>

/* The forms, in the order the tables list them. */
static const struct {
    const char *name;
    swt_alg_t alg;
    swt_kind_t kind;
    int mp;
} swing_traffic_forms[9] = {
    { "swing-lo", SWT_ALG_SWING, SWT_KIND_LO, 0 },
    { "swing-bo", SWT_ALG_SWING, SWT_KIND_BO, 0 },
    { "rd-lo", SWT_ALG_RD, SWT_KIND_LO, 0 },
    { "rd-bo", SWT_ALG_RD, SWT_KIND_BO, 0 },
    { "swing-lo-mp", SWT_ALG_SWING, SWT_KIND_LO, 1 },
    { "swing-bo-mp", SWT_ALG_SWING, SWT_KIND_BO, 1 },
    { "rd-lo-mp", SWT_ALG_RD, SWT_KIND_LO, 1 },
    { "rd-bo-mp", SWT_ALG_RD, SWT_KIND_BO, 1 },
    { "ring", SWT_ALG_RING, SWT_KIND_BO, 1 },
};

const char *swing_topo_fabric_link(const swt_fabric_t *fab, long l, char *buf, size_t len)
{
    long from, to;
    int cls;
    double rate;
    char a[32], b[32];

    if (NULL == fab || l < 0 || SWT_OK != swt_fabric_link(fab, l, &from, &to, &cls, &rate)) {
        snprintf(buf, len, "-");
        return buf;
    }
    snprintf(buf, len, "%s->%s(%s)", swt_fabric_vertex_name(fab, from, a, sizeof(a)),
             swt_fabric_vertex_name(fab, to, b, sizeof(b)), swt_fabric_class_name(fab, cls));
    return buf;
}

void swing_topo_fabric_summary(const swt_topo_t *topo)
{
    const swt_fabric_t *fab = swt_topo_fabric(topo);
    static const char *const place[3] = { "in blocks", "round robin", "as listed" };
    int g, a, h, slots;
    double r;

    if (NULL == fab) {
        return;
    }
    swt_fabric_params(fab, &g, &a, &h, &r);
    if (SWT_FABRIC_DRAGONFLY == swt_fabric_kind(fab)) {
        printf("network: dragonfly, %d groups of %d nodes, %d global link%s per joined pair "
               "at %g x a local link's rate\n",
               g, a, h, 1 == h ? "" : "s", r);
    } else {
        printf("network: fat tree, %d leaves of %d nodes, %d spine%s (one uplink from each "
               "leaf to each) at %g x a node link's rate: %d:%g\n",
               g, a, h, 1 == h ? "" : "s", r, a, h * r);
    }
    swt_place_t pl = swt_fabric_place(fab, &slots);
    if (SWT_PLACE_LIST == pl) {
        printf("ranks: %ld, nodes as listed\n", swt_fabric_nranks(fab));
    } else {
        printf("ranks: %ld, %d per node, %s\n", swt_fabric_nranks(fab), slots, place[pl]);
    }
}

/* The traffic of form f, NULL (after a message) when it cannot be made. */
static swt_traffic_t *swing_traffic_of(swt_net_t *net, int f, double bytes)
{
    const swt_topo_t *topo = swt_net_topo(net);
    swt_traffic_t *tr = NULL;
    int nparts = swing_topo_form_parts(topo, swing_traffic_forms[f].alg, swing_traffic_forms[f].mp);
    int rc = swt_traffic_create(net, swing_traffic_forms[f].alg, swing_traffic_forms[f].kind,
                                nparts, bytes, &tr);

    if (SWT_OK != rc) {
        fprintf(stderr, "swing-topo: %s traffic: %s\n", swing_traffic_forms[f].name,
                swt_strerror(rc));
        return NULL;
    }
    return tr;
}

int swing_topo_traffic_steps(swt_net_t *net, double bytes, int csv)
{
    const swt_fabric_t *fab = swt_topo_fabric(swt_net_topo(net));
    const char *up = swt_fabric_class_name(fab, SWT_LINK_UPPER);
    int rc = 0;

    if (csv) {
        printf("alg,step,phase,repeat,msg_bytes,local_bytes,%s_bytes,busiest_bytes,link\n", up);
    } else {
        printf("\nbytes on links per step, allreduce of %.0f bytes per rank (local: nodes' "
               "links; %s: %s links; busiest: the most loaded link, in bytes at a local "
               "link's rate)\n%-11s %4s %-12s %6s %10s %12s %12s %12s  %s\n",
               bytes, up,
               SWT_FABRIC_DRAGONFLY == swt_fabric_kind(fab) ? "the groups'" : "leaf-spine", "alg",
               "step", "phase", "repeat", "msg-bytes", "local", up, "busiest", "busiest link");
    }
    for (int f = 0; f < 9 && 0 == rc; ++f) {
        swt_traffic_t *tr = swing_traffic_of(net, f, bytes);
        if (NULL == tr) {
            rc = SWING_TOPO_EXIT_FAIL;
            break;
        }
        for (int i = 0; i < tr->nsteps; ++i) {
            const swt_traffic_step_t *ts = &tr->steps[i];
            char pn[40], lk[96];
            if (ts->phase < 0) {
                snprintf(pn, sizeof(pn), "ring %s", ts->ag ? "ag" : "rs");
            } else {
                swing_topo_phase_name(swt_net_phase(net, ts->phase), pn, sizeof(pn));
                if (ts->s >= 0) {
                    snprintf(pn + strlen(pn), sizeof(pn) - strlen(pn), " %s",
                             ts->ag ? "ag"
                                    : (SWT_KIND_BO == swing_traffic_forms[f].kind ? "rs" : "lo"));
                }
            }
            swing_topo_fabric_link(fab, ts->busiest_link, lk, sizeof(lk));
            if (csv) {
                printf("%s,%d,%s,%ld,%.0f,%.0f,%.0f,%.0f,%s\n", swing_traffic_forms[f].name, i, pn,
                       ts->repeat, ts->msg_bytes, ts->bytes[SWT_LINK_LOCAL],
                       ts->bytes[SWT_LINK_UPPER], ts->busiest, lk);
            } else {
                printf("%-11s %4d %-12s %6ld %10.0f %12.0f %12.0f %12.0f  %s\n",
                       swing_traffic_forms[f].name, i, pn, ts->repeat, ts->msg_bytes,
                       ts->bytes[SWT_LINK_LOCAL], ts->bytes[SWT_LINK_UPPER], ts->busiest, lk);
            }
        }
        if (csv) {
            printf("%s,total,,,,%.0f,%.0f,%.0f,\n", swing_traffic_forms[f].name,
                   tr->total[SWT_LINK_LOCAL], tr->total[SWT_LINK_UPPER], tr->busiest);
        } else {
            printf("%-11s %4s %-12s %6s %10s %12.0f %12.0f %12.0f\n", swing_traffic_forms[f].name,
                   "all", "total", "", "", tr->total[SWT_LINK_LOCAL], tr->total[SWT_LINK_UPPER],
                   tr->busiest);
        }
        swt_traffic_destroy(tr);
    }
    return rc;
}

int swing_topo_traffic_totals(swt_net_t *net, double bytes)
{
    const swt_fabric_t *fab = swt_topo_fabric(swt_net_topo(net));
    const char *up = swt_fabric_class_name(fab, SWT_LINK_UPPER);
    double tot[9][SWT_LINK_NCLASSES], busy[9];

    printf("\nbytes on links, allreduce of %.0f bytes per rank (every link's bytes added up; "
           "busiest: the most loaded link of each step, added up)\n%-12s %14s %14s %14s\n",
           bytes, "alg", "local", up, "busiest");
    for (int f = 0; f < 9; ++f) {
        swt_traffic_t *tr = swing_traffic_of(net, f, bytes);
        if (NULL == tr) {
            return SWING_TOPO_EXIT_FAIL;
        }
        memcpy(tot[f], tr->total, sizeof(tot[f]));
        busy[f] = tr->busiest;
        printf("%-12s %14.0f %14.0f %14.0f\n", swing_traffic_forms[f].name, tot[f][SWT_LINK_LOCAL],
               tot[f][SWT_LINK_UPPER], busy[f]);
        swt_traffic_destroy(tr);
    }
    /* Swing against RD on the scarce links: LO, then BO */
    for (int k = 0; k < 2; ++k) {
        double s = tot[k][SWT_LINK_UPPER], r = tot[2 + k][SWT_LINK_UPPER];
        printf("%s links: %s %.0f bytes, %s %.0f", up, swing_traffic_forms[k].name, s,
               swing_traffic_forms[2 + k].name, r);
        if (s == r) {
            printf(" (the same)");
        } else if (r > 0.0) {
            printf(" (%s %.1f%% %s)", swing_traffic_forms[k].name,
                   100.0 * (s > r ? s - r : r - s) / r, s > r ? "more" : "fewer");
        }
        printf("\n");
    }
    return 0;
}

void swing_topo_route_bytes(const swt_fabric_t *fab, const swt_route_t *rt, double bytes,
                            double *out)
{
    for (int c = 0; c < SWT_LINK_NCLASSES; ++c) {
        out[c] = 0.0;
    }
    for (int i = 0; NULL != fab && i < rt->nlinks; ++i) {
        long from, to;
        int cls;
        double rate;
        if (SWT_OK == swt_fabric_link(fab, rt->links[i], &from, &to, &cls, &rate)) {
            out[cls] += bytes;
        }
    }
}
