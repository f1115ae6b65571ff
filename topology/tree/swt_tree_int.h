/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Private to topology/: what lies behind swt_tree_t (swt_tree.h). The
 * makers fill it: the Bine and binomial trees (swt_tree_bin.c) and the
 * chains (swt_chain.c); swt_tree.c chooses between them; the cost model
 * of trees (swt_cost_tree.c) reads single steps.
 */
#ifndef SWT_TREE_INT_H
#define SWT_TREE_INT_H

#include "swt_tree.h"

/* Core steps a power-of-two shape has at most (rho is exact up to k 61). */
#define SWT_TREE_MAX_L 62

struct swt_tree {
    swt_coll_t coll;
    swt_alg_t alg;
    int part, nparts;
    swt_shape_t shape; /* the logical torus */
    long p;
    long nblocks;
    /* trees (SWING, RD) */
    swt_shape_t core; /* its power-of-two core */
    long P;
    int L;
    int far;                  /* broadcast order far-first */
    int mirror;               /* the part's walk is mirrored */
    int sdim[SWT_TREE_MAX_L]; /* core step s: its dimension */
    int sk[SWT_TREE_MAX_L];   /* and its counter in that dimension */
    unsigned char *t0;        /* [P] tree step at which core position y
                                 receives in the tree of root 0 */
    long *blk;                /* [P] gather, scatter: y's final block */
    /* chains (RING) */
    long nsegs;
    int rank_order;
    long *at;        /* [p] position at index i along the part */
    long *idx;       /* [p] index of a position */
    swt_move_t *hop; /* [p] the move from index i to i + 1 */
};

/*
 * What every rank computes alike from the root: the phases of the lists
 * (a tree: hand-over or fold phases, L core steps, unfold or hand-back
 * phases; a chain: its tree steps) and, for a tree, the root's way to the
 * core (the positions c[0] = root .. c[m], each hop along dimension
 * dim[k]).
 */
typedef struct swt_tree_root {
    long root;
    int nphases;
    int npre; /* phases before the core steps */
    int m;
    long c[SWT_MAX_DIMS + 1];
    int dim[SWT_MAX_DIMS];
    long core_root; /* core position of c[m] */
    int nfold;      /* folded dimensions, ascending */
    int fold_dims[SWT_MAX_DIMS];
} swt_tree_root_t;

/* Trees: tables at setup; the phases of a root; step i of pos (0: past the
   phases). */
int swt_tree_bin_setup(swt_tree_t *tree);
void swt_tree_bin_root(const swt_tree_t *tree, long root, swt_tree_root_t *rt);
int swt_tree_bin_step(const swt_tree_t *tree, const swt_tree_root_t *rt, long pos, int i,
                      swt_step_t *st);

/* Chains: the part's order at setup; the same queries. */
int swt_chain_setup(swt_tree_t *tree, const swt_topo_t *topo);
void swt_chain_root(const swt_tree_t *tree, long root, swt_tree_root_t *rt);
int swt_chain_step(const swt_tree_t *tree, const swt_tree_root_t *rt, long pos, int i,
                   swt_step_t *st);

/* The phases of root, and step i of pos in them, for either maker. */
void swt_tree_root(const swt_tree_t *tree, long root, swt_tree_root_t *rt);
int swt_tree_step_at(const swt_tree_t *tree, const swt_tree_root_t *rt, long pos, int i,
                     swt_step_t *st);

/* An IDLE step of pos. */
static inline void swt_tree_idle(swt_step_t *st, long pos)
{
    st->op = SWT_OP_IDLE;
    st->peer = st->from = pos;
    st->core_step = -1;
    st->move.dim = 0;
    st->move.k = -1;
    st->move.dir = 1;
    st->move.dist = 0;
    st->send_lo = st->send_n = st->recv_lo = st->recv_n = 0;
    st->left = 0;
}

#endif
