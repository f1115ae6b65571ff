/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The fault matrix: a fault on one rank must end the same way on every
 * rank (docs/TESTING.md, "Faults").
 *
 *   faults --cases ENTRY:ALG[/VARIANT][,...] [--points P,P...] [--ranks R,R...]
 *          [--count N] [--root R] [--all-nth] [--han-below] [--agreed]
 *          [--self-test]
 *
 * ENTRY is allreduce, reduce_scatter_block, reduce_scatter, allgather,
 * allgatherv, iallreduce, allreduce_init, bcast, reduce, gather or
 * scatter (from --root R, 0 by default); ALG one of swing's algorithms for
 * it, optionally followed by a type variant (meant for the entries that
 * move bytes: bcast, gather, scatter):
 *
 *   ALG/holes  every rank passes a type with holes (an int resized to an
 *              extent of two ints: the same signature as MPI_INT, the
 *              holes between the elements must stay untouched), so swing
 *              packs through scratch;
 *   ALG/mixed  the root passes that type, the other ranks MPI_INT;
 *   ALG/alone  a first call with MPI_INT on every rank (disarmed but for
 *              the setup point) agrees the scratch's size without growing
 *              it, then the call with holes on every rank: each rank grows
 *              its scratch alone, and one that cannot runs the call in
 *              error mode (so alloc gives error or downstream there).
 *
 * For every case, fault point (coll_swing_fault_inject's points)
 * and faulty world rank, the program first counts the point's occurrences
 * in the case without failing any (a spec whose N is never reached), then
 * runs the case again with the 1st and the last occurrence failing (every
 * one up to 64 with --all-nth). A case is: a fresh communicator (its
 * algorithm set through MPI_T; created inside the armed window for the
 * setup point), MPI_ERRORS_RETURN, the call, then, disarmed, the next call
 * on the same communicator. Every rank reports to rank 0, which checks:
 *
 *   - the outcome: every rank returned success with exact values
 *     (served), or every rank returned an error (error); for the points
 *     complete, post_fatal and pack also "downstream": the faulty rank and
 *     the ranks its failure reached returned an error, every other rank
 *     success with exact values. Nothing else passes: a hang (the script's
 *     timeout), a success with a wrong value, a mixed outcome elsewhere;
 *   - the outcome the point must give: alloc on a blocking call, setup,
 *     segment, post, start: served (alloc in ALG/alone: error or
 *     downstream); cma: error; pack: error or downstream;
 *   - the counters: faults_injected is 1 on the faulty rank and 0
 *     elsewhere when the fault fired; a blocking alloc served by the
 *     previous module moves agree_fallback and <collective>_fallback on
 *     every rank; a post served moves p2p_retry on the faulty rank; every
 *     rank that returned an error moved <collective>_error, and every one
 *     but the faulty rank peer_error;
 *   - the next call: success with exact values (the holes untouched) on
 *     every rank; no swing
 *     request left once the requests are freed (nb_requests).
 *
 * --han-below: coll/han is the module swing hands calls to; han calls swing
 * on sub-communicators of its own, so a call handed to it also counts
 * swing's calls there as served (on every rank alike, beside the fallback).
 * --agreed: the job runs with coll_swing_agree_outcome 1, so no call's
 * outcome is downstream: the points that may give it must give an error
 * on every rank.
 * --self-test demands "served" of every case that fired: a run with a
 * point that gives errors must then fail (faults.sh checks it does).
 *
 * The job must be started with --mca coll_swing_fault_inject none (so that
 * the component reads the spec this program writes through MPI_T).
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../mpi/swing_pvar.h"
#include "../mpi/test_util.h"
#include "rel_util.h"

enum {
    E_ALLREDUCE,
    E_RSB,
    E_RS,
    E_AG,
    E_AGV,
    E_IALLREDUCE,
    E_INIT,
    E_BCAST,
    E_REDUCE,
    E_GATHER,
    E_SCATTER,
    E_COUNT
};

static const char *const entry_names[E_COUNT] = {
    "allreduce",  "reduce_scatter_block", "reduce_scatter", "allgather", "allgatherv",
    "iallreduce", "allreduce_init",       "bcast",          "reduce",    "gather",
    "scatter",
};

/* The type variant of a case (ALG/holes, ALG/mixed, ALG/alone). */
enum { V_PLAIN, V_HOLES, V_MIXED, V_ALONE, V_COUNT };

static const char *const variant_names[V_COUNT] = { "", "/holes", "/mixed", "/alone" };

/* An int with a hole of one int after it: MPI_INT's signature, holes. */
static MPI_Datatype holed = MPI_DATATYPE_NULL;

/* What the holes of a receive buffer hold before and after the call. */
#define HOLE 0x5a5a5a5a

enum {
    P_ALLOC,
    P_SETUP,
    P_SEGMENT,
    P_POST,
    P_POST_FATAL,
    P_COMPLETE,
    P_START,
    P_CMA,
    P_PACK,
    P_COUNT
};

static const char *const point_names[P_COUNT] = {
    "alloc", "setup", "segment", "post", "post_fatal", "complete", "start", "cma", "pack",
};

/* What one rank reports of one run of a case. */
typedef struct report {
    int rc;      /* the call's MPI code */
    int wrong;   /* success, but a wrong value */
    int next_rc; /* the next call's */
    int next_wrong;
    long long fired, served, fallback, error, agree_fallback, retry, peer_error, seen, left;
} report_t;

#define NFIELDS 13

static int me, np, root;
static size_t base_count = 3000;
static int failures;
static int self_test;
static int han_below;
static int agreed;
static MPI_Comm ctl; /* bookkeeping, on a communicator swing does not serve */

static int cvar_handle(const char *name, MPI_T_cvar_handle *h)
{
    int idx, count;

    return (MPI_SUCCESS == MPI_T_cvar_get_index(name, &idx)
            && MPI_SUCCESS == MPI_T_cvar_handle_alloc(idx, NULL, h, &count))
               ? 0
               : -1;
}

static void cvar_write_string(const char *name, const char *value)
{
    MPI_T_cvar_handle h;

    if (0 != cvar_handle(name, &h) || MPI_SUCCESS != MPI_T_cvar_write(h, (void *) value)) {
        fprintf(stderr, "faults: cannot write %s\n", name);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_T_cvar_handle_free(&h);
}

static void cvar_write_int(const char *name, int value)
{
    MPI_T_cvar_handle h;

    if (0 != cvar_handle(name, &h) || MPI_SUCCESS != MPI_T_cvar_write(h, &value)) {
        fprintf(stderr, "faults: cannot write %s\n", name);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_T_cvar_handle_free(&h);
}

static long long counter(const char *name)
{
    unsigned long long v = swing_pvar_get(name);

    return (~0ULL == v) ? -1 : (long long) v;
}

static long long counter_of(const char *entry, const char *what)
{
    char name[128];

    snprintf(name, sizeof(name), "%s_%s", entry, what);
    return counter(name);
}

/* Element i of rank r's input: exact in int, any sum of np of them too. */
static int value(int r, size_t i)
{
    return (int) (tu_mix(((uint64_t) r << 32) ^ i) % 1000) - 500;
}

static int sum_at(size_t i)
{
    int s = 0;

    for (int r = 0; r < np; ++r) {
        s += value(r, i);
    }
    return s;
}

/* Rank r's block of a reduce-scatter or allgather of about n elements. */
static int block_of(int e, size_t n, int r)
{
    size_t per = n / (size_t) np;

    /* the v forms: uneven, one empty block */
    if (E_RS == e || E_AGV == e) {
        return (1 == r) ? 0 : (int) (per + (size_t) r % 3);
    }
    return (int) per;
}

typedef struct call_bufs {
    int *sbuf, *rbuf;
    int counts[64], displs[64];
    size_t total;      /* elements of the vector */
    int stride;        /* ints from one element to the next: 2 for holed */
    MPI_Datatype type; /* MPI_INT or holed */
} call_bufs_t;

/* 1 for the entries of one vector (no blocks). */
static int is_vector(int e)
{
    return E_ALLREDUCE == e || E_IALLREDUCE == e || E_INIT == e || E_BCAST == e || E_REDUCE == e;
}

/* Element i of buffer x (in ints: stride apart). */
#define AT(b, x, i) ((x)[(size_t) (i) * (size_t) (b)->stride])

/* 1 when this rank passes the type with holes in variant v. */
static int has_holes(int v)
{
    return V_HOLES == v || V_ALONE == v || (V_MIXED == v && me == root);
}

static void bufs_fill(call_bufs_t *b, int e, size_t n, int holes)
{
    size_t at = 0, ints;

    for (int r = 0; r < np; ++r) {
        b->counts[r] = is_vector(e) ? 0 : block_of(e, n, r);
        b->displs[r] = (int) at + (E_AGV == e ? 1 : 0) * r;
        at += (size_t) b->counts[r];
    }
    b->total = is_vector(e) ? n : at;
    b->stride = holes ? 2 : 1;
    b->type = holes ? holed : MPI_INT;
    ints = (size_t) b->stride * (b->total + (size_t) np + 1);
    b->sbuf = malloc(sizeof(int) * ints);
    b->rbuf = malloc(sizeof(int) * ints);
    memset(b->sbuf, 0x5a, sizeof(int) * ints);
    /* a reduction's whole vector, or a gather's block (its first elements) */
    for (size_t i = 0; i < b->total; ++i) {
        AT(b, b->sbuf, i) = value(me, i);
    }
    /* a scatter's root: rank r's block holds rank r's values */
    for (int r = 0; E_SCATTER == e && r < np; ++r) {
        for (int i = 0; i < b->counts[r]; ++i) {
            AT(b, b->sbuf, b->displs[r] + i) = value(r, (size_t) i);
        }
    }
}

static void bufs_free(call_bufs_t *b)
{
    free(b->sbuf);
    free(b->rbuf);
}

/* 1 when rbuf holds the entry's exact result (a rooted one's at the root
   only) and, with holes, every hole still holds what it held. */
static int bufs_check(const call_bufs_t *b, int e)
{
    for (size_t i = 0; 2 == b->stride && i < b->total; ++i) {
        if (HOLE != b->rbuf[2 * i + 1]) {
            return 0;
        }
    }
    if ((E_REDUCE == e || E_GATHER == e) && me != root) {
        return 1;
    }
    switch (e) {
    case E_BCAST:
        for (size_t i = 0; i < b->total; ++i) {
            if (AT(b, b->rbuf, i) != value(root, i)) {
                return 0;
            }
        }
        return 1;
    case E_SCATTER:
        for (int i = 0; i < b->counts[me]; ++i) {
            if (AT(b, b->rbuf, i) != value(me, (size_t) i)) {
                return 0;
            }
        }
        return 1;
    case E_REDUCE:
    case E_ALLREDUCE:
    case E_IALLREDUCE:
    case E_INIT:
        for (size_t i = 0; i < b->total; ++i) {
            if (AT(b, b->rbuf, i) != sum_at(i)) {
                return 0;
            }
        }
        return 1;
    case E_RSB:
    case E_RS: {
        size_t first = 0;
        for (int r = 0; r < me; ++r) {
            first += (size_t) b->counts[r];
        }
        for (int i = 0; i < b->counts[me]; ++i) {
            if (AT(b, b->rbuf, i) != sum_at(first + (size_t) i)) {
                return 0;
            }
        }
        return 1;
    }
    default:
        for (int r = 0; r < np; ++r) {
            for (int i = 0; i < b->counts[r]; ++i) {
                if (AT(b, b->rbuf, b->displs[r] + i) != value(r, (size_t) i)) {
                    return 0;
                }
            }
        }
        return 1;
    }
}

/* One call of entry e on comm; for allreduce_init, *req is the request
   (made when NULL). Returns the first MPI error code. */
static int run_call(int e, MPI_Comm comm, call_bufs_t *b, MPI_Request *req)
{
    int rc = MPI_SUCCESS, c = b->counts[me];
    MPI_Datatype t = b->type;

    memset(b->rbuf, 0x5a, sizeof(int) * (size_t) b->stride * (b->total + 1));
    switch (e) {
    case E_ALLREDUCE: return MPI_Allreduce(b->sbuf, b->rbuf, (int) b->total, t, MPI_SUM, comm);
    case E_RSB: return MPI_Reduce_scatter_block(b->sbuf, b->rbuf, c, t, MPI_SUM, comm);
    case E_RS: return MPI_Reduce_scatter(b->sbuf, b->rbuf, b->counts, t, MPI_SUM, comm);
    case E_AG: return MPI_Allgather(b->sbuf, c, t, b->rbuf, c, t, comm);
    case E_AGV: return MPI_Allgatherv(b->sbuf, c, t, b->rbuf, b->counts, b->displs, t, comm);
    case E_BCAST:
        for (size_t i = 0; me == root && i < b->total; ++i) {
            AT(b, b->rbuf, i) = value(root, i);
        }
        return MPI_Bcast(b->rbuf, (int) b->total, t, root, comm);
    case E_REDUCE: return MPI_Reduce(b->sbuf, b->rbuf, (int) b->total, t, MPI_SUM, root, comm);
    case E_GATHER: return MPI_Gather(b->sbuf, c, t, b->rbuf, c, t, root, comm);
    case E_SCATTER: return MPI_Scatter(b->sbuf, c, t, b->rbuf, c, t, root, comm);
    case E_IALLREDUCE: {
        MPI_Request r = MPI_REQUEST_NULL;
        rc = MPI_Iallreduce(b->sbuf, b->rbuf, (int) b->total, t, MPI_SUM, comm, &r);
        if (MPI_SUCCESS == rc) {
            rc = MPI_Wait(&r, MPI_STATUS_IGNORE);
        }
        return rc;
    }
    default:
        if (MPI_REQUEST_NULL == *req) {
            rc = TU_ALLREDUCE_INIT(b->sbuf, b->rbuf, (int) b->total, t, MPI_SUM, comm,
                                   MPI_INFO_NULL, req);
            if (MPI_SUCCESS != rc) {
                *req = MPI_REQUEST_NULL;
                return rc;
            }
        }
        rc = MPI_Start(req);
        if (MPI_SUCCESS == rc) {
            rc = MPI_Wait(req, MPI_STATUS_IGNORE);
        }
        return rc;
    }
}

static int is_blocking(int e)
{
    return E_IALLREDUCE != e && E_INIT != e;
}

/* The segment must exist before a nonblocking shm or hier call uses it. */
static int needs_segment(const char *alg)
{
    return 0 == strcmp(alg, "shm") || 0 == strcmp(alg, "hier");
}

typedef struct run_spec {
    int e;
    const char *alg;
    int var; /* the type variant */
    int point;
    int rank;          /* the faulty world rank */
    unsigned long nth; /* 0: count only */
    size_t count;
} run_spec_t;

/*
 * One run of a case on this rank: a fresh communicator with the entry's
 * algorithm, the spec armed around the call (and around the
 * communicator's creation for the setup point), the next call disarmed.
 */
static void run_case(const run_spec_t *s, report_t *out)
{
    char var[96], spec[96];
    const char *entry = entry_names[s->e];
    call_bufs_t b;
    MPI_Comm comm;
    MPI_Request req = MPI_REQUEST_NULL;
    long long f0, s0, fb0, e0, af0, r0, pe0, seen0, l0;

    memset(out, 0, sizeof(*out));
    snprintf(var, sizeof(var), "coll_swing_%s_algorithm", entry);
    if (0 != swing_cvar_set(var, s->alg)) {
        fprintf(stderr, "faults: %s cannot be %s\n", var, s->alg);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    snprintf(spec, sizeof(spec), "%d:%s:%lu", s->rank, point_names[s->point],
             s->nth ? s->nth : 1000000000UL);
    bufs_fill(&b, s->e, s->count, has_holes(s->var));
    snprintf(var, sizeof(var), "fault_%s", point_names[s->point]);
    /* the occurrences are counted from the spec's write on */
    f0 = counter("faults_injected");
    seen0 = counter(var);
    if (P_SETUP == s->point) {
        cvar_write_string("coll_swing_fault_inject", spec);
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    if (!is_blocking(s->e) && needs_segment(s->alg)) {
        /* a blocking call sets the segment up (docs/NONBLOCKING.md); armed
           for the setup point, whose faults it meets */
        MPI_Allreduce(MPI_IN_PLACE, b.rbuf, 1, MPI_INT, MPI_SUM, comm);
    }
    if (V_ALONE == s->var) {
        /* MPI_INT everywhere: the scratch's size agreed, nobody's grown */
        call_bufs_t w;
        bufs_fill(&w, s->e, s->count, 0);
        run_call(s->e, comm, &w, &req);
        bufs_free(&w);
    }
    s0 = counter_of(entry, "served");
    fb0 = counter_of(entry, "fallback");
    e0 = counter_of(entry, "error");
    af0 = counter("agree_fallback");
    r0 = counter("p2p_retry");
    pe0 = counter("peer_error");
    l0 = counter("nb_requests");
    if (P_SETUP != s->point) {
        seen0 = counter(var);
    }
    cvar_write_string("coll_swing_fault_inject", spec);
    out->rc = run_call(s->e, comm, &b, &req);
    out->wrong = (MPI_SUCCESS == out->rc && !bufs_check(&b, s->e));
    cvar_write_string("coll_swing_fault_inject", "none");
    out->fired = counter("faults_injected") - f0;
    out->seen = counter(var) - seen0;
    out->served = counter_of(entry, "served") - s0;
    out->fallback = counter_of(entry, "fallback") - fb0;
    out->error = counter_of(entry, "error") - e0;
    out->agree_fallback = counter("agree_fallback") - af0;
    out->retry = counter("p2p_retry") - r0;
    out->peer_error = counter("peer_error") - pe0;
    /*
     * The next call, on the same communicator: on the same persistent
     * request when every rank still has it (Open MPI 4.1's MPI_Wait frees
     * a request that completed with an error), else on a new one.
     */
    if (E_INIT == s->e) {
        int kept = (MPI_REQUEST_NULL != req);
        MPI_Allreduce(MPI_IN_PLACE, &kept, 1, MPI_INT, MPI_MIN, ctl);
        if (!kept && MPI_REQUEST_NULL != req) {
            MPI_Request_free(&req);
        }
    }
    out->next_rc = run_call(s->e, comm, &b, &req);
    out->next_wrong = (MPI_SUCCESS == out->next_rc && !bufs_check(&b, s->e));
    if (MPI_REQUEST_NULL != req) {
        MPI_Request_free(&req);
    }
    out->left = counter("nb_requests") - l0;
    MPI_Comm_free(&comm);
    bufs_free(&b);
}

static const char *outcome_name(int o)
{
    static const char *const names[] = { "served", "error", "downstream", "MIXED" };
    return names[o];
}

/* Rank 0: the outcome of all reports and whether the case passes. */
static int judge(const run_spec_t *s, const report_t *all, int *outcome)
{
    int nerr = 0, bad = 0, fired = 0;
    const report_t *f = &all[s->rank];
    char why[512] = "";
    size_t used = 0;

#define WHY(...)                                                                        \
    (used += (size_t) snprintf(why + used, used < sizeof(why) ? sizeof(why) - used : 0, \
                               __VA_ARGS__),                                            \
     bad = 1)
    for (int r = 0; r < np; ++r) {
        nerr += (MPI_SUCCESS != all[r].rc);
        fired += (int) all[r].fired;
        if (all[r].wrong) {
            WHY(" rank %d: success with a wrong value;", r);
        }
        if (MPI_SUCCESS != all[r].next_rc || all[r].next_wrong) {
            WHY(" rank %d: next call %s;", r, all[r].next_wrong ? "wrong" : "failed");
        }
        if (0 != all[r].left) {
            WHY(" rank %d: %lld swing requests left;", r, all[r].left);
        }
        if (r != s->rank && 0 != all[r].fired) {
            WHY(" rank %d: a fault fired on the wrong rank;", r);
        }
        if (MPI_SUCCESS != all[r].rc && 1 != all[r].error) {
            WHY(" rank %d: error not counted (%s_error +%lld);", r, entry_names[s->e],
                all[r].error);
        }
        if (MPI_SUCCESS != all[r].rc && r != s->rank && all[r].peer_error < 1) {
            WHY(" rank %d: error without peer_error;", r);
        }
    }
    if (s->nth && fired > 1) {
        WHY(" %d faults fired;", fired);
    }
    *outcome = (0 == nerr) ? 0 : (np == nerr) ? 1 : (MPI_SUCCESS != f->rc) ? 2 : 3;
    if (!fired) {
        /* the occurrence does not exist in this run: nothing may change */
        if (0 != *outcome) {
            WHY(" no fault fired, yet %s;", outcome_name(*outcome));
        }
        goto out;
    }
    if (agreed && 2 == *outcome) {
        WHY(" downstream although the outcome was agreed: must be error;");
    }
    if (self_test && 0 != *outcome) {
        WHY(" --self-test: served demanded;");
    }
    switch (s->point) {
    case P_POST_FATAL:
    case P_COMPLETE:
    case P_PACK:
        if (0 == *outcome || 3 == *outcome) {
            WHY(" %s: must be error or downstream;", outcome_name(*outcome));
        }
        break;
    case P_CMA:
        /* served: the fault hit the probe at the segment's setup (agreed) */
        if (*outcome > 1) {
            WHY(" %s: must be error or served;", outcome_name(*outcome));
        }
        break;
    case P_ALLOC:
        if (V_ALONE == s->var) {
            /* a rank alone short of scratch: error mode, no agreement */
            if (1 != *outcome && 2 != *outcome) {
                WHY(" %s: must be error or downstream;", outcome_name(*outcome));
            }
            break;
        }
        if (!is_blocking(s->e)) {
            if (*outcome > 1) {
                WHY(" %s: must be served or error;", outcome_name(*outcome));
            }
            break;
        }
        if (0 != *outcome) {
            WHY(" %s: must be served;", outcome_name(*outcome));
        }
        for (int r = 0; r < np && 0 == *outcome; ++r) {
            if (1 != all[r].agree_fallback || 1 != all[r].fallback) {
                WHY(" rank %d: agree_fallback +%lld, fallback +%lld;", r, all[r].agree_fallback,
                    all[r].fallback);
            }
        }
        break;
    case P_POST:
        if (0 != *outcome) {
            WHY(" %s: must be served;", outcome_name(*outcome));
        } else if (f->retry < 1) {
            WHY(" served without a retry;");
        }
        break;
    default:
        if (0 != *outcome) {
            WHY(" %s: must be served;", outcome_name(*outcome));
        }
        break;
    }
    for (int r = 0; r < np && 0 == *outcome; ++r) {
        long long served = (han_below && 1 == all[r].fallback) ? 0 : all[r].served;
        if (1 != served + all[r].fallback) {
            WHY(" rank %d: served +%lld fallback +%lld;", r, all[r].served, all[r].fallback);
        }
    }
out:
    if (bad) {
        printf("FAIL %s:%s%s %s #%lu on rank %d: %s:%s\n", entry_names[s->e], s->alg,
               variant_names[s->var], point_names[s->point], s->nth, s->rank,
               outcome_name(*outcome), why);
    }
    return !bad;
#undef WHY
}

/* Every rank's report to rank 0. */
static void gather(const report_t *mine, report_t *all)
{
    long long v[NFIELDS] = { mine->rc,         mine->wrong,      mine->next_rc,
                             mine->next_wrong, mine->fired,      mine->served,
                             mine->fallback,   mine->error,      mine->agree_fallback,
                             mine->retry,      mine->peer_error, mine->seen,
                             mine->left };
    long long *in = malloc(sizeof(v) * (size_t) np);

    MPI_Gather(v, NFIELDS, MPI_LONG_LONG, in, NFIELDS, MPI_LONG_LONG, 0, ctl);
    for (int r = 0; 0 == me && r < np; ++r) {
        long long *x = in + (size_t) r * NFIELDS;
        all[r] = (report_t){ (int) x[0], (int) x[1], (int) x[2], (int) x[3], x[4],  x[5], x[6],
                             x[7],       x[8],       x[9],       x[10],      x[11], x[12] };
    }
    free(in);
}

/*
 * The count of a run: for the alloc point, every run longer than any
 * before (scratch kept from an earlier run must not hide a growth).
 */
static size_t run_count(int point, size_t *grow)
{
    return (P_ALLOC == point) ? (*grow += 256) : base_count;
}

/* One case, point and rank: count, then the chosen occurrences. */
static void run_point(int e, const char *alg, int var, int point, int rank, int all_nth,
                      size_t *count)
{
    run_spec_t s = { e, alg, var, point, rank, 0, 0 };
    report_t mine, *all = calloc((size_t) np, sizeof(report_t));
    unsigned long nths[64], occ;
    int nn = 0, outcome;

    s.count = run_count(point, count);
    run_case(&s, &mine);
    gather(&mine, all);
    occ = (0 == me) ? (unsigned long) all[rank].seen : 0;
    MPI_Bcast(&occ, 1, MPI_UNSIGNED_LONG, 0, ctl);
    if (0 == occ) {
        if (0 == me) {
            printf("n/a  %s:%s%s %s on rank %d: no occurrence\n", entry_names[e], alg,
                   variant_names[var], point_names[point], rank);
        }
        free(all);
        return;
    }
    for (unsigned long n = 1; n <= occ && nn < 64; ++n) {
        if (all_nth || 1 == n || occ == n) {
            nths[nn++] = n;
        }
    }
    for (int i = 0; i < nn; ++i) {
        s.nth = nths[i];
        s.count = run_count(point, count);
        if (0 == me) {
            printf("case %s:%s%s %s #%lu of %lu on rank %d ...", entry_names[e], alg,
                   variant_names[var], point_names[point], s.nth, occ, rank);
            fflush(stdout);
        }
        run_case(&s, &mine);
        gather(&mine, all);
        if (0 == me) {
            if (judge(&s, all, &outcome)) {
                printf(" %s\n", all[rank].fired ? outcome_name(outcome) : "served (not reached)");
            } else {
                failures++;
            }
            fflush(stdout);
        }
    }
    free(all);
}

static int parse_list(const char *text, const char *const *names, int n, int *out)
{
    int k = 0;
    char *copy = strdup(text), *save = NULL;

    for (char *t = strtok_r(copy, ",", &save); NULL != t; t = strtok_r(NULL, ",", &save)) {
        for (int i = 0; i < n; ++i) {
            if (0 == strcmp(t, names[i])) {
                out[k++] = i;
            }
        }
    }
    free(copy);
    return k;
}

int main(int argc, char **argv)
{
    const char *cases = "allreduce:swing_bo", *points = NULL, *ranks = "1";
    unsigned long long count = 0, root_opt = 0;
    int all_nth = 0, pts[P_COUNT], npts;
    char *copy, *save = NULL;
    const rel_opt_t opts[] = {
        { "--cases", NULL, &cases, NULL },         { "--points", NULL, &points, NULL },
        { "--ranks", NULL, &ranks, NULL },         { "--count", &count, NULL, NULL },
        { "--root", &root_opt, NULL, NULL },       { "--all-nth", NULL, NULL, &all_nth },
        { "--han-below", NULL, NULL, &han_below }, { "--agreed", NULL, NULL, &agreed },
        { "--self-test", NULL, NULL, &self_test }, { NULL, NULL, NULL, NULL },
    };
    size_t grow;

    MPI_Init(&argc, &argv);
    /* Open MPI 4.1 reports a collective request's error to MPI_COMM_WORLD's
       handler, not to its communicator's */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    rel_parse_opts("faults",
                   "faults --cases ENTRY:ALG[/holes|/mixed|/alone],... [--points P,...] "
                   "[--ranks R,...] [--count N] [--root R] [--all-nth] [--han-below] "
                   "[--agreed] [--self-test]",
                   argc, argv, opts);
    root = (int) (root_opt % (unsigned long long) np);
    if (count > 0) {
        base_count = (size_t) count;
    }
    if (0 != swing_pvar_open() && counter("faults_injected") < 0) {
        if (0 == me) {
            printf("faults: swing's counters are missing (component not loaded?)\n");
        }
        MPI_Finalize();
        return 77;
    }
    /* bookkeeping on a communicator swing does not serve */
    cvar_write_int("coll_swing_priority", 0);
    MPI_Comm_dup(MPI_COMM_WORLD, &ctl);
    cvar_write_int("coll_swing_priority", 40);
    MPI_Type_create_resized(MPI_INT, 0, 2 * (MPI_Aint) sizeof(int), &holed);
    MPI_Type_commit(&holed);
    npts = parse_list(points ? points
                             : "alloc,setup,segment,post,post_fatal,complete,start,cma,pack",
                      point_names, P_COUNT, pts);
    grow = base_count;
    copy = strdup(cases);
    for (char *c = strtok_r(copy, ",", &save); NULL != c; c = strtok_r(NULL, ",", &save)) {
        char *alg = strchr(c, ':'), *v;
        int e = -1, var = V_PLAIN;
        if (NULL == alg) {
            continue;
        }
        *alg++ = '\0';
        if (NULL != (v = strchr(alg, '/'))) {
            for (int i = 1; i < V_COUNT; ++i) {
                var = (0 == strcmp(v, variant_names[i])) ? i : var;
            }
            if (V_PLAIN == var) {
                if (0 == me) {
                    printf("faults: unknown type variant %s\n", v);
                }
                MPI_Abort(MPI_COMM_WORLD, 2);
            }
            *v = '\0';
        }
        for (int i = 0; i < E_COUNT; ++i) {
            e = (0 == strcmp(c, entry_names[i])) ? i : e;
        }
        if (e < 0) {
            if (0 == me) {
                printf("faults: unknown entry %s\n", c);
            }
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        for (int i = 0; i < npts; ++i) {
            char *rcopy = strdup(ranks), *rsave = NULL;
            /* start exists on nonblocking entries only, pack with holes only */
            if ((P_START == pts[i] && is_blocking(e)) || (P_PACK == pts[i] && V_PLAIN == var)) {
                free(rcopy);
                continue;
            }
            for (char *r = strtok_r(rcopy, ",", &rsave); NULL != r;
                 r = strtok_r(NULL, ",", &rsave)) {
                int rank = atoi(r);
                if (rank >= 0 && rank < np) {
                    run_point(e, alg, var, pts[i], rank, all_nth, &grow);
                }
            }
            free(rcopy);
        }
    }
    free(copy);
    MPI_Allreduce(MPI_IN_PLACE, &failures, 1, MPI_INT, MPI_SUM, ctl);
    if (0 == me) {
        printf("faults np=%d: %d failures: %s\n", np, failures, failures ? "FAIL" : "PASS");
    }
    MPI_Type_free(&holed);
    MPI_Comm_free(&ctl);
    swing_pvar_close();
    MPI_Finalize();
    return failures ? 1 : 0;
}
