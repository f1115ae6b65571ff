/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swt_layout: where each rank's block lives in the vector a
 * bandwidth-optimal schedule reduce-scatters or allgathers
 * (ALGORITHMS.md sections 4-6), so that MPI_Reduce_scatter and
 * MPI_Allgather can put every block where MPI says it lands.
 *
 * The schedule works on the core (the power-of-two torus after folding)
 * and its block b ends on the core position whose lo[L] is b
 * (swt_block_ranges): a permutation, not the identity. Every position of
 * the full shape belongs to one core position's fold group: itself and
 * the extras folded into it (dimension by dimension, so a group is a small
 * tree). The layout orders all positions so that
 *   - core block b is the range [first(b), first(b+1)) of the order, the
 *     group of the survivor that owns b, and
 *   - every position's group (the position and what folds into it,
 *     through any number of dimensions) is a contiguous range starting
 *     at the position itself (preorder of the fold tree),
 * so every reduce-scatter or allgather step, and every fold or unfold
 * step that moves only some blocks, moves one contiguous range.
 *
 * Example, ring of 6 (Swing): the core is a ring of 4; extras 1 and 3
 * fold onto 0 and 2; core blocks 0..3 end on survivors 0, 5, 2, 4
 * (positions), so the order is 0 1 | 5 | 2 3 | 4 with first = 0 2 3 5 6.
 *
 * Multiport and ring schedules (ALGORITHMS.md sections 11-12) run one
 * reduce-scatter or allgather per part, each on its own vector of p
 * blocks; each part's walk (or cycle) ends blocks on other positions, so
 * each part has a layout of its own (swt_layout_create_part). A ring part
 * folds nothing and moves one block per step: position at index i of the
 * part's direction ends with block (i + 1) mod p, and the order lists, for
 * b = 0..p-1, the position that ends with block b.
 *
 * Computed once per shape in O(p log p) time and O(p log p) memory.
 */
#ifndef SWT_LAYOUT_H
#define SWT_LAYOUT_H

#include "swt.h"

typedef struct swt_layout swt_layout_t;

/* Single-port Swing or RD on shape (SWT_ERR_INVALID for RING). */
int swt_layout_create(const swt_shape_t *shape, swt_alg_t alg, swt_layout_t **layout);
struct swt_topo;
/* Part `part` of the multiport or ring form of alg on topo, the part
   swt_sched_create_part builds (0 <= part < swt_alg_nparts); part 0 of
   Swing or RD is swt_layout_create's layout of the logical shape. */
int swt_layout_create_part(const struct swt_topo *topo, swt_alg_t alg, int part,
                           swt_layout_t **layout);
void swt_layout_destroy(swt_layout_t *layout);
/* Positions of the shape (p) and blocks of the core (P). */
long swt_layout_size(const swt_layout_t *layout);
long swt_layout_nblocks(const swt_layout_t *layout);
/* Position at index i of the order, and the index of position pos. */
long swt_layout_pos(const swt_layout_t *layout, long i);
long swt_layout_index(const swt_layout_t *layout, long pos);
/* First index of core block b (0 <= b <= P; first(P) = p). */
long swt_layout_first(const swt_layout_t *layout, long b);
/* Number of positions in pos's group: the range [index(pos), index(pos) + n). */
long swt_layout_group(const swt_layout_t *layout, long pos);

#endif
