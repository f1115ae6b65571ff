/*
 * Block placement of reduce-scatter and allgather (topology/swt_layout.h),
 * by brute force: every position's step list (swt_sched_create, BO) runs
 * in one process on the layout's ranges, and the result must put every
 * block where MPI says it lands.
 *
 * One element per position, in the layout's order. Reduce-scatter: every
 * position contributes 2^pos to every block; sums of distinct powers of
 * two detect a contribution lost or counted twice, and position x must end
 * with 2^p - 1 in its own block (index(x)). Allgather: position x starts
 * with x + 1 in its own block and every position must end with y + 1 at
 * index(y) for every y. Steps move, as in the component's executor
 * (ompi_coll_swing/algorithms/coll_swing_rsag.c):
 *
 *   RS / AG core   core blocks [lo, lo + n): indices [first(lo), first(lo + n))
 *   FOLD_SEND/RECV reduce-scatter: everything; allgather: the extra's group
 *   UNFOLD         reduce-scatter: the extra's group; allgather: everything
 *
 * Messages sit in one FIFO per ordered pair (MPI's matching order); sends
 * are buffered, receives wait; a pass without progress is a deadlock. Each
 * receive checks the size the sender sent.
 */
#include "unit_util.h"

#include "swt_layout.h"

typedef enum { MODE_RS, MODE_AG } mode_t_;

typedef struct lmsg {
    struct lmsg *next;
    long lo, n;
    uint64_t *data;
} lmsg_t;

typedef struct lsim {
    long p;
    mode_t_ mode;
    const swt_layout_t *lay;
    swt_sched_t **sched;
    int *pc;
    uint64_t *v;         /* [x * p + i] */
    lmsg_t **head;       /* [src * p + dst] */
} lsim_t;

static int lsim_skip(const lsim_t *s, swt_op_t op)
{
    return (MODE_RS == s->mode && SWT_OP_AG == op) || (MODE_AG == s->mode && SWT_OP_RS == op)
           || SWT_OP_LO == op;
}

/* Index range a step of position x sends (send) or receives. */
static void lsim_range(const lsim_t *s, long x, const swt_step_t *st, int send, long *lo,
                       long *n)
{
    long extra = x;

    switch (st->op) {
    case SWT_OP_RS:
    case SWT_OP_AG: {
        long b = send ? st->send_lo : st->recv_lo, nb = send ? st->send_n : st->recv_n;
        *lo = swt_layout_first(s->lay, b);
        *n = swt_layout_first(s->lay, b + nb) - *lo;
        return;
    }
    case SWT_OP_FOLD_RECV:
    case SWT_OP_UNFOLD_SEND:
        extra = st->peer;
        /* fall through */
    default: {
        int whole = (MODE_RS == s->mode) == (SWT_OP_FOLD_SEND == st->op
                                             || SWT_OP_FOLD_RECV == st->op);
        *lo = whole ? 0 : swt_layout_index(s->lay, extra);
        *n = whole ? s->p : swt_layout_group(s->lay, extra);
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

static void lsim_post(lsim_t *s, long x, const swt_step_t *st)
{
    lmsg_t *m = calloc(1, sizeof(*m)), **tail;

    UNIT_CHECK(NULL != m, "out of memory");
    lsim_range(s, x, st, 1, &m->lo, &m->n);
    m->data = malloc(sizeof(uint64_t) * (size_t) (m->n ? m->n : 1));
    UNIT_CHECK(NULL != m->data, "out of memory");
    memcpy(m->data, s->v + x * s->p + m->lo, sizeof(uint64_t) * (size_t) m->n);
    for (tail = &s->head[x * s->p + st->peer]; NULL != *tail; tail = &(*tail)->next) {
    }
    *tail = m;
}

/* 1 when x's step st could take its message. */
static int lsim_take(lsim_t *s, long x, const swt_step_t *st)
{
    lmsg_t **q = &s->head[st->peer * s->p + x], *m = *q;
    long lo, n;
    int add = (SWT_OP_RS == st->op || SWT_OP_FOLD_RECV == st->op);

    if (NULL == m) {
        return 0;
    }
    lsim_range(s, x, st, 0, &lo, &n);
    UNIT_CHECK(m->lo == lo && m->n == n, "position %ld step op %d: got [%ld,+%ld), want "
               "[%ld,+%ld)", x, (int) st->op, m->lo, m->n, lo, n);
    for (long i = 0; i < n; ++i) {
        s->v[x * s->p + lo + i] = add ? s->v[x * s->p + lo + i] + m->data[i] : m->data[i];
    }
    *q = m->next;
    free(m->data);
    free(m);
    return 1;
}

static void lsim_run(const swt_shape_t *shape, swt_alg_t alg, mode_t_ mode)
{
    lsim_t s = { .p = swt_shape_size(shape), .mode = mode };
    int *posted, progress = 1, done = 0;
    char name[64];
    swt_layout_t *lay = NULL;

    swt_shape_format(shape, name, sizeof(name));
    UNIT_CHECK_EQ(SWT_OK, swt_layout_create(shape, alg, &lay));
    s.lay = lay;
    UNIT_CHECK_EQ(s.p, swt_layout_size(lay));
    s.sched = calloc((size_t) s.p, sizeof(*s.sched));
    s.pc = calloc((size_t) s.p, sizeof(int));
    posted = calloc((size_t) s.p, sizeof(int));
    s.v = calloc((size_t) (s.p * s.p), sizeof(uint64_t));
    s.head = calloc((size_t) (s.p * s.p), sizeof(*s.head));
    UNIT_CHECK(s.sched && s.pc && posted && s.v && s.head, "out of memory");
    for (long i = 0; i < s.p; ++i) {
        long x = swt_layout_pos(lay, i);
        UNIT_CHECK(i == swt_layout_index(lay, x), "%s: index(pos(%ld)) != %ld", name, i, i);
    }
    for (long x = 0; x < s.p; ++x) {
        UNIT_CHECK_EQ(SWT_OK, swt_sched_create(shape, alg, SWT_KIND_BO, x, &s.sched[x]));
        for (long i = 0; i < s.p; ++i) {
            if (MODE_RS == mode) {
                s.v[x * s.p + i] = 1ULL << x;
            } else {
                s.v[x * s.p + i] = (i == swt_layout_index(lay, x)) ? (uint64_t) x + 1 : 0;
            }
        }
    }
    while (progress && done < s.p) {
        progress = 0;
        done = 0;
        for (long x = 0; x < s.p; ++x) {
            const swt_step_t *st = swt_sched_step(s.sched[x], s.pc[x]);
            if (NULL == st) {
                done++;
                continue;
            }
            if (lsim_skip(&s, st->op)) {
                s.pc[x]++;
                progress = 1;
                continue;
            }
            if (lsim_sends(st->op) && !posted[x]) {
                lsim_post(&s, x, st);
                posted[x] = 1;
                progress = 1;
            }
            if (!lsim_recvs(st->op) || lsim_take(&s, x, st)) {
                s.pc[x]++;
                posted[x] = 0;
                progress = 1;
            }
        }
    }
    UNIT_CHECK(done == s.p, "%s %s %s: deadlock", name, SWT_ALG_RD == alg ? "rd" : "swing",
               MODE_RS == mode ? "reduce-scatter" : "allgather");
    for (long x = 0; x < s.p; ++x) {
        if (MODE_RS == mode) {
            uint64_t want = (s.p == 64) ? ~0ULL : (1ULL << s.p) - 1;
            UNIT_CHECK(s.v[x * s.p + swt_layout_index(lay, x)] == want,
                       "%s %s reduce-scatter: position %ld's block is 0x%llx", name,
                       SWT_ALG_RD == alg ? "rd" : "swing", x,
                       (unsigned long long) s.v[x * s.p + swt_layout_index(lay, x)]);
        } else {
            for (long y = 0; y < s.p; ++y) {
                UNIT_CHECK(s.v[x * s.p + swt_layout_index(lay, y)] == (uint64_t) y + 1,
                           "%s %s allgather: position %ld lacks %ld's block", name,
                           SWT_ALG_RD == alg ? "rd" : "swing", x, y);
            }
        }
        swt_sched_destroy(s.sched[x]);
    }
    for (long i = 0; i < s.p * s.p; ++i) {
        UNIT_CHECK(NULL == s.head[i], "%s: a message was never received", name);
    }
    swt_layout_destroy(lay);
    free(s.sched);
    free(s.pc);
    free(posted);
    free(s.v);
    free(s.head);
}

static void lsim_both(const swt_shape_t *shape)
{
    for (int a = 0; a < 2; ++a) {
        lsim_run(shape, (swt_alg_t) a, MODE_RS);
        lsim_run(shape, (swt_alg_t) a, MODE_AG);
    }
}

START_TEST(test_rings)
{
    for (int p = 1; p <= 33; ++p) {
        swt_shape_t s = unit_ring(p);
        lsim_both(&s);
    }
}
END_TEST

START_TEST(test_tori)
{
    static const char *const shapes[] = {
        "2x2", "4x4", "8x2", "2x8", "4x2x2", "2x2x2x2", "3x3", "3x5", "5x3", "6x2", "2x6",
        "6x5", "7x3", "3x3x3", "2x3x4", "5x2x3", "4x4x2", "1x6", "6x1", "10x6",
    };
    for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); ++i) {
        swt_shape_t s = unit_shape(shapes[i]);
        lsim_both(&s);
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
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
