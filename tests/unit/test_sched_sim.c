/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Whole-collective simulation: every rank's step lists (every part of
 * swt_sched_create_part, single-port and multiport, Swing, RD and the
 * ring) run as a message-passing program inside this one process.
 *
 * One FIFO per ordered pair of ranks models MPI's matching order; a send
 * completes only once its receiver has taken the message (rendezvous, the
 * strictest MPI behaviour), so a schedule that could deadlock under MPI
 * deadlocks here. A rank executes as swt.h tells the executor: step i of
 * parts 0, 1, ... posted in that order (send to peer, receive from from),
 * all completed, then step i+1. Ranks run round-robin until all are done;
 * a full pass without progress is a deadlock. Each receive checks that the
 * message comes from the step that must send it (same kind, same core
 * step, same part) and has exactly the size the receiver expects.
 *
 * Operands combine exactly like ompi_coll_swing/engine/coll_swing_runner.c:
 *   FOLD_RECV  acc = extra's vector (left) op acc
 *   LO         left ? acc = acc op peer's : acc = peer's op acc
 *   RS         acc[range] = peer's partial (left) op acc[range]
 *   AG, UNFOLD_RECV  copy
 * Values: exact integer sums (every contribution counted once), doubles of
 * very different magnitudes (all ranks bitwise equal), and a
 * non-commutative, non-associative hash, equal on all ranks only if every
 * rank evaluated the very same expression.
 */
#include "unit_util.h"

#include <stdio.h>

#define SIM_MAX_PARTS (2 * SWT_MAX_DIMS)

typedef uint64_t (*sim_op_fn)(uint64_t left, uint64_t right);

typedef struct sim_msg {
    struct sim_msg *next;
    swt_op_t op; /* sending step's kind */
    int core_step;
    int part;
    size_t n;
    int consumed;
    uint64_t *data;
} sim_msg_t;

typedef struct sim_rank {
    swt_sched_t *sched[SIM_MAX_PARTS];
    int pc;                        /* current step, the same in every part */
    int sent;                      /* current step's messages are posted */
    unsigned got;                  /* parts whose receive of the current step is done */
    sim_msg_t *out[SIM_MAX_PARTS]; /* posted, until the receiver takes it */
    uint64_t *acc;
    size_t core_sent[SIM_MAX_PARTS]; /* elements sent in core steps */
} sim_rank_t;

typedef struct sim {
    long p;
    int nparts;
    size_t count;
    sim_op_fn op;
    sim_rank_t *ranks;
    sim_msg_t **head, **tail; /* [src * p + dst] */
    char what[160];
} sim_t;

static uint64_t sim_mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t op_sum(uint64_t l, uint64_t r)
{
    return l + r;
}

static uint64_t op_hash(uint64_t l, uint64_t r)
{
    return sim_mix(l * 3 + sim_mix(r));
}

static uint64_t op_dsum(uint64_t l, uint64_t r)
{
    double a, b, c;
    uint64_t out;
    memcpy(&a, &l, sizeof(a));
    memcpy(&b, &r, sizeof(b));
    c = a + b;
    memcpy(&out, &c, sizeof(out));
    return out;
}

static uint64_t sim_input(sim_op_fn op, long rank, size_t i)
{
    static const double mags[] = { 1e16, 1.0,  -1e16, 1e-3, 3.25,  -2.5e10,
                                   1e-8, 7e15, -1.0,  0.1,  -7e15, 123456.789 };
    uint64_t h = sim_mix((uint64_t) rank * 1000003ULL + i);

    if (op_dsum == op) {
        double v = mags[h % (sizeof(mags) / sizeof(mags[0]))] * (1.0 + (double) (h >> 40) / 1e7);
        uint64_t out;
        memcpy(&out, &v, sizeof(out));
        return out;
    }
    return h;
}

static int sim_sends(swt_op_t op)
{
    return SWT_OP_FOLD_RECV != op && SWT_OP_UNFOLD_RECV != op;
}

static int sim_recvs(swt_op_t op)
{
    return SWT_OP_FOLD_SEND != op && SWT_OP_UNFOLD_SEND != op;
}

/* The kind of step that sends what a step of kind op receives. */
static swt_op_t sim_sender_of(swt_op_t op)
{
    switch (op) {
    case SWT_OP_FOLD_RECV: return SWT_OP_FOLD_SEND;
    case SWT_OP_UNFOLD_RECV: return SWT_OP_UNFOLD_SEND;
    default: return op;
    }
}

static void sim_range(const sim_t *sim, const sim_rank_t *r, int part, const swt_step_t *st,
                      int send, size_t *first, size_t *n)
{
    size_t pf, pn;

    swt_part_elems(sim->count, sim->nparts, part, &pf, &pn);
    if (SWT_OP_RS == st->op || SWT_OP_AG == st->op) {
        swt_block_elems(pn, swt_sched_nblocks(r->sched[part]), send ? st->send_lo : st->recv_lo,
                        send ? st->send_n : st->recv_n, first, n);
        *first += pf;
    } else {
        *first = pf;
        *n = pn;
    }
}

static void sim_post(sim_t *sim, long x, int part, const swt_step_t *st)
{
    sim_rank_t *r = &sim->ranks[x];
    sim_msg_t *m = calloc(1, sizeof(*m));
    size_t first, n;
    size_t pair = (size_t) x * (size_t) sim->p + (size_t) st->peer;

    UNIT_CHECK(NULL != m, "NULL != m");
    sim_range(sim, r, part, st, 1, &first, &n);
    m->op = st->op;
    m->core_step = st->core_step;
    m->part = part;
    m->n = n;
    m->data = malloc(sizeof(uint64_t) * (n ? n : 1));
    UNIT_CHECK(NULL != m->data, "NULL != m->data");
    memcpy(m->data, r->acc + first, sizeof(uint64_t) * n);
    if (st->core_step >= 0) {
        r->core_sent[part] += n;
    }
    if (NULL == sim->tail[pair]) {
        sim->head[pair] = m;
    } else {
        sim->tail[pair]->next = m;
    }
    sim->tail[pair] = m;
    r->out[part] = m;
}

/* Returns 1 when the receive completed. */
static int sim_take(sim_t *sim, long x, int part, const swt_step_t *st)
{
    sim_rank_t *r = &sim->ranks[x];
    size_t pair = (size_t) st->from * (size_t) sim->p + (size_t) x;
    sim_msg_t *m = sim->head[pair];
    size_t first, n;
    uint64_t *acc = r->acc;

    if (NULL == m) {
        return 0;
    }
    sim->head[pair] = m->next;
    if (NULL == m->next) {
        sim->tail[pair] = NULL;
    }
    sim_range(sim, r, part, st, 0, &first, &n);
    UNIT_CHECK(m->op == sim_sender_of(st->op) && m->core_step == st->core_step && m->part == part,
               "%s: rank %ld step %d part %d (op %d, core step %d) got a message of op %d "
               "core step %d part %d from %ld",
               sim->what, x, r->pc, part, st->op, st->core_step, m->op, m->core_step, m->part,
               st->from);
    UNIT_CHECK(m->n == n,
               "%s: rank %ld step %d part %d (op %d) expects %zu elements from %ld, got %zu",
               sim->what, x, r->pc, part, st->op, n, st->from, m->n);
    for (size_t i = 0; i < n; ++i) {
        uint64_t *a = &acc[first + i];
        switch (st->op) {
        case SWT_OP_FOLD_RECV:
        case SWT_OP_RS: *a = sim->op(m->data[i], *a); break;
        case SWT_OP_LO: *a = st->left ? sim->op(*a, m->data[i]) : sim->op(m->data[i], *a); break;
        default: *a = m->data[i];
        }
    }
    m->consumed = 1;
    return 1;
}

/* Step i of every part: posted, then complete; 1 when it completed. */
static int sim_step(sim_t *sim, long x)
{
    sim_rank_t *r = &sim->ranks[x];
    unsigned all = (1U << sim->nparts) - 1;

    if (!r->sent) {
        r->sent = 1;
        r->got = 0;
        for (int j = 0; j < sim->nparts; ++j) {
            const swt_step_t *st = swt_sched_step(r->sched[j], r->pc);
            r->got |= sim_recvs(st->op) ? 0U : 1U << j;
            if (sim_sends(st->op)) {
                sim_post(sim, x, j, st);
            }
        }
    }
    for (int j = 0; j < sim->nparts; ++j) {
        if (!(r->got & (1U << j)) && sim_take(sim, x, j, swt_sched_step(r->sched[j], r->pc))) {
            r->got |= 1U << j;
        }
    }
    if (r->got != all) {
        return 0;
    }
    for (int j = 0; j < sim->nparts; ++j) {
        if (NULL != r->out[j] && !r->out[j]->consumed) {
            return 0;
        }
    }
    for (int j = 0; j < sim->nparts; ++j) {
        if (NULL != r->out[j]) {
            free(r->out[j]->data);
            free(r->out[j]);
            r->out[j] = NULL;
        }
    }
    r->pc++;
    r->sent = 0;
    return 1;
}

/* Runs rank x as far as it can go; returns 1 if it progressed. */
static int sim_advance(sim_t *sim, long x)
{
    sim_rank_t *r = &sim->ranks[x];
    int progress = 0;

    while (r->pc < swt_sched_nsteps(r->sched[0])) {
        int was_sent = r->sent;
        if (!sim_step(sim, x)) {
            progress |= !was_sent;
            break;
        }
        progress = 1;
    }
    return progress;
}

static const char *sim_alg_name(swt_alg_t alg)
{
    return SWT_ALG_SWING == alg ? "swing" : SWT_ALG_RD == alg ? "rd" : "ring";
}

/* Elements a rank sends in the core steps of one part of n elements. */
static size_t sim_want_sent(const swt_topo_t *topo, swt_alg_t alg, swt_kind_t kind, size_t n,
                            size_t got)
{
    swt_shape_t core;
    long pc;

    if (SWT_ALG_RING == alg) {
        pc = swt_shape_size(swt_topo_logical(topo));
        return (0 == n % (size_t) pc) ? 2 * n / (size_t) pc * (size_t) (pc - 1) : got;
    }
    swt_fold_core(swt_topo_logical(topo), &core);
    pc = swt_shape_size(&core);
    if (SWT_KIND_LO == kind) {
        return (size_t) swt_nsteps(&core) * n;
    }
    return (0 == n % (size_t) pc) ? 2 * n / (size_t) pc * (size_t) (pc - 1) : got;
}

static void sim_run(const swt_topo_t *topo, swt_alg_t alg, swt_kind_t kind, int nparts,
                    sim_op_fn op, size_t count)
{
    sim_t sim;
    long p = swt_shape_size(swt_topo_logical(topo));
    int done = 0;

    snprintf(sim.what, sizeof(sim.what), "%s %s %s %d parts count %zu op %s", swt_topo_name(topo),
             sim_alg_name(alg), SWT_KIND_LO == kind ? "lo" : "bo", nparts, count,
             op_sum == op    ? "sum"
             : op_dsum == op ? "dsum"
                             : "hash");
    sim.p = p;
    sim.nparts = nparts;
    sim.count = count;
    sim.op = op;
    sim.ranks = calloc((size_t) p, sizeof(sim_rank_t));
    sim.head = calloc((size_t) (p * p), sizeof(sim_msg_t *));
    sim.tail = calloc((size_t) (p * p), sizeof(sim_msg_t *));
    UNIT_CHECK(sim.ranks && sim.head && sim.tail, "sim.ranks && sim.head && sim.tail");
    for (long x = 0; x < p; ++x) {
        sim_rank_t *r = &sim.ranks[x];
        for (int j = 0; j < nparts; ++j) {
            UNIT_CHECK_EQ(SWT_OK,
                          swt_sched_create_part(topo, alg, kind, x, j, nparts, &r->sched[j]));
            UNIT_CHECK(swt_sched_nsteps(r->sched[j]) == swt_sched_nsteps(r->sched[0]),
                       "%s: rank %ld part %d has %d steps, part 0 %d", sim.what, x, j,
                       swt_sched_nsteps(r->sched[j]), swt_sched_nsteps(r->sched[0]));
        }
        r->acc = malloc(sizeof(uint64_t) * (count ? count : 1));
        UNIT_CHECK(NULL != r->acc, "NULL != r->acc");
        for (size_t i = 0; i < count; ++i) {
            r->acc[i] = sim_input(op, x, i);
        }
    }
    while (!done) {
        int progress = 0;
        done = 1;
        for (long x = 0; x < p; ++x) {
            progress |= sim_advance(&sim, x);
            done &= (sim.ranks[x].pc == swt_sched_nsteps(sim.ranks[x].sched[0]));
        }
        if (!done && !progress) {
            for (long x = 0; x < p; ++x) {
                const swt_step_t *st = swt_sched_step(sim.ranks[x].sched[0], sim.ranks[x].pc);
                if (NULL != st) {
                    fprintf(stderr, "%s: rank %ld blocked in step %d (op %d peer %ld from %ld)\n",
                            sim.what, x, sim.ranks[x].pc, st->op, st->peer, st->from);
                }
            }
            ck_abort_msg("%s: deadlock", sim.what);
        }
    }
    for (long i = 0; i < p * p; ++i) {
        UNIT_CHECK(NULL == sim.head[i], "%s: message %ld -> %ld never received", sim.what, i / p,
                   i % p);
    }
    /* values */
    for (size_t i = 0; i < count; ++i) {
        uint64_t expect = 0;
        if (op_sum == op) {
            for (long x = 0; x < p; ++x) {
                expect += sim_input(op, x, i);
            }
        } else {
            expect = sim.ranks[0].acc[i];
        }
        for (long x = 0; x < p; ++x) {
            UNIT_CHECK(sim.ranks[x].acc[i] == expect,
                       "%s: rank %ld element %zu = %016llx, expected %016llx (rank 0 / exact)",
                       sim.what, x, i, (unsigned long long) sim.ranks[x].acc[i],
                       (unsigned long long) expect);
        }
    }
    /* volume per part: L n for LO, 2 n (P-1)/P for BO and the ring */
    for (long x = 0; x < p; ++x) {
        for (int j = 0; j < nparts; ++j) {
            size_t first, n, want = 0, got = sim.ranks[x].core_sent[j];
            swt_part_elems(count, nparts, j, &first, &n);
            if (0 != swt_sched_nblocks(sim.ranks[x].sched[j])) {
                want = sim_want_sent(topo, alg, kind, n, got);
            }
            UNIT_CHECK(got == want, "%s: rank %ld part %d sent %zu elements, expected %zu",
                       sim.what, x, j, got, want);
        }
    }
    for (long x = 0; x < p; ++x) {
        for (int j = 0; j < nparts; ++j) {
            swt_sched_destroy(sim.ranks[x].sched[j]);
        }
        free(sim.ranks[x].acc);
    }
    free(sim.ranks);
    free(sim.head);
    free(sim.tail);
}

/* Every op and several counts (below the parts, below p, uneven). */
static void sim_counts(const swt_topo_t *topo, swt_alg_t alg, swt_kind_t kind, int nparts)
{
    static const sim_op_fn ops[] = { op_sum, op_hash, op_dsum };
    long p = swt_shape_size(swt_topo_logical(topo));
    size_t counts[] = { 0,          1,    (size_t) nparts - 1, (size_t) p - 1,
                        (size_t) p, 1000, (size_t) (3 * p + 1) };

    for (size_t o = 0; o < sizeof(ops) / sizeof(ops[0]); ++o) {
        for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); ++c) {
            sim_run(topo, alg, kind, nparts, ops[o], counts[c]);
        }
    }
}

/* Single-port Swing and RD, LO and BO, as before. */
static void sim_shape_all(const swt_shape_t *shape)
{
    char spec[80];
    swt_topo_t *topo;

    swt_shape_format(shape, spec, sizeof(spec));
    topo = unit_topo_load(spec);
    for (int alg = 0; alg < 2; ++alg) {
        for (int kind = 0; kind < 2; ++kind) {
            sim_counts(topo, (swt_alg_t) alg, (swt_kind_t) kind, 1);
        }
    }
    swt_topo_destroy(topo);
}

/* Multiport Swing and RD, LO and BO, and the ring with 1 and all parts. */
static void sim_spec_mport(const char *spec)
{
    swt_topo_t *topo = unit_topo_load(spec);
    const swt_shape_t *sh = swt_topo_logical(topo);

    for (int alg = 0; alg < 2; ++alg) {
        for (int kind = 0; kind < 2; ++kind) {
            sim_counts(topo, (swt_alg_t) alg, (swt_kind_t) kind,
                       swt_alg_nparts(sh, (swt_alg_t) alg));
        }
    }
    sim_counts(topo, SWT_ALG_RING, SWT_KIND_BO, 1);
    sim_counts(topo, SWT_ALG_RING, SWT_KIND_BO, swt_alg_nparts(sh, SWT_ALG_RING));
    swt_topo_destroy(topo);
}

START_TEST(test_sim_ring)
{
    swt_shape_t s = unit_ring(_i);
    sim_shape_all(&s);
}
END_TEST

static const char *const sim_tori[] = {
    "2x4",   "4x2",   "3x3",     "4x4",   "2x2x2", "6x10", "3x5x2", "5x3",     "8x2",
    "2x8x4", "4x4x4", "2x2x2x2", "3x3x3", "7x5",   "1x6",  "6x1",   "2x3x2x3",
};
#define NSIM_TORI ((int) (sizeof(sim_tori) / sizeof(sim_tori[0])))

START_TEST(test_sim_torus)
{
    swt_shape_t s = unit_shape(sim_tori[_i]);
    sim_shape_all(&s);
}
END_TEST

/* A larger ring once, to reach schedules of 7 and 8 steps. */
START_TEST(test_sim_big_ring)
{
    static const int ps[] = { 128, 200, 256 };
    for (int i = 0; i < 3; ++i) {
        char spec[32];
        swt_topo_t *topo;
        snprintf(spec, sizeof(spec), "ring:%d", ps[i]);
        topo = unit_topo_load(spec);
        for (int alg = 0; alg < 2; ++alg) {
            for (int kind = 0; kind < 2; ++kind) {
                sim_run(topo, (swt_alg_t) alg, (swt_kind_t) kind, 1, op_hash, (size_t) ps[i] + 3);
                sim_run(topo, (swt_alg_t) alg, (swt_kind_t) kind, 1, op_sum, 100);
            }
        }
        swt_topo_destroy(topo);
    }
}
END_TEST

/* Multiport and ring on rings 2..17. */
START_TEST(test_sim_mport_ring)
{
    char spec[32];

    snprintf(spec, sizeof(spec), "ring:%d", _i);
    sim_spec_mport(spec);
}
END_TEST

/*
 * Multiport and ring on tori: equal and unequal sides, folding, sides of
 * 1 and 2, 3-D and 4-D (snake rings), tori without two edge-disjoint
 * cycles (3x3x3, 6x3), the n150 and its 72-tile form (8x9, gcd 1) with
 * hidden tiles, and a grid whose x has no wrap-around link.
 */
static const char *const mport_specs[] = {
    "torus:2x2",
    "torus:4x4",
    "torus:4x2",
    "torus:8x2",
    "torus:2x8x4",
    "torus:3x3",
    "torus:6x10",
    "torus:3x5x2",
    "torus:7x5",
    "torus:1x6",
    "torus:6x1",
    "torus:2x2x2x2",
    "torus:3x3x3",
    "torus:6x3",
    "torus:4x8",
    "torus:2x3x2x3",
    "n150",
    "n150-72:harvest=3",
    "@" SWT_TEST_GOLDEN "/ring4-on-6.topo",
};
#define NMPORT ((int) (sizeof(mport_specs) / sizeof(mport_specs[0])))

START_TEST(test_sim_mport_torus)
{
    sim_spec_mport(mport_specs[_i]);
}
END_TEST

static Suite *sim_suite(void)
{
    Suite *s = suite_create("sched_sim");
    TCase *tc = tcase_create("core");

    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_sim_ring, 2, 65);
    tcase_add_loop_test(tc, test_sim_torus, 0, NSIM_TORI);
    tcase_add_test(tc, test_sim_big_ring);
    tcase_add_loop_test(tc, test_sim_mport_ring, 2, 18);
    tcase_add_loop_test(tc, test_sim_mport_torus, 0, NMPORT);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(sim_suite());
}
