/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * One fuzz input through the description parser and everything that reads
 * a parsed description. Shared by the libFuzzer target (fuzz_libfuzzer.c,
 * clang) and the seeded mutation harness of make check (fuzz_mutate.c).
 *
 * What an input is:
 *   '@' then bytes   the bytes are a file's contents, loaded with
 *                    swt_topo_load("@/proc/self/fd/N") from an anonymous
 *                    memory file (no file is ever left behind)
 *   one line         (no '\n', at most FZ_SPEC_MAX bytes) a spec for
 *                    swt_topo_load ("n150:harvest=3", "torus:4x4",
 *                    "ring:8"), and also description text
 *   anything else    description text for swt_topo_parse (up to the
 *                    first NUL, as a C string)
 *
 * Every description that loads must then keep the contracts of
 * swt_topo.h: swt_topo_format prints it whole or truncated like snprintf,
 * the printed text parses back to an equal description (swt_topo_equal)
 * that prints the same text, the accessors agree with each other (rank
 * <-> position <-> tile), and, when it is small (FZ_MAX_SCHED positions,
 * FZ_MAX_TILES tiles), the schedules, layouts and cost model build with
 * peers, blocks and predicted times in range. A broken contract is a
 * finding: fz_one returns 1 with a message in why.
 */
#ifndef FZ_TOPO_H
#define FZ_TOPO_H

#include <stddef.h>
#include <stdint.h>

#define FZ_SPEC_MAX 512
/* Descriptions at most this large get schedules and a cost model. */
#define FZ_MAX_SCHED 128
#define FZ_MAX_TILES 4096

/*
 * 0: no contract broken; 1: a finding, described in why. *loaded (when
 * not NULL) gets how many descriptions the input gave (text, spec: 0-2).
 */
int fz_one(const uint8_t *data, size_t size, char *why, size_t whylen, int *loaded);

/* Set: every printed description is altered before it is parsed back, so
   that each one that loads must be a finding (the harness's self-test). */
extern int fz_inject;

/*
 * Descriptions of more tiles are parsed and their accessors checked, but
 * not printed (0: no limit). Printing the largest (2^20 tiles, 9 MB) takes
 * 2.5 s instrumented for libFuzzer, and libFuzzer, which picks every
 * corpus input alike, then spends most of its time there: its target sets
 * 2^16 (a grid of 4x16384 still makes every line limit of the printer
 * matter); the mutation harness prints every one.
 */
extern long fz_max_print_tiles;

/* Prints data as one C string literal (a finding's input, for the log). */
void fz_print_input(const uint8_t *data, size_t size);

#endif
