/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The description object the parser fills: allocation (with the default
 * cost constants), destruction, the accessors and setters of swt_topo.h
 * and the comparison of two descriptions. Descriptions are made by the
 * loader (swt_topo_load.c) through the parser (swt_desc_parse.c).
 */
#include "swt_fabric_int.h"
#include "swt_topo_int.h"
#include "swt_table.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Generic cluster defaults (see presets/torus.topo for the reasoning). */
void swt_topo_default_cost(swt_cost_params_t *cost)
{
    cost->alpha = 1e-6;
    cost->tau = 1e-7;
    cost->beta = 12.5e9;
    cost->gamma = 1e-10;
    cost->o = 0.0; /* section 7's model: alpha covers the message */
    cost->cores = 0.0;
}

swt_topo_t *swt_topo_alloc(void)
{
    swt_topo_t *t = calloc(1, sizeof(*t));
    if (NULL != t) {
        swt_topo_default_cost(&t->cost);
        t->lo_max_bytes = -1;
    }
    return t;
}

void swt_topo_destroy(swt_topo_t *topo)
{
    if (NULL == topo) {
        return;
    }
    for (int d = 0; d < SWT_MAX_DIMS; ++d) {
        free(topo->lines[d]);
    }
    free(topo->tile_kind);
    free(topo->tile_pos);
    free(topo->pos_tile);
    free(topo->rank_pos);
    free(topo->pos_rank);
    swt_table_destroy(topo->table);
    swt_fabric_destroy(topo->fabric);
    free(topo);
}

const char *swt_topo_name(const swt_topo_t *topo)
{
    return topo->name;
}

const swt_shape_t *swt_topo_logical(const swt_topo_t *topo)
{
    return &topo->logical;
}

const swt_shape_t *swt_topo_grid(const swt_topo_t *topo)
{
    return &topo->grid;
}

int swt_topo_has_grid(const swt_topo_t *topo)
{
    return topo->has_grid;
}

int swt_topo_wraps(const swt_topo_t *topo, int dim)
{
    if (dim < 0 || dim >= topo->grid.ndims) {
        return 0;
    }
    return topo->has_grid ? topo->wrap[dim] : 1;
}

/* Tile index of physical coordinates, or -1 when outside the grid. */
static long tile_index(const swt_topo_t *topo, const int *phys)
{
    for (int d = 0; d < topo->grid.ndims; ++d) {
        if (phys[d] < 0 || phys[d] >= topo->grid.dims[d]) {
            return -1;
        }
    }
    return swt_shape_pos(&topo->grid, phys);
}

void swt_topo_tile(const swt_topo_t *topo, long pos, int *phys)
{
    if (pos < 0 || pos >= topo->size) {
        for (int d = 0; d < topo->grid.ndims; ++d) {
            phys[d] = -1;
        }
        return;
    }
    swt_shape_coords(&topo->grid, topo->has_grid ? topo->pos_tile[pos] : pos, phys);
}

const char *swt_topo_kind(const swt_topo_t *topo, const int *phys)
{
    long t = tile_index(topo, phys);
    if (t < 0) {
        return NULL;
    }
    return topo->has_grid ? topo->kinds[topo->tile_kind[t]] : "node";
}

long swt_topo_pos_at(const swt_topo_t *topo, const int *phys)
{
    long t = tile_index(topo, phys);
    if (t < 0) {
        return -1;
    }
    return topo->has_grid ? topo->tile_pos[t] : t;
}

long swt_topo_rank_pos(const swt_topo_t *topo, long rank)
{
    if (rank < 0 || rank >= topo->size) {
        return -1;
    }
    return topo->rank_pos ? topo->rank_pos[rank] : rank;
}

long swt_topo_pos_rank(const swt_topo_t *topo, long pos)
{
    if (pos < 0 || pos >= topo->size) {
        return -1;
    }
    return topo->pos_rank ? topo->pos_rank[pos] : pos;
}

const swt_cost_params_t *swt_topo_cost(const swt_topo_t *topo)
{
    return &topo->cost;
}

int swt_topo_set_cost(swt_topo_t *topo, const swt_cost_params_t *cost)
{
    /* the parser's domain: alpha and beta positive, tau and gamma not negative */
    if (!(cost->alpha > 0.0 && cost->beta > 0.0 && cost->tau >= 0.0 && cost->gamma >= 0.0
          && cost->o >= 0.0 && cost->cores >= 0.0)
        || !isfinite(cost->alpha + cost->beta + cost->tau + cost->gamma + cost->o + cost->cores)) {
        return SWT_ERR_INVALID;
    }
    topo->cost = *cost;
    return SWT_OK;
}

long long swt_topo_lo_max_bytes(const swt_topo_t *topo)
{
    return topo->lo_max_bytes;
}

int swt_topo_set_lo_max_bytes(swt_topo_t *topo, long long bytes)
{
    if (bytes < -1 || bytes > SWT_TOPO_MAX_LO_BYTES) {
        return SWT_ERR_INVALID;
    }
    topo->lo_max_bytes = bytes;
    return SWT_OK;
}

const swt_fabric_t *swt_topo_fabric(const swt_topo_t *topo)
{
    return (NULL != topo) ? topo->fabric : NULL;
}

const struct swt_table *swt_topo_table(const swt_topo_t *topo)
{
    return topo->table;
}

static int same_shape(const swt_shape_t *a, const swt_shape_t *b)
{
    if (a->ndims != b->ndims) {
        return 0;
    }
    for (int d = 0; d < a->ndims; ++d) {
        if (a->dims[d] != b->dims[d]) {
            return 0;
        }
    }
    return 1;
}

int swt_topo_equal(const swt_topo_t *a, const swt_topo_t *b)
{
    if (0 != strcmp(a->name, b->name) || !same_shape(&a->logical, &b->logical)
        || a->has_grid != b->has_grid || !same_shape(&a->grid, &b->grid)
        || 0 != memcmp(&a->cost, &b->cost, sizeof(a->cost)) || a->lo_max_bytes != b->lo_max_bytes
        || !swt_fabric_equal(a->fabric, b->fabric) || !swt_table_equal(a->table, b->table)) {
        return 0;
    }
    for (long r = 0; (a->rank_pos || b->rank_pos) && r < a->size; ++r) {
        if (swt_topo_rank_pos(a, r) != swt_topo_rank_pos(b, r)) {
            return 0;
        }
    }
    if (!a->has_grid) {
        return 1;
    }
    for (int d = 0; d < a->grid.ndims; ++d) {
        if (a->wrap[d] != b->wrap[d]) {
            return 0;
        }
    }
    for (long t = 0; t < a->ntiles; ++t) {
        const char *ka = a->kinds[a->tile_kind[t]], *kb = b->kinds[b->tile_kind[t]];
        if (0 != strcmp(ka, kb) || a->tile_pos[t] != b->tile_pos[t]) {
            return 0;
        }
    }
    return 1;
}
