/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI_Bcast, MPI_Reduce, MPI_Gather and MPI_Scatter integration test of
 * coll/swing (the trees and chains of the rooted collectives).
 *
 * For each collective, on MPI_COMM_WORLD and sub-communicators (odd/even
 * split, reversed keys, dup), every root (--quick: the first, the last and
 * one in between), counts 0, 1, 3, p, 1000 and a big one: predefined
 * types, a contiguous derived type, types with holes (moved packed by
 * broadcast, gather and scatter; a reduce with one goes to the previous
 * module), ranks passing different types of one signature (the root a
 * vector, the others ints), in place at the root, user ops. Each result is
 * checked against a reference computed from the same generated inputs
 * (small integers: exact in every type; 8-bit sums wrap), bytes outside
 * the result must stay untouched (at the root and elsewhere), and the
 * MPI_T counters must show who served the call:
 *   served     <coll>_served +1 and <coll>_<alg> +1, no fallback; shm and
 *              hier (forced, or auto's choice) where they can serve (shm:
 *              the communicator on one node; hier, broadcast and reduce:
 *              on several nodes, several ranks on one; both: shared
 *              memory allowed), and elsewhere any algorithm but them (the
 *              call declined, served by message passing); auto with the
 *              topology auto chooses them there, any other algorithm
 *              elsewhere; auto under a given topology: any one
 *   fallback   reduce with a non-commutative op or a type with holes
 *   zero       nothing to move: no fallback (Open MPI may return early)
 * and bcast_shm_single_copy must move exactly for the broadcasts shm
 * serves from coll_swing_shm_cma_bcast_min bytes (read through MPI_T) on
 * communicators whose ranks can read each other's memory (the test's own
 * process_vm_readv probe).
 *
 * Usage: test_rooted --alg NAME [--also NAME,...] [--big N] [--quick] [--label TEXT]
 * --alg names the algorithm forced for all four collectives (a name the
 * collective has not is left to auto there); each --also algorithm is then
 * set through MPI_T and checked on a duplicate of MPI_COMM_WORLD.
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

enum { C_BCAST, C_REDUCE, C_GATHER, C_SCATTER, C_N };
static const char *const coll_names[C_N] = { "bcast", "reduce", "gather", "scatter" };

typedef enum { O_SUM, O_MAX, O_PROD, O_MOD, O_NONC } opk_t;
typedef enum { E_SERVED, E_FALLBACK, E_ZERO, E_NONE } expect_t;

static MPI_Op op_nonc;

static struct {
    int wrank, wsize;
    tu_opts_t o;
    const char *forced; /* the algorithm this communicator was made with */
    int sum8;           /* the reduce sums 8-bit integers, which Open MPI's
                           algorithms decline: any algorithm may serve it */
    long cases, failures;
    char current[128];
    int node_ok;   /* coll_swing_shm_size > 0, not shm_assume_remote */
    int topo_auto; /* coll_swing_topology auto */
    long cma_min;  /* coll_swing_shm_cma_bcast_min */
    /* the communicator under test: where its ranks run, single copy possible */
    tu_nodes_t nodes;
    int cma;
} run;

/* Gather's and scatter's algorithms (broadcast and reduce have every one). */
static const char *const gs_algs[] = {
    "bine", "binomial", "bine_mp", "binomial_mp", "shm", "auto"
};

/* What the counters of a served call must show: alg's moved (NULL: any),
   and with not_node, neither shm's nor hier's. */
typedef struct want {
    const char *alg;
    int not_node;
} want_t;

static long long gen(opk_t op, int r, size_t k, int c)
{
    uint64_t h = tu_mix(((uint64_t) r << 40) ^ ((uint64_t) k << 4) ^ (uint64_t) c);

    if (O_PROD == op) {
        return (h % 5 == 0) ? 2 : (h % 2 ? 1 : -1);
    }
    return (O_MOD == op || O_NONC == op) ? (long long) (h % 1000) : (long long) (h % 201) - 100;
}

static long long expect_red(opk_t op, int p, size_t k, int c)
{
    long long acc = gen(op, 0, k, c);

    for (int r = 1; r < p; ++r) {
        long long v = gen(op, r, k, c);
        acc = (O_SUM == op)    ? acc + v
              : (O_MAX == op)  ? (acc > v ? acc : v)
              : (O_PROD == op) ? acc * v
                               : (acc + v) % TU_MODSUM_M;
    }
    return acc;
}

static void user_nonc(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    (void) dt;
    for (int i = 0; i < *len; ++i) {
        ((int *) inout)[i] = ((int *) in)[i] * 2 + ((int *) inout)[i];
    }
}

static MPI_Op mpi_op(opk_t op)
{
    switch (op) {
    case O_SUM: return MPI_SUM;
    case O_MAX: return MPI_MAX;
    case O_PROD: return MPI_PROD;
    case O_MOD: return tu_modsum;
    default: return op_nonc;
    }
}

static void fail(const char *cn, int coll, const char *what)
{
    if (run.failures < 20) {
        fprintf(stderr, "FAIL rank=%d comm=%s %s %s: %s\n", run.wrank, cn, coll_names[coll],
                run.current, what);
    }
    run.failures++;
}

/* The algorithm collective coll runs: the forced one where its table has it, else auto. */
static const char *effective(int coll)
{
    static char looked_up[64];
    static int has[C_N];
    char var[96];

    if (NULL == run.forced) {
        return "auto";
    }
    if (0 == strncmp(run.forced, "ompi_", 5)) {
        /* Open MPI's: each collective has its own (run_matrix.sh forces
           one only where the collective has it); looked up once per name */
        if (0 != strcmp(looked_up, run.forced)) {
            for (int c = 0; c < C_N; ++c) {
                snprintf(var, sizeof(var), "coll_swing_%s_algorithm", coll_names[c]);
                has[c] = swing_cvar_has(var, run.forced);
            }
            snprintf(looked_up, sizeof(looked_up), "%s", run.forced);
        }
        return has[coll] ? run.forced : "auto";
    }
    if (C_GATHER == coll || C_SCATTER == coll) {
        for (size_t i = 0; i < sizeof(gs_algs) / sizeof(gs_algs[0]); ++i) {
            if (0 == strcmp(run.forced, gs_algs[i])) {
                return run.forced;
            }
        }
        return "auto";
    }
    return run.forced;
}

static want_t wanted(int coll)
{
    const char *a = effective(coll);
    int one = (1 == run.nodes.nodes), mixed = (run.nodes.nodes > 1 && run.nodes.kmax > 1);
    int rooted2 = (C_BCAST == coll || C_REDUCE == coll); /* hier serves these */
    want_t w = { NULL, 0 };

    if (0 == strcmp(a, "shm")) {
        w.alg = (one && run.node_ok) ? a : NULL;
    } else if (0 == strcmp(a, "hier")) {
        w.alg = (mixed && run.node_ok) ? a : NULL;
    } else if (C_REDUCE == coll && run.sum8 && 0 == strncmp(a, "ompi_", 5)) {
        return w;
    } else if (0 != strcmp(a, "auto")) {
        w.alg = a;
        return w;
    } else if (!run.topo_auto) {
        return w; /* a given topology: auto follows it, or not where it does not fit */
    } else if (one && run.node_ok) {
        w.alg = "shm";
    } else if (mixed && run.node_ok && rooted2) {
        w.alg = "hier";
    }
    w.not_node = (NULL == w.alg);
    return w;
}

typedef struct snap {
    unsigned long long served, fallback, alg, shm, hier, single;
} snap_t;

static unsigned long long counter(int coll, const char *alg)
{
    char name[96];

    snprintf(name, sizeof(name), "%s_%s", coll_names[coll], alg);
    return swing_pvar_get(name);
}

static void snap(int coll, snap_t *s)
{
    want_t w = wanted(coll);

    s->served = counter(coll, "served");
    s->fallback = counter(coll, "fallback");
    s->alg = (NULL != w.alg) ? counter(coll, w.alg) : 0;
    s->shm = counter(coll, "shm");
    s->hier = counter(coll, "hier");
    s->single = swing_pvar_get("bcast_shm_single_copy");
}

/* A counter that exists (~0ULL: it does not) moved by d. */
static int moved(unsigned long long before, unsigned long long after, unsigned long long d)
{
    return ~0ULL == after || after == before + d;
}

/* A communicator of one rank is not swing's (coll/self serves it): no expectation. */
static expect_t expect_on(MPI_Comm comm, expect_t e)
{
    int p;

    MPI_Comm_size(comm, &p);
    return (p < 2) ? E_NONE : e;
}

/*
 * bytes: a broadcast's, for the single-copy counter (0 for the others).
 */
static void check_counters(const char *cn, int coll, const snap_t *b, expect_t e, size_t bytes)
{
    want_t w = wanted(coll);
    snap_t a;
    char msg[200];
    int single = 0;

    if (E_NONE == e) {
        return;
    }
    snap(coll, &a);
    if (C_BCAST == coll && E_SERVED == e && NULL != w.alg && 0 == strcmp(w.alg, "shm")) {
        single = run.cma && run.cma_min >= 0 && bytes >= (size_t) run.cma_min;
    }
    if (E_FALLBACK == e && a.fallback != b->fallback + 1) {
        snprintf(msg, sizeof(msg), "expected a fallback (%llu -> %llu)", b->fallback, a.fallback);
        fail(cn, coll, msg);
    } else if (E_SERVED == e && (a.served != b->served + 1 || a.fallback != b->fallback)) {
        snprintf(msg, sizeof(msg),
                 "not served by swing (served %llu -> %llu, fallback %llu -> %llu)", b->served,
                 a.served, b->fallback, a.fallback);
        fail(cn, coll, msg);
    } else if (E_SERVED == e && NULL != w.alg && !moved(b->alg, a.alg, 1)) {
        snprintf(msg, sizeof(msg), "not served by %s (%llu -> %llu)", w.alg, b->alg, a.alg);
        fail(cn, coll, msg);
    } else if (E_SERVED == e && w.not_node
               && (!moved(b->shm, a.shm, 0) || !moved(b->hier, a.hier, 0))) {
        snprintf(msg, sizeof(msg),
                 "served by shm (%llu -> %llu) or hier (%llu -> %llu) where "
                 "they cannot serve",
                 b->shm, a.shm, b->hier, a.hier);
        fail(cn, coll, msg);
    } else if (E_ZERO == e && a.fallback != b->fallback) {
        fail(cn, coll, "a zero-size call went to the previous module");
    } else if (!moved(b->single, a.single, (unsigned long long) single)) {
        snprintf(msg, sizeof(msg), "bcast_shm_single_copy %llu -> %llu, expected +%d", b->single,
                 a.single, single);
        fail(cn, coll, msg);
    }
}

/* Bytes of a buffer of n elements of t outside its elements' components must keep GAP. */
static int outside_ok(tu_type_id_t t, const char *buf, size_t n)
{
    size_t bytes = tu_bytes(t, n);
    char *mask = calloc(bytes ? bytes : 1, 1);
    int ok = 1;

    for (size_t k = 0; k < n; ++k) {
        for (int c = 0; c < tu_types[t].ncomp; ++c) {
            memset(mask + (tu_elem((char *) buf, t, k, c) - buf), 1,
                   tu_ctype_size(tu_types[t].ctype));
        }
    }
    for (size_t i = 0; i < bytes && ok; ++i) {
        ok = mask[i] || (unsigned char) buf[i] == GAP;
    }
    free(mask);
    return ok;
}

static long long get(tu_type_id_t t, const char *at)
{
    switch (tu_types[t].ctype) {
    case TU_C_INT: return *(const int *) at;
    case TU_C_DOUBLE: return (long long) *(const double *) at;
    case TU_C_FLOAT: return (long long) *(const float *) at;
    case TU_C_LL: return *(const long long *) at;
    default: return *(const signed char *) at;
    }
}

/* The value an 8-bit component holds for v (sums wrap). */
static long long wrap(tu_type_id_t t, long long v)
{
    return (TU_C_INT8 == tu_types[t].ctype) ? (long long) (signed char) (v & 0xff) : v;
}

/* count elements of t filled with rank r's values (op's generator; block b shifts k). */
static char *fill(tu_type_id_t t, size_t count, opk_t op, int r, size_t k0)
{
    char *buf = malloc(tu_bytes(t, count) + 1);

    memset(buf, GAP, tu_bytes(t, count) + 1);
    for (size_t k = 0; k < count; ++k) {
        for (int c = 0; c < tu_types[t].ncomp; ++c) {
            tu_store(tu_types[t].ctype, tu_elem(buf, t, k, c), gen(op, r, k0 + k, c));
        }
    }
    return buf;
}

/* Checks count elements of t at buf against rank r's values from k0 (or the reduction). */
static int check_vals(tu_type_id_t t, const char *buf, size_t count, opk_t op, int r, size_t k0,
                      int reduced, int p)
{
    for (size_t k = 0; k < count; ++k) {
        for (int c = 0; c < tu_types[t].ncomp; ++c) {
            long long want = reduced ? expect_red(op, p, k0 + k, c) : gen(op, r, k0 + k, c);
            if (get(t, tu_elem((char *) buf, t, k, c)) != wrap(t, want)) {
                return 0;
            }
        }
    }
    return 1;
}

static void bcast_case(MPI_Comm comm, const char *cn, tu_type_id_t t, int root, size_t n, int mixed)
{
    int rank, p, size;
    snap_t s;
    tu_type_id_t mine = t;
    size_t cnt = n;
    char *buf;

    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    /* mixed: the root sends n vectors of ints with holes, the others receive 2n ints */
    if (mixed && rank != root) {
        mine = TU_INT;
        cnt = 2 * n;
    }
    snprintf(run.current, sizeof(run.current), "type=%s%s root=%d count=%zu", tu_types[t].name,
             mixed ? " (others int)" : "", root, n);
    buf = (rank == root) ? fill(mine, cnt, O_SUM, root, 0) : fill(mine, cnt, O_SUM, -1, 0);
    if (rank != root) {
        memset(buf, GAP, tu_bytes(mine, cnt) + 1);
    }
    MPI_Type_size(tu_types[mine].type, &size);
    snap(C_BCAST, &s);
    MPI_Bcast(buf, (int) cnt, tu_types[mine].type, root, comm);
    check_counters(cn, C_BCAST, &s, expect_on(comm, 0 == n ? E_ZERO : E_SERVED),
                   (size_t) size * cnt);
    if (mixed && rank != root) {
        /* the root's vector type carries two ints per element: TU_VEC's components */
        int ok = 1;
        for (size_t k = 0; k < n && ok; ++k) {
            for (int c = 0; c < 2; ++c) {
                ok = (((int *) buf)[2 * k + c] == gen(O_SUM, root, k, c));
            }
        }
        if (!ok) {
            fail(cn, C_BCAST, "wrong value (mixed types)");
        }
    } else if (!check_vals(mine, buf, cnt, O_SUM, root, 0, 0, p)) {
        fail(cn, C_BCAST, "wrong value");
    } else if (!outside_ok(mine, buf, cnt) || (unsigned char) buf[tu_bytes(mine, cnt)] != GAP) {
        fail(cn, C_BCAST, "bytes outside the elements changed");
    }
    run.cases++;
    free(buf);
}

static void reduce_case(MPI_Comm comm, const char *cn, tu_type_id_t t, opk_t op, int root, size_t n,
                        int in_place)
{
    int rank, p, holes = (TU_VEC == t);
    snap_t s;
    char *sbuf, *rbuf;
    expect_t e = (O_NONC == op || holes) ? E_FALLBACK : (0 == n ? E_ZERO : E_SERVED);

    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    run.sum8 = (O_SUM == op && tu_one_byte(t));
    snprintf(run.current, sizeof(run.current), "type=%s op=%d root=%d count=%zu%s",
             tu_types[t].name, (int) op, root, n, in_place ? " in place" : "");
    sbuf = fill(t, n, op, rank, 0);
    rbuf = (rank == root && in_place) ? sbuf : malloc(tu_bytes(t, n) + 1);
    if (rbuf != sbuf) {
        memset(rbuf, GAP, tu_bytes(t, n) + 1);
    }
    snap(C_REDUCE, &s);
    MPI_Reduce((rank == root && in_place) ? MPI_IN_PLACE : sbuf, rbuf, (int) n, tu_types[t].type,
               mpi_op(op), root, comm);
    if (0 == n && E_FALLBACK == e) {
        e = E_ZERO;
    }
    check_counters(cn, C_REDUCE, &s, expect_on(comm, e), 0);
    if (rank == root && O_NONC != op && !check_vals(t, rbuf, n, op, 0, 0, 1, p)) {
        fail(cn, C_REDUCE, "wrong value at the root");
    } else if (rank == root && !outside_ok(t, rbuf, n)) {
        fail(cn, C_REDUCE, "bytes outside the elements changed at the root");
    } else if (rank != root && (!check_vals(t, sbuf, n, op, rank, 0, 0, p))) {
        fail(cn, C_REDUCE, "send buffer changed");
    } else if (rank != root && (unsigned char) rbuf[0] != GAP) {
        fail(cn, C_REDUCE, "receive buffer of a rank other than the root written");
    }
    run.cases++;
    if (rbuf != sbuf) {
        free(rbuf);
    }
    free(sbuf);
}

/* gather (1) or scatter (0) of blocks of n elements of t. */
static void gs_case(MPI_Comm comm, const char *cn, int gather, tu_type_id_t t, int root, size_t n,
                    int in_place)
{
    int rank, p, coll = gather ? C_GATHER : C_SCATTER, ok = 1;
    snap_t s;
    char *big = NULL, *mine;
    size_t bb = tu_bytes(t, n) - tu_types[t].lb; /* a block's span in the root's buffer */

    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    bb = n * tu_types[t].extent;
    snprintf(run.current, sizeof(run.current), "type=%s root=%d count=%zu%s", tu_types[t].name,
             root, n, in_place ? " in place" : "");
    /* the root's buffer: p blocks; block r holds rank r's values from k = r * n */
    if (rank == root) {
        big = gather ? fill(t, (size_t) p * n, O_SUM, -1, 0) : fill(t, (size_t) p * n, O_SUM, 7, 0);
        if (gather) {
            memset(big, GAP, tu_bytes(t, (size_t) p * n) + 1);
        }
    }
    mine = gather ? fill(t, n, O_SUM, 7, (size_t) rank * n) : fill(t, n, O_SUM, -1, 0);
    if (!gather) {
        memset(mine, GAP, tu_bytes(t, n) + 1);
    }
    if (gather && rank == root && in_place) {
        /* the root's own block already in place */
        char *blk = big + (size_t) root * bb;
        for (size_t k = 0; k < n; ++k) {
            for (int c = 0; c < tu_types[t].ncomp; ++c) {
                tu_store(tu_types[t].ctype, tu_elem(blk, t, k, c),
                         gen(O_SUM, 7, (size_t) root * n + k, c));
            }
        }
    }
    snap(coll, &s);
    if (gather) {
        MPI_Gather((rank == root && in_place) ? MPI_IN_PLACE : mine, (int) n, tu_types[t].type, big,
                   (int) n, tu_types[t].type, root, comm);
    } else {
        MPI_Scatter(big, (int) n, tu_types[t].type,
                    (rank == root && in_place) ? MPI_IN_PLACE : mine, (int) n, tu_types[t].type,
                    root, comm);
    }
    check_counters(cn, coll, &s, expect_on(comm, 0 == n ? E_ZERO : E_SERVED), 0);
    if (gather && rank == root) {
        ok = check_vals(t, big, (size_t) p * n, O_SUM, 7, 0, 0, p)
             && outside_ok(t, big, (size_t) p * n);
    } else if (!gather && !(rank == root && in_place)) {
        ok = check_vals(t, mine, n, O_SUM, 7, (size_t) rank * n, 0, p) && outside_ok(t, mine, n);
    }
    if (!gather && rank == root) {
        ok = ok && check_vals(t, big, (size_t) p * n, O_SUM, 7, 0, 0, p);
    }
    if (!ok) {
        fail(cn, coll, "wrong value, or bytes outside the elements changed");
    }
    run.cases++;
    free(big);
    free(mine);
}

static const tu_type_id_t btypes[] = { TU_INT, TU_DOUBLE, TU_INT8, TU_CONTIG3, TU_HGAP, TU_VEC };

static void matrix(MPI_Comm comm, const char *cn, int full)
{
    int p, roots[3], nroots;
    size_t counts[6] = { 0, 1, 3, 0, 1000, run.o.big };
    int ncounts = full ? 6 : 4;

    MPI_Comm_size(comm, &p);
    /* collective: before any counter is read */
    run.nodes = tu_nodes(comm);
    run.cma = (1 == run.nodes.nodes) && swing_cma_possible(comm);
    counts[3] = (size_t) p;
    roots[0] = 0;
    roots[1] = p - 1;
    roots[2] = p / 2;
    nroots = (p > 2) ? 3 : (p > 1 ? 2 : 1);
    for (int ri = 0; ri < (full && !run.o.quick ? p : nroots); ++ri) {
        int root = (full && !run.o.quick) ? ri : roots[ri];
        for (int ci = 0; ci < ncounts; ++ci) {
            size_t n = counts[ci];
            for (size_t ti = 0; ti < sizeof(btypes) / sizeof(btypes[0]); ++ti) {
                tu_type_id_t t = btypes[ti];
                if (n > 100000 && t != TU_INT) {
                    continue;
                }
                bcast_case(comm, cn, t, root, n, 0);
                gs_case(comm, cn, 1, t, root, n > 100000 ? n / (size_t) p : n, 0);
                gs_case(comm, cn, 0, t, root, n > 100000 ? n / (size_t) p : n, 0);
            }
            if (n <= 100000) {
                bcast_case(comm, cn, TU_VEC, root, n, 1);
                gs_case(comm, cn, 1, TU_INT, root, n, 1);
                gs_case(comm, cn, 0, TU_DOUBLE, root, n, 1);
            }
            reduce_case(comm, cn, TU_INT, O_SUM, root, n, 0);
            reduce_case(comm, cn, TU_DOUBLE, O_SUM, root, n, 1);
            if (n <= 100000) {
                reduce_case(comm, cn, TU_INT8, O_SUM, root, n, 0);
                reduce_case(comm, cn, TU_INT, O_MAX, root, n, 1);
                reduce_case(comm, cn, TU_LL, O_PROD, root, n, 0);
                reduce_case(comm, cn, TU_CONTIG3, O_MOD, root, n, 0);
                reduce_case(comm, cn, TU_HGAP, O_MOD, root, n, 0);
                reduce_case(comm, cn, TU_VEC, O_MOD, root, n, 0);
                reduce_case(comm, cn, TU_INT, O_NONC, root, n, 0);
            }
        }
    }
}

/* Where shm and hier may serve, and whether auto chooses them (MPI_T). */
static void read_settings(void)
{
    long size = 0, remote = 0;
    char topo[4096] = "auto";

    run.cma_min = -1;
    if (0 != swing_cvar_get_long("coll_swing_shm_size", &size)
        || 0 != swing_cvar_get_long("coll_swing_shm_assume_remote", &remote)
        || 0 != swing_cvar_get_long("coll_swing_shm_cma_bcast_min", &run.cma_min)
        || 0 != swing_cvar_get_string("coll_swing_topology", topo, (int) sizeof(topo))) {
        fprintf(stderr, "test_rooted: coll/swing's parameters not found through MPI_T\n");
        run.failures++;
    }
    run.node_ok = size > 0 && !remote;
    run.topo_auto = (0 == strcmp(topo, "auto"));
}

/* name for every collective that has it (broadcast and reduce have all of
   swing's; gather and scatter get auto when they have not, and every
   collective without an Open MPI one named). */
static int set_all(const char *name)
{
    char var[96];

    for (int c = 0; c < C_N; ++c) {
        snprintf(var, sizeof(var), "coll_swing_%s_algorithm", coll_names[c]);
        if (0 == swing_cvar_set(var, name)) {
            continue;
        }
        if ((c <= C_REDUCE && 0 != strncmp(name, "ompi_", 5)) || 0 != swing_cvar_set(var, "auto")) {
            return -1;
        }
    }
    run.forced = name;
    return 0;
}

int main(int argc, char **argv)
{
    int total = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &run.wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &run.wsize);
    run.o.alg = "auto";
    run.o.big = 300000;
    for (int i = 1; i < argc; ++i) {
        if (!tu_opt(&run.o, argc, argv, &i)) {
            if (0 == run.wrank) {
                fprintf(stderr, "usage: test_rooted --alg NAME [--also NAME,...] [--big N] "
                                "[--quick] [--label TEXT]\n");
            }
            MPI_Finalize();
            return 2;
        }
    }
    tu_types_create();
    MPI_Op_create(user_nonc, 0, &op_nonc);
    if (0 != swing_pvar_open()) {
        /* the counters of the rooted collectives are read by name below */
    }
    run.forced = run.o.alg;
    read_settings();
    matrix(MPI_COMM_WORLD, "world", 1);
    tu_sub_communicators(matrix);
    if (NULL != run.o.also) {
        tu_each_algorithm(run.o.also, set_all, matrix);
    }
    MPI_Op_free(&op_nonc);
    tu_types_free();
    swing_pvar_close();
    total = (int) run.failures;
    MPI_Allreduce(MPI_IN_PLACE, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (0 == run.wrank) {
        printf("test_rooted [%s] np=%d alg=%s%s%s: %ld cases, %d failures: %s\n",
               run.o.label ? run.o.label : "", run.wsize, run.o.alg, run.o.also ? " also " : "",
               run.o.also ? run.o.also : "", run.cases, total, total ? "FAIL" : "PASS");
    }
    MPI_Finalize();
    return total ? 1 : 0;
}
