/*
 * Reduce-scatter and allgather on a BO step list (ALGORITHMS.md sections
 * 4-6): the RS steps of the list for MPI_Reduce_scatter(_block), its AG
 * steps for MPI_Allgather(v), on a work vector that holds the ranks'
 * blocks in the layout's order (node/coll_swing_layout.c), where every
 * step moves one contiguous range:
 *
 *   reduce-scatter
 *     copy in      the user's vector into the work vector, block by block
 *                  into the layout's order (the copy an out-of-place
 *                  allreduce makes anyway: the permutation costs nothing)
 *     FOLD_SEND    extra: the whole vector to its survivor
 *     FOLD_RECV    survivor: the extra's vector, reduced into mine
 *     RS           send the peer's half of my range, reduce mine as it
 *                  arrives (pipelined, transport/coll_swing_p2p_reduce.c)
 *     UNFOLD       survivor to extra: only the extra's group's blocks
 *     copy out     my block into the receive buffer
 *   allgather
 *     copy in      my block into its place in the work vector
 *     FOLD         extra to survivor: only its group's blocks
 *     AG           send my range, receive the peer's
 *     UNFOLD       survivor to extra: the whole vector
 *     copy out     every block from the layout's order to its MPI place:
 *                  one copy of the vector more than an allgather working
 *                  in the receive buffer, the price of the permutation
 *
 * Example, ring of 6, Swing, reduce-scatter (layout 0 1 | 5 | 2 3 | 4):
 * rank 1 folds its vector into rank 0 and rank 3 into rank 2; ranks 0, 5,
 * 2, 4 reduce-scatter the four core blocks, so rank 0 holds the sum of
 * blocks 0 and 1 (its group's), rank 2 of blocks 2 and 3; rank 0 sends
 * block 1 to rank 1, rank 2 block 3 to rank 3.
 *
 * Memory: the work vector and, for reduce-scatter, one vector of receive
 * scratch, in the module's scratch (grown once, kept).
 */
#include "coll_swing_algs.h"
#include "coll_swing_kernel.h"
#include "coll_swing_p2p.h"

typedef struct swing_rsag_t {
    const mca_coll_swing_call_t *call;
    mca_coll_swing_layout_t *l;
    char *work;        /* the vector in the layout's order */
    char *tmp;         /* reduce-scatter: what arrives before it is reduced */
    int rank;
} swing_rsag_t;

static char *swing_rsag_at(const swing_rsag_t *x, char *base, size_t elem)
{
    return base + (ptrdiff_t) elem * x->call->extent;
}

/* Element range of positions [a, a + n) of the layout. */
static void swing_rsag_range(const swing_rsag_t *x, long a, long n, size_t *first, size_t *len)
{
    *first = x->l->off[a];
    *len = x->l->off[a + n] - x->l->off[a];
}

/* Element range of core blocks [b, b + nb). */
static void swing_rsag_blocks(const swing_rsag_t *x, long b, long nb, size_t *first, size_t *len)
{
    swing_rsag_range(x, x->l->first[b], x->l->first[b + nb] - x->l->first[b], first, len);
}

/* Element range of rank r's group (r and the ranks folded into it). */
static void swing_rsag_group(const swing_rsag_t *x, int r, size_t *first, size_t *len)
{
    swing_rsag_range(x, x->l->index[r], x->l->group[r], first, len);
}

/* Moves between the user's order and the layout's; to_work picks the direction. */
static int swing_rsag_permute(const swing_rsag_t *x, char *user, int to_work, int skip)
{
    const mca_coll_swing_call_t *call = x->call;
    int rc = OMPI_SUCCESS;

    for (int i = 0; i < x->l->p && OMPI_SUCCESS == rc; ++i) {
        int r = x->l->order[i];
        size_t n = x->l->off[i + 1] - x->l->off[i];
        char *w = swing_rsag_at(x, x->work, x->l->off[i]);
        char *u = swing_rsag_at(x, user, x->l->disp[r]);
        if (r != skip && n > 0) {
            rc = ompi_datatype_copy_content_same_ddt(call->dtype, n,
                                                     to_work ? w : u, to_work ? u : w);
        }
    }
    return rc;
}

static int swing_rsag_send(const swing_rsag_t *x, size_t first, size_t n, int peer)
{
    return mca_coll_swing_p2p_send(x->call, swing_rsag_at(x, x->work, first), n, peer);
}

static int swing_rsag_recv(const swing_rsag_t *x, size_t first, size_t n, int peer)
{
    return mca_coll_swing_p2p_recv(x->call, swing_rsag_at(x, x->work, first), n, peer);
}

static int swing_rs_step(const swing_rsag_t *x, const swt_step_t *st)
{
    const mca_coll_swing_call_t *call = x->call;
    int peer = (int) st->peer, rc;
    size_t s0, sn, r0, rn;

    switch (st->op) {
    case SWT_OP_FOLD_SEND:
        return swing_rsag_send(x, 0, call->count, peer);
    case SWT_OP_FOLD_RECV:
        rc = mca_coll_swing_p2p_recv(call, x->tmp, call->count, peer);
        if (OMPI_SUCCESS == rc) {
            /* work = extra's vector (left) op mine */
            mca_coll_swing_reduce_into(call->op, call->dtype, x->tmp, x->work, call->count);
        }
        return rc;
    case SWT_OP_RS:
        swing_rsag_blocks(x, st->send_lo, st->send_n, &s0, &sn);
        swing_rsag_blocks(x, st->recv_lo, st->recv_n, &r0, &rn);
        return mca_coll_swing_p2p_exchange_reduce(call, swing_rsag_at(x, x->work, s0), sn,
                                                  swing_rsag_at(x, x->tmp, r0),
                                                  swing_rsag_at(x, x->work, r0), rn, peer);
    case SWT_OP_UNFOLD_SEND:
        swing_rsag_group(x, peer, &s0, &sn);
        return swing_rsag_send(x, s0, sn, peer);
    case SWT_OP_UNFOLD_RECV:
        swing_rsag_group(x, x->rank, &r0, &rn);
        return swing_rsag_recv(x, r0, rn, peer);
    default:
        return OMPI_SUCCESS;   /* AG steps belong to the allgather */
    }
}

static int swing_ag_step(const swing_rsag_t *x, const swt_step_t *st)
{
    int peer = (int) st->peer;
    size_t s0, sn, r0, rn;

    switch (st->op) {
    case SWT_OP_FOLD_SEND:
        swing_rsag_group(x, x->rank, &s0, &sn);
        return swing_rsag_send(x, s0, sn, peer);
    case SWT_OP_FOLD_RECV:
        swing_rsag_group(x, peer, &r0, &rn);
        return swing_rsag_recv(x, r0, rn, peer);
    case SWT_OP_AG:
        swing_rsag_blocks(x, st->send_lo, st->send_n, &s0, &sn);
        swing_rsag_blocks(x, st->recv_lo, st->recv_n, &r0, &rn);
        return mca_coll_swing_p2p_sendrecv(x->call, swing_rsag_at(x, x->work, s0), sn,
                                           swing_rsag_at(x, x->work, r0), rn, peer);
    case SWT_OP_UNFOLD_SEND:
        return swing_rsag_send(x, 0, x->call->count, peer);
    case SWT_OP_UNFOLD_RECV:
        return swing_rsag_recv(x, 0, x->call->count, peer);
    default:
        return OMPI_SUCCESS;   /* RS steps belong to the reduce-scatter */
    }
}

/* The work vector (and for reduce-scatter the receive scratch after it). */
static int swing_rsag_setup(swing_rsag_t *x, mca_coll_swing_call_t *call,
                            mca_coll_swing_module_t *m, int vectors)
{
    ptrdiff_t gap = 0;
    size_t span = opal_datatype_span(&call->dtype->super, call->count, &gap);
    int rc = mca_coll_swing_grow(&m->scratch, &m->scratch_size, span * (size_t) vectors);

    x->call = call;
    x->l = &m->layouts[call->plan->pattern];
    x->rank = ompi_comm_rank(call->comm);
    x->work = m->scratch - gap;
    x->tmp = m->scratch + span - gap;
    if (OMPI_SUCCESS == rc) {
        mca_coll_swing_block_layout(call, x->l);
    }
    return rc;
}

int mca_coll_swing_rsag_rs_steps(const mca_coll_swing_call_t *call,
                                 const mca_coll_swing_plan_t *plan,
                                 mca_coll_swing_layout_t *l, char *work, char *tmp)
{
    swing_rsag_t x = {call, l, work, tmp, ompi_comm_rank(call->comm)};
    int rc = OMPI_SUCCESS;

    for (int i = 0; i < plan->nsteps && OMPI_SUCCESS == rc; ++i) {
        rc = swing_rs_step(&x, &plan->steps[i]);
    }
    return rc;
}

int mca_coll_swing_rsag_ag_steps(const mca_coll_swing_call_t *call,
                                 const mca_coll_swing_plan_t *plan,
                                 mca_coll_swing_layout_t *l, char *work)
{
    swing_rsag_t x = {call, l, work, NULL, ompi_comm_rank(call->comm)};
    int rc = OMPI_SUCCESS;

    for (int i = 0; i < plan->nsteps && OMPI_SUCCESS == rc; ++i) {
        rc = swing_ag_step(&x, &plan->steps[i]);
    }
    return rc;
}

int mca_coll_swing_exec_rs(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    swing_rsag_t x;
    int rc = swing_rsag_setup(&x, call, m, 2);
    size_t mine;

    if (OMPI_SUCCESS == rc) {
        rc = swing_rsag_permute(&x, (char *) (NULL != call->sbuf ? call->sbuf : call->rbuf),
                                1, -1);
    }
    if (OMPI_SUCCESS == rc) {
        rc = mca_coll_swing_rsag_rs_steps(call, call->plan, x.l, x.work, x.tmp);
    }
    mine = x.l->off[x.l->index[x.rank]];
    if (OMPI_SUCCESS == rc && mca_coll_swing_block_count(call, x.rank) > 0) {
        rc = ompi_datatype_copy_content_same_ddt(call->dtype,
                                                 mca_coll_swing_block_count(call, x.rank),
                                                 call->rbuf, swing_rsag_at(&x, x.work, mine));
    }
    return rc;
}

int mca_coll_swing_exec_ag(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m)
{
    swing_rsag_t x;
    int rc = swing_rsag_setup(&x, call, m, 1);
    size_t n;

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    n = mca_coll_swing_block_count(call, x.rank);
    if (n > 0) {
        const char *own = (NULL != call->sbuf)
                              ? call->sbuf
                              : swing_rsag_at(&x, call->rbuf, x.l->disp[x.rank]);
        rc = ompi_datatype_copy_content_same_ddt(
            call->dtype, n,
            swing_rsag_at(&x, x.work, x.l->off[x.l->index[x.rank]]), (char *) own);
    }
    if (OMPI_SUCCESS == rc) {
        rc = mca_coll_swing_rsag_ag_steps(call, call->plan, x.l, x.work);
    }
    if (OMPI_SUCCESS == rc) {
        /* in place, my block is already where it belongs */
        rc = swing_rsag_permute(&x, call->rbuf, 0, NULL != call->sbuf ? -1 : x.rank);
    }
    return rc;
}
