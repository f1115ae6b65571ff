/* SPDX-License-Identifier: BSD-3-Clause */
/* One fuzz input through the description parser and its readers (fuzz_topo.h). */
#define _GNU_SOURCE /* memfd_create */
#include "fuzz_topo.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "swt.h"
#include "swt_cost.h"
#include "swt_layout.h"
#include "swt_topo.h"

typedef struct fz {
    char *why;
    size_t whylen;
    int bad;
    int loaded; /* descriptions that loaded */
} fz_t;

int fz_inject;
long fz_max_print_tiles;

__attribute__((format(printf, 2, 3))) static int fz_fail(fz_t *fz, const char *fmt, ...)
{
    va_list ap;

    if (!fz->bad) {
        va_start(ap, fmt);
        vsnprintf(fz->why, fz->whylen, fmt, ap);
        va_end(ap);
    }
    fz->bad = 1;
    return 1;
}

/* swt_topo_format into a new buffer; NULL (and a finding) when it misbehaves. */
static char *fz_format(fz_t *fz, const swt_topo_t *t)
{
    int n = swt_topo_format(t, NULL, 0), again;
    char *buf;

    if (n <= 0) {
        fz_fail(fz, "swt_topo_format needs %d bytes", n);
        return NULL;
    }
    buf = malloc((size_t) n + 1);
    if (NULL == buf) {
        return NULL;
    }
    again = swt_topo_format(t, buf, (size_t) n + 1);
    if (again != n || strlen(buf) != (size_t) n) {
        fz_fail(fz, "swt_topo_format: %d bytes announced, %d returned, %zu written", n, again,
                strlen(buf));
        free(buf);
        return NULL;
    }
    return buf;
}

/* Printing a description of a million tiles takes about 0.4 s here (9 MB),
   ten times that instrumented: over 1 MiB of text, it is printed and parsed
   back once, and the other checks of the printer are left out. */
#define FZ_BIG_TEXT (1 << 20)

/* A short buffer gets a NUL-terminated prefix of the whole text, as snprintf
   (one length only for a text over 64 KiB, none over FZ_BIG_TEXT). */
static void fz_check_truncation(fz_t *fz, const swt_topo_t *t, const char *whole)
{
    size_t n = strlen(whole);
    size_t lens[] = { n / 2 + 1, 1, 2, 7, n };
    size_t nlens = (n > FZ_BIG_TEXT) ? 0 : (n > 65536) ? 1 : sizeof(lens) / sizeof(lens[0]);

    for (size_t i = 0; i < nlens; ++i) {
        size_t len = lens[i];
        char *buf = malloc(len + 16);
        if (NULL == buf) {
            return;
        }
        memset(buf, 'Z', len + 16);
        int got = swt_topo_format(t, buf, len);
        size_t want = (len - 1 < n) ? len - 1 : n;
        if ((size_t) got != n || strlen(buf) != want || 0 != memcmp(buf, whole, want)
            || 'Z' != buf[len]) {
            fz_fail(fz,
                    "swt_topo_format into %zu bytes: returned %d, wrote \"%.40s\" "
                    "(%zu bytes), byte past the buffer %s",
                    len, got, buf, strlen(buf), 'Z' != buf[len] ? "written" : "intact");
        }
        free(buf);
    }
}

/* Printed text parses back to an equal description that prints the same. */
static void fz_check_round_trip(fz_t *fz, const swt_topo_t *t)
{
    swt_topo_t *back = NULL;
    swt_diag_t diag;
    char *text = fz_format(fz, t), *again = NULL;
    int rc;

    if (NULL == text) {
        return;
    }
    fz_check_truncation(fz, t, text);
    if (fz_inject) {
        /* "name X..." becomes "name Q..." (or R): another description */
        text[5] = 'Q' == text[5] ? 'R' : 'Q';
    }
    memset(&diag, 0, sizeof(diag));
    rc = swt_topo_parse(text, "formatted", &back, &diag);
    if (SWT_OK != rc) {
        fz_fail(fz, "printed description does not parse back: %d:%d: %s\n%.2000s", diag.line,
                diag.col, diag.msg, text);
    } else if (!swt_topo_equal(t, back) || !swt_topo_equal(back, t)) {
        fz_fail(fz, "printed description parses to a different one:\n%.2000s", text);
    } else if (strlen(text) <= FZ_BIG_TEXT && NULL != (again = fz_format(fz, back))
               && 0 != strcmp(text, again)) {
        fz_fail(fz, "printed twice, two texts:\n%.1000s\n---\n%.1000s", text, again);
    }
    free(again);
    free(text);
    swt_topo_destroy(back);
}

/* Rank <-> position <-> tile agree, and out-of-range arguments give -1. */
static void fz_check_accessors(fz_t *fz, const swt_topo_t *t)
{
    const swt_shape_t *lg = swt_topo_logical(t), *grid = swt_topo_grid(t);
    long size = swt_shape_size(lg), step = size > 65536 ? size / 4096 : 1;
    int phys[SWT_MAX_DIMS];

    if (lg->ndims < 1 || lg->ndims > SWT_MAX_DIMS || size < 1 || grid->ndims < 1
        || grid->ndims > SWT_MAX_DIMS) {
        fz_fail(fz,
                "shape out of range: %d logical dimensions, %ld positions, %d grid "
                "dimensions",
                lg->ndims, size, grid->ndims);
        return;
    }
    if (-1 != swt_topo_rank_pos(t, -1) || -1 != swt_topo_rank_pos(t, size)
        || -1 != swt_topo_pos_rank(t, -1) || -1 != swt_topo_pos_rank(t, size)) {
        fz_fail(fz, "rank/position out of range not -1");
    }
    swt_topo_tile(t, size, phys);
    for (int d = 0; d < grid->ndims; ++d) {
        if (-1 != phys[d]) {
            fz_fail(fz, "tile of position %ld (out of range) not -1", size);
        }
    }
    for (long r = 0; r < size && !fz->bad; r += step) {
        long pos = swt_topo_rank_pos(t, r);
        if (pos < 0 || pos >= size || swt_topo_pos_rank(t, pos) != r) {
            fz_fail(fz, "rank %ld -> position %ld -> rank %ld", r, pos, swt_topo_pos_rank(t, pos));
            return;
        }
        swt_topo_tile(t, pos, phys);
        for (int d = 0; d < grid->ndims; ++d) {
            if (phys[d] < 0 || phys[d] >= grid->dims[d]) {
                fz_fail(fz, "position %ld on a tile outside the grid", pos);
                return;
            }
        }
        if (swt_topo_pos_at(t, phys) != pos || NULL == swt_topo_kind(t, phys)) {
            fz_fail(fz, "position %ld -> tile -> position %ld (kind %s)", pos,
                    swt_topo_pos_at(t, phys), swt_topo_kind(t, phys));
            return;
        }
    }
    if (swt_topo_has_grid(t) && swt_shape_size(grid) <= FZ_MAX_TILES) {
        long hosting = 0, n = swt_shape_size(grid);
        for (long i = 0; i < n; ++i) {
            swt_shape_coords(grid, i, phys);
            long pos = swt_topo_pos_at(t, phys);
            if (NULL == swt_topo_kind(t, phys) || pos < -1 || pos >= size) {
                fz_fail(fz, "tile %ld: kind %s, position %ld", i, swt_topo_kind(t, phys), pos);
                return;
            }
            hosting += pos >= 0;
        }
        if (hosting != size) {
            fz_fail(fz, "%ld tiles host a position, %ld positions", hosting, size);
        }
    }
}

/* Peers and block ranges of a step list in range; part schedules of one
   position have equally many steps (checked by the caller). */
static void fz_check_sched(fz_t *fz, const swt_sched_t *s, long size, const char *what)
{
    long nb = swt_sched_nblocks(s);

    if (nb < 0 || nb > size || swt_sched_nsteps(s) < 0) {
        fz_fail(fz, "%s: %ld blocks, %d steps", what, nb, swt_sched_nsteps(s));
        return;
    }
    for (int i = 0; i < swt_sched_nsteps(s); ++i) {
        const swt_step_t *st = swt_sched_step(s, i);
        if (NULL == st || st->peer < 0 || st->peer >= size || st->from < 0 || st->from >= size
            || st->send_lo < 0 || st->send_n < 0 || st->send_lo + st->send_n > nb || st->recv_lo < 0
            || st->recv_n < 0 || st->recv_lo + st->recv_n > nb) {
            fz_fail(fz,
                    "%s: step %d: peer %ld from %ld send %ld+%ld recv %ld+%ld of %ld "
                    "blocks",
                    what, i, st ? st->peer : -1, st ? st->from : -1, st ? st->send_lo : -1,
                    st ? st->send_n : -1, st ? st->recv_lo : -1, st ? st->recv_n : -1, nb);
            return;
        }
    }
}

static const char *const fz_alg_names[] = { "swing", "rd", "ring" };

static void fz_check_parts(fz_t *fz, const swt_topo_t *t, swt_alg_t alg, swt_kind_t kind, long pos)
{
    const swt_shape_t *lg = swt_topo_logical(t);
    long size = swt_shape_size(lg);
    int most = swt_alg_nparts(lg, alg), counts[2] = { 1, most };
    char what[96];

    if (most < 1 || most > 2 * SWT_MAX_DIMS) {
        fz_fail(fz, "%s: %d parts", fz_alg_names[alg], most);
        return;
    }
    for (int c = 0; c < 2 && !fz->bad; ++c) {
        int nparts = counts[c], nsteps = -1;
        for (int part = 0; part < nparts && !fz->bad; ++part) {
            swt_sched_t *s = NULL;
            int rc = swt_sched_create_part(t, alg, kind, pos, part, nparts, &s);
            snprintf(what, sizeof(what), "%s %s position %ld part %d of %d", fz_alg_names[alg],
                     SWT_KIND_LO == kind ? "LO" : "BO", pos, part, nparts);
            if (SWT_OK != rc) {
                fz_fail(fz, "%s: swt_sched_create_part: %s", what, swt_strerror(rc));
                return;
            }
            fz_check_sched(fz, s, size, what);
            if (nsteps >= 0 && swt_sched_nsteps(s) != nsteps) {
                fz_fail(fz, "%s: %d steps, part 0 has %d", what, swt_sched_nsteps(s), nsteps);
            }
            nsteps = swt_sched_nsteps(s);
            swt_sched_destroy(s);
        }
    }
}

static void fz_check_layouts(fz_t *fz, const swt_topo_t *t, swt_alg_t alg)
{
    long size = swt_shape_size(swt_topo_logical(t));
    int nparts = swt_alg_nparts(swt_topo_logical(t), alg);

    for (int part = 0; part < nparts && !fz->bad; ++part) {
        swt_layout_t *l = NULL;
        int rc = swt_layout_create_part(t, alg, part, &l);
        if (SWT_OK != rc) {
            fz_fail(fz, "%s layout part %d: %s", fz_alg_names[alg], part, swt_strerror(rc));
            return;
        }
        if (swt_layout_size(l) != size || swt_layout_first(l, swt_layout_nblocks(l)) != size) {
            fz_fail(fz, "%s layout part %d: %ld positions, blocks end at %ld, %ld positions",
                    fz_alg_names[alg], part, swt_layout_size(l),
                    swt_layout_first(l, swt_layout_nblocks(l)), size);
        }
        for (long i = 0; i < size && !fz->bad; ++i) {
            long pos = swt_layout_pos(l, i);
            if (pos < 0 || pos >= size || swt_layout_index(l, pos) != i) {
                fz_fail(fz, "%s layout part %d: index %ld -> position %ld -> index %ld",
                        fz_alg_names[alg], part, i, pos,
                        pos >= 0 && pos < size ? swt_layout_index(l, pos) : -1);
            }
        }
        swt_layout_destroy(l);
    }
}

static void fz_check_model(fz_t *fz, const swt_topo_t *t)
{
    const swt_shape_t *lg = swt_topo_logical(t);
    swt_model_t *m = NULL;
    int rc = swt_model_create(t, NULL, &m);
    static const double sizes[] = { 0.0, 8.0, 65536.0, 1 << 26 };

    if (SWT_OK != rc) {
        fz_fail(fz, "swt_model_create: %s", swt_strerror(rc));
        return;
    }
    for (int a = 0; a < 3 && !fz->bad; ++a) {
        for (int k = 0; k < 2; ++k) {
            int np = swt_alg_nparts(lg, (swt_alg_t) a);
            for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); ++i) {
                double t1 = swt_model_time(m, (swt_alg_t) a, (swt_kind_t) k, sizes[i]);
                double tp = swt_model_time_parts(m, (swt_alg_t) a, (swt_kind_t) k, np, sizes[i]);
                double rs = swt_model_time_half(m, (swt_alg_t) a, (swt_kind_t) k, SWT_HALF_RS,
                                                sizes[i]);
                int modelled = !(SWT_ALG_RING == a && SWT_KIND_LO == k);
                if (modelled
                    && (!(t1 >= 0.0) || !isfinite(t1) || !(tp >= 0.0) || !isfinite(tp)
                        || isnan(rs))) {
                    fz_fail(fz,
                            "model: %s %s %g bytes: %g s single port, %g s with %d parts, "
                            "%g s reduce-scatter",
                            fz_alg_names[a], k ? "BO" : "LO", sizes[i], t1, tp, np, rs);
                }
            }
        }
        if (isnan(swt_model_lo_max_bytes(m, (swt_alg_t) a))
            || swt_model_lo_max_bytes(m, (swt_alg_t) a) < 0) {
            fz_fail(fz, "model: %s LO/BO crossover %g", fz_alg_names[a],
                    swt_model_lo_max_bytes(m, (swt_alg_t) a));
        }
    }
    swt_model_destroy(m);
}

/* Schedules, layouts and the model of a small description. */
static void fz_check_schedules(fz_t *fz, const swt_topo_t *t)
{
    const swt_shape_t *lg = swt_topo_logical(t);
    long size = swt_shape_size(lg), pos[3] = { 0, size / 2, size - 1 };

    if (size > FZ_MAX_SCHED || swt_shape_size(swt_topo_grid(t)) > FZ_MAX_TILES) {
        return;
    }
    for (int i = 0; i < 3 && !fz->bad; ++i) {
        if (i > 0 && pos[i] == pos[i - 1]) {
            continue;
        }
        for (int a = 0; a < 2; ++a) {
            for (int k = 0; k < 2 && !fz->bad; ++k) {
                swt_sched_t *s = NULL;
                int rc = swt_sched_create(lg, (swt_alg_t) a, (swt_kind_t) k, pos[i], &s);
                if (SWT_OK != rc) {
                    fz_fail(fz, "swt_sched_create %s %s %ld: %s", fz_alg_names[a], k ? "BO" : "LO",
                            pos[i], swt_strerror(rc));
                    break;
                }
                fz_check_sched(fz, s, size, "single-port");
                swt_sched_destroy(s);
                fz_check_parts(fz, t, (swt_alg_t) a, (swt_kind_t) k, pos[i]);
            }
        }
        fz_check_parts(fz, t, SWT_ALG_RING, SWT_KIND_BO, pos[i]);
    }
    for (int a = 0; a < 3 && !fz->bad; ++a) {
        fz_check_layouts(fz, t, (swt_alg_t) a);
    }
    if (!fz->bad) {
        fz_check_model(fz, t);
    }
}

static void fz_check(fz_t *fz, const swt_topo_t *t)
{
    fz_check_accessors(fz, t);
    if (!fz->bad
        && (0 == fz_max_print_tiles || !swt_topo_has_grid(t)
            || swt_shape_size(swt_topo_grid(t)) <= fz_max_print_tiles)) {
        fz_check_round_trip(fz, t);
    }
    if (!fz->bad) {
        fz_check_schedules(fz, t);
    }
}

/* A rejected description must say where and why. */
static void fz_check_diag(fz_t *fz, int rc, const swt_diag_t *d, const char *how)
{
    if (SWT_OK == rc) {
        return;
    }
    if (rc < 0 || rc >= SWT_ERR_COUNT) {
        fz_fail(fz, "%s: error code %d", how, rc);
    } else if ('\0' == d->msg[0] || d->line < 0 || d->col < 0
               || NULL == memchr(d->msg, '\0', sizeof(d->msg))
               || NULL == memchr(d->origin, '\0', sizeof(d->origin))) {
        fz_fail(fz, "%s: %s without a message (line %d col %d)", how, swt_strerror(rc), d->line,
                d->col);
    }
}

/* The anonymous file behind '@' inputs: made once, rewritten per input. */
static int fz_memfd = -1;

static int fz_write_file(const uint8_t *data, size_t size)
{
    size_t done = 0;

    if (fz_memfd < 0) {
        fz_memfd = memfd_create("swt-fuzz", 0);
        if (fz_memfd < 0) {
            return -1;
        }
    }
    if (0 != ftruncate(fz_memfd, 0)) {
        return -1;
    }
    while (done < size) {
        ssize_t n = pwrite(fz_memfd, data + done, size - done, (off_t) done);
        if (n <= 0) {
            return -1;
        }
        done += (size_t) n;
    }
    return 0;
}

/* Loads (spec) or parses (text) and checks what comes out. */
static void fz_run(fz_t *fz, const char *arg, int is_spec, const char *how)
{
    swt_topo_t *t = NULL;
    swt_diag_t diag;
    int rc;

    memset(&diag, 0, sizeof(diag));
    rc = is_spec ? swt_topo_load(arg, &t, &diag) : swt_topo_parse(arg, NULL, &t, &diag);
    fz_check_diag(fz, rc, &diag, how);
    if (SWT_OK == rc && NULL == t) {
        fz_fail(fz, "%s: SWT_OK without a description", how);
    }
    if (SWT_OK != rc && NULL != t) {
        fz_fail(fz, "%s: %s, yet a description", how, swt_strerror(rc));
    }
    if (SWT_OK == rc && NULL != t && !fz->bad) {
        ++fz->loaded;
        fz_check(fz, t);
    }
    swt_topo_destroy(t);
}

int fz_one(const uint8_t *data, size_t size, char *why, size_t whylen, int *loaded)
{
    fz_t fz = { why, whylen, 0, 0 };
    char *text;

    if (whylen > 0) {
        why[0] = '\0';
    }
    if (size > 0 && '@' == data[0]) {
        char spec[64];
        if (0 == fz_write_file(data + 1, size - 1)) {
            snprintf(spec, sizeof(spec), "@/proc/self/fd/%d", fz_memfd);
            fz_run(&fz, spec, 1, "swt_topo_load(@file)");
        }
        if (NULL != loaded) {
            *loaded = fz.loaded;
        }
        return fz.bad;
    }
    text = malloc(size + 1);
    if (NULL == text) {
        return 0;
    }
    memcpy(text, data, size);
    text[size] = '\0';
    fz_run(&fz, text, 0, "swt_topo_parse");
    if (!fz.bad && size <= FZ_SPEC_MAX && NULL == memchr(data, '\n', size)
        && NULL == memchr(data, '\0', size)) {
        fz_run(&fz, text, 1, "swt_topo_load(spec)");
    }
    free(text);
    if (NULL != loaded) {
        *loaded = fz.loaded;
    }
    return fz.bad;
}

void fz_print_input(const uint8_t *data, size_t size)
{
    fputc('"', stdout);
    for (size_t i = 0; i < size; ++i) {
        unsigned char c = data[i];
        if ('\n' == c) {
            fputs("\\n\"\n\"", stdout);
        } else if ('"' == c || '\\' == c) {
            printf("\\%c", c);
        } else if (c < 0x20 || c >= 0x7f) {
            printf("\\x%02x\"\"", c);
        } else {
            fputc(c, stdout);
        }
    }
    fputs("\"\n", stdout);
}
