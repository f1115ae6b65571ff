/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Clock timing (-t clock): every rank starts each call at one instant of
 * the machine's monotonic clock instead of when it leaves a barrier.
 *
 * Why: on the emulated torus network (bench/torus-net.sh) a barrier lets
 * ranks go at different times: a rank that leaves early sends its first
 * message at once, and the barrier's last message to another rank can wait
 * behind it in a shaped link's queue for a whole message time. The call
 * time then holds that skew, which the cost model knows nothing of. Here,
 * after the barrier (the network is quiet then: every rank has received
 * all of the previous call), rank 0 broadcasts an instant a margin ahead;
 * every rank sleeps until it and times its call from it. A rank that
 * learns the instant only after it has passed counts as a late start. The
 * margin adapts to the broadcast's delay (bench_clock_collect).
 *
 * Only meaningful where the ranks share one clock: one machine, as the
 * emulated cluster and network are. CLOCK_MONOTONIC, not MPI_Wtime, whose
 * origin may be per process.
 */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <errno.h>
#include <time.h>

#define BENCH_CLOCK_MARGIN0 5e-4   /* s: the first and the smallest margin */
#define BENCH_CLOCK_MARGIN_MAX 1.0 /* s: the margin never grows past this */

double bench_clock_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

void bench_clock_init(bench_clock_t *c)
{
    c->comm = MPI_COMM_WORLD;
    c->margin = BENCH_CLOCK_MARGIN0;
    c->delay = 0.0;
    c->late = 0;
    c->was_late = 0;
    c->counted = 0;
}

/*
 * Rank 0 learns the last call's worst broadcast delay (from rank 0's choice
 * of the instant to a rank's receipt of it) and whether any rank got the
 * instant late, with a reduction that also serves as the barrier (it
 * completes at rank 0 only when every rank has finished that call). On
 * the benchmark's own communicator (c->comm, which swing declines), so
 * that swing's counters count the timed calls only. The margin follows three times
 * the delay seen, doubles after a late start, and decays slowly back.
 */
static int bench_clock_collect(bench_clock_t *c, int me)
{
    double mine[2] = { c->was_late, c->delay }, all[2] = { 0.0, 0.0 };
    int rc = MPI_Reduce(mine, all, 2, MPI_DOUBLE, MPI_MAX, 0, c->comm);

    if (MPI_SUCCESS == rc && 0 == me) {
        double want = 3.0 * all[1], m = 0.9 * c->margin;
        if (all[0] > 0.0) {
            c->late += c->counted;
            m = 2.0 * c->margin;
        }
        m = (want > m) ? want : m;
        c->margin = (m < BENCH_CLOCK_MARGIN0)      ? BENCH_CLOCK_MARGIN0
                    : (m > BENCH_CLOCK_MARGIN_MAX) ? BENCH_CLOCK_MARGIN_MAX
                                                   : m;
    }
    c->was_late = 0;
    c->counted = 0;
    c->delay = 0.0;
    return rc;
}

int bench_clock_start(bench_clock_t *c, int counted, double *start)
{
    struct timespec ts;
    double msg[2] = { 0.0, 0.0 }, at, margin; /* the instant and its margin */
    int me, rc;

    MPI_Comm_rank(c->comm, &me);
    rc = bench_clock_collect(c, me);
    if (MPI_SUCCESS == rc && 0 == me) {
        msg[1] = c->margin;
        msg[0] = bench_clock_now() + msg[1];
    }
    if (MPI_SUCCESS == rc) {
        rc = MPI_Bcast(msg, 2, MPI_DOUBLE, 0, c->comm);
    }
    if (MPI_SUCCESS != rc) {
        return rc;
    }
    at = msg[0];
    margin = msg[1];
    c->counted = counted;
    c->delay = bench_clock_now() - (at - margin);
    c->was_late = c->delay > margin;
    ts.tv_sec = (time_t) at;
    ts.tv_nsec = (long) ((at - (double) ts.tv_sec) * 1e9);
    if (ts.tv_nsec > 999999999L) {
        ts.tv_nsec = 999999999L;
    }
    while (!c->was_late && EINTR == clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL)) {
    }
    *start = at;
    return MPI_SUCCESS;
}

int bench_clock_finish(bench_clock_t *c)
{
    int me;

    MPI_Comm_rank(c->comm, &me);
    return bench_clock_collect(c, me);
}
