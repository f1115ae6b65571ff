/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The emulated cluster's own test program (tests/cluster/launcher.sh and
 * matrix.sh run it under tests/cluster/mpirun-nodes.sh).
 *
 *   cluster_check hosts NAME,NAME,...  every rank's MPI_Get_processor_name
 *                                      must be the NAME at its rank
 *   cluster_check comms ALG[,ALG...]   allreduce on communicators that lie
 *                                      within one node, span nodes with one
 *                                      rank per node, or mix both; values
 *                                      and MPI_T counters checked (below)
 *   cluster_check reversed ALG         the same checks on one communicator
 *                                      only: MPI_COMM_WORLD in reverse order
 *   cluster_check abort                the last rank calls MPI_Abort
 *   cluster_check kill                 the last rank kills itself (SIGKILL)
 *   cluster_check hang                 every rank sleeps forever after a
 *                                      barrier (for a timeout to end)
 *
 * Extra arguments after these are ignored: the scripts pass a tag that
 * makes this run's processes findable with pgrep -f.
 *
 * comms ALG,...: the first ALG is the algorithm forced with
 * coll_swing_allreduce_algorithm (or auto), checked on MPI_COMM_WORLD and
 * communicators split from it; each further one is set through MPI_T and
 * checked on a dup of MPI_COMM_WORLD and its splits (one mpirun for many
 * algorithms). A communicator served by swing must move the served counter
 * by one and exactly one algorithm counter by one:
 *   forced shm:  shm within one node; across nodes shm is refused and one
 *                other algorithm serves (the fallback);
 *   hier:        across nodes with several ranks on some node; elsewhere
 *                refused and one other algorithm serves;
 *   auto:        hier across nodes with several ranks on some node,
 *                shm within one node (coll_swing_topology auto), never shm
 *                across nodes;
 *   forced X:    X.
 * Data are exact integers (int, long long, double), so every order of
 * reduction gives the same result; ranks compare the doubles bitwise.
 */
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../mpi/swing_pvar.h"
#include "../mpi/test_util.h"

static int world_rank, world_size;
static long failures;

static int check_hosts(const char *list)
{
    char name[MPI_MAX_PROCESSOR_NAME + 1] = { 0 }, *all = NULL, *copy, *save = NULL, *want;
    int len, bad = 0;

    MPI_Get_processor_name(name, &len);
    if (0 == world_rank) {
        all = calloc((size_t) world_size, sizeof(name));
    }
    MPI_Gather(name, (int) sizeof(name), MPI_CHAR, all, (int) sizeof(name), MPI_CHAR, 0,
               MPI_COMM_WORLD);
    if (0 != world_rank) {
        return 0;
    }
    copy = strdup(list);
    want = strtok_r(copy, ",", &save);
    for (int r = 0; r < world_size; ++r) {
        const char *got = all + (size_t) r * sizeof(name);
        int ok = NULL != want && 0 == strcmp(got, want);
        printf("rank %d on %s%s%s\n", r, got, ok ? "" : ", expected ",
               ok ? "" : (want ? want : "(none)"));
        bad += !ok;
        want = strtok_r(NULL, ",", &save);
    }
    if (NULL != want) {
        printf("more host names expected than ranks (%d)\n", world_size);
        bad++;
    }
    free(copy);
    free(all);
    return bad;
}

/* 1 if the ranks of comm run on more than one node (processor names differ). */
static int spans_nodes(MPI_Comm comm)
{
    char name[MPI_MAX_PROCESSOR_NAME + 1] = { 0 }, first[MPI_MAX_PROCESSOR_NAME + 1];
    int len, differs, any;

    MPI_Get_processor_name(name, &len);
    memcpy(first, name, sizeof(first));
    MPI_Bcast(first, (int) sizeof(first), MPI_CHAR, 0, comm);
    differs = 0 != strcmp(first, name);
    MPI_Allreduce(&differs, &any, 1, MPI_INT, MPI_LOR, comm);
    return any;
}

static void failf(const char *comm_name, int size, const char *what, const char *detail,
                  long long a, long long b)
{
    printf("FAIL rank %d comm %s (size %d): %s %s %lld, expected %lld\n", world_rank, comm_name,
           size, what, detail, a, b);
    fflush(stdout);
    failures++;
}

/* One allreduce of count elements of type (int, long long or double) on comm. */
static void one_call(MPI_Comm comm, const char *comm_name, const char *alg, int spans,
                     int hier_applies, MPI_Datatype type, size_t count)
{
    int rank, p, shm = swing_pvar_alg_index("shm"), forced = swing_pvar_alg_index(alg);
    int hier = swing_pvar_alg_index("hier");
    size_t esz = MPI_INT == type ? sizeof(int) : 8;
    char *in = malloc(count * esz), *out = malloc(count * esz);
    swing_pvar_snap_t a, b;
    unsigned long long nalg = 0, mine;

    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    for (size_t i = 0; i < count; ++i) {
        long long v = (long long) ((i * 7919u + (size_t) rank * 104729u) % 1000003u) - 500000;
        if (MPI_INT == type) {
            ((int *) in)[i] = (int) v;
        } else if (MPI_LONG_LONG == type) {
            ((long long *) in)[i] = v * 1000003LL;
        } else {
            ((double *) in)[i] = (double) v;
        }
    }
    swing_pvar_read(&a);
    MPI_Allreduce(in, out, (int) count, type, MPI_SUM, comm);
    swing_pvar_read(&b);
    for (size_t i = 0; i < count; ++i) {
        long long want = 0, got;
        for (int r = 0; r < p; ++r) {
            want += (long long) ((i * 7919u + (size_t) r * 104729u) % 1000003u) - 500000;
        }
        if (MPI_INT == type) {
            got = ((int *) out)[i];
        } else if (MPI_LONG_LONG == type) {
            got = ((long long *) out)[i];
            want *= 1000003LL;
        } else {
            got = (long long) ((double *) out)[i];
        }
        if (got != want) {
            char d[64];
            snprintf(d, sizeof(d), "count %zu element %zu =", count, i);
            failf(comm_name, p, "wrong value:", d, got, want);
            break;
        }
    }
    for (int i = 0; i < SWING_PVAR_NALG; ++i) {
        nalg += b.alg[i] - a.alg[i];
    }
    if (1 != b.served - a.served || 0 != b.fallback - a.fallback || 1 != nalg) {
        printf("FAIL rank %d comm %s (size %d): count %zu: not served by one algorithm: "
               "served +%llu fallback +%llu algorithm counters +%llu\n",
               world_rank, comm_name, p, count, b.served - a.served, b.fallback - a.fallback, nalg);
        failures++;
    } else if (0 == strcmp(alg, "shm") || 0 == strcmp(alg, "auto")) {
        mine = b.alg[shm] - a.alg[shm];
        if (mine != (unsigned long long) !spans) {
            failf(comm_name, p,
                  spans ? "shm served a communicator across nodes:"
                        : "shm did not serve a communicator within a node:",
                  "shm counter +", (long long) mine, !spans);
        }
        mine = b.alg[hier] - a.alg[hier];
        if (0 == strcmp(alg, "auto") && mine != (unsigned long long) hier_applies) {
            failf(comm_name, p,
                  "auto: hier is for communicators across nodes with several "
                  "ranks on a node:",
                  "hier counter +", (long long) mine, hier_applies);
        }
    } else if (0 == strcmp(alg, "hier")) {
        mine = b.alg[hier] - a.alg[hier];
        if (mine != (unsigned long long) hier_applies) {
            failf(comm_name, p,
                  hier_applies ? "hier did not serve:" : "hier served where it cannot apply:",
                  "hier counter +", (long long) mine, hier_applies);
        }
    } else if (forced >= 0 && 1 != b.alg[forced] - a.alg[forced]) {
        failf(comm_name, p, "forced algorithm did not serve:", alg, 0, 1);
    }
    free(in);
    free(out);
}

static void on_comm(MPI_Comm comm, const char *comm_name, const char *alg)
{
    static const size_t counts[] = { 1, 7, 1000, 70000 };
    int p, spans, hier;

    MPI_Comm_size(comm, &p);
    if (p < 2) {
        return;
    }
    spans = spans_nodes(comm);
    /* several on a node */
    hier = spans && tu_nodes(comm).kmax > 1;
    for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); ++c) {
        one_call(comm, comm_name, alg, spans, hier, MPI_INT, counts[c]);
        one_call(comm, comm_name, alg, spans, hier, MPI_DOUBLE, counts[c]);
    }
    one_call(comm, comm_name, alg, spans, hier, MPI_LONG_LONG, 1000);
}

/* The communicators of one algorithm; world is MPI_COMM_WORLD or a fresh dup. */
static void check_comms(MPI_Comm world, const char *alg)
{
    MPI_Comm node, across, half, mixed, rev;
    int local, local_size;

    on_comm(world, "world", alg);
    /* within a node */
    MPI_Comm_split_type(world, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &local);
    MPI_Comm_size(node, &local_size);
    on_comm(node, "node", alg);
    /* across nodes: the i-th rank of every node */
    MPI_Comm_split(world, local, world_rank, &across);
    on_comm(across, "local rank i of each node", alg);
    /* the lower half of each node's ranks (across nodes, several per node) */
    MPI_Comm_split(world, local < (local_size + 1) / 2, world_rank, &half);
    on_comm(half, "lower/upper half of each node", alg);
    /* odd/even world ranks: within or across nodes, depending on the mapping */
    MPI_Comm_split(world, world_rank % 2, world_rank, &mixed);
    on_comm(mixed, "odd/even world ranks", alg);
    /* the whole world in reverse order */
    MPI_Comm_split(world, 0, world_size - world_rank, &rev);
    on_comm(rev, "world reversed", alg);
    MPI_Comm_free(&rev);
    MPI_Comm_free(&mixed);
    MPI_Comm_free(&half);
    MPI_Comm_free(&across);
    MPI_Comm_free(&node);
}

/*
 * ALG[,ALG...]: the first is the one forced on the command line, checked on
 * MPI_COMM_WORLD and its splits; each further one is set through MPI_T and
 * checked on a dup of MPI_COMM_WORLD and its splits.
 */
static void check_algs(const char *list)
{
    char *copy = strdup(list), *save = NULL;
    int first = 1;

    for (char *alg = strtok_r(copy, ",", &save); NULL != alg;
         alg = strtok_r(NULL, ",", &save), first = 0) {
        MPI_Comm dup;

        if (first) {
            check_comms(MPI_COMM_WORLD, alg);
            continue;
        }
        if (0 != swing_cvar_set_algorithm(alg)) {
            printf("FAIL rank %d: cannot select algorithm %s through MPI_T\n", world_rank, alg);
            failures++;
            continue;
        }
        MPI_Comm_dup(MPI_COMM_WORLD, &dup);
        check_comms(dup, alg);
        MPI_Comm_free(&dup);
    }
    free(copy);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    long total = 0;
    int bad = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world_size);
    if (0 == strcmp(mode, "hosts") && argc > 2) {
        bad = check_hosts(argv[2]);
    } else if (0 == strcmp(mode, "comms") && argc > 2) {
        if (0 != swing_pvar_open() && (!swing_pvar_have(-1) || !swing_pvar_have(-2))) {
            printf("FAIL rank %d: coll/swing MPI_T counters not found\n", world_rank);
            failures++;
        } else {
            check_algs(argv[2]);
        }
        tu_sum_to_all(&failures, &total, MPI_LONG);
        bad = total > 0;
        swing_pvar_close();
    } else if (0 == strcmp(mode, "reversed") && argc > 2) {
        /* only a communicator whose rank 0 is not world rank 0 */
        MPI_Comm rev;
        swing_pvar_open();
        MPI_Comm_split(MPI_COMM_WORLD, 0, world_size - world_rank, &rev);
        on_comm(rev, "world reversed", argv[2]);
        MPI_Comm_free(&rev);
        tu_sum_to_all(&failures, &total, MPI_LONG);
        bad = total > 0;
        swing_pvar_close();
    } else if (0 == strcmp(mode, "abort") || 0 == strcmp(mode, "kill")
               || 0 == strcmp(mode, "hang")) {
        MPI_Barrier(MPI_COMM_WORLD);
        if (0 == strcmp(mode, "hang")) {
            for (;;) {
                sleep(1000);
            }
        }
        if (world_rank == world_size - 1) {
            if (0 == strcmp(mode, "abort")) {
                MPI_Abort(MPI_COMM_WORLD, 3);
            }
            raise(SIGKILL);
        }
        /* the others wait for a message that never comes */
        MPI_Recv(NULL, 0, MPI_INT, world_size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        if (0 == world_rank) {
            fprintf(stderr, "usage: cluster_check hosts NAME,... | comms ALG,... | reversed ALG | "
                            "abort | kill | hang\n");
        }
        MPI_Finalize();
        return 2;
    }
    if (0 == world_rank) {
        printf("cluster_check %s: %s\n", mode, bad ? "FAIL" : "PASS");
        fflush(stdout);
    }
    MPI_Finalize();
    return bad ? 1 : 0;
}
