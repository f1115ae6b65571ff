/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Hierarchical broadcast and reduce: one leader per node, a Bine tree
 * between the leaders on the network of nodes (topology/tree/swt_tree.h, the
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
 * Falls back, before any communication and alike on every rank (the
 * dispatcher then runs auto's tree, one warning per job): where hier's setup
 * does not apply (one node, one rank on every node, coll_swing_shm_size
 * 0), and for reduce a type larger than a slot or overlapping itself.
 *
 * Failures (docs/TESTING.md, "Faults"). The trees, the node map and the
 * step list are set up at the first call, and the scratch grows with the
 * largest call: on one rank they may fail where the others succeed.
 * Before the first message every rank makes them, then all agree
 * (transport/coll_swing_agree.h, as the trees of steps/coll_swing_tree_exec.c
 * do); if one failed, every rank drops what this call set up and hands
 * the call to the previous module. A failure during the call reaches the
 * ranks downstream of it, as on a tree, with every node's ranks alike: a
 * leader that failed (before the call: a need beyond the agreed scratch
 * on it alone, a pack; or in the tree) still runs its steps between nodes
 * in error mode (engine/coll_swing_runner.h), so the leaders below it learn
 * of it, and takes part in its node's phases with the call marked failed
 * (shm/coll_swing_shm_op.h), so every rank of its node returns an error.
 * Broadcast: the failed leader's node and the nodes below it in the tree
 * return the error. Reduce: the node phase comes first, so a failure in
 * it reaches the whole node (the mark) and, through the leader's steps in
 * error mode, the leaders up to the root; a leader's failure in the tree
 * reaches its ancestors up to the root (the ranks off that path have no
 * result to be wrong).
 *
 * Memory: the node segment (hier's, shared with the allreduce); O(p) for
 * the node of every rank, two trees of the nodes and one step list, set
 * up at the first call; the module's scratch for the leaders of a reduce
 * (two vectors; one at the root) and for a broadcast of a type with holes
 * (the packed vector). Nothing per call once the largest message is seen.
 */
#include "coll_swing_hier_setup.h"
#include "coll_swing_agree.h"

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
    int *count = mca_coll_swing_setup_calloc((size_t) nd->nnodes, sizeof(int));
    const char **host = mca_coll_swing_setup_malloc(sizeof(char *) * (size_t) nd->nnodes);

    t->node_of = mca_coll_swing_setup_malloc(sizeof(int) * (size_t) p);
    t->lrank_of = mca_coll_swing_setup_malloc(sizeof(int) * (size_t) p);
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
             ? OMPI_SUCCESS
             : OMPI_ERR_BAD_PARAM;
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
        t->room = t->tree[0].room[0] > t->tree[1].room[0] ? t->tree[0].room[0] : t->tree[1].room[0];
        t->plan.steps = mca_coll_swing_setup_malloc(sizeof(swt_step_t)
                                                    * (size_t) (t->room > 0 ? t->room : 1));
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
        return j; /* no peer (an idle step) */
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

/* The steps between the leaders for root (tree c) on acc and tmp, in error
   mode when rc is an error (no buffers then); returns the first error. */
static int swing_hier_leaders_run(const mca_coll_swing_call_t *call, mca_coll_swing_hier_t *h,
                                  int c, char *acc, char *tmp, int rc)
{
    mca_coll_swing_call_t sub = *call;
    const mca_coll_swing_plan_t *plan;
    /* no allocation: the same on every leader, failing only on a bad description */
    int prc = swing_hier_leaders_plan(h, c, call->root, &plan);

    if (OMPI_SUCCESS != prc) {
        return OMPI_SUCCESS != rc ? rc : prc;
    }
    sub.error = rc;
    prc = mca_coll_swing_tree_steps(&sub, plan, OMPI_SUCCESS == rc ? acc : NULL,
                                    OMPI_SUCCESS == rc ? tmp : NULL);
    return OMPI_SUCCESS != rc ? rc : prc;
}

static int swing_hier_bcast(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    mca_coll_swing_hier_t *h = m->hier;
    int lroot = swing_hier_local_root(h, call->root), rc = call->error;
    char *vec = call->mine.direct;

    if (NULL == vec && OMPI_SUCCESS == rc) {
        vec = m->scratch;
        if (call->is_root) {
            rc = mca_coll_swing_ubuf_pack(&call->mine, vec);
        }
    }
    /* nonblocking operations started before this call use the segment first */
    mca_coll_swing_shm_nb_drain(m);
    if (h->nodes.lrank == lroot && h->nodes.nnodes > 1) {
        /* after an error too, in error mode: the leaders below wait for my steps */
        rc = swing_hier_leaders_run(call, h, SWING_HIER_TREE_BCAST, vec, vec, rc);
    }
    if (h->shm->nranks > 1) {
        mca_coll_swing_shm_op_t op;
        /* after an error too: the node's ranks wait for their leader's
           phases, and its mark makes them all return the error */
        mca_coll_swing_shm_bcast_set(&op, call, m, h->shm, lroot, OMPI_SUCCESS == rc ? vec : NULL,
                                     rc);
        rc = mca_coll_swing_shm_op_run(&op);
    }
    if (OMPI_SUCCESS == rc && vec != call->mine.direct && !call->is_root) {
        rc = mca_coll_swing_ubuf_unpack(&call->mine, vec);
    }
    return rc;
}

static int swing_hier_reduce(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    mca_coll_swing_hier_t *h = m->hier;
    int lroot = swing_hier_local_root(h, call->root), leader = (h->nodes.lrank == lroot);
    ptrdiff_t lb, true_ext, gap = 0;
    size_t span = opal_datatype_span(&call->dtype->super, call->count, &gap);
    char *acc = NULL, *tmp = NULL;
    int rc = call->error;

    ompi_datatype_get_true_extent(call->dtype, &lb, &true_ext);
    if (leader && OMPI_SUCCESS == rc) {
        /* my partial (the root's receive buffer) and the tree's receive scratch */
        tmp = m->scratch - gap;
        acc = call->is_root ? call->rbuf : m->scratch + span - gap;
    }
    mca_coll_swing_shm_nb_drain(m);
    if (h->shm->nranks > 1) {
        mca_coll_swing_call_t node = *call;
        mca_coll_swing_shm_op_t op;
        /* the leader ends with the node's result; after an error it only
           contributes, the node's phases still run, and the mark makes
           every rank of the node return the error */
        node.rbuf = acc;
        node.is_root = (NULL != acc);
        memset(&op, 0, sizeof(op));
        op.gap = lb;
        op.true_ext = true_ext;
        mca_coll_swing_shm_op_set(&op, &node, m, h->shm);
        op.rc = rc;
        rc = mca_coll_swing_shm_op_run(&op);
    } else if (OMPI_SUCCESS == rc && NULL != call->sbuf) {
        rc = ompi_datatype_copy_content_same_ddt(call->dtype, call->count, acc,
                                                 (char *) call->sbuf);
    }
    if (leader && h->nodes.nnodes > 1) {
        /* after an error too, in error mode: the leaders above wait for my partial */
        rc = swing_hier_leaders_run(call, h, SWING_HIER_TREE_REDUCE, acc, tmp, rc);
    }
    return rc;
}

/*
 * The module's scratch a call needs on this rank (trees: whether this
 * rank's setup succeeded, so the node map is there) and at most on any:
 * a broadcast's packed vector (only a rank whose type has holes packs,
 * and the types may differ by rank), a reduce's two vectors at a leader
 * (one at the root).
 */
static void swing_hier_need(const mca_coll_swing_call_t *call, const mca_coll_swing_hier_t *h,
                            int trees, size_t *need, size_t *most)
{
    ptrdiff_t gap = 0;
    size_t span;
    int leader;

    if (SWT_COLL_BCAST == call->tcoll) {
        *most = call->count;
        *need = (NULL == call->mine.direct) ? call->count : 0;
        return;
    }
    span = opal_datatype_span(&call->dtype->super, call->count, &gap);
    leader = trees && h->nodes.lrank == swing_hier_local_root(h, call->root);
    *most = 2 * span;
    *need = leader ? (call->is_root ? 1 : 2) * span : 0;
}

int mca_coll_swing_exec_hier_rooted(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    static mca_coll_swing_fallback_t type = { 0,
                                              "datatype overlapping itself or larger than a slot" };
    mca_coll_swing_growth_t g = { &m->scratch, &m->scratch_size, &m->scratch_agreed, 0, 0 };
    ptrdiff_t lb, true_ext;
    int rc = mca_coll_swing_hier_prepare(call, m), made, ok;

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    if (SWT_COLL_REDUCE == call->tcoll) {
        ompi_datatype_get_true_extent(call->dtype, &lb, &true_ext);
        if (call->extent <= 0 || true_ext > call->extent
            || (size_t) call->extent > m->hier->shm->slot_size) {
            call->fallback = &type;
            return MCA_COLL_SWING_FALLBACK;
        }
    }
    /*
     * Before the first message: the trees (made at this call on every rank
     * alike, or not) and the scratch, agreed when either is new. If a rank
     * failed, every rank drops the trees and hands the call to the
     * previous module.
     */
    made = (NULL == m->hier->trees.net);
    ok = (OMPI_SUCCESS == swing_hier_trees(m, m->hier));
    swing_hier_need(call, m->hier, ok, &g.need, &g.most);
    rc = mca_coll_swing_agree_before(call, m, &g, 1, ok, made);
    if (MCA_COLL_SWING_FALLBACK == rc && made) {
        swing_hier_trees_undo(&m->hier->trees);
    }
    if (OMPI_ERR_OUT_OF_RESOURCE == rc) {
        /* this rank alone needed more scratch than was agreed: error mode */
        call->error = rc;
        rc = OMPI_SUCCESS;
    }
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    switch (call->tcoll) {
    case SWT_COLL_BCAST: return swing_hier_bcast(call, m);
    case SWT_COLL_REDUCE: return swing_hier_reduce(call, m);
    }
    return OMPI_ERR_BAD_PARAM;
}
