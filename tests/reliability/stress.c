/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Randomized MPI_Allreduce stress test.
 *
 * Every rank draws the same sequence of choices from one seed (printed, and
 * replayable with --seed): communicator (MPI_COMM_WORLD, a dup, splits, a
 * split of a split, reversed rank orders, singletons, one that is freed and
 * recreated as the run goes), datatype, operation, count (0 up to
 * --max-count elements), in place or not. Every rank's contribution is a
 * hash of (call, rank, element), so each rank computes the exact expected
 * result on its own; floating-point data are small integers, so sums and
 * products are exact whatever the order. After each call the result, the
 * untouched send buffer and a canary past the receive buffer are checked.
 * Broadcasts, barriers, allgathers and reduce-scatters (uneven counts,
 * zeros included, in place or not) are interleaved, checked the same way.
 *
 * With --nbc each allreduce goes, by the same draw on every rank, through
 * one of: MPI_Allreduce; MPI_Iallreduce completed by MPI_Wait or by an
 * MPI_Test loop; a persistent request (MPI_Allreduce_init, MPIX_ on Open
 * MPI 4.1) started once or twice and freed; MPI_Iallreduce or a started
 * persistent request freed while active (the result checked once the
 * component's request count says it ended); MPI_Iallreduce on the churn
 * communicator, which is freed (and replaced) before the MPI_Wait.
 *
 * At the end the MPI_T counter coll_swing_allreduce_served (with --nbc also
 * iallreduce_served and allreduce_init_served) must have grown by at least
 * the number of calls swing should have served (size >= 2, commutative op,
 * count > 0), so a silent fallback everywhere fails the test; with --nbc
 * the levels nb_requests and nb_progress must read 0 once every
 * communicator but MPI_COMM_WORLD is freed: no request or progress
 * callback left behind.
 *
 * usage: stress [--seed N] [--iters N] [--max-count N] [--int8] [--nbc]
 *               [--expect-alg NAME] [--no-swing] [--self-test]
 * --no-swing: do not require swing to serve (counters are still printed).
 * --self-test: rank 0 damages one result element of every call with
 *   count > 0, to show that the checks fail.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <mpi.h>

#include "rel_util.h"

#define STRESS_NCOMMS 10
#define STRESS_CHURN (STRESS_NCOMMS - 1)
#define STRESS_CANARY 64
#define STRESS_MAX_REPORTS 3

typedef enum { K_I32, K_I64, K_F32, K_F64, K_C3, K_2INT, K_DINT, K_I8, K_COUNT } kind_t;

typedef enum {
    O_SUM,
    O_PROD,
    O_MIN,
    O_MAX,
    O_BAND,
    O_BOR,
    O_BXOR,
    O_LAND,
    O_LOR,
    O_LXOR,
    O_USER_C,
    O_USER_NC,
    O_MAXLOC,
    O_MINLOC,
    O_COUNT
} op_t;

static const char *kind_names[K_COUNT] = { "int",           "long long", "float",      "double",
                                           "contig(3,int)", "2int",      "double_int", "int8" };
static const char *op_names[O_COUNT] = { "sum",
                                         "prod",
                                         "min",
                                         "max",
                                         "band",
                                         "bor",
                                         "bxor",
                                         "land",
                                         "lor",
                                         "lxor",
                                         "user-commutative-sum",
                                         "user-noncommutative-sum",
                                         "maxloc",
                                         "minloc" };

/* How an allreduce is called (--nbc draws one per call). */
typedef enum {
    E_BLOCKING,
    E_WAIT,
    E_TEST,
    E_PERSISTENT,
    E_FREED,
    E_PERSISTENT_FREED,
    E_COMM_FREED,
    E_COUNT
} entry_t;

static const char *entry_names[E_COUNT] = { "blocking",
                                            "nonblocking",
                                            "nonblocking+test",
                                            "persistent",
                                            "nonblocking freed active",
                                            "persistent freed active",
                                            "nonblocking, communicator freed active" };

/* The collectives whose counters are checked, by entry. */
typedef enum { C_BLOCKING, C_NONBLOCKING, C_PERSISTENT, C_COUNT } coll_t;
static const char *coll_names[C_COUNT] = { "allreduce", "iallreduce", "allreduce_init" };

typedef struct pair_int {
    int v;
    int i;
} pair_int_t;
typedef struct pair_dint {
    double v;
    int i;
} pair_dint_t;

typedef struct opts {
    uint64_t seed;
    unsigned long long iters;
    unsigned long long max_count;
    int int8;
    int nbc;
    int no_swing;
    int self_test;
    const char *expect_alg;
} opts_t;

typedef struct comm_slot {
    MPI_Comm comm;
    char name[48];
} comm_slot_t;

typedef struct state {
    opts_t o;
    int wrank, wsize;
    comm_slot_t comms[STRESS_NCOMMS];
    MPI_Datatype types[K_COUNT];
    MPI_Op ops[O_COUNT];
    char *sbuf, *rbuf;
    size_t buf_bytes;
    unsigned long long calls, expect_served[C_COUNT], errors;
} state_t;

/* Open MPI refuses predefined ops on derived types: contig(3,int) gets this. */
static MPI_Datatype contig3_type = MPI_DATATYPE_NULL;

static void user_sum(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    int n = (*dt == contig3_type) ? 3 * *len : *len;

    for (int i = 0; i < n; ++i) {
        ((int *) inout)[i] += ((int *) in)[i];
    }
}

static int kind_is_float(kind_t k)
{
    return K_F32 == k || K_F64 == k;
}
static int kind_is_pair(kind_t k)
{
    return K_2INT == k || K_DINT == k;
}

static size_t kind_scalar_size(kind_t k)
{
    switch (k) {
    case K_I8: return 1;
    case K_I32:
    case K_C3: return sizeof(int);
    case K_I64: return sizeof(long long);
    case K_F32: return sizeof(float);
    case K_F64: return sizeof(double);
    case K_2INT: return sizeof(pair_int_t);
    case K_DINT: return sizeof(pair_dint_t);
    default: return 0;
    }
}

static size_t kind_scalars(kind_t k, size_t count)
{
    return K_C3 == k ? 3 * count : count;
}

/* Contribution of rank r (of n) to scalar i: ranges keep every result exact. */
static long long gen(op_t op, kind_t k, uint64_t salt, int r, int n, size_t i)
{
    uint64_t h = rel_hash3(salt, (uint64_t) r, i);
    int small = (K_I8 == k);

    switch (op) {
    case O_SUM:
    case O_USER_C:
    case O_USER_NC: return small ? (long long) (h % 15) - 7 : (long long) (h % 2001) - 1000;
    case O_PROD: {
        long long v = (h & 1) ? 1 : -1;
        return ((size_t) r == i % (size_t) n) ? 2 * v : v;
    }
    case O_MIN:
    case O_MAX: return small ? (long long) (h % 201) - 100 : (long long) (h % 2000001) - 1000000;
    case O_BAND:
    case O_BOR:
    case O_BXOR: {
        uint64_t v = (O_BAND == op) ? (h | (h >> 1) | (h >> 2)) : h;
        if (small)
            return (long long) (v & 0x7f);
        if (K_I64 == k)
            return (long long) (v >> 2);
        return (long long) (v & 0x3fffffff);
    }
    case O_LAND:
    case O_LOR:
    case O_LXOR: return (0 == h % 5) ? 0 : (long long) (1 + (h >> 8) % 5);
    case O_MAXLOC:
    case O_MINLOC: return (long long) (h % 4);
    default: return 0;
    }
}

static long long combine(op_t op, long long a, long long b)
{
    switch (op) {
    case O_SUM:
    case O_USER_C:
    case O_USER_NC: return a + b;
    case O_PROD: return a * b;
    case O_MIN: return a < b ? a : b;
    case O_MAX: return a > b ? a : b;
    case O_BAND: return a & b;
    case O_BOR: return a | b;
    case O_BXOR: return a ^ b;
    case O_LAND: return a && b;
    case O_LOR: return a || b;
    case O_LXOR: return (!a) != (!b);
    default: return 0;
    }
}

static void store(kind_t k, char *buf, size_t i, long long v, int idx)
{
    switch (k) {
    case K_I8: ((int8_t *) buf)[i] = (int8_t) v; break;
    case K_I32:
    case K_C3: ((int *) buf)[i] = (int) v; break;
    case K_I64: ((long long *) buf)[i] = v; break;
    case K_F32: ((float *) buf)[i] = (float) v; break;
    case K_F64: ((double *) buf)[i] = (double) v; break;
    case K_2INT:
        ((pair_int_t *) buf)[i].v = (int) v;
        ((pair_int_t *) buf)[i].i = idx;
        break;
    case K_DINT:
        ((pair_dint_t *) buf)[i].v = (double) v;
        ((pair_dint_t *) buf)[i].i = idx;
        break;
    default: break;
    }
}

/* Value (and for pairs the index) at scalar i, as the integer it must equal. */
static int load(kind_t k, const char *buf, size_t i, long long *v, int *idx)
{
    double d;

    *idx = 0;
    switch (k) {
    case K_I8: *v = ((const int8_t *) buf)[i]; return 1;
    case K_I32:
    case K_C3: *v = ((const int *) buf)[i]; return 1;
    case K_I64: *v = ((const long long *) buf)[i]; return 1;
    case K_2INT:
        *v = ((const pair_int_t *) buf)[i].v;
        *idx = ((const pair_int_t *) buf)[i].i;
        return 1;
    case K_F32: d = ((const float *) buf)[i]; break;
    case K_F64: d = ((const double *) buf)[i]; break;
    case K_DINT:
        d = ((const pair_dint_t *) buf)[i].v;
        *idx = ((const pair_dint_t *) buf)[i].i;
        break;
    default: return 0;
    }
    *v = (long long) d;
    return (double) *v == d; /* a fraction or NaN is wrong anyway */
}

static void expected(op_t op, kind_t k, uint64_t salt, int n, size_t i, long long *v, int *idx)
{
    *v = gen(op, k, salt, 0, n, i);
    *idx = 0;
    for (int r = 1; r < n; ++r) {
        long long x = gen(op, k, salt, r, n, i);
        if (O_MAXLOC == op || O_MINLOC == op) {
            /* ties keep the lower index, which the scan order gives */
            if ((O_MAXLOC == op && x > *v) || (O_MINLOC == op && x < *v)) {
                *v = x;
                *idx = r;
            }
        } else {
            *v = combine(op, *v, x);
        }
    }
    if (K_I8 == k) {
        *v = (int8_t) *v;
    } else if (K_I32 == k || K_C3 == k || K_2INT == k) {
        *v = (int) *v;
    }
}

static void parse_opts(int argc, char **argv, opts_t *o, int wrank)
{
    unsigned long long seed = 0;
    int have_seed = 0;
    const rel_opt_t opts[] = {
        { "--seed", &seed, NULL, &have_seed },
        { "--iters", &o->iters, NULL, NULL },
        { "--max-count", &o->max_count, NULL, NULL },
        { "--expect-alg", NULL, &o->expect_alg, NULL },
        { "--int8", NULL, NULL, &o->int8 },
        { "--nbc", NULL, NULL, &o->nbc },
        { "--no-swing", NULL, NULL, &o->no_swing },
        { "--self-test", NULL, NULL, &o->self_test },
        { NULL, NULL, NULL, NULL },
    };

    o->iters = 300;
    o->max_count = 1 << 16;
    o->int8 = 0;
    o->nbc = 0;
    o->no_swing = 0;
    o->self_test = 0;
    o->expect_alg = NULL;
    rel_parse_opts("stress",
                   "stress [--seed N] [--iters N] [--max-count N] [--int8] [--nbc] "
                   "[--expect-alg NAME] [--no-swing] [--self-test]",
                   argc, argv, opts);
    o->seed = seed;
    if (!have_seed) {
        uint64_t s = tu_mix((uint64_t) time(NULL) ^ ((uint64_t) getpid() << 20));
        o->seed = (0 == wrank) ? (s & 0xFFFFFFFFFFFFULL) : 0;
        MPI_Bcast(&o->seed, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    }
}

static void comm_set(comm_slot_t *slot, MPI_Comm comm, const char *name)
{
    slot->comm = comm;
    snprintf(slot->name, sizeof(slot->name), "%s", name);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
}

static void comms_create(state_t *s)
{
    MPI_Comm c;
    int r = s->wrank, p = s->wsize;

    s->comms[0].comm = MPI_COMM_WORLD;
    snprintf(s->comms[0].name, sizeof(s->comms[0].name), "world");
    MPI_Comm_dup(MPI_COMM_WORLD, &c);
    comm_set(&s->comms[1], c, "dup(world)");
    MPI_Comm_split(MPI_COMM_WORLD, r % 2, r, &c);
    comm_set(&s->comms[2], c, "split(parity)");
    MPI_Comm_split(MPI_COMM_WORLD, r % 2, -r, &c);
    comm_set(&s->comms[3], c, "split(parity,reversed)");
    MPI_Comm_split(MPI_COMM_WORLD, 0, p - r, &c);
    comm_set(&s->comms[4], c, "reversed(world)");
    {
        int sr, sp;
        MPI_Comm_rank(s->comms[2].comm, &sr);
        MPI_Comm_size(s->comms[2].comm, &sp);
        MPI_Comm_split(s->comms[2].comm, sr < (sp + 1) / 2, sr, &c);
        comm_set(&s->comms[5], c, "split(split(parity))");
    }
    MPI_Comm_split(MPI_COMM_WORLD, r / 3, r, &c);
    comm_set(&s->comms[6], c, "split(groups of 3)");
    MPI_Comm_split(MPI_COMM_WORLD, r, 0, &c);
    comm_set(&s->comms[7], c, "singleton");
    MPI_Comm_dup(s->comms[4].comm, &c);
    comm_set(&s->comms[8], c, "dup(reversed(world))");
    MPI_Comm_dup(MPI_COMM_WORLD, &c);
    comm_set(&s->comms[STRESS_CHURN], c, "churn");
}

/* Replaces the churn communicator by a new one drawn from the shared stream. */
static void comm_churn(state_t *s, rel_rng_t *rng)
{
    int base = (int) rel_rng_range(rng, 0, STRESS_CHURN - 1),
        colors = (int) rel_rng_range(rng, 1, 3);
    int key_rev = (int) rel_rng_range(rng, 0, 1), br;
    MPI_Comm c;
    char name[48];

    MPI_Comm_free(&s->comms[STRESS_CHURN].comm);
    MPI_Comm_rank(s->comms[base].comm, &br);
    MPI_Comm_split(s->comms[base].comm, br % colors, key_rev ? -br : br, &c);
    snprintf(name, sizeof(name), "churn(split %s /%d%s)", s->comms[base].name, colors,
             key_rev ? " rev" : "");
    comm_set(&s->comms[STRESS_CHURN], c, name);
}

static void comms_free(state_t *s)
{
    for (int i = 1; i < STRESS_NCOMMS; ++i) {
        MPI_Comm_free(&s->comms[i].comm);
    }
}

/* how: the entry of an allreduce (--nbc), "" for the others */
static void report_how(state_t *s, unsigned long long it, const char *comm_name, const char *how,
                       const char *what, kind_t k, op_t op, size_t count, int inplace, int *nrep)
{
    s->errors++;
    if ((*nrep)++ < STRESS_MAX_REPORTS) {
        fprintf(stderr,
                "stress: FAIL rank %d seed %llu iter %llu comm %s type %s op %s "
                "count %zu %s%s%s: %s\n",
                s->wrank, (unsigned long long) s->o.seed, it, comm_name, kind_names[k],
                op_names[op], count, inplace ? "in-place" : "out-of-place", *how ? " " : "", how,
                what);
    }
}

static void report(state_t *s, unsigned long long it, const comm_slot_t *cs, const char *what,
                   kind_t k, op_t op, size_t count, int inplace, int *nrep)
{
    report_how(s, it, cs->name, "", what, k, op, count, inplace, nrep);
}

static op_t pick_op(rel_rng_t *rng, kind_t k)
{
    if (kind_is_pair(k)) {
        return rel_rng_range(rng, 0, 1) ? O_MAXLOC : O_MINLOC;
    }
    if (kind_is_float(k)) {
        return (op_t) rel_rng_range(rng, O_SUM, O_MAX);
    }
    if (K_C3 == k) {
        return rel_rng_range(rng, 0, 1) ? O_USER_C : O_USER_NC;
    }
    for (;;) {
        op_t op = (op_t) rel_rng_range(rng, O_SUM, O_USER_NC);
        if ((O_USER_C != op && O_USER_NC != op) || K_I32 == k) {
            return op;
        }
    }
}

static size_t pick_count(rel_rng_t *rng, unsigned long long max)
{
    unsigned long long hi;

    switch (rel_rng_range(rng, 0, 7)) {
    case 0: return 0;
    case 1:
    case 2: hi = 16; break;
    case 3:
    case 4: hi = 4096; break;
    case 5:
    case 6: hi = max / 16; break;
    default: hi = max; break;
    }
    hi = hi < max ? hi : max;
    return (size_t) rel_rng_range(rng, 0, (long long) hi);
}

/*
 * The entry of a call (--nbc), drawn before its communicator. A request
 * freed while active, or whose communicator is freed while it is active
 * (only the churn one), only where swing serves the call: the end of
 * swing's requests is seen in nb_requests, libnbc's is not, and Open MPI
 * 4.1's libnbc crashes in its progress when the communicator of an active
 * operation is freed (seen with a non-commutative op here).
 */
static entry_t pick_entry(state_t *s, rel_rng_t *rng)
{
    return s->o.nbc ? (entry_t) rel_rng_range(rng, 0, E_COUNT - 1) : E_BLOCKING;
}

/* MPI_Request_free on an active request, then its end awaited. */
static int free_active(MPI_Request *req)
{
    int rc = MPI_Request_free(req);

    if (MPI_SUCCESS == rc && 0 != rel_await_nb_idle(60.0)) {
        rc = MPI_ERR_PENDING;
    }
    return rc;
}

/* The allreduce of one_allreduce through entry e; returns an MPI code. */
static int run_entry(state_t *s, rel_rng_t *rng, entry_t e, const void *sbuf, size_t count,
                     MPI_Datatype dt, MPI_Op op, MPI_Comm comm)
{
    MPI_Request req = MPI_REQUEST_NULL;
    int rc, done = 0;

    switch (e) {
    case E_BLOCKING: return MPI_Allreduce(sbuf, s->rbuf, (int) count, dt, op, comm);
    case E_PERSISTENT:
    case E_PERSISTENT_FREED:
        rc = TU_ALLREDUCE_INIT(sbuf, s->rbuf, (int) count, dt, op, comm, MPI_INFO_NULL, &req);
        /* twice when the inputs survive the first start */
        for (int k = 0; MPI_SUCCESS == rc && k < (MPI_IN_PLACE == sbuf ? 1 : 2); ++k) {
            rc = MPI_Start(&req);
            if (MPI_SUCCESS == rc && E_PERSISTENT_FREED == e) {
                return free_active(&req);
            }
            rc = (MPI_SUCCESS == rc) ? MPI_Wait(&req, MPI_STATUS_IGNORE) : rc;
        }
        if (MPI_REQUEST_NULL != req) {
            MPI_Request_free(&req);
        }
        return rc;
    default: break;
    }
    rc = MPI_Iallreduce(sbuf, s->rbuf, (int) count, dt, op, comm, &req);
    if (MPI_SUCCESS != rc) {
        return rc;
    }
    switch (e) {
    case E_FREED: return free_active(&req);
    case E_COMM_FREED:
        comm_churn(s, rng); /* frees comm, the churn communicator */
        break;
    case E_TEST:
        while (MPI_SUCCESS == rc && !done) {
            rc = MPI_Test(&req, &done, MPI_STATUS_IGNORE);
        }
        return rc;
    default: break;
    }
    return MPI_Wait(&req, MPI_STATUS_IGNORE);
}

static void one_allreduce(state_t *s, rel_rng_t *rng, unsigned long long it)
{
    entry_t e = pick_entry(s, rng);
    int ci = (int) rel_rng_range(rng, 0, STRESS_NCOMMS - 1);
    const comm_slot_t *cs;
    kind_t k = (kind_t) rel_rng_range(rng, 0, s->o.int8 ? K_I8 : K_I8 - 1);
    op_t op = pick_op(rng, k);
    size_t count = pick_count(rng, s->o.max_count / (K_C3 == k ? 3 : 1));
    int inplace = (int) rel_rng_range(rng, 0, 1);
    uint64_t salt = rel_rng_next(rng);
    size_t ns = kind_scalars(k, count), bytes = ns * kind_scalar_size(k), i;
    int r, n, rc, nrep = 0, served, churn_after = 0;
    char *target = inplace ? s->rbuf : s->sbuf, name[48];
    const char *how = s->o.nbc ? entry_names[e] : "";

    ci = (E_COMM_FREED == e) ? STRESS_CHURN : ci;
    cs = &s->comms[ci];
    snprintf(name, sizeof(name), "%s", cs->name);
    MPI_Comm_rank(cs->comm, &r);
    MPI_Comm_size(cs->comm, &n);
    /* MPI_Allreduce returns before the component for count 0 */
    served = n >= 2 && O_USER_NC != op && count > 0;
    if (!served && (E_FREED == e || E_PERSISTENT_FREED == e || E_COMM_FREED == e)) {
        /* the churn stays: ranks of other sizes may serve theirs */
        churn_after = (E_COMM_FREED == e);
        e = E_WAIT;
        how = entry_names[e];
    }
    for (i = 0; i < ns; ++i) {
        store(k, target, i, gen(op, k, salt, r, n, i), r);
    }
    if (!inplace) {
        memset(s->rbuf, 0xA5, bytes);
    }
    memset(s->rbuf + bytes, 0x5A, STRESS_CANARY);
    rc = run_entry(s, rng, e, inplace ? MPI_IN_PLACE : s->sbuf, count, s->types[k], s->ops[op],
                   cs->comm);
    if (churn_after) {
        comm_churn(s, rng);
    }
    s->calls++;
    if (served) {
        s->expect_served[E_BLOCKING == e                                  ? C_BLOCKING
                         : (E_PERSISTENT == e || E_PERSISTENT_FREED == e) ? C_PERSISTENT
                                                                          : C_NONBLOCKING]++;
    }
    if (MPI_SUCCESS != rc) {
        char msg[MPI_MAX_ERROR_STRING + 32];
        int len;
        MPI_Error_string(rc, msg, &len);
        report_how(s, it, name, how, msg, k, op, count, inplace, &nrep);
        return;
    }
    if (s->o.self_test && 0 == s->wrank && count > 0) {
        s->rbuf[0] ^= 0x10;
    }
    for (i = 0; i < ns; ++i) {
        long long want, got;
        int want_idx, got_idx;
        expected(op, k, salt, n, i, &want, &want_idx);
        if (!load(k, s->rbuf, i, &got, &got_idx) || got != want
            || (kind_is_pair(k) && got_idx != want_idx)) {
            char what[160];
            double raw = (K_F32 == k)    ? ((const float *) s->rbuf)[i]
                         : (K_F64 == k)  ? ((const double *) s->rbuf)[i]
                         : (K_DINT == k) ? ((const pair_dint_t *) s->rbuf)[i].v
                                         : (double) got;
            snprintf(what, sizeof(what),
                     "element %zu is %.17g (index %d), expected %lld (index %d)", i, raw, got_idx,
                     want, want_idx);
            report_how(s, it, name, how, what, k, op, count, inplace, &nrep);
        }
    }
    for (i = 0; i < STRESS_CANARY; ++i) {
        if (0x5A != (unsigned char) s->rbuf[bytes + i]) {
            report_how(s, it, name, how, "wrote past the end of the receive buffer", k, op, count,
                       inplace, &nrep);
            break;
        }
    }
    for (i = 0; !inplace && i < ns; ++i) {
        long long got;
        int got_idx;
        if (!load(k, s->sbuf, i, &got, &got_idx) || got != gen(op, k, salt, r, n, i)) {
            report_how(s, it, name, how, "send buffer modified", k, op, count, inplace, &nrep);
            break;
        }
    }
}

/* MPI_Reduce_scatter of ints, rank j's block of hash % 5 elements (zeros
   included), in place when salt says so; 1 when the result is right. */
static int one_reduce_scatter(state_t *s, const comm_slot_t *cs, uint64_t salt, int *rc)
{
    int r, n, *counts, total = 0, first = 0, inplace = (int) (salt >> 63), ok = 1;
    int *in = (int *) (inplace ? s->rbuf : s->sbuf), *out = (int *) s->rbuf;

    MPI_Comm_rank(cs->comm, &r);
    MPI_Comm_size(cs->comm, &n);
    counts = malloc(sizeof(int) * (size_t) n);
    if (NULL == counts) {
        return 0;
    }
    for (int j = 0; j < n; ++j) {
        counts[j] = (int) (rel_hash3(salt, 7, (uint64_t) j) % 5);
        first += (j < r) ? counts[j] : 0;
        total += counts[j];
    }
    for (int i = 0; i < total; ++i) {
        in[i] = (int) (rel_hash3(salt, (uint64_t) r, (uint64_t) i) % 1000);
    }
    *rc = MPI_Reduce_scatter(inplace ? MPI_IN_PLACE : in, out, counts, MPI_INT, MPI_SUM, cs->comm);
    for (int i = 0; MPI_SUCCESS == *rc && i < counts[r]; ++i) {
        int want = 0;
        for (int q = 0; q < n; ++q) {
            want += (int) (rel_hash3(salt, (uint64_t) q, (uint64_t) (first + i)) % 1000);
        }
        ok = ok && out[i] == want;
    }
    free(counts);
    return ok;
}

/* A bcast, barrier, allgather or reduce-scatter on a random communicator, checked. */
static void one_other(state_t *s, rel_rng_t *rng, unsigned long long it)
{
    int ci = (int) rel_rng_range(rng, 0, STRESS_NCOMMS - 1), which = (int) rel_rng_range(rng, 0, 3);
    const comm_slot_t *cs = &s->comms[ci];
    size_t m = (size_t) rel_rng_range(rng, 0, 2048);
    uint64_t salt = rel_rng_next(rng);
    int r, n, root, rc = MPI_SUCCESS, nrep = 0;
    int *buf = (int *) s->rbuf;

    MPI_Comm_rank(cs->comm, &r);
    MPI_Comm_size(cs->comm, &n);
    root = (int) (salt % (uint64_t) n);
    if (0 == which) {
        for (size_t i = 0; i < m; ++i) {
            buf[i] = (r == root) ? (int) rel_hash3(salt, 0, i) : -1;
        }
        rc = MPI_Bcast(buf, (int) m, MPI_INT, root, cs->comm);
        for (size_t i = 0; MPI_SUCCESS == rc && i < m; ++i) {
            if (buf[i] != (int) rel_hash3(salt, 0, i)) {
                report(s, it, cs, "MPI_Bcast result wrong", K_I32, O_SUM, m, 0, &nrep);
                break;
            }
        }
    } else if (1 == which) {
        rc = MPI_Barrier(cs->comm);
    } else if (3 == which) {
        if (!one_reduce_scatter(s, cs, salt, &rc)) {
            report(s, it, cs, "MPI_Reduce_scatter result wrong", K_I32, O_SUM, m, 0, &nrep);
        }
    } else {
        int *mine = (int *) s->sbuf;
        m = m / (size_t) n + 1;
        for (size_t i = 0; i < m; ++i) {
            mine[i] = (int) rel_hash3(salt, (uint64_t) r, i);
        }
        rc = MPI_Allgather(mine, (int) m, MPI_INT, buf, (int) m, MPI_INT, cs->comm);
        for (size_t i = 0; MPI_SUCCESS == rc && i < m * (size_t) n; ++i) {
            if (buf[i] != (int) rel_hash3(salt, i / m, i % m)) {
                report(s, it, cs, "MPI_Allgather result wrong", K_I32, O_SUM, m, 0, &nrep);
                break;
            }
        }
    }
    if (MPI_SUCCESS != rc) {
        report(s, it, cs, "bcast/barrier/allgather/reduce_scatter returned an error", K_I32, O_SUM,
               m, 0, &nrep);
    }
}

static void types_ops_create(state_t *s)
{
    static const MPI_Op builtin[] = { MPI_SUM, MPI_PROD, MPI_MIN,  MPI_MAX, MPI_BAND,
                                      MPI_BOR, MPI_BXOR, MPI_LAND, MPI_LOR, MPI_LXOR };

    s->types[K_I8] = MPI_INT8_T;
    s->types[K_I32] = MPI_INT;
    s->types[K_I64] = MPI_LONG_LONG;
    s->types[K_F32] = MPI_FLOAT;
    s->types[K_F64] = MPI_DOUBLE;
    s->types[K_2INT] = MPI_2INT;
    s->types[K_DINT] = MPI_DOUBLE_INT;
    MPI_Type_contiguous(3, MPI_INT, &s->types[K_C3]);
    MPI_Type_commit(&s->types[K_C3]);
    contig3_type = s->types[K_C3];
    for (int i = 0; i < O_USER_C; ++i) {
        s->ops[i] = builtin[i];
    }
    MPI_Op_create(user_sum, 1, &s->ops[O_USER_C]);
    MPI_Op_create(user_sum, 0, &s->ops[O_USER_NC]);
    s->ops[O_MAXLOC] = MPI_MAXLOC;
    s->ops[O_MINLOC] = MPI_MINLOC;
}

static int layout_ok(state_t *s)
{
    MPI_Aint lb, ext;

    MPI_Type_get_extent(MPI_DOUBLE_INT, &lb, &ext);
    if ((size_t) ext != sizeof(pair_dint_t)) {
        fprintf(stderr, "stress: MPI_DOUBLE_INT extent %ld != %zu\n", (long) ext,
                sizeof(pair_dint_t));
        return 0;
    }
    MPI_Type_get_extent(MPI_2INT, &lb, &ext);
    (void) s;
    return (size_t) ext == sizeof(pair_int_t);
}

/* A collective's counters: served, fallback, the expected algorithm's. */
typedef struct counters {
    rel_pvar_t served, fallback, alg;
} counters_t;

static void counters_open(state_t *s, counters_t *pv)
{
    for (int c = 0; c < C_COUNT; ++c) {
        char name[96];
        snprintf(name, sizeof(name), "%s_%s", coll_names[c],
                 NULL != s->o.expect_alg ? s->o.expect_alg : "auto");
        (void) rel_pvar_open(&pv[c].alg, name);
        snprintf(name, sizeof(name), "%s_served", coll_names[c]);
        (void) rel_pvar_open(&pv[c].served, name);
        snprintf(name, sizeof(name), "%s_fallback", coll_names[c]);
        (void) rel_pvar_open(&pv[c].fallback, name);
    }
}

static void counters_close(counters_t *pv)
{
    for (int c = 0; c < C_COUNT; ++c) {
        rel_pvar_close(&pv[c].served);
        rel_pvar_close(&pv[c].fallback);
        rel_pvar_close(&pv[c].alg);
    }
}

/*
 * The swing counters of collective c must show at least the calls swing
 * should have served. shm and hier forced serve nonblocking calls with a
 * message-passing schedule: their own counter is not checked there.
 */
static int check_counters(state_t *s, coll_t c, counters_t *pv)
{
    unsigned long long n_served = 0, n_alg = 0, n_fb = 0, want = s->expect_served[c];
    const char *alg = s->o.expect_alg;
    int ok = 1;

    if (0 != rel_pvar_read(&pv->served, &n_served)) {
        if (s->o.no_swing) {
            return 1;
        }
        fprintf(stderr,
                "stress: rank %d: MPI_T counter coll_swing_%s_served not found: "
                "the swing component was not loaded\n",
                s->wrank, coll_names[c]);
        return 0;
    }
    (void) rel_pvar_read(&pv->fallback, &n_fb);
    if (!s->o.no_swing && n_served < want) {
        fprintf(stderr,
                "stress: rank %d: swing served %llu %s calls, expected at least %llu "
                "(fallbacks: %llu)\n",
                s->wrank, n_served, coll_names[c], want, n_fb);
        ok = 0;
    }
    if (!s->o.no_swing && NULL != alg && 0 != strcmp(alg, "auto")
        && (C_BLOCKING == c || (0 != strcmp(alg, "shm") && 0 != strcmp(alg, "hier")))
        && (0 != rel_pvar_read(&pv->alg, &n_alg) || n_alg < want)) {
        fprintf(stderr,
                "stress: rank %d: %s algorithm %s ran %llu calls, expected at least "
                "%llu\n",
                s->wrank, coll_names[c], alg, n_alg, want);
        ok = 0;
    }
    if (0 == s->wrank && (C_BLOCKING == c || s->o.nbc)) {
        printf("stress: swing served %llu %s (expected >= %llu), fallbacks %llu on rank 0\n",
               n_served, coll_names[c], want, n_fb);
    }
    return ok;
}

/*
 * With every request completed or freed and every communicator but
 * MPI_COMM_WORLD freed, swing holds no request and no progress callback.
 */
static int check_leftovers(state_t *s)
{
    unsigned long long reqs, prog;

    if (0 != rel_nb_leftovers(&reqs, &prog)) {
        fprintf(stderr,
                "stress: rank %d: at the end coll_swing_nb_requests is %llu, "
                "nb_progress %llu (unreadable: %llu), expected 0\n",
                s->wrank, reqs, prog, ~0ULL);
        return 0;
    }
    return 1;
}

int main(int argc, char **argv)
{
    state_t s;
    rel_rng_t rng;
    counters_t pv[C_COUNT];
    unsigned long long bad, all_bad = 0;
    int provided;

    memset(&s, 0, sizeof(s));
    MPI_Init(&argc, &argv);
    MPI_T_init_thread(MPI_THREAD_SINGLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &s.wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &s.wsize);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    parse_opts(argc, argv, &s.o, s.wrank);
    if (0 == s.wrank) {
        printf("stress: np %d seed %llu iters %llu max-count %llu%s%s (replay: --seed %llu)\n",
               s.wsize, (unsigned long long) s.o.seed, s.o.iters, s.o.max_count,
               s.o.int8 ? " int8" : "", s.o.nbc ? " nbc" : "", (unsigned long long) s.o.seed);
        fflush(stdout);
    }
    s.buf_bytes = (size_t) s.o.max_count * sizeof(pair_dint_t)
                  + 2048 * sizeof(int) * (size_t) s.wsize + STRESS_CANARY;
    s.sbuf = malloc(s.buf_bytes);
    s.rbuf = malloc(s.buf_bytes);
    if (NULL == s.sbuf || NULL == s.rbuf) {
        fprintf(stderr, "stress: cannot allocate 2 x %zu bytes\n", s.buf_bytes);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    types_ops_create(&s);
    if (!layout_ok(&s)) {
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    comms_create(&s);
    counters_open(&s, pv);

    rel_rng_seed(&rng, s.o.seed);
    for (unsigned long long it = 0; it < s.o.iters; ++it) {
        one_allreduce(&s, &rng, it);
        if (0 == rel_rng_range(&rng, 0, 3)) {
            one_other(&s, &rng, it);
        }
        if (0 == rel_rng_range(&rng, 0, 31)) {
            comm_churn(&s, &rng);
        }
        if (0 == s.wrank && 0 == (it + 1) % 1000) {
            printf("stress: %llu calls done\n", it + 1);
            fflush(stdout);
        }
    }

    bad = s.errors;
    for (int c = 0; c < C_COUNT; ++c) {
        bad += check_counters(&s, (coll_t) c, &pv[c]) ? 0 : 1;
    }
    counters_close(pv);
    comms_free(&s);
    if (s.o.nbc && !s.o.no_swing) {
        bad += check_leftovers(&s) ? 0 : 1;
    }
    tu_sum_to_all(&bad, &all_bad, MPI_UNSIGNED_LONG_LONG);
    if (0 == s.wrank) {
        printf("stress: %llu allreduce calls per rank, %llu problems: %s (seed %llu)\n", s.calls,
               all_bad, all_bad ? "FAIL" : "OK", (unsigned long long) s.o.seed);
    }
    MPI_Type_free(&s.types[K_C3]);
    MPI_Op_free(&s.ops[O_USER_C]);
    MPI_Op_free(&s.ops[O_USER_NC]);
    free(s.sbuf);
    free(s.rbuf);
    MPI_T_finalize();
    MPI_Finalize();
    return all_bad ? 1 : 0;
}
