/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Helpers shared by the reliability programs: a seeded generator that every
 * rank can evaluate for any (call, rank, element), MPI_T counter reads, the
 * process's memory use and the options. What all MPI test programs share
 * (the mixer, MPI_Allreduce_init's name, the failures' sum) is in
 * tests/mpi/test_util.h.
 */
#ifndef REL_UTIL_H
#define REL_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include <mpi.h>

#include "../mpi/test_util.h"

typedef struct rel_rng {
    uint64_t state;
} rel_rng_t;

void rel_rng_seed(rel_rng_t *rng, uint64_t seed);
uint64_t rel_rng_next(rel_rng_t *rng);
/* Uniform in [lo, hi] (inclusive). */
long long rel_rng_range(rel_rng_t *rng, long long lo, long long hi);

/* Value of element i of rank r for the call identified by salt. */
uint64_t rel_hash3(uint64_t salt, uint64_t r, uint64_t i);

/*
 * A swing MPI_T counter "coll_swing_<name>" (unsigned long long). MPI_T
 * counters read relative to the moment the handle was allocated, so open
 * before the work and read after it; a level (nb_requests, nb_progress)
 * reads its current value. Open returns 0, or -1 when the variable is
 * unknown (component absent); read returns 0 or -1.
 */
typedef struct rel_pvar {
    MPI_T_pvar_session session;
    MPI_T_pvar_handle handle;
    int open;
} rel_pvar_t;

int rel_pvar_open(rel_pvar_t *pv, const char *name);
int rel_pvar_read(rel_pvar_t *pv, unsigned long long *value);
void rel_pvar_close(rel_pvar_t *pv);

/*
 * Swing's nonblocking requests (pvars coll_swing_nb_requests, a level).
 * await: progresses until the process holds none (a request freed while
 * active has ended; every rank of its communicator must do the same), 0
 * when that happened within seconds. leftovers: 0 when neither a request
 * nor the progress callback (nb_progress) is left; both values returned.
 */
int rel_await_nb_idle(double seconds);
int rel_nb_leftovers(unsigned long long *requests, unsigned long long *progress);

/* Resident set size in KiB from /proc/self/status; -1 if unavailable. */
long rel_rss_kib(void);
/* A KiB field of /proc/self/status ("VmRSS", "VmHWM"); -1 if unavailable. */
long rel_status_kib(const char *field);
/* Bytes the malloc heap has in use (mallinfo2). */
size_t rel_heap_bytes(void);

/* Parses a non-negative integer option value; exits the job on junk. */
unsigned long long rel_parse_ull(const char *flag, const char *text);

/*
 * A command-line option: --flag N into *number (rel_parse_ull), --flag
 * TEXT into *text, or --flag alone; *set, if given, becomes 1 when the
 * option is there.
 */
typedef struct rel_opt {
    const char *flag;
    unsigned long long *number;
    const char **text;
    int *set;
} rel_opt_t;

/*
 * Takes argv by opts (ended by a NULL flag). Anything else ends the job,
 * with 'PROG: unknown argument "ARG"' and the usage line (if not NULL).
 */
void rel_parse_opts(const char *prog, const char *usage, int argc, char **argv,
                    const rel_opt_t *opts);

#endif
