/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Block placement of reduce-scatter and allgather (topology/sched/swt_layout.h),
 * by brute force: every position's step list (swt_sched_create, BO; and
 * every part of the multiport and ring forms, swt_sched_create_part) runs
 * in one process on the layout's ranges, and the result must put every
 * block where MPI says it lands.
 *
 * One element per position and part, in the part's layout's order (each
 * part is an ordinary reduce-scatter or allgather of its piece of every
 * block). The parts run together as in the component's executor: a step
 * posts every part's sends, then takes the receives in part order. Reduce-scatter: every
 * position contributes 2^pos to every block; sums of distinct powers of
 * two detect a contribution lost or counted twice, and position x must end
 * with 2^p - 1 in its own block (index(x)). Allgather: position x starts
 * with x + 1 in its own block and every position must end with y + 1 at
 * index(y) for every y. Steps move, as in the component's executor
 * (ompi_coll_swing/engine/coll_swing_runner.c, in a half):
 *
 *   RS / AG core   core blocks [lo, lo + n): indices [first(lo), first(lo + n))
 *   FOLD_SEND/RECV reduce-scatter: everything; allgather: the extra's group
 *   UNFOLD         reduce-scatter: the extra's group; allgather: everything
 *
 * Messages sit in one FIFO per ordered pair (MPI's matching order, the
 * parts of a step under one tag); sends are buffered, receives wait (from
 * st->from: a ring receives from its previous rank); a pass without
 * progress is a deadlock. Each receive checks the range the sender sent.
 */
#include "unit_util.h"

#include "swt_layout.h"

typedef enum { MODE_RS, MODE_AG } mode_t_;

typedef struct lmsg {
    struct lmsg *next;
    long lo, n;
    uint64_t *data;
} lmsg_t;

/* One part: its layout, every position's step list, every position's vector. */
typedef struct lpart {
    swt_layout_t *lay;
    swt_sched_t **sched; /* [p] */
    uint64_t *v;         /* [x * p + i] */
} lpart_t;

typedef struct lsim {
    long p;
    int np;
    mode_t_ mode;
    lpart_t *part; /* [np] */
    int *pc;       /* [p] step of each position */
    int *posted;   /* [p] the step's sends are out */
    int *recvd;    /* [p] parts whose receive of the step arrived */
    lmsg_t **head; /* [src * p + dst] */
    const char *name;
} lsim_t;

static int lsim_skip(const lsim_t *s, swt_op_t op)
{
    return (MODE_RS == s->mode && SWT_OP_AG == op) || (MODE_AG == s->mode && SWT_OP_RS == op)
           || SWT_OP_LO == op;
}

/* Index range a step of position x in part pt sends (send) or receives. */
static void lsim_range(const lsim_t *s, const lpart_t *pt, long x, const swt_step_t *st, int send,
                       long *lo, long *n)
{
    long extra = x;

    switch (st->op) {
    case SWT_OP_RS:
    case SWT_OP_AG: {
        long b = send ? st->send_lo : st->recv_lo, nb = send ? st->send_n : st->recv_n;
        *lo = swt_layout_first(pt->lay, b);
        *n = swt_layout_first(pt->lay, b + nb) - *lo;
        return;
    }
    case SWT_OP_FOLD_RECV:
    case SWT_OP_UNFOLD_SEND:
        extra = st->peer;
        /* fall through */
    default: {
        int whole = (MODE_RS == s->mode)
                    == (SWT_OP_FOLD_SEND == st->op || SWT_OP_FOLD_RECV == st->op);
        *lo = whole ? 0 : swt_layout_index(pt->lay, extra);
        *n = whole ? s->p : swt_layout_group(pt->lay, extra);
    }
    }
}

static int lsim_sends(swt_op_t op)
{
    return SWT_OP_FOLD_RECV != op && SWT_OP_UNFOLD_RECV != op;
}

static int lsim_recvs(swt_op_t op)
{
    return SWT_OP_FOLD_SEND != op && SWT_OP_UNFOLD_SEND != op;
}

static void lsim_post(lsim_t *s, const lpart_t *pt, long x, const swt_step_t *st)
{
    lmsg_t *m = calloc(1, sizeof(*m)), **tail;

    UNIT_CHECK(NULL != m, "out of memory");
    lsim_range(s, pt, x, st, 1, &m->lo, &m->n);
    m->data = malloc(sizeof(uint64_t) * (size_t) (m->n ? m->n : 1));
    UNIT_CHECK(NULL != m->data, "out of memory");
    memcpy(m->data, pt->v + x * s->p + m->lo, sizeof(uint64_t) * (size_t) m->n);
    for (tail = &s->head[x * s->p + st->peer]; NULL != *tail; tail = &(*tail)->next) {
    }
    *tail = m;
}

/* 1 when x's step st of part pt could take its message (from st->from). */
static int lsim_take(lsim_t *s, lpart_t *pt, long x, const swt_step_t *st)
{
    lmsg_t **q = &s->head[st->from * s->p + x], *m = *q;
    long lo, n;
    int add = (SWT_OP_RS == st->op || (SWT_OP_FOLD_RECV == st->op && MODE_RS == s->mode));

    if (NULL == m) {
        return 0;
    }
    lsim_range(s, pt, x, st, 0, &lo, &n);
    UNIT_CHECK(m->lo == lo && m->n == n,
               "%s position %ld step op %d: got [%ld,+%ld), want "
               "[%ld,+%ld)",
               s->name, x, (int) st->op, m->lo, m->n, lo, n);
    for (long i = 0; i < n; ++i) {
        pt->v[x * s->p + lo + i] = add ? pt->v[x * s->p + lo + i] + m->data[i] : m->data[i];
    }
    *q = m->next;
    free(m->data);
    free(m);
    return 1;
}

/*
 * One pass over the positions; returns 1 if any moved. As the component's
 * executor: step i posts the sends of every part (part order), then takes
 * every part's receive in part order; all parts of a step have one op.
 */
static int lsim_pass(lsim_t *s, int *done)
{
    int progress = 0;

    *done = 0;
    for (long x = 0; x < s->p; ++x) {
        const swt_step_t *st0 = swt_sched_step(s->part[0].sched[x], s->pc[x]);
        if (NULL == st0) {
            (*done)++;
            continue;
        }
        for (int j = 1; j < s->np; ++j) {
            const swt_step_t *st = swt_sched_step(s->part[j].sched[x], s->pc[x]);
            UNIT_CHECK(NULL != st && st->op == st0->op,
                       "%s position %ld step %d: part %d "
                       "differs",
                       s->name, x, s->pc[x], j);
        }
        if (lsim_skip(s, st0->op)) {
            s->pc[x]++;
            progress = 1;
            continue;
        }
        if (!s->posted[x]) {
            for (int j = 0; j < s->np && lsim_sends(st0->op); ++j) {
                lsim_post(s, &s->part[j], x, swt_sched_step(s->part[j].sched[x], s->pc[x]));
            }
            s->posted[x] = 1;
            progress = 1;
        }
        while (lsim_recvs(st0->op) && s->recvd[x] < s->np
               && lsim_take(s, &s->part[s->recvd[x]], x,
                            swt_sched_step(s->part[s->recvd[x]].sched[x], s->pc[x]))) {
            s->recvd[x]++;
            progress = 1;
        }
        if (!lsim_recvs(st0->op) || s->recvd[x] == s->np) {
            s->pc[x]++;
            s->posted[x] = 0;
            s->recvd[x] = 0;
            progress = 1;
        }
    }
    return progress;
}

/* Position x's initial vector of part pt. */
static void lsim_fill(const lsim_t *s, lpart_t *pt, long x)
{
    for (long i = 0; i < s->p; ++i) {
        if (MODE_RS == s->mode) {
            pt->v[x * s->p + i] = 1ULL << x;
        } else {
            pt->v[x * s->p + i] = (i == swt_layout_index(pt->lay, x)) ? (uint64_t) x + 1 : 0;
        }
    }
}

/* Every position's own block reduced (RS) or every block in place (AG). */
static void lsim_verify(const lsim_t *s)
{
    uint64_t want = (s->p == 64) ? ~0ULL : (1ULL << s->p) - 1;

    for (int j = 0; j < s->np; ++j) {
        const lpart_t *pt = &s->part[j];
        for (long x = 0; x < s->p; ++x) {
            if (MODE_RS == s->mode) {
                uint64_t got = pt->v[x * s->p + swt_layout_index(pt->lay, x)];
                UNIT_CHECK(got == want,
                           "%s reduce-scatter part %d: position %ld's block is "
                           "0x%llx",
                           s->name, j, x, (unsigned long long) got);
                continue;
            }
            for (long y = 0; y < s->p; ++y) {
                UNIT_CHECK(pt->v[x * s->p + swt_layout_index(pt->lay, y)] == (uint64_t) y + 1,
                           "%s allgather part %d: position %ld lacks %ld's block", s->name, j, x,
                           y);
            }
        }
    }
    for (long i = 0; i < s->p * s->p; ++i) {
        UNIT_CHECK(NULL == s->head[i], "%s: a message was never received", s->name);
    }
}

/* The layout's order is a permutation and index its inverse. */
static void lsim_check_order(const lsim_t *s, const swt_layout_t *lay)
{
    UNIT_CHECK_EQ(s->p, swt_layout_size(lay));
    for (long i = 0; i < s->p; ++i) {
        long x = swt_layout_pos(lay, i);
        UNIT_CHECK(i == swt_layout_index(lay, x), "%s: index(pos(%ld)) != %ld", s->name, i, i);
    }
}

/*
 * Reduce-scatter or allgather of alg on topo with np parts: np = 0 runs
 * the single-port lists of the logical shape (swt_sched_create,
 * swt_layout_create), else every part of the multiport or ring form
 * (swt_sched_create_part, swt_layout_create_part), all at once.
 */
static void lsim_run(const swt_topo_t *topo, swt_alg_t alg, int np, mode_t_ mode)
{
    const swt_shape_t *shape = swt_topo_logical(topo);
    static const char *const algs[] = { "swing", "rd", "ring" };
    lsim_t s = { .p = swt_shape_size(shape), .np = np ? np : 1, .mode = mode };
    int progress = 1, done = 0;
    char shape_name[64], name[128];

    swt_shape_format(shape, shape_name, sizeof(shape_name));
    snprintf(name, sizeof(name), "%s %s %d part(s) %s", shape_name, algs[alg], s.np,
             MODE_RS == mode ? "reduce-scatter" : "allgather");
    s.name = name;
    s.part = calloc((size_t) s.np, sizeof(*s.part));
    s.pc = calloc((size_t) s.p, sizeof(int));
    s.posted = calloc((size_t) s.p, sizeof(int));
    s.recvd = calloc((size_t) s.p, sizeof(int));
    s.head = calloc((size_t) (s.p * s.p), sizeof(*s.head));
    UNIT_CHECK(s.part && s.pc && s.posted && s.recvd && s.head, "out of memory");
    for (int j = 0; j < s.np; ++j) {
        lpart_t *pt = &s.part[j];
        UNIT_CHECK_EQ(SWT_OK, np ? swt_layout_create_part(topo, alg, j, &pt->lay)
                                 : swt_layout_create(shape, alg, &pt->lay));
        lsim_check_order(&s, pt->lay);
        pt->sched = calloc((size_t) s.p, sizeof(*pt->sched));
        pt->v = calloc((size_t) (s.p * s.p), sizeof(uint64_t));
        UNIT_CHECK(pt->sched && pt->v, "out of memory");
        for (long x = 0; x < s.p; ++x) {
            UNIT_CHECK_EQ(SWT_OK, np ? swt_sched_create_part(topo, alg, SWT_KIND_BO, x, j, np,
                                                             &pt->sched[x])
                                     : swt_sched_create(shape, alg, SWT_KIND_BO, x, &pt->sched[x]));
            lsim_fill(&s, pt, x);
        }
    }
    while (progress && done < s.p) {
        progress = lsim_pass(&s, &done);
    }
    UNIT_CHECK(done == s.p, "%s: deadlock", name);
    lsim_verify(&s);
    for (int j = 0; j < s.np; ++j) {
        for (long x = 0; x < s.p; ++x) {
            swt_sched_destroy(s.part[j].sched[x]);
        }
        swt_layout_destroy(s.part[j].lay);
        free(s.part[j].sched);
        free(s.part[j].v);
    }
    free(s.part);
    free(s.pc);
    free(s.posted);
    free(s.recvd);
    free(s.head);
}

/* Every form on a description: single-port Swing and RD, their multiport
   parts, the ring's parts; both halves. */
static void lsim_all(const char *spec)
{
    swt_topo_t *topo = unit_topo_load(spec);
    const swt_shape_t *shape = swt_topo_logical(topo);

    for (int a = 0; a < 3; ++a) {
        for (int mode = MODE_RS; mode <= MODE_AG; ++mode) {
            if (SWT_ALG_RING != a) {
                lsim_run(topo, (swt_alg_t) a, 0, (mode_t_) mode);
            }
            lsim_run(topo, (swt_alg_t) a, swt_alg_nparts(shape, (swt_alg_t) a), (mode_t_) mode);
        }
    }
    swt_topo_destroy(topo);
}

START_TEST(test_rings)
{
    for (int p = 1; p <= 33; ++p) {
        char spec[32];
        snprintf(spec, sizeof(spec), "ring:%d", p);
        lsim_all(spec);
    }
}
END_TEST

START_TEST(test_tori)
{
    static const char *const specs[] = {
        "torus:2x2", "torus:4x4",   "torus:8x2",   "torus:2x8",   "torus:4x2x2", "torus:2x2x2x2",
        "torus:3x3", "torus:3x5",   "torus:5x3",   "torus:6x2",   "torus:2x6",   "torus:6x5",
        "torus:7x3", "torus:3x3x3", "torus:2x3x4", "torus:5x2x3", "torus:4x4x2", "torus:1x6",
        "torus:6x1", "torus:10x6",  "torus:2x4",   "n150",
    };
    for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); ++i) {
        lsim_all(specs[i]);
    }
}
END_TEST

/* Part 0 of Swing and RD is the single-port layout. */
START_TEST(test_part0_is_single)
{
    static const char *const specs[] = { "ring:6", "torus:3x5", "torus:4x4", "torus:1x6" };
    for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); ++i) {
        swt_topo_t *topo = unit_topo_load(specs[i]);
        for (int a = 0; a < 2; ++a) {
            swt_layout_t *one = NULL, *part = NULL;
            ck_assert_int_eq(SWT_OK,
                             swt_layout_create(swt_topo_logical(topo), (swt_alg_t) a, &one));
            ck_assert_int_eq(SWT_OK, swt_layout_create_part(topo, (swt_alg_t) a, 0, &part));
            for (long i = 0; i < swt_layout_size(one); ++i) {
                ck_assert_int_eq(swt_layout_pos(one, i), swt_layout_pos(part, i));
            }
            swt_layout_destroy(one);
            swt_layout_destroy(part);
        }
        swt_topo_destroy(topo);
    }
}
END_TEST

/* The example of swt_layout.h: ring of 6, Swing. */
START_TEST(test_example)
{
    swt_shape_t s = unit_ring(6);
    swt_layout_t *l = NULL;
    long want_order[] = { 0, 1, 5, 2, 3, 4 }, want_first[] = { 0, 2, 3, 5, 6 };

    ck_assert_int_eq(SWT_OK, swt_layout_create(&s, SWT_ALG_SWING, &l));
    ck_assert_int_eq(4, swt_layout_nblocks(l));
    for (long i = 0; i < 6; ++i) {
        ck_assert_int_eq(want_order[i], swt_layout_pos(l, i));
    }
    for (long b = 0; b <= 4; ++b) {
        ck_assert_int_eq(want_first[b], swt_layout_first(l, b));
    }
    ck_assert_int_eq(2, swt_layout_group(l, 0));
    ck_assert_int_eq(1, swt_layout_group(l, 1));
    swt_layout_destroy(l);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("layout");
    TCase *tc = tcase_create("placement");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_rings);
    tcase_add_test(tc, test_tori);
    tcase_add_test(tc, test_example);
    tcase_add_test(tc, test_part0_is_single);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
