/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Broadcast, reduce, gather and scatter on a tree or a chain
 * (topology/tree/swt_tree.h, ALGORITHMS.md "Trees and chains"): this rank's
 * steps for the call's root (node/coll_swing_tree.c) run by the schedule
 * runner (engine/coll_swing_runner.h), every part of a multiport tree on its
 * slice, in lockstep.
 *
 *   broadcast  the vector in place where the type has no holes (else
 *              packed into scratch at the root, unpacked at the others);
 *              every message is the whole part: RECV into it, SEND from it
 *   reduce     the root's receive buffer accumulates (the send buffer
 *              copied in unless in place); a rank that only sends reads
 *              its send buffer, one that relays accumulates in scratch;
 *              RECV_REDUCE (and the fold's FOLD_RECV): received (left) op
 *              mine
 *   gather     a work vector in the layout of the BO list the row names
 *              (the allgather's: every tree message one contiguous range
 *              of blocks): my block in, the allgather half's rules for
 *              the fold, the root's blocks out to their MPI places
 *   scatter    the same with the reduce-scatter's layout: the root's
 *              blocks in, my block out
 * A multiport tree cuts the vector (gather, scatter: every block) into
 * its parts' pieces by swt_part_elems, as the allreduce and the
 * reduce-scatter do.
 *
 * Example, broadcast from rank 5 on a ring of 8, Bine far-first: the tree
 * of root 0 moved by the ring's automorphism taking 0 to 5; rank 5 sends
 * at tree step 0 to its partner of core step 2, at step 1 both holders
 * send to their partners of core step 1, at step 2 the four send to
 * their neighbours.
 *
 * Failures (docs/TESTING.md, "Faults"). A row's tree is set up at its
 * first call, a chain's steps change with the call's size, the scratch
 * grows with the largest call: all at a call, so on one rank they may fail
 * where the others succeed. Before the first message every rank makes
 * them, then all agree (transport/coll_swing_agree.h); if one failed,
 * every rank drops the tree made or changed at this call and hands the
 * call to the previous module. A failure during the call (a message, a
 * pack) runs the rest of the schedule in error mode (engine/coll_swing_runner.h):
 * the error reaches the ranks downstream of it in the tree, so the ranks
 * upstream (the root of a broadcast) return success.
 *
 * Memory: the module's scratch: broadcast, a packed vector when the type
 * has holes; reduce, a vector to accumulate and one to receive into;
 * gather and scatter, the work vector and one block to pack through. No
 * allocation once the module has seen the largest message.
 */
#include "coll_swing_steps.h"
#include "coll_swing_agree.h"
#include "coll_swing_p2p.h"
#include "coll_swing_runner.h"

#include <stdlib.h>

#include "swt_cost_tree.h"

/* Element elem of a buffer (none in error mode without scratch). */
static char *swing_tree_at(const mca_coll_swing_call_t *call, char *base, size_t elem)
{
    return (NULL == base) ? NULL : base + (ptrdiff_t) elem * call->extent;
}

/* The module's scratch from off, less gap; none in error mode (call->error). */
static char *swing_tree_scratch(const mca_coll_swing_call_t *call, mca_coll_swing_module_t *m,
                                size_t off, ptrdiff_t gap)
{
    return (OMPI_SUCCESS == call->error && NULL != m->scratch) ? m->scratch + off - gap : NULL;
}

/*
 * The parts of plan over a vector of count elements at vec (scratch tmp
 * of the same span), each on its slice (swt_part_elems) with its tag;
 * returns how many are not empty.
 */
static int swing_tree_parts(const mca_coll_swing_call_t *call, const mca_coll_swing_plan_t *plan,
                            size_t count, char *vec, char *tmp, mca_coll_swing_runner_part_t *pts)
{
    int np = 0, tags[MCA_COLL_SWING_MAX_PARTS];

    mca_coll_swing_p2p_block_tags(plan->nparts, tags);
    for (int j = 0; j < plan->nparts; ++j) {
        size_t first, n;
        swt_part_elems(count, plan->nparts, j, &first, &n);
        if (0 == n) {
            continue; /* empty on every rank alike */
        }
        mca_coll_swing_runner_part_init(&pts[np], call, n, mca_coll_swing_plan_part(plan, j),
                                        swing_tree_at(call, vec, first),
                                        swing_tree_at(call, tmp, first), tags[j]);
        ++np;
    }
    return np;
}

static int swing_tree_run(mca_coll_swing_runner_part_t *pts, int np)
{
    mca_coll_swing_runner_t runner;

    mca_coll_swing_runner_start(&runner, pts, np);
    return mca_coll_swing_runner_run(&runner);
}

int mca_coll_swing_tree_steps(const mca_coll_swing_call_t *call, const mca_coll_swing_plan_t *plan,
                              char *vec, char *tmp)
{
    mca_coll_swing_runner_part_t pts[MCA_COLL_SWING_MAX_PARTS];
    int np = swing_tree_parts(call, plan, call->count, vec, tmp, pts);

    return swing_tree_run(pts, np);
}

static int swing_tree_bcast(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m,
                            const mca_coll_swing_plan_t *plan)
{
    char *vec = call->mine.direct;
    int rc = OMPI_SUCCESS;

    if (NULL == vec) {
        vec = swing_tree_scratch(call, m, 0, 0);
        if (NULL != vec && call->is_root) {
            /* a pack that fails: the tree still runs, in error mode */
            call->error = mca_coll_swing_ubuf_pack(&call->mine, vec);
        }
    }
    rc = mca_coll_swing_tree_steps(call, plan, vec, vec);
    if (OMPI_SUCCESS == rc && vec != call->mine.direct && !call->is_root) {
        rc = mca_coll_swing_ubuf_unpack(&call->mine, vec);
    }
    return rc;
}

/* 1 when a part of plan receives data to reduce into this rank's partial. */
static int swing_tree_relays(const mca_coll_swing_plan_t *plan)
{
    for (int j = 0; j < plan->nparts; ++j) {
        const mca_coll_swing_plan_t *pp = mca_coll_swing_plan_part(plan, j);
        for (int i = 0; i < pp->nsteps; ++i) {
            swt_op_t op = pp->steps[i].op;
            if (SWT_OP_IDLE != op && SWT_OP_SEND != op && SWT_OP_FOLD_SEND != op) {
                return 1;
            }
        }
    }
    return 0;
}

static int swing_tree_reduce(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m,
                             const mca_coll_swing_plan_t *plan)
{
    ptrdiff_t gap = 0;
    size_t span = opal_datatype_span(&call->dtype->super, call->count, &gap);
    int relays = swing_tree_relays(plan);
    char *acc, *tmp;

    tmp = swing_tree_scratch(call, m, span, gap);
    if (call->is_root) {
        acc = call->rbuf;
    } else if (relays) {
        acc = swing_tree_scratch(call, m, 0, gap);
    } else {
        acc = (char *) call->sbuf; /* it only sends: read in place */
    }
    if (OMPI_SUCCESS == call->error && NULL != call->sbuf && acc != call->sbuf) {
        /* a copy that fails: the tree still runs, in error mode */
        call->error = ompi_datatype_copy_content_same_ddt(call->dtype, call->count, acc,
                                                          (char *) call->sbuf);
    }
    return mca_coll_swing_tree_steps(call, plan, acc, tmp);
}

/*
 * Gather and scatter: the work vector holds part 0's pieces of every
 * block in part 0's layout order, then part 1's, ... (as reduce-scatter
 * and allgather: steps/coll_swing_rsag.c).
 */
typedef struct swing_tree_gs_t {
    mca_coll_swing_call_t *call;
    const mca_coll_swing_plan_t *plan; /* the BO list: its parts' layouts */
    int nparts;
    char *work;
    char *stage; /* one block, packed */
    size_t base[MCA_COLL_SWING_MAX_PARTS + 1];
} swing_tree_gs_t;

/* Moves block r between the work vector and packed bytes at b (to_work: into the work vector). */
static void swing_tree_gs_block(const swing_tree_gs_t *x, int r, char *b, int to_work)
{
    for (int j = 0; j < x->nparts; ++j) {
        const mca_coll_swing_layout_t *l = mca_coll_swing_plan_part(x->plan, j)->layout;
        size_t first, n;
        char *w;
        mca_coll_swing_block_piece(x->call, r, x->nparts, j, &first, &n);
        if (0 == n) {
            continue;
        }
        w = x->work + x->base[j] + l->off[l->index[r]];
        memcpy(to_work ? w : b + first, to_work ? b + first : w, n);
    }
}

/* Block r between the work vector and the user's buffer u (to_work: into the work vector). */
static int swing_tree_gs_user(const swing_tree_gs_t *x, int r, const mca_coll_swing_ubuf_t *u,
                              int to_work)
{
    int rc = OMPI_SUCCESS;

    if (NULL != u->direct) {
        swing_tree_gs_block(x, r, u->direct, to_work);
        return OMPI_SUCCESS;
    }
    if (to_work) {
        rc = mca_coll_swing_ubuf_pack(u, x->stage);
        swing_tree_gs_block(x, r, x->stage, 1);
    } else {
        swing_tree_gs_block(x, r, x->stage, 0);
        rc = mca_coll_swing_ubuf_unpack(u, x->stage);
    }
    return rc;
}

/* Every block r of the root's buffer between it and the work vector. */
static int swing_tree_gs_all(const swing_tree_gs_t *x, int to_work)
{
    int p = ompi_comm_size(x->call->comm), rc = OMPI_SUCCESS;

    for (int r = 0; r < p && OMPI_SUCCESS == rc; ++r) {
        mca_coll_swing_ubuf_t u;
        mca_coll_swing_ubuf_block(&x->call->all, r, &u);
        rc = swing_tree_gs_user(x, r, &u, to_work);
    }
    return rc;
}

static int swing_tree_gs(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m,
                         const mca_coll_swing_plan_t *tree, int gather)
{
    mca_coll_swing_runner_part_t pts[MCA_COLL_SWING_MAX_PARTS];
    swing_tree_gs_t x = { .call = call, .plan = call->plan };
    int rank = ompi_comm_rank(call->comm), rc, np = 0;
    int tags[MCA_COLL_SWING_MAX_PARTS];

    x.nparts = call->plan->nparts;
    if (x.nparts != tree->nparts || x.nparts > MCA_COLL_SWING_MAX_PARTS) {
        return OMPI_ERR_BAD_PARAM;
    }
    /* moved as bytes: elements of extent 1 */
    x.work = swing_tree_scratch(call, m, 0, 0);
    x.stage = swing_tree_at(call, x.work, call->count);
    x.base[0] = 0;
    for (int j = 0; j < x.nparts; ++j) {
        mca_coll_swing_layout_t *l = mca_coll_swing_plan_part(call->plan, j)->layout;
        mca_coll_swing_block_layout(call, l, x.nparts, j);
        x.base[j + 1] = x.base[j] + l->off[l->p];
    }
    if (OMPI_SUCCESS == call->error) {
        rc = (gather || !call->is_root) ? OMPI_SUCCESS : swing_tree_gs_all(&x, 1);
        if (OMPI_SUCCESS == rc && gather) {
            rc = swing_tree_gs_user(&x, rank, &call->mine, 1);
        }
        /* a pack that fails: the tree still runs, in error mode */
        call->error = rc;
    }
    mca_coll_swing_p2p_block_tags(x.nparts, tags);
    for (int j = 0; j < x.nparts; ++j) {
        size_t n = x.base[j + 1] - x.base[j];
        if (0 == n) {
            continue;
        }
        mca_coll_swing_runner_part_init(&pts[np], call, n, mca_coll_swing_plan_part(tree, j),
                                        swing_tree_at(call, x.work, x.base[j]),
                                        swing_tree_at(call, x.work, x.base[j]), tags[j]);
        pts[np].half = gather ? SWT_HALF_AG : SWT_HALF_RS;
        pts[np].layout = mca_coll_swing_plan_part(call->plan, j)->layout;
        pts[np].rank = rank;
        ++np;
    }
    rc = swing_tree_run(pts, np);
    if (OMPI_SUCCESS == rc) {
        rc = gather ? (call->is_root ? swing_tree_gs_all(&x, 0) : OMPI_SUCCESS)
                    : swing_tree_gs_user(&x, rank, &call->mine, 0);
    }
    return rc;
}

/*
 * One phase of a bandwidth-optimal broadcast or reduce: every part of
 * plan (the tree, or the BO list) on its slice of vec, as the half half
 * in its part's layout (scratch tmp, as large).
 */
static int swing_tree_bo_phase(const mca_coll_swing_call_t *call, const mca_coll_swing_plan_t *plan,
                               char *vec, char *tmp, swt_half_t half)
{
    mca_coll_swing_runner_part_t pts[MCA_COLL_SWING_MAX_PARTS];
    int np = swing_tree_parts(call, plan, call->count, vec, tmp, pts);

    for (int k = 0; k < np; ++k) {
        /* the part's index in the plan: the same slices, in order, empty ones skipped */
        int j = (int) (pts[k].plan - mca_coll_swing_plan_part(plan, 0));
        pts[k].half = half;
        pts[k].layout = mca_coll_swing_plan_part(call->plan, plan->nparts > 1 ? j : 0)->layout;
        pts[k].rank = ompi_comm_rank(call->comm);
    }
    return swing_tree_run(pts, np);
}

/*
 * Broadcast as scatter + allgather, reduce as reduce-scatter + gather
 * (ALGORITHMS.md section 14): the vector, in place, cut into as many
 * pieces as ranks in every part's layout (which rank's piece a piece is
 * does not matter: the data are the root's, or everybody's), so the
 * scatter tree (gather tree) and the BO list's allgather (reduce-scatter)
 * half meet on the same ranges.
 */
static int swing_tree_bo(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m,
                         const mca_coll_swing_plan_t *tree, int bcast)
{
    const mca_coll_swing_plan_t *bo = call->plan;
    ptrdiff_t gap = 0;
    size_t span = opal_datatype_span(&call->dtype->super, call->count, &gap);
    char *vec, *tmp;
    int rc;

    if (bo->nparts != tree->nparts) {
        return OMPI_ERR_BAD_PARAM;
    }
    tmp = swing_tree_scratch(call, m, span, gap);
    if (bcast) {
        vec = (NULL != call->mine.direct) ? call->mine.direct : swing_tree_scratch(call, m, 0, gap);
        rc = (NULL != vec && vec != call->mine.direct && call->is_root)
                 ? mca_coll_swing_ubuf_pack(&call->mine, vec)
                 : OMPI_SUCCESS;
    } else {
        vec = call->is_root ? call->rbuf : swing_tree_scratch(call, m, 0, gap);
        rc = (NULL != vec && NULL != call->sbuf)
                 ? ompi_datatype_copy_content_same_ddt(call->dtype, call->count, vec,
                                                       (char *) call->sbuf)
                 : OMPI_SUCCESS;
    }
    /* a pack or copy that fails: both phases still run, in error mode */
    if (OMPI_SUCCESS == call->error) {
        call->error = rc;
    }
    for (int j = 0; j < bo->nparts; ++j) {
        mca_coll_swing_layout_t *l = mca_coll_swing_plan_part(bo, j)->layout;
        size_t first, n;
        swt_part_elems(call->count, bo->nparts, j, &first, &n);
        for (int i = 0; i <= l->p; ++i) {
            size_t len;
            swt_block_elems(n, l->p, i, 0, &l->off[i], &len);
        }
    }
    rc = bcast ? swing_tree_bo_phase(call, tree, vec, tmp, SWT_HALF_RS)
               : swing_tree_bo_phase(call, bo, vec, tmp, SWT_HALF_RS);
    /* the second phase whatever the first gave: its peers wait for its messages */
    call->error = rc;
    rc = bcast ? swing_tree_bo_phase(call, bo, vec, tmp, SWT_HALF_AG)
               : swing_tree_bo_phase(call, tree, vec, tmp, SWT_HALF_AG);
    if (OMPI_SUCCESS == rc && bcast && vec != call->mine.direct && !call->is_root) {
        rc = mca_coll_swing_ubuf_unpack(&call->mine, vec);
    }
    return rc;
}

/*
 * Chains: the model's best segment count for the size (it balances the
 * pipeline's fill against its step: swt_cost_tree.h), the same on every
 * rank, at most one segment per element of a part and at most 4096.
 */
static long swing_tree_nsegs(const mca_coll_swing_call_t *call, const mca_coll_swing_module_t *m,
                             int nparts)
{
    size_t most = call->count / (size_t) (nparts > 0 ? nparts : 1);
    long n = (NULL != m->tree_model) ? swt_tree_model_nsegs(m->tree_model, (swt_coll_t) call->tcoll,
                                                            NULL, nparts, (double) call->bytes)
                                     : 1;

    if ((size_t) n > most) {
        n = (long) most;
    }
    return n < 1 ? 1 : n > 4096 ? 4096 : n;
}

/* The module's scratch the call needs on this rank, and at most on any. */
static void swing_tree_need(const mca_coll_swing_call_t *call, size_t *need, size_t *most)
{
    ptrdiff_t gap = 0;
    size_t span;

    if (SWT_COLL_GATHER == call->tcoll || SWT_COLL_SCATTER == call->tcoll) {
        *need = *most = call->count + call->block;
        return;
    }
    span = opal_datatype_span(&call->dtype->super, call->count, &gap);
    if (SWT_COLL_BCAST == call->tcoll && NULL == call->plan) {
        /* only a rank whose type has holes packs: the types may differ by rank */
        *most = call->count;
        *need = (NULL == call->mine.direct) ? call->count : 0;
        return;
    }
    *need = *most = 2 * span;
}

/*
 * Before the first message: the row's tree (set up at this call on every
 * rank alike, or not), a chain's segments for this size (changed on every
 * rank alike), the scratch; agreed when one of them was made at this
 * call. If a rank failed, every rank drops what this call made and hands
 * the call to the previous module.
 */
static int swing_tree_prepare(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    mca_coll_swing_tree_t *t = call->tree;
    mca_coll_swing_growth_t g = { &m->scratch, &m->scratch_size, &m->scratch_agreed, 0, 0 };
    int made = call->tree_new, ok = (NULL != t), rc;

    if (NULL != t && SWT_ALG_RING == t->plan.pattern) {
        long nsegs = swing_tree_nsegs(call, m, t->nparts);
        if (nsegs != t->nsegs) {
            made = 1;
            ok = (OMPI_SUCCESS == mca_coll_swing_tree_segments(t, nsegs));
        }
    }
    swing_tree_need(call, &g.need, &g.most);
    rc = mca_coll_swing_agree_before(call, m, &g, 1, ok, made);
    if (MCA_COLL_SWING_FALLBACK == rc && made && NULL != *call->tree_slot) {
        mca_coll_swing_tree_free(*call->tree_slot);
        free(*call->tree_slot);
        *call->tree_slot = NULL;
    }
    if (OMPI_ERR_OUT_OF_RESOURCE == rc) {
        /* this rank alone needed more scratch than was agreed: error mode */
        call->error = rc;
        rc = OMPI_SUCCESS;
    }
    return rc;
}

int mca_coll_swing_exec_tree(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    const mca_coll_swing_plan_t *plan = NULL;
    int rc = swing_tree_prepare(call, m);

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    /* every rank alike: no allocation, no failure but a bad description */
    rc = mca_coll_swing_tree_plan(call->tree, ompi_comm_rank(call->comm), call->root, &plan);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    switch (call->tcoll) {
    case SWT_COLL_BCAST:
        return (NULL != call->plan) ? swing_tree_bo(call, m, plan, 1)
                                    : swing_tree_bcast(call, m, plan);
    case SWT_COLL_REDUCE:
        return (NULL != call->plan) ? swing_tree_bo(call, m, plan, 0)
                                    : swing_tree_reduce(call, m, plan);
    case SWT_COLL_GATHER: return swing_tree_gs(call, m, plan, 1);
    case SWT_COLL_SCATTER: return swing_tree_gs(call, m, plan, 0);
    }
    return OMPI_ERR_BAD_PARAM;
}
