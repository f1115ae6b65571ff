/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Networks of groups (swt_fabric.h): the cables of a dragonfly or a
 * two-level fat tree, the routes between its nodes, the placement of ranks
 * on its nodes, and the comparison of two. The parser
 * (swt_fabric_desc.c) fills the parameters; everything else is computed
 * here once, at load time.
 */
#include "swt_fabric_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((format(printf, 3, 4))) static int swt_fabric_why(char *why, size_t len,
                                                                const char *fmt, ...)
{
    va_list ap;

    if (NULL != why && len > 0) {
        va_start(ap, fmt);
        vsnprintf(why, len, fmt, ap);
        va_end(ap);
    }
    return SWT_ERR_INVALID;
}

swt_fabric_t *swt_fabric_alloc(swt_fabric_kind_t kind, int groups, int nodes, int links,
                               double rate)
{
    swt_fabric_t *fab = calloc(1, sizeof(*fab));

    if (NULL != fab) {
        fab->kind = kind;
        fab->groups = groups;
        fab->nodes = nodes;
        fab->links = links;
        fab->rate = rate;
        fab->nnodes = (long) groups * nodes;
        fab->nswitches = groups + (SWT_FABRIC_FATTREE == kind ? links : 0);
        fab->slots = 1;
    }
    return fab;
}

void swt_fabric_destroy(swt_fabric_t *fab)
{
    if (NULL != fab) {
        free(fab->joined);
        free(fab->next);
        free(fab->pair_cable);
        free(fab->cab_a);
        free(fab->cab_b);
        free(fab->rank_node);
        free(fab);
    }
}

int swt_fabric_pairs_none(swt_fabric_t *fab)
{
    size_t g = (size_t) fab->groups;

    free(fab->joined);
    fab->joined = calloc(g * g, 1);
    return (NULL == fab->joined) ? SWT_ERR_NOMEM : SWT_OK;
}

void swt_fabric_join(swt_fabric_t *fab, int g, int h)
{
    fab->joined[(size_t) g * fab->groups + h] = 1;
    fab->joined[(size_t) h * fab->groups + g] = 1;
}

int swt_fabric_joined(const swt_fabric_t *fab, int g, int h)
{
    if (g == h || g < 0 || h < 0 || g >= fab->groups || h >= fab->groups) {
        return 0;
    }
    return (NULL == fab->joined) ? 1 : fab->joined[(size_t) g * fab->groups + h];
}

/*
 * Next group from every group toward every other: a breadth-first search
 * from each destination h gives each group's distance to h; group g then
 * forwards to its lowest-numbered neighbour one link nearer.
 */
static int swt_fabric_paths(swt_fabric_t *fab, char *why, size_t len)
{
    int G = fab->groups, far = 0, rc = SWT_OK;
    int *dist = malloc(sizeof(int) * (size_t) G), *queue = malloc(sizeof(int) * (size_t) G);

    fab->next = malloc(sizeof(short) * (size_t) G * (size_t) G);
    if (NULL == dist || NULL == queue || NULL == fab->next) {
        rc = SWT_ERR_NOMEM;
        goto out;
    }
    for (int h = 0; h < G && SWT_OK == rc; ++h) {
        int head = 0, tail = 0;
        for (int g = 0; g < G; ++g) {
            dist[g] = -1;
        }
        dist[h] = 0;
        queue[tail++] = h;
        while (head < tail) {
            int g = queue[head++];
            for (int n = 0; n < G; ++n) {
                if (dist[n] < 0 && swt_fabric_joined(fab, g, n)) {
                    dist[n] = dist[g] + 1;
                    queue[tail++] = n;
                }
            }
        }
        for (int g = 0; g < G; ++g) {
            int nx = g;
            if (dist[g] < 0) {
                rc = swt_fabric_why(why, len,
                                    "groups %d and %d are not connected by global "
                                    "links: expected pairs that join every group",
                                    g, h);
                break;
            }
            far = (dist[g] > far) ? dist[g] : far;
            for (int n = 0; g != h && n < G; ++n) {
                if (swt_fabric_joined(fab, g, n) && dist[n] == dist[g] - 1) {
                    nx = n;
                    break;
                }
            }
            fab->next[(size_t) g * G + h] = (short) nx;
        }
    }
    if (SWT_OK == rc && far > SWT_FABRIC_MAX_ROUTE - 2) {
        rc = swt_fabric_why(why, len, "two groups are %d global links apart: at most %d", far,
                            SWT_FABRIC_MAX_ROUTE - 2);
    }
out:
    free(dist);
    free(queue);
    return rc;
}

/* The cables: nodes' links, then the upper ones (swt_fabric.h). */
static int swt_fabric_cables(swt_fabric_t *fab, char *why, size_t len)
{
    long n = fab->nnodes, c;
    int G = fab->groups;

    fab->ncables = n;
    if (SWT_FABRIC_FATTREE == fab->kind) {
        fab->ncables += (long) G * fab->links;
    } else {
        for (int g = 0; g < G; ++g) {
            for (int h = g + 1; h < G; ++h) {
                fab->ncables += swt_fabric_joined(fab, g, h) ? fab->links : 0;
            }
        }
    }
    if (fab->ncables > SWT_FABRIC_MAX_CABLES) {
        return swt_fabric_why(why, len, "%ld links: at most %ld", fab->ncables,
                              (long) SWT_FABRIC_MAX_CABLES);
    }
    fab->cab_a = malloc(sizeof(long) * (size_t) fab->ncables);
    fab->cab_b = malloc(sizeof(long) * (size_t) fab->ncables);
    if (SWT_FABRIC_DRAGONFLY == fab->kind) {
        fab->pair_cable = malloc(sizeof(int) * (size_t) G * (size_t) G);
    }
    if (NULL == fab->cab_a || NULL == fab->cab_b
        || (SWT_FABRIC_DRAGONFLY == fab->kind && NULL == fab->pair_cable)) {
        return SWT_ERR_NOMEM;
    }
    for (c = 0; c < n; ++c) {
        fab->cab_a[c] = c;
        fab->cab_b[c] = n + c / fab->nodes;
    }
    if (SWT_FABRIC_FATTREE == fab->kind) {
        for (int l = 0; l < G; ++l) {
            for (int j = 0; j < fab->links; ++j, ++c) {
                fab->cab_a[c] = n + l;
                fab->cab_b[c] = n + G + j;
            }
        }
        return SWT_OK;
    }
    for (int g = 0; g < G; ++g) {
        for (int h = g; h < G; ++h) {
            int first = -1;
            if (swt_fabric_joined(fab, g, h)) {
                first = (int) c;
                for (int j = 0; j < fab->links; ++j, ++c) {
                    fab->cab_a[c] = n + g;
                    fab->cab_b[c] = n + h;
                }
            }
            fab->pair_cable[(size_t) g * G + h] = first;
            fab->pair_cable[(size_t) h * G + g] = first;
        }
    }
    return SWT_OK;
}

int swt_fabric_build(swt_fabric_t *fab, char *why, size_t len)
{
    int rc = SWT_OK;

    if (SWT_FABRIC_DRAGONFLY == fab->kind && NULL != fab->joined) {
        rc = swt_fabric_paths(fab, why, len);
    }
    if (SWT_OK == rc) {
        rc = swt_fabric_cables(fab, why, len);
    }
    if (SWT_ERR_NOMEM == rc) {
        swt_fabric_why(why, len, "out of memory");
    }
    return rc;
}

int swt_fabric_set_place(swt_fabric_t *fab, swt_place_t place, int slots, long *list, long n,
                         char *why, size_t len)
{
    if (SWT_PLACE_LIST != place) {
        if (slots < 1 || (long) slots * fab->nnodes > SWT_FABRIC_MAX_RANKS) {
            return swt_fabric_why(why, len,
                                  "%d ranks per node on %ld nodes: at most %ld "
                                  "ranks in all",
                                  slots, fab->nnodes, (long) SWT_FABRIC_MAX_RANKS);
        }
        n = (long) slots * fab->nnodes;
        list = malloc(sizeof(long) * (size_t) n);
        if (NULL == list) {
            swt_fabric_why(why, len, "out of memory");
            return SWT_ERR_NOMEM;
        }
        for (long r = 0; r < n; ++r) {
            list[r] = (SWT_PLACE_BLOCKS == place) ? r / slots : r % fab->nnodes;
        }
    } else {
        slots = 0;
    }
    free(fab->rank_node);
    fab->place = place;
    fab->slots = slots;
    fab->nranks = n;
    fab->rank_node = list;
    return SWT_OK;
}

swt_fabric_kind_t swt_fabric_kind(const swt_fabric_t *fab)
{
    return fab->kind;
}

const char *swt_fabric_kind_name(const swt_fabric_t *fab)
{
    return (SWT_FABRIC_FATTREE == fab->kind) ? "fattree" : "dragonfly";
}

void swt_fabric_params(const swt_fabric_t *fab, int *groups, int *nodes, int *links, double *rate)
{
    *groups = fab->groups;
    *nodes = fab->nodes;
    *links = fab->links;
    *rate = fab->rate;
}

long swt_fabric_nnodes(const swt_fabric_t *fab)
{
    return fab->nnodes;
}

long swt_fabric_nvertices(const swt_fabric_t *fab)
{
    return fab->nnodes + fab->nswitches;
}

long swt_fabric_ncables(const swt_fabric_t *fab)
{
    return fab->ncables;
}

long swt_fabric_group(const swt_fabric_t *fab, long node)
{
    return (node >= 0 && node < fab->nnodes) ? node / fab->nodes : -1;
}

const char *swt_fabric_vertex_name(const swt_fabric_t *fab, long v, char *buf, size_t len)
{
    long n = fab->nnodes;

    if (v < 0 || v >= n + fab->nswitches) {
        snprintf(buf, len, "?");
    } else if (v < n) {
        snprintf(buf, len, "n%ld", v);
    } else if (SWT_FABRIC_DRAGONFLY == fab->kind) {
        snprintf(buf, len, "r%ld", v - n);
    } else if (v < n + fab->groups) {
        snprintf(buf, len, "l%ld", v - n);
    } else {
        snprintf(buf, len, "s%ld", v - n - fab->groups);
    }
    return buf;
}

const char *swt_fabric_class_name(const swt_fabric_t *fab, int cls)
{
    if (SWT_LINK_LOCAL == cls) {
        return "local";
    }
    return (SWT_FABRIC_FATTREE == fab->kind) ? "up" : "global";
}

int swt_fabric_cable(const swt_fabric_t *fab, long c, long *a, long *b, int *cls, double *rate)
{
    if (c < 0 || c >= fab->ncables) {
        return SWT_ERR_INVALID;
    }
    *a = fab->cab_a[c];
    *b = fab->cab_b[c];
    *cls = (c < fab->nnodes) ? SWT_LINK_LOCAL : SWT_LINK_UPPER;
    *rate = (c < fab->nnodes) ? 1.0 : fab->rate;
    return SWT_OK;
}

int swt_fabric_link(const swt_fabric_t *fab, long l, long *from, long *to, int *cls, double *rate)
{
    long a, b;
    int rc = swt_fabric_cable(fab, (l >= 0) ? l / 2 : -1, &a, &b, cls, rate);

    if (SWT_OK == rc) {
        *from = (l % 2) ? b : a;
        *to = (l % 2) ? a : b;
    }
    return rc;
}

int swt_fabric_route(const swt_fabric_t *fab, long a, long b, long *links)
{
    long n = fab->nnodes;
    int ga, gb, k = 0;

    if (a == b || a < 0 || b < 0 || a >= n || b >= n) {
        return 0;
    }
    ga = (int) (a / fab->nodes);
    gb = (int) (b / fab->nodes);
    links[k++] = 2 * a; /* node a to its switch */
    if (SWT_FABRIC_FATTREE == fab->kind && ga != gb) {
        long j = b % fab->links;
        links[k++] = 2 * (n + (long) ga * fab->links + j);     /* leaf up to spine j */
        links[k++] = 2 * (n + (long) gb * fab->links + j) + 1; /* spine j down */
    }
    for (int g = ga; SWT_FABRIC_DRAGONFLY == fab->kind && g != gb;) {
        int h = (NULL != fab->next) ? fab->next[(size_t) g * fab->groups + gb] : gb;
        long c = fab->pair_cable[(size_t) g * fab->groups + h] + b % fab->links;
        links[k++] = 2 * c + (g > h); /* cables run from the lower group */
        g = h;
    }
    links[k++] = 2 * b + 1; /* the switch to node b */
    return k;
}

long swt_fabric_nranks(const swt_fabric_t *fab)
{
    return fab->nranks;
}

long swt_fabric_rank_node(const swt_fabric_t *fab, long rank)
{
    return (rank >= 0 && rank < fab->nranks) ? fab->rank_node[rank] : -1;
}

swt_place_t swt_fabric_place(const swt_fabric_t *fab, int *slots)
{
    if (NULL != slots) {
        *slots = fab->slots;
    }
    return fab->place;
}

int swt_fabric_equal(const swt_fabric_t *a, const swt_fabric_t *b)
{
    if (NULL == a || NULL == b) {
        return a == b;
    }
    if (a->kind != b->kind || a->groups != b->groups || a->nodes != b->nodes || a->links != b->links
        || a->rate != b->rate || a->place != b->place || a->slots != b->slots
        || a->nranks != b->nranks) {
        return 0;
    }
    /* the pairs joined: a dragonfly with a pairs list (at most
       SWT_FABRIC_MAX_PAIR_GROUPS groups); without one every pair is, and a
       fat tree (up to 64 Ki leaves) has no list to compare */
    for (int g = 0; (NULL != a->joined || NULL != b->joined) && g < a->groups; ++g) {
        for (int h = 0; h < a->groups; ++h) {
            if (swt_fabric_joined(a, g, h) != swt_fabric_joined(b, g, h)) {
                return 0;
            }
        }
    }
    return 0 == a->nranks
           || 0 == memcmp(a->rank_node, b->rank_node, sizeof(long) * (size_t) a->nranks);
}
