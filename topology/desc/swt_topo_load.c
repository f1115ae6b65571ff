/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Loading machine descriptions: swt_topo_load and swt_topo_parse, the
 * entries of swt_topo.h that turn a spec or a text into a description.
 * A spec is turned into description text and parsed (swt_desc_parse.c);
 * nothing is special-cased in code:
 *   "n150"            preset text
 *   "n150:harvest=3"  preset text with its "harvest" statement replaced
 *                     by "harvest 3" (any "KEY=VALUE" after a ':')
 *   "dragonfly:4,4"   preset text with its "dragonfly" statement replaced
 *                     by "dragonfly 4,4" (a first value without a key:
 *                     the statement named like the preset)
 *   "torus:8x8"       the "torus" preset with "logical 8x8"
 *   "ring:8", "4x4x4" likewise
 *   "@/path"          the file's text
 * and swt_table_load (swt_table.h), a decision file's rows.
 */
#include "swt_table.h"
#include "swt_topo_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Reads a whole file into a NUL-terminated buffer, refusing NUL bytes. */
static int read_file(const char *path, char **out, swt_diag_t *diag)
{
    struct stat st;
    FILE *f = NULL;
    char *buf = NULL;
    size_t n;
    int err = SWT_OK;

    if (0 != stat(path, &st)) {
        return swt_diag_set(diag, SWT_ERR_IO, path, 0, 0, "cannot open: %s", strerror(errno));
    }
    if (!S_ISREG(st.st_mode)) {
        return swt_diag_set(diag, SWT_ERR_IO, path, 0, 0, "not a regular file (a directory?)");
    }
    if (st.st_size > SWT_TOPO_MAX_FILE) {
        return swt_diag_set(diag, SWT_ERR_IO, path, 0, 0, "file too large (%lld bytes, limit %ld)",
                            (long long) st.st_size, (long) SWT_TOPO_MAX_FILE);
    }
    f = fopen(path, "rb");
    if (NULL == f) {
        return swt_diag_set(diag, SWT_ERR_IO, path, 0, 0, "cannot open: %s", strerror(errno));
    }
    buf = malloc((size_t) SWT_TOPO_MAX_FILE + 2);
    if (NULL == buf) {
        err = swt_diag_set(diag, SWT_ERR_NOMEM, path, 0, 0, "out of memory");
        goto out;
    }
    n = fread(buf, 1, (size_t) SWT_TOPO_MAX_FILE + 1, f);
    if (ferror(f)) {
        err = swt_diag_set(diag, SWT_ERR_IO, path, 0, 0, "read error: %s", strerror(errno));
        goto out;
    }
    if (n > (size_t) SWT_TOPO_MAX_FILE) {
        err = swt_diag_set(diag, SWT_ERR_IO, path, 0, 0, "file too large (limit %ld bytes)",
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
        q += sprintf(q, "%.*s %.*s\n", (int) ovr->keylen[i], ovr->key[i], (int) ovr->vallen[i],
                     ovr->val[i]);
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
        if (0 == key || key >= seg || ovr->n == SWT_TOPO_MAX_OVR - 1 || seg != strcspn(s, ":\n#")) {
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

/* 1 when text has a statement whose keyword is word[0..len). */
static int has_statement(const char *text, const char *word, size_t len)
{
    for (const char *p = text; NULL != p; p = strchr(p, '\n')) {
        p += ('\n' == *p);
        p += strspn(p, " \t");
        if (0 == strncmp(p, word, len) && (' ' == p[len] || '\t' == p[len])) {
            return 1;
        }
    }
    return 0;
}

static int has_key(const swt_ovr_t *ovr, const char *key)
{
    for (int i = 0; i < ovr->n; ++i) {
        if (ovr->keylen[i] == strlen(key) && 0 == strncmp(ovr->key[i], key, ovr->keylen[i])) {
            return 1;
        }
    }
    return 0;
}

static int unknown_preset(const char *spec, size_t namelen, const char *origin, swt_diag_t *diag)
{
    const char *const *names = swt_topo_presets();
    char list[128] = "";

    for (int i = 0; NULL != names[i]; ++i) {
        size_t used = strlen(list);
        snprintf(list + used, sizeof(list) - used, "%s%s", i ? ", " : "", names[i]);
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
        return swt_diag_set(diag, SWT_ERR_INVALID, "", 0, 0, "no topology given");
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
        const char *shape = spec
                            + (0 == strncmp(spec, "torus:", 6)  ? 6
                               : 0 == strncmp(spec, "ring:", 5) ? 5
                                                                : 0);
        if (strcspn(shape, ":= \t\n#") != strlen(shape)) {
            return swt_diag_set(diag, SWT_ERR_PARSE, origin, 0, 0,
                                "expected a shape such as torus:8x8 or ring:8");
        }
        /* the name is the spec, with "torus:" when it has no prefix */
        snprintf(name, sizeof(name), "%s%s", shape == spec ? "torus:" : "", spec);
        ovr.n = 2;
        ovr.key[0] = "name";
        ovr.keylen[0] = 4;
        ovr.val[0] = name;
        ovr.vallen[0] = strlen(name);
        ovr.key[1] = "logical";
        ovr.keylen[1] = 7;
        ovr.val[1] = spec; /* the parser reads the prefix */
        ovr.vallen[1] = strlen(spec);
        base = swt_preset_lookup("torus", 5);
    } else {
        size_t namelen = strcspn(spec, ":");
        base = swt_preset_lookup(spec, namelen);
        if (NULL == base) {
            return unknown_preset(spec, namelen, origin, diag);
        }
        /* "dragonfly:4,4": a first value without a key replaces the
           statement named like the preset */
        if (':' == spec[namelen]
            && strcspn(spec + namelen + 1, "=:") == strcspn(spec + namelen + 1, ":")) {
            const char *v = spec + namelen + 1;
            ovr.key[0] = spec;
            ovr.keylen[0] = namelen;
            ovr.val[0] = v;
            ovr.vallen[0] = strcspn(v, ":");
            ovr.n = 1;
            if (!has_statement(base, spec, namelen) || strcspn(v, ":\n#") != ovr.vallen[0]) {
                return swt_diag_set(diag, SWT_ERR_PARSE, origin, 0, 0,
                                    "expected KEY=VALUE after ':' (as in n150:harvest=3; "
                                    "dragonfly:4,4 and fattree:4,4,2 set their network)");
            }
            namelen += 1 + ovr.vallen[0];
        }
        if (':' == spec[namelen] && SWT_OK != split_overrides(spec + namelen + 1, &ovr)) {
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

int swt_topo_parse(const char *text, const char *origin, swt_topo_t **topo, swt_diag_t *diag)
{
    return swt_desc_parse(text, origin, topo, diag);
}

int swt_table_load(const char *path, swt_table_t **table, swt_diag_t *diag)
{
    char *text = NULL;
    int err;

    if (NULL == path || NULL == table) {
        return swt_diag_set(diag, SWT_ERR_INVALID, "", 0, 0, "no decision file given");
    }
    *table = NULL;
    err = read_file(path, &text, diag);
    if (SWT_OK == err) {
        err = swt_table_parse(text, path, table, diag);
    }
    free(text);
    return err;
}
