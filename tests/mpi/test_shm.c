/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Tests of the shm allreduce beyond the general matrix (run by test_shm.sh
 * with coll_swing_allreduce_algorithm = shm):
 *
 *   test_shm check   values for several types/ops/counts, in place or not,
 *                    floats bit-identical to a sum in rank order; the MPI_T
 *                    counter coll_swing_allreduce_shm counts every call; the
 *                    segment is mapped but already unlinked ("(deleted)" in
 *                    /proc/self/maps); freeing a communicator unmaps its
 *                    segment; two disjoint communicators at once; a rank
 *                    waiting in shm progresses a receive a peer's
 *                    blocking send depends on.
 *   test_shm check on|off  with "on" (coll_swing_shm_cma 1) the single-copy
 *                    counter must move whenever the ranks can read each
 *                    other's memory; with "off" (the default) stay put.
 *   test_shm refuse  run with coll_swing_shm_assume_remote = 1: values right
 *                    (floating-point sums within rounding of the rank-order
 *                    sum: the message-passing schedule that serves instead,
 *                    a ring for instance, may add in another order), the
 *                    shm counter stays put, the message-passing counters
 *                    move.
 *   test_shm crash   the last rank abort()s after the first shm allreduce.
 *
 * Exit status 0 when every check passed.
 */
#define _GNU_SOURCE
#include <mpi.h>

#include "swing_cma.h"
#include "swing_pvar.h"
#include "test_util.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    int v;
    int loc;
} pair_int_t;
typedef struct {
    double v;
    int loc;
} pair_double_t;

typedef enum {
    T_INT,
    T_UINT,
    T_DOUBLE,
    T_FLOAT,
    T_LLONG,
    T_UCHAR,
    T_SHORT,
    T_2INT,
    T_DOUBLE_INT
} tkind_t;
typedef enum {
    O_SUM,
    O_PROD,
    O_MAX,
    O_MIN,
    O_BAND,
    O_BOR,
    O_BXOR,
    O_MAXLOC,
    O_MINLOC,
    O_USER
} okind_t;

typedef struct {
    const char *name;
    tkind_t t;
    okind_t o;
    int contig3; /* sent as MPI_Type_contiguous(3, type), count / 3
                    (derived types take user ops only) */
} tcase_t;

static const tcase_t cases[] = {
    { "int sum", T_INT, O_SUM, 0 },
    { "int max", T_INT, O_MAX, 0 },
    { "int min", T_INT, O_MIN, 0 },
    { "unsigned prod", T_UINT, O_PROD, 0 },
    { "unsigned bxor", T_UINT, O_BXOR, 0 },
    { "unsigned band", T_UINT, O_BAND, 0 },
    { "uchar bor", T_UCHAR, O_BOR, 0 },
    { "short sum", T_SHORT, O_SUM, 0 },
    { "long long sum", T_LLONG, O_SUM, 0 },
    { "double sum", T_DOUBLE, O_SUM, 0 },
    { "double max", T_DOUBLE, O_MAX, 0 },
    { "float sum", T_FLOAT, O_SUM, 0 },
    { "2int maxloc", T_2INT, O_MAXLOC, 0 },
    { "double_int minloc", T_DOUBLE_INT, O_MINLOC, 0 },
    { "contiguous(3,int) user-op sum", T_INT, O_USER, 1 },
    { "int user-op sum", T_INT, O_USER, 0 },
};

static int rank, size;
static MPI_Op user_sum;

/* MPI_INT or a contiguous type of ints */
static void user_sum_fn(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    int tsize;

    MPI_Type_size(*dt, &tsize);
    for (int i = 0; i < *len * (tsize / (int) sizeof(int)); ++i) {
        ((int *) inout)[i] += ((int *) in)[i];
    }
}

static size_t esize(tkind_t t)
{
    switch (t) {
    case T_INT: return sizeof(int);
    case T_UINT: return sizeof(unsigned);
    case T_DOUBLE: return sizeof(double);
    case T_FLOAT: return sizeof(float);
    case T_LLONG: return sizeof(long long);
    case T_UCHAR: return 1;
    case T_SHORT: return sizeof(short);
    case T_2INT: return sizeof(pair_int_t);
    case T_DOUBLE_INT: return sizeof(pair_double_t);
    }
    return 0;
}

static MPI_Datatype mpitype(tkind_t t)
{
    switch (t) {
    case T_INT: return MPI_INT;
    case T_UINT: return MPI_UNSIGNED;
    case T_DOUBLE: return MPI_DOUBLE;
    case T_FLOAT: return MPI_FLOAT;
    case T_LLONG: return MPI_LONG_LONG;
    case T_UCHAR: return MPI_UNSIGNED_CHAR;
    case T_SHORT: return MPI_SHORT;
    case T_2INT: return MPI_2INT;
    case T_DOUBLE_INT: return MPI_DOUBLE_INT;
    }
    return MPI_DATATYPE_NULL;
}

static MPI_Op mpiop(okind_t o)
{
    switch (o) {
    case O_SUM: return MPI_SUM;
    case O_PROD: return MPI_PROD;
    case O_MAX: return MPI_MAX;
    case O_MIN: return MPI_MIN;
    case O_BAND: return MPI_BAND;
    case O_BOR: return MPI_BOR;
    case O_BXOR: return MPI_BXOR;
    case O_MAXLOC: return MPI_MAXLOC;
    case O_MINLOC: return MPI_MINLOC;
    case O_USER: return user_sum;
    }
    return MPI_OP_NULL;
}

static unsigned hash(int r, size_t i)
{
    unsigned h = (unsigned) r * 2654435761u ^ (unsigned) i * 40503u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    return h ^ (h >> 15);
}

/* Rank r's element i. */
static void value(const tcase_t *c, int r, size_t i, void *out)
{
    unsigned h = hash(r, i);
    switch (c->t) {
    case T_INT: *(int *) out = (int) (h % 2001) - 1000; break;
    case T_UINT: *(unsigned *) out = (O_PROD == c->o) ? 1 + (h % 2) : h; break;
    case T_DOUBLE: *(double *) out = (double) (h % 100003) / 7.0 - 5000.0; break;
    case T_FLOAT: *(float *) out = (float) (h % 100003) / 7.0f - 5000.0f; break;
    case T_LLONG: *(long long *) out = (long long) h * 1000003LL; break;
    case T_UCHAR: *(unsigned char *) out = (unsigned char) (1u << (h % 8)); break;
    case T_SHORT: *(short *) out = (short) ((int) (h % 201) - 100); break;
    case T_2INT: {
        pair_int_t p = { (int) (h % 5), r };
        *(pair_int_t *) out = p;
        break;
    }
    case T_DOUBLE_INT: {
        pair_double_t p;
        memset(&p, 0, sizeof(p));
        p.v = (double) (h % 5) * 0.5;
        p.loc = r;
        *(pair_double_t *) out = p;
        break;
    }
    }
}

#define FOLD(T, acc, x, o)                            \
    do {                                              \
        T *a_ = (T *) (acc), x_ = *(const T *) (x);   \
        switch (o) {                                  \
        case O_SUM:                                   \
        case O_USER: *a_ = (T) (*a_ + x_); break;     \
        case O_PROD: *a_ = (T) (*a_ * x_); break;     \
        case O_MAX: *a_ = *a_ > x_ ? *a_ : x_; break; \
        case O_MIN: *a_ = *a_ < x_ ? *a_ : x_; break; \
        default: break;                               \
        }                                             \
    } while (0)

#define FOLD_BITS(T, acc, x, o)                     \
    do {                                            \
        T *a_ = (T *) (acc), x_ = *(const T *) (x); \
        switch (o) {                                \
        case O_BAND: *a_ &= x_; break;              \
        case O_BOR: *a_ |= x_; break;               \
        case O_BXOR: *a_ ^= x_; break;              \
        default: FOLD(T, acc, x, o); break;         \
        }                                           \
    } while (0)

/* acc = acc op x, the order of the component's fixed-order reduction. */
static void fold(const tcase_t *c, void *acc, const void *x)
{
    switch (c->t) {
    case T_INT: FOLD_BITS(int, acc, x, c->o); break;
    case T_UINT: FOLD_BITS(unsigned, acc, x, c->o); break;
    case T_DOUBLE: FOLD(double, acc, x, c->o); break;
    case T_FLOAT: FOLD(float, acc, x, c->o); break;
    case T_LLONG: FOLD_BITS(long long, acc, x, c->o); break;
    case T_UCHAR: FOLD_BITS(unsigned char, acc, x, c->o); break;
    case T_SHORT: FOLD_BITS(short, acc, x, c->o); break;
    case T_2INT: {
        pair_int_t *a = acc;
        const pair_int_t *b = x;
        if (b->v > a->v || (b->v == a->v && b->loc < a->loc)) {
            *a = *b;
        }
        break;
    }
    case T_DOUBLE_INT: {
        pair_double_t *a = acc;
        const pair_double_t *b = x;
        if (b->v < a->v || (b->v == a->v && b->loc < a->loc)) {
            a->v = b->v;
            a->loc = b->loc;
        }
        break;
    }
    }
}

/* refuse mode: any message-passing schedule serves, in its own order */
static int any_order;

static int same(const tcase_t *c, const void *a, const void *b)
{
    if (any_order && O_SUM == c->o && T_FLOAT == c->t) {
        /* the data are below 2^15 in magnitude, a few ulps of the sum's
           size each way; a wrong result is off by thousands */
        float x = *(const float *) a, y = *(const float *) b;
        return fabsf(x - y) <= 0.1f;
    }
    if (any_order && O_SUM == c->o && T_DOUBLE == c->t) {
        double x = *(const double *) a, y = *(const double *) b;
        return fabs(x - y) <= 1e-9;
    }
    if (T_DOUBLE_INT == c->t) {
        const pair_double_t *x = a, *y = b;
        return 0 == memcmp(&x->v, &y->v, sizeof(double)) && x->loc == y->loc;
    }
    return 0 == memcmp(a, b, esize(c->t));
}

/* One allreduce of count elements; returns the number of wrong elements. */
static long run_case(const tcase_t *c, size_t count, int in_place, MPI_Comm comm)
{
    size_t es = esize(c->t);
    char *sbuf = malloc(count * es + 1), *rbuf = malloc(count * es + 1);
    char ref[32], x[32];
    MPI_Datatype dt = mpitype(c->t);
    int r, p, n = (int) count;
    long bad = 0;

    MPI_Comm_rank(comm, &r);
    MPI_Comm_size(comm, &p);
    if (NULL == sbuf || NULL == rbuf) {
        fprintf(stderr, "out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    for (size_t i = 0; i < count; ++i) {
        value(c, r, i, (in_place ? rbuf : sbuf) + i * es);
    }
    if (c->contig3) {
        MPI_Type_contiguous(3, dt, &dt);
        MPI_Type_commit(&dt);
        n = (int) (count / 3);
        count = (size_t) n * 3;
    }
    MPI_Allreduce(in_place ? MPI_IN_PLACE : sbuf, rbuf, n, dt, mpiop(c->o), comm);
    for (size_t i = 0; i < count; ++i) {
        value(c, 0, i, ref);
        for (int k = 1; k < p; ++k) {
            value(c, k, i, x);
            fold(c, ref, x);
        }
        if (!same(c, ref, rbuf + i * es)) {
            if (bad < 3) {
                fprintf(stderr, "rank %d: %s count %zu%s: element %zu wrong\n", r, c->name, count,
                        in_place ? " in place" : "", i);
            }
            ++bad;
        }
    }
    if (c->contig3) {
        MPI_Type_free(&dt);
    }
    free(sbuf);
    free(rbuf);
    return bad;
}

/* A counter's value; only differences between two reads mean something. */
static unsigned long long pvar(const char *name)
{
    unsigned long long v = 0;

    if (0 != swing_pvar_read_one(name, &v)) {
        fprintf(stderr, "pvar %s not available (coll/swing not loaded?)\n", name);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    return v;
}

/* Mappings of our segments in this process; *live counts those not unlinked. */
static int shm_maps(int *live)
{
    FILE *f = fopen("/proc/self/maps", "r");
    char line[1024];
    int n = 0;

    *live = 0;
    if (NULL == f) {
        return -1;
    }
    while (fgets(line, sizeof(line), f)) {
        if (strstr(line, "/dev/shm/swing_shm.")) {
            ++n;
            *live += (NULL == strstr(line, "(deleted)"));
        }
    }
    fclose(f);
    return n;
}

static long fail(const char *what)
{
    fprintf(stderr, "rank %d: %s\n", rank, what);
    return 1;
}

static long test_values(MPI_Comm comm)
{
    int p;
    MPI_Comm_size(comm, &p);
    size_t counts[] = { 0, 1, (size_t) p - 1, (size_t) p, 1000, 3001, 100003, (size_t) 1 << 20 };
    unsigned long long before = pvar("coll_swing_allreduce_shm"), calls = 0, empty = 0;
    unsigned long long moved;
    long bad = 0;

    for (size_t k = 0; k < sizeof(counts) / sizeof(counts[0]); ++k) {
        for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); ++c) {
            if (counts[k] > 100003 && c % 4) {
                continue; /* the largest count for a few cases only */
            }
            bad += run_case(&cases[c], counts[k], (int) ((k + c) % 2), comm);
            ++calls;
            empty += (counts[k] < (cases[c].contig3 ? 3u : 1u));
        }
    }
    /* empty calls may or may not count as served */
    moved = pvar("coll_swing_allreduce_shm") - before;
    if (moved > calls || moved < calls - empty) {
        fprintf(stderr, "rank %d: shm counter moved by %llu for %llu calls\n", rank, moved, calls);
        ++bad;
    }
    return bad;
}

/*
 * Rank 1's large MPI_Send completes only when rank 0 progresses the receive
 * it posted before entering MPI_Allreduce: the shm wait must progress.
 * Broken, this hangs (test_shm.sh runs it under a timeout).
 */
static long test_progress(void)
{
    int n = 1 << 22, x = rank, sum = 0;
    char *buf = calloc((size_t) n, 1);
    MPI_Request req = MPI_REQUEST_NULL;

    if (NULL == buf) {
        return fail("out of memory");
    }
    if (0 == rank) {
        MPI_Irecv(buf, n, MPI_CHAR, 1, 7, MPI_COMM_WORLD, &req);
    } else if (1 == rank) {
        MPI_Send(buf, n, MPI_CHAR, 0, 7, MPI_COMM_WORLD);
    }
    MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    free(buf);
    for (int i = 0; i < size; ++i) {
        sum += i;
    }
    return x == sum ? 0 : fail("allreduce beside a pending send: wrong sum");
}

/* Large calls went through single copy exactly when expected (cma: on|off). */
static long test_single_copy(const char *cma, unsigned long long before)
{
    int expect = 0 != strcmp(cma, "off") && swing_cma_possible(MPI_COMM_WORLD);
    unsigned long long moved = pvar("coll_swing_allreduce_shm_single_copy") - before;

    if (0 == rank) {
        printf("single copy: %s, %llu calls served by it\n", expect ? "expected" : "not expected",
               moved);
    }
    return (expect ? moved > 0 : moved == 0)
               ? 0
               : fail(expect ? "no call served by single copy"
                             : "single copy served calls while off or impossible");
}

static long test_check(const char *cma)
{
    int n, live, n_after;
    unsigned long long single0 = pvar("coll_swing_allreduce_shm_single_copy");
    long bad = test_values(MPI_COMM_WORLD);

    bad += test_single_copy(cma, single0);
    MPI_Comm dup, half;

    bad += test_progress();
    n = shm_maps(&live);
    if (n < 1) {
        bad += fail("no segment mapped after shm allreduces");
    }
    if (live) {
        bad += fail("segment still has a name in /dev/shm");
    }
    /* a new communicator maps its own segment; freeing it unmaps it */
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    bad += run_case(&cases[0], 5000, 0, dup);
    if (shm_maps(&live) != n + 1) {
        bad += fail("dup'd communicator did not map one segment");
    }
    MPI_Comm_free(&dup);
    n_after = shm_maps(&live);
    if (n_after != n) {
        bad += fail("freeing the communicator did not unmap its segment");
    }
    /* disjoint communicators, same context id, working at the same time */
    if (size >= 4) {
        MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
        bad += test_values(half);
        MPI_Comm_free(&half);
    }
    return bad;
}

/* Calls served by a message-passing schedule (every allreduce counter but shm's, hier's). */
static unsigned long long message_passing_calls(void)
{
    static const char *const names[] = {
        "coll_swing_allreduce_swing_lo",    "coll_swing_allreduce_rd_lo",
        "coll_swing_allreduce_swing_bo",    "coll_swing_allreduce_rd_bo",
        "coll_swing_allreduce_swing_lo_mp", "coll_swing_allreduce_rd_lo_mp",
        "coll_swing_allreduce_swing_bo_mp", "coll_swing_allreduce_rd_bo_mp",
        "coll_swing_allreduce_ring",
    };
    unsigned long long n = 0;

    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); ++i) {
        n += pvar(names[i]);
    }
    return n;
}

static long test_refuse(void)
{
    unsigned long long shm0 = pvar("coll_swing_allreduce_shm");
    unsigned long long sw0 = message_passing_calls();
    long bad = 0, calls = 0;
    int live;

    any_order = 1;
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); ++c) {
        bad += run_case(&cases[c], 1000 + c, (int) (c % 2), MPI_COMM_WORLD);
        bad += run_case(&cases[c], 70000, (int) (c % 2), MPI_COMM_WORLD);
        calls += 2;
    }
    if (pvar("coll_swing_allreduce_shm") != shm0) {
        bad += fail("shm served a communicator it must refuse");
    }
    if (message_passing_calls() - sw0 != (unsigned long long) calls) {
        bad += fail("refused calls were not served by a message-passing schedule");
    }
    if (0 != shm_maps(&live)) {
        bad += fail("a segment was mapped although shm was refused");
    }
    return bad;
}

static long test_crash(void)
{
    int live;
    long bad = run_case(&cases[0], 100000, 0, MPI_COMM_WORLD);

    if (shm_maps(&live) < 1 || live) {
        bad += fail("segment not mapped, or still named, after the first call");
    }
    if (rank == size - 1) {
        abort();
    }
    MPI_Barrier(MPI_COMM_WORLD);
    return bad;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "check";
    long bad, total = 0;

    MPI_Init(&argc, &argv);
    swing_pvar_open();
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Op_create(user_sum_fn, 1, &user_sum);

    if (0 == strcmp(mode, "check")) {
        bad = test_check(argc > 2 ? argv[2] : "off");
    } else if (0 == strcmp(mode, "refuse")) {
        bad = test_refuse();
    } else if (0 == strcmp(mode, "crash")) {
        bad = test_crash();
    } else {
        bad = fail("usage: test_shm check [on|off]|refuse|crash");
    }
    tu_sum_to_all(&bad, &total, MPI_LONG);
    if (0 == rank) {
        printf("test_shm %s, %d ranks: %s (%ld failures)\n", mode, size, total ? "FAIL" : "PASS",
               total);
    }
    MPI_Op_free(&user_sum);
    swing_pvar_close();
    MPI_Finalize();
    return total ? 1 : 0;
}
