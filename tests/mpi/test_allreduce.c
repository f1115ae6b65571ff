/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI_Allreduce integration test of coll/swing.
 *
 * Runs a matrix of cases (datatypes x operations x counts x in place,
 * sub-communicators) and checks each result against an expectation
 * computed here in plain C from the same generated inputs (exact integer
 * data, so floating-point sums compare exactly), that bytes outside the
 * data (gaps of derived types) are left alone, and that the MPI_T
 * counters of coll/swing moved as they must:
 *   served cases:   served +1 and the expected algorithm's counter +1
 *                   (--alg auto: any algorithm's), fallback unchanged;
 *   fallback cases: (non-commutative op, non-contiguous type) fallback +1,
 *                   served unchanged;
 *   single-rank communicators: swing is not selected, nothing moves.
 * Double sums of values of very different magnitudes must be bitwise
 * equal on every rank.
 *
 * --entry nonblocking runs every case through MPI_Iallreduce (completed by
 * MPI_Wait, or by MPI_Test in a loop, alternately), --entry persistent
 * through MPI_Allreduce_init (MPIX_ on Open MPI 4.1), started twice with
 * the inputs refilled in between; the counters checked are then those of
 * iallreduce or allreduce_init. With a message-passing algorithm forced
 * there (and for MPI_Allreduce alike), the doubles of very different
 * magnitudes must also come out bit-identical to MPI_Allreduce's.
 *
 * Usage: test_allreduce --alg NAME [--also NAME,NAME...] [--big COUNT]
 *                       [--quick] [--label TEXT]
 *                       [--entry blocking|nonblocking|persistent]
 * --alg names the algorithm forced on the command line (or auto), checked on
 * MPI_COMM_WORLD and its sub-communicators; each --also algorithm is then
 * set through the MPI_T control variable and checked the same way on a
 * fresh duplicate of MPI_COMM_WORLD (one mpirun for many algorithms).
 * --quick: fewer datatypes and operations, for the long tail of configurations.
 * One line per failure, a summary line, PASS/FAIL; exit 1 on any failure.
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "swing_pvar.h"
#include "test_util.h"

#define MAT_M 1009LL
#define GAP_BYTE 0xA5

/* The datatypes of the matrix (test_util.h). */
typedef tu_type_id_t kind_t;

typedef enum {
    O_SUM,
    O_PROD,
    O_MAX,
    O_MIN,
    O_BAND,
    O_BOR,
    O_BXOR,
    O_LAND,
    O_MAXLOC,
    O_MINLOC,
    O_MODSUM,
    O_MATMUL,
    O_COUNT
} opid_t;

static const char *const op_names[O_COUNT] = {
    "MPI_SUM",
    "MPI_PROD",
    "MPI_MAX",
    "MPI_MIN",
    "MPI_BAND",
    "MPI_BOR",
    "MPI_BXOR",
    "MPI_LAND",
    "MPI_MAXLOC",
    "MPI_MINLOC",
    "user modsum (commutative)",
    "user 2x2 matmul (non-commutative)",
};
static MPI_Op ops[O_COUNT];

typedef enum { EXPECT_SERVED, EXPECT_FALLBACK, EXPECT_NONE } expect_t;

typedef enum { ENTRY_BLOCKING, ENTRY_NONBLOCKING, ENTRY_PERSISTENT } entry_t;
static const char *const entry_names[] = { "blocking", "nonblocking", "persistent" };

typedef struct run {
    int world_rank, world_size;
    tu_opts_t o;   /* alg: the expected algorithm, or "auto"; also:
                      algorithms set through MPI_T; quick: fewer
                      types and counts */
    int alg_index; /* -1 for auto */
    entry_t entry; /* which MPI call the cases go through */
    int sum8;      /* a case Open MPI's algorithms decline, served
                      by any: 8-bit sums (their op/avx saturates),
                      the rings on a type with a lower bound */
    long cases, failures;
} run_t;

static run_t run;

/* ---- generated inputs and the reference ---- */

static long long gen(kind_t kind, opid_t op, int rank, int p, size_t k, int c)
{
    uint64_t h = tu_mix(((uint64_t) rank << 40) ^ ((uint64_t) k << 3) ^ (uint64_t) c
                        ^ ((uint64_t) kind << 56));
    long long v = (long long) (h % 2001) - 1000;

    switch (op) {
    case O_PROD: {
        static const long long f[4] = { 1, 2, -1, 1 };
        return f[h % 4];
    }
    case O_BAND:
    case O_BOR:
    case O_BXOR: return (long long) h;
    case O_LAND: return (0 == h % (uint64_t) (2 * p)) ? 0 : (long long) (h % 7) + 1;
    case O_MAXLOC:
    case O_MINLOC: return (0 == c) ? (long long) (h % 5) : rank;
    case O_MODSUM: return (long long) (h % (uint64_t) TU_MODSUM_M);
    case O_MATMUL: return (long long) (h % (uint64_t) MAT_M);
    default: break;
    }
    if (TU_INT8 == kind) {
        return 100 + (long long) (h % 28); /* sums wrap around */
    }
    if (TU_UINT8 == kind || TU_UCHAR == kind) {
        return 200 + (long long) (h % 56); /* sums wrap around */
    }
    if (TU_LL == kind) {
        return v * (1LL << 40) + (long long) (h % 1000);
    }
    return v;
}

static long long ref_combine(opid_t op, long long acc, long long v)
{
    switch (op) {
    case O_SUM: return (long long) ((uint64_t) acc + (uint64_t) v);
    case O_PROD: return acc * v;
    case O_MAX: return acc > v ? acc : v;
    case O_MIN: return acc < v ? acc : v;
    case O_BAND: return acc & v;
    case O_BOR: return acc | v;
    case O_BXOR: return acc ^ v;
    case O_LAND: return (acc && v) ? 1 : 0;
    case O_MODSUM: return (acc + v) % TU_MODSUM_M;
    default: return 0;
    }
}

static void fill(char *buf, kind_t kind, opid_t op, int rank, int p, size_t count)
{
    memset(buf, GAP_BYTE, tu_bytes(kind, count));
    for (size_t k = 0; k < count; ++k) {
        for (int c = 0; c < tu_types[kind].ncomp; ++c) {
            tu_store(tu_types[kind].ctype, tu_elem(buf, kind, k, c), gen(kind, op, rank, p, k, c));
        }
    }
}

static void expect_fill(char *buf, kind_t kind, opid_t op, int p, size_t count)
{
    memset(buf, GAP_BYTE, tu_bytes(kind, count));
    for (size_t k = 0; k < count; ++k) {
        long long acc[4] = { 0 };
        for (int c = 0; c < tu_types[kind].ncomp; ++c) {
            acc[c] = gen(kind, op, 0, p, k, c);
        }
        for (int r = 1; r < p; ++r) {
            long long v[4];
            for (int c = 0; c < tu_types[kind].ncomp; ++c) {
                v[c] = gen(kind, op, r, p, k, c);
            }
            if (O_MAXLOC == op || O_MINLOC == op) {
                int better = (O_MAXLOC == op) ? v[0] > acc[0] : v[0] < acc[0];
                if (better || (v[0] == acc[0] && v[1] < acc[1])) {
                    acc[0] = v[0];
                    acc[1] = v[1];
                }
            } else if (O_MATMUL == op) {
                /* row-major [a b; c d], rank order: acc = acc * v */
                long long a = acc[0], b = acc[1], cc = acc[2], d = acc[3];
                acc[0] = (a * v[0] + b * v[2]) % MAT_M;
                acc[1] = (a * v[1] + b * v[3]) % MAT_M;
                acc[2] = (cc * v[0] + d * v[2]) % MAT_M;
                acc[3] = (cc * v[1] + d * v[3]) % MAT_M;
            } else {
                for (int c = 0; c < tu_types[kind].ncomp; ++c) {
                    acc[c] = ref_combine(op, acc[c], v[c]);
                }
            }
        }
        for (int c = 0; c < tu_types[kind].ncomp; ++c) {
            tu_store(tu_types[kind].ctype, tu_elem(buf, kind, k, c), acc[c]);
        }
    }
}

/* ---- user operations ---- */

/* 2x2 matrices mod MAT_M: inout = in * inout (MPI: in is the left operand). */
static void user_matmul(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    (void) dt;
    for (int k = 0; k < *len; ++k) {
        const int *a = (const int *) in + 4 * k;
        int *b = (int *) inout + 4 * k;
        long long r0 = (a[0] * (long long) b[0] + a[1] * (long long) b[2]) % MAT_M;
        long long r1 = (a[0] * (long long) b[1] + a[1] * (long long) b[3]) % MAT_M;
        long long r2 = (a[2] * (long long) b[0] + a[3] * (long long) b[2]) % MAT_M;
        long long r3 = (a[2] * (long long) b[1] + a[3] * (long long) b[3]) % MAT_M;
        b[0] = (int) r0;
        b[1] = (int) r1;
        b[2] = (int) r2;
        b[3] = (int) r3;
    }
}

static void setup_types_ops(void)
{
    tu_types_create();
    ops[O_SUM] = MPI_SUM;
    ops[O_PROD] = MPI_PROD;
    ops[O_MAX] = MPI_MAX;
    ops[O_MIN] = MPI_MIN;
    ops[O_BAND] = MPI_BAND;
    ops[O_BOR] = MPI_BOR;
    ops[O_BXOR] = MPI_BXOR;
    ops[O_LAND] = MPI_LAND;
    ops[O_MAXLOC] = MPI_MAXLOC;
    ops[O_MINLOC] = MPI_MINLOC;
    ops[O_MODSUM] = tu_modsum;
    MPI_Op_create(user_matmul, 0, &ops[O_MATMUL]);
}

static void free_types_ops(void)
{
    MPI_Op_free(&ops[O_MATMUL]);
    tu_types_free();
}

/* ---- checks ---- */

static void fail(const char *comm_name, int p, kind_t kind, const char *op, size_t count,
                 int inplace, const char *what, const char *detail)
{
    printf("FAIL [%s] np=%d rank=%d alg=%s comm=%s(size %d) type=%s op=%s count=%zu%s: %s%s\n",
           run.o.label, run.world_size, run.world_rank, run.o.alg, comm_name, p,
           tu_types[kind].name, op, count, inplace ? " in-place" : "", what, detail);
    fflush(stdout);
    run.failures++;
}

/*
 * The counter that must move for a served call: the forced algorithm's,
 * except where it does not apply (shm across nodes, hier within one node
 * or with one rank per node): there any message-passing one (-1). Every
 * algorithm has a nonblocking form, so the entries expect alike.
 */
static int expected_alg(MPI_Comm comm)
{
    tu_nodes_t where;

    if (run.alg_index < 0 || (run.sum8 && 0 == strncmp(run.o.alg, "ompi_", 5))) {
        return -1;
    }
    if (0 == strcmp(run.o.alg, "shm") || 0 == strcmp(run.o.alg, "hier")) {
        where = tu_nodes(comm);
        if ((0 == strcmp(run.o.alg, "shm") && where.nodes > 1)
            || (0 == strcmp(run.o.alg, "hier") && !(where.nodes > 1 && where.kmax > 1))) {
            return -1;
        }
    }
    return run.alg_index;
}

/* Checks the counters' movement; returns a description of the problem or NULL. */
static const char *check_counters(MPI_Comm comm, const swing_pvar_snap_t *a,
                                  const swing_pvar_snap_t *b, expect_t expect, char *buf,
                                  size_t len)
{
    unsigned long long served = b->served - a->served, fb = b->fallback - a->fallback;
    unsigned long long algs = 0, mine = 0;
    int idx = expected_alg(comm);

    for (int i = 0; i < SWING_PVAR_NALG; ++i) {
        algs += b->alg[i] - a->alg[i];
    }
    if (idx >= 0) {
        mine = b->alg[idx] - a->alg[idx];
    }
    if (EXPECT_SERVED == expect) {
        if (1 != served || 0 != fb || 1 != algs || (idx >= 0 && 1 != mine)) {
            snprintf(buf, len,
                     "not served as expected: served +%llu fallback +%llu "
                     "algorithm counters +%llu (%s +%llu)",
                     served, fb, algs, idx >= 0 ? run.o.alg : "any", idx >= 0 ? mine : algs);
            return buf;
        }
    } else if (EXPECT_FALLBACK == expect) {
        if (0 != served || 1 != fb || 0 != algs) {
            snprintf(buf, len,
                     "expected a fallback: served +%llu fallback +%llu "
                     "algorithm counters +%llu",
                     served, fb, algs);
            return buf;
        }
    } else if (0 != served || 0 != fb) {
        snprintf(buf, len, "swing should not be selected here: served +%llu fallback +%llu", served,
                 fb);
        return buf;
    }
    return NULL;
}

/*
 * The allreduce through the entry under test. refill, when not NULL, is
 * called between the two starts of a persistent request to put the inputs
 * back (in place they were overwritten by the first result).
 */
static int do_allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op,
                        MPI_Comm comm, void (*refill)(void *), void *arg)
{
    MPI_Request req = MPI_REQUEST_NULL;
    static int by_test;
    int rc, done = 0;

    switch (run.entry) {
    case ENTRY_BLOCKING: return MPI_Allreduce(sbuf, rbuf, count, dt, op, comm);
    case ENTRY_NONBLOCKING:
        rc = MPI_Iallreduce(sbuf, rbuf, count, dt, op, comm, &req);
        if (MPI_SUCCESS != rc) {
            return rc;
        }
        by_test = !by_test;
        while (by_test && MPI_SUCCESS == rc && !done) {
            rc = MPI_Test(&req, &done, MPI_STATUS_IGNORE);
        }
        return done ? rc : MPI_Wait(&req, MPI_STATUS_IGNORE);
    case ENTRY_PERSISTENT:
        rc = TU_ALLREDUCE_INIT(sbuf, rbuf, count, dt, op, comm, MPI_INFO_NULL, &req);
        for (int start = 0; start < 2 && MPI_SUCCESS == rc; ++start) {
            if (start > 0 && NULL != refill) {
                refill(arg);
            }
            rc = MPI_Start(&req);
            if (MPI_SUCCESS == rc) {
                rc = MPI_Wait(&req, MPI_STATUS_IGNORE);
            }
        }
        if (MPI_REQUEST_NULL != req) {
            MPI_Request_free(&req);
        }
        return rc;
    }
    return MPI_ERR_OTHER;
}

typedef struct refill_arg {
    char *buf;
    kind_t kind;
    opid_t op;
    int rank, p;
    size_t count;
} refill_arg_t;

static void refill_case(void *arg)
{
    refill_arg_t *a = arg;
    fill(a->buf, a->kind, a->op, a->rank, a->p, a->count);
}

/*
 * One allreduce on comm: inputs from the rank in comm, checked against the
 * reference, the gaps, and the counters. Returns the result buffer in
 * *result (caller frees) when asked.
 */
static void one_case(MPI_Comm comm, const char *comm_name, kind_t kind, opid_t op, size_t count,
                     int inplace, char **result)
{
    int rank, p;
    size_t bytes = tu_bytes(kind, count);
    char *sbuf = malloc(bytes), *rbuf = malloc(bytes), *want = malloc(bytes);
    swing_pvar_snap_t before, after;
    expect_t expect;
    char msg[512];
    const char *why;
    int rc;

    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    run.cases++;
    run.sum8 = (O_SUM == op && tu_one_byte(kind))
               || (TU_HGAP == kind && NULL != run.o.alg && 0 == strncmp(run.o.alg, "ompi_", 5)
                   && NULL != strstr(run.o.alg, "ring"));
    if (NULL == sbuf || NULL == rbuf || NULL == want) {
        fail(comm_name, p, kind, op_names[op], count, inplace, "out of memory", "");
        goto out;
    }
    if (1 == p || 0 == count) {
        /* MPI_Allreduce and its nonblocking and persistent forms return
           before any module for count 0 */
        expect = EXPECT_NONE;
    } else if (TU_VEC == kind || O_MATMUL == op) {
        expect = EXPECT_FALLBACK;
    } else {
        expect = EXPECT_SERVED;
    }
    if (inplace) {
        fill(rbuf, kind, op, rank, p, count);
    } else {
        fill(sbuf, kind, op, rank, p, count);
        memset(rbuf, GAP_BYTE, bytes);
    }
    expect_fill(want, kind, op, p, count);
    refill_arg_t again = { inplace ? rbuf : sbuf, kind, op, rank, p, count };
    swing_pvar_read(&before);
    rc = do_allreduce(inplace ? MPI_IN_PLACE : sbuf, rbuf, (int) count, tu_types[kind].type,
                      ops[op], comm, inplace ? refill_case : NULL, &again);
    swing_pvar_read(&after);
    if (MPI_SUCCESS != rc) {
        snprintf(msg, sizeof(msg), "%d", rc);
        fail(comm_name, p, kind, op_names[op], count, inplace, "the allreduce returned ", msg);
        goto out;
    }
    why = check_counters(comm, &before, &after, expect, msg, sizeof(msg));
    if (NULL != why) {
        fail(comm_name, p, kind, op_names[op], count, inplace, why, "");
    }
    for (size_t k = 0; k < count; ++k) {
        for (int c = 0; c < tu_types[kind].ncomp; ++c) {
            size_t cs = tu_ctype_size(tu_types[kind].ctype);
            if (0 != memcmp(tu_elem(rbuf, kind, k, c), tu_elem(want, kind, k, c), cs)) {
                long long got = 0, exp = 0;
                if (TU_C_DOUBLE == tu_types[kind].ctype || TU_C_FLOAT == tu_types[kind].ctype) {
                    double g, e;
                    if (TU_C_DOUBLE == tu_types[kind].ctype) {
                        memcpy(&g, tu_elem(rbuf, kind, k, c), 8);
                        memcpy(&e, tu_elem(want, kind, k, c), 8);
                    } else {
                        float gf, ef;
                        memcpy(&gf, tu_elem(rbuf, kind, k, c), 4);
                        memcpy(&ef, tu_elem(want, kind, k, c), 4);
                        g = gf;
                        e = ef;
                    }
                    snprintf(msg, sizeof(msg), "element %zu component %d = %.17g, expected %.17g",
                             k, c, g, e);
                } else {
                    memcpy(&got, tu_elem(rbuf, kind, k, c), cs);
                    memcpy(&exp, tu_elem(want, kind, k, c), cs);
                    snprintf(msg, sizeof(msg), "element %zu component %d = 0x%llx, expected 0x%llx",
                             k, c, (unsigned long long) got, (unsigned long long) exp);
                }
                fail(comm_name, p, kind, op_names[op], count, inplace, "wrong value: ", msg);
                goto out;
            }
        }
    }
    /* the data are right, so any other changed byte lies outside them */
    for (size_t i = 0; i < bytes; ++i) {
        if (rbuf[i] != want[i]) {
            snprintf(msg, sizeof(msg), "byte %zu outside the data was overwritten", i);
            fail(comm_name, p, kind, op_names[op], count, inplace, msg, "");
            goto out;
        }
    }
    if (NULL != result) {
        *result = rbuf;
        rbuf = NULL;
    }
out:
    free(sbuf);
    free(rbuf);
    free(want);
}

/*
 * Through a nonblocking entry with a message-passing algorithm forced (the
 * blocking one forced alike: run_matrix.sh, also_algorithms), the result
 * must have the bits of MPI_Allreduce's on the same inputs, and that call
 * must have been served by the same algorithm.
 */
static void same_as_blocking(MPI_Comm comm, const char *comm_name, const double *in,
                             const double *out, size_t count)
{
    double *blk = malloc(sizeof(double) * (count ? count : 1));
    char name[96], msg[160];
    unsigned long long before, after;
    int p;

    if (ENTRY_BLOCKING == run.entry || expected_alg(comm) < 0 || 0 == strcmp(run.o.alg, "shm")
        || 0 == strcmp(run.o.alg, "hier")) {
        free(blk);
        return;
    }
    MPI_Comm_size(comm, &p);
    snprintf(name, sizeof(name), "allreduce_%s", run.o.alg);
    before = swing_pvar_get(name);
    MPI_Allreduce(in, blk, (int) count, MPI_DOUBLE, MPI_SUM, comm);
    after = swing_pvar_get(name);
    if (p > 1 && count > 0 && after != before + 1) {
        snprintf(msg, sizeof(msg), "coll_swing_%s +%llu, expected +1", name, after - before);
        fail(comm_name, p, TU_DOUBLE, "MPI_SUM (magnitudes)", count, 0,
             "blocking reference not served by the same algorithm: ", msg);
    }
    for (size_t i = 0; i < count; ++i) {
        if (0 != memcmp(&blk[i], &out[i], sizeof(double))) {
            snprintf(msg, sizeof(msg), "element %zu = %.17g, MPI_Allreduce gives %.17g", i, out[i],
                     blk[i]);
            fail(comm_name, p, TU_DOUBLE, "MPI_SUM (magnitudes)", count, 0,
                 "not bit-identical to the blocking call: ", msg);
            break;
        }
    }
    free(blk);
}

/* Doubles of magnitudes 1e16 .. 1e-8: every rank must get the same bits. */
static void bit_identity(MPI_Comm comm, const char *comm_name, size_t count)
{
    int rank, p;
    static const double mags[] = { 1e16, 1.0,  -1e16, 1e-3, 3.25,  -2.5e10,
                                   1e-8, 7e15, -1.0,  0.1,  -7e15, 123456.789 };
    double *in = malloc(sizeof(double) * (count ? count : 1));
    double *out = malloc(sizeof(double) * (count ? count : 1));
    double *root = malloc(sizeof(double) * (count ? count : 1));
    swing_pvar_snap_t before, after;
    char msg[512];
    const char *why;

    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    run.cases++;
    for (size_t i = 0; i < count; ++i) {
        uint64_t h = tu_mix(((uint64_t) rank << 32) + i);
        in[i] = mags[h % (sizeof(mags) / sizeof(mags[0]))] * (1.0 + (double) (h >> 40) / 1e7);
    }
    run.sum8 = 0;
    swing_pvar_read(&before);
    do_allreduce(in, out, (int) count, MPI_DOUBLE, MPI_SUM, comm, NULL, NULL);
    swing_pvar_read(&after);
    why = check_counters(comm, &before, &after,
                         (1 == p || 0 == count) ? EXPECT_NONE : EXPECT_SERVED, msg, sizeof(msg));
    if (NULL != why) {
        fail(comm_name, p, TU_DOUBLE, "MPI_SUM (magnitudes)", count, 0, why, "");
    }
    memcpy(root, out, sizeof(double) * count);
    MPI_Bcast(root, (int) count, MPI_DOUBLE, 0, comm);
    for (size_t i = 0; i < count; ++i) {
        if (0 != memcmp(&root[i], &out[i], sizeof(double))) {
            snprintf(msg, sizeof(msg), "element %zu = %.17g, rank 0 has %.17g", i, out[i], root[i]);
            fail(comm_name, p, TU_DOUBLE, "MPI_SUM (magnitudes)", count, 0,
                 "results differ between ranks: ", msg);
            break;
        }
    }
    same_as_blocking(comm, comm_name, in, out, count);
    free(in);
    free(out);
    free(root);
}

typedef struct combo {
    kind_t kind;
    opid_t op;
    int big;   /* also run with the big count */
    int quick; /* also in --quick runs */
} combo_t;

static const combo_t combos[] = {
    { TU_INT, O_SUM, 1, 1 },
    { TU_INT, O_PROD, 0, 0 },
    { TU_INT, O_MAX, 0, 0 },
    { TU_INT, O_MIN, 0, 0 },
    { TU_INT, O_BAND, 0, 0 },
    { TU_INT, O_BOR, 0, 0 },
    { TU_INT, O_BXOR, 0, 1 },
    { TU_INT, O_LAND, 0, 0 },
    { TU_INT, O_MODSUM, 0, 0 },
    { TU_DOUBLE, O_SUM, 1, 1 },
    { TU_DOUBLE, O_PROD, 0, 0 },
    { TU_DOUBLE, O_MAX, 0, 0 },
    { TU_DOUBLE, O_MIN, 0, 0 },
    { TU_FLOAT, O_SUM, 0, 0 },
    { TU_FLOAT, O_PROD, 0, 0 },
    { TU_FLOAT, O_MAX, 0, 0 },
    { TU_FLOAT, O_MIN, 0, 0 },
    { TU_LL, O_SUM, 0, 1 },
    { TU_LL, O_PROD, 0, 0 },
    { TU_LL, O_MAX, 0, 0 },
    { TU_LL, O_MIN, 0, 0 },
    { TU_LL, O_BAND, 0, 0 },
    { TU_LL, O_BOR, 0, 0 },
    { TU_LL, O_BXOR, 0, 0 },
    { TU_LL, O_LAND, 0, 0 },
    { TU_CDC, O_SUM, 0, 1 },
    { TU_2INT, O_MAXLOC, 0, 1 },
    { TU_2INT, O_MINLOC, 0, 0 },
    /* wrapping, never saturating: Open MPI 4.1's op/avx saturates (issue 8045) */
    { TU_INT8, O_SUM, 0, 1 },
    { TU_INT8, O_PROD, 0, 0 },
    { TU_INT8, O_MAX, 0, 0 },
    { TU_UINT8, O_SUM, 0, 1 },
    { TU_UINT8, O_MIN, 0, 0 },
    { TU_UCHAR, O_SUM, 0, 1 },
    /* derived types: predefined operations are not defined on them (MPI) */
    { TU_CONTIG3, O_MODSUM, 0, 0 },
    { TU_HGAP, O_MODSUM, 0, 1 },
    /* must fall back, and still be right */
    { TU_MAT, O_MATMUL, 0, 1 },
    { TU_VEC, O_MODSUM, 0, 1 },
};

static void matrix(MPI_Comm comm, const char *comm_name, int full)
{
    int p;
    MPI_Comm_size(comm, &p);
    if (ENTRY_BLOCKING != run.entry) {
        /* a shared segment is set up by a blocking call, never by a
           nonblocking one (docs/NONBLOCKING.md) */
        MPI_Allreduce(MPI_IN_PLACE, &p, 1, MPI_INT, MPI_MAX, comm);
    }
    size_t counts[] = { 0, 1, (size_t) p - 1, (size_t) p, 1000 };

    for (size_t i = 0; i < sizeof(combos) / sizeof(combos[0]); ++i) {
        const combo_t *cb = &combos[i];
        if ((run.o.quick && !cb->quick)
            || (!full && !(TU_INT == cb->kind || TU_HGAP == cb->kind || O_MATMUL == cb->op))
            || (!full && run.o.quick && !(TU_INT == cb->kind && O_SUM == cb->op))) {
            continue;
        }
        for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); ++c) {
            one_case(comm, comm_name, cb->kind, cb->op, counts[c], 0, NULL);
        }
        /* in place: a short and a long vector */
        if (!run.o.quick) {
            one_case(comm, comm_name, cb->kind, cb->op, 1, 1, NULL);
        }
        one_case(comm, comm_name, cb->kind, cb->op, 1000, 1, NULL);
        if (full && cb->big && run.o.big > 0) {
            one_case(comm, comm_name, cb->kind, cb->op, run.o.big, 0, NULL);
            one_case(comm, comm_name, cb->kind, cb->op, run.o.big, 1, NULL);
        }
    }
    bit_identity(comm, comm_name, (size_t) p);
    bit_identity(comm, comm_name, 1000);
    if (full && run.o.big > 0) {
        bit_identity(comm, comm_name, run.o.big);
    }
}

/* An --also algorithm: set through MPI_T for the communicators made next. */
static int select_algorithm(const char *name)
{
    int idx = swing_pvar_alg_index(name);

    if ((idx < 0 && 0 != strcmp(name, "auto")) || (idx >= 0 && !swing_pvar_have(idx))
        || 0 != swing_cvar_set_algorithm(name)
        || (ENTRY_BLOCKING != run.entry
            && 0 != swing_cvar_set("coll_swing_allreduce_algorithm", name))) {
        printf("FAIL [%s] np=%d rank=%d: cannot select algorithm %s through MPI_T\n", run.o.label,
               run.world_size, run.world_rank, name);
        run.failures++;
        return -1;
    }
    run.o.alg = name;
    run.alg_index = idx;
    return 0;
}

static int parse_args(int argc, char **argv)
{
    run.o.alg = NULL;
    run.o.label = "";
    run.o.big = (size_t) 1 << 20;
    for (int i = 1; i < argc; ++i) {
        if (tu_opt(&run.o, argc, argv, &i)) {
            continue;
        }
        if (0 == strcmp(argv[i], "--entry") && i + 1 < argc) {
            const char *e = argv[++i];
            run.entry = (entry_t) -1;
            for (int k = 0; k < 3; ++k) {
                if (0 == strcmp(e, entry_names[k])) {
                    run.entry = (entry_t) k;
                }
            }
            if ((int) run.entry < 0) {
                return 0;
            }
        } else {
            return 0;
        }
    }
    if (NULL == run.o.alg) {
        return 0;
    }
    run.alg_index = swing_pvar_alg_index(run.o.alg);
    return 0 == strcmp(run.o.alg, "auto") || run.alg_index >= 0;
}

int main(int argc, char **argv)
{
    long total_fail = 0, total_cases = 0;
    const char *argv_alg;
    int missing;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &run.world_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &run.world_size);
    if (!parse_args(argc, argv)) {
        if (0 == run.world_rank) {
            fprintf(stderr,
                    "usage: test_allreduce --alg NAME (an allreduce algorithm of swing, or auto) "
                    "[--also NAME,...] [--big COUNT] [--quick] [--label TEXT] "
                    "[--entry blocking|nonblocking|persistent]\nFAIL\n");
        }
        MPI_Finalize();
        return 2;
    }
    argv_alg = run.o.alg;
    swing_pvar_collective(ENTRY_BLOCKING == run.entry      ? "allreduce"
                          : ENTRY_NONBLOCKING == run.entry ? "iallreduce"
                                                           : "allreduce_init");
    missing = swing_pvar_open();
    if (!swing_pvar_have(-1) || !swing_pvar_have(-2)
        || (run.alg_index >= 0 && !swing_pvar_have(run.alg_index))) {
        printf("FAIL [%s] np=%d rank=%d: coll/swing MPI_T counters not found (%d missing): "
               "is the component loaded?\n",
               run.o.label, run.world_size, run.world_rank, missing);
        run.failures++;
    } else {
        setup_types_ops();
        matrix(MPI_COMM_WORLD, "world", 1);
        tu_sub_communicators(matrix);
        /* the forced algorithm had the full big vectors; the others a quarter */
        run.o.big /= 4;
        tu_each_algorithm(run.o.also, select_algorithm, matrix);
        free_types_ops();
    }
    tu_sum_to_all(&run.failures, &total_fail, MPI_LONG);
    tu_sum_to_all(&run.cases, &total_cases, MPI_LONG);
    if (0 == run.world_rank) {
        printf("test_allreduce [%s] np=%d %s alg=%s%s%s: %ld rank-cases, %ld failures: %s\n",
               run.o.label, run.world_size, entry_names[run.entry], argv_alg,
               run.o.also ? " also " : "", run.o.also ? run.o.also : "", total_cases, total_fail,
               total_fail ? "FAIL" : "PASS");
        fflush(stdout);
    }
    swing_pvar_close();
    MPI_Finalize();
    return total_fail ? 1 : 0;
}
