/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Where the ranks run: host names from the runtime, the node map (which
 * ranks share a node, in which local order) and locality. Every rank
 * computes the same map from the same global data, without communicating.
 */
#include "coll_swing_node.h"

#include <stdlib.h>
#include <string.h>

#include "opal/util/proc.h"
#include "ompi/proc/proc.h"

const char *mca_coll_swing_host(struct ompi_communicator_t *comm, int r)
{
    ompi_proc_t *proc = ompi_comm_peer_lookup(comm, r);
    const char *host = (NULL == proc) ? NULL : opal_get_proc_hostname(&proc->super);
    return (NULL == host) ? "" : host;
}

int mca_coll_swing_nodes_all_local(struct ompi_communicator_t *comm)
{
    int p = ompi_comm_size(comm), me = ompi_comm_rank(comm);

    for (int r = 0; r < p; ++r) {
        ompi_proc_t *proc = ompi_comm_peer_lookup(comm, r);
        if (r != me && (NULL == proc || !OPAL_PROC_ON_LOCAL_NODE(proc->super.proc_flags))) {
            return 0;
        }
    }
    return 1;
}

int mca_coll_swing_nodes_build(struct ompi_communicator_t *comm, mca_coll_swing_nodes_t *out)
{
    int p = ompi_comm_size(comm), me = ompi_comm_rank(comm), n = 0;
    int *node_of = mca_coll_swing_setup_malloc(sizeof(int) * (size_t) p);
    int *first = mca_coll_swing_setup_malloc(sizeof(int) * (size_t) p);
    int *count = mca_coll_swing_setup_calloc((size_t) p, sizeof(int)), rc = OMPI_SUCCESS;

    memset(out, 0, sizeof(*out));
    if (NULL == node_of || NULL == first || NULL == count) {
        rc = OMPI_ERR_OUT_OF_RESOURCE;
        goto done;
    }
    for (int r = 0; r < p; ++r) {
        const char *host = mca_coll_swing_host(comm, r);
        int j = 0;
        while (j < n && 0 != strcmp(host, mca_coll_swing_host(comm, first[j]))) {
            ++j;
        }
        if (j == n) {
            first[n++] = r;
        }
        node_of[r] = j;
        if (r == me) {
            out->lrank = count[j];
        }
        ++count[j];
    }
    out->nnodes = n;
    out->node = node_of[me];
    out->nlocal = count[out->node];
    out->first_local = first[out->node];
    out->kmin = out->kmax = count[0];
    for (int j = 1; j < n; ++j) {
        out->kmin = count[j] < out->kmin ? count[j] : out->kmin;
        out->kmax = count[j] > out->kmax ? count[j] : out->kmax;
    }
    out->members = mca_coll_swing_setup_malloc(sizeof(int) * (size_t) n * (size_t) out->kmin);
    if (NULL == out->members) {
        rc = OMPI_ERR_OUT_OF_RESOURCE;
        goto done;
    }
    memset(count, 0, sizeof(int) * (size_t) p);
    for (int r = 0; r < p; ++r) {
        int j = node_of[r];
        if (count[j] < out->kmin) {
            out->members[j * out->kmin + count[j]] = r;
        }
        ++count[j];
    }
done:
    free(node_of);
    free(first);
    free(count);
    return rc;
}

/*
 * A rank's host seen before is found scanning backwards: at once when
 * nodes hold blocks of ranks, after nnodes names when they alternate; a
 * new node's ranks are counted from it on. O(p * nodes) name comparisons,
 * as mca_coll_swing_nodes_build.
 */
void mca_coll_swing_nodes_shape(struct ompi_communicator_t *comm, mca_coll_swing_nodes_t *out)
{
    int p = ompi_comm_size(comm);

    memset(out, 0, sizeof(*out));
    out->kmin = p;
    for (int r = 0; r < p; ++r) {
        const char *host = mca_coll_swing_host(comm, r);
        int seen = 0, count = 0;
        for (int q = r - 1; q >= 0 && !seen; --q) {
            seen = (0 == strcmp(host, mca_coll_swing_host(comm, q)));
        }
        if (seen) {
            continue;
        }
        ++out->nnodes;
        for (int q = r; q < p; ++q) {
            count += (0 == strcmp(host, mca_coll_swing_host(comm, q)));
        }
        out->kmin = count < out->kmin ? count : out->kmin;
        out->kmax = count > out->kmax ? count : out->kmax;
    }
}

void mca_coll_swing_nodes_free(mca_coll_swing_nodes_t *nodes)
{
    free(nodes->members);
    nodes->members = NULL;
}

int mca_coll_swing_nodes_mixed(const mca_coll_swing_nodes_t *nodes)
{
    return nodes->nnodes > 1 && nodes->kmax > 1 && mca_coll_swing_params.shm_size > 0
           && !mca_coll_swing_params.shm_assume_remote;
}
