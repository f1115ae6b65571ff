/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Statistics over per-iteration times and the bandwidth conventions.
 */
#include <stdlib.h>

#include "bench.h"

static int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

void bench_stats_compute(double *times, int n, bench_stats_t *out)
{
    int rank95;

    if (n <= 0) {
        out->median = out->min = out->max = out->p95 = 0.0;
        return;
    }
    qsort(times, (size_t) n, sizeof(double), bench_cmp_double);
    out->min = times[0];
    out->max = times[n - 1];
    out->median = (n % 2) ? times[n / 2] : 0.5 * (times[n / 2 - 1] + times[n / 2]);
    /* Nearest rank: the smallest time not exceeded by 95 % of them. */
    rank95 = (95 * n + 99) / 100;
    out->p95 = times[rank95 - 1];
}

double bench_algbw(size_t bytes, double seconds)
{
    return seconds > 0.0 ? (double) bytes / seconds / 1e9 : 0.0;
}

double bench_busbw(double algbw, int np)
{
    return np > 0 ? algbw * 2.0 * (np - 1) / np : 0.0;
}
