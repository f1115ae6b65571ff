/*
 * Private to the description parser: tokens, statements and the parser
 * state shared by swt_desc_lex.c (lines, numbers, lists, tiles) and
 * swt_desc_parse.c (the statements).
 */
#ifndef SWT_DESC_INT_H
#define SWT_DESC_INT_H

#include "swt_fabric.h"
#include "swt_topo_int.h"

typedef struct tok {
    const char *s;
    int len;
    int col;          /* 1-based column of s[0] */
} tok_t;

enum { KW_NAME, KW_LOGICAL, KW_GRID, KW_KIND, KW_USABLE, KW_HARVEST, KW_MAP,
       KW_ORDER, KW_COST, KW_DECIDE, KW_COUNT };

extern const char *const swt_desc_kw_names[KW_COUNT];

/* The statements of networks of groups (swt_fabric_desc.c), numbered after
   the others; swt_desc_kw_fabric[kw - KW_COUNT] names them. */
enum { KW_DRAGONFLY = KW_COUNT, KW_FATTREE, KW_PAIRS, KW_SLOTS, KW_PLACE, KW_ALL };
extern const char *const swt_desc_kw_fabric[KW_ALL - KW_COUNT];

typedef struct stmt {
    int kw;
    int line;
    int endcol;       /* column just past the last token */
    int ntok;         /* arguments, after the keyword */
    tok_t *tok;       /* points into the parser's token array */
} stmt_t;

typedef struct pstate {
    const char *origin;
    swt_diag_t *diag;
    swt_topo_t *t;
    tok_t *toks;
    size_t ntoks;
    stmt_t *stmts;
    size_t nstmts;
    int lastline;
    int *tile_line;   /* line that gave each tile its kind, 0 = none */
} pstate_t;

#define PERR(ps, line, col, ...) \
    swt_diag_set((ps)->diag, SWT_ERR_PARSE, (ps)->origin, (line), (col), \
                 __VA_ARGS__)

int swt_desc_nomem(pstate_t *ps);
int swt_desc_tok_is(const tok_t *t, const char *word);

/* Pass 1: the text's lines into statements (ps->stmts), checking bytes,
   line lengths, keywords and duplicates ("decide" may repeat: rows). */
int swt_desc_split_lines(pstate_t *ps, const char *text);

/* Unsigned decimal s[0..len) <= max; col is the column of s[0]. */
int swt_desc_num(pstate_t *ps, int line, int col, const char *s, int len,
                 long max, const char *what, long *out);
/* "8x8x4" (an optional "torus:" or "ring:" prefix) into shape. */
int swt_desc_shape(pstate_t *ps, int line, const tok_t *t, long maxsize,
                   swt_shape_t *shape);
/* Item "N" or "N-M" of a list (hi < lo only when descending is allowed). */
int swt_desc_range(pstate_t *ps, int line, int col, const char *s, int len,
                   long max, int descending, const char *what, long *lo,
                   long *hi);

/*
 * Callback list walker: every number of "a,b-c d" (tokens from, n) within
 * 0..max is passed to fn with its column.
 */
typedef int (*item_fn)(pstate_t *ps, int line, int col, long v, void *arg);
int swt_desc_walk_list(pstate_t *ps, int line, const tok_t *tok, int n,
                       long max, int descending, const char *what, item_fn fn,
                       void *arg);

/* "column"/"row" on a 2D grid, else "x", "y", "z", "coordinate". */
const char *swt_desc_axis_word(int d, int ndims);
/* "x", "y", "z" or "d0".."d7"; -1 if t is not an axis name. */
int swt_desc_axis(const tok_t *t);

/* A box of tiles: per grid dimension, an inclusive range. */
typedef struct box {
    int lo[SWT_MAX_DIMS];
    int hi[SWT_MAX_DIMS];
} box_t;
/* "x,y" where each coordinate is N, N-M or '*'. */
int swt_desc_box(pstate_t *ps, int line, const tok_t *t, box_t *box);
/* Calls fn for every tile index of the box, dimension 0 fastest. */
typedef int (*tile_fn)(pstate_t *ps, int line, int col, long tile, void *arg);
int swt_desc_walk_box(pstate_t *ps, int line, int col, const box_t *b,
                      tile_fn fn, void *arg);
/* "x,y" of a tile index, for messages. */
void swt_desc_tile_str(const swt_topo_t *t, long tile, char *buf, size_t len);

/*
 * A decide row statement (swt_table.c) into table: SWT_OK when added,
 * SWT_ERR_INVALID when left out with a warning, SWT_ERR_NOMEM.
 */
struct swt_table;
int swt_table_stmt(struct swt_table *table, const stmt_t *st);

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
