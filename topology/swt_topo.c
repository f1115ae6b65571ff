/*
 * Machine descriptions: loading by spec (preset, shape or @file) and the
 * accessors. A spec is turned into description text and parsed; nothing is
 * special-cased in code:
 *   "n150"            preset text
 *   "n150:harvest=3"  preset text with its "harvest" statement replaced
 *                     by "harvest 3" (any "KEY=VALUE" after a ':')
 *   "torus:8x8"       the "torus" preset with "logical 8x8"
 *   "ring:8", "4x4x4" likewise
 *   "@/path"          the file's text
 */
#include "swt_topo_int.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Generic cluster defaults (see presets/torus.topo for the reasoning). */
void swt_topo_default_cost(swt_cost_params_t *cost)
{
    cost->alpha = 1e-6;
    cost->tau = 1e-7;
    cost->beta = 12.5e9;
    cost->gamma = 1e-10;
}

swt_topo_t *swt_topo_alloc(void)
{
    swt_topo_t *t = calloc(1, sizeof(*t));
    if (NULL != t) {
        swt_topo_default_cost(&t->cost);
        t->lo_max_bytes = -1;
    }
    return t;
}

void swt_topo_destroy(swt_topo_t *topo)
{
    if (NULL == topo) {
        return;
    }
    for (int d = 0; d < SWT_MAX_DIMS; ++d) {
        free(topo->lines[d]);
    }
    free(topo->tile_kind);
    free(topo->tile_pos);
    free(topo->pos_tile);
    free(topo->rank_pos);
    free(topo->pos_rank);
    free(topo);
}

/* Reads a whole file into a NUL-terminated buffer, refusing NUL bytes. */
static int read_file(const char *path, char **out, swt_diag_t *diag)
{
    struct stat st;
    FILE *f = NULL;
    char *buf = NULL;
    size_t n;
    int err = SWT_OK;

    if (0 != stat(path, &st)) {
        return swt_diag_set(diag, SWT_ERR_IO, path, 0, 0, "cannot open: %s",
                            strerror(errno));
    }
    if (!S_ISREG(st.st_mode)) {
        return swt_diag_set(diag, SWT_ERR_IO, path, 0, 0,
                            "not a regular file (a directory?)");
    }
    if (st.st_size > SWT_TOPO_MAX_FILE) {
        return swt_diag_set(diag, SWT_ERR_IO, path, 0, 0,
                            "file too large (%lld bytes, limit %ld)",
                            (long long) st.st_size, (long) SWT_TOPO_MAX_FILE);
    }
    f = fopen(path, "rb");
    if (NULL == f) {
        return swt_diag_set(diag, SWT_ERR_IO, path, 0, 0, "cannot open: %s",
                            strerror(errno));
    }
    buf = malloc((size_t) SWT_TOPO_MAX_FILE + 2);
    if (NULL == buf) {
        err = swt_diag_set(diag, SWT_ERR_NOMEM, path, 0, 0, "out of memory");
        goto out;
    }
    n = fread(buf, 1, (size_t) SWT_TOPO_MAX_FILE + 1, f);
    if (ferror(f)) {
        err = swt_diag_set(diag, SWT_ERR_IO, path, 0, 0, "read error: %s",
                           strerror(errno));
        goto out;
    }
    if (n > (size_t) SWT_TOPO_MAX_FILE) {
        err = swt_diag_set(diag, SWT_ERR_IO, path, 0, 0,
                           "file too large (limit %ld bytes)",
                           (long) SWT_TOPO_MAX_FILE);
        goto out;
    }
    buf[n] = '\0';
    if (strlen(buf) != n) {
        size_t at = strlen(buf);
        int line = 1, col = 1;
        for (size_t i = 0; i < at; ++i) {
            if ('\n' == buf[i]) {
                ++line;
                col = 1;
            } else {
                ++col;
            }
        }
        err = swt_diag_set(diag, SWT_ERR_PARSE, path, line, col,
                           "binary data (NUL byte): expected a text file");
        goto out;
    }
    *out = buf;
    buf = NULL;
out:
    free(buf);
    if (NULL != f) {
        fclose(f);
    }
    return err;
}

#define SWT_TOPO_MAX_OVR 8

/* "KEY VALUE" statements that replace a preset's own KEY statements. */
typedef struct swt_ovr {
    int n;
    const char *key[SWT_TOPO_MAX_OVR];
    size_t keylen[SWT_TOPO_MAX_OVR];
    const char *val[SWT_TOPO_MAX_OVR];
    size_t vallen[SWT_TOPO_MAX_OVR];
} swt_ovr_t;

/*
 * Preset text with overrides: every line whose keyword is overridden
 * becomes empty (so line numbers stay), and the overriding statements are
 * appended.
 */
static int apply_overrides(const char *text, const swt_ovr_t *ovr, char **out)
{
    size_t need = strlen(text) + 2;
    const char *p = text;
    char *buf, *q;

    for (int i = 0; i < ovr->n; ++i) {
        need += ovr->keylen[i] + ovr->vallen[i] + 2;
    }
    buf = malloc(need);
    if (NULL == buf) {
        return SWT_ERR_NOMEM;
    }
    q = buf;
    while ('\0' != *p) {
        const char *eol = strchr(p, '\n'), *k = p;
        size_t len = eol ? (size_t) (eol - p) : strlen(p), klen;
        int drop = 0;

        while (' ' == *k || '\t' == *k) {
            ++k;
        }
        klen = strcspn(k, " \t\n#");
        for (int i = 0; i < ovr->n; ++i) {
            if (ovr->keylen[i] == klen && 0 == strncmp(ovr->key[i], k, klen)) {
                drop = 1;
            }
        }
        if (!drop) {
            memcpy(q, p, len);
            q += len;
        }
        *q++ = '\n';
        p += len + (NULL != eol);
    }
    for (int i = 0; i < ovr->n; ++i) {
        q += sprintf(q, "%.*s %.*s\n", (int) ovr->keylen[i], ovr->key[i],
                     (int) ovr->vallen[i], ovr->val[i]);
    }
    *out = buf;
    return SWT_OK;
}

static int is_shape_spec(const char *spec)
{
    return 0 == strncmp(spec, "torus:", 6) || 0 == strncmp(spec, "ring:", 5)
           || (spec[0] >= '0' && spec[0] <= '9');
}

/* Splits "key=value:key=value" into ovr. */
static int split_overrides(const char *s, swt_ovr_t *ovr)
{
    for (;;) {
        size_t seg = strcspn(s, ":"), key = strcspn(s, "=:");
        if (0 == key || key >= seg || ovr->n == SWT_TOPO_MAX_OVR - 1
            || seg != strcspn(s, ":\n#")) {
            return SWT_ERR_PARSE;
        }
        ovr->key[ovr->n] = s;
        ovr->keylen[ovr->n] = key;
        ovr->val[ovr->n] = s + key + 1;
        ovr->vallen[ovr->n] = seg - key - 1;
        ++ovr->n;
        if ('\0' == s[seg]) {
            return SWT_OK;
        }
        s += seg + 1;
    }
}

static int has_key(const swt_ovr_t *ovr, const char *key)
{
    for (int i = 0; i < ovr->n; ++i) {
        if (ovr->keylen[i] == strlen(key)
            && 0 == strncmp(ovr->key[i], key, ovr->keylen[i])) {
            return 1;
        }
    }
    return 0;
}

static int unknown_preset(const char *spec, size_t namelen, const char *origin,
                          swt_diag_t *diag)
{
    const char *const *names = swt_topo_presets();
    char list[128] = "";

    for (int i = 0; NULL != names[i]; ++i) {
        size_t used = strlen(list);
        snprintf(list + used, sizeof(list) - used, "%s%s", i ? ", " : "",
                 names[i]);
    }
    return swt_diag_set(diag, SWT_ERR_INVALID, origin, 0, 0,
                        "unknown topology '%.*s': expected a preset (%s), "
                        "a shape such as torus:8x8, or @file",
                        (int) (namelen > 64 ? 64 : namelen), spec, list);
}

int swt_topo_load(const char *spec, swt_topo_t **topo, swt_diag_t *diag)
{
    char origin[sizeof(((swt_diag_t *) 0)->origin)];
    char name[SWT_TOPO_NAME_LEN + 8];
    swt_ovr_t ovr;
    char *text = NULL;
    const char *base;
    int err;

    if (NULL == spec || NULL == topo) {
        return swt_diag_set(diag, SWT_ERR_INVALID, "", 0, 0,
                            "no topology given");
    }
    *topo = NULL;
    if ('@' == spec[0]) {
        err = read_file(spec + 1, &text, diag);
        if (SWT_OK == err) {
            err = swt_topo_parse(text, spec + 1, topo, diag);
        }
        free(text);
        return err;
    }
    snprintf(origin, sizeof(origin), "preset:%s", spec);
    memset(&ovr, 0, sizeof(ovr));
    if (is_shape_spec(spec)) {
        const char *shape = spec + (0 == strncmp(spec, "torus:", 6) ? 6
                                    : 0 == strncmp(spec, "ring:", 5) ? 5 : 0);
        if (strcspn(shape, ":= \t\n#") != strlen(shape)) {
            return swt_diag_set(diag, SWT_ERR_PARSE, origin, 0, 0,
                                "expected a shape such as torus:8x8 or ring:8");
        }
        /* the name is the spec, with "torus:" when it has no prefix */
        snprintf(name, sizeof(name), "%s%s", shape == spec ? "torus:" : "",
                 spec);
        ovr.n = 2;
        ovr.key[0] = "name";
        ovr.keylen[0] = 4;
        ovr.val[0] = name;
        ovr.vallen[0] = strlen(name);
        ovr.key[1] = "logical";
        ovr.keylen[1] = 7;
        ovr.val[1] = spec;      /* the parser reads the prefix */
        ovr.vallen[1] = strlen(spec);
        base = swt_preset_lookup("torus", 5);
    } else {
        size_t namelen = strcspn(spec, ":");
        base = swt_preset_lookup(spec, namelen);
        if (NULL == base) {
            return unknown_preset(spec, namelen, origin, diag);
        }
        if (':' == spec[namelen]
            && SWT_OK != split_overrides(spec + namelen + 1, &ovr)) {
            return swt_diag_set(diag, SWT_ERR_PARSE, origin, 0, 0,
                                "expected KEY=VALUE after ':' (as in "
                                "n150:harvest=3), at most %d",
                                SWT_TOPO_MAX_OVR - 1);
        }
        /* "n150:harvest=3" names itself, unless it sets a name */
        if (ovr.n > 0 && !has_key(&ovr, "name")) {
            ovr.key[ovr.n] = "name";
            ovr.keylen[ovr.n] = 4;
            ovr.val[ovr.n] = spec;
            ovr.vallen[ovr.n] = strlen(spec);
            ++ovr.n;
        }
    }
    if (0 == ovr.n) {
        return swt_topo_parse(base, origin, topo, diag);
    }
    err = apply_overrides(base, &ovr, &text);
    if (SWT_OK != err) {
        return swt_diag_set(diag, err, origin, 0, 0, "out of memory");
    }
    err = swt_topo_parse(text, origin, topo, diag);
    free(text);
    return err;
}

const char *swt_topo_name(const swt_topo_t *topo)
{
    return topo->name;
}

const swt_shape_t *swt_topo_logical(const swt_topo_t *topo)
{
    return &topo->logical;
}

const swt_shape_t *swt_topo_grid(const swt_topo_t *topo)
{
    return &topo->grid;
}

int swt_topo_has_grid(const swt_topo_t *topo)
{
    return topo->has_grid;
}

int swt_topo_wraps(const swt_topo_t *topo, int dim)
{
    if (dim < 0 || dim >= topo->grid.ndims) {
        return 0;
    }
    return topo->has_grid ? topo->wrap[dim] : 1;
}

/* Tile index of physical coordinates, or -1 when outside the grid. */
static long tile_index(const swt_topo_t *topo, const int *phys)
{
    for (int d = 0; d < topo->grid.ndims; ++d) {
        if (phys[d] < 0 || phys[d] >= topo->grid.dims[d]) {
            return -1;
        }
    }
    return swt_shape_pos(&topo->grid, phys);
}

void swt_topo_tile(const swt_topo_t *topo, long pos, int *phys)
{
    if (pos < 0 || pos >= topo->size) {
        for (int d = 0; d < topo->grid.ndims; ++d) {
            phys[d] = -1;
        }
        return;
    }
    swt_shape_coords(&topo->grid, topo->has_grid ? topo->pos_tile[pos] : pos,
                     phys);
}

const char *swt_topo_kind(const swt_topo_t *topo, const int *phys)
{
    long t = tile_index(topo, phys);
    if (t < 0) {
        return NULL;
    }
    return topo->has_grid ? topo->kinds[topo->tile_kind[t]] : "node";
}

long swt_topo_pos_at(const swt_topo_t *topo, const int *phys)
{
    long t = tile_index(topo, phys);
    if (t < 0) {
        return -1;
    }
    return topo->has_grid ? topo->tile_pos[t] : t;
}

long swt_topo_rank_pos(const swt_topo_t *topo, long rank)
{
    if (rank < 0 || rank >= topo->size) {
        return -1;
    }
    return topo->rank_pos ? topo->rank_pos[rank] : rank;
}

long swt_topo_pos_rank(const swt_topo_t *topo, long pos)
{
    if (pos < 0 || pos >= topo->size) {
        return -1;
    }
    return topo->pos_rank ? topo->pos_rank[pos] : pos;
}

const swt_cost_params_t *swt_topo_cost(const swt_topo_t *topo)
{
    return &topo->cost;
}

int swt_topo_set_cost(swt_topo_t *topo, const swt_cost_params_t *cost)
{
    /* the parser's domain: alpha and beta positive, tau and gamma not negative */
    if (!(cost->alpha > 0.0 && cost->beta > 0.0 && cost->tau >= 0.0 && cost->gamma >= 0.0)
        || !isfinite(cost->alpha + cost->beta + cost->tau + cost->gamma)) {
        return SWT_ERR_INVALID;
    }
    topo->cost = *cost;
    return SWT_OK;
}

long long swt_topo_lo_max_bytes(const swt_topo_t *topo)
{
    return topo->lo_max_bytes;
}

int swt_topo_set_lo_max_bytes(swt_topo_t *topo, long long bytes)
{
    if (bytes < -1 || bytes > SWT_TOPO_MAX_LO_BYTES) {
        return SWT_ERR_INVALID;
    }
    topo->lo_max_bytes = bytes;
    return SWT_OK;
}

static int same_shape(const swt_shape_t *a, const swt_shape_t *b)
{
    if (a->ndims != b->ndims) {
        return 0;
    }
    for (int d = 0; d < a->ndims; ++d) {
        if (a->dims[d] != b->dims[d]) {
            return 0;
        }
    }
    return 1;
}

int swt_topo_equal(const swt_topo_t *a, const swt_topo_t *b)
{
    if (0 != strcmp(a->name, b->name) || !same_shape(&a->logical, &b->logical)
        || a->has_grid != b->has_grid || !same_shape(&a->grid, &b->grid)
        || 0 != memcmp(&a->cost, &b->cost, sizeof(a->cost))
        || a->lo_max_bytes != b->lo_max_bytes) {
        return 0;
    }
    for (long r = 0; (a->rank_pos || b->rank_pos) && r < a->size; ++r) {
        if (swt_topo_rank_pos(a, r) != swt_topo_rank_pos(b, r)) {
            return 0;
        }
    }
    if (!a->has_grid) {
        return 1;
    }
    for (int d = 0; d < a->grid.ndims; ++d) {
        if (a->wrap[d] != b->wrap[d]) {
            return 0;
        }
    }
    for (long t = 0; t < a->ntiles; ++t) {
        const char *ka = a->kinds[a->tile_kind[t]], *kb = b->kinds[b->tile_kind[t]];
        if (0 != strcmp(ka, kb) || a->tile_pos[t] != b->tile_pos[t]) {
            return 0;
        }
    }
    return 1;
}
