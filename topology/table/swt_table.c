/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Measured decision tables (swt_table.h): the rows, their syntax, the
 * order and overlap checks, the warnings of rows left out, the lookup the
 * component and swing-topo make, and the printed form.
 */
#include "swt_desc_int.h"
#include "swt_table.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SWT_TABLE_WARN_LEN 384

struct swt_table {
    char origin[256];
    int nrows, cap;
    swt_table_row_t *rows;
    int nwarn, wcap;
    char (*warn)[SWT_TABLE_WARN_LEN];
};

int swt_table_create(const char *origin, swt_table_t **table)
{
    swt_table_t *t = calloc(1, sizeof(*t));

    if (NULL == t) {
        return SWT_ERR_NOMEM;
    }
    snprintf(t->origin, sizeof(t->origin), "%s", origin ? origin : "<string>");
    *table = t;
    return SWT_OK;
}

void swt_table_destroy(swt_table_t *table)
{
    if (NULL != table) {
        free(table->rows);
        free(table->warn);
        free(table);
    }
}

const char *swt_table_origin(const swt_table_t *table)
{
    return (NULL == table) ? "" : table->origin;
}

int swt_table_nrows(const swt_table_t *table)
{
    return (NULL == table) ? 0 : table->nrows;
}

const swt_table_row_t *swt_table_row(const swt_table_t *table, int i)
{
    return (NULL != table && i >= 0 && i < table->nrows) ? &table->rows[i] : NULL;
}

int swt_table_nwarnings(const swt_table_t *table)
{
    return (NULL == table) ? 0 : table->nwarn;
}

const char *swt_table_warning(const swt_table_t *table, int i)
{
    return (NULL != table && i >= 0 && i < table->nwarn) ? table->warn[i] : NULL;
}

/* A warning about line:col; SWT_ERR_INVALID, or SWT_ERR_NOMEM. */
__attribute__((format(printf, 4, 5))) static int swt_table_warn(swt_table_t *t, int line, int col,
                                                                const char *fmt, ...)
{
    va_list ap;
    int n;

    if (t->nwarn == t->wcap) {
        int cap = t->wcap ? 2 * t->wcap : 8;
        void *w = realloc(t->warn, (size_t) cap * sizeof(*t->warn));
        if (NULL == w) {
            return SWT_ERR_NOMEM;
        }
        t->warn = w;
        t->wcap = cap;
    }
    n = snprintf(t->warn[t->nwarn], SWT_TABLE_WARN_LEN, "%s:%d:%d: ", t->origin, line, col);
    va_start(ap, fmt);
    vsnprintf(t->warn[t->nwarn] + n, SWT_TABLE_WARN_LEN - (size_t) n, fmt, ap);
    va_end(ap);
    t->nwarn++;
    return SWT_ERR_INVALID;
}

static int same_group(const swt_table_row_t *a, const swt_table_row_t *b)
{
    return a->ranks == b->ranks && 0 == strcmp(a->coll, b->coll);
}

const char *swt_table_range(const swt_table_row_t *row, char *buf, size_t len)
{
    char lo[24], hi[24] = "";
    const unsigned long long v[2] = { row->lo, row->hi };
    char *out[2] = { lo, hi };

    for (int i = 0; i < 2; ++i) {
        static const char sfx[] = "KMG";
        unsigned long long x = v[i];
        int s = -1;
        if (1 == i && SWT_TABLE_NO_END == x) {
            break;
        }
        while (x >= 1024 && 0 == x % 1024 && s < 2) {
            x /= 1024;
            ++s;
        }
        if (s >= 0) {
            snprintf(out[i], sizeof(lo), "%llu%c", x, sfx[s]);
        } else {
            snprintf(out[i], sizeof(lo), "%llu", x);
        }
    }
    snprintf(buf, len, "%s-%s", lo, hi);
    return buf;
}

int swt_table_add(swt_table_t *t, const swt_table_row_t *row, int col)
{
    const swt_table_row_t *last = NULL;
    char here[48], there[48];

    if (row->lo > row->hi) {
        return swt_table_warn(t, row->line, col,
                              "decide row ignored: the range %s is empty "
                              "(LO above HI)",
                              swt_table_range(row, here, sizeof(here)));
    }
    for (int i = t->nrows - 1; i >= 0 && NULL == last; --i) {
        if (same_group(&t->rows[i], row)) {
            last = &t->rows[i];
        }
    }
    if (NULL != last && row->lo <= last->hi) {
        swt_table_range(row, here, sizeof(here));
        swt_table_range(last, there, sizeof(there));
        if (row->lo < last->lo) {
            return swt_table_warn(t, row->line, col,
                                  "decide row ignored: %s %s is out of order, "
                                  "below %s at line %d (rows of a collective go from small to "
                                  "large sizes)",
                                  row->coll, here, there, last->line);
        }
        return swt_table_warn(t, row->line, col,
                              "decide row ignored: %s %s overlaps %s at "
                              "line %d",
                              row->coll, here, there, last->line);
    }
    if (t->nrows == t->cap) {
        int cap = t->cap ? 2 * t->cap : 16;
        void *r = realloc(t->rows, (size_t) cap * sizeof(*t->rows));
        if (NULL == r) {
            return SWT_ERR_NOMEM;
        }
        t->rows = r;
        t->cap = cap;
    }
    t->rows[t->nrows++] = *row;
    return SWT_OK;
}

/* A name of a collective or an algorithm: a lowercase letter, then
   lowercase letters, digits and '_'. */
static int swt_table_name(const tok_t *tok, char *out)
{
    if (tok->len < 1 || tok->len >= SWT_TABLE_NAME_LEN || tok->s[0] < 'a' || tok->s[0] > 'z') {
        return -1;
    }
    for (int i = 0; i < tok->len; ++i) {
        char c = tok->s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || '_' == c)) {
            return -1;
        }
    }
    memcpy(out, tok->s, (size_t) tok->len);
    out[tok->len] = '\0';
    return 0;
}

/* Bytes s[0..len): digits and an optional K, M or G; -1 if not, or above the most. */
static int swt_table_bytes(const char *s, int len, unsigned long long *out)
{
    unsigned long long v = 0, mult = 1;
    int i = 0;

    if (len < 1 || s[0] < '0' || s[0] > '9') {
        return -1;
    }
    for (; i < len && s[i] >= '0' && s[i] <= '9'; ++i) {
        if (v > SWT_TABLE_MAX_BYTES) {
            return -1;
        }
        v = v * 10 + (unsigned long long) (s[i] - '0');
    }
    if (i == len - 1) {
        static const char sfx[] = "KkMmGg";
        const char *at = strchr(sfx, s[i]);
        if (NULL == at) {
            return -1;
        }
        mult = 1ULL << (10 * (1 + (int) (at - sfx) / 2));
        ++i;
    }
    if (i != len || v > SWT_TABLE_MAX_BYTES / mult) {
        return -1;
    }
    *out = v * mult;
    return 0;
}

/* "LO-HI" or "LO-" into row. */
static int swt_table_parse_range(const tok_t *tok, swt_table_row_t *row)
{
    const char *dash = memchr(tok->s, '-', (size_t) tok->len);
    int lolen = dash ? (int) (dash - tok->s) : 0;

    if (NULL == dash || 0 != swt_table_bytes(tok->s, lolen, &row->lo)) {
        return -1;
    }
    if (lolen + 1 == tok->len) {
        row->hi = SWT_TABLE_NO_END;
        return 0;
    }
    return swt_table_bytes(dash + 1, tok->len - lolen - 1, &row->hi);
}

int swt_table_stmt(swt_table_t *t, const stmt_t *st)
{
    static const char expect[] = "expected 'decide COLLECTIVE LO-HI ALGORITHM [ranks=N]'";
    swt_table_row_t row;

    memset(&row, 0, sizeof(row));
    row.line = st->line;
    if (st->ntok < 3 || st->ntok > 4) {
        return swt_table_warn(t, st->line, st->ntok < 3 ? st->endcol : st->tok[4].col,
                              "decide row ignored: %s", expect);
    }
    if (0 != swt_table_name(&st->tok[0], row.coll)) {
        return swt_table_warn(t, st->line, st->tok[0].col,
                              "decide row ignored: '%.*s' is not a "
                              "collective's name (lowercase letters, digits, '_'); %s",
                              st->tok[0].len > 32 ? 32 : st->tok[0].len, st->tok[0].s, expect);
    }
    if (0 != swt_table_parse_range(&st->tok[1], &row)) {
        return swt_table_warn(t, st->line, st->tok[1].col,
                              "decide row ignored: bad size range "
                              "'%.*s': expected LO-HI or LO- in bytes (K, M, G: 1024, 1024^2, "
                              "1024^3), up to 2^60",
                              st->tok[1].len > 32 ? 32 : st->tok[1].len, st->tok[1].s);
    }
    if (0 != swt_table_name(&st->tok[2], row.alg)) {
        return swt_table_warn(t, st->line, st->tok[2].col,
                              "decide row ignored: '%.*s' is not an "
                              "algorithm's name (lowercase letters, digits, '_'); %s",
                              st->tok[2].len > 32 ? 32 : st->tok[2].len, st->tok[2].s, expect);
    }
    if (4 == st->ntok) {
        const tok_t *k = &st->tok[3];
        unsigned long long n = 0;
        /* digits only: a K suffix would read, but no rank count is written so */
        if (k->len <= 6 || 0 != strncmp(k->s, "ranks=", 6) || k->s[k->len - 1] < '0'
            || k->s[k->len - 1] > '9' || 0 != swt_table_bytes(k->s + 6, k->len - 6, &n) || n < 1
            || n > (1ULL << 30)) {
            return swt_table_warn(t, st->line, k->col,
                                  "decide row ignored: expected ranks=N "
                                  "(1 to 2^30) after the algorithm, got '%.*s'",
                                  k->len > 32 ? 32 : k->len, k->s);
        }
        row.ranks = (long) n;
    }
    return swt_table_add(t, &row, st->tok[1].col);
}

int swt_table_parse(const char *text, const char *origin, swt_table_t **table, swt_diag_t *diag)
{
    pstate_t ps;
    swt_table_t *t = NULL;
    int err;

    memset(&ps, 0, sizeof(ps));
    ps.origin = origin ? origin : "<string>";
    ps.diag = diag;
    if (NULL == text || NULL == table) {
        return swt_diag_set(diag, SWT_ERR_INVALID, ps.origin, 0, 0, "no text to parse");
    }
    *table = NULL;
    err = swt_table_create(ps.origin, &t);
    if (SWT_OK != err) {
        return swt_desc_nomem(&ps);
    }
    err = swt_desc_split_lines(&ps, text);
    for (size_t i = 0; SWT_OK == err && i < ps.nstmts; ++i) {
        const stmt_t *st = &ps.stmts[i];
        if (KW_DECIDE != st->kw) {
            err = swt_table_warn(t, st->line, 1,
                                 "'%s' ignored: a decision file holds decide "
                                 "rows only (the description goes to coll_swing_topology)",
                                 st->kw < KW_COUNT ? swt_desc_kw_names[st->kw]
                                                   : swt_desc_kw_fabric[st->kw - KW_COUNT]);
        } else if (st->ntok >= 1 && st->tok[0].len >= 13
                   && 0 == strncmp(st->tok[0].s, "lo_max_bytes=", 13)) {
            err = swt_table_warn(t, st->line, st->tok[0].col,
                                 "'decide lo_max_bytes' ignored: "
                                 "a decision file holds rows only (a description's statement, "
                                 "or coll_swing_lo_max_bytes)");
        } else {
            err = swt_table_stmt(t, st);
        }
        if (SWT_ERR_INVALID == err) {
            err = SWT_OK; /* left out, with its warning */
        } else if (SWT_ERR_NOMEM == err) {
            swt_desc_nomem(&ps);
        }
    }
    free(ps.toks);
    free(ps.stmts);
    if (SWT_OK != err) {
        swt_table_destroy(t);
        return err;
    }
    *table = t;
    return SWT_OK;
}

int swt_table_select(const swt_table_t *table, const char *coll, long ranks, int *rows, int max)
{
    long want = 0;
    int n = 0;

    for (int i = 0; NULL != table && i < table->nrows && 0 == want; ++i) {
        if (table->rows[i].ranks == ranks && ranks > 0 && 0 == strcmp(table->rows[i].coll, coll)) {
            want = ranks;
        }
    }
    for (int i = 0; NULL != table && i < table->nrows; ++i) {
        if (table->rows[i].ranks == want && 0 == strcmp(table->rows[i].coll, coll)) {
            if (n < max) {
                rows[n] = i;
            }
            ++n;
        }
    }
    return n;
}

const swt_table_row_t *swt_table_find(const swt_table_t *table, const char *coll, long ranks,
                                      unsigned long long bytes)
{
    long want = 0;

    for (int i = 0; NULL != table && i < table->nrows && 0 == want; ++i) {
        if (table->rows[i].ranks == ranks && ranks > 0 && 0 == strcmp(table->rows[i].coll, coll)) {
            want = ranks;
        }
    }
    for (int i = 0; NULL != table && i < table->nrows; ++i) {
        const swt_table_row_t *r = &table->rows[i];
        if (r->ranks == want && 0 == strcmp(r->coll, coll) && r->lo <= bytes && bytes <= r->hi) {
            return r;
        }
    }
    return NULL;
}

int swt_table_format(const swt_table_t *table, char *buf, size_t len)
{
    size_t used = 0;

    if (len > 0) {
        buf[0] = '\0';
    }
    for (int i = 0; NULL != table && i < table->nrows; ++i) {
        const swt_table_row_t *r = &table->rows[i];
        char range[48], ranks[32] = "";
        int n;
        if (r->ranks > 0) {
            snprintf(ranks, sizeof(ranks), " ranks=%ld", r->ranks);
        }
        n = snprintf(used < len ? buf + used : NULL, used < len ? len - used : 0,
                     "decide %s %s %s%s\n", r->coll, swt_table_range(r, range, sizeof(range)),
                     r->alg, ranks);
        used += (n > 0) ? (size_t) n : 0;
    }
    return (int) used;
}

int swt_table_equal(const swt_table_t *a, const swt_table_t *b)
{
    if (swt_table_nrows(a) != swt_table_nrows(b)) {
        return 0;
    }
    for (int i = 0; i < swt_table_nrows(a); ++i) {
        const swt_table_row_t *x = &a->rows[i], *y = &b->rows[i];
        if (0 != strcmp(x->coll, y->coll) || 0 != strcmp(x->alg, y->alg) || x->lo != y->lo
            || x->hi != y->hi || x->ranks != y->ranks) {
            return 0;
        }
    }
    return 1;
}
