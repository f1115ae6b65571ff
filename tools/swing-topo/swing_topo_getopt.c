/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing-topo: the option loop the commands share (swing_topo.h): getopt_long
 * started afresh for each command line, --help, unknown options, and the
 * tree and cost options that several commands take alike.
 */
#include "swing_topo.h"

#include <string.h>

int swing_topo_getopt(swing_topo_args_t *a, int argc, char **argv)
{
    int opt, rc;

    if (!a->started) {
        a->started = 1;
        a->exit = -1;
        optind = 1;
        opterr = 0;
    }
    while (-1 != (opt = getopt_long(argc, argv, a->shortopts, a->opts, NULL))) {
        if ('h' == opt) {
            a->help();
            a->exit = 0;
            return 0;
        }
        if ('?' == opt || ':' == opt) {
            rc = swing_topo_usage(a->cmd, "unknown or incomplete option '%s'", argv[optind - 1]);
        } else if ((a->groups & SWING_TOPO_ARGS_TREE) && NULL != strchr("CRO", opt)) {
            a->root_given |= ('R' == opt);
            rc = swing_topo_tree_option(a->cmd, opt, optarg, &a->tree);
        } else if ((a->groups & SWING_TOPO_ARGS_COST) && NULL != strchr("atbgoc", opt)) {
            rc = swing_topo_cost_option(a->cmd, opt, optarg, &a->cost);
        } else {
            return opt;
        }
        if (0 != rc) {
            a->exit = rc;
            return 0;
        }
    }
    return 0;
}

int swing_topo_args_end(const swing_topo_args_t *a, int argc)
{
    if ((a->groups & SWING_TOPO_ARGS_ONE_TOPO) && optind + 1 != argc) {
        return swing_topo_usage(a->cmd, "expected one TOPO argument");
    }
    if (a->groups & SWING_TOPO_ARGS_TREE) {
        return swing_topo_tree_check(a->cmd, &a->tree, a->root_given);
    }
    return 0;
}

int swing_topo_args_done(const swing_topo_args_t *a, int argc, int *rc)
{
    *rc = (a->exit >= 0) ? a->exit : swing_topo_args_end(a, argc);
    return a->exit >= 0 || 0 != *rc;
}

int swing_topo_opt_bytes(const char *cmd, const char *arg, const char *example, double *bytes)
{
    if (0 != swing_topo_parse_size(arg, bytes) || *bytes > 1e18) {
        return swing_topo_usage(cmd, "--bytes: expected a size such as %s, got '%s'", example, arg);
    }
    return 0;
}
