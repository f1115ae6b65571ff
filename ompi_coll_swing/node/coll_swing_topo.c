/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The machine description a communicator's schedules follow.
 *
 * coll_swing_topology = auto (the default) derives a torus from where the
 * ranks run: all on one node, a ring; k ranks on each of n nodes in
 * node-contiguous blocks, a k x n torus (dimension 0 inside a node);
 * anything irregular, a ring. Every rank computes this from the same
 * global data (host names from the runtime), so all agree without
 * communicating; across nodes it knows nothing of the network and its
 * verbose line says what it assumed. Any other value goes to
 * swt_topo_load (preset, shape, network of groups such as dragonfly:4,4,
 * @file); a description that does not load or does not fit the
 * communicator is reported once and auto is used instead.
 *
 * The network of nodes (hier): coll_swing_topology when its description
 * has as many positions as there are nodes (position i = node i, nodes
 * numbered by their lowest rank); a network of groups that places several
 * ranks on those nodes gives its own network of nodes (the same links and
 * cost, one rank per node); otherwise a ring of the nodes.
 */
#include "coll_swing_node.h"
#include "swt_fabric.h"

#include <stdio.h>
#include <string.h>

#include "opal/util/output.h"

/* Ranks per node when every node holds one contiguous block of equal size, else 0. */
static int swing_block_size(struct ompi_communicator_t *comm)
{
    int p = ompi_comm_size(comm), k = 1;
    const char *first = mca_coll_swing_host(comm, 0);

    while (k < p && 0 == strcmp(first, mca_coll_swing_host(comm, k))) {
        ++k;
    }
    if (k < 2 || k == p || 0 != p % k) {
        return 0;
    }
    for (int b = 0; b < p; b += k) {
        const char *host = mca_coll_swing_host(comm, b);
        if (b > 0 && 0 == strcmp(host, mca_coll_swing_host(comm, b - 1))) {
            return 0;
        }
        for (int r = b + 1; r < b + k; ++r) {
            if (0 != strcmp(host, mca_coll_swing_host(comm, r))) {
                return 0;
            }
        }
    }
    return k;
}

/* Nodes the communicator's ranks are on; without allocating, so that a
   rank short of memory resolves the description as the others do. */
static long swing_count_nodes(struct ompi_communicator_t *comm)
{
    mca_coll_swing_nodes_t shape;

    mca_coll_swing_nodes_shape(comm, &shape);
    return shape.nnodes;
}

static int swing_auto_topo(struct ompi_communicator_t *comm, swt_topo_t **topo)
{
    int p = ompi_comm_size(comm), k = 0, local = mca_coll_swing_nodes_all_local(comm);
    char spec[64], why[160];

    if (!local) {
        k = swing_block_size(comm);
    }
    if (k > 0) {
        snprintf(spec, sizeof(spec), "torus:%dx%d", k, p / k);
        snprintf(why, sizeof(why),
                 "%d ranks on each of %d nodes in rank blocks: dimension 0 "
                 "inside a node, dimension 1 a ring of the nodes",
                 k, p / k);
    } else {
        snprintf(spec, sizeof(spec), "ring:%d", p);
        snprintf(why, sizeof(why), "%s: a ring of the ranks",
                 local ? "one node" : "one rank per node, or nodes without equal blocks of ranks");
    }
    if (0 == ompi_comm_rank(comm)) {
        /* across nodes the network is not known: say what was assumed */
        opal_output_verbose(2, mca_coll_swing_params.output,
                            "coll:swing: communicator %s (%d ranks): topology %s (auto from "
                            "host names: %s%s)",
                            comm->c_name, p, spec, why,
                            local ? ""
                                  : "; assumed: every link between nodes alike; "
                                    "coll_swing_topology describes the network (dragonfly:G,A, "
                                    "fattree:L,N,U, @file)");
    }
    return swt_topo_load(spec, topo, NULL);
}

int mca_coll_swing_topo_resolve(struct ompi_communicator_t *comm, swt_topo_t **topo, int *is_auto)
{
    static int warned_load = 0, warned_fit = 0;
    const char *text = mca_coll_swing_params.topology;
    int p = ompi_comm_size(comm);
    swt_diag_t diag;
    int rc;

    *topo = NULL;
    *is_auto = 1;
    if (NULL == text || '\0' == text[0] || 0 == strcmp(text, "auto")) {
        return swing_auto_topo(comm, topo);
    }
    memset(&diag, 0, sizeof(diag));
    rc = swt_topo_load(text, topo, &diag);
    if (SWT_OK != rc) {
        if (diag.line > 0) {
            mca_coll_swing_warn_once(&warned_load, 0, "topology",
                                     "coll_swing_topology \"%s\": %s:%d:%d: %s; using auto", text,
                                     diag.origin, diag.line, diag.col, diag.msg);
        } else {
            mca_coll_swing_warn_once(&warned_load, 0, "topology",
                                     "coll_swing_topology \"%s\": %s; using auto", text,
                                     diag.msg[0] ? diag.msg : swt_strerror(rc));
        }
        return swing_auto_topo(comm, topo);
    }
    if (swt_shape_size(swt_topo_logical(*topo)) == swing_count_nodes(comm) && p > 1
        && swt_shape_size(swt_topo_logical(*topo)) != p) {
        /* a network of nodes: hier follows it, the flat schedules use auto */
        opal_output_verbose(2, mca_coll_swing_params.output,
                            "coll:swing: coll_swing_topology \"%s\" describes the %ld nodes of %s: "
                            "used between nodes by hier",
                            text, swt_shape_size(swt_topo_logical(*topo)), comm->c_name);
        swt_topo_destroy(*topo);
        return swing_auto_topo(comm, topo);
    }
    if (swt_shape_size(swt_topo_logical(*topo)) != p) {
        mca_coll_swing_warn_once(
            &warned_fit, 0, "topology",
            "coll_swing_topology \"%s\" has %ld positions but communicator %s has %d ranks; "
            "using auto there (and on every other communicator it does not fit)",
            text, swt_shape_size(swt_topo_logical(*topo)), comm->c_name, p);
        swt_topo_destroy(*topo);
        return swing_auto_topo(comm, topo);
    }
    *is_auto = 0;
    if (0 == ompi_comm_rank(comm)) {
        opal_output_verbose(2, mca_coll_swing_params.output,
                            "coll:swing: communicator %s (%d ranks): topology %s "
                            "(coll_swing_topology)",
                            comm->c_name, p, text);
    }
    return SWT_OK;
}

int mca_coll_swing_topo_nodes(int nnodes, swt_topo_t **topo, char *spec, size_t len)
{
    const char *text = mca_coll_swing_params.topology;

    if (NULL != text && '\0' != text[0] && 0 != strcmp(text, "auto")
        && SWT_OK == swt_topo_load(text, topo, NULL)) {
        swt_topo_t *of_nodes = NULL;
        if (swt_shape_size(swt_topo_logical(*topo)) == nnodes) {
            snprintf(spec, len, "%s", text);
            return SWT_OK;
        }
        if (SWT_OK == swt_topo_fabric_nodes(*topo, &of_nodes)
            && swt_shape_size(swt_topo_logical(of_nodes)) == nnodes) {
            snprintf(spec, len, "%s (its nodes)", text);
            swt_topo_destroy(*topo);
            *topo = of_nodes;
            return SWT_OK;
        }
        swt_topo_destroy(of_nodes);
        swt_topo_destroy(*topo);
    }
    snprintf(spec, len, "ring:%d", nnodes);
    return swt_topo_load(spec, topo, NULL);
}
