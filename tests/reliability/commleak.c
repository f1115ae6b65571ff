/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Communicator churn: creates and frees thousands of communicators (dup or
 * split, alternately), each doing one checked allreduce big enough to make
 * the module allocate scratch, and checks that the malloc heap and the
 * resident set do not grow after a warm-up: the module must free what it
 * allocated when its communicator goes. The allreduce cycles through the
 * entries (as_* below): MPI_Allreduce, MPI_Iallreduce with the
 * communicator freed while it is active, a persistent request started
 * twice with the communicator freed during the second start, a persistent
 * request and an MPI_Iallreduce freed while active. At the end, with
 * every communicator freed, swing holds no nonblocking request and no
 * progress callback (pvars nb_requests, nb_progress: 0).
 *
 * usage: commleak [--iters N] [--count N] [--max-heap-growth BYTES]
 *                 [--max-rss-growth KIB] [--self-test-leak BYTES]
 * --self-test-leak leaks BYTES per communicator itself, to show the check fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "rel_util.h"

/* How the communicator's allreduce is made (iteration / 4 cycles through them). */
enum {
    AS_BLOCKING,
    AS_COMM_FREED,
    AS_PERSISTENT_COMM_FREED,
    AS_PERSISTENT_FREED,
    AS_FREED,
    AS_COUNT
};
static const char *const as_colls[AS_COUNT] = { "allreduce", "iallreduce", "allreduce_init",
                                                "allreduce_init", "iallreduce" };

/* The allreduce of buf on *c by entry as; frees *c. Returns an MPI code. */
static int allreduce_as(int as, double *buf, int n, MPI_Comm *c)
{
    MPI_Request req = MPI_REQUEST_NULL;
    int rc;

    switch (as) {
    case AS_BLOCKING:
        rc = MPI_Allreduce(MPI_IN_PLACE, buf, n, MPI_DOUBLE, MPI_SUM, *c);
        MPI_Comm_free(c);
        return rc;
    case AS_COMM_FREED:
    case AS_FREED: rc = MPI_Iallreduce(MPI_IN_PLACE, buf, n, MPI_DOUBLE, MPI_SUM, *c, &req); break;
    default:
        rc = TU_ALLREDUCE_INIT(MPI_IN_PLACE, buf, n, MPI_DOUBLE, MPI_SUM, *c, MPI_INFO_NULL, &req);
        if (MPI_SUCCESS == rc && AS_PERSISTENT_COMM_FREED == as) {
            /* a first start on a zero vector: the second gives the checked sum */
            double *keep = malloc(sizeof(double) * (size_t) n);
            if (NULL == keep) {
                rc = MPI_ERR_NO_MEM;
            } else {
                memcpy(keep, buf, sizeof(double) * (size_t) n);
                memset(buf, 0, sizeof(double) * (size_t) n);
                rc = MPI_Start(&req);
                rc = (MPI_SUCCESS == rc) ? MPI_Wait(&req, MPI_STATUS_IGNORE) : rc;
                memcpy(buf, keep, sizeof(double) * (size_t) n);
                free(keep);
            }
        }
        rc = (MPI_SUCCESS == rc) ? MPI_Start(&req) : rc;
        break;
    }
    MPI_Comm_free(c);
    if (MPI_SUCCESS != rc) {
        if (MPI_REQUEST_NULL != req) {
            MPI_Request_free(&req);
        }
        return rc;
    }
    if (AS_FREED == as || AS_PERSISTENT_FREED == as) {
        rc = MPI_Request_free(&req);
        return (MPI_SUCCESS == rc && 0 != rel_await_nb_idle(60.0)) ? MPI_ERR_PENDING : rc;
    }
    rc = MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (MPI_REQUEST_NULL != req) {
        MPI_Request_free(&req); /* persistent: inactive now */
    }
    return rc;
}

int main(int argc, char **argv)
{
    unsigned long long iters = 3000, count = 32768, max_heap = 64 * 1024, max_rss = 4096;
    unsigned long long self_leak = 0;
    unsigned long long warm, bad = 0, all_bad = 0;
    size_t heap0 = 0, heap1;
    long rss0 = 0, rss1;
    rel_pvar_t pv_served[AS_COUNT];
    unsigned long long calls[AS_COUNT] = { 0 }, reqs, prog;
    double *buf;
    int rank, size, provided, check_mem = 1;
    const rel_opt_t opts[] = {
        { "--iters", &iters, NULL, NULL },
        { "--count", &count, NULL, NULL },
        { "--max-heap-growth", &max_heap, NULL, NULL },
        { "--self-test-leak", &self_leak, NULL, NULL },
        { "--max-rss-growth", &max_rss, NULL, NULL },
        { NULL, NULL, NULL, NULL },
    };

    MPI_Init(&argc, &argv);
    MPI_T_init_thread(MPI_THREAD_SINGLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    rel_parse_opts("commleak", NULL, argc, argv, opts);
    buf = malloc((count + 1) * sizeof(*buf));
    if (NULL == buf || iters < 10) {
        fprintf(stderr, "commleak: no memory, or --iters below 10\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    for (int as = 0; as < AS_COUNT; ++as) {
        char name[64];
        snprintf(name, sizeof(name), "%s_served", as_colls[as]);
        (void) rel_pvar_open(&pv_served[as], name);
    }
    warm = iters / 5;
    for (unsigned long long it = 0; it < iters; ++it) {
        MPI_Comm c;
        if (it == warm) {
            heap0 = rel_heap_bytes();
            rss0 = rel_rss_kib();
        }
        if (it % 2) {
            MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &c);
        } else {
            MPI_Comm_dup(MPI_COMM_WORLD, &c);
        }
        /* alternate small (LO) and large (BO) messages */
        size_t n = (it % 4 < 2) ? (size_t) count : 7;
        for (size_t i = 0; i < n; ++i) {
            buf[i] = (double) ((rank + 1) * (int) (i % 100 + it % 7));
        }
        int as = (int) (it / 4 % AS_COUNT);
        calls[as]++;
        if (MPI_SUCCESS != allreduce_as(as, buf, (int) n, &c)) {
            bad++;
        }
        for (size_t i = 0; i < n; ++i) {
            double want = (double) (size * (size + 1) / 2) * (double) (i % 100 + it % 7);
            if (buf[i] != want) {
                if (0 == bad) {
                    fprintf(stderr, "commleak: FAIL iter %llu element %zu: %g, expected %g\n", it,
                            i, buf[i], want);
                }
                bad++;
                break;
            }
        }
        if (self_leak > 0) {
            char *leak = malloc((size_t) self_leak);
            if (NULL != leak) {
                memset(leak, 1, (size_t) self_leak);
            }
        }
    }
    heap1 = rel_heap_bytes();
    rss1 = rel_rss_kib();
    printf("commleak: rank %d: %llu communicators; after warm-up heap %+lld bytes, "
           "VmRSS %+ld KiB\n",
           rank, iters, (long long) heap1 - (long long) heap0, rss1 - rss0);
#ifdef __SANITIZE_ADDRESS__
    /* ASan's allocator hides the heap from mallinfo2 and holds freed memory
       in quarantine; LeakSanitizer checks leaks in that build */
    if (0 == rank) {
        printf("commleak: AddressSanitizer build: memory bounds not checked\n");
    }
    check_mem = 0;
#endif
    if (check_mem && heap1 > heap0 + max_heap) {
        fprintf(stderr,
                "commleak: FAIL rank %d: heap grew %zu bytes over %llu communicators "
                "(bound %llu)\n",
                rank, heap1 - heap0, iters - warm, max_heap);
        bad++;
    }
    if (check_mem && rss0 > 0 && rss1 > rss0 + (long) max_rss) {
        fprintf(stderr, "commleak: FAIL rank %d: VmRSS grew %ld KiB (bound %llu)\n", rank,
                rss1 - rss0, max_rss);
        bad++;
    }
    /* per collective: a served counter is shared by entries of one collective */
    for (int as = 0; as < AS_COUNT; ++as) {
        unsigned long long served = 0, want = 0;
        for (int b = 0; b < AS_COUNT; ++b) {
            want += (0 == strcmp(as_colls[b], as_colls[as])) ? calls[b] : 0;
        }
        if (0 != rel_pvar_read(&pv_served[as], &served) || served < want) {
            fprintf(stderr, "commleak: FAIL rank %d: swing served %llu of %llu %s calls\n", rank,
                    served, want, as_colls[as]);
            bad++;
        }
        rel_pvar_close(&pv_served[as]);
    }
    if (0 != rel_nb_leftovers(&reqs, &prog)) {
        fprintf(stderr, "commleak: FAIL rank %d: nb_requests %llu, nb_progress %llu at the end\n",
                rank, reqs, prog);
        bad++;
    }
    free(buf);
    tu_sum_to_all(&bad, &all_bad, MPI_UNSIGNED_LONG_LONG);
    if (0 == rank) {
        printf("commleak: %llu problems: %s\n", all_bad, all_bad ? "FAIL" : "OK");
    }
    MPI_T_finalize();
    MPI_Finalize();
    return all_bad ? 1 : 0;
}
