/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Reduce-scatter and allgather on a BO step list (ALGORITHMS.md sections
 * 4-6, 11-12): the RS steps of the list for MPI_Reduce_scatter(_block),
 * its AG steps for MPI_Allgather(v), run by the schedule runner
 * (engine/coll_swing_runner.h) on a work vector where every step moves one
 * contiguous range.
 *
 * Placement. A plan of P parts (1 single-port; multiport Swing 2D, RD D,
 * ring 2 or 4) cuts every rank's block into P pieces by one rule,
 * swt_part_elems (sizes differing by at most one element, the first ones
 * larger; empty pieces when a block is shorter than P). Part j reduce-
 * scatters (allgathers) piece j of every block: an ordinary RS (AG) on a
 * vector of p pieces, ordered by part j's layout (node/coll_swing_layout.c:
 * each part's walk or cycle ends blocks on other ranks). The work vector
 * holds part 0's vector, then part 1's, ...; a part whose pieces are all
 * empty is skipped (every rank knows every count, so all skip alike).
 *
 *   reduce-scatter
 *     copy in      every piece of the user's vector to its place in the
 *                  work vector (the copy an out-of-place allreduce makes
 *                  anyway: the permutation costs nothing more)
 *     FOLD_SEND    extra: the whole part vector to its survivor
 *     FOLD_RECV    survivor: the extra's vector, reduced into mine
 *     RS           send the peer's range, reduce mine as it arrives
 *                  (pipelined; all parts in lockstep)
 *     UNFOLD       survivor to extra: only the extra's group's pieces
 *     copy out     the pieces of my block into the receive buffer
 *   allgather
 *     copy in      the pieces of my block to their places
 *     FOLD         extra to survivor: only its group's pieces
 *     AG           send my range, receive the peer's
 *     UNFOLD       survivor to extra: the whole part vector
 *     copy out     every piece from the work vector to its MPI place: one
 *                  copy of the vector more than an allgather working in
 *                  the receive buffer, the price of the permutation
 *
 * Example, ring of 6, Swing, reduce-scatter, one part (layout 0 1 | 5 |
 * 2 3 | 4): rank 1 folds its vector into rank 0 and rank 3 into rank 2;
 * ranks 0, 5, 2, 4 reduce-scatter the four core blocks, so rank 0 holds
 * the sum of blocks 0 and 1 (its group's), rank 2 of blocks 2 and 3; rank
 * 0 sends block 1 to rank 1, rank 2 block 3 to rank 3. Multiport Swing on
 * the same ring runs this and its mirror image (part 1) on the second
 * half of every block.
 *
 * Memory: the work vector and, for reduce-scatter, one vector of receive
 * scratch, in the module's scratch (grown once, kept, after an agreement of
 * every rank: transport/coll_swing_agree.h); per call O(P p) offsets in
 * the layouts' arrays, no allocation.
 */
#include "coll_swing_steps.h"
#include "coll_swing_agree.h"
#include "coll_swing_runner.h"
#include "coll_swing_p2p.h"

typedef struct swing_rsag_t {
    mca_coll_swing_call_t *call;
    mca_coll_swing_module_t *m;
    int nparts;
    int rank;
    char *work; /* the part vectors, each in its layout's order */
    char *tmp;  /* reduce-scatter: what arrives before it is reduced */
    size_t base[MCA_COLL_SWING_MAX_PARTS + 1]; /* first element of part j's vector */
} swing_rsag_t;

static char *swing_rsag_at(const swing_rsag_t *x, char *base, size_t elem)
{
    return base + (ptrdiff_t) elem * x->call->extent;
}

static const mca_coll_swing_layout_t *swing_rsag_layout(const swing_rsag_t *x, int j)
{
    return mca_coll_swing_plan_part(x->call->plan, j)->layout;
}

/*
 * Piece j of rank r's block between the work vector and the block at
 * element `at` of the user's buffer; to_work picks the direction.
 */
static int swing_rsag_piece(const swing_rsag_t *x, char *user, size_t at, int j, int r, int to_work)
{
    const mca_coll_swing_layout_t *l = swing_rsag_layout(x, j);
    size_t first, n;
    char *w, *u;

    mca_coll_swing_block_piece(x->call, r, x->nparts, j, &first, &n);
    if (0 == n) {
        return OMPI_SUCCESS;
    }
    w = swing_rsag_at(x, x->work, x->base[j] + l->off[l->index[r]]);
    u = swing_rsag_at(x, user, at + first);
    return ompi_datatype_copy_content_same_ddt(x->call->dtype, n, to_work ? w : u, to_work ? u : w);
}

/* Every piece of every block but skip's (-1: none); to_work picks the direction. */
static int swing_rsag_permute(const swing_rsag_t *x, char *user, int to_work, int skip)
{
    int rc = OMPI_SUCCESS;

    for (int j = 0; j < x->nparts; ++j) {
        const mca_coll_swing_layout_t *l = swing_rsag_layout(x, j);
        for (int i = 0; i < l->p && OMPI_SUCCESS == rc; ++i) {
            if (l->order[i] != skip) {
                rc = swing_rsag_piece(x, user, x->m->disp[l->order[i]], j, l->order[i], to_work);
            }
        }
    }
    return rc;
}

/* The pieces of my block, at element `at` of the user's buffer. */
static int swing_rsag_mine(const swing_rsag_t *x, char *user, size_t at, int to_work)
{
    int rc = OMPI_SUCCESS;

    for (int j = 0; j < x->nparts && OMPI_SUCCESS == rc; ++j) {
        rc = swing_rsag_piece(x, user, at, j, x->rank, to_work);
    }
    return rc;
}

/*
 * The call's offsets in every part's layout, and the work vector (for
 * reduce-scatter the receive scratch after it) in the module's scratch.
 */
static int swing_rsag_setup(swing_rsag_t *x, mca_coll_swing_call_t *call,
                            mca_coll_swing_module_t *m, int vectors)
{
    ptrdiff_t gap = 0;
    size_t span = opal_datatype_span(&call->dtype->super, call->count, &gap);
    mca_coll_swing_growth_t g = { &m->scratch, &m->scratch_size, &m->scratch_agreed,
                                  span * (size_t) vectors, span * (size_t) vectors };
    int rc;

    x->call = call;
    x->m = m;
    x->rank = ompi_comm_rank(call->comm);
    x->nparts = call->plan->nparts;
    if (x->nparts < 1 || x->nparts > MCA_COLL_SWING_MAX_PARTS || NULL == swing_rsag_layout(x, 0)) {
        return OMPI_ERR_BAD_PARAM;
    }
    rc = mca_coll_swing_grow_agreed(call, m, &g, 1);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    x->work = m->scratch - gap;
    x->tmp = m->scratch + span - gap;
    (void) mca_coll_swing_block_disps(call, ompi_comm_size(call->comm), m->disp);
    x->base[0] = 0;
    for (int j = 0; j < x->nparts; ++j) {
        mca_coll_swing_layout_t *l = mca_coll_swing_plan_part(call->plan, j)->layout;
        mca_coll_swing_block_layout(call, l, x->nparts, j);
        x->base[j + 1] = x->base[j] + l->off[l->p];
    }
    return OMPI_SUCCESS;
}

/* The half's steps of every non-empty part, together, each with its tag. */
static int swing_rsag_run(swing_rsag_t *x, swt_half_t half)
{
    mca_coll_swing_runner_part_t pts[MCA_COLL_SWING_MAX_PARTS];
    mca_coll_swing_runner_t runner;
    int np = 0, tags[MCA_COLL_SWING_MAX_PARTS];

    mca_coll_swing_p2p_block_tags(x->nparts, tags);
    for (int j = 0; j < x->nparts; ++j) {
        size_t n = x->base[j + 1] - x->base[j];
        if (0 == n) {
            continue;
        }
        mca_coll_swing_runner_part_init(&pts[np], x->call, n,
                                        mca_coll_swing_plan_part(x->call->plan, j),
                                        swing_rsag_at(x, x->work, x->base[j]),
                                        swing_rsag_at(x, x->tmp, x->base[j]), tags[j]);
        pts[np].half = half;
        pts[np].layout = swing_rsag_layout(x, j);
        pts[np].rank = x->rank;
        ++np;
    }
    mca_coll_swing_runner_start(&runner, pts, np);
    return mca_coll_swing_runner_run(&runner);
}

int mca_coll_swing_rsag_half(const mca_coll_swing_call_t *call, const mca_coll_swing_plan_t *plan,
                             const mca_coll_swing_layout_t *l, char *work, char *tmp,
                             swt_half_t half)
{
    mca_coll_swing_runner_part_t pt;
    mca_coll_swing_runner_t runner;

    mca_coll_swing_runner_part_init(&pt, call, call->count, plan, work, tmp, call->tag);
    pt.half = half;
    pt.layout = l;
    pt.rank = ompi_comm_rank(call->comm);
    mca_coll_swing_runner_start(&runner, &pt, 1);
    return mca_coll_swing_runner_run(&runner);
}

int mca_coll_swing_exec_rs(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    swing_rsag_t x;
    int rc = swing_rsag_setup(&x, call, m, 2);

    if (OMPI_SUCCESS == rc) {
        rc = swing_rsag_permute(&x, (char *) (NULL != call->sbuf ? call->sbuf : call->rbuf), 1, -1);
    }
    if (OMPI_SUCCESS == rc) {
        rc = swing_rsag_run(&x, SWT_HALF_RS);
    }
    if (OMPI_SUCCESS == rc) {
        /* the receive buffer holds my block only */
        rc = swing_rsag_mine(&x, call->rbuf, 0, 0);
    }
    return rc;
}

int mca_coll_swing_exec_ag(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    swing_rsag_t x;
    int rc = swing_rsag_setup(&x, call, m, 1);

    if (OMPI_SUCCESS == rc) {
        /* my block: the send buffer, or in place at its MPI place */
        rc = (NULL != call->sbuf) ? swing_rsag_mine(&x, (char *) call->sbuf, 0, 1)
                                  : swing_rsag_mine(&x, call->rbuf, m->disp[x.rank], 1);
    }
    if (OMPI_SUCCESS == rc) {
        rc = swing_rsag_run(&x, SWT_HALF_AG);
    }
    if (OMPI_SUCCESS == rc) {
        /* in place, my block is already where it belongs */
        rc = swing_rsag_permute(&x, call->rbuf, 0, NULL != call->sbuf ? -1 : x.rank);
    }
    return rc;
}
