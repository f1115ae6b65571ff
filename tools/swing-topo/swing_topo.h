/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing-topo: the command-line view of the topology library. One file per
 * subcommand; this header holds what they share (argument helpers and the
 * subcommand entry points).
 */
#ifndef SWING_TOPO_H
#define SWING_TOPO_H

#include <getopt.h>
#include <stdio.h>

#include "swt.h"
#include "swt_cost.h"
#include "swt_route.h"
#include "swt_topo.h"

#define SWING_TOPO_EXIT_FAIL 1  /* the command could not do its job */
#define SWING_TOPO_EXIT_USAGE 2 /* bad command line */

/* Prints "swing-topo CMD: message" and a hint to --help; returns 2. */
int swing_topo_usage(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Loads spec, printing the library's diagnostic on failure; 0 or exit code. */
int swing_topo_open(const char *cmd, const char *spec, swt_topo_t **topo);
/* "swing" / "rd", "lo" / "bo"; 0 on success. */
int swing_topo_parse_alg(const char *text, swt_alg_t *alg);
int swing_topo_parse_kind(const char *text, swt_kind_t *kind);
/* Non-negative integer with an optional K, M or G suffix (powers of 1024). */
int swing_topo_parse_size(const char *text, double *bytes);
/* Finite number > 0 (>= 0 with allow_zero). */
int swing_topo_parse_double(const char *text, int allow_zero, double *v);
const char *swing_topo_alg_name(swt_alg_t alg);
/*
 * An algorithm as congestion and svg name it: swing, rd (one part),
 * swing_mp, rd_mp (all parts of the multiport form), ring (all parts).
 * parse: 0 on success; name: the name of (alg, mp).
 */
int swing_topo_parse_form(const char *text, swt_alg_t *alg, int *mp);
const char *swing_topo_form_name(swt_alg_t alg, int mp);
/* Parts of (alg, mp) on topo: 1 or swt_alg_nparts. */
int swing_topo_form_parts(const swt_topo_t *topo, swt_alg_t alg, int mp);
/*
 * --alpha S, --tau S, --beta B, --gamma S, --overhead S, --cores N: the
 * cost constants a command may override (predict, describe, explain).
 * SWING_TOPO_COST_OPTIONS goes into its getopt_long table;
 * swing_topo_cost_option() takes one of them (0, or the usage exit code).
 * swing_topo_open_cost() loads the one TOPO argument left at argv[first]
 * and gives the constants to use: the description's, with the options' in
 * their place (0, or the exit code after a message).
 */
#define SWING_TOPO_COST_OPTIONS                                                              \
    { "alpha", required_argument, NULL, 'a' }, { "tau", required_argument, NULL, 't' },      \
        { "beta", required_argument, NULL, 'b' }, { "gamma", required_argument, NULL, 'g' }, \
        { "overhead", required_argument, NULL, 'o' },                                        \
    {                                                                                        \
        "cores", required_argument, NULL, 'c'                                                \
    }
#define SWING_TOPO_NCOST 6
/* The getopt values of SWING_TOPO_COST_OPTIONS, for a switch. */
#define SWING_TOPO_COST_CASES \
    case 'a':                 \
    case 't':                 \
    case 'b':                 \
    case 'g':                 \
    case 'o':                 \
    case 'c'
typedef struct swing_topo_cost_opts {
    double val[SWING_TOPO_NCOST]; /* alpha, tau, beta, gamma, o, cores */
    int given[SWING_TOPO_NCOST];
} swing_topo_cost_opts_t;
int swing_topo_cost_option(const char *cmd, int opt, const char *arg, swing_topo_cost_opts_t *c);
int swing_topo_open_cost(const char *cmd, int argc, char **argv, int first,
                         const swing_topo_cost_opts_t *c, swt_topo_t **topo,
                         swt_cost_params_t *par);
/* "x", "y", "z", then "d3", "d4" ... */
const char *swing_topo_dim_name(int dim, char *buf, size_t len);
/* "(1,2)" */
const char *swing_topo_coords(const int *c, int n, char *buf, size_t len);
/* "core s=3", "fold x", "unfold y" */
const char *swing_topo_phase_name(const swt_phase_t *ph, char *buf, size_t len);
/* The cost constants as the predictions' headers print them ("alpha 1e-06
   s, ..., gamma ... s/B", then ", o ... s, K cores" when set). */
const char *swing_topo_params_text(const swt_cost_params_t *par, char *buf, size_t len);

/*
 * Broadcast, reduce, gather and scatter (--coll): the subcommands' view of
 * the trees and chains of swt_tree.h instead of the allreduce
 * (swing_topo_tree.c, swing_topo_tree_stats.c). SWING_TOPO_TREE_OPTIONS
 * goes into a getopt_long table; swing_topo_tree_option() takes one of
 * them (0, or the usage exit code).
 */
#define SWING_TOPO_TREE_OPTIONS                                                         \
    { "coll", required_argument, NULL, 'C' }, { "root", required_argument, NULL, 'R' }, \
    {                                                                                   \
        "order", required_argument, NULL, 'O'                                           \
    }
typedef struct swing_topo_tree {
    int given; /* --coll given: the tree view */
    swt_coll_t coll;
    double root;            /* communicator rank (default 0) */
    swt_tree_order_t order; /* SWT_TREE_DEFAULT unless --order */
} swing_topo_tree_t;
int swing_topo_tree_option(const char *cmd, int opt, const char *arg, swing_topo_tree_t *t);
/* 0, or the usage exit code when --order or --root came without --coll. */
int swing_topo_tree_check(const char *cmd, const swing_topo_tree_t *t, int root_given);

/*
 * The option loop every command reads its command line with
 * (swing_topo_getopt.c). swing_topo_getopt() takes --help, unknown
 * options, and the groups the command names (SWING_TOPO_ARGS_TREE: --coll,
 * --root, --order into tree; SWING_TOPO_ARGS_COST: the cost options into
 * cost) itself, and returns the next option for the command's own switch;
 * 0 when the loop ends, with exit -1 when every option was read, else the
 * command's exit code (0 after --help, the usage code after a bad option).
 * swing_topo_args_end() then checks what the whole line must hold
 * (SWING_TOPO_ARGS_ONE_TOPO: one TOPO argument; the tree options
 * together): 0, or the usage exit code.
 */
#define SWING_TOPO_ARGS_TREE 1
#define SWING_TOPO_ARGS_COST 2
#define SWING_TOPO_ARGS_ONE_TOPO 4
typedef struct swing_topo_args {
    const char *cmd;    /* "explain", ... for the messages */
    int groups;         /* SWING_TOPO_ARGS_* */
    void (*help)(void); /* prints the command's --help */
    const char *shortopts;
    const struct option *opts;
    swing_topo_tree_t tree; /* the tree options read */
    int root_given;
    swing_topo_cost_opts_t cost; /* the cost options read */
    int started;                 /* getopt reset for this command line */
    int exit;                    /* -1 while reading; then as above */
} swing_topo_args_t;
int swing_topo_getopt(swing_topo_args_t *a, int argc, char **argv);
int swing_topo_args_end(const swing_topo_args_t *a, int argc);
/*
 * After a command's option loop: 1 when the command ends here, with *rc
 * its exit status (--help, a bad option, a line that
 * swing_topo_args_end() refuses); 0 when it goes on.
 */
int swing_topo_args_done(const swing_topo_args_t *a, int argc, int *rc);
/* --bytes SIZE of command cmd into *bytes (at most 1e18), or the usage
   message naming an example size; 0 when taken. */
int swing_topo_opt_bytes(const char *cmd, const char *arg, const char *example, double *bytes);
/* The last entries of every command's getopt_long table. */
#define SWING_TOPO_OPTIONS_END          \
    { "help", no_argument, NULL, 'h' }, \
    {                                   \
        NULL, 0, NULL, 0                \
    }

/*
 * A tree form: swing, rd (one part), swing_mp, rd_mp (every part of the
 * multiport form), ring (chains along the torus's cycles, every part),
 * linear (one chain along the ranks 0, 1, ..., p-1). 0 on success.
 */
typedef struct swing_topo_tform {
    const char *name;
    swt_alg_t alg;
    int mp;
    int rank_order;
} swing_topo_tform_t;
int swing_topo_tree_form(const char *text, swing_topo_tform_t *f);
/* The subcommands' tree views; alg: the --alg text or NULL. */
int swing_topo_tree_show(const swt_topo_t *topo, const swing_topo_tree_t *t, const char *alg,
                         int list);
int swing_topo_tree_explain(const swt_topo_t *topo, const swing_topo_tree_t *t, const char *alg,
                            int mp, long rank, double bytes);
int swing_topo_tree_hops(const swt_topo_t *topo, const swing_topo_tree_t *t, int csv);
int swing_topo_tree_congestion(const swt_topo_t *topo, const swing_topo_tree_t *t, const char *alg,
                               int csv);
int swing_topo_tree_predict(const swt_topo_t *topo, const swing_topo_tree_t *t,
                            const swt_cost_params_t *par, double lo, double hi, int csv);
/* The messages of step `step` of a form (svg): *n of them in *msgs (free
   it), part[k] the part of message k; *nsteps the form's steps; a caption. */
int swing_topo_tree_messages(const swt_topo_t *topo, const swing_topo_tree_t *t, const char *alg,
                             int step, swt_msg_t **msgs, int **part, long *n, int *nsteps,
                             char *caption, size_t len);

/* What the two tree files share (swing_topo_tree.c). Form i of the table
   (NULL past its end); the options of a form; its parts; its order's name;
   the root's position (or -1 and *rc the usage exit code); its trees, one
   per part (chains in nsegs segments), and their release; whether an op
   sends; the name of step i of root's lists ("core s=2", "fold x" ...). */
const swing_topo_tform_t *swing_topo_tree_form_at(int i);
void swing_topo_tree_opts(const swing_topo_tree_t *t, const swing_topo_tform_t *f,
                          swt_tree_opts_t *o);
int swing_topo_tree_nparts(const swt_topo_t *topo, const swing_topo_tform_t *f);
const char *swing_topo_tree_order_name(const swing_topo_tree_t *t, const swing_topo_tform_t *f);
long swing_topo_tree_root(const char *cmd, const swt_topo_t *topo, const swing_topo_tree_t *t,
                          int *rc);
int swing_topo_tree_make(const swt_topo_t *topo, const swing_topo_tree_t *t,
                         const swing_topo_tform_t *f, long nsegs, swt_tree_t **trees, int *nparts);
void swing_topo_tree_free(swt_tree_t **trees, int nparts);
int swing_topo_tree_sends(swt_op_t op);
const char *swing_topo_tree_phase(const swt_topo_t *topo, const swing_topo_tree_t *t,
                                  const swt_tree_t *tree, long root, int i, char *buf, size_t len);

/*
 * explain --choice (swing_topo_choice.c): the component's automatic choice
 * of collective coll on topo, size range by size range, with what chose
 * each (file: a decision file's table or NULL; lo_max_param: as
 * coll_swing_lo_max_bytes, -1 unset; forced: as
 * coll_swing_<coll>_algorithm, NULL for auto; ranks: the communicator's
 * size, for rows with ranks=N). 0, or an exit code after a message.
 */
struct swt_table;
int swing_topo_choice(const swt_topo_t *topo, const swt_cost_params_t *par, const char *coll,
                      const struct swt_table *file, long long lo_max_param, const char *forced,
                      long ranks);
/* The collective's index among those --choice knows, or -1. */
int swing_topo_choice_coll(const char *name);
/* Prints (stderr) the table's left-out rows and those naming what swing lacks. */
void swing_topo_choice_check(const struct swt_table *tab);
/*
 * Networks of groups (swing_topo_traffic.c): a link's name ("r0->r1(global)",
 * "-" for -1), the network in two lines, the bytes on local and upper links
 * per step of every form of every algorithm (congestion --bytes; csv) and
 * their totals with Swing against RD (predict), and the bytes a route puts
 * on each class of link (explain). 0 or an exit code.
 */
const char *swing_topo_fabric_link(const swt_fabric_t *fab, long l, char *buf, size_t len);
void swing_topo_fabric_summary(const swt_topo_t *topo);
int swing_topo_traffic_steps(swt_net_t *net, double bytes, int csv);
int swing_topo_traffic_totals(swt_net_t *net, double bytes);
void swing_topo_route_bytes(const swt_fabric_t *fab, const swt_route_t *rt, double bytes,
                            double *out);

int swing_topo_show(int argc, char **argv);
int swing_topo_explain(int argc, char **argv);
int swing_topo_hops(int argc, char **argv);
int swing_topo_congestion(int argc, char **argv);
int swing_topo_predict(int argc, char **argv);
int swing_topo_svg(int argc, char **argv);
int swing_topo_routes(int argc, char **argv);
int swing_topo_describe(int argc, char **argv);

#endif
