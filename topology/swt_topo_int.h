/*
 * Private to topology/: the resolved form of a machine description, shared
 * by the loader (swt_topo_load.c), the parser (swt_desc_parse.c), the
 * printer (swt_desc_format.c) and the accessors (swt_topo.c), and the text
 * helpers they share (swt_desc_text.c). Everything here is computed once
 * at load time; the accessors only index tables.
 */
#ifndef SWT_TOPO_INT_H
#define SWT_TOPO_INT_H

#include "swt_topo.h"

#define SWT_TOPO_NAME_LEN 128
#define SWT_TOPO_MAX_KINDS 32
#define SWT_TOPO_KIND_LEN 32
/* Tables are allocated per tile and, with a grid or an explicit order, per
   logical position; this bounds them. Plain tori up to swt.h's 2^30. */
#define SWT_TOPO_MAX_TILES (1L << 20)
#define SWT_TOPO_MAX_FILE (1L << 20)
#define SWT_TOPO_MAX_LINE 4096

typedef enum {
    SWT_MAP_LINES = 0,   /* per dimension: logical index i -> lines[d][i] */
    SWT_MAP_ROW_MAJOR,   /* position i -> i-th usable tile, dimension 0 fastest */
    SWT_MAP_TILES        /* position i -> explicitly listed tile */
} swt_map_mode_t;

struct swt_topo {
    char name[SWT_TOPO_NAME_LEN];
    swt_shape_t logical;
    long size;                    /* logical positions */
    int has_grid;
    swt_shape_t grid;             /* the logical shape when !has_grid */
    long ntiles;                  /* tiles of the grid (0 when !has_grid) */
    int wrap[SWT_MAX_DIMS];       /* per grid dimension */
    int nkinds;
    char kinds[SWT_TOPO_MAX_KINDS][SWT_TOPO_KIND_LEN];
    unsigned long long usable;    /* bit k: kind k may host positions */
    unsigned char *tile_kind;     /* [ntiles]: index into kinds */
    long *tile_pos;               /* [ntiles]: logical position or -1 */
    long *pos_tile;               /* [size]: tile index of a position */
    swt_map_mode_t map;
    int *lines[SWT_MAX_DIMS];     /* SWT_MAP_LINES: [logical.dims[d]] */
    long *rank_pos;               /* explicit order; NULL: rank == position */
    long *pos_rank;
    swt_cost_params_t cost;
    long long lo_max_bytes;       /* decide lo_max_bytes=N; -1: the model's */
    struct swt_table *table;      /* decide rows (swt_table.h); NULL: none written */
    struct swt_fabric *fabric;    /* a network of groups (swt_fabric.h), or NULL */
};

/* Zeroed description with default cost and name; NULL on failure. */
swt_topo_t *swt_topo_alloc(void);
/* Cost constants of a description that gives none (the "torus" preset
   states the same values in its file; a unit test keeps them equal). */
void swt_topo_default_cost(swt_cost_params_t *cost);

/* The parser (swt_desc_parse.c): swt_topo_parse's contract (swt_topo.h). */
int swt_desc_parse(const char *text, const char *origin, swt_topo_t **topo,
                   swt_diag_t *diag);

/* Embedded preset text (generated from topology/presets/ at build time). */
typedef struct swt_preset_text {
    const char *name;
    const char *text;
} swt_preset_text_t;
extern const swt_preset_text_t swt_preset_texts[];   /* {NULL, NULL} ends */
extern const char *const swt_preset_names[];         /* NULL ends */
/* Text of the preset name[0..namelen), or NULL. */
const char *swt_preset_lookup(const char *name, size_t namelen);

/* strtod and "%.17g" in the C locale (a '.' whatever the application's
   locale); print_double returns the length like snprintf. */
double swt_topo_strtod(const char *s, char **end);
int swt_topo_print_double(char *buf, size_t len, double v);

/* Fills diag (when not NULL) and returns err. */
int swt_diag_set(swt_diag_t *diag, int err, const char *origin, int line,
                 int col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

#endif
