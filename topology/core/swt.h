/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swt: the Swing topology and schedule library.
 *
 * Everything that can be known about an allreduce schedule without MPI:
 * torus shapes, rank <-> coordinates, Swing and recursive-doubling partners,
 * folding of non-power-of-two dimensions, reduce-scatter block ranges and
 * the per-rank step lists that the Open MPI component executes.
 *
 * Return convention: functions that can fail return SWT_OK (0) or a
 * positive swt error code; swt_strerror() turns a code into a message.
 * Nothing here includes an MPI header, prints, or exits.
 */
#ifndef SWT_H
#define SWT_H

#include <stddef.h>

#define SWT_MAX_DIMS 8

enum {
    SWT_OK = 0,
    SWT_ERR_NOMEM,    /* allocation failed */
    SWT_ERR_INVALID,  /* argument out of its domain */
    SWT_ERR_PARSE,    /* text could not be parsed */
    SWT_ERR_IO,       /* file could not be read */
    SWT_ERR_MISMATCH, /* description does not fit the rank count */
    SWT_ERR_COUNT
};

const char *swt_strerror(int err);

/* Where and why a description was rejected. */
typedef struct swt_diag {
    char origin[256]; /* file name, "preset:NAME" or "<string>" */
    int line;         /* 1-based; 0 when not about a line */
    int col;          /* 1-based; 0 when not about a column */
    char msg[256];    /* what was wrong and what was expected */
} swt_diag_t;

/* ---- shapes: a logical torus d0 x d1 x ..., dimension 0 varies fastest ---- */

typedef struct swt_shape {
    int ndims;
    int dims[SWT_MAX_DIMS];
} swt_shape_t;

/* "8x8", "4x4x4", "ring:6", "torus:2x4"; dimensions >= 1, product <= 2^30. */
int swt_shape_parse(const char *text, swt_shape_t *shape);
/* Writes "torus:8x8" (or "ring:N" for one dimension); returns length. */
int swt_shape_format(const swt_shape_t *shape, char *buf, size_t len);
int swt_shape_ring(int p, swt_shape_t *shape);
long swt_shape_size(const swt_shape_t *shape);
void swt_shape_coords(const swt_shape_t *shape, long pos, int *coords);
long swt_shape_pos(const swt_shape_t *shape, const int *coords);
/* The dimensions of size > 1, in order, into dims; returns how many. */
int swt_shape_active(const swt_shape_t *shape, int *dims);

/* ---- partners ---- */

/*
 * The pattern of an allreduce. Swing and RD are the butterflies of
 * ALGORITHMS.md sections 2-6; RING is the ring allreduce along Hamiltonian
 * cycles of the torus (section 12, swt_ring.h), bandwidth-optimal only.
 */
typedef enum { SWT_ALG_SWING = 0, SWT_ALG_RD = 1, SWT_ALG_RING = 2 } swt_alg_t;

/* rho(k) = sum_{i=0..k} (-2)^i: 1, -1, 3, -5, 11, ... (k < 62). */
long swt_rho(int k);
int swt_log2_floor(long v);
int swt_is_pow2(long v);

/* One logical move along one dimension. */
typedef struct swt_move {
    int dim;   /* stepping dimension */
    int k;     /* step counter within that dimension */
    int dir;   /* +1 or -1: direction the message travels */
    long dist; /* logical distance along the dimension */
} swt_move_t;

/* Partner coordinate of c at step k in a power-of-two dimension d. */
int swt_partner_coord(swt_alg_t alg, int c, int k, int d, int *dir, long *dist);
/* Number of steps (sum of log2 of the dims) of a power-of-two shape. */
int swt_nsteps(const swt_shape_t *pow2);
/* Dimension and counter of global step s (round-robin, dimension 0 first). */
void swt_step_dim(const swt_shape_t *pow2, int s, int *dim, int *k);
/* Partner position of pos at step s on a power-of-two shape. */
long swt_partner(const swt_shape_t *pow2, swt_alg_t alg, long pos, int s, swt_move_t *move);

/* ---- multiport walks (ALGORITHMS.md section 11) ---- */

/*
 * How one part of a multiport Swing or RD schedule walks the torus: the
 * round-robin over the dimensions starts at dimension first (section 1's
 * order rotated, each dimension still with its own counter k), and with
 * mirror every Swing move is negated (c - rho(k) for even c). Part 0, and
 * every single-port schedule, walks { 0, 0 }. Example, 8x2, the four
 * Swing parts: part 0 (x,k0) (y,k0) (x,k1) (x,k2); part 1 (y,k0) (x,k0)
 * (x,k1) (x,k2); parts 2 and 3 the same, mirrored. Rotating and mirroring
 * relabel the torus, so every property of section 4 holds per part.
 * NULL walks are { 0, 0 }.
 */
typedef struct swt_walk {
    int first;  /* dimension the round-robin starts with */
    int mirror; /* 1: Swing moves negated (RD has no sign to mirror) */
} swt_walk_t;

int swt_partner_coord_walk(swt_alg_t alg, int c, int k, int d, int mirror, int *dir, long *dist);
void swt_step_dim_walk(const swt_shape_t *pow2, const swt_walk_t *walk, int s, int *dim, int *k);
long swt_partner_walk(const swt_shape_t *pow2, swt_alg_t alg, const swt_walk_t *walk, long pos,
                      int s, swt_move_t *move);

/* ---- folding: each dimension d to its power-of-two core d' ---- */

/* Core shape: every dimension rounded down to a power of two. */
void swt_fold_core(const swt_shape_t *shape, swt_shape_t *core);
/*
 * In a dimension of size d with e = d - d' extra coordinates, coordinates
 * 2i+1 < 2e are extras that fold onto 2i; others survive. Returns 1 for a
 * survivor (and its core coordinate in *core_c), 0 for an extra (and the
 * coordinate it folds onto in *onto).
 */
int swt_fold_coord(int d, int c, int *core_c, int *onto);
/* Coordinate of the survivor that holds core coordinate f. */
int swt_unfold_coord(int d, int f);

/* ---- reduce-scatter block ranges on a power-of-two shape ---- */

/*
 * For position x: lo[s] (s = 0..L) is the first block index of the
 * contiguous range of R(x, s), which has P >> s blocks. lo[L] is the block
 * that x finally owns. Computed in O(P L) time and O(P) memory.
 */
int swt_block_ranges(const swt_shape_t *pow2, swt_alg_t alg, long x, long *lo);
/* The same for the part that walks walk. */
int swt_block_ranges_walk(const swt_shape_t *pow2, swt_alg_t alg, const swt_walk_t *walk, long x,
                          long *lo);

/* ---- schedules: the step list of one rank ---- */

typedef enum { SWT_KIND_LO = 0, SWT_KIND_BO = 1 } swt_kind_t;

typedef enum {
    SWT_OP_FOLD_SEND,   /* extra: send the whole vector to peer */
    SWT_OP_FOLD_RECV,   /* survivor: receive the whole vector, reduce */
    SWT_OP_LO,          /* exchange the whole vector, reduce */
    SWT_OP_RS,          /* reduce-scatter: send blocks, receive and reduce */
    SWT_OP_AG,          /* allgather: send blocks, receive blocks */
    SWT_OP_UNFOLD_RECV, /* extra: receive the result from peer */
    SWT_OP_UNFOLD_SEND, /* survivor: send the result to peer */
    /*
     * One-way steps (the trees of broadcast, reduce, gather, scatter): a
     * step sends, or receives, or neither. Ranges are blocks of the
     * vector, as in RS and AG; both sides cut a range into the same
     * pipeline segments, so a send meets a receive of its size.
     */
    SWT_OP_SEND,        /* send blocks [send_lo, send_lo + send_n) to peer */
    SWT_OP_RECV,        /* receive blocks [recv_lo, recv_lo + recv_n) from `from` */
    SWT_OP_RECV_REDUCE, /* the same, reduced into mine: received (left) op mine */
    /*
     * A tree's step in which this rank neither sends nor receives, kept
     * so that step i means the same moment on every rank (swt_tree.h):
     * peer and from are the rank's own position, no blocks.
     */
    SWT_OP_IDLE
} swt_op_t;

typedef struct swt_step {
    swt_op_t op;
    long peer;       /* position sent to (fold and unfold: the partner) */
    long from;       /* position received from: peer, except in ring steps */
    int core_step;   /* s of the core schedule; -1 for fold steps */
    swt_move_t move; /* logical move of my message */
    long send_lo;    /* RS/AG: first block sent */
    long send_n;     /* RS/AG: number of blocks sent */
    long recv_lo;    /* RS/AG: first block received */
    long recv_n;     /* RS/AG: number of blocks received */
    int left;        /* LO: my partial is the left operand */
} swt_step_t;

typedef struct swt_sched swt_sched_t;

/* Step list of position pos on shape (any dims >= 1, product >= 1). RING:
   the cycles of a plain torus of that shape, part 0 (one direction). */
int swt_sched_create(const swt_shape_t *shape, swt_alg_t alg, swt_kind_t kind, long pos,
                     swt_sched_t **sched);
void swt_sched_destroy(swt_sched_t *sched);
int swt_sched_nsteps(const swt_sched_t *sched);
const swt_step_t *swt_sched_step(const swt_sched_t *sched, int i);
/* Blocks of the core (the P of section 4); 0 for an extra rank. */
long swt_sched_nblocks(const swt_sched_t *sched);
/* Element range [*first, *first + *n) of blocks [lo, lo+nb) of count. */
void swt_block_elems(size_t count, long nblocks, long lo, long nb, size_t *first, size_t *n);

/* ---- multiport schedules (ALGORITHMS.md sections 11 and 12) ---- */

/* Links of a rank: 2 per dimension of size > 1 (a ring: 2); 1 when p = 1. */
int swt_nports(const swt_shape_t *shape);
/*
 * Parts of the multiport form of alg on shape (1 when p = 1):
 *   SWING  swt_nports(): part j walks { j-th dimension of size > 1 (mod D),
 *          mirror = j >= D }, D the number of such dimensions.
 *   RD     D: part j walks { j-th dimension of size > 1, 0 }. XOR partners
 *          have no sign to mirror, and sending parts j >= D the other way
 *          round the ring (through the wrap-around link) would cost up to
 *          d - 2^k hops and load links several times over (ring:8, step
 *          k = 0: 7 hops, 4 messages on a link), so RD runs D parts only:
 *          half the links; with equal sides its parts never meet on one.
 *   RING   2 per Hamiltonian cycle of swt_ring.h (both directions): 4 on a
 *          2-D torus with two edge-disjoint cycles, else 2.
 */
int swt_alg_nparts(const swt_shape_t *shape, swt_alg_t alg);
/* The walk of Swing or RD part j (0 <= j < swt_alg_nparts). */
int swt_part_walk(const swt_shape_t *shape, swt_alg_t alg, int part, swt_walk_t *walk);
/* Elements [*first, *first + *n) of count that part part of nparts works
   on: contiguous, in part order, sizes differing by at most one (parts
   are empty when count < nparts). */
void swt_part_elems(size_t count, int nparts, int part, size_t *first, size_t *n);

struct swt_topo;
/*
 * Step list of part `part` of an nparts-part schedule (1 <= nparts <=
 * swt_alg_nparts(logical, alg)) for logical position pos of topo. Part 0
 * of 1 is swt_sched_create(swt_topo_logical(topo), ...) step for step
 * (the ring's where topo has no physical grid to choose cycles on).
 * RING takes SWT_KIND_BO only (else SWT_ERR_INVALID); its cycles are the
 * ones swt_ring_create() picks for topo (fewest physical hops).
 *
 * Executing it (the contract of the component's executor):
 *  - Part j works on elements swt_part_elems(count, nparts, j) of the
 *    vector. Block ranges of its steps are relative to that slice:
 *    swt_block_elems(n_j, swt_sched_nblocks(part j), lo, nb) plus first_j.
 *  - Every part of a rank has the same number of steps. Step i of all
 *    parts goes together: post step i of part 0, 1, ..., nparts-1 (in that
 *    order: receive from st->from, send to st->peer, both positions of the
 *    logical torus: swt_topo_pos_rank() names the ranks), complete them,
 *    then step i+1. Two messages between one pair of ranks in one step then
 *    match in part order (MPI's non-overtaking rule): one tag serves all.
 *    Sizes always agree (a receive is exactly the size its sender sends),
 *    so an empty message may be skipped on both sides, and so may an
 *    empty part.
 *  - Operand order, which makes results bit-identical on every rank:
 *      FOLD_RECV        acc = received (left) op acc
 *      LO               left ? acc = acc op received : acc = received op acc
 *      RS (ring too)    acc[recv range] = received (left) op acc[recv range]
 *      AG, UNFOLD_RECV  copy into acc
 *    A ring's reduce-scatter reduces every block along one chain of ranks
 *    and its allgather copies the result, so every rank holds the same bits.
 *  - Segments of an RS range may be reduced while the next arrives, as in
 *    single-port BO: both sides cut a range the same way.
 * The op must be commutative (the ring's chains start at different ranks).
 * Errors: SWT_ERR_INVALID (argument out of its domain), SWT_ERR_NOMEM.
 */
int swt_sched_create_part(const struct swt_topo *topo, swt_alg_t alg, swt_kind_t kind, long pos,
                          int part, int nparts, swt_sched_t **sched);

#endif
