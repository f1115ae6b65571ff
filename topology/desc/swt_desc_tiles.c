/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Boxes of tiles of a description's grid (swt_topo_int.h): "x,y" with
 * ranges and '*' read into a box, every tile of a box walked, and a tile
 * printed as its coordinates for the parser's messages.
 */
#include "swt_topo_int.h"

#include <stdio.h>
#include <string.h>

/* "x,y" where each coordinate is N, N-M or '*'. */
int swt_desc_box(pstate_t *ps, int line, const tok_t *t, box_t *box)
{
    const swt_shape_t *g = &ps->t->grid;
    int d = 0;

    for (int i = 0; i <= t->len; ++d) {
        int j = i, err;
        long lo, hi;
        while (j < t->len && ',' != t->s[j]) {
            ++j;
        }
        if (d == g->ndims) {
            return PERR(ps, line, t->col,
                        "tile '%.*s' has too many "
                        "coordinates: expected %d separated by ','",
                        t->len > 32 ? 32 : t->len, t->s, g->ndims);
        }
        if (1 == j - i && '*' == t->s[i]) {
            lo = 0;
            hi = g->dims[d] - 1;
        } else {
            err = swt_desc_range(ps, line, t->col + i, t->s + i, j - i, SWT_TOPO_MAX_TILES, 0,
                                 "a coordinate", &lo, &hi);
            if (SWT_OK != err) {
                return err;
            }
            if (hi >= g->dims[d]) {
                return PERR(ps, line, t->col + i,
                            "%s %ld outside the grid: "
                            "expected 0..%d",
                            swt_desc_axis_word(d, g->ndims), hi, g->dims[d] - 1);
            }
        }
        box->lo[d] = (int) lo;
        box->hi[d] = (int) hi;
        i = j + 1;
    }
    if (d != g->ndims) {
        return PERR(ps, line, t->col,
                    "tile '%.*s' has %d coordinate%s: "
                    "expected %d separated by ','",
                    t->len > 32 ? 32 : t->len, t->s, d, 1 == d ? "" : "s", g->ndims);
    }
    return SWT_OK;
}

int swt_desc_walk_box(pstate_t *ps, int line, int col, const box_t *b, tile_fn fn, void *arg)
{
    int c[SWT_MAX_DIMS];
    const swt_shape_t *g = &ps->t->grid;

    memcpy(c, b->lo, sizeof(c));
    for (;;) {
        int d, err = fn(ps, line, col, swt_shape_pos(g, c), arg);
        if (SWT_OK != err) {
            return err;
        }
        for (d = 0; d < g->ndims && c[d] == b->hi[d]; ++d) {
            c[d] = b->lo[d];
        }
        if (d == g->ndims) {
            return SWT_OK;
        }
        ++c[d];
    }
}

void swt_desc_tile_str(const swt_topo_t *t, long tile, char *buf, size_t len)
{
    int c[SWT_MAX_DIMS];
    size_t used = 0;

    swt_shape_coords(&t->grid, tile, c);
    buf[0] = '\0';
    for (int d = 0; d < t->grid.ndims && used < len; ++d) {
        used += (size_t) snprintf(buf + used, len - used, "%s%d", d ? "," : "", c[d]);
    }
}
