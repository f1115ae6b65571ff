/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Printer of machine descriptions, in the file format the parser reads.
 * It prints the resolved description (every tile's kind, the physical
 * indices of the per-axis map, the explicit rank order), so that
 * parse(format(t)) equals t whatever statements t was written with.
 *
 * No printed line passes the parser's limit (SWT_TOPO_MAX_LINE): a long
 * kind or tile list goes on as many statements as it needs (both may be
 * repeated, their lists continue), and a per-axis map whose indices do not
 * fit a line is printed "auto", which gives the same indices: an explicit
 * list in the text was no longer than the one printed here (the
 * description's own line had to fit), so only auto makes one this long.
 */
#include "swt_topo_int.h"
#include "swt_table.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct out {
    char *buf;
    size_t len;
    size_t used;
    size_t bol; /* used where the current statement's line began */
} out_t;

__attribute__((format(printf, 2, 3))) static void put(out_t *o, const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(o->used < o->len ? o->buf + o->used : NULL,
                  o->used < o->len ? o->len - o->used : 0, fmt, ap);
    va_end(ap);
    if (n > 0) {
        o->used += (size_t) n;
    }
}

static long run_at(const long *lv, const int *iv, long i)
{
    return lv ? lv[i] : (long) iv[i];
}

/* " a-b,c" runs of a sequence (lv, or iv when lv is NULL); descending
   runs too when allowed. */
static void put_runs(out_t *o, const long *lv, const int *iv, long n, int descending)
{
    for (long i = 0; i < n;) {
        long j = i, step = 0, next = i + 1 < n ? run_at(lv, iv, i + 1) : 0;
        if (i + 1 < n
            && (next == run_at(lv, iv, i) + 1 || (descending && next == run_at(lv, iv, i) - 1))) {
            step = next - run_at(lv, iv, i);
            while (j + 1 < n && run_at(lv, iv, j + 1) == run_at(lv, iv, j) + step) {
                ++j;
            }
        }
        put(o, "%s%ld", 0 == i ? " " : ",", run_at(lv, iv, i));
        if (j > i) {
            put(o, "-%ld", run_at(lv, iv, j));
        }
        i = j + 1;
    }
}

/* ",c1,c2..." of coordinates skip0.. into buf. */
static void coords_str(char *buf, size_t len, const int *c, int ndims, int skip0)
{
    size_t used = 0;

    buf[0] = '\0';
    for (int d = skip0; d < ndims && used < len; ++d) {
        used += (size_t) snprintf(buf + used, len - used, ",%d", c[d]);
    }
}

/* Starts a statement line of a list that may continue on more statements. */
static void put_head(out_t *o, const char *head)
{
    o->bol = o->used;
    put(o, "%s", head);
}

/* " item" on the current line, or on a new statement that repeats head
   when the line would pass the parser's limit. */
static void put_item(out_t *o, const char *head, const char *item)
{
    if (o->used - o->bol + 1 + strlen(item) > SWT_TOPO_MAX_LINE) {
        put(o, "\n");
        put_head(o, head);
    }
    put(o, " %s", item);
}

static int kind_used(const swt_topo_t *t, int k)
{
    for (long i = 0; i < t->ntiles; ++i) {
        if (t->tile_kind[i] == k) {
            return 1;
        }
    }
    return 0;
}

/* Tiles of kind k: runs along dimension 0, other coordinates fixed. */
static void put_kind(out_t *o, const swt_topo_t *t, int k)
{
    char head[8 + SWT_TOPO_KIND_LEN], item[32 + 16 * SWT_MAX_DIMS], rest[16 * SWT_MAX_DIMS];
    int c[SWT_MAX_DIMS];
    long d0 = t->grid.dims[0];

    if (!kind_used(t, k)) {
        return;
    }
    snprintf(head, sizeof(head), "kind %s", t->kinds[k]);
    put_head(o, head);
    for (long base = 0; base < t->ntiles; base += d0) {
        for (long x = 0; x < d0;) {
            long end = x;
            if (t->tile_kind[base + x] != k) {
                ++x;
                continue;
            }
            while (end + 1 < d0 && t->tile_kind[base + end + 1] == k) {
                ++end;
            }
            swt_shape_coords(&t->grid, base + x, c);
            coords_str(rest, sizeof(rest), c, t->grid.ndims, 1);
            if (end > x) {
                snprintf(item, sizeof(item), "%ld-%ld%s", x, end, rest);
            } else {
                snprintf(item, sizeof(item), "%ld%s", x, rest);
            }
            put_item(o, head, item);
            x = end + 1;
        }
    }
    put(o, "\n");
}

static void put_shape(out_t *o, const swt_shape_t *s)
{
    for (int d = 0; d < s->ndims; ++d) {
        put(o, "%s%d", d ? "x" : "", s->dims[d]);
    }
}

static void put_grid(out_t *o, const swt_topo_t *t)
{
    static const char *const short_axis[] = { "x", "y", "z" };
    char item[16 * SWT_MAX_DIMS], rest[16 * SWT_MAX_DIMS];
    int c[SWT_MAX_DIMS];

    put(o, "grid ");
    put_shape(o, &t->grid);
    put(o, " wrap=");
    for (int d = 0; d < t->grid.ndims; ++d) {
        put(o, "%s%d", d ? "," : "", t->wrap[d]);
    }
    put(o, "\n");
    for (int k = 0; k < t->nkinds; ++k) {
        put_kind(o, t, k);
    }
    put(o, "usable");
    for (int k = 0; k < t->nkinds; ++k) {
        if ((t->usable & (1ULL << k)) && kind_used(t, k)) {
            put(o, " %s", t->kinds[k]);
        }
    }
    put(o, "\n");
    switch (t->map) {
    case SWT_MAP_LINES:
        for (int d = 0; d < t->grid.ndims; ++d) {
            out_t list = { NULL, 0, 0, 0 };
            put_runs(&list, NULL, t->lines[d], t->logical.dims[d], 0);
            if (strlen("map d0") + list.used <= SWT_TOPO_MAX_LINE) {
                put(o, "map d%d", d);
            } else if (d < 3 && strlen("map x") + list.used <= SWT_TOPO_MAX_LINE) {
                put(o, "map %s", short_axis[d]);
            } else {
                put(o, "map d%d auto\n", d);
                continue;
            }
            put_runs(o, NULL, t->lines[d], t->logical.dims[d], 0);
            put(o, "\n");
        }
        break;
    case SWT_MAP_ROW_MAJOR: put(o, "map row-major\n"); break;
    case SWT_MAP_TILES:
        put_head(o, "map tiles");
        for (long p = 0; p < t->size; ++p) {
            swt_shape_coords(&t->grid, t->pos_tile[p], c);
            coords_str(rest, sizeof(rest), c, t->grid.ndims, 1);
            snprintf(item, sizeof(item), "%d%s", c[0], rest);
            put_item(o, "map tiles", item);
        }
        put(o, "\n");
        break;
    }
}

int swt_topo_format(const swt_topo_t *topo, char *buf, size_t len)
{
    static const char *const keys[6] = { "alpha", "tau", "beta", "gamma", "o", "cores" };
    const swt_cost_params_t *c = &topo->cost;
    const double v[6] = { c->alpha, c->tau, c->beta, c->gamma, c->o, c->cores };
    out_t o = { buf, len, 0, 0 };

    if (len > 0) {
        buf[0] = '\0';
    }
    put(&o, "name %s\nlogical ", topo->name);
    put_shape(&o, &topo->logical);
    put(&o, "\n");
    if (NULL != topo->fabric) {
        o.used += (size_t) swt_desc_fabric_format(topo->fabric,
                                                  o.used < o.len ? o.buf + o.used : NULL,
                                                  o.used < o.len ? o.len - o.used : 0);
    }
    if (topo->has_grid) {
        put_grid(&o, topo);
    }
    if (NULL == topo->rank_pos) {
        put(&o, "order row-major\n");
    } else {
        put(&o, "order");
        put_runs(&o, topo->rank_pos, NULL, topo->size, 1);
        put(&o, "\n");
    }
    put(&o, "cost");
    for (int i = 0; i < 6; ++i) {
        char num[64];
        if (i >= 4 && 0.0 == v[i]) {
            continue; /* o and cores only when set: older descriptions print as before */
        }
        swt_topo_print_double(num, sizeof(num), v[i]);
        put(&o, " %s=%s", keys[i], num);
    }
    put(&o, "\n");
    if (topo->lo_max_bytes >= 0) {
        put(&o, "decide lo_max_bytes=%lld\n", topo->lo_max_bytes);
    }
    for (int i = 0; i < swt_table_nrows(topo->table); ++i) {
        const swt_table_row_t *r = swt_table_row(topo->table, i);
        char range[48];
        put(&o, "decide %s %s %s", r->coll, swt_table_range(r, range, sizeof(range)), r->alg);
        if (r->ranks > 0) {
            put(&o, " ranks=%ld", r->ranks);
        }
        put(&o, "\n");
    }
    return (int) o.used;
}
