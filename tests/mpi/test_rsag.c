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

#define GAP 0x5A
#define MODM 1000003LL

enum { C_RSB, C_RS, C_AG, C_AGV, C_N };
static const char *const coll_names[C_N] = {
    "reduce_scatter_block", "reduce_scatter", "allgather", "allgatherv",
};
static const char *const alg_names[] = { "swing", "rd", "shm", "hier", "swing_mp", "rd_mp", "ring" };
#define NALG 7
#define ALG_SHM 2
#define ALG_HIER 3
#define ANY_BUT_HIER (-2)

typedef enum { T_INT, T_DOUBLE, T_FLOAT, T_LL, T_INT8, T_UINT8, T_2INT, T_C3, T_HGAP,
               T_VEC, T_N } tkind_t;

typedef struct tinfo {
    const char *name;
    int csize;       /* bytes of one component */
    int ncomp;
    size_t extent, lb;
    int fp;          /* 1 float, 2 double */
    MPI_Datatype type;
} tinfo_t;

static tinfo_t ti[T_N] = {
    [T_INT] = { "MPI_INT", 4, 1, 4, 0, 0, MPI_DATATYPE_NULL },
    [T_DOUBLE] = { "MPI_DOUBLE", 8, 1, 8, 0, 2, MPI_DATATYPE_NULL },
    [T_FLOAT] = { "MPI_FLOAT", 4, 1, 4, 0, 1, MPI_DATATYPE_NULL },
    [T_LL] = { "MPI_LONG_LONG", 8, 1, 8, 0, 0, MPI_DATATYPE_NULL },
    [T_INT8] = { "MPI_INT8_T", 1, 1, 1, 0, 0, MPI_DATATYPE_NULL },
    [T_UINT8] = { "MPI_UINT8_T", 1, 1, 1, 0, 0, MPI_DATATYPE_NULL },
    [T_2INT] = { "MPI_2INT", 4, 2, 8, 0, 0, MPI_DATATYPE_NULL },
    [T_C3] = { "contiguous(3,INT)", 4, 3, 12, 0, 0, MPI_DATATYPE_NULL },
    [T_HGAP] = { "hindexed(3 INT at +8)", 4, 3, 12, 8, 0, MPI_DATATYPE_NULL },
    [T_VEC] = { "vector(2,1,2,INT)", 4, 2, 12, 0, 0, MPI_DATATYPE_NULL },
};

typedef enum { O_SUM, O_MAX, O_MIN, O_BXOR, O_PROD, O_MAXLOC, O_MOD, O_NONC, O_NONE } opk_t;
static MPI_Op op_mod, op_nonc;

typedef enum { E_SERVED, E_FALLBACK, E_ZERO, E_NONE } expect_t;

static struct {
    int wrank, wsize, quick;
    const char *alg, *label, *also;
    size_t big;
    long cases, failures;
} run;

static uint64_t mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Input of rank r, element k, component c for op: small enough for every type. */
static long long gen(opk_t op, int r, size_t k, int c)
{
    uint64_t h = mix(((uint64_t) r << 40) ^ ((uint64_t) k << 4) ^ (uint64_t) c);

    switch (op) {
    case O_PROD:
        return (h % 5 == 0) ? 2 : (h % 2 ? 1 : -1);
    case O_BXOR:
        return (long long) (h % 128);
    case O_MAXLOC:
        return c ? r : (long long) (h % 5);
    case O_MOD:
    case O_NONC:
        return (long long) (h % 1000);
    default:
        return (long long) (h % 201) - 100;
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
    case O_MOD: return (a + b) % MODM;
    default: return a;
    }
}

static void put(tkind_t t, char *at, long long v)
{
    if (2 == ti[t].fp) {
        double x = (double) v;
        memcpy(at, &x, 8);
    } else if (1 == ti[t].fp) {
        float x = (float) v;
        memcpy(at, &x, 4);
    } else if (8 == ti[t].csize) {
        memcpy(at, &v, 8);
    } else if (4 == ti[t].csize) {
        int x = (int) v;
        memcpy(at, &x, 4);
    } else {
        uint8_t x = (uint8_t) (uint64_t) v;   /* 8-bit sums wrap */
        memcpy(at, &x, 1);
    }
}

static char *elem(char *buf, tkind_t t, size_t k, int c)
{
    size_t off = (T_VEC == t) ? (size_t) c * 8 : (size_t) c * (size_t) ti[t].csize;
    return buf + ti[t].lb + k * ti[t].extent + off;
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

static void user_mod(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    tkind_t t = T_INT;

    for (int i = 0; i < T_N; ++i) {
        if (*dt == ti[i].type && 4 == ti[i].csize && 0 == ti[i].fp) {
            t = (tkind_t) i;
        }
    }

    for (int k = 0; k < *len; ++k) {
        for (int c = 0; c < ti[t].ncomp; ++c) {
            int a, b;
            memcpy(&a, elem(in, t, (size_t) k, c), 4);
            memcpy(&b, elem(inout, t, (size_t) k, c), 4);
            b = (int) ((a + (long long) b) % MODM);
            memcpy(elem(inout, t, (size_t) k, c), &b, 4);
        }
    }
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
    case O_MOD: return op_mod;
    case O_NONC: return op_nonc;
    default: return MPI_OP_NULL;
    }
}

static char current[96];   /* the case: op, counts, in place */

static void fail(const char *comm_name, int coll, tkind_t t, const char *what)
{
    printf("FAIL [%s] np=%d rank=%d alg=%s %s comm=%s type=%s %s: %s\n", run.label, run.wsize,
           run.wrank, run.alg, coll_names[coll], comm_name, ti[t].name, current, what);
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
 * Where comm's ranks run (collective): 1 on one node; 2 on several nodes
 * with the same number >= 2 of ranks on each (hier's reduce-scatter and
 * allgather serve it); 0 otherwise. Kept on the communicator.
 */
static int node_shape(MPI_Comm comm)
{
    static int key = MPI_KEYVAL_INVALID;
    MPI_Comm node;
    int nsize, lrank, lead, nodes, kmin, kmax, flag = 0, shape;
    void *kept = NULL;

    if (MPI_KEYVAL_INVALID == key) {
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &key, NULL);
    }
    MPI_Comm_get_attr(comm, key, &kept, &flag);
    if (flag) {
        return (int) (intptr_t) kept - 1;
    }
    MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &nsize);
    MPI_Comm_rank(node, &lrank);
    MPI_Comm_free(&node);
    lead = (0 == lrank);
    MPI_Allreduce(&lead, &nodes, 1, MPI_INT, MPI_SUM, comm);
    MPI_Allreduce(&nsize, &kmin, 1, MPI_INT, MPI_MIN, comm);
    MPI_Allreduce(&nsize, &kmax, 1, MPI_INT, MPI_MAX, comm);
    shape = (1 == nodes) ? 1 : (kmin == kmax && kmax > 1) ? 2 : 0;
    MPI_Comm_set_attr(comm, key, (void *) (intptr_t) (shape + 1));
    return shape;
}

/*
 * The algorithm whose counter must move: its index, -1 any, ANY_BUT_HIER.
 * auto across equal nodes expects hier: no test gives a topology there.
 */
static int expected_alg(MPI_Comm comm)
{
    int idx = -1, shape;

    for (int i = 0; i < NALG; ++i) {
        if (0 == strcmp(run.alg, alg_names[i])) {
            idx = i;
        }
    }
    if (ALG_SHM != idx && ALG_HIER != idx && 0 != strcmp(run.alg, "auto")) {
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

static void check_counters(MPI_Comm comm, const char *cn, int coll, tkind_t t,
                           const snap_t *a, const snap_t *b, expect_t e)
{
    unsigned long long served = b->served - a->served, fb = b->fallback - a->fallback;
    unsigned long long algs = 0;
    int idx = expected_alg(comm);
    char msg[256];

    for (int i = 0; i < NALG; ++i) {
        algs += b->alg[i] - a->alg[i];
    }
    if ((E_SERVED == e && (1 != served || 0 != fb || 1 != algs
                           || (idx >= 0 && 1 != b->alg[idx] - a->alg[idx])
                           || (ANY_BUT_HIER == idx && b->alg[ALG_HIER] != a->alg[ALG_HIER])))
        || (E_FALLBACK == e && (0 != served || 1 != fb || 0 != algs))
        || (E_ZERO == e && (0 != fb || served != algs || served > 1))
        || (E_NONE == e && (0 != served || 0 != fb))) {
        snprintf(msg, sizeof(msg), "counters: served +%llu fallback +%llu algorithms +%llu "
                 "(%s +%llu), expected %s", served, fb, algs,
                 idx >= 0 ? alg_names[idx] : ANY_BUT_HIER == idx ? "hier" : "any",
                 idx >= 0 ? b->alg[idx] - a->alg[idx]
                 : ANY_BUT_HIER == idx ? b->alg[ALG_HIER] - a->alg[ALG_HIER] : algs,
                 E_SERVED == e ? (ANY_BUT_HIER == idx ? "served, not by hier" : "served")
                 : E_FALLBACK == e ? "fallback" : E_ZERO == e
                 ? "nothing or served" : "nothing");
        fail(cn, coll, t, msg);
    }
}

/* The first of n bytes that differ from the expectation, if any. */
static void check_bytes(const char *cn, int coll, tkind_t t, const char *got,
                        const char *want, size_t n)
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
        counts[r] = (0 == shape) ? n : (1 == shape) ? (int) (mix((uint64_t) r + 7) % 4) * n / 2
                  : (r == p - 1) ? n : 0;
        displs[r] = at;
        at += counts[r] + gapped;   /* allgatherv: a hole between blocks */
    }
}

/* One reduce-scatter (block or v) case. */
static void rs_case(MPI_Comm comm, const char *cn, int coll, tkind_t t, opk_t op, int shape,
                    int n, int inplace)
{
    int rank, p, total = 0, *counts, *displs, rc;
    char *sbuf, *rbuf, *want;
    size_t rbytes, sbytes;
    snap_t a, b;
    expect_t e;

    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    counts = malloc(sizeof(int) * (size_t) p);
    displs = malloc(sizeof(int) * (size_t) p);
    make_counts(p, C_RSB == coll ? 0 : shape, n, counts, displs, 0);
    for (int r = 0; r < p; ++r) {
        total += counts[r];
    }
    run.cases++;
    snprintf(current, sizeof(current), "op %d counts %s n %d%s", (int) op,
             0 == shape ? "uniform" : 1 == shape ? "uneven" : "on the last rank", n,
             inplace ? " in place" : "");
    sbytes = ti[t].lb + (size_t) total * ti[t].extent + 1;
    rbytes = inplace ? sbytes : ti[t].lb + (size_t) counts[rank] * ti[t].extent + 1;
    sbuf = malloc(sbytes);
    rbuf = malloc(rbytes);
    want = malloc(rbytes);
    memset(sbuf, GAP, sbytes);
    for (size_t k = 0; k < (size_t) total; ++k) {
        for (int c = 0; c < ti[t].ncomp; ++c) {
            put(t, elem(sbuf, t, k, c), gen(op, rank, k, c));
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
        for (int c = 0; c < ti[t].ncomp; ++c) {
            put(t, elem(want, t, k, c),
                expect_red(op, p, (size_t) displs[rank] + k, c, ti[t].ncomp));
        }
    }
    e = (1 == p) ? E_NONE : (0 == total) ? E_ZERO
        : (O_NONC == op || T_VEC == t) ? E_FALLBACK : E_SERVED;
    snap(coll, &a);
    if (C_RSB == coll) {
        rc = MPI_Reduce_scatter_block(inplace ? MPI_IN_PLACE : sbuf, rbuf, n, ti[t].type,
                                      mpi_op(op), comm);
    } else {
        rc = MPI_Reduce_scatter(inplace ? MPI_IN_PLACE : sbuf, rbuf, counts, ti[t].type,
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
                        inplace ? ti[t].lb + (size_t) counts[rank] * ti[t].extent : rbytes);
        }
    }
    free(sbuf);
    free(rbuf);
    free(want);
    free(counts);
    free(displs);
}

/* One allgather (or v) case; sendt the send type (T_N: in place). */
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
             0 == shape ? "uniform" : 1 == shape ? "uneven" : "on the last rank", n,
             inplace ? " in place" : "");
    rbytes = ti[t].lb + (size_t) end * ti[t].extent + 1;
    sbytes = ti[t].lb + (size_t) counts[rank] * ti[t].extent + 1;
    sbuf = malloc(sbytes);
    rbuf = malloc(rbytes);
    want = malloc(rbytes);
    memset(sbuf, GAP, sbytes);
    memset(rbuf, GAP, rbytes);
    memset(want, GAP, rbytes);
    for (int r = 0; r < p; ++r) {
        for (size_t k = 0; k < (size_t) counts[r]; ++k) {
            for (int c = 0; c < ti[t].ncomp; ++c) {
                long long v = gen(O_SUM, r, k, c);
                put(t, elem(want, t, (size_t) displs[r] + k, c), v);
                if (r == rank) {
                    put(t, elem(inplace ? rbuf : sbuf, t, inplace ? (size_t) displs[r] + k : k,
                                c), v);
                }
            }
        }
    }
    for (int r = 0; r < p; ++r) {
        total += counts[r];
    }
    e = (1 == p) ? E_NONE : (0 == total) ? E_ZERO : (T_VEC == t) ? E_FALLBACK : E_SERVED;
    snap(coll, &a);
    if (C_AG == coll) {
        rc = MPI_Allgather(inplace ? MPI_IN_PLACE : sbuf, n, ti[t].type, rbuf, n, ti[t].type,
                           comm);
    } else {
        rc = MPI_Allgatherv(inplace ? MPI_IN_PLACE : sbuf, counts[rank], ti[t].type, rbuf,
                            counts, displs, ti[t].type, comm);
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
    { T_INT, O_SUM, 1 }, { T_INT, O_MAX, 0 }, { T_INT, O_BXOR, 0 }, { T_DOUBLE, O_SUM, 1 },
    { T_FLOAT, O_MIN, 0 }, { T_LL, O_PROD, 0 }, { T_INT8, O_SUM, 1 }, { T_UINT8, O_SUM, 0 },
    { T_2INT, O_MAXLOC, 1 }, { T_C3, O_MOD, 0 }, { T_HGAP, O_MOD, 1 },
    { T_INT, O_NONC, 1 }, { T_VEC, O_MOD, 1 },
};
static const tkind_t atypes[] = { T_INT, T_DOUBLE, T_INT8, T_C3, T_HGAP, T_VEC };

static void matrix(MPI_Comm comm, const char *cn, int full)
{
    int p;
    MPI_Comm_size(comm, &p);
    int ns[] = { 0, 1, p, 1000 };

    for (size_t i = 0; i < sizeof(rcombos) / sizeof(rcombos[0]); ++i) {
        const rcombo_t *rc = &rcombos[i];
        if ((run.quick || !full) && !rc->quick) {
            continue;
        }
        for (int coll = C_RSB; coll <= C_RS; ++coll) {
            for (size_t j = 0; j < sizeof(ns) / sizeof(ns[0]); ++j) {
                for (int shape = 0; shape < (C_RS == coll ? 3 : 1); ++shape) {
                    rs_case(comm, cn, coll, rc->t, rc->op, shape, ns[j], 0);
                }
            }
            rs_case(comm, cn, coll, rc->t, rc->op, 1, 1000, 1);
            if (full && run.big && T_INT == rc->t && O_SUM == rc->op) {
                rs_case(comm, cn, coll, rc->t, rc->op, 1, (int) run.big, 0);
                rs_case(comm, cn, coll, rc->t, rc->op, 0, (int) run.big, 1);
            }
        }
    }
    for (size_t i = 0; i < sizeof(atypes) / sizeof(atypes[0]); ++i) {
        if (run.quick && !(T_INT == atypes[i] || T_HGAP == atypes[i] || T_VEC == atypes[i])) {
            continue;
        }
        for (int coll = C_AG; coll <= C_AGV; ++coll) {
            for (size_t j = 0; j < sizeof(ns) / sizeof(ns[0]); ++j) {
                for (int shape = 0; shape < (C_AGV == coll ? 3 : 1); ++shape) {
                    ag_case(comm, cn, coll, atypes[i], shape, ns[j], 0);
                }
            }
            ag_case(comm, cn, coll, atypes[i], 1, 1000, 1);
            if (full && run.big && T_INT == atypes[i]) {
                ag_case(comm, cn, coll, atypes[i], 1, (int) run.big, 0);
                ag_case(comm, cn, coll, atypes[i], 0, (int) run.big, 1);
            }
        }
    }
}

static void setup_types(void)
{
    int bl = 1;
    MPI_Aint disp = 8;
    MPI_Datatype three;

    ti[T_INT].type = MPI_INT;
    ti[T_DOUBLE].type = MPI_DOUBLE;
    ti[T_FLOAT].type = MPI_FLOAT;
    ti[T_LL].type = MPI_LONG_LONG;
    ti[T_INT8].type = MPI_INT8_T;
    ti[T_UINT8].type = MPI_UINT8_T;
    ti[T_2INT].type = MPI_2INT;
    MPI_Type_contiguous(3, MPI_INT, &ti[T_C3].type);
    MPI_Type_commit(&ti[T_C3].type);
    MPI_Type_contiguous(3, MPI_INT, &three);
    MPI_Type_create_hindexed(1, &bl, &disp, three, &ti[T_HGAP].type);
    MPI_Type_commit(&ti[T_HGAP].type);
    MPI_Type_free(&three);
    MPI_Type_vector(2, 1, 2, MPI_INT, &ti[T_VEC].type);
    MPI_Type_commit(&ti[T_VEC].type);
    MPI_Op_create(user_mod, 1, &op_mod);
    MPI_Op_create(user_nonc, 0, &op_nonc);
}

static void free_types(void)
{
    MPI_Type_free(&ti[T_C3].type);
    MPI_Type_free(&ti[T_HGAP].type);
    MPI_Type_free(&ti[T_VEC].type);
    MPI_Op_free(&op_mod);
    MPI_Op_free(&op_nonc);
}

static int set_all(const char *name)
{
    char var[128];

    for (int c = 0; c < C_N; ++c) {
        snprintf(var, sizeof(var), "coll_swing_%s_algorithm", coll_names[c]);
        if (0 != swing_cvar_set(var, name)) {
            return -1;
        }
    }
    return 0;
}

static void sub_communicators(void)
{
    MPI_Comm split, reversed, dup;

    MPI_Comm_split(MPI_COMM_WORLD, run.wrank % 2, run.wrank, &split);
    matrix(split, "split(odd/even)", 0);
    MPI_Comm_free(&split);
    MPI_Comm_split(MPI_COMM_WORLD, 0, run.wsize - run.wrank, &reversed);
    matrix(reversed, "split(reversed keys)", 0);
    MPI_Comm_free(&reversed);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    matrix(dup, "dup(world)", 0);
    MPI_Comm_free(&dup);
}

static void also_algorithms(void)
{
    char list[256], *save = NULL;

    if (NULL == run.also) {
        return;
    }
    snprintf(list, sizeof(list), "%s", run.also);
    for (char *name = strtok_r(list, ",", &save); NULL != name;
         name = strtok_r(NULL, ",", &save)) {
        MPI_Comm comm;
        char cn[64];
        if (0 != set_all(name)) {
            printf("FAIL [%s] rank=%d: cannot select %s through MPI_T\n", run.label, run.wrank,
                   name);
            run.failures++;
            continue;
        }
        run.alg = name;
        MPI_Comm_dup(MPI_COMM_WORLD, &comm);
        snprintf(cn, sizeof(cn), "dup(world) set to %s", name);
        matrix(comm, cn, 1);
        MPI_Comm_free(&comm);
    }
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
    int shm = 0 == strcmp(run.alg, "shm"), possible, expect, bad;
    char msg[160];

    if (0 != swing_cvar_get_long("coll_swing_shm_cma_allgather_min", &min)) {
        fail("world", C_AG, T_INT, "coll_swing_shm_cma_allgather_min not found");
        return;
    }
    possible = swing_cma_possible(MPI_COMM_WORLD);
    expect = shm && min >= 0 && run.wsize > 1 && possible
             && run.big * sizeof(int) * (size_t) run.wsize >= (size_t) min;
    bad = (min < 0 || (shm && !possible)) ? moved != 0 : (expect && 0 == moved);
    if (0 == run.wrank) {
        printf("single copy (allgather): threshold %ld, %s, %llu calls served by it\n", min,
               expect ? "expected" : "not expected", moved);
    }
    if (bad) {
        snprintf(msg, sizeof(msg), "single copy served %llu calls, %s", moved,
                 expect ? "expected some" : "expected none");
        fail("world", C_AG, T_INT, msg);
    }
}

int main(int argc, char **argv)
{
    long total_fail = 0, total_cases = 0;
    const char *argv_alg;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &run.wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &run.wsize);
    run.label = "";
    run.big = 1 << 18;
    for (int i = 1; i < argc; ++i) {
        if (0 == strcmp(argv[i], "--alg") && i + 1 < argc) {
            run.alg = argv[++i];
        } else if (0 == strcmp(argv[i], "--also") && i + 1 < argc) {
            run.also = argv[++i];
        } else if (0 == strcmp(argv[i], "--big") && i + 1 < argc) {
            run.big = (size_t) strtoul(argv[++i], NULL, 10);
        } else if (0 == strcmp(argv[i], "--quick")) {
            run.quick = 1;
        } else if (0 == strcmp(argv[i], "--label") && i + 1 < argc) {
            run.label = argv[++i];
        }
    }
    if (NULL == run.alg) {
        if (0 == run.wrank) {
            fprintf(stderr, "usage: test_rsag --alg swing|rd|shm|hier|swing_mp|rd_mp|ring|auto "
                            "[--also A,B] [--big N] "
                    "[--quick] [--label TEXT]\nFAIL\n");
        }
        MPI_Finalize();
        return 2;
    }
    argv_alg = run.alg;
    swing_pvar_open();
    if (~0ULL == swing_pvar_get("allgather_served")) {
        printf("FAIL [%s] rank=%d: coll/swing counters not found\n", run.label, run.wrank);
        run.failures++;
    } else {
        unsigned long long single = swing_pvar_get("allgather_shm_single_copy");
        setup_types();
        matrix(MPI_COMM_WORLD, "world", 1);
        check_single_copy(single);
        sub_communicators();
        also_algorithms();
        free_types();
    }
    MPI_Reduce(&run.failures, &total_fail, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&run.cases, &total_cases, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Bcast(&total_fail, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    if (0 == run.wrank) {
        printf("test_rsag [%s] np=%d alg=%s%s%s: %ld rank-cases, %ld failures: %s\n", run.label,
               run.wsize, argv_alg, run.also ? " also " : "", run.also ? run.also : "",
               total_cases, total_fail, total_fail ? "FAIL" : "PASS");
        fflush(stdout);
    }
    swing_pvar_close();
    MPI_Finalize();
    return total_fail ? 1 : 0;
}
