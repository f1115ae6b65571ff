/*
 * swing-topo: the command-line view of the topology library. One file per
 * subcommand; this header holds what they share (argument helpers and the
 * subcommand entry points).
 */
#ifndef SWING_TOPO_H
#define SWING_TOPO_H

#include <stdio.h>

#include "swt.h"
#include "swt_cost.h"
#include "swt_route.h"
#include "swt_topo.h"

#define SWING_TOPO_EXIT_FAIL 1    /* the command could not do its job */
#define SWING_TOPO_EXIT_USAGE 2   /* bad command line */

/* Prints "swing-topo CMD: message" and a hint to --help; returns 2. */
int swing_topo_usage(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
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
/* "x", "y", "z", then "d3", "d4" ... */
const char *swing_topo_dim_name(int dim, char *buf, size_t len);
/* "(1,2)" */
const char *swing_topo_coords(const int *c, int n, char *buf, size_t len);
/* "core s=3", "fold x", "unfold y" */
const char *swing_topo_phase_name(const swt_phase_t *ph, char *buf, size_t len);

int swing_topo_show(int argc, char **argv);
int swing_topo_explain(int argc, char **argv);
int swing_topo_hops(int argc, char **argv);
int swing_topo_congestion(int argc, char **argv);
int swing_topo_predict(int argc, char **argv);
int swing_topo_svg(int argc, char **argv);
int swing_topo_routes(int argc, char **argv);

#endif
