/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the MPI test programs share (tests/mpi, tests/cluster,
 * tests/reliability): the generator's mixer, the datatypes of the value
 * matrices with their layout and user op, where a communicator's ranks
 * run, the matrix tests' common options and communicators, and the sum
 * of every rank's failures.
 */
#ifndef TEST_UTIL_H
#define TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include <mpi.h>

/* MPI_Allreduce_init: MPI-4, in Open MPI 4.1 as the extension MPIX_Allreduce_init. */
#if defined(OPEN_MPI) && OMPI_MAJOR_VERSION < 5
#include <mpi-ext.h>
#define TU_ALLREDUCE_INIT MPIX_Allreduce_init
#else
#define TU_ALLREDUCE_INIT MPI_Allreduce_init
#endif

/* splitmix64's output function: a good 64-bit mixer. */
uint64_t tu_mix(uint64_t x);

/*
 * The datatypes of the value matrices: predefined ones, then derived ones
 * (contiguous, with a true lower bound, and one with holes, which swing
 * must hand on). An element is ncomp components of one C type, at off[]
 * from the element's start; elements are extent bytes apart, the first lb
 * bytes into the buffer.
 */
typedef enum {
    TU_INT,
    TU_DOUBLE,
    TU_FLOAT,
    TU_LL,
    TU_CDC,
    TU_2INT,
    TU_INT8,
    TU_UINT8,
    TU_UCHAR,
    TU_CONTIG3,
    TU_HGAP,
    TU_MAT,
    TU_VEC,
    TU_NTYPES
} tu_type_id_t;

/* The C type of a component; 8-bit data are stored as their low 8 bits. */
typedef enum { TU_C_INT, TU_C_DOUBLE, TU_C_FLOAT, TU_C_LL, TU_C_INT8 } tu_ctype_t;

typedef struct tu_type {
    const char *name;
    tu_ctype_t ctype;
    int ncomp;
    size_t off[4];
    size_t extent;
    size_t lb;
    MPI_Datatype type; /* after tu_types_create */
} tu_type_t;

/* 1 if an element of type t is one byte (after tu_types_create). */
int tu_one_byte(tu_type_id_t t);

extern tu_type_t tu_types[TU_NTYPES];

/* The modulus of tu_modsum. */
#define TU_MODSUM_M 1000003LL

/*
 * Commutative user op on any type of int components: every component
 * inout = (in + inout) mod TU_MODSUM_M. Predefined ops are not defined on
 * derived types; this one serves them.
 */
extern MPI_Op tu_modsum;

/* After MPI_Init: the MPI types of tu_types, and tu_modsum. */
void tu_types_create(void);
void tu_types_free(void);

size_t tu_ctype_size(tu_ctype_t ct);
/* A buffer of count elements of type t, and one byte after them. */
size_t tu_bytes(tu_type_id_t t, size_t count);
/* Component c of element k of a buffer of type t. */
char *tu_elem(char *buf, tu_type_id_t t, size_t k, int c);
/* v in component type ct at at (integers wrap). */
void tu_store(tu_ctype_t ct, char *at, long long v);

/*
 * Where comm's ranks run (MPI_Comm_split_type, shared memory): the number
 * of nodes and the fewest and most ranks of comm on one. Collective the
 * first time for a communicator, kept on it after.
 */
typedef struct tu_nodes {
    int nodes, kmin, kmax;
} tu_nodes_t;

tu_nodes_t tu_nodes(MPI_Comm comm);

/* Every rank's *mine (one of type, MPI_SUM) in *total on every rank. */
void tu_sum_to_all(const void *mine, void *total, MPI_Datatype type);

/*
 * The options of the matrix tests (test_allreduce, test_rsag): --alg NAME,
 * --also NAME,NAME..., --big COUNT, --quick, --label TEXT.
 */
typedef struct tu_opts {
    const char *alg, *also, *label;
    size_t big;
    int quick;
} tu_opts_t;

/*
 * Takes argv[*i], and its value after it, when it is one of those options
 * (advancing *i past the value): 1 then, else 0 (another option, or one
 * whose value is missing).
 */
int tu_opt(tu_opts_t *o, int argc, char **argv, int *i);

/*
 * A matrix test's check of one communicator (full: every case, or the
 * short list for the extra communicators).
 */
typedef void (*tu_matrix_fn_t)(MPI_Comm comm, const char *comm_name, int full);

/* matrix, short list, on split(odd/even), split(reversed keys), dup(world). */
void tu_sub_communicators(tu_matrix_fn_t matrix);

/*
 * Each algorithm of a comma-separated list: select(alg) sets it through
 * MPI_T (nonzero: it could not, and said so), then matrix, full list, on a
 * new duplicate of MPI_COMM_WORLD named "dup(world) set to ALG".
 */
void tu_each_algorithm(const char *list, int (*select)(const char *alg), tu_matrix_fn_t matrix);

#endif
