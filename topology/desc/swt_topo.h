/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swt_topo: machine descriptions.
 *
 * A description is a logical torus, optionally laid over a physical grid
 * whose usable tiles are a subset (the Wormhole n150: 8x8 logical on a
 * 10x12 grid with DRAM, Ethernet and management tiles in between), or
 * over a network of groups (a dragonfly or a two-level fat tree with ranks
 * placed on its nodes, swt_fabric.h; the logical shape is then the ring of
 * the ranks unless given), plus a rank order and cost-model constants.
 * Descriptions come from a preset name, a plain shape, or a small text
 * file; see topology/presets/.
 *
 * Same conventions as swt.h: SWT_OK or a positive error code; parse errors
 * also fill a swt_diag_t with the origin, line, column and what was expected.
 */
#ifndef SWT_TOPO_H
#define SWT_TOPO_H

#include "swt.h"
#include "swt_fabric.h"

typedef struct swt_topo swt_topo_t;

/*
 * Cost model constants (ALGORITHMS.md sections 7 and 12), SI units. o and
 * cores 0 (the defaults) leave the model of section 7: no overhead per
 * message, no bound from shared cores.
 */
typedef struct swt_cost_params {
    double alpha; /* per-message latency, s */
    double tau;   /* per physical hop, s */
    double beta;  /* link bandwidth, bytes/s */
    double gamma; /* reduction cost, s/byte */
    double o;     /* overhead of one message on the rank's core, paid by the
                     sender and again by the receiver, s */
    double cores; /* cores the ranks of the description run on (a step
                     costs at least its ranks' overheads and reductions
                     over them); 0: a core per rank, no such bound */
} swt_cost_params_t;

/* Where ranks share cores, the least a step of nmsgs messages costs: each
   message's o at its sender and at its receiver, over the cores (0 with
   a core per rank). */
static inline double swt_cost_core_overheads(const swt_cost_params_t *par, double nmsgs)
{
    return (par->cores > 0.0) ? 2.0 * par->o * nmsgs / par->cores : 0.0;
}

/*
 * spec: a preset ("n150", "n150:harvest=Y", ...), a shape ("ring:8",
 * "torus:8x8", "4x4x4") or "@/path/to/file". diag may be NULL.
 * "PRESET:KEY=VALUE[:KEY=VALUE]" replaces the preset's KEY statement;
 * "PRESET:VALUE[:KEY=VALUE]" first replaces the statement named like the
 * preset ("dragonfly:4,4", "fattree:4,4,2:slots=2").
 * Errors: SWT_ERR_INVALID (unknown preset), SWT_ERR_PARSE, SWT_ERR_IO
 * (missing, unreadable, not a regular file, over 1 MiB), SWT_ERR_NOMEM.
 * Format: topology/presets/FORMAT.md.
 */
int swt_topo_load(const char *spec, swt_topo_t **topo, swt_diag_t *diag);
/* Parses description text; origin names it in diagnostics. */
int swt_topo_parse(const char *text, const char *origin, swt_topo_t **topo, swt_diag_t *diag);
/* Prints the description in the file format (parse(format(t)) == t).
   Returns the length it needs, like snprintf. */
int swt_topo_format(const swt_topo_t *topo, char *buf, size_t len);
void swt_topo_destroy(swt_topo_t *topo);

/* NULL-terminated list of preset names. */
const char *const *swt_topo_presets(void);

const char *swt_topo_name(const swt_topo_t *topo);
/* The logical torus the schedules run on. */
const swt_shape_t *swt_topo_logical(const swt_topo_t *topo);
/* Physical grid; the logical shape itself when there is no grid. */
const swt_shape_t *swt_topo_grid(const swt_topo_t *topo);
int swt_topo_has_grid(const swt_topo_t *topo);
/* 1 when the physical dimension has a wrap-around link. */
int swt_topo_wraps(const swt_topo_t *topo, int dim);
/* Physical coordinates of logical position pos (all -1 if out of range). */
void swt_topo_tile(const swt_topo_t *topo, long pos, int *phys);
/* Tile label at physical coordinates ("tensix", "dram", "eth",
   "harvested", ...); logical positions of a plain torus are "node";
   NULL outside the grid. */
const char *swt_topo_kind(const swt_topo_t *topo, const int *phys);
/* Logical position hosted by the tile, or -1 for a hidden tile (or
   coordinates outside the grid). */
long swt_topo_pos_at(const swt_topo_t *topo, const int *phys);
/* Rank order: the logical position of communicator rank r, and back;
   -1 out of range. */
long swt_topo_rank_pos(const swt_topo_t *topo, long rank);
long swt_topo_pos_rank(const swt_topo_t *topo, long pos);
/* Cost constants from the description, or defaults. */
const swt_cost_params_t *swt_topo_cost(const swt_topo_t *topo);
/* Replaces the cost constants (a calibrated description is written so).
   SWT_ERR_INVALID unless alpha, beta > 0 and tau, gamma, o, cores >= 0,
   all finite. */
int swt_topo_set_cost(swt_topo_t *topo, const swt_cost_params_t *cost);
/*
 * The largest allreduce (bytes per rank) the component's automatic choice
 * gives a latency-optimal schedule, from a "decide lo_max_bytes=N"
 * statement (a measured crossover: bench/net-calibrate.sh writes one); -1
 * when the description has none and the cost model decides. The setter
 * takes -1 .. SWT_TOPO_MAX_LO_BYTES (else SWT_ERR_INVALID).
 */
#define SWT_TOPO_MAX_LO_BYTES (1LL << 50)
long long swt_topo_lo_max_bytes(const swt_topo_t *topo);
int swt_topo_set_lo_max_bytes(swt_topo_t *topo, long long bytes);
/*
 * The measured decision table of the description's "decide COLLECTIVE
 * LO-HI ALGORITHM" rows (swt_table.h), or NULL when it has none. Rows left
 * out (a bad range, overlapping or out of order) are the table's warnings:
 * the description loads without them.
 */
struct swt_table;
const struct swt_table *swt_topo_table(const swt_topo_t *topo);
/* The network of groups of topo (swt_fabric.h); NULL for a grid or a plain torus. */
const swt_fabric_t *swt_topo_fabric(const swt_topo_t *topo);
/*
 * The network of nodes of topo's network of groups (swt_fabric_nodes.c):
 * the same links and cost with one rank per node that hosts ranks, the
 * nodes in the order of their lowest rank; its decide rows left out.
 * SWT_ERR_INVALID when topo has no network of groups.
 */
int swt_topo_fabric_nodes(const swt_topo_t *topo, swt_topo_t **nodes);
/* 1 when both describe the same machine: name, shapes, wrap, every tile's
   kind and position, network of groups and placement, rank order, cost
   constants and decide statements (the LO/BO crossover, the rows). */
int swt_topo_equal(const swt_topo_t *a, const swt_topo_t *b);

#endif
