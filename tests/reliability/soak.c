/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Soak: a long mix of the collectives swing serves, on communicators that
 * come and go, with memory watched.
 *
 * Every rank draws the same sequence from one seed (printed; --seed replays
 * it). Each call picks a communicator from a pool (MPI_COMM_WORLD, and
 * slots holding dups, reversed orders, halves, odd/even splits, splits of
 * other slots, and sub-communicators of a drawn group of ranks made by
 * MPI_Comm_create_group; ranks outside one skip its calls), and one of:
 * MPI_Allreduce (int, long long, float, double, int8; sum, max, min, bxor;
 * counts from 0 to --max-count, in place or not), MPI_Iallreduce (MPI_Wait
 * or an MPI_Test loop), a persistent MPI_Allreduce_init (MPIX_ on Open MPI
 * 4.1) started one to three times with new data each time,
 * MPI_Reduce_scatter_block, MPI_Reduce_scatter (uneven counts, zeros
 * included), MPI_Allgather (in place or not) and MPI_Allgatherv (uneven
 * counts, gaps between the blocks). Every few calls (--churn) a slot's
 * communicator is freed and another is made in its place.
 *
 * Every result element is checked against the value every rank computes
 * on its own (element i of rank r is a + r b, small integers from a hash
 * of the call and i, so sums are exact in every type; int8 sums wrap),
 * and so are the untouched send buffer, the gaps of allgatherv and a
 * canary past the result. Every --report calls rank 0 prints the largest
 * VmRSS and VmHWM (/proc/self/status) and malloc heap of all ranks; after
 * the warm-up (the first fifth of the calls) a rank's VmRSS may grow at
 * most --max-rss-growth KiB and its heap at most --max-heap-growth bytes.
 * At the end the MPI_T counters: per collective the calls swing served
 * and handed to the previous component; every call with something to
 * move must have been served (served at least those, fallback 0), and
 * swing holds no nonblocking request or progress callback.
 *
 * usage: soak [--seed N] [--iters N] [--max-count N] [--report N] [--churn N]
 *             [--max-rss-growth KIB] [--max-heap-growth BYTES] [--no-swing]
 *             [--self-test] [--self-test-leak BYTES]
 * --no-swing: the counters are not required (a run with --mca coll ^swing,
 * to compare Open MPI's own memory).
 * --self-test: rank 0 damages one result element of each call, to show the
 * checks fail; --self-test-leak leaks BYTES per call, to show the memory
 * bound fails.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <mpi.h>

#include "rel_util.h"
#include "../mpi/test_util.h"
#include "../mpi/swing_pvar.h"

/* Defined when the AddressSanitizer runtime is in the process, whether this
   program is instrumented or the runtime was preloaded (sanitize.sh). */
extern void __asan_init(void) __attribute__((weak));

#define SOAK_SLOTS 7       /* slot 0 is MPI_COMM_WORLD */
#define SOAK_CANARY 64     /* bytes checked past every result */
#define SOAK_MAX_REPORTS 5 /* failure messages per rank */

typedef enum { C_ALLREDUCE, C_IALLREDUCE, C_PERSISTENT, C_RSB, C_RS, C_AG, C_AGV, C_COUNT } coll_t;
/* As the counters name them: coll_swing_<name>_served, _fallback. */
static const char *const coll_names[C_COUNT] = { "allreduce",      "iallreduce",
                                                 "allreduce_init", "reduce_scatter_block",
                                                 "reduce_scatter", "allgather",
                                                 "allgatherv" };

typedef enum { T_INT, T_LL, T_FLOAT, T_DOUBLE, T_INT8, T_COUNT } type_t;
static const char *const type_names[T_COUNT] = { "int", "long long", "float", "double", "int8" };
static const size_t type_sizes[T_COUNT] = { sizeof(int), sizeof(long long), sizeof(float),
                                            sizeof(double), 1 };

typedef enum { O_SUM, O_MAX, O_MIN, O_BXOR, O_COUNT } op_t;
static const char *const op_names[O_COUNT] = { "sum", "max", "min", "bxor" };

typedef enum { K_DUP, K_REVERSED, K_HALVES, K_PARITY, K_GROUP, K_SUBSPLIT, K_COUNT } kind_t;

typedef struct slot {
    MPI_Comm comm; /* MPI_COMM_NULL where this rank is not a member */
    char name[64];
} slot_t;

typedef struct soak {
    int wrank, wsize;
    uint64_t seed;
    unsigned long long iters, max_count, report, churn, max_rss, max_heap, leak;
    int self_test;
    int no_swing;
    slot_t slots[SOAK_SLOTS];
    char *sbuf, *rbuf, *keep;
    size_t buf_bytes;
    unsigned long long calls[C_COUNT], moving[C_COUNT], made, errors, nrep;
} soak_t;

/* ---- values ---- */

/* Element i of comm rank r for call salt: a + r b (small integers). */
static long long val(type_t t, uint64_t salt, int r, size_t i)
{
    uint64_t h = rel_hash3(salt, 0, i);
    long long a, b;

    if (T_INT8 == t) {
        a = (long long) (h % 9) - 4;
        b = (long long) ((h >> 20) % 3) - 1;
    } else {
        a = (long long) (h % 2001) - 1000;
        b = (long long) ((h >> 24) % 61) - 30;
    }
    return a + (long long) r * b;
}

/* The reduction of element i over p ranks, in the type's own range. */
static long long reduced(type_t t, op_t op, uint64_t salt, int p, size_t i)
{
    long long acc = val(t, salt, 0, i);

    for (int r = 1; r < p; ++r) {
        long long v = val(t, salt, r, i);
        switch (op) {
        case O_SUM: acc += v; break;
        case O_MAX: acc = v > acc ? v : acc; break;
        case O_MIN: acc = v < acc ? v : acc; break;
        default: acc ^= v; break;
        }
    }
    return T_INT8 == t ? (long long) (int8_t) acc : acc;
}

static void put(type_t t, char *buf, size_t i, long long v)
{
    switch (t) {
    case T_INT: ((int *) buf)[i] = (int) v; break;
    case T_LL: ((long long *) buf)[i] = v; break;
    case T_FLOAT: ((float *) buf)[i] = (float) v; break;
    case T_DOUBLE: ((double *) buf)[i] = (double) v; break;
    default: ((int8_t *) buf)[i] = (int8_t) v; break;
    }
}

static long long get(type_t t, const char *buf, size_t i)
{
    switch (t) {
    case T_INT: return ((const int *) buf)[i];
    case T_LL: return ((const long long *) buf)[i];
    case T_FLOAT: return (long long) ((const float *) buf)[i];
    case T_DOUBLE: return (long long) ((const double *) buf)[i];
    default: return ((const int8_t *) buf)[i];
    }
}

static MPI_Datatype mpi_type(type_t t)
{
    static const MPI_Datatype types[T_COUNT] = { MPI_INT, MPI_LONG_LONG, MPI_FLOAT, MPI_DOUBLE,
                                                 MPI_INT8_T };
    return types[t];
}

static MPI_Op mpi_op(op_t op)
{
    static const MPI_Op ops[O_COUNT] = { MPI_SUM, MPI_MAX, MPI_MIN, MPI_BXOR };
    return ops[op];
}

/* ---- failures ---- */

/* Small tables of a call; the job ends when there is no memory for them. */
static void *table(size_t n)
{
    void *t = malloc(n ? n : 1);

    if (NULL == t) {
        fprintf(stderr, "soak: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    return t;
}

__attribute__((format(printf, 3, 4))) static void fail(soak_t *s, unsigned long long it,
                                                       const char *fmt, ...)
{
    char msg[256];
    va_list ap;

    s->errors++;
    if (s->nrep++ >= SOAK_MAX_REPORTS) {
        return;
    }
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    fprintf(stderr, "soak: FAIL rank %d seed %llu call %llu: %s\n", s->wrank,
            (unsigned long long) s->seed, it, msg);
}

/* Elements [0, n) of buf are elements first.. of the reduction over p ranks
   (own < 0) or of rank own's contribution. */
static int check_elems(soak_t *s, unsigned long long it, const char *what, type_t t, op_t op,
                       uint64_t salt, int p, int own, const char *buf, size_t first, size_t n)
{
    for (size_t i = 0; i < n; ++i) {
        long long want = own >= 0 ? val(t, salt, own, first + i)
                                  : reduced(t, op, salt, p, first + i);
        want = T_INT8 == t ? (long long) (int8_t) want : want;
        if (get(t, buf, i) != want) {
            fail(s, it, "%s %s %s: element %zu is %lld, expected %lld", what, type_names[t],
                 op_names[op], first + i, get(t, buf, i), want);
            return 1;
        }
    }
    return 0;
}

static void canary_set(char *p)
{
    memset(p, 0xA5, SOAK_CANARY);
}

static int canary_ok(const char *p)
{
    for (int i = 0; i < SOAK_CANARY; ++i) {
        if ((unsigned char) p[i] != 0xA5) {
            return 0;
        }
    }
    return 1;
}

/* ---- communicators ---- */

static void slot_set(slot_t *sl, MPI_Comm c, const char *name)
{
    sl->comm = c;
    snprintf(sl->name, sizeof(sl->name), "%s", name);
    if (MPI_COMM_NULL != c) {
        MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN);
    }
}

/*
 * A new communicator for slot i, of a kind drawn from the shared stream
 * (every rank draws alike; members of the parent take part). Every one
 * has two ranks or more.
 */
static void slot_make(soak_t *s, int i, rel_rng_t *rng)
{
    kind_t k = (kind_t) rel_rng_range(rng, 0, K_COUNT - 1);
    int r = s->wrank, p = s->wsize, parent = (int) rel_rng_range(rng, 0, SOAK_SLOTS - 1);
    MPI_Comm c = MPI_COMM_NULL;
    char name[64];

    if (p < 4 && (K_HALVES == k || K_PARITY == k)) {
        k = K_DUP; /* halves of 2 or 3 ranks would be singletons */
    }
    switch (k) {
    case K_DUP:
        MPI_Comm_dup(MPI_COMM_WORLD, &c);
        snprintf(name, sizeof(name), "dup(world)");
        break;
    case K_REVERSED:
        MPI_Comm_split(MPI_COMM_WORLD, 0, p - r, &c);
        snprintf(name, sizeof(name), "reversed(world)");
        break;
    case K_HALVES:
        MPI_Comm_split(MPI_COMM_WORLD, r < p / 2, r, &c);
        snprintf(name, sizeof(name), "half(world)");
        break;
    case K_PARITY:
        MPI_Comm_split(MPI_COMM_WORLD, r % 2, -r, &c);
        snprintf(name, sizeof(name), "parity(world, reversed)");
        break;
    case K_GROUP: {
        /* m >= 2 ranks drawn without replacement, in drawn order */
        int m = (int) rel_rng_range(rng, 2, p), *ranks = table(sizeof(int) * (size_t) p), me = 0;
        MPI_Group world, sub;
        for (int j = 0; j < p; ++j) {
            ranks[j] = j;
        }
        for (int j = 0; j < m; ++j) {
            int x = (int) rel_rng_range(rng, j, p - 1), tmp = ranks[j];
            ranks[j] = ranks[x];
            ranks[x] = tmp;
            me |= ranks[j] == r;
        }
        if (me) {
            MPI_Comm_group(MPI_COMM_WORLD, &world);
            MPI_Group_incl(world, m, ranks, &sub);
            MPI_Comm_create_group(MPI_COMM_WORLD, sub, 7, &c);
            MPI_Group_free(&sub);
            MPI_Group_free(&world);
        }
        free(ranks);
        snprintf(name, sizeof(name), "group(%d of world)", m);
        break;
    }
    default: {
        /* a split of another slot: its members split it in two when it has
           4 ranks or more (each part 2 or more), else reverse it */
        MPI_Comm base = (parent == i) ? MPI_COMM_WORLD : s->slots[parent].comm;
        if (MPI_COMM_NULL != base) {
            int br, bp;
            MPI_Comm_rank(base, &br);
            MPI_Comm_size(base, &bp);
            MPI_Comm_split(base, bp >= 4 ? br < bp / 2 : 0, -br, &c);
        }
        snprintf(name, sizeof(name), "split(%s)", parent == i ? "world" : s->slots[parent].name);
        break;
    }
    }
    slot_set(&s->slots[i], c, name);
    s->made++;
}

static void slots_free(soak_t *s)
{
    for (int i = 1; i < SOAK_SLOTS; ++i) {
        if (MPI_COMM_NULL != s->slots[i].comm) {
            MPI_Comm_free(&s->slots[i].comm);
        }
    }
}

/* ---- the collectives ---- */

static size_t pick_count(rel_rng_t *rng, unsigned long long max)
{
    /* log-uniform: as many small as large messages */
    int bits = (int) rel_rng_range(rng, 0, 63 - __builtin_clzll(max | 1));
    unsigned long long hi = (1ULL << bits) < max ? (1ULL << bits) : max;
    return (size_t) rel_rng_range(rng, (long long) (hi / 2), (long long) hi);
}

/* Allreduce through one of three entries; returns an MPI code. */
static int do_allreduce(soak_t *s, coll_t c, MPI_Comm comm, int inplace, type_t t, op_t op,
                        size_t n, uint64_t salt, int rank, int p, unsigned long long it,
                        rel_rng_t *rng)
{
    size_t bytes = n * type_sizes[t];
    int starts = (C_PERSISTENT == c) ? (int) rel_rng_range(rng, 1, 3) : 1;
    int use_test = (int) rel_rng_range(rng, 0, 1), rc = MPI_SUCCESS;
    MPI_Request req = MPI_REQUEST_NULL;
    const void *sb = inplace ? MPI_IN_PLACE : (const void *) s->sbuf;

    if (C_PERSISTENT == c) {
        rc = TU_ALLREDUCE_INIT(sb, s->rbuf, (int) n, mpi_type(t), mpi_op(op), comm, MPI_INFO_NULL,
                               &req);
    }
    for (int k = 0; k < starts && MPI_SUCCESS == rc; ++k) {
        uint64_t sk = salt + (uint64_t) k * 0x51ED;
        for (size_t i = 0; i < n; ++i) {
            put(t, inplace ? s->rbuf : s->sbuf, i, val(t, sk, rank, i));
        }
        canary_set(s->rbuf + bytes);
        if (!inplace) {
            memcpy(s->keep, s->sbuf, bytes);
        }
        if (C_ALLREDUCE == c) {
            rc = MPI_Allreduce(sb, s->rbuf, (int) n, mpi_type(t), mpi_op(op), comm);
        } else {
            if (C_IALLREDUCE == c) {
                rc = MPI_Iallreduce(sb, s->rbuf, (int) n, mpi_type(t), mpi_op(op), comm, &req);
            } else {
                rc = MPI_Start(&req);
            }
            if (MPI_SUCCESS == rc && use_test) {
                int done = 0;
                while (MPI_SUCCESS == rc && !done) {
                    rc = MPI_Test(&req, &done, MPI_STATUS_IGNORE);
                }
            } else if (MPI_SUCCESS == rc) {
                rc = MPI_Wait(&req, MPI_STATUS_IGNORE);
            }
        }
        if (MPI_SUCCESS != rc) {
            break;
        }
        if (s->self_test && 0 == s->wrank && n > 0) {
            put(t, s->rbuf, n / 2, get(t, s->rbuf, n / 2) + 1);
        }
        check_elems(s, it, coll_names[c], t, op, sk, p, -1, s->rbuf, 0, n);
        if (!canary_ok(s->rbuf + bytes)) {
            fail(s, it, "%s: written past the result (%zu elements)", coll_names[c], n);
        }
        if (!inplace && 0 != memcmp(s->keep, s->sbuf, bytes)) {
            fail(s, it, "%s: send buffer changed", coll_names[c]);
        }
    }
    if (MPI_REQUEST_NULL != req) {
        MPI_Request_free(&req); /* persistent, inactive */
    }
    return rc;
}

/* Reduce-scatter (block or v): rank k gets elements [off_k, off_k + cnt_k). */
static int do_reduce_scatter(soak_t *s, coll_t c, MPI_Comm comm, type_t t, op_t op, size_t n,
                             uint64_t salt, int rank, int p, unsigned long long it, rel_rng_t *rng)
{
    int *counts = table(sizeof(int) * (size_t) p), rc;
    size_t total = 0, first = 0, size = type_sizes[t];

    for (int k = 0; k < p; ++k) {
        /* block: n / p each; v: uneven, a zero now and then */
        long long most = (long long) (n / (size_t) p), draw = rel_rng_range(rng, 0, 3);
        counts[k] = (int) ((C_RSB == c) ? most : draw ? rel_rng_range(rng, 0, most) : 0);
        first += (k < rank) ? (size_t) counts[k] : 0;
        total += (size_t) counts[k];
    }
    for (size_t i = 0; i < total; ++i) {
        put(t, s->sbuf, i, val(t, salt, rank, i));
    }
    memcpy(s->keep, s->sbuf, total * size);
    canary_set(s->rbuf + (size_t) counts[rank] * size);
    if (C_RSB == c) {
        rc = MPI_Reduce_scatter_block(s->sbuf, s->rbuf, counts[0], mpi_type(t), mpi_op(op), comm);
    } else {
        rc = MPI_Reduce_scatter(s->sbuf, s->rbuf, counts, mpi_type(t), mpi_op(op), comm);
    }
    if (MPI_SUCCESS == rc) {
        if (s->self_test && 0 == s->wrank && counts[rank] > 0) {
            put(t, s->rbuf, 0, get(t, s->rbuf, 0) + 1);
        }
        check_elems(s, it, coll_names[c], t, op, salt, p, -1, s->rbuf, first,
                    (size_t) counts[rank]);
        if (!canary_ok(s->rbuf + (size_t) counts[rank] * size)
            || 0 != memcmp(s->keep, s->sbuf, total * size)) {
            fail(s, it, "%s: written past the result or into the send buffer", coll_names[c]);
        }
    }
    s->moving[c] += total > 0;
    free(counts);
    return rc;
}

/* Allgather(v): block k of rank k's values at displs[k] (gaps in v). */
static int do_allgather(soak_t *s, coll_t c, MPI_Comm comm, int inplace, type_t t, size_t n,
                        uint64_t salt, int rank, int p, unsigned long long it, rel_rng_t *rng)
{
    int *counts = table(sizeof(int) * (size_t) p), *displs = table(sizeof(int) * (size_t) p);
    size_t size = type_sizes[t], end = 0, total = 0;
    int rc;

    for (int k = 0; k < p; ++k) {
        counts[k] = (C_AG == c) ? (int) (n / (size_t) p)
                                : (int) rel_rng_range(rng, 0, (long long) (n / (size_t) p));
        displs[k] = (int) end + ((C_AGV == c) ? (int) rel_rng_range(rng, 0, 3) : 0);
        end = (size_t) displs[k] + (size_t) counts[k];
        total += (size_t) counts[k];
    }
    memset(s->rbuf, 0x5A, end * size);
    canary_set(s->rbuf + end * size);
    for (int i = 0; i < counts[rank]; ++i) {
        put(t, inplace ? s->rbuf + (size_t) displs[rank] * size : s->sbuf, (size_t) i,
            val(t, salt, rank, (size_t) i));
    }
    if (C_AG == c) {
        rc = MPI_Allgather(inplace ? MPI_IN_PLACE : s->sbuf, counts[0], mpi_type(t), s->rbuf,
                           counts[0], mpi_type(t), comm);
    } else {
        rc = MPI_Allgatherv(s->sbuf, counts[rank], mpi_type(t), s->rbuf, counts, displs,
                            mpi_type(t), comm);
    }
    if (MPI_SUCCESS == rc) {
        if (s->self_test && 0 == s->wrank && total > 0) {
            for (int k = 0; k < p; ++k) {
                if (counts[k] > 0) {
                    char *e = s->rbuf + (size_t) displs[k] * size;
                    put(t, e, 0, get(t, e, 0) + 1);
                    break;
                }
            }
        }
        for (int k = 0; k < p; ++k) {
            if (check_elems(s, it, coll_names[c], t, O_SUM, salt, p, k,
                            s->rbuf + (size_t) displs[k] * size, 0, (size_t) counts[k])) {
                break;
            }
            /* the gap before the next block is untouched */
            size_t gap_end = (k + 1 < p) ? (size_t) displs[k + 1] : end;
            for (size_t b = ((size_t) displs[k] + (size_t) counts[k]) * size; b < gap_end * size;
                 ++b) {
                if ((unsigned char) s->rbuf[b] != 0x5A) {
                    fail(s, it, "%s: gap after block %d written", coll_names[c], k);
                    break;
                }
            }
        }
        if (!canary_ok(s->rbuf + end * size)) {
            fail(s, it, "%s: written past the result", coll_names[c]);
        }
    }
    s->moving[c] += total > 0;
    free(counts);
    free(displs);
    return rc;
}

/* One call drawn from the shared stream. */
static void one_call(soak_t *s, unsigned long long it, rel_rng_t *rng)
{
    int si = (int) rel_rng_range(rng, 0, SOAK_SLOTS - 1), roll = (int) rel_rng_range(rng, 0, 99);
    coll_t c = roll < 40   ? C_ALLREDUCE
               : roll < 52 ? C_IALLREDUCE
               : roll < 62 ? C_PERSISTENT
               : roll < 72 ? C_RSB
               : roll < 82 ? C_RS
               : roll < 91 ? C_AG
                           : C_AGV;
    type_t t = (type_t) rel_rng_range(rng, 0, T_COUNT - 1);
    op_t op = (op_t) rel_rng_range(rng, 0, (T_FLOAT == t || T_DOUBLE == t) ? O_MIN : O_BXOR);
    size_t n = pick_count(rng, s->max_count);
    int inplace = 0 == rel_rng_range(rng, 0, 3);
    uint64_t salt = tu_mix(s->seed ^ (it * 0x9E37));
    MPI_Comm comm = s->slots[si].comm;
    rel_rng_t own;
    int rank, p, rc;

    if (MPI_COMM_NULL == comm) {
        return; /* not a member of this sub-communicator */
    }
    /* the call's own draws (counts per rank, starts) come from a stream of
       its own, which only the communicator's members read */
    rel_rng_seed(&own, tu_mix(salt));
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    s->calls[c]++;
    switch (c) {
    case C_ALLREDUCE:
    case C_IALLREDUCE:
    case C_PERSISTENT:
        rc = do_allreduce(s, c, comm, inplace, t, op, n, salt, rank, p, it, &own);
        s->moving[c] += n > 0;
        break;
    case C_RSB:
    case C_RS: rc = do_reduce_scatter(s, c, comm, t, op, n, salt, rank, p, it, &own); break;
    default:
        rc = do_allgather(s, c, comm, inplace && C_AG == c, t, n, salt, rank, p, it, &own);
        break;
    }
    if (MPI_SUCCESS != rc) {
        fail(s, it, "%s on %s: MPI error %d", coll_names[c], s->slots[si].name, rc);
    }
}

/* ---- memory and counters ---- */

typedef struct mem {
    long rss, hwm;
    long long heap;
} mem_t;

static void mem_now(mem_t *m)
{
    m->rss = rel_status_kib("VmRSS");
    m->hwm = rel_status_kib("VmHWM");
    m->heap = (long long) rel_heap_bytes();
}

/* Prints the largest of every rank (collective over MPI_COMM_WORLD). */
static void mem_report(const soak_t *s, unsigned long long done, const mem_t *m, const char *when)
{
    long long mine[3] = { m->rss, m->hwm, m->heap }, most[3];

    MPI_Reduce(mine, most, 3, MPI_LONG_LONG, MPI_MAX, 0, MPI_COMM_WORLD);
    if (0 == s->wrank) {
        printf("soak: %s %llu calls, %llu communicators made: VmRSS %lld KiB, VmHWM %lld KiB, "
               "heap %lld KiB (largest of %d ranks)\n",
               when, done, s->made, most[0], most[1], most[2] / 1024, s->wsize);
        fflush(stdout);
    }
}

static void mem_check(soak_t *s, unsigned long long done, const mem_t *base, const mem_t *m)
{
    if (NULL != __asan_init) {
        /* ASan keeps freed memory in quarantine and hides the heap from
           mallinfo2: no bounds (LeakSanitizer looks for leaks instead) */
        return;
    }
    if (m->rss - base->rss > (long) s->max_rss) {
        fail(s, done, "VmRSS grew %ld KiB after the warm-up (bound %llu)", m->rss - base->rss,
             s->max_rss);
    }
    if (m->heap - base->heap > (long long) s->max_heap) {
        fail(s, done, "heap grew %lld bytes after the warm-up (bound %llu)", m->heap - base->heap,
             s->max_heap);
    }
}

static void usage_exit(const char *arg)
{
    fprintf(stderr,
            "soak: unknown argument \"%s\"\nusage: soak [--seed N] [--iters N] "
            "[--max-count N] [--report N] [--churn N] [--max-rss-growth KIB] "
            "[--max-heap-growth BYTES] [--no-swing] [--self-test] [--self-test-leak BYTES]\n",
            arg);
    MPI_Abort(MPI_COMM_WORLD, 2);
}

static void parse(soak_t *s, int argc, char **argv)
{
    int have_seed = 0;

    s->iters = 20000;
    s->max_count = 1 << 17;
    s->report = 0;
    s->churn = 25;
    s->max_rss = 8192;
    s->max_heap = 256 * 1024;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i], *next = (i + 1 < argc) ? argv[i + 1] : NULL;
        unsigned long long *dst = NULL;
        if (0 == strcmp(a, "--seed")) {
            s->seed = rel_parse_ull(a, next), have_seed = 1, ++i;
            continue;
        }
        if (0 == strcmp(a, "--self-test")) {
            s->self_test = 1;
            continue;
        }
        if (0 == strcmp(a, "--no-swing")) {
            s->no_swing = 1;
            continue;
        }
        dst = 0 == strcmp(a, "--iters")             ? &s->iters
              : 0 == strcmp(a, "--max-count")       ? &s->max_count
              : 0 == strcmp(a, "--report")          ? &s->report
              : 0 == strcmp(a, "--churn")           ? &s->churn
              : 0 == strcmp(a, "--max-rss-growth")  ? &s->max_rss
              : 0 == strcmp(a, "--max-heap-growth") ? &s->max_heap
              : 0 == strcmp(a, "--self-test-leak")  ? &s->leak
                                                    : NULL;
        if (NULL == dst) {
            usage_exit(a);
        }
        *dst = rel_parse_ull(a, next);
        ++i;
    }
    if (s->iters < 10 || s->max_count < 1 || s->max_count > (1ULL << 26) || s->churn < 1) {
        usage_exit("(--iters below 10, --max-count outside 1..2^26 or --churn 0)");
    }
    if (0 == s->report) {
        s->report = s->iters / 10;
    }
    if (!have_seed) {
        uint64_t x = tu_mix((uint64_t) time(NULL) ^ ((uint64_t) getpid() << 20));
        s->seed = (0 == s->wrank) ? (x & 0xFFFFFFFFFFFFULL) : 0;
        MPI_Bcast(&s->seed, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    }
}

/* Served and fallback per collective; every call that moved data served. */
static void counters(soak_t *s)
{
    for (int c = 0; c < C_COUNT; ++c) {
        char name[96];
        unsigned long long served, fallback;
        snprintf(name, sizeof(name), "%s_served", coll_names[c]);
        served = swing_pvar_get(name);
        snprintf(name, sizeof(name), "%s_fallback", coll_names[c]);
        fallback = swing_pvar_get(name);
        if (0 == s->wrank) {
            printf("soak: rank 0 %-20s %7llu calls (%llu with data): swing served %llu, "
                   "fallback %llu\n",
                   coll_names[c], s->calls[c], s->moving[c], served, fallback);
        }
        if (!s->no_swing
            && (~0ULL == served || ~0ULL == fallback || served < s->moving[c] || 0 != fallback)) {
            fail(s, s->iters, "%s: %llu calls with data, swing served %llu, fallback %llu",
                 coll_names[c], s->moving[c], served, fallback);
        }
    }
}

int main(int argc, char **argv)
{
    soak_t s;
    rel_rng_t rng;
    mem_t base, m;
    unsigned long long all_bad = 0, warm, reqs, prog;
    double t0;

    MPI_Init(&argc, &argv);
    memset(&s, 0, sizeof(s));
    MPI_Comm_rank(MPI_COMM_WORLD, &s.wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &s.wsize);
    parse(&s, argc, argv);
    if (0 != swing_pvar_open() && !s.no_swing) {
        fprintf(stderr, "soak: coll/swing's MPI_T counters are missing\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    /* first reads: the counters count from here */
    for (int c = 0; c < C_COUNT; ++c) {
        char name[96];
        snprintf(name, sizeof(name), "%s_served", coll_names[c]);
        (void) swing_pvar_get(name);
        snprintf(name, sizeof(name), "%s_fallback", coll_names[c]);
        (void) swing_pvar_get(name);
    }
    /* buffers for the largest call, every page touched now */
    s.buf_bytes = (size_t) (s.max_count + 4 * (unsigned long long) s.wsize) * sizeof(long long)
                  + SOAK_CANARY;
    s.sbuf = malloc(s.buf_bytes);
    s.rbuf = malloc(s.buf_bytes);
    s.keep = malloc(s.buf_bytes);
    if (NULL == s.sbuf || NULL == s.rbuf || NULL == s.keep) {
        fprintf(stderr, "soak: no memory for %zu-byte buffers\n", s.buf_bytes);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    memset(s.sbuf, 0, s.buf_bytes);
    memset(s.rbuf, 0, s.buf_bytes);
    memset(s.keep, 0, s.buf_bytes);
    if (0 == s.wrank) {
        printf("soak: seed %llu, %d ranks, %llu calls up to %llu elements, a communicator "
               "replaced every %llu calls on average%s\n",
               (unsigned long long) s.seed, s.wsize, s.iters, s.max_count, s.churn,
               NULL != __asan_init ? "; AddressSanitizer: memory not bounded" : "");
    }
    rel_rng_seed(&rng, s.seed);
    slot_set(&s.slots[0], MPI_COMM_WORLD, "world");
    for (int i = 1; i < SOAK_SLOTS; ++i) {
        slot_make(&s, i, &rng);
    }
    warm = s.iters / 5;
    mem_now(&base);
    t0 = MPI_Wtime();
    for (unsigned long long it = 0; it < s.iters; ++it) {
        if (0 == rel_rng_range(&rng, 0, (long long) s.churn - 1)) {
            int i = (int) rel_rng_range(&rng, 1, SOAK_SLOTS - 1);
            if (MPI_COMM_NULL != s.slots[i].comm) {
                MPI_Comm_free(&s.slots[i].comm);
            }
            slot_make(&s, i, &rng);
        }
        one_call(&s, it, &rng);
        if (s.leak > 0) {
            char *lost = malloc((size_t) s.leak);
            if (NULL != lost) {
                memset(lost, 1, (size_t) s.leak);
            }
        }
        if (it + 1 == warm) {
            mem_now(&base);
            mem_report(&s, it + 1, &base, "warm-up done:");
        } else if (0 == (it + 1) % s.report) {
            mem_now(&m);
            mem_report(&s, it + 1, &m, "after");
            if (it + 1 > warm) {
                mem_check(&s, it + 1, &base, &m);
            }
        }
    }
    mem_now(&m);
    mem_check(&s, s.iters, &base, &m);
    slots_free(&s);
    if (0 == s.wrank) {
        printf("soak: %llu calls in %.1f s; after the warm-up VmRSS %+ld KiB, heap %+lld bytes "
               "(rank 0)\n",
               s.iters, MPI_Wtime() - t0, m.rss - base.rss, m.heap - base.heap);
    }
    counters(&s);
    if (!s.no_swing && 0 != rel_nb_leftovers(&reqs, &prog)) {
        fail(&s, s.iters, "nb_requests %llu, nb_progress %llu at the end", reqs, prog);
    }
    free(s.sbuf);
    free(s.rbuf);
    free(s.keep);
    MPI_Reduce(&s.errors, &all_bad, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Bcast(&all_bad, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
    if (0 == s.wrank) {
        printf("soak: %llu problems: %s (seed %llu)\n", all_bad, all_bad ? "FAIL" : "OK",
               (unsigned long long) s.seed);
    }
    swing_pvar_close();
    MPI_Finalize();
    return all_bad ? 1 : 0;
}
