/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Private to desc/: the resolved form of a machine description, shared
 * by the loader (swt_topo_load.c), the parser (swt_desc_parse.c, with
 * swt_desc_tiles.c and swt_fabric_desc.c), the printer
 * (swt_desc_format.c) and the accessors (swt_topo.c); the text helpers
 * they share are text/'s (swt_desc_int.h). Everything here is computed
 * once at load time; the accessors only index tables.
 */
#ifndef SWT_TOPO_INT_H
#define SWT_TOPO_INT_H

#include "swt_desc_int.h"
#include "swt_topo.h"

#define SWT_TOPO_NAME_LEN 128
#define SWT_TOPO_MAX_KINDS 32
#define SWT_TOPO_KIND_LEN 32
/* Tables are allocated per tile and, with a grid or an explicit order, per
   logical position; this bounds them. Plain tori up to swt.h's 2^30. */
#define SWT_TOPO_MAX_TILES (1L << 20)
#define SWT_TOPO_MAX_FILE (1L << 20)

typedef enum {
    SWT_MAP_LINES = 0, /* per dimension: logical index i -> lines[d][i] */
    SWT_MAP_ROW_MAJOR, /* position i -> i-th usable tile, dimension 0 fastest */
    SWT_MAP_TILES      /* position i -> explicitly listed tile */
} swt_map_mode_t;

struct swt_topo {
    char name[SWT_TOPO_NAME_LEN];
    swt_shape_t logical;
    long size; /* logical positions */
    int has_grid;
    swt_shape_t grid;       /* the logical shape when !has_grid */
    long ntiles;            /* tiles of the grid (0 when !has_grid) */
    int wrap[SWT_MAX_DIMS]; /* per grid dimension */
    int nkinds;
    char kinds[SWT_TOPO_MAX_KINDS][SWT_TOPO_KIND_LEN];
    unsigned long long usable; /* bit k: kind k may host positions */
    unsigned char *tile_kind;  /* [ntiles]: index into kinds */
    long *tile_pos;            /* [ntiles]: logical position or -1 */
    long *pos_tile;            /* [size]: tile index of a position */
    swt_map_mode_t map;
    int *lines[SWT_MAX_DIMS]; /* SWT_MAP_LINES: [logical.dims[d]] */
    long *rank_pos;           /* explicit order; NULL: rank == position */
    long *pos_rank;
    swt_cost_params_t cost;
    long long lo_max_bytes;    /* decide lo_max_bytes=N; -1: the model's */
    struct swt_table *table;   /* decide rows (swt_table.h); NULL: none written */
    struct swt_fabric *fabric; /* a network of groups (swt_fabric.h), or NULL */
};

/* Zeroed description with default cost and name; NULL on failure. */
swt_topo_t *swt_topo_alloc(void);
/* Cost constants of a description that gives none (the "torus" preset
   states the same values in its file; a unit test keeps them equal). */
void swt_topo_default_cost(swt_cost_params_t *cost);

/* The parser (swt_desc_parse.c): swt_topo_parse's contract (swt_topo.h). */
int swt_desc_parse(const char *text, const char *origin, swt_topo_t **topo, swt_diag_t *diag);

/* Embedded preset text (generated from topology/presets/ at build time). */
typedef struct swt_preset_text {
    const char *name;
    const char *text;
} swt_preset_text_t;
extern const swt_preset_text_t swt_preset_texts[]; /* {NULL, NULL} ends */
extern const char *const swt_preset_names[];       /* NULL ends */
/* Text of the preset name[0..namelen), or NULL. */
const char *swt_preset_lookup(const char *name, size_t namelen);

/* Boxes of tiles (swt_desc_tiles.c): per grid dimension, an inclusive
   range. */
typedef struct box {
    int lo[SWT_MAX_DIMS];
    int hi[SWT_MAX_DIMS];
} box_t;
/* "x,y" where each coordinate is N, N-M or '*'. */
int swt_desc_box(pstate_t *ps, int line, const tok_t *t, box_t *box);
/* Calls fn for every tile index of the box, dimension 0 fastest. */
typedef int (*tile_fn)(pstate_t *ps, int line, int col, long tile, void *arg);
int swt_desc_walk_box(pstate_t *ps, int line, int col, const box_t *b, tile_fn fn, void *arg);
/* "x,y" of a tile index, for messages. */
void swt_desc_tile_str(const swt_topo_t *t, long tile, char *buf, size_t len);

/*
 * Networks of groups (swt_fabric_desc.c). swt_desc_fabric: the dragonfly
 * or fattree statement, pairs, slots and place, into ps->t->fabric (NULL
 * without them), before the logical shape. swt_desc_fabric_logical: the
 * logical shape of a network of groups: st NULL, the ring of its ranks;
 * otherwise the shape st gave must have as many positions as it has ranks.
 */
int swt_desc_fabric(pstate_t *ps);
int swt_desc_fabric_logical(pstate_t *ps, const stmt_t *st);
/* Its statements in the file format; the length like snprintf. */
int swt_desc_fabric_format(const swt_fabric_t *fab, char *buf, size_t len);

#endif
