/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swt_table: a measured decision table. Per collective and size range it
 * names the algorithm the component's automatic choice runs there; between
 * and beyond its rows the cost model decides (ALGORITHMS.md section 7, "The
 * measured table"). A row is a statement of a description or of a decision
 * file (topology/presets/FORMAT.md, "decide"; TABLE.md):
 *
 *   decide COLLECTIVE LO-HI ALGORITHM [ranks=N]
 *
 * LO and HI are bytes of the whole vector (as the component sizes a call;
 * K, M, G suffixes are powers of 1024), both included; "LO-" has no upper
 * end. ranks=N keeps the row to communicators of N ranks. The library
 * checks the syntax, the ranges and their order; the names are the
 * component's (its algorithm tables, plus "previous" and "auto"), so the
 * component checks those, and a collective added to it gets rows with no
 * change here.
 *
 * A bad row never fails a description or a file: it is left out with a
 * warning naming its origin, line and column (swt_table_warning). Rows of
 * one collective (and one ranks=N, or none) go from small to large sizes
 * without overlapping; a row that starts inside or below the one before
 * it is left out.
 *
 * Same conventions as swt.h: SWT_OK or a positive error code.
 */
#ifndef SWT_TABLE_H
#define SWT_TABLE_H

#include "swt.h"

#define SWT_TABLE_NAME_LEN 32
/* hi of a row "LO-": no upper end. */
#define SWT_TABLE_NO_END (~0ULL)
/* Largest size a row may name: 2^60 bytes. */
#define SWT_TABLE_MAX_BYTES (1ULL << 60)

typedef struct swt_table_row {
    char coll[SWT_TABLE_NAME_LEN]; /* collective: allreduce, allgather, ... */
    char alg[SWT_TABLE_NAME_LEN];  /* an algorithm of its table, previous or auto */
    unsigned long long lo, hi;     /* bytes, both included */
    long ranks;                    /* ranks=N; 0: communicators of any size */
    int line;                      /* where it was written (origin: the table's) */
} swt_table_row_t;

typedef struct swt_table swt_table_t;

/* An empty table; origin names it in warnings. */
int swt_table_create(const char *origin, swt_table_t **table);
/*
 * A decision file's text: decide rows and comments. Other statements of
 * the description format, and "decide lo_max_bytes=N", are left out with
 * a warning. Errors (SWT_ERR_PARSE with diag): what the description lexer
 * refuses (binary bytes, long lines, unknown statements).
 */
int swt_table_parse(const char *text, const char *origin, swt_table_t **table, swt_diag_t *diag);
/* A decision file (at most 1 MiB), as swt_table_parse; SWT_ERR_IO as swt_topo_load. */
int swt_table_load(const char *path, swt_table_t **table, swt_diag_t *diag);
void swt_table_destroy(swt_table_t *table);

const char *swt_table_origin(const swt_table_t *table);
int swt_table_nrows(const swt_table_t *table);
const swt_table_row_t *swt_table_row(const swt_table_t *table, int i);
/* Rows left out, as "ORIGIN:LINE:COL: message". */
int swt_table_nwarnings(const swt_table_t *table);
const char *swt_table_warning(const swt_table_t *table, int i);

/*
 * Appends a row (coll, alg, lo, hi, ranks as given; line and col for the
 * warning), or leaves it out with a warning when its range is empty or
 * reaches into or below the last row of its group. SWT_OK when added,
 * SWT_ERR_INVALID when left out, SWT_ERR_NOMEM.
 */
int swt_table_add(swt_table_t *table, const swt_table_row_t *row, int col);

/*
 * The rows a communicator of `ranks` ranks uses for collective coll: those
 * written ranks=<ranks> if there is any, else those without ranks=. Fills
 * rows[0 .. min(n, max)) with their indices, in size order; returns n.
 */
int swt_table_select(const swt_table_t *table, const char *coll, long ranks, int *rows, int max);
/* The selected row that holds bytes, or NULL. */
const swt_table_row_t *swt_table_find(const swt_table_t *table, const char *coll, long ranks,
                                      unsigned long long bytes);
/* "0-16K", "16385-1M", "4M-": a range as rows write it (buf of 48 bytes at least). */
const char *swt_table_range(const swt_table_row_t *row, char *buf, size_t len);
/* Every row as a decide statement, one a line; the length it needs, like snprintf. */
int swt_table_format(const swt_table_t *table, char *buf, size_t len);
/* 1 when both hold the same rows in the same order (origins and lines aside). */
int swt_table_equal(const swt_table_t *a, const swt_table_t *b);

/*
 * A decide row statement of description text (text/swt_desc_int.h) into
 * table, for the description parser: SWT_OK when added, SWT_ERR_INVALID
 * when left out with a warning, SWT_ERR_NOMEM.
 */
struct stmt;
int swt_table_stmt(swt_table_t *table, const struct stmt *st);

#endif
