/*
 * Hierarchical broadcast and reduce: one leader per node, a Bine tree
 * between the leaders on the network of nodes (topology/swt_tree.h, the
 * network hier's allreduce uses: node/coll_swing_topo.c), and each node's
 * shared segment (coll_swing_hier_setup.c). The leader of the root's node
 * is the root itself; of every other node, its first rank (local index 0).
 *
 * Broadcast:
 *   1 between nodes, the leaders: the root's bytes along the Bine tree
 *     (far-first) of the root's node, the whole vector on every edge
 *   2 in each node, the shm broadcast from the leader
 *     (shm/coll_swing_shm_rooted.c: chunks of a slot set the leader fills
 *     while the others read, one phase per chunk)
 * Reduce:
 *   1 in each node, the shm allreduce's schemes with the result at the
 *     leader only (shm/coll_swing_shm.c: every rank reduces its slice of
 *     each chunk across the node's slots, in local order; the leader
 *     copies the result out, into its receive buffer at the root, its
 *     scratch elsewhere)
 *   2 between nodes, the leaders reduce along the Bine tree of the root's
 *     node, backwards: a leader receives its children's partials and
 *     reduces each into its own (received on the left), then sends to
 *     its parent
 * Any node sizes: a node of one rank has no node phase. The ranks that
 * are not leaders wait in their node's phase while the leaders exchange.
 *
 * Operand order of the reduce, the same for every call with the same root
 * (so repeated calls give the same bits): inside a node the ranks in
 * communicator order, one slice owner per element; between nodes the
 * tree's order for the root's node. It is not the shm allreduce's rank
 * order across the whole communicator, and may differ between roots on
 * different nodes, as coll/tuned's trees do.
 *
 * Example, 3 nodes (ranks 0-1, 2-3, 4-5), broadcast from rank 3: the
 * leaders are 0, 3 and 4. The tree of node 1 on the ring of 3 nodes
 * (folded onto 2) sends node 1 -> 0, then 0 -> 2: rank 3 sends to rank 0,
 * rank 0 to rank 4; then ranks 0, 3 and 4 each broadcast to their node's
 * other rank (1, 2, 5) through the node's segment.
 *
 * Declined, before any communication and alike on every rank (the entry
 * layer then runs auto's tree, one warning per job): where hier's setup
 * does not apply (one node, one rank on every node, coll_swing_shm_size
 * 0), and for reduce a type larger than a slot or overlapping itself.
 *
 * Memory: the node segment (hier's, shared with the allreduce); O(p) for
 * the node of every rank, two trees of the nodes and one step list, set
 * up at the first call; the module's scratch for the leaders of a reduce
 * (two vectors; one at the root) and for a broadcast of a type with holes
 * (the packed vector). Nothing per call once the largest message is seen.
 */
#include "coll_swing_hier_setup.h"

#include <stdlib.h>
#include <string.h>

enum { SWING_HIER_TREE_BCAST = 0, SWING_HIER_TREE_REDUCE };

/* Frees what a failed setup made (hier's release frees a complete one). */
static void swing_hier_trees_undo(mca_coll_swing_hier_trees_t *t)
{
    mca_coll_swing_tree_free(&t->tree[0]);
    mca_coll_swing_tree_free(&t->tree[1]);
    swt_topo_destroy(t->net);
    free(t->node_of);
    free(t->lrank_of);
    free(t->plan.steps);
    memset(t, 0, sizeof(*t));
}

/* Every rank's node and local index, from the host names as nodes_build does. */
static int swing_hier_node_map(struct ompi_communicator_t *comm, const mca_coll_swing_nodes_t *nd,
                               mca_coll_swing_hier_trees_t *t)
{
    int p = ompi_comm_size(comm);
    int *count = calloc((size_t) nd->nnodes, sizeof(int));
    const char **host = malloc(sizeof(char *) * (size_t) nd->nnodes);

    t->node_of = malloc(sizeof(int) * (size_t) p);
    t->lrank_of = malloc(sizeof(int) * (size_t) p);
    if (NULL == count || NULL == host || NULL == t->node_of || NULL == t->lrank_of) {
        free(count);
        free(host);
        return OMPI_ERR_OUT_OF_RESOURCE;
    }
    for (int j = 0; j < nd->nnodes; ++j) {
        host[j] = mca_coll_swing_host(comm, nd->members[j * nd->kmin]);
    }
    for (int r = 0; r < p; ++r) {
        const char *mine = mca_coll_swing_host(comm, r);
        int j = 0;
        while (j < nd->nnodes - 1 && 0 != strcmp(mine, host[j])) {
            ++j;
        }
        t->node_of[r] = j;
        t->lrank_of[r] = count[j]++;
    }
    free(count);
    free(host);
    return OMPI_SUCCESS;
}

/* At the first call: the network of nodes, a tree per collective, the node map. */
static int swing_hier_trees(mca_coll_swing_module_t *m, mca_coll_swing_hier_t *h)
{
    mca_coll_swing_hier_trees_t *t = &h->trees;
    char spec[64];
    int rc;

    if (NULL != t->net) {
        return OMPI_SUCCESS;
    }
    rc = (SWT_OK == mca_coll_swing_topo_nodes(h->nodes.nnodes, &t->net, spec, sizeof(spec)))
             ? OMPI_SUCCESS : OMPI_ERR_BAD_PARAM;
    if (OMPI_SUCCESS == rc) {
        rc = mca_coll_swing_tree_build(&t->tree[SWING_HIER_TREE_BCAST], t->net, SWT_ALG_SWING,
                                       SWT_COLL_BCAST, 1);
    }
    if (OMPI_SUCCESS == rc) {
        rc = mca_coll_swing_tree_build(&t->tree[SWING_HIER_TREE_REDUCE], t->net, SWT_ALG_SWING,
                                       SWT_COLL_REDUCE, 1);
    }
    if (OMPI_SUCCESS == rc) {
        rc = swing_hier_node_map(m->comm, &h->nodes, t);
    }
    if (OMPI_SUCCESS == rc) {
        t->room = t->tree[0].room[0] > t->tree[1].room[0] ? t->tree[0].room[0]
                                                          : t->tree[1].room[0];
        t->plan.steps = malloc(sizeof(swt_step_t) * (size_t) (t->room > 0 ? t->room : 1));
        rc = (NULL != t->plan.steps) ? OMPI_SUCCESS : OMPI_ERR_OUT_OF_RESOURCE;
    }
    if (OMPI_SUCCESS != rc) {
        swing_hier_trees_undo(t);
    }
    return rc;
}

/* The leader of node j for a call rooted at root. */
static int swing_hier_leader(const mca_coll_swing_hier_t *h, int j, int root)
{
    if (j < 0 || j >= h->nodes.nnodes) {
        return j;   /* no peer (an idle step) */
    }
    return (j == h->trees.node_of[root]) ? root : h->nodes.members[j * h->nodes.kmin];
}

/*
 * My steps between the leaders for root (tree c), peers as communicator
 * ranks: the tree of the root's node (node/coll_swing_tree.c, whose
 * peers are nodes), each node replaced by its leader.
 */
static int swing_hier_leaders_plan(mca_coll_swing_hier_t *h, int c, int root,
                                   const mca_coll_swing_plan_t **out)
{
    mca_coll_swing_hier_trees_t *t = &h->trees;
    const mca_coll_swing_plan_t *nodes;
    int rc = mca_coll_swing_tree_plan(&t->tree[c], h->nodes.node, t->node_of[root], &nodes);

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    if (nodes->nsteps > t->room) {
        return OMPI_ERR_BAD_PARAM;
    }
    t->plan.pattern = nodes->pattern;
    t->plan.nsteps = nodes->nsteps;
    t->plan.nblocks = nodes->nblocks;
    t->plan.nparts = 1;
    for (int i = 0; i < nodes->nsteps; ++i) {
        t->plan.steps[i] = nodes->steps[i];
        t->plan.steps[i].peer = swing_hier_leader(h, (int) nodes->steps[i].peer, root);
        t->plan.steps[i].from = swing_hier_leader(h, (int) nodes->steps[i].from, root);
    }
    *out = &t->plan;
    return OMPI_SUCCESS;
}

/* My node's leader for root: its index on my node. */
static int swing_hier_local_root(const mca_coll_swing_hier_t *h, int root)
{
    return (h->nodes.node == h->trees.node_of[root]) ? h->trees.lrank_of[root] : 0;
}

static int swing_hier_bcast(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    mca_coll_swing_hier_t *h = m->hier;
    const mca_coll_swing_plan_t *plan;
    int lroot = swing_hier_local_root(h, call->root), rc = OMPI_SUCCESS;
    char *vec = call->mine.direct;

    if (NULL == vec) {
        rc = mca_coll_swing_grow(&m->scratch, &m->scratch_size, call->count);
        vec = (OMPI_SUCCESS == rc) ? m->scratch : NULL;
        if (OMPI_SUCCESS == rc && call->is_root) {
            rc = mca_coll_swing_ubuf_pack(&call->mine, vec);
        }
    }
    /* nonblocking operations started before this call use the segment first */
    mca_coll_swing_nbseg_drain(m);
    if (OMPI_SUCCESS == rc && h->nodes.lrank == lroot && h->nodes.nnodes > 1) {
        rc = swing_hier_leaders_plan(h, SWING_HIER_TREE_BCAST, call->root, &plan);
        if (OMPI_SUCCESS == rc) {
            rc = mca_coll_swing_tree_steps(call, plan, vec, vec);
        }
    }
    if (h->seg->nranks > 1) {
        mca_coll_swing_segop_t op;
        int run;
        /* after an error too: the node's ranks wait for their leader's phases */
        mca_coll_swing_shm_bcast_set(&op, call, m, h->seg, lroot,
                                     OMPI_SUCCESS == rc ? vec : NULL);
        run = mca_coll_swing_segop_run(&op);
        rc = (OMPI_SUCCESS == rc) ? run : rc;
    }
    if (OMPI_SUCCESS == rc && vec != call->mine.direct && !call->is_root) {
        rc = mca_coll_swing_ubuf_unpack(&call->mine, vec);
    }
    return rc;
}

static int swing_hier_reduce(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    static mca_coll_swing_decline_t type = {
        0, "datatype overlapping itself or larger than a slot"};
    mca_coll_swing_hier_t *h = m->hier;
    const mca_coll_swing_plan_t *plan;
    int lroot = swing_hier_local_root(h, call->root), leader = (h->nodes.lrank == lroot);
    ptrdiff_t lb, true_ext, gap = 0;
    size_t span = opal_datatype_span(&call->dtype->super, call->count, &gap);
    char *acc = NULL, *tmp = NULL;
    int rc = OMPI_SUCCESS;

    ompi_datatype_get_true_extent(call->dtype, &lb, &true_ext);
    if (call->extent <= 0 || true_ext > call->extent
        || (size_t) call->extent > h->seg->slot_size) {
        call->declined = &type;
        return MCA_COLL_SWING_DECLINED;
    }
    if (leader) {
        /* my partial (the root's receive buffer) and the tree's receive scratch */
        rc = mca_coll_swing_grow(&m->scratch, &m->scratch_size, (call->is_root ? 1 : 2) * span);
        if (OMPI_SUCCESS == rc) {
            tmp = m->scratch - gap;
            acc = call->is_root ? call->rbuf : m->scratch + span - gap;
        }
    }
    mca_coll_swing_nbseg_drain(m);
    if (h->seg->nranks > 1) {
        mca_coll_swing_call_t node = *call;
        mca_coll_swing_segop_t op;
        int run;
        /* the leader ends with the node's result; after an error the rank
           only contributes, and the node's phases still run */
        node.rbuf = acc;
        node.is_root = (NULL != acc);
        memset(&op, 0, sizeof(op));
        op.gap = lb;
        op.true_ext = true_ext;
        mca_coll_swing_shm_op_set(&op, &node, m, h->seg);
        run = mca_coll_swing_segop_run(&op);
        rc = (OMPI_SUCCESS == rc) ? run : rc;
    } else if (OMPI_SUCCESS == rc && NULL != call->sbuf) {
        rc = ompi_datatype_copy_content_same_ddt(call->dtype, call->count, acc,
                                                 (char *) call->sbuf);
    }
    if (OMPI_SUCCESS == rc && leader && h->nodes.nnodes > 1) {
        rc = swing_hier_leaders_plan(h, SWING_HIER_TREE_REDUCE, call->root, &plan);
        if (OMPI_SUCCESS == rc) {
            rc = mca_coll_swing_tree_steps(call, plan, acc, tmp);
        }
    }
    return rc;
}

int mca_coll_swing_exec_hier_rooted(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    int rc = mca_coll_swing_hier_prepare(call, m);

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    rc = swing_hier_trees(m, m->hier);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    switch (call->tcoll) {
    case SWT_COLL_BCAST:
        return swing_hier_bcast(call, m);
    case SWT_COLL_REDUCE:
        return swing_hier_reduce(call, m);
    }
    return OMPI_ERR_BAD_PARAM;
}
