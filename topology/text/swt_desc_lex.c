/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Description parser, lexical side: the text into lines and tokens (with
 * byte, length, keyword and duplicate checks), and the value syntax shared
 * by the statements: numbers, shapes, lists with ranges and axes (the
 * boxes of tiles of a grid: swt_desc_tiles.c).
 * Every function reports its own error with line and column.
 */
#include "swt_desc_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const swt_desc_kw_names[KW_COUNT] = { "name",    "logical", "grid",  "kind", "usable",
                                                  "harvest", "map",     "order", "cost", "decide" };

const char *const swt_desc_kw_fabric[KW_ALL - KW_COUNT] = { "dragonfly", "fattree", "pairs",
                                                            "slots", "place" };

static const char *kw_name(int k)
{
    return (k < KW_COUNT) ? swt_desc_kw_names[k] : swt_desc_kw_fabric[k - KW_COUNT];
}

/* Statements that may appear more than once. */
/* (decide: "lo_max_bytes=N" once, checked by its parser, and any number of rows) */
static const int kw_repeats[KW_COUNT] = { [KW_KIND] = 1, [KW_MAP] = 1, [KW_DECIDE] = 1 };

int swt_desc_nomem(pstate_t *ps)
{
    return swt_diag_set(ps->diag, SWT_ERR_NOMEM, ps->origin, 0, 0, "out of memory");
}

int swt_desc_tok_is(const tok_t *t, const char *word)
{
    return (size_t) t->len == strlen(word) && 0 == strncmp(t->s, word, t->len);
}

/* ---- pass 1: lines to statements ---- */

int swt_desc_split_lines(pstate_t *ps, const char *text)
{
    size_t len = strlen(text), nlines = 1;
    const char *p = text;
    int line = 0;

    for (const char *q = strchr(text, '\n'); NULL != q; q = strchr(q + 1, '\n')) {
        ++nlines;
    }
    /* every token is followed by a separator or the end: at most len/2+1 */
    ps->toks = malloc((len / 2 + 2) * sizeof(*ps->toks));
    ps->stmts = malloc(nlines * sizeof(*ps->stmts));
    if (NULL == ps->toks || NULL == ps->stmts) {
        return swt_desc_nomem(ps);
    }
    while ('\0' != *p) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t) (eol - p) : strlen(p), first = ps->ntoks;
        int comment = 0;

        ++line;
        if (n > SWT_TOPO_MAX_LINE) {
            return PERR(ps, line, SWT_TOPO_MAX_LINE + 1, "line longer than %d characters",
                        SWT_TOPO_MAX_LINE);
        }
        for (size_t i = 0; i < n; ++i) {
            unsigned char c = (unsigned char) p[i];
            if ('#' == c) {
                comment = 1;
            }
            if ((c < 0x20 && '\t' != c && !('\r' == c && i + 1 == n)) || (!comment && c >= 0x7f)) {
                return PERR(ps, line, (int) i + 1,
                            "unexpected byte 0x%02x: expected text "
                            "(binary data?)",
                            c);
            }
        }
        for (size_t i = 0; i < n && '#' != p[i];) {
            if (' ' == p[i] || '\t' == p[i] || '\r' == p[i]) {
                ++i;
                continue;
            }
            size_t j = i;
            while (j < n && ' ' != p[j] && '\t' != p[j] && '\r' != p[j] && '#' != p[j]) {
                ++j;
            }
            ps->toks[ps->ntoks].s = p + i;
            ps->toks[ps->ntoks].len = (int) (j - i);
            ps->toks[ps->ntoks].col = (int) i + 1;
            ++ps->ntoks;
            i = j;
        }
        if (ps->ntoks > first) {
            stmt_t *st = &ps->stmts[ps->nstmts];
            tok_t *kw = &ps->toks[first], *last = &ps->toks[ps->ntoks - 1];
            int k;
            for (k = 0; k < KW_ALL; ++k) {
                if (swt_desc_tok_is(kw, kw_name(k))) {
                    break;
                }
            }
            if (KW_ALL == k) {
                return PERR(ps, line, kw->col,
                            "unknown statement '%.*s': expected one of name, "
                            "logical, grid, kind, usable, harvest, map, "
                            "order, cost, decide, dragonfly, fattree, pairs, "
                            "slots, place",
                            kw->len > 32 ? 32 : kw->len, kw->s);
            }
            if (k >= KW_COUNT || !kw_repeats[k]) {
                for (size_t i = 0; i < ps->nstmts; ++i) {
                    if (ps->stmts[i].kw == k) {
                        return PERR(ps, line, kw->col,
                                    "duplicate '%s' statement (first at "
                                    "line %d)",
                                    kw_name(k), ps->stmts[i].line);
                    }
                }
            }
            st->kw = k;
            st->line = line;
            st->endcol = last->col + last->len;
            st->ntok = (int) (ps->ntoks - first - 1);
            st->tok = kw + 1;
            ++ps->nstmts;
        }
        p += n + (NULL != eol);
    }
    ps->lastline = line;
    return SWT_OK;
}

/* ---- numbers and lists ---- */

/* Unsigned decimal s[0..len) <= max; col is the column of s[0]. */
int swt_desc_num(pstate_t *ps, int line, int col, const char *s, int len, long max,
                 const char *what, long *out)
{
    long v = 0;

    if (len <= 0) {
        return PERR(ps, line, col, "expected %s (a number)", what);
    }
    for (int i = 0; i < len; ++i) {
        if (s[i] < '0' || s[i] > '9') {
            return PERR(ps, line, col + i,
                        "expected %s (a number), found "
                        "'%c'",
                        what, s[i]);
        }
        if (max - (s[i] - '0') < 0 || v > (max - (s[i] - '0')) / 10) {
            return PERR(ps, line, col, "%s too large: at most %ld", what, max);
        }
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return SWT_OK;
}

/* "8x8x4" (an optional "torus:" or "ring:" prefix) into shape. */
int swt_desc_shape(pstate_t *ps, int line, const tok_t *t, long maxsize, swt_shape_t *shape)
{
    const char *s = t->s;
    int len = t->len, col = t->col, ring = 0;
    long size = 1;

    if (len > 6 && 0 == strncmp(s, "torus:", 6)) {
        s += 6, len -= 6, col += 6;
    } else if (len > 5 && 0 == strncmp(s, "ring:", 5)) {
        s += 5, len -= 5, col += 5, ring = 1;
    }
    memset(shape, 0, sizeof(*shape));
    for (int i = 0; i <= len;) {
        int j = i;
        long v;
        int err;
        while (j < len && 'x' != s[j]) {
            ++j;
        }
        if (shape->ndims == SWT_MAX_DIMS) {
            return PERR(ps, line, col + i, "too many dimensions: at most %d", SWT_MAX_DIMS);
        }
        err = swt_desc_num(ps, line, col + i, s + i, j - i, maxsize, "a dimension size", &v);
        if (SWT_OK != err) {
            return err;
        }
        if (0 == v) {
            return PERR(ps, line, col + i,
                        "dimension of size 0: every "
                        "dimension needs at least 1");
        }
        if (size > maxsize / v) {
            return PERR(ps, line, col,
                        "shape too large: at most %ld "
                        "positions",
                        maxsize);
        }
        size *= v;
        shape->dims[shape->ndims++] = (int) v;
        i = j + 1;
    }
    if (ring && shape->ndims > 1) {
        return PERR(ps, line, t->col, "a ring has one dimension");
    }
    return SWT_OK;
}

/* Item "N" or "N-M" of a list: lo, hi (hi < lo only if descending ok). */
int swt_desc_range(pstate_t *ps, int line, int col, const char *s, int len, long max,
                   int descending, const char *what, long *lo, long *hi)
{
    int dash = 0, err;

    while (dash < len && '-' != s[dash]) {
        ++dash;
    }
    err = swt_desc_num(ps, line, col, s, dash, max, what, lo);
    if (SWT_OK != err) {
        return err;
    }
    *hi = *lo;
    if (dash < len) {
        err = swt_desc_num(ps, line, col + dash + 1, s + dash + 1, len - dash - 1, max, what, hi);
        if (SWT_OK != err) {
            return err;
        }
        if (*hi < *lo && !descending) {
            return PERR(ps, line, col,
                        "empty range %ld-%ld: expected "
                        "LOW-HIGH",
                        *lo, *hi);
        }
    }
    return SWT_OK;
}

int swt_desc_walk_list(pstate_t *ps, int line, const tok_t *tok, int n, long max, int descending,
                       const char *what, item_fn fn, void *arg)
{
    for (int k = 0; k < n; ++k) {
        const tok_t *t = &tok[k];
        for (int i = 0; i <= t->len;) {
            int j = i, err;
            long lo, hi;
            while (j < t->len && ',' != t->s[j]) {
                ++j;
            }
            err = swt_desc_range(ps, line, t->col + i, t->s + i, j - i, max, descending, what, &lo,
                                 &hi);
            if (SWT_OK != err) {
                return err;
            }
            for (long v = lo;; v += (hi >= lo) ? 1 : -1) {
                err = fn(ps, line, t->col + i, v, arg);
                if (SWT_OK != err) {
                    return err;
                }
                if (v == hi) {
                    break;
                }
            }
            i = j + 1;
        }
    }
    return SWT_OK;
}

/* ---- axes and tiles ---- */

const char *swt_desc_axis_word(int d, int ndims)
{
    static const char *const two[] = { "column", "row" };
    static const char *const names[] = { "x", "y", "z" };
    if (2 == ndims) {
        return two[d];
    }
    return d < 3 ? names[d] : "coordinate";
}

/* "x", "y", "z" or "d0".."d7"; -1 if t is not an axis name. */
int swt_desc_axis(const tok_t *t)
{
    if (1 == t->len && t->s[0] >= 'x' && t->s[0] <= 'z') {
        return t->s[0] - 'x';
    }
    if (2 == t->len && 'd' == t->s[0] && t->s[1] >= '0' && t->s[1] < '0' + SWT_MAX_DIMS) {
        return t->s[1] - '0';
    }
    return -1;
}
