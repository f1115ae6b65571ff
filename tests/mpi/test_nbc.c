/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The nonblocking engine of coll/swing under the uses that stress it,
 * each checked by value and by the counters (iallreduce_served, and
 * allreduce_init_served for persistent requests, never a fallback):
 *
 *   outstanding   many MPI_Iallreduce on one communicator at once, of
 *                 mixed sizes (LO and BO), completed in reverse order
 *   comms         outstanding on several communicators at once, waited
 *                 with MPI_Testany mixed with point-to-point requests
 *   p2p           an Iallreduce overlapping a ring of Isend/Irecv on the
 *                 same communicator, all in one MPI_Waitall
 *   freed         MPI_Request_free on an active Iallreduce (completion
 *                 seen through a barrier and the buffer)
 *   persistent    one MPI_Allreduce_init request started many times with
 *                 new inputs, two such requests outstanding at once
 *   threads       under MPI_THREAD_MULTIPLE, one communicator per thread,
 *                 every thread with its own outstanding calls
 *   comm_free     a communicator freed while its Iallreduce is active
 *   first_call    (--expect shm or hier) before any blocking call on a new
 *                 communicator its Iallreduce takes message passing, after
 *                 one the segment
 *   blocking      blocking MPI_Allreduce, MPI_Reduce_scatter_block,
 *                 MPI_Allgather, MPI_Bcast and MPI_Reduce between the
 *                 starts and the waits of four Iallreduce on the same
 *                 communicator (distinct tags; with shm or hier, the
 *                 blocking calls take the segment after the nonblocking
 *                 ones, in call order)
 *   bitwise       doubles of very different magnitudes: MPI_Iallreduce,
 *                 in place or not, and a persistent request give exactly
 *                 MPI_Allreduce's bits (run with the same algorithm for
 *                 both, or auto)
 *   ports         multiport and ring requests (one state machine and one
 *                 tag per part) outstanding together with single-port
 *                 ones, on communicators set to each algorithm through
 *                 MPI_T, persistent ones among them; per-algorithm
 *                 counters checked
 *
 * At the end no swing request and no progress callback may be left
 * (pvars nb_requests and nb_progress both 0).
 * Usage: test_nbc [--threads N] [--count N] [--expect ALG]; one line per
 * failure, PASS/FAIL. --expect: the algorithm that must serve every
 * Iallreduce on MPI_COMM_WORLD (counter iallreduce_ALG; shm on one node
 * and hier across nodes under auto).
 */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "swing_pvar.h"
#include "test_util.h"

#define NOUT 12

static int rank, nprocs, failures, nthreads = 4;
static unsigned long long expected; /* Iallreduce calls swing must have served */
static size_t big = 40000;
static const char *expect_alg;

static void fail(const char *what, const char *detail)
{
    printf("FAIL rank=%d np=%d %s: %s\n", rank, nprocs, what, detail);
    fflush(stdout);
    __atomic_fetch_add(&failures, 1, __ATOMIC_RELAXED);
}

/* Input of element i on rank r for call k: exact in double and int. */
static long long val(int r, size_t i, int k)
{
    return (long long) ((r + 1) * 1000 + (long long) (i % 977) + 31 * k) % 100003;
}

static long long want_sum(int p, size_t i, int k)
{
    long long s = 0;
    for (int r = 0; r < p; ++r) {
        s += val(r, i, k);
    }
    return s;
}

static int check_ll(const char *what, const long long *buf, size_t n, int p, int k)
{
    for (size_t i = 0; i < n; ++i) {
        if (buf[i] != want_sum(p, i, k)) {
            char msg[128];
            snprintf(msg, sizeof(msg), "call %d element %zu = %lld, expected %lld", k, i, buf[i],
                     want_sum(p, i, k));
            fail(what, msg);
            return 1;
        }
    }
    return 0;
}

static void fill_ll(long long *buf, size_t n, int r, int k)
{
    for (size_t i = 0; i < n; ++i) {
        buf[i] = val(r, i, k);
    }
}

static unsigned long long counter(const char *name)
{
    unsigned long long v = 0;
    char full[128];

    snprintf(full, sizeof(full), "coll_swing_%s", name);
    if (0 != swing_pvar_read_one(full, &v)) {
        fail("counters", full);
    }
    return v;
}

/*
 * Expects served to have moved by n (at least n when not exact: Open MPI
 * 4.1 agrees on a new communicator's id with MPI_Iallreduce, which swing
 * serves too) and fallback not at all.
 */
static void check_served(const char *what, const char *coll, unsigned long long served0,
                         unsigned long long fb0, unsigned long long n, int exact)
{
    char name[64], msg[160];
    unsigned long long served, fb;

    snprintf(name, sizeof(name), "%s_served", coll);
    served = counter(name) - served0;
    snprintf(name, sizeof(name), "%s_fallback", coll);
    fb = counter(name) - fb0;
    if ((exact ? served != n : served < n) || 0 != fb) {
        snprintf(msg, sizeof(msg), "%s served +%llu (expected %llu), fallback +%llu", coll, served,
                 n, fb);
        fail(what, msg);
    }
}

static void outstanding(MPI_Comm comm, const char *what)
{
    long long *buf[NOUT];
    MPI_Request req[NOUT];
    int p;

    MPI_Comm_size(comm, &p);
    for (int k = 0; k < NOUT; ++k) {
        size_t n = (k % 3) ? (size_t) k + 1 : big;
        int r;
        MPI_Comm_rank(comm, &r);
        buf[k] = malloc(n * sizeof(long long));
        fill_ll(buf[k], n, r, k);
        MPI_Iallreduce(MPI_IN_PLACE, buf[k], (int) n, MPI_LONG_LONG, MPI_SUM, comm, &req[k]);
    }
    __atomic_fetch_add(&expected, NOUT, __ATOMIC_RELAXED);
    for (int k = NOUT - 1; k >= 0; --k) {
        size_t n = (k % 3) ? (size_t) k + 1 : big;
        MPI_Wait(&req[k], MPI_STATUS_IGNORE);
        check_ll(what, buf[k], n, p, k);
        free(buf[k]);
    }
}

static void comms_and_p2p(void)
{
    MPI_Comm dup, split;
    long long *a = malloc(big * sizeof(long long)), *b = malloc(big * sizeof(long long));
    long long ring[4], from[4];
    int token = rank, got = -1, ps, rs, done = 0;
    MPI_Request req[4];

    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &split);
    MPI_Comm_size(split, &ps);
    MPI_Comm_rank(split, &rs);
    fill_ll(a, big, rank, 1);
    fill_ll(b, 5, rs, 2);
    MPI_Iallreduce(MPI_IN_PLACE, a, (int) big, MPI_LONG_LONG, MPI_SUM, dup, &req[0]);
    MPI_Iallreduce(MPI_IN_PLACE, b, 5, MPI_LONG_LONG, MPI_SUM, split, &req[1]);
    expected += 1 + (ps > 1);
    MPI_Irecv(&got, 1, MPI_INT, (rank + nprocs - 1) % nprocs, 7, dup, &req[2]);
    MPI_Isend(&token, 1, MPI_INT, (rank + 1) % nprocs, 7, dup, &req[3]);
    while (done < 4) {
        int idx;
        MPI_Testany(4, req, &idx, &done, MPI_STATUS_IGNORE);
        done = 0;
        for (int i = 0; i < 4; ++i) {
            done += (MPI_REQUEST_NULL == req[i]);
        }
    }
    check_ll("comms: dup", a, big, nprocs, 1);
    if (ps > 1) {
        check_ll("comms: split", b, 5, ps, 2);
    }
    if (got != (rank + nprocs - 1) % nprocs) {
        fail("comms: point-to-point", "wrong token");
    }
    /* an Iallreduce and a ring of messages in one Waitall */
    fill_ll(a, big, rank, 3);
    fill_ll(ring, 4, rank, 0);
    MPI_Iallreduce(MPI_IN_PLACE, a, (int) big, MPI_LONG_LONG, MPI_SUM, dup, &req[0]);
    expected++;
    MPI_Irecv(from, 4, MPI_LONG_LONG, (rank + 1) % nprocs, 8, dup, &req[1]);
    MPI_Isend(ring, 4, MPI_LONG_LONG, (rank + nprocs - 1) % nprocs, 8, dup, &req[2]);
    MPI_Waitall(3, req, MPI_STATUSES_IGNORE);
    check_ll("p2p: Waitall", a, big, nprocs, 3);
    if (from[3] != val((rank + 1) % nprocs, 3, 0)) {
        fail("p2p: Waitall", "wrong point-to-point data");
    }
    MPI_Comm_free(&split);
    MPI_Comm_free(&dup);
    free(a);
    free(b);
}

static void freed_active(void)
{
    long long *a = malloc(big * sizeof(long long));
    MPI_Request req;
    MPI_Comm dup;

    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    fill_ll(a, big, rank, 4);
    MPI_Iallreduce(MPI_IN_PLACE, a, (int) big, MPI_LONG_LONG, MPI_SUM, dup, &req);
    MPI_Request_free(&req);
    /* it still completes, moved by any progress; nb_progress drops to 0
       once no swing request is active in this process */
    for (int spins = 0; spins < 10000000 && 0 != counter("nb_progress"); ++spins) {
        int flag;
        MPI_Iprobe(MPI_ANY_SOURCE, 12345, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    check_ll("freed: result", a, big, nprocs, 4);
    /* a communicator freed while its operation runs */
    fill_ll(a, big, rank, 5);
    MPI_Iallreduce(MPI_IN_PLACE, a, (int) big, MPI_LONG_LONG, MPI_SUM, dup, &req);
    MPI_Comm_free(&dup);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    check_ll("comm_free: result", a, big, nprocs, 5);
    expected += 2;
    free(a);
}

static void persistent(void)
{
    long long *a = malloc(big * sizeof(long long)), *b = malloc(8 * sizeof(long long));
    long long *out = malloc(big * sizeof(long long));
    MPI_Request req[2];

    TU_ALLREDUCE_INIT(a, out, (int) big, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL,
                      &req[0]);
    TU_ALLREDUCE_INIT(MPI_IN_PLACE, b, 8, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL,
                      &req[1]);
    for (int k = 0; k < 20; ++k) {
        fill_ll(a, big, rank, 10 + k);
        fill_ll(b, 8, rank, 40 + k);
        MPI_Startall(2, req);
        MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
        if (check_ll("persistent: big", out, big, nprocs, 10 + k)
            || check_ll("persistent: small", b, 8, nprocs, 40 + k)) {
            break;
        }
    }
    MPI_Request_free(&req[0]);
    MPI_Request_free(&req[1]);
    free(a);
    free(b);
    free(out);
}

static void blocking_between(void)
{
    long long *a = malloc(big * sizeof(long long)), *d = malloc(big * sizeof(long long));
    long long c[3], b[7], rs[2], *rsin = malloc(2 * (size_t) nprocs * sizeof(long long));
    long long *ag = malloc(2 * (size_t) nprocs * sizeof(long long));
    long long *e = malloc(big * sizeof(long long)), *g = malloc(big * sizeof(long long));
    long long *h = malloc(big * sizeof(long long)), *f = malloc(big * sizeof(long long));
    int root = nprocs - 1;
    MPI_Request req[4];

    fill_ll(a, big, rank, 6);
    fill_ll(c, 3, rank, 7);
    fill_ll(b, 7, rank, 8);
    fill_ll(d, big, rank, 9);
    fill_ll(rsin, 2 * (size_t) nprocs, rank, 11);
    fill_ll(e, big, rank == root ? 0 : -1, 12);
    fill_ll(g, big, rank, 13);
    fill_ll(h, big, rank, 14);
    MPI_Iallreduce(MPI_IN_PLACE, a, (int) big, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD, &req[0]);
    MPI_Iallreduce(MPI_IN_PLACE, b, 7, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD, &req[1]);
    MPI_Allreduce(MPI_IN_PLACE, c, 3, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Iallreduce(MPI_IN_PLACE, d, (int) big, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD, &req[2]);
    MPI_Reduce_scatter_block(rsin, rs, 2, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allgather(rs, 2, MPI_LONG_LONG, ag, 2, MPI_LONG_LONG, MPI_COMM_WORLD);
    MPI_Iallreduce(MPI_IN_PLACE, h, (int) big, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD, &req[3]);
    MPI_Bcast(e, (int) big, MPI_LONG_LONG, root, MPI_COMM_WORLD);
    MPI_Reduce(g, f, (int) big, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    expected += 4;
    MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
    check_ll("blocking between: nonblocking before a bcast", h, big, nprocs, 14);
    if (0 == rank) {
        check_ll("blocking between: reduce", f, big, nprocs, 13);
    }
    for (size_t i = 0; i < big; ++i) {
        if (e[i] != val(0, i, 12)) {
            fail("blocking between: bcast", "wrong element");
            break;
        }
    }
    check_ll("blocking between: nonblocking", a, big, nprocs, 6);
    check_ll("blocking between: nonblocking small", b, 7, nprocs, 8);
    check_ll("blocking between: nonblocking after", d, big, nprocs, 9);
    check_ll("blocking between: blocking", c, 3, nprocs, 7);
    for (int i = 0; i < 2 * nprocs; ++i) {
        if (ag[i] != want_sum(nprocs, (size_t) i, 11)) {
            fail("blocking between: reduce_scatter_block + allgather", "wrong element");
            break;
        }
    }
    free(a);
    free(d);
    free(rsin);
    free(ag);
    free(e);
    free(f);
    free(g);
    free(h);
}

/* Element i on rank r: magnitudes 1e-6..1e6, so the order of a sum shows in its bits. */
static double val_d(int r, size_t i)
{
    static const double scale[7] = { 1e-6, 1e-3, 1.0, 3.3, 1e3, 7e4, 1e6 };
    return (double) ((r * 7919 + (long long) i * 104729) % 1000003) * scale[(i + (size_t) r) % 7];
}

static void bitwise(void)
{
    static const size_t counts[] = { 3, 900, 5000, 70000 };
    for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); ++c) {
        size_t n = counts[c];
        double *in = malloc(n * sizeof(double)), *ref = malloc(n * sizeof(double));
        double *nb = malloc(n * sizeof(double)), *ip = malloc(n * sizeof(double));
        double *ps = malloc(n * sizeof(double));
        MPI_Request req[2];
        char msg[96];

        for (size_t i = 0; i < n; ++i) {
            in[i] = ip[i] = val_d(rank, i);
        }
        MPI_Allreduce(in, ref, (int) n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        MPI_Iallreduce(in, nb, (int) n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req[0]);
        MPI_Iallreduce(MPI_IN_PLACE, ip, (int) n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req[1]);
        MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
        TU_ALLREDUCE_INIT(in, ps, (int) n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL,
                          &req[0]);
        MPI_Start(&req[0]);
        MPI_Wait(&req[0], MPI_STATUS_IGNORE);
        MPI_Request_free(&req[0]);
        expected += 2;
        snprintf(msg, sizeof(msg), "%zu doubles differ from MPI_Allreduce's bits", n);
        if (0 != memcmp(ref, nb, n * sizeof(double))) {
            fail("bitwise: MPI_Iallreduce", msg);
        }
        if (0 != memcmp(ref, ip, n * sizeof(double))) {
            fail("bitwise: MPI_Iallreduce in place", msg);
        }
        if (0 != memcmp(ref, ps, n * sizeof(double))) {
            fail("bitwise: persistent", msg);
        }
        free(in);
        free(ref);
        free(nb);
        free(ip);
        free(ps);
    }
}

/*
 * Multiport and ring requests outstanding with single-port ones: a
 * communicator per algorithm (set through MPI_T before it is made), on
 * each a short call (fewer elements than parts), a long one and a started
 * persistent request, all issued round-robin before any completes, then
 * completed in one MPI_Waitall. The last section: the algorithm variables
 * stay set.
 */
#define NPORTS 6
static void ports(void)
{
    static const char *const algs[NPORTS] = { "swing_bo_mp", "ring",     "swing_lo",
                                              "rd_lo_mp",    "rd_bo_mp", "swing_lo_mp" };
    MPI_Comm comm[NPORTS];
    MPI_Request req[3 * NPORTS];
    long long *buf[3 * NPORTS], *out[NPORTS];
    unsigned long long nb0[NPORTS], pers0[NPORTS];
    char name[96], msg[160];

    for (int a = 0; a < NPORTS; ++a) {
        if (0 != swing_cvar_set("coll_swing_iallreduce_algorithm", algs[a])
            || 0 != swing_cvar_set("coll_swing_allreduce_init_algorithm", algs[a])) {
            fail("ports: MPI_T", algs[a]);
        }
        MPI_Comm_dup(MPI_COMM_WORLD, &comm[a]);
    }
    /* after the duplications (Open MPI 4.1 agrees on their ids with MPI_Iallreduce) */
    for (int a = 0; a < NPORTS; ++a) {
        snprintf(name, sizeof(name), "iallreduce_%s", algs[a]);
        nb0[a] = counter(name);
        snprintf(name, sizeof(name), "allreduce_init_%s", algs[a]);
        pers0[a] = counter(name);
    }
    for (int a = 0; a < NPORTS; ++a) {
        buf[3 * a + 2] = malloc(big * sizeof(long long));
        out[a] = malloc(big * sizeof(long long));
        TU_ALLREDUCE_INIT(buf[3 * a + 2], out[a], (int) big, MPI_LONG_LONG, MPI_SUM, comm[a],
                          MPI_INFO_NULL, &req[3 * a + 2]);
        fill_ll(buf[3 * a + 2], big, rank, 60 + a);
    }
    for (int k = 0; k < 3; ++k) {
        for (int a = 0; a < NPORTS; ++a) {
            size_t n = (0 == k) ? 3 : big;
            if (2 == k) {
                MPI_Start(&req[3 * a + 2]);
                continue;
            }
            buf[3 * a + k] = malloc(n * sizeof(long long));
            fill_ll(buf[3 * a + k], n, rank, 50 + 2 * a + k);
            MPI_Iallreduce(MPI_IN_PLACE, buf[3 * a + k], (int) n, MPI_LONG_LONG, MPI_SUM, comm[a],
                           &req[3 * a + k]);
        }
    }
    expected += 2 * NPORTS;
    MPI_Waitall(3 * NPORTS, req, MPI_STATUSES_IGNORE);
    for (int a = 0; a < NPORTS; ++a) {
        snprintf(msg, sizeof(msg), "ports: %s", algs[a]);
        check_ll(msg, buf[3 * a], 3, nprocs, 50 + 2 * a);
        check_ll(msg, buf[3 * a + 1], big, nprocs, 50 + 2 * a + 1);
        check_ll(msg, out[a], big, nprocs, 60 + a);
        snprintf(name, sizeof(name), "iallreduce_%s", algs[a]);
        if (counter(name) - nb0[a] != 2) {
            snprintf(msg, sizeof(msg), "%s +%llu, expected +2", name, counter(name) - nb0[a]);
            fail("ports: counters", msg);
        }
        snprintf(name, sizeof(name), "allreduce_init_%s", algs[a]);
        if (counter(name) - pers0[a] != 1) {
            snprintf(msg, sizeof(msg), "%s +%llu, expected +1", name, counter(name) - pers0[a]);
            fail("ports: counters", msg);
        }
        MPI_Request_free(&req[3 * a + 2]);
        MPI_Comm_free(&comm[a]);
        for (int k = 0; k < 3; ++k) {
            free(buf[3 * a + k]);
        }
        free(out[a]);
    }
}

/*
 * On a communicator no blocking call has used yet, a nonblocking call
 * cannot set up the shared segment (setting it up waits for every rank):
 * its first Iallreduce is served by message passing; once a blocking
 * MPI_Allreduce has set the segment up, the expected algorithm serves.
 */
static void first_call(void)
{
    MPI_Comm comm;
    MPI_Request req;
    long long x[5];
    unsigned long long a0, s0;
    char name[80];

    if (NULL == expect_alg || (0 != strcmp(expect_alg, "shm") && 0 != strcmp(expect_alg, "hier"))) {
        return;
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    snprintf(name, sizeof(name), "iallreduce_%s", expect_alg);
    a0 = counter(name);
    s0 = counter("iallreduce_served");
    fill_ll(x, 5, rank, 12);
    MPI_Iallreduce(MPI_IN_PLACE, x, 5, MPI_LONG_LONG, MPI_SUM, comm, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    check_ll("first call", x, 5, nprocs, 12);
    if (counter(name) != a0 || counter("iallreduce_served") != s0 + 1) {
        fail("first call", "before any blocking call: not served by message passing");
    }
    MPI_Allreduce(MPI_IN_PLACE, x, 5, MPI_LONG_LONG, MPI_SUM, comm);
    fill_ll(x, 5, rank, 13);
    MPI_Iallreduce(MPI_IN_PLACE, x, 5, MPI_LONG_LONG, MPI_SUM, comm, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    check_ll("first call", x, 5, nprocs, 13);
    if (counter(name) != a0 + 1) {
        fail("first call", "after a blocking call: not served by the expected algorithm");
    }
    expected += 2;
    MPI_Comm_free(&comm);
}

typedef struct thread_arg {
    MPI_Comm comm;
    int id;
} thread_arg_t;

static void *thread_main(void *v)
{
    thread_arg_t *t = v;
    char what[64];

    snprintf(what, sizeof(what), "threads: thread %d", t->id);
    for (int round = 0; round < 5; ++round) {
        outstanding(t->comm, what);
    }
    return NULL;
}

static void threads(void)
{
    pthread_t tid[16];
    thread_arg_t arg[16];

    for (int i = 0; i < nthreads; ++i) {
        MPI_Comm_dup(MPI_COMM_WORLD, &arg[i].comm);
        arg[i].id = i;
    }
    for (int i = 0; i < nthreads; ++i) {
        pthread_create(&tid[i], NULL, thread_main, &arg[i]);
    }
    for (int i = 0; i < nthreads; ++i) {
        pthread_join(tid[i], NULL);
        MPI_Comm_free(&arg[i].comm);
    }
}

int main(int argc, char **argv)
{
    unsigned long long s0, f0, ps0, pf0, a0 = 0;
    char alg_name[80];
    int provided, total = 0;

    for (int i = 1; i + 1 < argc; i += 2) {
        if (0 == strcmp(argv[i], "--threads")) {
            nthreads = atoi(argv[i + 1]);
        } else if (0 == strcmp(argv[i], "--count")) {
            big = (size_t) strtoul(argv[i + 1], NULL, 10);
        } else if (0 == strcmp(argv[i], "--expect")) {
            expect_alg = argv[i + 1];
        }
    }
    if (nthreads > 16) {
        nthreads = 16;
    }
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    swing_pvar_open();
    /* the shared segment is set up by a blocking call (first_call) */
    MPI_Allreduce(MPI_IN_PLACE, &provided, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    (void) counter("nb_requests");
    (void) counter("nb_progress");
    s0 = counter("iallreduce_served");
    f0 = counter("iallreduce_fallback");
    ps0 = counter("allreduce_init_served");
    pf0 = counter("allreduce_init_fallback");

    if (NULL != expect_alg) {
        snprintf(alg_name, sizeof(alg_name), "iallreduce_%s", expect_alg);
        a0 = counter(alg_name);
    }
    outstanding(MPI_COMM_WORLD, "outstanding");
    check_served("outstanding", "iallreduce", s0, f0, NOUT, 1);
    if (NULL != expect_alg && counter(alg_name) - a0 != NOUT) {
        fail("outstanding", "not served by the expected algorithm");
    }
    first_call();
    comms_and_p2p();
    freed_active();
    blocking_between();
    persistent();
    check_served("persistent", "allreduce_init", ps0, pf0, 2, 1);
    bitwise();
    if (MPI_THREAD_MULTIPLE == provided && nthreads > 0) {
        threads();
    } else if (0 == rank) {
        printf("threads: skipped (MPI_THREAD_MULTIPLE not provided)\n");
    }
    ports();
    /* every Iallreduce above, on every communicator, was swing's */
    check_served("all", "iallreduce", s0, f0, expected, 0);
    MPI_Barrier(MPI_COMM_WORLD);
    if (0 != counter("nb_requests") || 0 != counter("nb_progress")) {
        char msg[96];
        snprintf(msg, sizeof(msg), "nb_requests %llu, nb_progress %llu", counter("nb_requests"),
                 counter("nb_progress"));
        fail("leftovers", msg);
    }
    tu_sum_to_all(&failures, &total, MPI_INT);
    if (0 == rank) {
        printf("test_nbc np=%d threads=%d: %d failures: %s\n", nprocs,
               MPI_THREAD_MULTIPLE == provided ? nthreads : 0, total, total ? "FAIL" : "PASS");
    }
    swing_pvar_close();
    MPI_Finalize();
    return total ? 1 : 0;
}
