/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing-topo: subcommand dispatch (the helpers the subcommands share are in
 * swing_topo_args.c).
 *
 * Exit codes: 0 success, 1 the command failed (a description that does not
 * load, a file that cannot be written), 2 a bad command line.
 */
#include "swing_topo.h"
#include "swing_version.h"

#include <string.h>

typedef struct swing_topo_cmd {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} swing_topo_cmd_t;

static int swing_topo_presets_cmd(int argc, char **argv);

static const swing_topo_cmd_t swing_topo_cmds[] = {
    { "show", swing_topo_show, "the physical grid, tile kinds and where each rank sits" },
    { "explain", swing_topo_explain,
      "the steps of one rank: partner, direction, hops, bytes, blocks" },
    { "hops", swing_topo_hops, "physical and ideal hop totals per rank and per step" },
    { "congestion", swing_topo_congestion, "per step, the busiest physical link and its load" },
    { "predict", swing_topo_predict, "cost-model times, LO/BO crossover and thresholds" },
    { "svg", swing_topo_svg, "picture of one step's messages on the grid (SVG, PNG)" },
    { "routes", swing_topo_routes, "tiles, links and every pair's route, for building a network" },
    { "describe", swing_topo_describe,
      "the description in the file format, cost constants replaced" },
    { "presets", swing_topo_presets_cmd, "list the built-in topology presets" },
    { NULL, NULL, NULL }
};

static void swing_topo_help(FILE *out)
{
    fprintf(out, "Usage: swing-topo COMMAND TOPO [OPTIONS]\n"
                 "       swing-topo COMMAND --help\n"
                 "       swing-topo --version\n"
                 "\n"
                 "Swing, recursive-doubling and ring allreduce schedules, single-port and\n"
                 "multiport, on a logical torus laid over a physical grid or a network of\n"
                 "groups: hops, congestion, bytes per class of link, predicted times and\n"
                 "pictures.\n"
                 "\n"
                 "TOPO is a preset (n150, n150:harvest=Y, ...; see 'swing-topo presets'),\n"
                 "a shape (ring:8, torus:4x4, 8x8), a network of groups (dragonfly:4,4,\n"
                 "fattree:4,4,2) or @FILE (a description file).\n"
                 "\n"
                 "Commands:\n");
    for (const swing_topo_cmd_t *c = swing_topo_cmds; NULL != c->name; ++c) {
        fprintf(out, "  %-11s %s\n", c->name, c->summary);
    }
    fprintf(out, "\n"
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
