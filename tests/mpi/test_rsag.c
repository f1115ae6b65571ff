/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI_Reduce_scatter_block, MPI_Reduce_scatter, MPI_Allgather and
 * MPI_Allgatherv integration test of coll/swing.
 *
 * For each collective, on MPI_COMM_WORLD and sub-communicators (odd/even
 * split, reversed keys, dup): predefined types and ops, user ops on
 * derived types, in place, block counts 0, 1, p and 1000 (and a big one),
 * uneven counts with zeros, all zero, all on one rank. Each result is
 * checked against a reference computed here from the same generated
 * inputs (small integers: every type holds every result exactly; 8-bit
 * sums wrap), bytes outside the result must stay untouched, and the MPI_T
 * counters must show who served the call:
 *   served     <coll>_served +1 and <coll>_<alg> +1, no fallback; shm across
 *              nodes: any one; hier (forced or auto) on a communicator over
 *              several nodes with the same number (>= 2) of ranks on each:
 *              hier, elsewhere (declined, or auto's other choice) any one
 *              but hier; auto elsewhere: any one
 *   fallback   non-commutative op, type with holes: <coll>_fallback +1
 *   zero       nothing to move: no fallback (Open MPI may return early)
 * and, with shm forced, that the big allgathers went through single copy
 * exactly when coll_swing_shm_cma_allgather_min (read through MPI_T) and
 * the kernel allow it (allgather_shm_single_copy).
 *
 * Usage: test_rsag --alg swing|rd|shm|hier|swing_mp|rd_mp|ring|auto [--also NAME,...] [--big N]
 *                  [--quick] [--label TEXT]
 * --alg names the algorithm forced on the command line for all four
 * collectives; each --also algorithm is then set through MPI_T and
 * checked on a duplicate of MPI_COMM_WORLD.
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "swing_cma.h"
#include "swing_pvar.h"
#include "test_util.h"

#define GAP 0x5A

enum { C_RSB, C_RS, C_AG, C_AGV, C_N };
static const char *const coll_names[C_N] = {
    "reduce_scatter_block",
    "reduce_scatter",
    "allgather",
    "allgatherv",
};
/* swing's rows, then Open MPI's (each collective has some of them) */
static const char *const alg_names[] = {
    "swing",
    "rd",
    "shm",
    "hier",
    "swing_mp",
    "rd_mp",
    "ring",
    "ompi_basic_linear",
    "ompi_recursive_doubling",
    "ompi_recursive_halving",
    "ompi_butterfly",
    "ompi_nonoverlapping",
    "ompi_ring",
    "ompi_linear",
    "ompi_bruck",
    "ompi_neighbor",
    "ompi_two_proc",
    "ompi_default",
    "ompi_sparbit",
};
#define NALG ((int) (sizeof(alg_names) / sizeof(alg_names[0])))
#define ALG_SHM 2
#define ALG_HIER 3
#define ANY_BUT_HIER (-2)

/* The datatypes of the matrix (test_util.h). */
typedef tu_type_id_t tkind_t;

typedef enum { O_SUM, O_MAX, O_MIN, O_BXOR, O_PROD, O_MAXLOC, O_MOD, O_NONC, O_NONE } opk_t;
static MPI_Op op_nonc;

typedef enum { E_SERVED, E_FALLBACK, E_ZERO, E_NONE } expect_t;

static struct {
    int wrank, wsize;
    tu_opts_t o;
    const char *eff[C_N]; /* per collective: o.alg where it has it, else auto */
    int sum8;             /* the case sums 8-bit integers, which Open MPI's
                             algorithms decline: any one may serve it */
    long cases, failures;
} run;

/* Input of rank r, element k, component c for op: small enough for every type. */
static long long gen(opk_t op, int r, size_t k, int c)
{
    uint64_t h = tu_mix(((uint64_t) r << 40) ^ ((uint64_t) k << 4) ^ (uint64_t) c);

    switch (op) {
    case O_PROD: return (h % 5 == 0) ? 2 : (h % 2 ? 1 : -1);
    case O_BXOR: return (long long) (h % 128);
    case O_MAXLOC: return c ? r : (long long) (h % 5);
    case O_MOD:
    case O_NONC: return (long long) (h % 1000);
    default: return (long long) (h % 201) - 100;
    }
}

static long long combine(opk_t op, long long a, long long b)
{
    switch (op) {
    case O_SUM: return a + b;
    case O_MAX: return a > b ? a : b;
    case O_MIN: return a < b ? a : b;
    case O_BXOR: return a ^ b;
    case O_PROD: return a * b;
    case O_MOD: return (a + b) % TU_MODSUM_M;
    default: return a;
    }
}

static void put(tkind_t t, char *at, long long v)
{
    tu_store(tu_types[t].ctype, at, v);
}

/* The reduction over ranks of element k component c. */
static long long expect_red(opk_t op, int p, size_t k, int c, int ncomp)
{
    long long acc = gen(op, 0, k, c);

    if (O_MAXLOC == op) {
        long long v = gen(op, 0, k, 0), loc = 0;
        for (int r = 1; r < p; ++r) {
            if (gen(op, r, k, 0) > v) {
                v = gen(op, r, k, 0);
                loc = r;
            }
        }
        return c ? loc : v;
    }
    (void) ncomp;
    for (int r = 1; r < p; ++r) {
        acc = combine(op, acc, gen(op, r, k, c));
    }
    return acc;
}

/* Non-commutative: must go to the previous module. */
static void user_nonc(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    (void) in;
    (void) inout;
    (void) len;
    (void) dt;
}

static MPI_Op mpi_op(opk_t op)
{
    switch (op) {
    case O_SUM: return MPI_SUM;
    case O_MAX: return MPI_MAX;
    case O_MIN: return MPI_MIN;
    case O_BXOR: return MPI_BXOR;
    case O_PROD: return MPI_PROD;
    case O_MAXLOC: return MPI_MAXLOC;
    case O_MOD: return tu_modsum;
    case O_NONC: return op_nonc;
    default: return MPI_OP_NULL;
    }
}

static char current[96]; /* the case: op, counts, in place */

static void fail(const char *comm_name, int coll, tkind_t t, const char *what)
{
    printf("FAIL [%s] np=%d rank=%d alg=%s %s comm=%s type=%s %s: %s\n", run.o.label, run.wsize,
           run.wrank, run.o.alg, coll_names[coll], comm_name, tu_types[t].name, current, what);
    fflush(stdout);
    run.failures++;
}

typedef struct snap {
    unsigned long long served, fallback, alg[NALG];
} snap_t;

static void snap(int coll, snap_t *s)
{
    char name[128];

    snprintf(name, sizeof(name), "%s_served", coll_names[coll]);
    s->served = swing_pvar_get(name);
    snprintf(name, sizeof(name), "%s_fallback", coll_names[coll]);
    s->fallback = swing_pvar_get(name);
    for (int i = 0; i < NALG; ++i) {
        snprintf(name, sizeof(name), "%s_%s", coll_names[coll], alg_names[i]);
        s->alg[i] = swing_pvar_get(name);
    }
}

/*
 * Where comm's ranks run (collective the first time): 1 on one node; 2 on
 * several nodes with the same number >= 2 of ranks on each (hier's
 * reduce-scatter and allgather serve it); 0 otherwise.
 */
static int node_shape(MPI_Comm comm)
{
    tu_nodes_t n = tu_nodes(comm);

    return (1 == n.nodes) ? 1 : (n.kmin == n.kmax && n.kmax > 1) ? 2 : 0;
}

/*
 * The algorithm whose counter must move: its index, -1 any, ANY_BUT_HIER.
 * auto across equal nodes expects hier: no test gives a topology there.
 */
static int expected_alg(MPI_Comm comm, int coll)
{
    const char *alg = run.eff[coll];
    int idx = -1, shape, p;

    for (int i = 0; i < NALG; ++i) {
        if (0 == strcmp(alg, alg_names[i])) {
            idx = i;
        }
    }
    MPI_Comm_size(comm, &p);
    if ((0 == strcmp(alg, "ompi_two_proc") && 2 != p)
        || (run.sum8 && 0 == strncmp(alg, "ompi_", 5))) {
        return -1; /* declined: served by another row */
    }
    if (ALG_SHM != idx && ALG_HIER != idx && 0 != strcmp(alg, "auto")) {
        return idx;
    }
    shape = node_shape(comm);
    if (ALG_SHM == idx) {
        return (1 == shape) ? idx : -1;
    }
    if (ALG_HIER == idx) {
        return (2 == shape) ? idx : ANY_BUT_HIER;
    }
    return (2 == shape) ? ALG_HIER : (1 == shape) ? -1 : ANY_BUT_HIER;
}

static void check_counters(MPI_Comm comm, const char *cn, int coll, tkind_t t, const snap_t *a,
                           const snap_t *b, expect_t e)
{
    unsigned long long served = b->served - a->served, fb = b->fallback - a->fallback;
    unsigned long long algs = 0;
    int idx = expected_alg(comm, coll);
    char msg[256];

    for (int i = 0; i < NALG; ++i) {
        algs += b->alg[i] - a->alg[i];
    }
    if ((E_SERVED == e
         && (1 != served || 0 != fb || 1 != algs || (idx >= 0 && 1 != b->alg[idx] - a->alg[idx])
             || (ANY_BUT_HIER == idx && b->alg[ALG_HIER] != a->alg[ALG_HIER])))
        || (E_FALLBACK == e && (0 != served || 1 != fb || 0 != algs))
        || (E_ZERO == e && (0 != fb || served != algs || served > 1))
        || (E_NONE == e && (0 != served || 0 != fb))) {
        snprintf(msg, sizeof(msg),
                 "counters: served +%llu fallback +%llu algorithms +%llu "
                 "(%s +%llu), expected %s",
                 served, fb, algs,
                 idx >= 0              ? alg_names[idx]
                 : ANY_BUT_HIER == idx ? "hier"
                                       : "any",
                 idx >= 0              ? b->alg[idx] - a->alg[idx]
                 : ANY_BUT_HIER == idx ? b->alg[ALG_HIER] - a->alg[ALG_HIER]
                                       : algs,
                 E_SERVED == e     ? (ANY_BUT_HIER == idx ? "served, not by hier" : "served")
                 : E_FALLBACK == e ? "fallback"
                 : E_ZERO == e     ? "nothing or served"
                                   : "nothing");
        fail(cn, coll, t, msg);
    }
}

/* The first of n bytes that differ from the expectation, if any. */
static void check_bytes(const char *cn, int coll, tkind_t t, const char *got, const char *want,
                        size_t n)
{
    for (size_t i = 0; i < n; ++i) {
        if (got[i] != want[i]) {
            char msg[200];
            snprintf(msg, sizeof(msg), "byte %zu of %zu wrong", i, n);
            fail(cn, coll, t, msg);
            return;
        }
    }
}

/* Per-rank counts of a case: shape 0 uniform n, 1 uneven with zeros, 2 all on rank p-1. */
static void make_counts(int p, int shape, int n, int *counts, int *displs, int gapped)
{
    int at = 0;

    for (int r = 0; r < p; ++r) {
        counts[r] = (0 == shape)   ? n
                    : (1 == shape) ? (int) (tu_mix((uint64_t) r + 7) % 4) * n / 2
                    : (r == p - 1) ? n
                                   : 0;
        displs[r] = at;
        at += counts[r] + gapped; /* allgatherv: a hole between blocks */
    }
}

/* One reduce-scatter (block or v) case. */
static void rs_case(MPI_Comm comm, const char *cn, int coll, tkind_t t, opk_t op, int shape, int n,
                    int inplace)
{
    int rank, p, total = 0, *counts, *displs, rc;
    char *sbuf, *rbuf, *want;
    size_t rbytes, sbytes;
    snap_t a, b;
    expect_t e;

    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    run.sum8 = (O_SUM == op && tu_one_byte(t));
    counts = malloc(sizeof(int) * (size_t) p);
    displs = malloc(sizeof(int) * (size_t) p);
    make_counts(p, C_RSB == coll ? 0 : shape, n, counts, displs, 0);
    for (int r = 0; r < p; ++r) {
        total += counts[r];
    }
    run.cases++;
    snprintf(current, sizeof(current), "op %d counts %s n %d%s", (int) op,
             0 == shape   ? "uniform"
             : 1 == shape ? "uneven"
                          : "on the last rank",
             n, inplace ? " in place" : "");
    sbytes = tu_bytes(t, (size_t) total);
    rbytes = inplace ? sbytes : tu_bytes(t, (size_t) counts[rank]);
    sbuf = malloc(sbytes);
    rbuf = malloc(rbytes);
    want = malloc(rbytes);
    memset(sbuf, GAP, sbytes);
    for (size_t k = 0; k < (size_t) total; ++k) {
        for (int c = 0; c < tu_types[t].ncomp; ++c) {
            put(t, tu_elem(sbuf, t, k, c), gen(op, rank, k, c));
        }
    }
    if (inplace) {
        memcpy(rbuf, sbuf, sbytes);
        memcpy(want, sbuf, sbytes);
    } else {
        memset(rbuf, GAP, rbytes);
        memset(want, GAP, rbytes);
    }
    for (size_t k = 0; k < (size_t) counts[rank]; ++k) {
        for (int c = 0; c < tu_types[t].ncomp; ++c) {
            put(t, tu_elem(want, t, k, c),
                expect_red(op, p, (size_t) displs[rank] + k, c, tu_types[t].ncomp));
        }
    }
    e = (1 == p)                        ? E_NONE
        : (0 == total)                  ? E_ZERO
        : (O_NONC == op || TU_VEC == t) ? E_FALLBACK
                                        : E_SERVED;
    snap(coll, &a);
    if (C_RSB == coll) {
        rc = MPI_Reduce_scatter_block(inplace ? MPI_IN_PLACE : sbuf, rbuf, n, tu_types[t].type,
                                      mpi_op(op), comm);
    } else {
        rc = MPI_Reduce_scatter(inplace ? MPI_IN_PLACE : sbuf, rbuf, counts, tu_types[t].type,
                                mpi_op(op), comm);
    }
    snap(coll, &b);
    if (MPI_SUCCESS != rc) {
        fail(cn, coll, t, "returned an error");
    } else {
        check_counters(comm, cn, coll, t, &a, &b, e);
        if (O_NONC != op) {
            /* in place, MPI leaves the rest of the buffer undefined: compare the block */
            check_bytes(cn, coll, t, rbuf, want,
                        inplace ? tu_types[t].lb + (size_t) counts[rank] * tu_types[t].extent
                                : rbytes);
        }
    }
    free(sbuf);
    free(rbuf);
    free(want);
    free(counts);
    free(displs);
}

/* One allgather (or v) case. */
static void ag_case(MPI_Comm comm, const char *cn, int coll, tkind_t t, int shape, int n,
                    int inplace)
{
    int rank, p, *counts, *displs, rc, end, total = 0;
    char *sbuf, *rbuf, *want;
    size_t rbytes, sbytes;
    snap_t a, b;
    expect_t e;

    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    counts = malloc(sizeof(int) * (size_t) p);
    displs = malloc(sizeof(int) * (size_t) p);
    make_counts(p, C_AG == coll ? 0 : shape, n, counts, displs, C_AGV == coll ? 1 : 0);
    end = displs[p - 1] + counts[p - 1];
    run.cases++;
    snprintf(current, sizeof(current), "counts %s n %d%s",
             0 == shape   ? "uniform"
             : 1 == shape ? "uneven"
                          : "on the last rank",
             n, inplace ? " in place" : "");
    rbytes = tu_bytes(t, (size_t) end);
    sbytes = tu_bytes(t, (size_t) counts[rank]);
    sbuf = malloc(sbytes);
    rbuf = malloc(rbytes);
    want = malloc(rbytes);
    memset(sbuf, GAP, sbytes);
    memset(rbuf, GAP, rbytes);
    memset(want, GAP, rbytes);
    for (int r = 0; r < p; ++r) {
        for (size_t k = 0; k < (size_t) counts[r]; ++k) {
            for (int c = 0; c < tu_types[t].ncomp; ++c) {
                long long v = gen(O_SUM, r, k, c);
                put(t, tu_elem(want, t, (size_t) displs[r] + k, c), v);
                if (r == rank) {
                    put(t,
                        tu_elem(inplace ? rbuf : sbuf, t, inplace ? (size_t) displs[r] + k : k, c),
                        v);
                }
            }
        }
    }
    for (int r = 0; r < p; ++r) {
        total += counts[r];
    }
    e = (1 == p) ? E_NONE : (0 == total) ? E_ZERO : (TU_VEC == t) ? E_FALLBACK : E_SERVED;
    snap(coll, &a);
    if (C_AG == coll) {
        rc = MPI_Allgather(inplace ? MPI_IN_PLACE : sbuf, n, tu_types[t].type, rbuf, n,
                           tu_types[t].type, comm);
    } else {
        rc = MPI_Allgatherv(inplace ? MPI_IN_PLACE : sbuf, counts[rank], tu_types[t].type, rbuf,
                            counts, displs, tu_types[t].type, comm);
    }
    snap(coll, &b);
    if (MPI_SUCCESS != rc) {
        fail(cn, coll, t, "returned an error");
    } else {
        check_counters(comm, cn, coll, t, &a, &b, e);
        check_bytes(cn, coll, t, rbuf, want, rbytes);
    }
    free(sbuf);
    free(rbuf);
    free(want);
    free(counts);
    free(displs);
}

typedef struct rcombo {
    tkind_t t;
    opk_t op;
    int quick;
} rcombo_t;

static const rcombo_t rcombos[] = {
    { TU_INT, O_SUM, 1 },     { TU_INT, O_MAX, 0 },   { TU_INT, O_BXOR, 0 },
    { TU_DOUBLE, O_SUM, 1 },  { TU_FLOAT, O_MIN, 0 }, { TU_LL, O_PROD, 0 },
    { TU_INT8, O_SUM, 1 },    { TU_UINT8, O_SUM, 0 }, { TU_2INT, O_MAXLOC, 1 },
    { TU_CONTIG3, O_MOD, 0 }, { TU_HGAP, O_MOD, 1 },  { TU_INT, O_NONC, 1 },
    { TU_VEC, O_MOD, 1 },
};
static const tkind_t atypes[] = { TU_INT, TU_DOUBLE, TU_INT8, TU_CONTIG3, TU_HGAP, TU_VEC };

static void matrix(MPI_Comm comm, const char *cn, int full)
{
    int p;
    MPI_Comm_size(comm, &p);
    int ns[] = { 0, 1, p, 1000 };

    for (size_t i = 0; i < sizeof(rcombos) / sizeof(rcombos[0]); ++i) {
        const rcombo_t *rc = &rcombos[i];
        if ((run.o.quick || !full) && !rc->quick) {
            continue;
        }
        for (int coll = C_RSB; coll <= C_RS; ++coll) {
            for (size_t j = 0; j < sizeof(ns) / sizeof(ns[0]); ++j) {
                for (int shape = 0; shape < (C_RS == coll ? 3 : 1); ++shape) {
                    rs_case(comm, cn, coll, rc->t, rc->op, shape, ns[j], 0);
                }
            }
            rs_case(comm, cn, coll, rc->t, rc->op, 1, 1000, 1);
            if (full && run.o.big && TU_INT == rc->t && O_SUM == rc->op) {
                rs_case(comm, cn, coll, rc->t, rc->op, 1, (int) run.o.big, 0);
                rs_case(comm, cn, coll, rc->t, rc->op, 0, (int) run.o.big, 1);
            }
        }
    }
    for (size_t i = 0; i < sizeof(atypes) / sizeof(atypes[0]); ++i) {
        if (run.o.quick && !(TU_INT == atypes[i] || TU_HGAP == atypes[i] || TU_VEC == atypes[i])) {
            continue;
        }
        for (int coll = C_AG; coll <= C_AGV; ++coll) {
            for (size_t j = 0; j < sizeof(ns) / sizeof(ns[0]); ++j) {
                for (int shape = 0; shape < (C_AGV == coll ? 3 : 1); ++shape) {
                    ag_case(comm, cn, coll, atypes[i], shape, ns[j], 0);
                }
            }
            ag_case(comm, cn, coll, atypes[i], 1, 1000, 1);
            if (full && run.o.big && TU_INT == atypes[i]) {
                ag_case(comm, cn, coll, atypes[i], 1, (int) run.o.big, 0);
                ag_case(comm, cn, coll, atypes[i], 0, (int) run.o.big, 1);
            }
        }
    }
}

static void setup_types(void)
{
    tu_types_create();
    MPI_Op_create(user_nonc, 0, &op_nonc);
}

static void free_types(void)
{
    MPI_Op_free(&op_nonc);
    tu_types_free();
}

/* name for every collective; Open MPI's (ompi_*) where the collective has
   it, auto elsewhere. */
static int set_all(const char *name)
{
    char var[128];

    for (int c = 0; c < C_N; ++c) {
        snprintf(var, sizeof(var), "coll_swing_%s_algorithm", coll_names[c]);
        run.eff[c] = name;
        if (0 == swing_cvar_set(var, name)) {
            continue;
        }
        if (0 != strncmp(name, "ompi_", 5) || 0 != swing_cvar_set(var, "auto")) {
            return -1;
        }
        run.eff[c] = "auto";
    }
    return 0;
}

/* The --alg forced on the command line, per collective (run_matrix.sh
   forces an Open MPI one only where the collective has it). */
static void forced_all(const char *name)
{
    char var[128];

    for (int c = 0; c < C_N; ++c) {
        snprintf(var, sizeof(var), "coll_swing_%s_algorithm", coll_names[c]);
        run.eff[c] = (0 == strncmp(name, "ompi_", 5) && !swing_cvar_has(var, name)) ? "auto" : name;
    }
}

/* An --also algorithm: set through MPI_T, for all four collectives. */
static int select_algorithm(const char *name)
{
    if (0 != set_all(name)) {
        printf("FAIL [%s] rank=%d: cannot select %s through MPI_T\n", run.o.label, run.wrank, name);
        run.failures++;
        return -1;
    }
    run.o.alg = name;
    return 0;
}

/*
 * Single copy served some allgather of the world matrix exactly when it
 * must: shm forced (its big cases reach the threshold) and the kernel
 * lets the ranks read each other; never when the threshold is -1.
 */
static void check_single_copy(unsigned long long before)
{
    unsigned long long moved = swing_pvar_get("allgather_shm_single_copy") - before;
    long min = -1;
    int shm = 0 == strcmp(run.o.alg, "shm"), possible, expect, bad;
    char msg[160];

    if (0 != swing_cvar_get_long("coll_swing_shm_cma_allgather_min", &min)) {
        fail("world", C_AG, TU_INT, "coll_swing_shm_cma_allgather_min not found");
        return;
    }
    possible = swing_cma_possible(MPI_COMM_WORLD);
    expect = shm && min >= 0 && run.wsize > 1 && possible
             && run.o.big * sizeof(int) * (size_t) run.wsize >= (size_t) min;
    bad = (min < 0 || (shm && !possible)) ? moved != 0 : (expect && 0 == moved);
    if (0 == run.wrank) {
        printf("single copy (allgather): threshold %ld, %s, %llu calls served by it\n", min,
               expect ? "expected" : "not expected", moved);
    }
    if (bad) {
        snprintf(msg, sizeof(msg), "single copy served %llu calls, %s", moved,
                 expect ? "expected some" : "expected none");
        fail("world", C_AG, TU_INT, msg);
    }
}

int main(int argc, char **argv)
{
    long total_fail = 0, total_cases = 0;
    const char *argv_alg;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &run.wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &run.wsize);
    run.o.label = "";
    run.o.big = 1 << 18;
    for (int i = 1; i < argc; ++i) {
        (void) tu_opt(&run.o, argc, argv, &i);
    }
    if (NULL == run.o.alg) {
        if (0 == run.wrank) {
            fprintf(stderr, "usage: test_rsag --alg swing|rd|shm|hier|swing_mp|rd_mp|ring|auto "
                            "[--also A,B] [--big N] "
                            "[--quick] [--label TEXT]\nFAIL\n");
        }
        MPI_Finalize();
        return 2;
    }
    argv_alg = run.o.alg;
    swing_pvar_open();
    forced_all(run.o.alg);
    if (~0ULL == swing_pvar_get("allgather_served")) {
        printf("FAIL [%s] rank=%d: coll/swing counters not found\n", run.o.label, run.wrank);
        run.failures++;
    } else {
        unsigned long long single = swing_pvar_get("allgather_shm_single_copy");
        setup_types();
        matrix(MPI_COMM_WORLD, "world", 1);
        check_single_copy(single);
        tu_sub_communicators(matrix);
        tu_each_algorithm(run.o.also, select_algorithm, matrix);
        free_types();
    }
    tu_sum_to_all(&run.failures, &total_fail, MPI_LONG);
    tu_sum_to_all(&run.cases, &total_cases, MPI_LONG);
    if (0 == run.wrank) {
        printf("test_rsag [%s] np=%d alg=%s%s%s: %ld rank-cases, %ld failures: %s\n", run.o.label,
               run.wsize, argv_alg, run.o.also ? " also " : "", run.o.also ? run.o.also : "",
               total_cases, total_fail, total_fail ? "FAIL" : "PASS");
        fflush(stdout);
    }
    swing_pvar_close();
    MPI_Finalize();
    return total_fail ? 1 : 0;
}
