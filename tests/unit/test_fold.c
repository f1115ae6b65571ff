/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Folding (ALGORITHMS.md section 6): per dimension, and for whole shapes
 * through the step lists: every rank is a survivor or folds, through a
 * chain of fold steps, onto exactly one survivor; the survivors form the
 * core torus bijectively; fold and unfold steps pair up.
 */
#include "unit_util.h"

#include <stdio.h>

/* One dimension of every size 1..64. */
START_TEST(test_fold_coord)
{
    int d = _i;
    int core = 1 << swt_log2_floor(d);
    int *hit = calloc((size_t) core, sizeof(int));
    int *received = calloc((size_t) d, sizeof(int));
    int survivors = 0;

    UNIT_CHECK(hit && received, "hit && received");
    for (int c = 0; c < d; ++c) {
        int core_c = -1, onto = -1;
        if (swt_fold_coord(d, c, &core_c, &onto)) {
            UNIT_CHECK(core_c >= 0 && core_c < core, "d=%d c=%d core %d", d, c, core_c);
            UNIT_CHECK(0 == hit[core_c]++, "d=%d: core coordinate %d twice", d, core_c);
            UNIT_CHECK_EQ(swt_unfold_coord(d, core_c), c);
            ++survivors;
        } else {
            int cc, o;
            UNIT_CHECK(onto >= 0 && onto < d && (onto == c - 1 || onto == c + 1),
                       "d=%d: extra %d folds onto %d (not one hop)", d, c, onto);
            UNIT_CHECK(swt_fold_coord(d, onto, &cc, &o), "d=%d: extra %d folds onto extra %d", d, c,
                       onto);
            UNIT_CHECK(0 == received[onto]++, "d=%d: survivor %d receives twice", d, onto);
        }
    }
    UNIT_CHECK_EQ(survivors, core);
    free(hit);
    free(received);
}
END_TEST

typedef struct fold_rank {
    swt_sched_t *sched;
    long onto; /* FOLD_SEND peer, -1 for a survivor */
    int nfold_recv;
} fold_rank_t;

static const swt_step_t *find_step(const swt_sched_t *sched, swt_op_t op, long peer)
{
    for (int i = 0; i < swt_sched_nsteps(sched); ++i) {
        const swt_step_t *st = swt_sched_step(sched, i);
        if (st->op == op && st->peer == peer) {
            return st;
        }
    }
    return NULL;
}

static void check_shape_fold(const swt_shape_t *shape, swt_alg_t alg, swt_kind_t kind)
{
    long p = swt_shape_size(shape);
    swt_shape_t core;
    long pc;
    int core_steps;
    char name[64];
    fold_rank_t *r = calloc((size_t) p, sizeof(*r));
    long *core_owner;
    int c[SWT_MAX_DIMS], cq[SWT_MAX_DIMS];

    swt_shape_format(shape, name, sizeof(name));
    swt_fold_core(shape, &core);
    pc = swt_shape_size(&core);
    core_steps = swt_nsteps(&core) * (SWT_KIND_LO == kind ? 1 : 2);
    core_owner = malloc(sizeof(long) * (size_t) pc);
    UNIT_CHECK(r && core_owner, "r && core_owner");
    for (long i = 0; i < pc; ++i) {
        core_owner[i] = -1;
    }
    for (long x = 0; x < p; ++x) {
        int nsend = 0, ncore = 0, nunfold_recv = 0;
        UNIT_CHECK_EQ(SWT_OK, swt_sched_create(shape, alg, kind, x, &r[x].sched));
        r[x].onto = -1;
        swt_shape_coords(shape, x, c);
        for (int i = 0; i < swt_sched_nsteps(r[x].sched); ++i) {
            const swt_step_t *st = swt_sched_step(r[x].sched, i);
            UNIT_CHECK(st->peer >= 0 && st->peer < p && st->peer != x, "bad peer %ld", st->peer);
            swt_shape_coords(shape, st->peer, cq);
            for (int j = 0; j < shape->ndims; ++j) {
                UNIT_CHECK(j == st->move.dim || c[j] == cq[j],
                           "%s rank %ld step %d: peer %ld differs in dim %d", name, x, i, st->peer,
                           j);
            }
            switch (st->op) {
            case SWT_OP_FOLD_SEND:
                UNIT_CHECK(0 == nsend++ && 0 == ncore, "%s rank %ld: bad fold send", name, x);
                r[x].onto = st->peer;
                UNIT_CHECK_EQ(st->move.dist, 1);
                break;
            case SWT_OP_FOLD_RECV:
                UNIT_CHECK(0 == nsend && 0 == ncore, "%s rank %ld: fold recv late", name, x);
                r[x].nfold_recv++;
                UNIT_CHECK_EQ(st->move.dist, 1);
                break;
            case SWT_OP_UNFOLD_RECV:
                UNIT_CHECK(1 == nsend && st->peer == r[x].onto, "%s rank %ld: unfold recv from %ld",
                           name, x, st->peer);
                ++nunfold_recv;
                break;
            case SWT_OP_UNFOLD_SEND:
                UNIT_CHECK(NULL != find_step(r[x].sched, SWT_OP_FOLD_RECV, st->peer),
                           "%s rank %ld: unfold send to %ld without fold recv", name, x, st->peer);
                break;
            default: UNIT_CHECK(0 == nsend, "%s rank %ld: extra runs core steps", name, x); ++ncore;
            }
        }
        if (nsend) {
            UNIT_CHECK_EQ(nunfold_recv, 1);
            UNIT_CHECK_EQ(ncore, 0);
            UNIT_CHECK_EQ(swt_sched_nblocks(r[x].sched), 0);
        } else {
            /* a survivor: every coordinate survives and names one core position */
            int cc[SWT_MAX_DIMS];
            long cpos;
            for (int j = 0; j < shape->ndims; ++j) {
                int onto;
                UNIT_CHECK(swt_fold_coord(shape->dims[j], c[j], &cc[j], &onto),
                           "%s rank %ld: no fold send but coordinate %d is extra", name, x, j);
            }
            cpos = swt_shape_pos(&core, cc);
            UNIT_CHECK(-1 == core_owner[cpos], "%s: core position %ld held by %ld and %ld", name,
                       cpos, core_owner[cpos], x);
            core_owner[cpos] = x;
            UNIT_CHECK_EQ(ncore, core_steps);
            UNIT_CHECK_EQ(swt_sched_nblocks(r[x].sched), pc);
        }
    }
    for (long i = 0; i < pc; ++i) {
        UNIT_CHECK(core_owner[i] >= 0, "%s: core position %ld has no survivor", name, i);
    }
    /* every fold send meets a fold recv, and the chain ends at a survivor */
    for (long x = 0; x < p; ++x) {
        long y = x;
        int hops = 0;
        if (r[x].onto >= 0) {
            UNIT_CHECK(NULL != find_step(r[r[x].onto].sched, SWT_OP_FOLD_RECV, x),
                       "%s: %ld folds onto %ld, which does not receive it", name, x, r[x].onto);
            UNIT_CHECK(NULL != find_step(r[r[x].onto].sched, SWT_OP_UNFOLD_SEND, x),
                       "%s: %ld folds onto %ld, which never sends back", name, x, r[x].onto);
        }
        while (r[y].onto >= 0) {
            y = r[y].onto;
            UNIT_CHECK(++hops <= shape->ndims, "%s: fold chain of %ld too long", name, x);
        }
        for (int i = 0; i < swt_sched_nsteps(r[x].sched); ++i) {
            const swt_step_t *st = swt_sched_step(r[x].sched, i);
            if (SWT_OP_FOLD_RECV == st->op) {
                UNIT_CHECK(r[st->peer].onto == x, "%s: %ld receives a fold from %ld", name, x,
                           st->peer);
            }
        }
    }
    for (long x = 0; x < p; ++x) {
        swt_sched_destroy(r[x].sched);
    }
    free(core_owner);
    free(r);
}

static void check_all_kinds(const swt_shape_t *shape)
{
    check_shape_fold(shape, SWT_ALG_SWING, SWT_KIND_LO);
    check_shape_fold(shape, SWT_ALG_RD, SWT_KIND_LO);
    check_shape_fold(shape, SWT_ALG_SWING, SWT_KIND_BO);
    check_shape_fold(shape, SWT_ALG_RD, SWT_KIND_BO);
}

/* Rings 1..17 and every 2-D shape with dimensions 1..17. */
START_TEST(test_fold_shapes_2d)
{
    int a = _i;
    for (int b = 0; b <= 17; ++b) {
        swt_shape_t s;
        if (0 == b) {
            s = unit_ring(a);
        } else {
            s.ndims = 2;
            s.dims[0] = a;
            s.dims[1] = b;
        }
        check_all_kinds(&s);
    }
}
END_TEST

static const char *const fold_3d[] = {
    "3x3x3", "3x5x2", "2x3x5", "5x6x7", "4x4x3", "1x3x1", "7x1x9", "2x2x2x3", "3x3x3x3",
};

START_TEST(test_fold_shapes_3d)
{
    swt_shape_t s = unit_shape(fold_3d[_i]);
    check_all_kinds(&s);
}
END_TEST

static Suite *fold_suite(void)
{
    Suite *s = suite_create("fold");
    TCase *tc = tcase_create("core");

    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_fold_coord, 1, 65);
    tcase_add_loop_test(tc, test_fold_shapes_2d, 1, 18);
    tcase_add_loop_test(tc, test_fold_shapes_3d, 0, (int) (sizeof(fold_3d) / sizeof(fold_3d[0])));
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(fold_suite());
}
