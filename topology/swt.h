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
    SWT_ERR_NOMEM,      /* allocation failed */
    SWT_ERR_INVALID,    /* argument out of its domain */
    SWT_ERR_PARSE,      /* text could not be parsed */
    SWT_ERR_IO,         /* file could not be read */
    SWT_ERR_MISMATCH,   /* description does not fit the rank count */
    SWT_ERR_COUNT
};

const char *swt_strerror(int err);

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

/* ---- partners ---- */

typedef enum { SWT_ALG_SWING = 0, SWT_ALG_RD = 1 } swt_alg_t;

/* rho(k) = sum_{i=0..k} (-2)^i: 1, -1, 3, -5, 11, ... (k < 62). */
long swt_rho(int k);
int swt_log2_floor(long v);
int swt_is_pow2(long v);

/* One logical move along one dimension. */
typedef struct swt_move {
    int dim;     /* stepping dimension */
    int k;       /* step counter within that dimension */
    int dir;     /* +1 or -1: direction the message travels */
    long dist;   /* logical distance along the dimension */
} swt_move_t;

/* Partner coordinate of c at step k in a power-of-two dimension d. */
int swt_partner_coord(swt_alg_t alg, int c, int k, int d, int *dir, long *dist);
/* Number of steps (sum of log2 of the dims) of a power-of-two shape. */
int swt_nsteps(const swt_shape_t *pow2);
/* Dimension and counter of global step s (round-robin, dimension 0 first). */
void swt_step_dim(const swt_shape_t *pow2, int s, int *dim, int *k);
/* Partner position of pos at step s on a power-of-two shape. */
long swt_partner(const swt_shape_t *pow2, swt_alg_t alg, long pos, int s,
                 swt_move_t *move);

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

/* ---- schedules: the step list of one rank ---- */

typedef enum { SWT_KIND_LO = 0, SWT_KIND_BO = 1 } swt_kind_t;

typedef enum {
    SWT_OP_FOLD_SEND,    /* extra: send the whole vector to peer */
    SWT_OP_FOLD_RECV,    /* survivor: receive the whole vector, reduce */
    SWT_OP_LO,           /* exchange the whole vector, reduce */
    SWT_OP_RS,           /* reduce-scatter: send blocks, receive and reduce */
    SWT_OP_AG,           /* allgather: send blocks, receive blocks */
    SWT_OP_UNFOLD_RECV,  /* extra: receive the result from peer */
    SWT_OP_UNFOLD_SEND   /* survivor: send the result to peer */
} swt_op_t;

typedef struct swt_step {
    swt_op_t op;
    long peer;          /* position of the partner in the shape */
    int core_step;      /* s of the core schedule; -1 for fold steps */
    swt_move_t move;    /* logical move of my message */
    long send_lo;       /* RS/AG: first block sent */
    long send_n;        /* RS/AG: number of blocks sent */
    long recv_lo;       /* RS/AG: first block received */
    long recv_n;        /* RS/AG: number of blocks received */
    int left;           /* LO: my partial is the left operand */
} swt_step_t;

typedef struct swt_sched swt_sched_t;

/* Step list of position pos on shape (any dims >= 1, product >= 1). */
int swt_sched_create(const swt_shape_t *shape, swt_alg_t alg, swt_kind_t kind,
                     long pos, swt_sched_t **sched);
void swt_sched_destroy(swt_sched_t *sched);
int swt_sched_nsteps(const swt_sched_t *sched);
const swt_step_t *swt_sched_step(const swt_sched_t *sched, int i);
/* Blocks of the core (the P of section 4); 0 for an extra rank. */
long swt_sched_nblocks(const swt_sched_t *sched);
/* Element range [*first, *first + *n) of blocks [lo, lo+nb) of count. */
void swt_block_elems(size_t count, long nblocks, long lo, long nb,
                     size_t *first, size_t *n);

#endif
