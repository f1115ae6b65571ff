/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swt_ring: Hamiltonian cycles of the logical torus, along which the ring
 * allreduce runs (ALGORITHMS.md section 12). Every cycle step is one
 * logical hop (a move of +-1 in one dimension, wrap-around included), so on
 * a plain torus every message of a ring step makes one physical hop.
 *
 * Constructions, by the number D of dimensions of size > 1:
 *   D = 0  the single position.
 *   D = 1  the ring itself: 0, 1, ..., d-1, back over the wrap-around link.
 *   D = 2  (a x b, g = gcd(a, b)) two edge-disjoint "staircases" when some
 *          k in 1..g-1 makes both Hamiltonian: in coordinates (u, y), u = x
 *          (or -x, mirrored), cycle 0 moves +y from the positions whose
 *          class (u + y - o) mod g is below k and +u from the others, cycle
 *          1 the other way round, so every link is in exactly one of them.
 *          Returning to class o, cycle 0 has moved (g-k, k), cycle 1
 *          (k, g-k); each is one cycle exactly when that translation has
 *          order ab/g in Z_a x Z_b, which holds for every g = 2 (k = 1)
 *          and every square torus (k = 1), and for no g = 1 (8x9). Example,
 *          4x4, k = 1, o = 0: cycle 0 is 0 4 5 6 7 11 8 9 10 14 15 12 13 1
 *          2 3 (16 positions, x fastest), cycle 1 takes the other links.
 *          Otherwise one snake, as for D >= 3.
 *   D >= 3 one snake: a cycle G over the first dimension, then per further
 *          dimension y of size h, rows y = 0..h-1 run G[1..r-1] forward and
 *          backward in turn, and the column of G[0] leads back (h odd: the
 *          last row reaches G[0] over G's closing link). Every step is one
 *          hop; a 3-D torus has 3 edge-disjoint cycles, which this does not
 *          build: its rings use 2 of its 6 links.
 * On a grid with hidden tiles a logical hop can cost more physical ones:
 * swt_ring_create() tries the offsets o, the mirror and every k (or every
 * order of the dimensions for a snake) and keeps the cycles whose longest
 * step, then whose sum of hops, is least (within 2^22 routed steps).
 */
#ifndef SWT_RING_H
#define SWT_RING_H

#include "swt_ring_shape.h"
#include "swt_topo.h"

typedef struct swt_ring swt_ring_t;

/* Cycles of topo's logical torus, scored on its physical grid. */
int swt_ring_create(const swt_topo_t *topo, swt_ring_t **ring);
/* Cycles of a plain torus of this shape (the first valid construction). */
int swt_ring_create_shape(const swt_shape_t *shape, swt_ring_t **ring);
void swt_ring_destroy(swt_ring_t *ring);

/* 2 for two edge-disjoint cycles, else 1 (swt_alg_nparts RING / 2). */
int swt_ring_ncycles(const swt_ring_t *ring);
/* swt_ring_ncycles_shape (swt_ring_shape.h): the cycles the constructions
   above give a shape, what swt_ring_create finds. */
/* "ring", "staircases k=1 o=0", "staircases k=1 o=2 mirrored", "snake y,x". */
const char *swt_ring_name(const swt_ring_t *ring);
/* Position at index i (mod p) of cycle c. */
long swt_ring_at(const swt_ring_t *ring, int c, long i);
/* Index of position pos in cycle c. */
long swt_ring_index(const swt_ring_t *ring, int c, long pos);

/*
 * Ring part j (swt_alg_nparts): cycle j / 2, forward for even j, backward
 * for odd j. Returns where pos sends in every step of part j and fills
 * *move (dim, dir, dist 1, k -1); *prev, when not NULL, gets the position
 * pos receives from.
 */
long swt_ring_next(const swt_ring_t *ring, int part, long pos, swt_move_t *move, long *prev);

#endif
