/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Private to topology/: the network of groups behind swt_fabric_t, which
 * the description parser fills (swt_fabric_desc.c) and swt_fabric.c
 * builds, routes and compares. Everything is computed at load time; routes
 * and accessors only index tables.
 */
#ifndef SWT_FABRIC_INT_H
#define SWT_FABRIC_INT_H

#include "swt_fabric.h"

/* Bounds of what a description may ask for (the parser names them). */
#define SWT_FABRIC_MAX_GROUPS 1024      /* dragonfly groups, fat tree leaves x 64 */
#define SWT_FABRIC_MAX_PAIR_GROUPS 256  /* dragonfly groups with a "pairs" list */
#define SWT_FABRIC_MAX_NODES (1L << 20) /* nodes of the whole network */
#define SWT_FABRIC_MAX_LINKS 64         /* global links per pair */
#define SWT_FABRIC_MAX_SPINES 1024
#define SWT_FABRIC_MAX_CABLES (1L << 22)
#define SWT_FABRIC_MAX_RANKS (1L << 20)

struct swt_fabric {
    swt_fabric_kind_t kind;
    int groups;            /* dragonfly G; fat tree L (leaves) */
    int nodes;             /* A nodes per group; N per leaf */
    int links;             /* H global links per joined pair; U spines */
    double rate;           /* upper links' rate over a local link's */
    long nnodes;           /* groups * nodes */
    long nswitches;        /* routers; leaves and spines */
    unsigned char *joined; /* dragonfly [G*G]: pair joined; NULL: every pair */
    short *next;           /* dragonfly [G*G]: next group from g toward h;
                              NULL: every pair joined */
    int *pair_cable;       /* dragonfly [G*G]: first cable of a joined pair, -1 */
    long ncables;
    long *cab_a, *cab_b; /* [ncables] ends */
    /* placement */
    swt_place_t place;
    int slots; /* ranks per node (blocks, round robin) */
    long nranks;
    long *rank_node; /* [nranks] */
};

/* Zeroed fabric of one kind and its parameters, not built; NULL when out
   of memory. */
swt_fabric_t *swt_fabric_alloc(swt_fabric_kind_t kind, int groups, int nodes, int links,
                               double rate);
/* Dragonfly pairs: every pair (the default), or from g to g + 1 mod G (ring)
   or joined one by one (swt_fabric_join, after swt_fabric_pairs_none). */
int swt_fabric_pairs_none(swt_fabric_t *fab);
void swt_fabric_join(swt_fabric_t *fab, int g, int h);
int swt_fabric_joined(const swt_fabric_t *fab, int g, int h);
/* Cables and routes; SWT_ERR_INVALID with why (for the parser's message)
   when the pairs leave groups apart or too far apart, SWT_ERR_NOMEM. */
int swt_fabric_build(swt_fabric_t *fab, char *why, size_t len);
/* Placement: slots ranks per node in blocks or round robin, or the nodes of
   list[0..n) (kept by the fabric). SWT_ERR_INVALID with why. */
int swt_fabric_set_place(swt_fabric_t *fab, swt_place_t place, int slots, long *list, long n,
                         char *why, size_t len);
/* 1 when both are the same network with the same placement (NULLs equal). */
int swt_fabric_equal(const swt_fabric_t *a, const swt_fabric_t *b);
void swt_fabric_destroy(swt_fabric_t *fab);

#endif
