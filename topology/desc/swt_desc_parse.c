/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Parser of machine descriptions, statement side (format: presets/FORMAT.md).
 *
 * One statement per line, '#' starts a comment. The lines are first split
 * into tokens (any order of statements is allowed), then the statements are
 * applied in a fixed order, because each needs the previous ones:
 *   name, (a network of groups: swt_fabric_desc.c), logical, grid, kind,
 *   usable, harvest, map, order, cost, decide
 * (decide: the LO/BO crossover, and the rows of a measured table, which
 * are left out with a warning when bad rather than failing the text).
 * Every error names the origin, line and column and what was expected; the
 * parser never reads past the text and bounds every table it allocates.
 * Its entry, swt_desc_parse, is swt_topo_parse (swt_topo_load.c).
 */
#include "swt_topo_int.h"
#include "swt_table.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- statements ---- */

static const stmt_t *find(const pstate_t *ps, int kw)
{
    for (size_t i = 0; i < ps->nstmts; ++i) {
        if (ps->stmts[i].kw == kw) {
            return &ps->stmts[i];
        }
    }
    return NULL;
}

static int need_args(pstate_t *ps, const stmt_t *st, int min, int max, const char *expected)
{
    if (st->ntok < min) {
        return PERR(ps, st->line, st->endcol, "'%s' expects %s", swt_desc_kw_names[st->kw],
                    expected);
    }
    if (max >= 0 && st->ntok > max) {
        return PERR(ps, st->line, st->tok[max].col,
                    "unexpected '%.*s' after "
                    "'%s': expected %s",
                    st->tok[max].len > 32 ? 32 : st->tok[max].len, st->tok[max].s,
                    swt_desc_kw_names[st->kw], expected);
    }
    return SWT_OK;
}

static int do_name(pstate_t *ps, const stmt_t *st)
{
    int err = need_args(ps, st, 1, 1, "one word, the description's name");
    if (SWT_OK != err) {
        return err;
    }
    if (st->tok[0].len >= SWT_TOPO_NAME_LEN) {
        return PERR(ps, st->line, st->tok[0].col,
                    "name too long: at most %d "
                    "characters",
                    SWT_TOPO_NAME_LEN - 1);
    }
    memcpy(ps->t->name, st->tok[0].s, st->tok[0].len);
    ps->t->name[st->tok[0].len] = '\0';
    return SWT_OK;
}

static int do_logical(pstate_t *ps, const stmt_t *st)
{
    int err;

    if (NULL == st && NULL != ps->t->fabric) {
        return swt_desc_fabric_logical(ps, NULL); /* the ring of its ranks */
    }
    if (NULL == st) {
        return PERR(ps, 0 == ps->nstmts ? 0 : ps->lastline, 0,
                    "%s: expected a 'logical' statement (the torus shape, "
                    "such as 'logical 8x8')",
                    0 == ps->nstmts ? "empty description" : "no logical shape");
    }
    err = need_args(ps, st, 1, 1, "a shape such as 8x8");
    if (SWT_OK != err) {
        return err;
    }
    err = swt_desc_shape(ps, st->line, &st->tok[0], 1L << 30, &ps->t->logical);
    ps->t->size = swt_shape_size(&ps->t->logical);
    if (SWT_OK == err && NULL != ps->t->fabric) {
        err = swt_desc_fabric_logical(ps, st);
    }
    return err;
}

static int do_grid(pstate_t *ps, const stmt_t *st)
{
    swt_topo_t *t = ps->t;
    int err;

    if (NULL == st) {
        t->grid = t->logical;
        return SWT_OK;
    }
    err = need_args(ps, st, 1, 2,
                    "a size such as 10x12, then optionally "
                    "wrap=1,1");
    if (SWT_OK != err) {
        return err;
    }
    err = swt_desc_shape(ps, st->line, &st->tok[0], SWT_TOPO_MAX_TILES, &t->grid);
    if (SWT_OK != err) {
        return err;
    }
    t->has_grid = 1;
    t->ntiles = swt_shape_size(&t->grid);
    for (int d = 0; d < t->grid.ndims; ++d) {
        t->wrap[d] = 1;
    }
    if (2 == st->ntok) {
        const tok_t *w = &st->tok[1];
        int d = 0;
        if (w->len < 5 || 0 != strncmp(w->s, "wrap=", 5)) {
            return PERR(ps, st->line, w->col,
                        "expected wrap=W,W,... (one 0 "
                        "or 1 per grid dimension)");
        }
        for (int i = 5; i <= w->len; i += 2, ++d) {
            if (d == t->grid.ndims || i == w->len || ('0' != w->s[i] && '1' != w->s[i])
                || (i + 1 < w->len && ',' != w->s[i + 1])) {
                return PERR(ps, st->line, w->col + (i < w->len ? i : 5),
                            "expected wrap=W,W,... with one 0 or 1 per grid "
                            "dimension (%d)",
                            t->grid.ndims);
            }
            t->wrap[d] = w->s[i] - '0';
        }
        if (d != t->grid.ndims) {
            return PERR(ps, st->line, w->col,
                        "wrap gives %d value%s: expected "
                        "one per grid dimension (%d)",
                        d, 1 == d ? "" : "s", t->grid.ndims);
        }
    }
    t->tile_kind = calloc((size_t) t->ntiles, 1);
    t->tile_pos = malloc((size_t) t->ntiles * sizeof(long));
    ps->tile_line = calloc((size_t) t->ntiles, sizeof(int));
    if (NULL == t->tile_kind || NULL == t->tile_pos || NULL == ps->tile_line) {
        return swt_desc_nomem(ps);
    }
    for (long i = 0; i < t->ntiles; ++i) {
        t->tile_pos[i] = -1;
    }
    return SWT_OK;
}

/* Index of kind label, added when new (add = 1); -1 if absent or full. */
static int kind_index(swt_topo_t *t, const char *s, int len, int add)
{
    for (int k = 0; k < t->nkinds; ++k) {
        if ((size_t) len == strlen(t->kinds[k]) && 0 == strncmp(t->kinds[k], s, len)) {
            return k;
        }
    }
    if (!add || t->nkinds == SWT_TOPO_MAX_KINDS) {
        return -1;
    }
    memcpy(t->kinds[t->nkinds], s, len);
    t->kinds[t->nkinds][len] = '\0';
    return t->nkinds++;
}

typedef struct kind_arg {
    int kind;
    int line;
} kind_arg_t;

static int set_kind(pstate_t *ps, int line, int col, long tile, void *arg)
{
    const kind_arg_t *ka = arg;
    if (0 != ps->tile_line[tile]) {
        char where[64];
        swt_desc_tile_str(ps->t, tile, where, sizeof(where));
        return PERR(ps, line, col,
                    "tile %s already has kind %s (line %d): "
                    "tiles may not overlap",
                    where, ps->t->kinds[ps->t->tile_kind[tile]], ps->tile_line[tile]);
    }
    ps->t->tile_kind[tile] = (unsigned char) ka->kind;
    ps->tile_line[tile] = ka->line;
    return SWT_OK;
}

static int check_label(pstate_t *ps, int line, const tok_t *t)
{
    if (t->len >= SWT_TOPO_KIND_LEN) {
        return PERR(ps, line, t->col,
                    "kind name too long: at most %d "
                    "characters",
                    SWT_TOPO_KIND_LEN - 1);
    }
    for (int i = 0; i < t->len; ++i) {
        char c = t->s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || '_' == c
              || '-' == c)) {
            return PERR(ps, line, t->col + i,
                        "kind names use letters, "
                        "digits, '_' and '-'");
        }
    }
    return SWT_OK;
}

static int do_kinds(pstate_t *ps)
{
    swt_topo_t *t = ps->t;
    const stmt_t *rest = NULL;
    int err;

    for (size_t i = 0; i < ps->nstmts; ++i) {
        const stmt_t *st = &ps->stmts[i];
        kind_arg_t ka;
        if (KW_KIND != st->kw) {
            continue;
        }
        if (!t->has_grid) {
            return PERR(ps, st->line, 1,
                        "'kind' needs a 'grid' statement: "
                        "tiles are grid positions");
        }
        err = need_args(ps, st, 2, -1,
                        "a kind name and tiles such as 0,3 "
                        "1-4,0 5,* or 'rest'");
        if (SWT_OK == err) {
            err = check_label(ps, st->line, &st->tok[0]);
        }
        if (SWT_OK != err) {
            return err;
        }
        ka.kind = kind_index(t, st->tok[0].s, st->tok[0].len, 1);
        ka.line = st->line;
        if (ka.kind < 0) {
            return PERR(ps, st->line, st->tok[0].col,
                        "too many kinds: at "
                        "most %d",
                        SWT_TOPO_MAX_KINDS);
        }
        if (swt_desc_tok_is(&st->tok[1], "rest")) {
            if (NULL != rest) {
                return PERR(ps, st->line, st->tok[1].col,
                            "'rest' already "
                            "given at line %d",
                            rest->line);
            }
            if (st->ntok > 2) {
                return PERR(ps, st->line, st->tok[2].col,
                            "'rest' stands "
                            "alone: expected the end of the line");
            }
            rest = st;
            continue;
        }
        for (int k = 1; k < st->ntok; ++k) {
            box_t b;
            err = swt_desc_box(ps, st->line, &st->tok[k], &b);
            if (SWT_OK == err) {
                err = swt_desc_walk_box(ps, st->line, st->tok[k].col, &b, set_kind, &ka);
            }
            if (SWT_OK != err) {
                return err;
            }
        }
    }
    if (!t->has_grid) {
        return SWT_OK;
    }
    for (long i = 0; i < t->ntiles; ++i) {
        if (0 != ps->tile_line[i]) {
            continue;
        }
        if (NULL == rest) {
            char where[64];
            swt_desc_tile_str(t, i, where, sizeof(where));
            return PERR(ps, ps->lastline, 0,
                        "tile %s has no kind: expected "
                        "it in a 'kind' statement, or 'kind NAME rest'",
                        where);
        }
        t->tile_kind[i] = (unsigned char) kind_index(t, rest->tok[0].s, rest->tok[0].len, 0);
        ps->tile_line[i] = rest->line;
    }
    return SWT_OK;
}

static int do_usable(pstate_t *ps, const stmt_t *st)
{
    swt_topo_t *t = ps->t;
    int hv = kind_index(t, "harvested", 9, 0);

    if (NULL == st) {
        t->usable = (1ULL << t->nkinds) - 1;
        if (hv >= 0) {
            t->usable &= ~(1ULL << hv);
        }
        return SWT_OK;
    }
    if (!t->has_grid) {
        return PERR(ps, st->line, 1, "'usable' needs a 'grid' statement");
    }
    int err = need_args(ps, st, 1, -1,
                        "the kinds of tile that host logical "
                        "positions, such as 'usable tensix'");
    if (SWT_OK != err) {
        return err;
    }
    for (int i = 0; i < st->ntok; ++i) {
        int k = kind_index(t, st->tok[i].s, st->tok[i].len, 0);
        if (k < 0) {
            return PERR(ps, st->line, st->tok[i].col,
                        "unknown kind '%.*s': "
                        "expected a kind given by a 'kind' statement",
                        st->tok[i].len > 32 ? 32 : st->tok[i].len, st->tok[i].s);
        }
        if (k == hv) {
            return PERR(ps, st->line, st->tok[i].col,
                        "harvested tiles cannot "
                        "be usable");
        }
        t->usable |= 1ULL << k;
    }
    return SWT_OK;
}

static int is_usable(const swt_topo_t *t, long tile)
{
    return 0 != (t->usable & (1ULL << t->tile_kind[tile]));
}

typedef struct harvest_arg {
    int axis;
    int kind;
    long hidden;
} harvest_arg_t;

static int harvest_tile(pstate_t *ps, int line, int col, long tile, void *arg)
{
    harvest_arg_t *ha = arg;
    (void) line;
    (void) col;
    if (is_usable(ps->t, tile)) {
        ps->t->tile_kind[tile] = (unsigned char) ha->kind;
        ++ha->hidden;
    }
    return SWT_OK;
}

static int harvest_line(pstate_t *ps, int line, int col, long v, void *arg)
{
    harvest_arg_t *ha = arg;
    swt_topo_t *t = ps->t;
    box_t b;

    if (v >= t->grid.dims[ha->axis]) {
        return PERR(ps, line, col, "%s %ld outside the grid: expected 0..%d",
                    swt_desc_axis_word(ha->axis, t->grid.ndims), v, t->grid.dims[ha->axis] - 1);
    }
    /* a line is visited once: listed again, it has no usable tile left */
    for (int d = 0; d < t->grid.ndims; ++d) {
        b.lo[d] = d == ha->axis ? (int) v : 0;
        b.hi[d] = d == ha->axis ? (int) v : t->grid.dims[d] - 1;
    }
    ha->hidden = 0;
    swt_desc_walk_box(ps, line, col, &b, harvest_tile, ha);
    if (0 == ha->hidden) {
        return PERR(ps, line, col, "%s %ld holds no usable tile to harvest",
                    swt_desc_axis_word(ha->axis, t->grid.ndims), v);
    }
    return SWT_OK;
}

static int do_harvest(pstate_t *ps, const stmt_t *st)
{
    swt_topo_t *t = ps->t;
    harvest_arg_t ha;
    int first = 0, err;

    if (NULL == st) {
        return SWT_OK;
    }
    if (!t->has_grid) {
        return PERR(ps, st->line, 1, "'harvest' needs a 'grid' statement");
    }
    err = need_args(ps, st, 1, -1,
                    "'none' or the harvested rows, such as "
                    "'harvest 3' (or an axis first: 'harvest x 2')");
    if (SWT_OK != err) {
        return err;
    }
    ha.axis = t->grid.ndims - 1;
    if (swt_desc_axis(&st->tok[0]) >= 0) {
        ha.axis = swt_desc_axis(&st->tok[0]);
        first = 1;
        if (ha.axis >= t->grid.ndims) {
            return PERR(ps, st->line, st->tok[0].col,
                        "axis '%.*s' outside "
                        "the grid: it has %d dimensions",
                        st->tok[0].len, st->tok[0].s, t->grid.ndims);
        }
        err = need_args(ps, st, 2, -1, "harvested indices after the axis");
        if (SWT_OK != err) {
            return err;
        }
    }
    if (swt_desc_tok_is(&st->tok[first], "none")) {
        return need_args(ps, st, first + 1, first + 1, "nothing after 'none'");
    }
    ha.kind = kind_index(t, "harvested", 9, 1);
    if (ha.kind < 0) {
        return PERR(ps, st->line, 1, "too many kinds: at most %d", SWT_TOPO_MAX_KINDS);
    }
    t->usable &= ~(1ULL << ha.kind);
    return swt_desc_walk_list(ps, st->line, st->tok + first, st->ntok - first, SWT_TOPO_MAX_TILES,
                              0, "an index", harvest_line, &ha);
}

typedef struct lines_arg {
    int d;
    int n;
    int *out;
    char *seen; /* [grid.dims[d]] */
} lines_arg_t;

static int add_line(pstate_t *ps, int line, int col, long v, void *arg)
{
    lines_arg_t *la = arg;
    const swt_topo_t *t = ps->t;

    if (v >= t->grid.dims[la->d]) {
        return PERR(ps, line, col, "%s %ld outside the grid: expected 0..%d",
                    swt_desc_axis_word(la->d, t->grid.ndims), v, t->grid.dims[la->d] - 1);
    }
    if (la->seen[v]) {
        return PERR(ps, line, col, "%s %ld listed twice", swt_desc_axis_word(la->d, t->grid.ndims),
                    v);
    }
    if (la->n == t->logical.dims[la->d]) {
        return PERR(ps, line, col,
                    "too many values: logical dimension %d "
                    "has %d",
                    la->d, t->logical.dims[la->d]);
    }
    la->seen[v] = 1;
    la->out[la->n++] = (int) v;
    return SWT_OK;
}

/* The first lines (ascending) along d that hold a usable tile. */
static int auto_lines(pstate_t *ps, int line, int col, int d, int *out)
{
    const swt_topo_t *t = ps->t;
    int c[SWT_MAX_DIMS], n = 0;
    char *has = calloc((size_t) t->grid.dims[d], 1);

    if (NULL == has) {
        return swt_desc_nomem(ps);
    }
    for (long i = 0; i < t->ntiles; ++i) {
        if (is_usable(t, i)) {
            swt_shape_coords(&t->grid, i, c);
            has[c[d]] = 1;
        }
    }
    for (int v = 0; v < t->grid.dims[d] && n < t->logical.dims[d]; ++v) {
        if (has[v]) {
            out[n++] = v;
        }
    }
    free(has);
    if (n < t->logical.dims[d]) {
        return PERR(ps, line, col,
                    "only %d %s values hold usable tiles: "
                    "logical dimension %d needs %d",
                    n, swt_desc_axis_word(d, t->grid.ndims), d, t->logical.dims[d]);
    }
    return SWT_OK;
}

static int place(pstate_t *ps, int line, int col, long pos, long tile)
{
    swt_topo_t *t = ps->t;
    char where[64];

    swt_desc_tile_str(t, tile, where, sizeof(where));
    if (!is_usable(t, tile)) {
        return PERR(ps, line, col,
                    "logical position %ld falls on tile %s of "
                    "kind %s, which is not usable",
                    pos, where, t->kinds[t->tile_kind[tile]]);
    }
    if (t->tile_pos[tile] >= 0) {
        return PERR(ps, line, col,
                    "tile %s hosts logical positions %ld and "
                    "%ld",
                    where, t->tile_pos[tile], pos);
    }
    t->tile_pos[tile] = pos;
    t->pos_tile[pos] = tile;
    return SWT_OK;
}

static int map_lines(pstate_t *ps, const stmt_t *axis_st[SWT_MAX_DIMS])
{
    swt_topo_t *t = ps->t;
    int c[SWT_MAX_DIMS], err;

    for (int d = 0; d < t->grid.ndims; ++d) {
        const stmt_t *st = axis_st[d];
        t->lines[d] = malloc((size_t) t->logical.dims[d] * sizeof(int));
        if (NULL == t->lines[d]) {
            return swt_desc_nomem(ps);
        }
        if (NULL == st || swt_desc_tok_is(&st->tok[1], "auto")) {
            err = auto_lines(ps, st ? st->line : ps->lastline, st ? st->tok[1].col : 0, d,
                             t->lines[d]);
        } else {
            lines_arg_t la = { d, 0, t->lines[d], calloc((size_t) t->grid.dims[d], 1) };
            if (NULL == la.seen) {
                return swt_desc_nomem(ps);
            }
            err = swt_desc_walk_list(ps, st->line, st->tok + 1, st->ntok - 1, SWT_TOPO_MAX_TILES, 0,
                                     "an index", add_line, &la);
            free(la.seen);
            if (SWT_OK == err && la.n < t->logical.dims[d]) {
                err = PERR(ps, st->line, st->tok[1].col,
                           "%d value%s listed: "
                           "logical dimension %d needs %d",
                           la.n, 1 == la.n ? "" : "s", d, t->logical.dims[d]);
            }
        }
        if (SWT_OK != err) {
            return err;
        }
    }
    for (long pos = 0; pos < t->size; ++pos) {
        swt_shape_coords(&t->logical, pos, c);
        for (int d = 0; d < t->grid.ndims; ++d) {
            c[d] = t->lines[d][c[d]];
        }
        const stmt_t *st = NULL;
        for (int d = t->grid.ndims - 1; d >= 0; --d) {
            st = axis_st[d] ? axis_st[d] : st;
        }
        err = place(ps, st ? st->line : ps->lastline, 0, pos, swt_shape_pos(&t->grid, c));
        if (SWT_OK != err) {
            return err;
        }
    }
    return SWT_OK;
}

typedef struct tiles_arg {
    long n;
    int col;
} tiles_arg_t;

static int add_tile(pstate_t *ps, int line, int col, long tile, void *arg)
{
    tiles_arg_t *ta = arg;
    if (ta->n == ps->t->size) {
        return PERR(ps, line, col,
                    "too many tiles: logical shape has %ld "
                    "positions",
                    ps->t->size);
    }
    return place(ps, line, col, ta->n++, tile);
}

static int do_map(pstate_t *ps)
{
    swt_topo_t *t = ps->t;
    const stmt_t *axis_st[SWT_MAX_DIMS] = { NULL };
    const stmt_t *whole = NULL;
    long usable = 0;
    int err;

    for (size_t i = 0; i < ps->nstmts; ++i) {
        const stmt_t *st = &ps->stmts[i];
        int d;
        if (KW_MAP != st->kw) {
            continue;
        }
        if (!t->has_grid) {
            return PERR(ps, st->line, 1, "'map' needs a 'grid' statement");
        }
        err = need_args(ps, st, 1, -1,
                        "row-major, tiles TILE..., or an axis "
                        "and its indices ('map x 1-4,6-9', 'map y auto')");
        if (SWT_OK != err) {
            return err;
        }
        /* further 'map tiles' statements continue the list (the printer
           splits a long one so) */
        if (NULL != whole
            && !(swt_desc_tok_is(&whole->tok[0], "tiles")
                 && swt_desc_tok_is(&st->tok[0], "tiles"))) {
            return PERR(ps, st->line, 1, "'map' already given at line %d", whole->line);
        }
        d = swt_desc_axis(&st->tok[0]);
        if (d >= 0) {
            if (t->logical.ndims != t->grid.ndims) {
                return PERR(ps, st->line, st->tok[0].col,
                            "per-axis 'map' "
                            "needs as many logical as grid dimensions (%d, "
                            "%d): use 'map row-major' or 'map tiles'",
                            t->logical.ndims, t->grid.ndims);
            }
            if (d >= t->grid.ndims) {
                return PERR(ps, st->line, st->tok[0].col,
                            "axis '%.*s' "
                            "outside the grid: it has %d dimensions",
                            st->tok[0].len, st->tok[0].s, t->grid.ndims);
            }
            if (NULL != axis_st[d]) {
                return PERR(ps, st->line, st->tok[0].col,
                            "'map %.*s' already "
                            "given at line %d",
                            st->tok[0].len, st->tok[0].s, axis_st[d]->line);
            }
            err = need_args(ps, st, 2, -1, "indices after the axis, or auto");
            if (SWT_OK == err && swt_desc_tok_is(&st->tok[1], "auto")) {
                err = need_args(ps, st, 2, 2, "nothing after 'auto'");
            }
            if (SWT_OK != err) {
                return err;
            }
            axis_st[d] = st;
            continue;
        }
        if (!swt_desc_tok_is(&st->tok[0], "row-major") && !swt_desc_tok_is(&st->tok[0], "tiles")) {
            return PERR(ps, st->line, st->tok[0].col,
                        "unknown map '%.*s': "
                        "expected row-major, tiles, or an axis (x, y, z, "
                        "d0..d7)",
                        st->tok[0].len > 32 ? 32 : st->tok[0].len, st->tok[0].s);
        }
        for (int d2 = 0; d2 < SWT_MAX_DIMS; ++d2) {
            if (NULL != axis_st[d2]) {
                return PERR(ps, st->line, 1, "'map' already given at line %d", axis_st[d2]->line);
            }
        }
        whole = (NULL == whole) ? st : whole;
    }
    if (!t->has_grid) {
        return SWT_OK;
    }
    for (long i = 0; i < t->ntiles; ++i) {
        usable += is_usable(t, i);
    }
    if (usable < t->size) {
        return PERR(ps, find(ps, KW_LOGICAL)->line, 0,
                    "logical shape has %ld "
                    "positions but the grid has only %ld usable tiles",
                    t->size, usable);
    }
    t->pos_tile = malloc((size_t) t->size * sizeof(long));
    if (NULL == t->pos_tile) {
        return swt_desc_nomem(ps);
    }
    if (NULL == whole) {
        int any = 0;
        for (int d = 0; d < SWT_MAX_DIMS; ++d) {
            any |= NULL != axis_st[d];
        }
        if (any) {
            t->map = SWT_MAP_LINES;
            return map_lines(ps, axis_st);
        }
    }
    if (NULL == whole || swt_desc_tok_is(&whole->tok[0], "row-major")) {
        long pos = 0;
        if (NULL != whole && whole->ntok > 1) {
            return PERR(ps, whole->line, whole->tok[1].col,
                        "'map row-major' "
                        "stands alone: expected the end of the line");
        }
        t->map = SWT_MAP_ROW_MAJOR;
        for (long i = 0; i < t->ntiles && pos < t->size; ++i) {
            if (is_usable(t, i)) {
                t->tile_pos[i] = pos;
                t->pos_tile[pos++] = i;
            }
        }
        return SWT_OK;
    }
    tiles_arg_t ta = { 0, 0 };
    t->map = SWT_MAP_TILES;
    for (size_t i = 0; i < ps->nstmts; ++i) {
        const stmt_t *st = &ps->stmts[i];
        if (KW_MAP != st->kw) {
            continue; /* every 'map' here is 'map tiles' */
        }
        for (int k = 1; k < st->ntok; ++k) {
            box_t b;
            err = swt_desc_box(ps, st->line, &st->tok[k], &b);
            if (SWT_OK == err) {
                err = swt_desc_walk_box(ps, st->line, st->tok[k].col, &b, add_tile, &ta);
            }
            if (SWT_OK != err) {
                return err;
            }
        }
        whole = st;
    }
    if (ta.n < t->size) {
        return PERR(ps, whole->line, whole->endcol,
                    "%ld tiles listed: "
                    "logical shape has %ld positions",
                    ta.n, t->size);
    }
    return SWT_OK;
}

typedef struct order_arg {
    long n;
} order_arg_t;

static int add_rank(pstate_t *ps, int line, int col, long v, void *arg)
{
    order_arg_t *oa = arg;
    swt_topo_t *t = ps->t;

    if (v >= t->size) {
        return PERR(ps, line, col,
                    "position %ld outside the logical shape: "
                    "expected 0..%ld",
                    v, t->size - 1);
    }
    if (oa->n == t->size) {
        return PERR(ps, line, col,
                    "more than %ld positions listed: one per "
                    "rank",
                    t->size);
    }
    if (t->pos_rank[v] >= 0) {
        return PERR(ps, line, col,
                    "position %ld listed twice (ranks %ld and "
                    "%ld)",
                    v, t->pos_rank[v], oa->n);
    }
    t->pos_rank[v] = oa->n;
    t->rank_pos[oa->n++] = v;
    return SWT_OK;
}

static int do_order(pstate_t *ps, const stmt_t *st)
{
    swt_topo_t *t = ps->t;
    order_arg_t oa = { 0 };
    int err;

    if (NULL == st) {
        return SWT_OK;
    }
    err = need_args(ps, st, 1, -1,
                    "row-major or the logical position of "
                    "each rank in turn, such as 0-7 15-8");
    if (SWT_OK != err) {
        return err;
    }
    if (swt_desc_tok_is(&st->tok[0], "row-major")) {
        return need_args(ps, st, 1, 1, "nothing after 'row-major'");
    }
    if (t->size > SWT_TOPO_MAX_TILES) {
        return PERR(ps, st->line, st->tok[0].col,
                    "an explicit order is "
                    "limited to %ld positions",
                    (long) SWT_TOPO_MAX_TILES);
    }
    t->rank_pos = malloc((size_t) t->size * sizeof(long));
    t->pos_rank = malloc((size_t) t->size * sizeof(long));
    if (NULL == t->rank_pos || NULL == t->pos_rank) {
        return swt_desc_nomem(ps);
    }
    for (long i = 0; i < t->size; ++i) {
        t->pos_rank[i] = -1;
    }
    err = swt_desc_walk_list(ps, st->line, st->tok, st->ntok, SWT_TOPO_MAX_TILES, 1, "a position",
                             add_rank, &oa);
    if (SWT_OK == err && oa.n < t->size) {
        err = PERR(ps, st->line, st->endcol,
                   "%ld positions listed: expected "
                   "one per rank, %ld",
                   oa.n, t->size);
    }
    return err;
}

/*
 * cost KEY=VALUE...: alpha, tau, beta, gamma (section 7), o and cores
 * (section 12: the overhead of a message on its rank's core, and the
 * cores the ranks share). beta > 0, the others >= 0; cores 0 means no
 * bound from shared cores.
 */
static int do_cost(pstate_t *ps, const stmt_t *st)
{
    static const char *const keys[] = { "alpha", "tau", "beta", "gamma", "o", "cores" };
    enum { NKEYS = 6, BETA = 2 };
    double *vals[NKEYS];
    int seen[NKEYS] = { 0 }, err;

    if (NULL == st) {
        return SWT_OK;
    }
    vals[0] = &ps->t->cost.alpha;
    vals[1] = &ps->t->cost.tau;
    vals[2] = &ps->t->cost.beta;
    vals[3] = &ps->t->cost.gamma;
    vals[4] = &ps->t->cost.o;
    vals[5] = &ps->t->cost.cores;
    err = need_args(ps, st, 1, -1,
                    "KEY=VALUE pairs (alpha, tau, o in s; beta "
                    "in bytes/s; gamma in s/byte; cores a number)");
    if (SWT_OK != err) {
        return err;
    }
    for (int i = 0; i < st->ntok; ++i) {
        const tok_t *t = &st->tok[i];
        char buf[64], *end;
        int k, eq = 0;
        double v;
        while (eq < t->len && '=' != t->s[eq]) {
            ++eq;
        }
        for (k = 0; k < NKEYS; ++k) {
            if ((size_t) eq == strlen(keys[k]) && 0 == strncmp(t->s, keys[k], eq)) {
                break;
            }
        }
        if (NKEYS == k || eq == t->len) {
            return PERR(ps, st->line, t->col,
                        "expected alpha=, tau=, beta=, "
                        "gamma=, o= or cores= followed by a number");
        }
        if (seen[k]) {
            return PERR(ps, st->line, t->col, "%s given twice", keys[k]);
        }
        seen[k] = 1;
        if (t->len - eq - 1 >= (int) sizeof(buf) || eq + 1 == t->len) {
            return PERR(ps, st->line, t->col + eq + 1,
                        "expected a number "
                        "such as 9e-9 for %s",
                        keys[k]);
        }
        memcpy(buf, t->s + eq + 1, t->len - eq - 1);
        buf[t->len - eq - 1] = '\0';
        errno = 0;
        v = swt_topo_strtod(buf, &end);
        if ('\0' != *end || end == buf || 0 != errno || !isfinite(v) || v < 0
            || (BETA == k && v <= 0)) {
            return PERR(ps, st->line, t->col + eq + 1,
                        "expected a finite "
                        "number %s 0 for %s",
                        BETA == k ? ">" : ">=", keys[k]);
        }
        *vals[k] = v;
    }
    return SWT_OK;
}

/* decide lo_max_bytes=N: the measured LO/BO crossover (at most once). */
static int do_lo_max(pstate_t *ps, const stmt_t *st, const stmt_t *first)
{
    static const char key[] = "lo_max_bytes=";
    const int klen = (int) sizeof(key) - 1;
    const long most = (SWT_TOPO_MAX_LO_BYTES < LONG_MAX) ? (long) SWT_TOPO_MAX_LO_BYTES : LONG_MAX;
    const tok_t *t = &st->tok[0];
    long v;
    int err;

    if (NULL != first) {
        return PERR(ps, st->line, 1,
                    "duplicate 'decide lo_max_bytes' statement (first at "
                    "line %d)",
                    first->line);
    }
    err = need_args(ps, st, 1, 1, "lo_max_bytes=BYTES");
    if (SWT_OK != err) {
        return err;
    }
    if (t->len <= klen || 0 != strncmp(t->s, key, klen)) {
        return PERR(ps, st->line, t->col, "expected lo_max_bytes=BYTES");
    }
    /* a sign, a point or an exponent: named from the value's first column */
    for (int i = klen; i < t->len; ++i) {
        if (t->s[i] < '0' || t->s[i] > '9') {
            return PERR(ps, st->line, t->col + klen,
                        "expected a whole number of "
                        "bytes from 0 to 2^50 for lo_max_bytes");
        }
    }
    err = swt_desc_num(ps, st->line, t->col + klen, t->s + klen, t->len - klen, most,
                       "lo_max_bytes (a whole number of bytes)", &v);
    if (SWT_OK == err) {
        ps->t->lo_max_bytes = v;
    }
    return err;
}

/*
 * decide statements: "lo_max_bytes=N" (once), and rows "COLLECTIVE LO-HI
 * ALGORITHM [ranks=N]" of the measured table (swt_table.h). A statement
 * of two or more words is a row: when bad it is left out with a warning
 * (swt_topo_table), the description loads; one word other than
 * lo_max_bytes=N is an error, as before rows existed.
 */
static int do_decide(pstate_t *ps)
{
    const stmt_t *lo_max = NULL;
    int err = SWT_OK;

    for (size_t i = 0; i < ps->nstmts && SWT_OK == err; ++i) {
        const stmt_t *st = &ps->stmts[i];
        if (KW_DECIDE != st->kw) {
            continue;
        }
        if (st->ntok <= 1) {
            err = do_lo_max(ps, st, lo_max);
            lo_max = st;
            continue;
        }
        if (NULL == ps->t->table && SWT_OK != swt_table_create(ps->origin, &ps->t->table)) {
            return swt_desc_nomem(ps);
        }
        err = swt_table_stmt(ps->t->table, st);
        if (SWT_ERR_INVALID == err) {
            err = SWT_OK; /* left out, with its warning */
        } else if (SWT_ERR_NOMEM == err) {
            return swt_desc_nomem(ps);
        }
    }
    return err;
}

int swt_desc_parse(const char *text, const char *origin, swt_topo_t **topo, swt_diag_t *diag)
{
    pstate_t ps;
    int err;

    memset(&ps, 0, sizeof(ps));
    ps.origin = origin ? origin : "<string>";
    ps.diag = diag;
    if (NULL == text || NULL == topo) {
        return swt_diag_set(diag, SWT_ERR_INVALID, ps.origin, 0, 0, "no text to parse");
    }
    *topo = NULL;
    ps.t = swt_topo_alloc();
    if (NULL == ps.t) {
        return swt_desc_nomem(&ps);
    }
    snprintf(ps.t->name, sizeof(ps.t->name), "unnamed");
    err = swt_desc_split_lines(&ps, text);
    if (SWT_OK == err && NULL != find(&ps, KW_NAME)) {
        err = do_name(&ps, find(&ps, KW_NAME));
    }
    if (SWT_OK == err) {
        err = swt_desc_fabric(&ps); /* dragonfly, fattree, pairs, slots, place */
    }
    if (SWT_OK == err) {
        err = do_logical(&ps, find(&ps, KW_LOGICAL));
    }
    if (SWT_OK == err) {
        err = do_grid(&ps, find(&ps, KW_GRID));
    }
    if (SWT_OK == err) {
        err = do_kinds(&ps);
    }
    if (SWT_OK == err) {
        err = do_usable(&ps, find(&ps, KW_USABLE));
    }
    if (SWT_OK == err) {
        err = do_harvest(&ps, find(&ps, KW_HARVEST));
    }
    if (SWT_OK == err) {
        err = do_map(&ps);
    }
    if (SWT_OK == err) {
        err = do_order(&ps, find(&ps, KW_ORDER));
    }
    if (SWT_OK == err) {
        err = do_cost(&ps, find(&ps, KW_COST));
    }
    if (SWT_OK == err) {
        err = do_decide(&ps);
    }
    free(ps.toks);
    free(ps.stmts);
    free(ps.tile_line);
    if (SWT_OK != err) {
        swt_topo_destroy(ps.t);
        return err;
    }
    *topo = ps.t;
    return SWT_OK;
}
