/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Private to the readers of description text: tokens, statements and the
 * parser state shared by swt_desc_lex.c (lines, numbers, lists), the
 * description parser (desc/) and the decision tables (table/), and the
 * text helpers of swt_desc_text.c (diagnostics, numbers in the C locale).
 */
#ifndef SWT_DESC_INT_H
#define SWT_DESC_INT_H

#include "swt.h"

/* The longest line of description text the lexer takes. */
#define SWT_TOPO_MAX_LINE 4096

struct swt_topo;

typedef struct tok {
    const char *s;
    int len;
    int col; /* 1-based column of s[0] */
} tok_t;

enum {
    KW_NAME,
    KW_LOGICAL,
    KW_GRID,
    KW_KIND,
    KW_USABLE,
    KW_HARVEST,
    KW_MAP,
    KW_ORDER,
    KW_COST,
    KW_DECIDE,
    KW_COUNT
};

extern const char *const swt_desc_kw_names[KW_COUNT];

/* The statements of networks of groups (swt_fabric_desc.c), numbered after
   the others; swt_desc_kw_fabric[kw - KW_COUNT] names them. */
enum { KW_DRAGONFLY = KW_COUNT, KW_FATTREE, KW_PAIRS, KW_SLOTS, KW_PLACE, KW_ALL };
extern const char *const swt_desc_kw_fabric[KW_ALL - KW_COUNT];

typedef struct stmt {
    int kw;
    int line;
    int endcol; /* column just past the last token */
    int ntok;   /* arguments, after the keyword */
    tok_t *tok; /* points into the parser's token array */
} stmt_t;

typedef struct pstate {
    const char *origin;
    swt_diag_t *diag;
    struct swt_topo *t; /* the description being read (desc/); NULL for a table */
    tok_t *toks;
    size_t ntoks;
    stmt_t *stmts;
    size_t nstmts;
    int lastline;
    int *tile_line; /* line that gave each tile its kind, 0 = none */
} pstate_t;

#define PERR(ps, line, col, ...) \
    swt_diag_set((ps)->diag, SWT_ERR_PARSE, (ps)->origin, (line), (col), __VA_ARGS__)

int swt_desc_nomem(pstate_t *ps);
int swt_desc_tok_is(const tok_t *t, const char *word);

/* Pass 1: the text's lines into statements (ps->stmts), checking bytes,
   line lengths, keywords and duplicates ("decide" may repeat: rows). */
int swt_desc_split_lines(pstate_t *ps, const char *text);

/* Unsigned decimal s[0..len) <= max; col is the column of s[0]. */
int swt_desc_num(pstate_t *ps, int line, int col, const char *s, int len, long max,
                 const char *what, long *out);
/* "8x8x4" (an optional "torus:" or "ring:" prefix) into shape. */
int swt_desc_shape(pstate_t *ps, int line, const tok_t *t, long maxsize, swt_shape_t *shape);
/* Item "N" or "N-M" of a list (hi < lo only when descending is allowed). */
int swt_desc_range(pstate_t *ps, int line, int col, const char *s, int len, long max,
                   int descending, const char *what, long *lo, long *hi);

/*
 * Callback list walker: every number of "a,b-c d" (tokens from, n) within
 * 0..max is passed to fn with its column.
 */
typedef int (*item_fn)(pstate_t *ps, int line, int col, long v, void *arg);
int swt_desc_walk_list(pstate_t *ps, int line, const tok_t *tok, int n, long max, int descending,
                       const char *what, item_fn fn, void *arg);

/* "column"/"row" on a 2D grid, else "x", "y", "z", "coordinate". */
const char *swt_desc_axis_word(int d, int ndims);
/* "x", "y", "z" or "d0".."d7"; -1 if t is not an axis name. */
int swt_desc_axis(const tok_t *t);

/* strtod and "%.17g" in the C locale (a '.' whatever the application's
   locale); print_double returns the length like snprintf. */
double swt_topo_strtod(const char *s, char **end);
int swt_topo_print_double(char *buf, size_t len, double v);

/* Fills diag (when not NULL) and returns err. */
int swt_diag_set(swt_diag_t *diag, int err, const char *origin, int line, int col, const char *fmt,
                 ...) __attribute__((format(printf, 6, 7)));

#endif
