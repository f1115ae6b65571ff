/*
 * swing-topo: subcommand dispatch and the helpers the subcommands share.
 *
 * Exit codes: 0 success, 1 the command failed (a description that does not
 * load, a file that cannot be written), 2 a bad command line.
 */
#include "swing_topo.h"
#include "swing_version.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct swing_topo_cmd {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} swing_topo_cmd_t;

static int swing_topo_presets_cmd(int argc, char **argv);

static const swing_topo_cmd_t swing_topo_cmds[] = {
    { "show", swing_topo_show, "the physical grid, tile kinds and where each rank sits" },
    { "explain", swing_topo_explain, "the steps of one rank: partner, direction, hops, bytes, blocks" },
    { "hops", swing_topo_hops, "physical and ideal hop totals per rank and per step" },
    { "congestion", swing_topo_congestion, "per step, the busiest physical link and its load" },
    { "predict", swing_topo_predict, "cost-model times, LO/BO crossover and thresholds" },
    { "svg", swing_topo_svg, "picture of one step's messages on the grid (SVG, PNG)" },
    { "routes", swing_topo_routes, "tiles, links and every pair's route, for building a network" },
    { "describe", swing_topo_describe, "the description in the file format, cost constants replaced" },
    { "presets", swing_topo_presets_cmd, "list the built-in topology presets" },
    { NULL, NULL, NULL }
};

static void swing_topo_help(FILE *out)
{
    fprintf(out,
            "Usage: swing-topo COMMAND TOPO [OPTIONS]\n"
            "       swing-topo COMMAND --help\n"
            "       swing-topo --version\n"
            "\n"
            "Swing, recursive-doubling and ring allreduce schedules, single-port and\n"
            "multiport, on a logical torus laid over a physical grid: hops, congestion,\n"
            "predicted times and pictures.\n"
            "\n"
            "TOPO is a preset (n150, n150:harvest=Y, ...; see 'swing-topo presets'),\n"
            "a shape (ring:8, torus:4x4, 8x8) or @FILE (a description file).\n"
            "\n"
            "Commands:\n");
    for (const swing_topo_cmd_t *c = swing_topo_cmds; NULL != c->name; ++c) {
        fprintf(out, "  %-11s %s\n", c->name, c->summary);
    }
    fprintf(out,
            "\n"
            "Exit status: 0 success, 1 failure (e.g. a description that does not load),\n"
            "2 bad command line.\n");
}

static int swing_topo_presets_cmd(int argc, char **argv)
{
    const char *const *names = swt_topo_presets();

    if (argc > 1 && (0 == strcmp(argv[1], "--help") || 0 == strcmp(argv[1], "-h"))) {
        printf("Usage: swing-topo presets\n\nLists the built-in topology presets, one per line.\n");
        return 0;
    }
    if (argc > 1) {
        return swing_topo_usage("presets", "unexpected argument '%s'", argv[1]);
    }
    for (int i = 0; NULL != names && NULL != names[i]; ++i) {
        printf("%s\n", names[i]);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        swing_topo_help(stderr);
        return SWING_TOPO_EXIT_USAGE;
    }
    if (0 == strcmp(argv[1], "--help") || 0 == strcmp(argv[1], "-h")
        || 0 == strcmp(argv[1], "help")) {
        if (argc > 2 && 0 == strcmp(argv[1], "help")) {
            char *sub[3] = { argv[2], "--help", NULL };
            for (const swing_topo_cmd_t *c = swing_topo_cmds; NULL != c->name; ++c) {
                if (0 == strcmp(c->name, argv[2])) {
                    return c->run(2, sub);
                }
            }
            return swing_topo_usage(argv[2], "unknown command");
        }
        swing_topo_help(stdout);
        return 0;
    }
    if (0 == strcmp(argv[1], "--version")) {
        printf("swing-topo (swing) %s\n", SWING_VERSION);
        return 0;
    }
    for (const swing_topo_cmd_t *c = swing_topo_cmds; NULL != c->name; ++c) {
        if (0 == strcmp(c->name, argv[1])) {
            return c->run(argc - 1, argv + 1);
        }
    }
    fprintf(stderr, "swing-topo: unknown command '%s'\n", argv[1]);
    swing_topo_help(stderr);
    return SWING_TOPO_EXIT_USAGE;
}

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

int swing_topo_cost_option(const char *cmd, int opt, const char *arg,
                           swing_topo_cost_opts_t *c)
{
    static const char *const names[4] = { "alpha", "tau", "beta", "gamma" };
    static const char letters[] = "atbg";   /* SWING_TOPO_COST_OPTIONS' values */
    const char *which = (0 != opt) ? strchr(letters, opt) : NULL;
    int i;

    if (NULL == which) {
        return swing_topo_usage(cmd, "internal: not a cost option");
    }
    i = (int) (which - letters);
    /* tau and gamma may be 0, alpha and beta may not */
    if (0 != swing_topo_parse_double(arg, i % 2, &c->val[i])) {
        return swing_topo_usage(cmd, "--%s: expected a %s number, got '%s'", names[i],
                                i % 2 ? "non-negative" : "positive", arg);
    }
    c->given[i] = 1;
    return 0;
}

int swing_topo_open_cost(const char *cmd, int argc, char **argv, int first,
                         const swing_topo_cost_opts_t *c, swt_topo_t **topo,
                         swt_cost_params_t *par)
{
    double *set[4] = { &par->alpha, &par->tau, &par->beta, &par->gamma };
    int rc;

    if (first + 1 != argc) {
        return swing_topo_usage(cmd, "expected one TOPO argument");
    }
    rc = swing_topo_open(cmd, argv[first], topo);
    if (0 != rc) {
        return rc;
    }
    *par = *swt_topo_cost(*topo);
    for (int i = 0; i < 4; ++i) {
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
    { "swing", SWT_ALG_SWING, 0 }, { "rd", SWT_ALG_RD, 0 }, { "swing_mp", SWT_ALG_SWING, 1 },
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
        if (swing_topo_forms[i].alg == alg && swing_topo_forms[i].mp == (SWT_ALG_RING == alg || mp)) {
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
