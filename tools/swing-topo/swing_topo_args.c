/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing-topo: the helpers the subcommands share: usage messages, loading a
 * description (with the cost options), parsing sizes, algorithms and
 * forms, and the names of dimensions, coordinates and phases.
 */
#include "swing_topo.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int swing_topo_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "swing-topo %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'swing-topo %s --help'.\n", cmd);
    return SWING_TOPO_EXIT_USAGE;
}

int swing_topo_cost_option(const char *cmd, int opt, const char *arg, swing_topo_cost_opts_t *c)
{
    static const char *const names[SWING_TOPO_NCOST] = { "alpha", "tau",      "beta",
                                                         "gamma", "overhead", "cores" };
    static const char letters[] = "atbgoc"; /* SWING_TOPO_COST_OPTIONS' values */
    const char *which = (0 != opt) ? strchr(letters, opt) : NULL;
    int i, zero;

    if (NULL == which) {
        return swing_topo_usage(cmd, "internal: not a cost option");
    }
    i = (int) (which - letters);
    /* alpha and beta must be positive; the others may be 0 (cores 0: no core bound) */
    zero = (0 != i && 2 != i);
    if (0 != swing_topo_parse_double(arg, zero, &c->val[i])) {
        return swing_topo_usage(cmd, "--%s: expected a %s number, got '%s'", names[i],
                                zero ? "non-negative" : "positive", arg);
    }
    c->given[i] = 1;
    return 0;
}

int swing_topo_open_cost(const char *cmd, int argc, char **argv, int first,
                         const swing_topo_cost_opts_t *c, swt_topo_t **topo, swt_cost_params_t *par)
{
    double *set[SWING_TOPO_NCOST] = { &par->alpha, &par->tau, &par->beta,
                                      &par->gamma, &par->o,   &par->cores };
    int rc;

    if (first + 1 != argc) {
        return swing_topo_usage(cmd, "expected one TOPO argument");
    }
    rc = swing_topo_open(cmd, argv[first], topo);
    if (0 != rc) {
        return rc;
    }
    *par = *swt_topo_cost(*topo);
    for (int i = 0; i < SWING_TOPO_NCOST; ++i) {
        if (c->given[i]) {
            *set[i] = c->val[i];
        }
    }
    return 0;
}

int swing_topo_open(const char *cmd, const char *spec, swt_topo_t **topo)
{
    swt_diag_t diag;
    int rc;

    memset(&diag, 0, sizeof(diag));
    rc = swt_topo_load(spec, topo, &diag);
    if (SWT_OK == rc) {
        return 0;
    }
    fprintf(stderr, "swing-topo %s: cannot load topology '%s': ", cmd, spec);
    if ('\0' != diag.origin[0]) {
        fprintf(stderr, "%s", diag.origin);
        if (diag.line > 0) {
            fprintf(stderr, ":%d", diag.line);
        }
        if (diag.col > 0) {
            fprintf(stderr, ":%d", diag.col);
        }
        fprintf(stderr, ": ");
    }
    fprintf(stderr, "%s\n", '\0' != diag.msg[0] ? diag.msg : swt_strerror(rc));
    return SWING_TOPO_EXIT_FAIL;
}

int swing_topo_parse_alg(const char *text, swt_alg_t *alg)
{
    if (0 == strcmp(text, "swing")) {
        *alg = SWT_ALG_SWING;
    } else if (0 == strcmp(text, "rd")) {
        *alg = SWT_ALG_RD;
    } else if (0 == strcmp(text, "ring")) {
        *alg = SWT_ALG_RING;
    } else {
        return -1;
    }
    return 0;
}

int swing_topo_parse_kind(const char *text, swt_kind_t *kind)
{
    if (0 == strcmp(text, "lo")) {
        *kind = SWT_KIND_LO;
    } else if (0 == strcmp(text, "bo")) {
        *kind = SWT_KIND_BO;
    } else {
        return -1;
    }
    return 0;
}

int swing_topo_parse_size(const char *text, double *bytes)
{
    char *end;
    unsigned long long v;
    double mult = 1.0;

    if (text[0] < '0' || text[0] > '9') {
        return -1;
    }
    errno = 0;
    v = strtoull(text, &end, 10);
    if (0 != errno) {
        return -1;
    }
    if ('K' == *end || 'k' == *end) {
        mult = 1024.0;
    } else if ('M' == *end || 'm' == *end) {
        mult = 1024.0 * 1024.0;
    } else if ('G' == *end || 'g' == *end) {
        mult = 1024.0 * 1024.0 * 1024.0;
    }
    if (mult > 1.0) {
        ++end;
    }
    if ('\0' != *end) {
        return -1;
    }
    *bytes = (double) v * mult;
    return 0;
}

int swing_topo_parse_double(const char *text, int allow_zero, double *v)
{
    char *end;

    errno = 0;
    *v = strtod(text, &end);
    if (0 != errno || end == text || '\0' != *end || !isfinite(*v) || *v < 0.0
        || (!allow_zero && 0.0 == *v)) {
        return -1;
    }
    return 0;
}

const char *swing_topo_alg_name(swt_alg_t alg)
{
    return (SWT_ALG_RD == alg) ? "rd" : (SWT_ALG_RING == alg) ? "ring" : "swing";
}

static const struct {
    const char *name;
    swt_alg_t alg;
    int mp;
} swing_topo_forms[] = {
    { "swing", SWT_ALG_SWING, 0 }, { "rd", SWT_ALG_RD, 0 },     { "swing_mp", SWT_ALG_SWING, 1 },
    { "rd_mp", SWT_ALG_RD, 1 },    { "ring", SWT_ALG_RING, 1 },
};
#define SWING_TOPO_NFORMS ((int) (sizeof(swing_topo_forms) / sizeof(swing_topo_forms[0])))

int swing_topo_parse_form(const char *text, swt_alg_t *alg, int *mp)
{
    for (int i = 0; i < SWING_TOPO_NFORMS; ++i) {
        if (0 == strcmp(text, swing_topo_forms[i].name)) {
            *alg = swing_topo_forms[i].alg;
            *mp = swing_topo_forms[i].mp;
            return 0;
        }
    }
    return -1;
}

const char *swing_topo_form_name(swt_alg_t alg, int mp)
{
    for (int i = 0; i < SWING_TOPO_NFORMS; ++i) {
        if (swing_topo_forms[i].alg == alg
            && swing_topo_forms[i].mp == (SWT_ALG_RING == alg || mp)) {
            return swing_topo_forms[i].name;
        }
    }
    return "?";
}

int swing_topo_form_parts(const swt_topo_t *topo, swt_alg_t alg, int mp)
{
    return (mp || SWT_ALG_RING == alg) ? swt_alg_nparts(swt_topo_logical(topo), alg) : 1;
}

const char *swing_topo_dim_name(int dim, char *buf, size_t len)
{
    static const char *const names[] = { "x", "y", "z" };

    if (dim >= 0 && dim < 3) {
        snprintf(buf, len, "%s", names[dim]);
    } else {
        snprintf(buf, len, "d%d", dim);
    }
    return buf;
}

const char *swing_topo_coords(const int *c, int n, char *buf, size_t len)
{
    size_t used = 0;

    for (int i = 0; i < n && used < len; ++i) {
        int w = snprintf(buf + used, len - used, "%s%d", i ? "," : "(", c[i]);
        used += (w > 0) ? (size_t) w : 0;
    }
    if (used < len) {
        snprintf(buf + used, len - used, ")");
    }
    return buf;
}

const char *swing_topo_phase_name(const swt_phase_t *ph, char *buf, size_t len)
{
    char d[16];

    swing_topo_dim_name(ph->dim, d, sizeof(d));
    if (SWT_PHASE_CORE == ph->kind) {
        snprintf(buf, len, "core s=%d", ph->s);
    } else {
        snprintf(buf, len, "%s %s", SWT_PHASE_FOLD == ph->kind ? "fold" : "unfold", d);
    }
    return buf;
}

const char *swing_topo_params_text(const swt_cost_params_t *par, char *buf, size_t len)
{
    int n = snprintf(buf, len, "alpha %g s, tau %g s, beta %g B/s, gamma %g s/B", par->alpha,
                     par->tau, par->beta, par->gamma);

    if (n >= 0 && (size_t) n < len && (par->o > 0.0 || par->cores > 0.0)) {
        snprintf(buf + n, len - (size_t) n, ", o %g s, %g core%s", par->o, par->cores,
                 1.0 == par->cores ? "" : "s");
    }
    return buf;
}
