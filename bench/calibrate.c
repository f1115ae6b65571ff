/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing_calibrate: the measurements the cost model's constants are fitted
 * to (bench/net-calibrate.sh fits them; ALGORITHMS.md section 7).
 *
 *   swing_calibrate [-M MODE[,MODE...]] [-p PEER[,PEER...]] [-m MIN:MAX]
 *                   [-k K[,K...]] [-s MIN:MAX] [-i N] [-w N]
 *
 * Modes (default pairs), run in the order given:
 * pairs     every rank 2k exchanges a message with rank 2k+1 at once
 *           (MPI_Sendrecv), as in one step of an allreduce where no two
 *           messages share a link; a sample is the slowest pair's mean
 *           over 4 exchanges back to back, after an untimed one and an
 *           empty one that line the pair up.
 *           Gives alpha and beta as a collective sees them, with every
 *           rank of the job competing for the cores.
 * pingpong  rank 0 and each PEER (default: the last rank) bounce a message
 *           back and forth while the other ranks wait; a sample is half a
 *           round trip. Two peers at different hop counts give tau.
 * reduce    rank 0 times MPI_Reduce_local (float, sum) on buffers of each
 *           size: gamma, the reduction cost per byte.
 * msgs      ranks 0 and 1 alone (the others sleep) exchange K messages
 *           each way at once (K Isend, K Irecv, one Waitall), for every K
 *           of -k (default 1,2,4,8) at the sizes of -s (default 8:256):
 *           the time grows by 2 o per message added each way (ALGORITHMS.md
 *           section 7, messages and cores), o the overhead of a message on
 *           its rank's core; the line's intercept is the latency without it.
 * msgs-all  the same with every pair 2k, 2k+1 at once: where the ranks
 *           share cores, the growth with K is steeper (the check of the
 *           core bound).
 * spin      the cores the ranks get: a fixed loop of arithmetic (about
 *           2 ms on rank 0) timed on rank 0 alone (the others sleep), then
 *           on every rank at once (the slowest): cores = ranks * alone / all.
 *
 * Sizes are powers of two from MIN to MAX bytes (K and M suffixes; default
 * 8:4M). N timed samples per size (default 30) after N/10 (at least 2)
 * unmeasured ones. Messages are checked on arrival: a corrupted one fails
 * the run (exit 1). A rank with nothing to do in a mode sleeps (a
 * nonblocking barrier tested every 0.2 ms), so it leaves its core to the
 * ranks measured. Output, CSV on rank 0:
 *
 *   mode,peer,bytes,median_us,min_us,max_us,samples,k
 *
 * (peer: the ping-pong partner, rank 0 for spin; -1 for the others; k: the
 * messages each way of msgs and msgs-all, 1 for pairs and pingpong, 0 for
 * reduce and spin.)
 */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define CAL_TAG 4242
#define CAL_MAX_PEERS 16
#define CAL_PAIRS_BACK 4 /* timed exchanges of one pairs sample */
#define CAL_MAX_K 64     /* messages each way of one msgs exchange */
#define CAL_MAX_KS 8
#define CAL_SPIN_SECONDS 2e-3

typedef enum { CAL_PAIRS, CAL_PINGPONG, CAL_REDUCE, CAL_MSGS, CAL_MSGS_ALL, CAL_SPIN } cal_mode_t;

#define CAL_NMODES 6
#define CAL_MAX_MODES CAL_NMODES

static const char *const cal_mode_names[CAL_NMODES] = { "pairs", "pingpong", "reduce",
                                                        "msgs",  "msgs-all", "spin" };

typedef struct {
    int nmodes;
    cal_mode_t modes[CAL_MAX_MODES];
    cal_mode_t mode; /* the one running */
    size_t min, max;
    size_t msg_min, msg_max; /* -s: sizes of msgs and msgs-all */
    int iters, warmup;
    int npeers;
    int peers[CAL_MAX_PEERS];
    int nks;
    int ks[CAL_MAX_KS]; /* -k: messages each way */
    size_t max_buf;     /* bytes of each buffer */
} cal_args_t;

static int cal_size(const char *s, size_t *out)
{
    char *end;
    unsigned long long v = strtoull(s, &end, 10);

    if (end == s) {
        return -1;
    }
    if (*end == 'K' || *end == 'k') {
        v <<= 10;
        ++end;
    } else if (*end == 'M' || *end == 'm') {
        v <<= 20;
        ++end;
    }
    if (*end != '\0' && *end != ':') {
        return -1;
    }
    *out = (size_t) v;
    return 0;
}

static int cal_peers(const char *s, cal_args_t *a)
{
    char *end;

    a->npeers = 0;
    do {
        long v = strtol(s, &end, 10);
        if (end == s || a->npeers == CAL_MAX_PEERS || v < 1 || v > 1 << 20) {
            return -1;
        }
        a->peers[a->npeers++] = (int) v;
        s = end + 1;
    } while (*end == ',');
    return (*end == '\0') ? 0 : -1;
}

/* -k: messages each way, 1 to CAL_MAX_K. */
static int cal_ks(const char *s, cal_args_t *a)
{
    char *end;

    a->nks = 0;
    do {
        long v = strtol(s, &end, 10);
        if (end == s || a->nks == CAL_MAX_KS || v < 1 || v > CAL_MAX_K) {
            return -1;
        }
        a->ks[a->nks++] = (int) v;
        s = end + 1;
    } while (*end == ',');
    return (*end == '\0') ? 0 : -1;
}

/* "MIN:MAX" into *lo, *hi. */
static int cal_range(const char *s, size_t *lo, size_t *hi)
{
    const char *colon = strchr(s, ':');

    return (0 != cal_size(s, colon ? lo : hi) || (colon && 0 != cal_size(colon + 1, hi))) ? -1 : 0;
}

static int cal_modes(const char *s, cal_args_t *a)
{
    a->nmodes = 0;
    while ('\0' != *s) {
        size_t len = strcspn(s, ",");
        int m = -1;
        for (int i = 0; i < CAL_NMODES; ++i) {
            if (strlen(cal_mode_names[i]) == len && 0 == strncmp(s, cal_mode_names[i], len)) {
                m = i;
            }
        }
        if (m < 0 || a->nmodes == CAL_MAX_MODES) {
            return -1;
        }
        a->modes[a->nmodes++] = (cal_mode_t) m;
        s += len + (',' == s[len]);
    }
    return (a->nmodes > 0) ? 0 : -1;
}

static int cal_parse(int argc, char **argv, cal_args_t *a)
{
    int c;

    memset(a, 0, sizeof(*a));
    a->nmodes = 1;
    a->modes[0] = CAL_PAIRS;
    a->min = 8;
    a->max = (size_t) 4 << 20;
    a->msg_min = 8;
    a->msg_max = 256;
    a->iters = 30;
    a->warmup = -1;
    a->nks = 4;
    a->ks[0] = 1;
    a->ks[1] = 2;
    a->ks[2] = 4;
    a->ks[3] = 8;
    while ((c = getopt(argc, argv, "M:p:m:i:w:k:s:")) != -1) {
        switch (c) {
        case 'M':
            if (0 != cal_modes(optarg, a)) {
                return -1;
            }
            break;
        case 'p':
            if (0 != cal_peers(optarg, a)) {
                return -1;
            }
            break;
        case 'm':
            if (0 != cal_range(optarg, &a->min, &a->max)) {
                return -1;
            }
            break;
        case 's':
            if (0 != cal_range(optarg, &a->msg_min, &a->msg_max)) {
                return -1;
            }
            break;
        case 'k':
            if (0 != cal_ks(optarg, a)) {
                return -1;
            }
            break;
        case 'i': a->iters = atoi(optarg); break;
        case 'w': a->warmup = atoi(optarg); break;
        default: return -1;
        }
    }
    if (a->warmup < 0) {
        a->warmup = (a->iters / 10 > 2) ? a->iters / 10 : 2;
    }
    return (optind == argc && a->min >= 4 && a->min <= a->max && a->max <= ((size_t) 1 << 30)
            && a->msg_min >= 4 && a->msg_min <= a->msg_max
            && a->msg_max * CAL_MAX_K <= ((size_t) 1 << 30) && a->iters >= 1)
               ? 0
               : -1;
}

static int cal_cmp(const void *x, const void *y)
{
    double a = *(const double *) x, b = *(const double *) y;
    return (a > b) - (a < b);
}

static void cal_print(const char *mode, int peer, size_t n, double *t, int iters, int k)
{
    qsort(t, (size_t) iters, sizeof(double), cal_cmp);
    printf("%s,%d,%zu,%.2f,%.2f,%.2f,%d,%d\n", mode, peer, n, t[iters / 2], t[0], t[iters - 1],
           iters, k);
    fflush(stdout);
}

/*
 * A rank with nothing to measure: until every rank of comm has called this
 * too, it sleeps between tests of a nonblocking barrier, leaving its core
 * to the ranks measured (a blocking call would poll it).
 */
static void cal_idle(MPI_Comm comm)
{
    struct timespec nap = { 0, 200000 };
    MPI_Request req;
    int done = 0;

    MPI_Ibarrier(comm, &req);
    MPI_Test(&req, &done, MPI_STATUS_IGNORE);
    while (!done) {
        nanosleep(&nap, NULL);
        MPI_Test(&req, &done, MPI_STATUS_IGNORE);
    }
}

/* Fills buf with a pattern of seed; returns 1 if buf does not hold it. */
static int cal_pattern(unsigned char *buf, size_t n, unsigned seed, int check)
{
    int bad = 0;
    for (size_t i = 0; i < n; i += 997) {
        unsigned char v = (unsigned char) (seed * 31u + i);
        if (check) {
            bad |= (buf[i] != v);
        } else {
            buf[i] = v;
        }
    }
    return bad;
}

/* One sample of n bytes between rank 0 and peer; the seconds it took. */
static double cal_pingpong_once(unsigned char *buf, size_t n, int me, int peer, unsigned seed,
                                int *bad)
{
    double t0 = MPI_Wtime();
    if (me == 0) {
        cal_pattern(buf, n, seed, 0);
        MPI_Send(buf, (int) n, MPI_BYTE, peer, CAL_TAG, MPI_COMM_WORLD);
        MPI_Recv(buf, (int) n, MPI_BYTE, peer, CAL_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(buf, (int) n, MPI_BYTE, 0, CAL_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buf, (int) n, MPI_BYTE, 0, CAL_TAG, MPI_COMM_WORLD);
    }
    *bad |= cal_pattern(buf, n, seed, 1);
    return (MPI_Wtime() - t0) * 0.5;
}

/*
 * One sample of the pairs exchange: the slowest rank's mean over
 * CAL_PAIRS_BACK exchanges back to back, after one that is not timed. A
 * barrier alone would not start the pairs together: on this network a
 * rank that leaves it early sends its message at once, and the barrier's
 * last message to another rank may wait behind it in a link's queue. The
 * untimed exchange, and an empty one that arrives behind it, line each pair
 * up with both directions of its link empty.
 */
static double cal_pairs_once(unsigned char *sbuf, unsigned char *rbuf, size_t n, int me, int np,
                             unsigned seed, int *bad)
{
    int partner = me ^ 1;
    double t = 0.0, tmax;

    MPI_Barrier(MPI_COMM_WORLD);
    if (partner < np) {
        double t0 = 0.0;
        for (int k = 0; k <= CAL_PAIRS_BACK; ++k) {
            if (1 == k) {
                /* behind the untimed messages: both directions are empty */
                MPI_Sendrecv(NULL, 0, MPI_BYTE, partner, CAL_TAG, NULL, 0, MPI_BYTE, partner,
                             CAL_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                t0 = MPI_Wtime();
            }
            cal_pattern(sbuf, n, seed + (unsigned) (me + k), 0);
            MPI_Sendrecv(sbuf, (int) n, MPI_BYTE, partner, CAL_TAG, rbuf, (int) n, MPI_BYTE,
                         partner, CAL_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            *bad |= cal_pattern(rbuf, n, seed + (unsigned) (partner + k), 1);
        }
        t = (MPI_Wtime() - t0) / CAL_PAIRS_BACK;
    }
    MPI_Allreduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return tmax;
}

static double cal_reduce_once(float *in, float *inout, size_t n)
{
    double t0 = MPI_Wtime();
    MPI_Reduce_local(in, inout, (int) (n / sizeof(float)), MPI_FLOAT, MPI_SUM);
    return MPI_Wtime() - t0;
}

/*
 * One sample of k messages of n bytes each way between me and partner, on
 * comm (the pair alone, or every pair): the mean over CAL_PAIRS_BACK
 * exchanges back to back, after an untimed one and an empty one that line
 * the pair up (as the pairs mode); the slowest rank of comm.
 */
static double cal_msgs_once(unsigned char *sbuf, unsigned char *rbuf, size_t n, int k, int me,
                            int partner, MPI_Comm comm, unsigned seed, int *bad)
{
    MPI_Request req[2 * CAL_MAX_K];
    double t0 = 0.0, t, tmax;

    MPI_Barrier(comm);
    for (int r = 0; r <= CAL_PAIRS_BACK; ++r) {
        if (1 == r) {
            MPI_Sendrecv(NULL, 0, MPI_BYTE, partner, CAL_TAG, NULL, 0, MPI_BYTE, partner, CAL_TAG,
                         comm, MPI_STATUS_IGNORE);
            t0 = MPI_Wtime();
        }
        for (int j = 0; j < k; ++j) {
            MPI_Irecv(rbuf + (size_t) j * n, (int) n, MPI_BYTE, partner, CAL_TAG + 1 + j, comm,
                      &req[j]);
        }
        for (int j = 0; j < k; ++j) {
            cal_pattern(sbuf + (size_t) j * n, n, seed + (unsigned) (me + r + j), 0);
            MPI_Isend(sbuf + (size_t) j * n, (int) n, MPI_BYTE, partner, CAL_TAG + 1 + j, comm,
                      &req[k + j]);
        }
        MPI_Waitall(2 * k, req, MPI_STATUSES_IGNORE);
        for (int j = 0; j < k; ++j) {
            *bad |= cal_pattern(rbuf + (size_t) j * n, n, seed + (unsigned) (partner + r + j), 1);
        }
    }
    t = (MPI_Wtime() - t0) / CAL_PAIRS_BACK;
    MPI_Allreduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, comm);
    return tmax;
}

/*
 * msgs (ranks 0 and 1 alone, on a communicator of their own, while the
 * others sleep in cal_idle) and msgs-all (every pair 2k, 2k+1; a rank
 * without a partner sleeps): every K of -k at every size of -s.
 */
static int cal_run_msgs(const cal_args_t *a, int me, int np, unsigned char *b1, unsigned char *b2,
                        double *t)
{
    int all = (CAL_MSGS_ALL == a->mode), bad = 0, total = a->warmup + a->iters;
    int in = all ? ((me ^ 1) < np) : (me < 2);
    MPI_Comm comm;

    MPI_Comm_split(MPI_COMM_WORLD, in ? 0 : MPI_UNDEFINED, me, &comm);
    if (in) {
        for (int ki = 0; ki < a->nks; ++ki) {
            for (size_t n = a->msg_min; n <= a->msg_max; n *= 2) {
                for (int i = 0; i < total; ++i) {
                    double s = cal_msgs_once(b1, b2, n, a->ks[ki], me, me ^ 1, comm, (unsigned) i,
                                             &bad);
                    if (i >= a->warmup) {
                        t[i - a->warmup] = s * 1e6;
                    }
                }
                if (me == 0) {
                    cal_print(cal_mode_names[a->mode], -1, n, t, a->iters, a->ks[ki]);
                }
            }
        }
        MPI_Comm_free(&comm);
    }
    cal_idle(MPI_COMM_WORLD);
    return bad;
}

/* Work of `loops` rounds that the compiler cannot drop; its seconds. */
static double cal_spin_once(long loops)
{
    volatile double x = 1.0;
    double t0 = MPI_Wtime();

    for (long i = 0; i < loops; ++i) {
        x = x * 1.0000001 + 1e-9;
    }
    return MPI_Wtime() - t0;
}

/*
 * spin: the loop count that takes about CAL_SPIN_SECONDS on rank 0, then
 * samples on rank 0 alone (the others sleep) and on every rank at once
 * (each rank sleeps once done, so early ones leave their core to the rest;
 * a sample is the slowest rank's time).
 */
static int cal_run_spin(const cal_args_t *a, int me, double *t)
{
    int total = a->warmup + a->iters;
    long loops = 1024;

    if (me == 0) {
        while (cal_spin_once(loops) < CAL_SPIN_SECONDS && loops < (1L << 40)) {
            loops *= 2;
        }
        for (int i = 0; i < total; ++i) {
            double s = cal_spin_once(loops);
            if (i >= a->warmup) {
                t[i - a->warmup] = s * 1e6;
            }
        }
        cal_print("spin", 0, 0, t, a->iters, 0);
    }
    cal_idle(MPI_COMM_WORLD);
    MPI_Bcast(&loops, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    for (int i = 0; i < total; ++i) {
        double s, smax;
        MPI_Barrier(MPI_COMM_WORLD);
        s = cal_spin_once(loops);
        cal_idle(MPI_COMM_WORLD);
        MPI_Reduce(&s, &smax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        if (i >= a->warmup) {
            t[i - a->warmup] = smax * 1e6;
        }
    }
    if (me == 0) {
        cal_print("spin-all", -1, 0, t, a->iters, 0);
    }
    return 0;
}

static int cal_run(const cal_args_t *a, int me, int np, unsigned char *b1, unsigned char *b2,
                   double *t)
{
    int bad = 0, total = a->warmup + a->iters;
    int rounds = (a->mode == CAL_PINGPONG) ? a->npeers : 1;

    if (CAL_MSGS == a->mode || CAL_MSGS_ALL == a->mode) {
        return cal_run_msgs(a, me, np, b1, b2, t);
    }
    if (CAL_SPIN == a->mode) {
        return cal_run_spin(a, me, t);
    }

    for (int r = 0; r < rounds; ++r) {
        int peer = (a->mode == CAL_PINGPONG) ? a->peers[r] : -1;
        for (size_t n = a->min; n <= a->max; n *= 2) {
            int in = (a->mode == CAL_PAIRS) || me == 0 || me == peer;
            MPI_Barrier(MPI_COMM_WORLD);
            for (int i = 0; in && i < total; ++i) {
                double s;
                if (a->mode == CAL_PAIRS) {
                    s = cal_pairs_once(b1, b2, n, me, np, (unsigned) i, &bad);
                } else if (a->mode == CAL_PINGPONG) {
                    s = cal_pingpong_once(b1, n, me, peer, (unsigned) i, &bad);
                } else if (me == 0) {
                    s = cal_reduce_once((float *) (void *) b1, (float *) (void *) b2, n);
                } else {
                    break;
                }
                if (i >= a->warmup) {
                    t[i - a->warmup] = s * 1e6;
                }
            }
            if (me == 0) {
                cal_print(cal_mode_names[a->mode], peer, n, t, a->iters,
                          CAL_REDUCE == a->mode ? 0 : 1);
            }
        }
    }
    return bad;
}

int main(int argc, char **argv)
{
    cal_args_t a;
    int me, np, bad = 0, rc = 0;
    unsigned char *b1 = NULL, *b2 = NULL;
    double *t = NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (0 != cal_parse(argc, argv, &a) || np < 2) {
        if (me == 0) {
            fprintf(stderr,
                    "usage: swing_calibrate [-M pairs,pingpong,reduce,msgs,msgs-all,spin]"
                    " [-p PEER[,PEER...]] [-m MIN:MAX] [-k K[,K...]] [-s MIN:MAX] [-i N]"
                    " [-w N] (at least 2 ranks, 4 <= MIN <= MAX <= 1G, 1 <= K <= %d,"
                    " -s MAX * %d <= 1G)\n",
                    CAL_MAX_K, CAL_MAX_K);
        }
        rc = 2;
        goto out;
    }
    if (a.npeers == 0) {
        a.peers[a.npeers++] = np - 1;
    }
    for (int i = 0; i < a.npeers; ++i) {
        if (a.peers[i] >= np) {
            if (me == 0) {
                fprintf(stderr, "swing_calibrate: peer %d is not a rank (%d ranks)\n", a.peers[i],
                        np);
            }
            rc = 2;
            goto out;
        }
    }
    /* msgs: up to CAL_MAX_K messages of the largest -s size at once */
    if (a.max < a.msg_max * CAL_MAX_K) {
        a.max_buf = a.msg_max * CAL_MAX_K;
    } else {
        a.max_buf = a.max;
    }
    b1 = calloc(a.max_buf, 1);
    b2 = calloc(a.max_buf, 1);
    t = malloc(sizeof(double) * (size_t) a.iters);
    if (NULL == b1 || NULL == b2 || NULL == t) {
        fprintf(stderr, "swing_calibrate: out of memory\n");
        rc = 1;
        goto out;
    }
    if (me == 0) {
        printf("mode,peer,bytes,median_us,min_us,max_us,samples,k\n");
    }
    for (int i = 0; i < a.nmodes; ++i) {
        a.mode = a.modes[i];
        bad |= cal_run(&a, me, np, b1, b2, t);
    }
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    if (bad) {
        if (me == 0) {
            fprintf(stderr, "swing_calibrate: a message arrived corrupted\n");
        }
        rc = 1;
    }
out:
    free(b1);
    free(b2);
    free(t);
    MPI_Finalize();
    return rc;
}
