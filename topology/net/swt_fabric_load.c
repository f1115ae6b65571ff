/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Link loads of one phase on a network of groups (swt_fabric.h): every
 * message adds its weight (a gather's or scatter's: its blocks; 1 for
 * every other message) to each directed link of its route (a route is at
 * most SWT_FABRIC_MAX_ROUTE links, so no difference arrays are needed),
 * and the phase's congestion is the link whose weight over its rate is
 * the largest: a global link at half a local link's rate carrying 2
 * messages costs as much as a local link carrying 4 (ALGORITHMS.md
 * section 15).
 * O(messages + links) per phase.
 */
#include "swt_route_int.h"

#include <stdlib.h>
#include <string.h>

int swt_fabric_load_begin(swt_net_t *net)
{
    size_t n = 2 * (size_t) swt_fabric_ncables(net->fab);

    if (NULL == net->fload) {
        net->fload = calloc(n + 1, sizeof(int));
        return (NULL == net->fload) ? SWT_ERR_NOMEM : SWT_OK;
    }
    memset(net->fload, 0, sizeof(int) * n);
    return SWT_OK;
}

void swt_fabric_load_add(swt_net_t *net, const swt_route_t *route, int w)
{
    for (int i = 0; i < route->nlinks; ++i) {
        net->fload[route->links[i]] += w;
    }
}

void swt_fabric_load_end(const swt_net_t *net, swt_phase_stats_t *st)
{
    long n = 2 * swt_fabric_ncables(net->fab);

    st->busiest_link = -1;
    for (long l = 0; l < n; ++l) {
        long from, to;
        int cls;
        double rate, w;
        if (0 == net->fload[l]) {
            continue;
        }
        swt_fabric_link(net->fab, l, &from, &to, &cls, &rate);
        st->cross[cls] += net->fload[l];
        w = (double) net->fload[l] / rate;
        if (w > st->wload) {
            st->wload = w;
            st->load = net->fload[l];
            st->busiest_link = l;
        }
    }
}

long swt_net_fabric_load(const swt_net_t *net, long l)
{
    if (NULL == net->fab || NULL == net->fload || l < 0 || l >= 2 * swt_fabric_ncables(net->fab)) {
        return 0;
    }
    return net->fload[l];
}

long swt_net_node(const swt_net_t *net, long pos)
{
    return (NULL != net->fab && pos >= 0 && pos < net->p) ? net->node[pos] : -1;
}
