/*
 * Communicator churn: creates and frees thousands of communicators (dup or
 * split, alternately), each doing one checked MPI_Allreduce big enough to
 * make the module allocate scratch, and checks that the malloc heap and the
 * resident set do not grow after a warm-up: the module must free what it
 * allocated when its communicator goes.
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

int main(int argc, char **argv)
{
    unsigned long long iters = 3000, count = 32768, max_heap = 64 * 1024, max_rss = 4096;
    unsigned long long self_leak = 0;
    unsigned long long warm, bad = 0, all_bad = 0, served = 0;
    size_t heap0 = 0, heap1;
    long rss0 = 0, rss1;
    rel_pvar_t pv_served;
    double *buf;
    int rank, size, provided, check_mem = 1;

    MPI_Init(&argc, &argv);
    MPI_T_init_thread(MPI_THREAD_SINGLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 1; i < argc; ++i) {
        const char *next = (i + 1 < argc) ? argv[i + 1] : NULL;
        if (0 == strcmp(argv[i], "--iters")) {
            iters = rel_parse_ull(argv[i], next); ++i;
        } else if (0 == strcmp(argv[i], "--count")) {
            count = rel_parse_ull(argv[i], next); ++i;
        } else if (0 == strcmp(argv[i], "--max-heap-growth")) {
            max_heap = rel_parse_ull(argv[i], next); ++i;
        } else if (0 == strcmp(argv[i], "--self-test-leak")) {
            self_leak = rel_parse_ull(argv[i], next); ++i;
        } else if (0 == strcmp(argv[i], "--max-rss-growth")) {
            max_rss = rel_parse_ull(argv[i], next); ++i;
        } else {
            fprintf(stderr, "commleak: unknown argument %s\n", argv[i]);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }
    buf = malloc((count + 1) * sizeof(*buf));
    if (NULL == buf || iters < 10) {
        fprintf(stderr, "commleak: no memory, or --iters below 10\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    (void) rel_pvar_open(&pv_served, "allreduce_served");
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
        if (MPI_SUCCESS != MPI_Allreduce(MPI_IN_PLACE, buf, (int) n, MPI_DOUBLE, MPI_SUM, c)) {
            bad++;
        }
        for (size_t i = 0; i < n; ++i) {
            double want = (double) (size * (size + 1) / 2) * (double) (i % 100 + it % 7);
            if (buf[i] != want) {
                if (0 == bad) {
                    fprintf(stderr, "commleak: FAIL iter %llu element %zu: %g, expected %g\n",
                            it, i, buf[i], want);
                }
                bad++;
                break;
            }
        }
        MPI_Comm_free(&c);
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
           "VmRSS %+ld KiB\n", rank, iters, (long long) heap1 - (long long) heap0, rss1 - rss0);
#ifdef __SANITIZE_ADDRESS__
    /* ASan's allocator hides the heap from mallinfo2 and holds freed memory
       in quarantine; LeakSanitizer checks leaks in that build */
    if (0 == rank) {
        printf("commleak: AddressSanitizer build: memory bounds not checked\n");
    }
    check_mem = 0;
#endif
    if (check_mem && heap1 > heap0 + max_heap) {
        fprintf(stderr, "commleak: FAIL rank %d: heap grew %zu bytes over %llu communicators "
                "(bound %llu)\n", rank, heap1 - heap0, iters - warm, max_heap);
        bad++;
    }
    if (check_mem && rss0 > 0 && rss1 > rss0 + (long) max_rss) {
        fprintf(stderr, "commleak: FAIL rank %d: VmRSS grew %ld KiB (bound %llu)\n", rank,
                rss1 - rss0, max_rss);
        bad++;
    }
    if (0 != rel_pvar_read(&pv_served, &served) || served < iters) {
        fprintf(stderr, "commleak: FAIL rank %d: swing served %llu of %llu calls\n", rank,
                served, iters);
        bad++;
    }
    rel_pvar_close(&pv_served);
    free(buf);
    MPI_Reduce(&bad, &all_bad, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Bcast(&all_bad, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
    if (0 == rank) {
        printf("commleak: %llu problems: %s\n", all_bad, all_bad ? "FAIL" : "OK");
    }
    MPI_T_finalize();
    MPI_Finalize();
    return all_bad ? 1 : 0;
}
