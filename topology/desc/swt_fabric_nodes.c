/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The network of nodes of a network of groups (swt_fabric.h): the same
 * dragonfly or fat tree, links and cost, with one rank per node that
 * hosts ranks, the nodes in the order of their lowest rank. It is what
 * the schedules between one leader per node run on (hier), the order
 * being the one hier numbers its nodes in.
 *
 * Built as text: the description's own statements less those that place
 * ranks or decide for them (name, logical, slots, place, order, decide),
 * and "place nodes LIST" with the leaders' nodes, parsed again; so the
 * result is a description like any other and checked like one.
 */
#include "swt_fabric.h"
#include "swt_topo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether a line of swt_topo_format's text states a placement or a choice. */
static int swt_nodes_dropped(const char *line, size_t len)
{
    static const char *const words[] = { "name", "logical", "slots", "place", "order", "decide" };

    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); ++i) {
        size_t n = strlen(words[i]);
        if (len > n && 0 == strncmp(line, words[i], n) && ' ' == line[n]) {
            return 1;
        }
    }
    return 0;
}

/* Appends "," or " " and v to out (capacity len, used *used). */
static void swt_nodes_put(char *out, size_t len, size_t *used, const char *fmt, long v)
{
    int n = snprintf(out + *used, len - *used, fmt, v);

    *used += (n > 0 && (size_t) n < len - *used) ? (size_t) n : 0;
}

int swt_topo_fabric_nodes(const swt_topo_t *topo, swt_topo_t **nodes)
{
    const swt_fabric_t *fab = (NULL == topo) ? NULL : swt_topo_fabric(topo);
    long nranks = (NULL == fab) ? 0 : swt_fabric_nranks(fab);
    long nnodes = (NULL == fab) ? 0 : swt_fabric_nnodes(fab);
    char *desc = NULL, *text = NULL, *seen = NULL;
    size_t len, used = 0;
    int n, rc = SWT_OK;

    *nodes = NULL;
    if (NULL == fab || nranks < 1) {
        return SWT_ERR_INVALID;
    }
    n = swt_topo_format(topo, NULL, 0);
    /* the kept statements, the name, and up to 22 characters per node */
    len = (size_t) n + strlen(swt_topo_name(topo)) + 32 + 22 * (size_t) nnodes;
    desc = malloc((size_t) n + 1);
    text = malloc(len);
    seen = calloc((size_t) nnodes, 1);
    if (NULL == desc || NULL == text || NULL == seen) {
        rc = SWT_ERR_NOMEM;
        goto out;
    }
    swt_topo_format(topo, desc, (size_t) n + 1);
    used = (size_t) snprintf(text, len, "name %s-nodes\n", swt_topo_name(topo));
    for (const char *line = desc; '\0' != *line;) {
        const char *end = strchr(line, '\n');
        size_t l = (NULL == end) ? strlen(line) : (size_t) (end - line);
        if (!swt_nodes_dropped(line, l)) {
            memcpy(text + used, line, l);
            used += l;
            text[used++] = '\n';
        }
        line += l + (NULL != end);
    }
    memcpy(text + used, "place nodes", 11);
    used += 11;
    for (long r = 0, k = 0; r < nranks; ++r) {
        long node = swt_fabric_rank_node(fab, r);
        if (node >= 0 && node < nnodes && !seen[node]) {
            seen[node] = 1;
            swt_nodes_put(text, len, &used, 0 == k++ ? " %ld" : ",%ld", node);
        }
    }
    text[used] = '\0';
    rc = swt_topo_parse(text, swt_topo_name(topo), nodes, NULL);
out:
    free(desc);
    free(text);
    free(seen);
    return rc;
}
