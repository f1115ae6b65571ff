/*
 * Printer of machine descriptions, in the file format the parser reads.
 * It prints the resolved description (every tile's kind, the physical
 * indices of the per-axis map, the explicit rank order), so that
 * parse(format(t)) equals t whatever statements t was written with.
 */
#include "swt_desc_int.h"
#include "swt_table.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct out {
    char *buf;
    size_t len;
    size_t used;
} out_t;

__attribute__((format(printf, 2, 3)))
static void put(out_t *o, const char *fmt, ...)
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

/* " a-b,c" runs of an int sequence; descending runs too when allowed. */
static void put_runs(out_t *o, const long *v, long n, int descending)
{
    for (long i = 0; i < n;) {
        long j = i, step = 0;
        if (i + 1 < n
            && (v[i + 1] == v[i] + 1 || (descending && v[i + 1] == v[i] - 1))) {
            step = v[i + 1] - v[i];
            while (j + 1 < n && v[j + 1] == v[j] + step) {
                ++j;
            }
        }
        put(o, "%s%ld", 0 == i ? " " : ",", v[i]);
        if (j > i) {
            put(o, "-%ld", v[j]);
        }
        i = j + 1;
    }
}

static void put_coords(out_t *o, const int *c, int ndims, int skip0)
{
    for (int d = skip0; d < ndims; ++d) {
        put(o, ",%d", c[d]);
    }
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
    int c[SWT_MAX_DIMS];
    long d0 = t->grid.dims[0];

    if (!kind_used(t, k)) {
        return;
    }
    put(o, "kind %s", t->kinds[k]);
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
            if (end > x) {
                put(o, " %ld-%ld", x, end);
            } else {
                put(o, " %ld", x);
            }
            put_coords(o, c, t->grid.ndims, 1);
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
    long chunk[64];
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
            put(o, "map d%d", d);
            for (long i = 0; i < t->logical.dims[d];) {
                long n = 0;
                for (; i < t->logical.dims[d] && n < 64; ++i) {
                    chunk[n++] = t->lines[d][i];
                }
                put_runs(o, chunk, n, 0);
            }
            put(o, "\n");
        }
        break;
    case SWT_MAP_ROW_MAJOR:
        put(o, "map row-major\n");
        break;
    case SWT_MAP_TILES:
        put(o, "map tiles");
        for (long p = 0; p < t->size; ++p) {
            swt_shape_coords(&t->grid, t->pos_tile[p], c);
            put(o, " %d", c[0]);
            put_coords(o, c, t->grid.ndims, 1);
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
    out_t o = { buf, len, 0 };

    if (len > 0) {
        buf[0] = '\0';
    }
    put(&o, "name %s\nlogical ", topo->name);
    put_shape(&o, &topo->logical);
    put(&o, "\n");
    if (NULL != topo->fabric) {
        o.used += (size_t) swt_desc_fabric_format(topo->fabric, o.used < o.len ? o.buf + o.used
                                                  : NULL, o.used < o.len ? o.len - o.used : 0);
    }
    if (topo->has_grid) {
        put_grid(&o, topo);
    }
    if (NULL == topo->rank_pos) {
        put(&o, "order row-major\n");
    } else {
        put(&o, "order");
        put_runs(&o, topo->rank_pos, topo->size, 1);
        put(&o, "\n");
    }
    put(&o, "cost");
    for (int i = 0; i < 6; ++i) {
        char num[64];
        if (i >= 4 && 0.0 == v[i]) {
            continue;   /* o and cores only when set: older descriptions print as before */
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
