/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing-topo svg: a picture of one step on the physical grid. Tiles are
 * squares (row y = 0 at the top); tiles that host a rank are white with
 * the rank, hidden tiles are shaded by kind. Every message of the step is
 * one <path class="msg"> along its physical route, ending in an arrow head: +
 * moves blue and offset to one side, - moves red on the other, and a run
 * through a wrap-around link leaves at one edge and re-enters at the
 * opposite one. Multiport forms draw every part's message (its title names
 * the part); all steps of the ring look alike. Optionally converted to PNG
 * by rsvg-convert or convert.
 */
#include "swing_topo.h"

#include <getopt.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#define SWING_SVG_CELL 48
#define SWING_SVG_MARGIN 36
#define SWING_SVG_OFFSET 4
#define SWING_SVG_MAX_TILES 16384L

extern char **environ;

static const char *const swing_svg_palette[] = { "#f4a582", "#92c5de", "#b2abd2", "#a6dba0",
                                                 "#fddbc7", "#dfc27d", "#c2a5cf", "#d9d9d9" };

static void swing_svg_help(void)
{
    printf("Usage: swing-topo svg TOPO --step S [--alg swing|rd|swing_mp|rd_mp|ring]\n"
           "                      -o FILE.svg\n"
           "                      [--png FILE.png]\n"
           "       swing-topo svg TOPO --coll C [--root R] [--order far|near] --step S\n"
           "                      [--alg swing|rd|swing_mp|rd_mp|ring|linear] -o FILE.svg\n"
           "\n"
           "Draws the physical grid (1 or 2 dimensions), hidden tiles shaded by kind,\n"
           "and every message of step S as an arrow along its physical route (blue:\n"
           "+ direction, red: - direction). Steps are numbered as in 'congestion'.\n"
           "\n"
           "  --step S     step index (default 0)\n"
           "  --alg A      swing (default), rd, swing_mp or rd_mp (every part of the\n"
           "               multiport form), ring (every part; its steps are alike)\n"
           "  -o FILE      SVG output file (required)\n"
           "  --png FILE   also write a PNG with rsvg-convert or ImageMagick convert\n"
           "  --coll C     bcast, reduce, gather or scatter from rank R (--root, default\n"
           "               0): step S of its tree (swing: Bine, rd: binomial, their _mp\n"
           "               forms) or chain (ring, linear: drawn with p segments, so that\n"
           "               step p-2 has every hop busy); --order far or near\n"
           "  --help       this text\n");
}

typedef struct swing_svg {
    FILE *out;
    const swt_topo_t *topo;
    int nx, ny;
    const char *kinds[8]; /* hidden kinds in order of first appearance */
    int nkinds;
} swing_svg_t;

static double swing_svg_center(int c)
{
    return SWING_SVG_MARGIN + c * SWING_SVG_CELL + SWING_SVG_CELL / 2.0;
}

static const char *swing_svg_kind_color(swing_svg_t *sv, const char *kind)
{
    int i;

    for (i = 0; i < sv->nkinds; ++i) {
        if (0 == strcmp(sv->kinds[i], kind)) {
            break;
        }
    }
    if (i == sv->nkinds && sv->nkinds < 8) {
        sv->kinds[sv->nkinds++] = kind;
    }
    return swing_svg_palette[i < 8 ? i : 7];
}

/* Text from the description goes into XML: escape it. */
static void swing_svg_text(FILE *out, const char *s)
{
    for (; '\0' != *s; ++s) {
        switch (*s) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*s, out);
        }
    }
}

static void swing_svg_tiles(swing_svg_t *sv)
{
    int t[SWT_MAX_DIMS] = { 0 };

    for (int y = 0; y < sv->ny; ++y) {
        for (int x = 0; x < sv->nx; ++x) {
            long pos;
            t[0] = x;
            t[1] = y;
            pos = swt_topo_pos_at(sv->topo, t);
            fprintf(sv->out,
                    "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" "
                    "stroke=\"#888\"/>\n",
                    SWING_SVG_MARGIN + x * SWING_SVG_CELL, SWING_SVG_MARGIN + y * SWING_SVG_CELL,
                    SWING_SVG_CELL, SWING_SVG_CELL,
                    pos >= 0 ? "#ffffff" : swing_svg_kind_color(sv, swt_topo_kind(sv->topo, t)));
            fprintf(sv->out,
                    "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"middle\" "
                    "fill=\"#333\">",
                    swing_svg_center(x), SWING_SVG_MARGIN + y * SWING_SVG_CELL + 14.0,
                    pos >= 0 ? 11 : 9);
            if (pos >= 0) {
                fprintf(sv->out, "%ld", swt_topo_pos_rank(sv->topo, pos));
            } else {
                swing_svg_text(sv->out, swt_topo_kind(sv->topo, t));
            }
            fprintf(sv->out, "</text>\n");
        }
    }
    for (int x = 0; x < sv->nx; ++x) {
        fprintf(sv->out,
                "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%d</text>\n",
                swing_svg_center(x), SWING_SVG_MARGIN - 4, x);
    }
    for (int y = 0; y < sv->ny; ++y) {
        fprintf(sv->out,
                "<text x=\"%d\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%d</text>\n",
                SWING_SVG_MARGIN - 4, swing_svg_center(y) + 3, y);
    }
}

/* Point of a tile coordinate along a run, shifted aside by off. */
static void swing_svg_point(FILE *out, char cmd, int dim, double off, double along, double across,
                            double *xy)
{
    xy[0] = (0 == dim) ? along : across - off;
    xy[1] = (0 == dim) ? across + off : along;
    fprintf(out, "%c%.1f,%.1f ", cmd, xy[0], xy[1]);
}

/* The arrow head is part of the path, so that every renderer shows it. */
static void swing_svg_head(FILE *out, int dim, int dir, const double *xy)
{
    double bx = (0 == dim) ? xy[0] - dir * 6.0 : xy[0] - 4.0;
    double by = (0 == dim) ? xy[1] - 4.0 : xy[1] - dir * 6.0;
    double cx = (0 == dim) ? bx : xy[0] + 4.0;
    double cy = (0 == dim) ? xy[1] + 4.0 : by;

    fprintf(out, "M%.1f,%.1f L%.1f,%.1f L%.1f,%.1f", bx, by, xy[0], xy[1], cx, cy);
}

static void swing_svg_message(swing_svg_t *sv, const swt_net_t *net, long from, long to,
                              const swt_move_t *mv, int part)
{
    swt_route_t rt;
    char cmd = 'M';
    double off, xy[2];

    swt_net_route(net, from, to, mv->dir, &rt);
    /* + and - runs on opposite sides; parallel runs spread apart */
    off = mv->dir
          * (SWING_SVG_OFFSET + 4.0 * (0 == rt.nsegs ? 0 : rt.segs[0].from[rt.segs[0].dim] % 3));
    fprintf(sv->out,
            "<path class=\"msg\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" "
            "stroke-opacity=\"0.8\" d=\"",
            mv->dir > 0 ? "#2166ac" : "#b2182b");
    if (0 == rt.nsegs) {
        int t[SWT_MAX_DIMS] = { 0 };
        swt_topo_tile(sv->topo, from, t);
        fprintf(sv->out, "M%.1f,%.1f", swing_svg_center(t[0]), swing_svg_center(t[1]));
    }
    for (int g = 0; g < rt.nsegs; ++g) {
        const swt_seg_t *sg = &rt.segs[g];
        int n = (0 == sg->dim) ? sv->nx : sv->ny;
        long a = sg->from[sg->dim], b = a + sg->dir * sg->hops;
        double across = swing_svg_center(0 != sg->dim ? sg->from[0]
                                                      : (sv->ny > 1 ? sg->from[1] : 0));
        double lo_edge = SWING_SVG_MARGIN - SWING_SVG_CELL / 4.0;
        double hi_edge = SWING_SVG_MARGIN + n * SWING_SVG_CELL + SWING_SVG_CELL / 4.0;

        swing_svg_point(sv->out, cmd, sg->dim, off, swing_svg_center((int) a), across, xy);
        cmd = 'L';
        if (b < 0 || b >= n) {
            /* through the wrap-around link: leave at one edge, enter at the other */
            swing_svg_point(sv->out, 'L', sg->dim, off, b < 0 ? lo_edge : hi_edge, across, xy);
            swing_svg_point(sv->out, 'M', sg->dim, off, b < 0 ? hi_edge : lo_edge, across, xy);
            b = (b % n + n) % n;
        }
        swing_svg_point(sv->out, 'L', sg->dim, off,
                        swing_svg_center((int) b) - sg->dir * SWING_SVG_CELL / 4.0, across, xy);
        if (g + 1 == rt.nsegs) {
            swing_svg_head(sv->out, sg->dim, sg->dir, xy);
        }
    }
    fprintf(sv->out, "\"><title>");
    if (part >= 0) {
        fprintf(sv->out, "part %d: ", part);
    }
    fprintf(sv->out, "rank %ld -&gt; rank %ld: %ld hops</title></path>\n",
            swt_topo_pos_rank(sv->topo, from), swt_topo_pos_rank(sv->topo, to), rt.hops);
}

/* The picture's head (caption: after the topology's name), its tiles, and
   the start of the messages' group. */
static void swing_svg_begin(swing_svg_t *sv, FILE *out, const swt_topo_t *topo, const char *caption)
{
    int w, h;

    memset(sv, 0, sizeof(*sv));
    sv->out = out;
    sv->topo = topo;
    sv->nx = swt_topo_grid(topo)->dims[0];
    sv->ny = (swt_topo_grid(topo)->ndims > 1) ? swt_topo_grid(topo)->dims[1] : 1;
    w = 2 * SWING_SVG_MARGIN + sv->nx * SWING_SVG_CELL;
    w = (w < 480) ? 480 : w; /* room for the caption */
    h = 2 * SWING_SVG_MARGIN + sv->ny * SWING_SVG_CELL + 20;
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n",
            w, h, w, h);
    fprintf(out, "<rect width=\"%d\" height=\"%d\" fill=\"#fafafa\"/>\n", w, h);
    fprintf(out, "<text x=\"%d\" y=\"16\" font-size=\"12\">", SWING_SVG_MARGIN);
    swing_svg_text(out, swt_topo_name(topo));
    fprintf(out, ": ");
    swing_svg_text(out, caption);
    fprintf(out, "</text>\n");
    swing_svg_tiles(sv);
    fprintf(out, "<g id=\"messages\">\n");
}

/* The end of the messages, the legend of hidden kinds, the end. */
static void swing_svg_end(swing_svg_t *sv)
{
    fprintf(sv->out, "</g>\n");
    for (int k = 0; k < sv->nkinds; ++k) {
        int y = 2 * SWING_SVG_MARGIN + sv->ny * SWING_SVG_CELL - 12;
        fprintf(sv->out,
                "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>"
                "<text x=\"%d\" y=\"%d\" font-size=\"10\">",
                SWING_SVG_MARGIN + 90 * k, y, swing_svg_palette[k], SWING_SVG_MARGIN + 90 * k + 14,
                y + 9);
        swing_svg_text(sv->out, sv->kinds[k]);
        fprintf(sv->out, "</text>\n");
    }
    fprintf(sv->out, "</svg>\n");
}

static int swing_svg_write(FILE *out, const swt_topo_t *topo, swt_net_t *net, swt_alg_t alg, int mp,
                           int step, const swt_ring_t *ring)
{
    swing_svg_t sv;
    swt_phase_stats_t st;
    char pn[32], caption[160];
    long p = swt_shape_size(swt_topo_logical(topo));
    int nparts = swing_topo_form_parts(topo, alg, mp);
    int rc = (NULL != ring) ? swt_net_load_ring(net, ring, nparts, NULL, NULL, &st)
                            : swt_net_load_parts(net, alg, nparts, step, NULL, NULL, &st);

    if (SWT_OK != rc) {
        return rc;
    }
    if (NULL != ring) {
        snprintf(pn, sizeof(pn), "%s", step < p - 1 ? "reduce-scatter" : "allgather");
    } else {
        swing_topo_phase_name(swt_net_phase(net, step), pn, sizeof(pn));
    }
    snprintf(caption, sizeof(caption), "%s step %d (%s), %ld messages, most hops %ld, load %ld",
             swing_topo_form_name(alg, mp), step, pn, st.nmsgs, st.max_hops, st.load);
    swing_svg_begin(&sv, out, topo, caption);
    for (int j = 0; j < nparts; ++j) {
        for (long pos = 0; pos < p && p > 1; ++pos) {
            swt_move_t mv;
            long to;
            if (NULL != ring) {
                to = swt_ring_next(ring, j, pos, &mv, NULL);
            } else if (!swt_net_part_message(net, alg, j, step, pos, &to, &mv)) {
                continue;
            }
            swing_svg_message(&sv, net, pos, to, &mv, nparts > 1 ? j : -1);
        }
    }
    swing_svg_end(&sv);
    return SWT_OK;
}

/* Step `step` of a tree or chain (--coll); 0, or an exit code. */
static int swing_svg_write_tree(const char *file, const swt_topo_t *topo, swt_net_t *net,
                                const swing_topo_tree_t *tree, const char *alg, int step)
{
    swing_svg_t sv;
    swt_msg_t *msgs = NULL;
    swt_phase_stats_t st;
    int *part = NULL, nsteps = 0, rc;
    long n = 0;
    char cap[256], caption[400];
    FILE *out;

    rc = swing_topo_tree_messages(topo, tree, alg, step, &msgs, &part, &n, &nsteps, cap,
                                  sizeof(cap));
    if (0 == rc && step >= nsteps) {
        rc = swing_topo_usage("svg", "--step %d: this collective has steps 0..%d", step,
                              nsteps - 1);
    }
    if (0 == rc && SWT_OK != swt_net_load_msgs(net, msgs, n, &st)) {
        rc = SWING_TOPO_EXIT_FAIL;
    }
    out = (0 == rc) ? fopen(file, "w") : NULL;
    if (0 == rc && NULL == out) {
        fprintf(stderr, "swing-topo svg: cannot write %s\n", file);
        rc = SWING_TOPO_EXIT_FAIL;
    }
    if (0 == rc) {
        snprintf(caption, sizeof(caption), "%s, %ld messages, most hops %ld, load %ld", cap,
                 st.nmsgs, st.max_hops, st.load);
        swing_svg_begin(&sv, out, topo, caption);
        for (long k = 0; k < n; ++k) {
            swt_move_t mv = { 0, -1, msgs[k].dir, msgs[k].dist };
            swing_svg_message(&sv, net, msgs[k].from, msgs[k].to, &mv, part[k]);
        }
        swing_svg_end(&sv);
        if (0 != fclose(out)) {
            fprintf(stderr, "swing-topo svg: failed writing %s\n", file);
            rc = SWING_TOPO_EXIT_FAIL;
        }
    }
    free(msgs);
    free(part);
    return rc;
}

static int swing_svg_run(char *const argv[])
{
    pid_t pid;
    int status;

    if (0 != posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ)) {
        return -1;
    }
    if (pid != waitpid(pid, &status, 0)) {
        return -1;
    }
    return (WIFEXITED(status) && 0 == WEXITSTATUS(status)) ? 0 : -1;
}

static int swing_svg_png(const char *svg, const char *png)
{
    char *rsvg[] = { "rsvg-convert", "-o", (char *) png, (char *) svg, NULL };
    char *im[] = { "convert", (char *) svg, (char *) png, NULL };

    if (0 == swing_svg_run(rsvg) || 0 == swing_svg_run(im)) {
        return 0;
    }
    fprintf(stderr,
            "swing-topo svg: could not convert %s to %s (needs rsvg-convert or "
            "ImageMagick convert)\n",
            svg, png);
    return SWING_TOPO_EXIT_FAIL;
}

int swing_topo_svg(int argc, char **argv)
{
    static const struct option opts[] = { { "step", required_argument, NULL, 's' },
                                          { "alg", required_argument, NULL, 'a' },
                                          { "output", required_argument, NULL, 'o' },
                                          { "png", required_argument, NULL, 'p' },
                                          SWING_TOPO_TREE_OPTIONS,
                                          SWING_TOPO_OPTIONS_END };
    swing_topo_args_t a = { .cmd = "svg",
                            .help = swing_svg_help,
                            .groups = SWING_TOPO_ARGS_TREE,
                            .shortopts = "ho:",
                            .opts = opts };
    const char *alg_text = NULL;
    swt_topo_t *topo = NULL;
    swt_net_t *net = NULL;
    swt_ring_t *ring = NULL;
    swt_alg_t alg = SWT_ALG_SWING;
    const char *file = NULL, *png = NULL;
    double step_d = 0.0;
    int opt, rc, step, mp = 0, nsteps;
    FILE *out;

    while (0 != (opt = swing_topo_getopt(&a, argc, argv))) {
        switch (opt) {
        case 's':
            if (0 != swing_topo_parse_size(optarg, &step_d) || step_d > 1000.0) {
                return swing_topo_usage("svg", "--step: expected a step number, got '%s'", optarg);
            }
            break;
        case 'a': alg_text = optarg; break;
        case 'o': file = optarg; break;
        case 'p': png = optarg; break;
        }
    }
    if (a.exit >= 0) {
        return a.exit;
    }
    if (optind + 1 != argc) {
        return swing_topo_usage("svg", "expected one TOPO argument");
    }
    if (NULL == file) {
        return swing_topo_usage("svg", "-o FILE.svg is required");
    }
    rc = swing_topo_args_end(&a, argc);
    if (0 != rc) {
        return rc;
    }
    if (!a.tree.given && NULL != alg_text && 0 != swing_topo_parse_form(alg_text, &alg, &mp)) {
        return swing_topo_usage("svg",
                                "--alg: expected swing, rd, swing_mp, rd_mp or "
                                "ring, got '%s'",
                                alg_text);
    }
    rc = swing_topo_open("svg", argv[optind], &topo);
    if (0 != rc) {
        return rc;
    }
    step = (int) step_d;
    rc = SWING_TOPO_EXIT_FAIL;
    if (swt_topo_grid(topo)->ndims > 2
        || swt_shape_size(swt_topo_grid(topo)) > SWING_SVG_MAX_TILES) {
        fprintf(stderr, "swing-topo svg: draws grids of 1 or 2 dimensions and at most %ld tiles\n",
                SWING_SVG_MAX_TILES);
        goto out;
    }
    if (SWT_OK != swt_net_create(topo, &net)
        || (!a.tree.given && SWT_ALG_RING == alg && SWT_OK != swt_ring_create(topo, &ring))) {
        fprintf(stderr, "swing-topo svg: out of memory\n");
        goto out;
    }
    if (a.tree.given) {
        rc = swing_svg_write_tree(file, topo, net, &a.tree, alg_text, step);
        rc = (0 == rc && NULL != png) ? swing_svg_png(file, png) : rc;
        goto out;
    }
    nsteps = (NULL != ring) ? (int) (2 * (swt_shape_size(swt_topo_logical(topo)) - 1))
                            : swt_net_nphases(net);
    if (0 == nsteps) {
        rc = swing_topo_usage("svg", "this topology has a single rank and no steps");
        goto out;
    }
    if (step >= nsteps) {
        rc = swing_topo_usage("svg", "--step %d: this topology has steps 0..%d", step, nsteps - 1);
        goto out;
    }
    out = fopen(file, "w");
    if (NULL == out) {
        fprintf(stderr, "swing-topo svg: cannot write %s\n", file);
        goto out;
    }
    rc = swing_svg_write(out, topo, net, alg, mp, step, ring);
    if (0 != fclose(out) || SWT_OK != rc) {
        fprintf(stderr, "swing-topo svg: failed writing %s\n", file);
        rc = SWING_TOPO_EXIT_FAIL;
        goto out;
    }
    rc = (NULL != png) ? swing_svg_png(file, png) : 0;
out:
    swt_ring_destroy(ring);
    swt_net_destroy(net);
    swt_topo_destroy(topo);
    return rc;
}
