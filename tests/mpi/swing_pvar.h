/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The MPI_T performance variables of coll/swing, read before and after a
 * call so a test knows which algorithm served it (or that it fell back).
 */
#ifndef SWING_PVAR_H
#define SWING_PVAR_H

#include <mpi.h>

#define SWING_PVAR_NALG 17

/* Algorithm names in counter order: coll_swing_allreduce_<name>. */
extern const char *const swing_pvar_algs[SWING_PVAR_NALG];

typedef struct swing_pvar_snap {
    unsigned long long served;
    unsigned long long fallback;
    unsigned long long alg[SWING_PVAR_NALG];
} swing_pvar_snap_t;

/*
 * The collective whose counters and algorithm variable the functions below
 * use: "allreduce" (the default), "iallreduce" or "allreduce_init". Before
 * swing_pvar_open.
 */
void swing_pvar_collective(const char *name);

/* After MPI_Init. Returns 0, or the number of counters not found. */
int swing_pvar_open(void);

/*
 * Reads a variable of coll/swing by its full name into *value; -1 if
 * absent. A counter reads what accumulated since its first read here; a
 * level, its value now. Not thread-safe.
 */
int swing_pvar_read_one(const char *name, unsigned long long *value);
/* 1 if the counter of this algorithm (index) or of served/fallback (-1, -2) exists. */
int swing_pvar_have(int which);
/* Index of an algorithm name, -1 if unknown. */
int swing_pvar_alg_index(const char *name);
/* Reads every counter found; missing ones read 0. Returns an MPI error code. */
int swing_pvar_read(swing_pvar_snap_t *snap);
void swing_pvar_close(void);

/*
 * Sets the control variable coll_swing_<collective>_algorithm through MPI_T;
 * communicators created afterwards use that algorithm. Returns 0 on
 * success, -1 if the variable or the name is unknown or not writable.
 */
int swing_cvar_set_algorithm(const char *name);

/*
 * Any counter of coll/swing by its name without the coll_swing_ prefix
 * (e.g. "allgather_served"): what it counted since its first read here
 * (0 then); ~0ULL when it does not exist. After swing_pvar_open.
 */
unsigned long long swing_pvar_get(const char *name);
/* Sets control variable var (e.g. "coll_swing_allgather_algorithm") to
   the enum value called name, as swing_cvar_set_algorithm. */
int swing_cvar_set(const char *var, const char *name);
/* 1 if control variable var (an enum) has a value called name. */
int swing_cvar_has(const char *var, const char *name);
/* Reads control variable var (a long, e.g. "coll_swing_shm_cma_allgather_min",
   an int or a bool); -1 if absent. */
int swing_cvar_get_long(const char *var, long *value);
/* Reads control variable var, a string (e.g. "coll_swing_topology"), into
   buf of len bytes (more than MPI_T's room for a string: 4096); -1 if
   absent or the room is larger. */
int swing_cvar_get_string(const char *var, char *buf, int len);

#endif
