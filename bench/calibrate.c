/*
 * swing_calibrate: the measurements the cost model's constants are fitted
 * to (bench/net-calibrate.sh fits them; ALGORITHMS.md section 7).
 *
 *   swing_calibrate [-M MODE[,MODE...]] [-p PEER[,PEER...]] [-m MIN:MAX]
 *                   [-i N] [-w N]
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
 *
 * Sizes are powers of two from MIN to MAX bytes (K and M suffixes; default
 * 8:4M). N timed samples per size (default 30) after N/10 (at least 2)
 * unmeasured ones. Messages are checked on arrival: a corrupted one fails
 * the run (exit 1). Output, CSV on rank 0:
 *
 *   mode,peer,bytes,median_us,min_us,max_us,samples
 *
 * (peer: the ping-pong partner; -1 for pairs and reduce.)
 */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CAL_TAG 4242
#define CAL_MAX_PEERS 16
#define CAL_PAIRS_BACK 4   /* timed exchanges of one pairs sample */

typedef enum { CAL_PAIRS, CAL_PINGPONG, CAL_REDUCE } cal_mode_t;

#define CAL_MAX_MODES 3

typedef struct {
    int nmodes;
    cal_mode_t modes[CAL_MAX_MODES];
    cal_mode_t mode;   /* the one running */
    size_t min, max;
    int iters, warmup;
    int npeers;
    int peers[CAL_MAX_PEERS];
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

static int cal_modes(const char *s, cal_args_t *a)
{
    static const char *const names[] = { "pairs", "pingpong", "reduce" };

    a->nmodes = 0;
    while ('\0' != *s) {
        size_t len = strcspn(s, ",");
        int m = -1;
        for (int i = 0; i < 3; ++i) {
            if (strlen(names[i]) == len && 0 == strncmp(s, names[i], len)) {
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
    const char *colon;
    int c;

    memset(a, 0, sizeof(*a));
    a->nmodes = 1;
    a->modes[0] = CAL_PAIRS;
    a->min = 8;
    a->max = (size_t) 4 << 20;
    a->iters = 30;
    a->warmup = -1;
    while ((c = getopt(argc, argv, "M:p:m:i:w:")) != -1) {
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
            colon = strchr(optarg, ':');
            if (0 != cal_size(optarg, colon ? &a->min : &a->max)
                || (colon && 0 != cal_size(colon + 1, &a->max))) {
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
    return (optind == argc && a->min >= 4 && a->min <= a->max
            && a->max <= ((size_t) 1 << 30) && a->iters >= 1) ? 0 : -1;
}

static int cal_cmp(const void *x, const void *y)
{
    double a = *(const double *) x, b = *(const double *) y;
    return (a > b) - (a < b);
}

static void cal_print(const char *mode, int peer, size_t n, double *t, int iters)
{
    qsort(t, (size_t) iters, sizeof(double), cal_cmp);
    printf("%s,%d,%zu,%.2f,%.2f,%.2f,%d\n", mode, peer, n, t[iters / 2], t[0],
           t[iters - 1], iters);
    fflush(stdout);
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
static double cal_pingpong_once(unsigned char *buf, size_t n, int me, int peer,
                                unsigned seed, int *bad)
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
static double cal_pairs_once(unsigned char *sbuf, unsigned char *rbuf, size_t n,
                             int me, int np, unsigned seed, int *bad)
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

static int cal_run(const cal_args_t *a, int me, int np, unsigned char *b1,
                   unsigned char *b2, double *t)
{
    static const char *const names[] = { "pairs", "pingpong", "reduce" };
    int bad = 0, total = a->warmup + a->iters;
    int rounds = (a->mode == CAL_PINGPONG) ? a->npeers : 1;

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
                cal_print(names[a->mode], peer, n, t, a->iters);
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
            fprintf(stderr, "usage: swing_calibrate [-M pairs,pingpong,reduce] [-p PEER[,PEER...]]"
                            " [-m MIN:MAX] [-i N] [-w N] (at least 2 ranks, 4 <= MIN <= MAX <= 1G)\n");
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
                fprintf(stderr, "swing_calibrate: peer %d is not a rank (%d ranks)\n", a.peers[i], np);
            }
            rc = 2;
            goto out;
        }
    }
    b1 = calloc(a.max, 1);
    b2 = calloc(a.max, 1);
    t = malloc(sizeof(double) * (size_t) a.iters);
    if (NULL == b1 || NULL == b2 || NULL == t) {
        fprintf(stderr, "swing_calibrate: out of memory\n");
        rc = 1;
        goto out;
    }
    if (me == 0) {
        printf("mode,peer,bytes,median_us,min_us,max_us,samples\n");
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
