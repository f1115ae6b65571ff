/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Buffers guarded against writes outside them (issue 40): every predefined
 * type, every pair type with MAXLOC and MINLOC, the plain ones with SUM, and
 * a contiguous type resized to an extent larger than its size, at counts
 * 0..7 and one large count, through every collective swing serves and every
 * algorithm of its coll_swing_<coll>_algorithm parameter (set through MPI_T
 * on a duplicate of MPI_COMM_WORLD, the names read from the parameter's
 * enum), in place where MPI allows it, every root in {0, p-1}.
 *
 * Every buffer is allocated as MPI sizes it (the span: (n-1) * extent +
 * true extent) between canary bytes; the holes inside it (a pair's padding,
 * the resized type's tail, allgatherv's gaps) hold canary bytes too. After
 * each call every byte is checked: data against an independently computed
 * result (exact integer values), the rest against the canary. The MPI_T
 * counters say whether swing served each call; the combinations handed to
 * the previous module are listed at the end.
 *
 *   test_guard [--colls LIST] [--algs LIST] [--types pairs|all] [--big N]
 *              [--no-inplace] [--label TEXT]
 *   test_guard --previous ...   without coll/swing (--mca coll ^swing): the
 *       same checks on the previous module, which must pass them too
 *   GUARD_TIMES=1 in the environment: the seconds of each (collective,
 *       algorithm) on rank 0
 *   test_guard --coll12 [--algs LIST]   MPICH coll12's shape: MPI_Reduce of
 *       MPI_DOUBLE_INT with MAXLOC to the last rank, MPI_Bcast of the
 *       result, MPI_Allreduce with MINLOC (MPI_DOUBLE_INT, MPI_2INT), buffers
 *       of exactly n elements from malloc (for MALLOC_CHECK_ and ASan),
 *       counts 1..7 and 1000, for every reduce algorithm in LIST (default:
 *       every one).
 *
 * Ends with "test_guard ...: N failures: PASS|FAIL" on rank 0.
 */
#include <complex.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include <mpi.h>

#include "swing_pvar.h"
#include "test_util.h"

#define GUARD_CANARY 0xA7
#define GUARD_SEND_HOLE 0x5C /* the holes of input buffers: a copy of them shows */
#define GUARD_PAD 64         /* canary bytes before and after every buffer */
#define GUARD_MAX_REPORT                                                    \
    200 /* failure messages printed per rank: the first of each combination \
         */
#define GUARD_MAX_ALGS 16

/* The C types of the components. */
typedef enum {
    K_CHAR,
    K_SCHAR,
    K_UCHAR,
    K_SHORT,
    K_USHORT,
    K_INT,
    K_UINT,
    K_LONG,
    K_ULONG,
    K_LL,
    K_ULL,
    K_FLOAT,
    K_DOUBLE,
    K_LDOUBLE,
    K_I8,
    K_U8,
    K_I16,
    K_U16,
    K_I32,
    K_U32,
    K_I64,
    K_U64,
    K_BOOL,
    K_WCHAR
} guard_kind_t;

/* What a type is tested with: SUM, MAXLOC and MINLOC, or data movement only. */
typedef enum { CLS_SUM, CLS_PAIR, CLS_MOVE } guard_cls_t;

typedef struct guard_type {
    const char *name;
    MPI_Datatype type;
    guard_cls_t cls;
    int ncomp;
    guard_kind_t kind[3];
    size_t off[3];
    size_t extent; /* the C layout's; checked against MPI's */
} guard_type_t;

#define T1(nm, t, cls, k, ct)                   \
    {                                           \
        nm, t, cls, 1, { k }, { 0 }, sizeof(ct) \
    }
#define TC(nm, t, k, ct, cx)                                       \
    {                                                              \
        nm, t, CLS_SUM, 2, { k, k }, { 0, sizeof(ct) }, sizeof(cx) \
    }
#define TP(nm, t, k, st)                                                                   \
    {                                                                                      \
        nm, t, CLS_PAIR, 2, { k, K_INT }, { offsetof(st, v), offsetof(st, i) }, sizeof(st) \
    }

struct g_fi {
    float v;
    int i;
};
struct g_di {
    double v;
    int i;
};
struct g_li {
    long v;
    int i;
};
struct g_ii {
    int v;
    int i;
};
struct g_si {
    short v;
    int i;
};
struct g_ldi {
    long double v;
    int i;
};

#define GUARD_RESIZED_EXTENT 16
static guard_type_t guard_types[] = {
    T1("MPI_SIGNED_CHAR", MPI_SIGNED_CHAR, CLS_SUM, K_SCHAR, signed char),
    T1("MPI_UNSIGNED_CHAR", MPI_UNSIGNED_CHAR, CLS_SUM, K_UCHAR, unsigned char),
    T1("MPI_SHORT", MPI_SHORT, CLS_SUM, K_SHORT, short),
    T1("MPI_UNSIGNED_SHORT", MPI_UNSIGNED_SHORT, CLS_SUM, K_USHORT, unsigned short),
    T1("MPI_INT", MPI_INT, CLS_SUM, K_INT, int),
    T1("MPI_UNSIGNED", MPI_UNSIGNED, CLS_SUM, K_UINT, unsigned),
    T1("MPI_LONG", MPI_LONG, CLS_SUM, K_LONG, long),
    T1("MPI_UNSIGNED_LONG", MPI_UNSIGNED_LONG, CLS_SUM, K_ULONG, unsigned long),
    T1("MPI_LONG_LONG", MPI_LONG_LONG, CLS_SUM, K_LL, long long),
    T1("MPI_UNSIGNED_LONG_LONG", MPI_UNSIGNED_LONG_LONG, CLS_SUM, K_ULL, unsigned long long),
    T1("MPI_FLOAT", MPI_FLOAT, CLS_SUM, K_FLOAT, float),
    T1("MPI_DOUBLE", MPI_DOUBLE, CLS_SUM, K_DOUBLE, double),
    T1("MPI_LONG_DOUBLE", MPI_LONG_DOUBLE, CLS_SUM, K_LDOUBLE, long double),
    T1("MPI_INT8_T", MPI_INT8_T, CLS_SUM, K_I8, int8_t),
    T1("MPI_UINT8_T", MPI_UINT8_T, CLS_SUM, K_U8, uint8_t),
    T1("MPI_INT16_T", MPI_INT16_T, CLS_SUM, K_I16, int16_t),
    T1("MPI_UINT16_T", MPI_UINT16_T, CLS_SUM, K_U16, uint16_t),
    T1("MPI_INT32_T", MPI_INT32_T, CLS_SUM, K_I32, int32_t),
    T1("MPI_UINT32_T", MPI_UINT32_T, CLS_SUM, K_U32, uint32_t),
    T1("MPI_INT64_T", MPI_INT64_T, CLS_SUM, K_I64, int64_t),
    T1("MPI_UINT64_T", MPI_UINT64_T, CLS_SUM, K_U64, uint64_t),
    TC("MPI_C_FLOAT_COMPLEX", MPI_C_FLOAT_COMPLEX, K_FLOAT, float, float _Complex),
    TC("MPI_C_DOUBLE_COMPLEX", MPI_C_DOUBLE_COMPLEX, K_DOUBLE, double, double _Complex),
    TC("MPI_C_LONG_DOUBLE_COMPLEX", MPI_C_LONG_DOUBLE_COMPLEX, K_LDOUBLE, long double,
       long double _Complex),
    T1("MPI_CHAR", MPI_CHAR, CLS_MOVE, K_CHAR, char),
    T1("MPI_BYTE", MPI_BYTE, CLS_MOVE, K_UCHAR, unsigned char),
    T1("MPI_C_BOOL", MPI_C_BOOL, CLS_MOVE, K_BOOL, bool),
    T1("MPI_WCHAR", MPI_WCHAR, CLS_MOVE, K_WCHAR, wchar_t),
    TP("MPI_FLOAT_INT", MPI_FLOAT_INT, K_FLOAT, struct g_fi),
    TP("MPI_DOUBLE_INT", MPI_DOUBLE_INT, K_DOUBLE, struct g_di),
    TP("MPI_LONG_INT", MPI_LONG_INT, K_LONG, struct g_li),
    TP("MPI_2INT", MPI_2INT, K_INT, struct g_ii),
    TP("MPI_SHORT_INT", MPI_SHORT_INT, K_SHORT, struct g_si),
    TP("MPI_LONG_DOUBLE_INT", MPI_LONG_DOUBLE_INT, K_LDOUBLE, struct g_ldi),
    /* contiguous(3, MPI_INT) resized to 16 bytes: 4 bytes of tail per element */
    { "resized(contiguous(3,INT),16)",
      MPI_DATATYPE_NULL,
      CLS_SUM,
      3,
      { K_INT, K_INT, K_INT },
      { 0, 4, 8 },
      GUARD_RESIZED_EXTENT },
};
#define GUARD_NTYPES ((int) (sizeof(guard_types) / sizeof(guard_types[0])))
#define GUARD_RESIZED (GUARD_NTYPES - 1)

typedef enum { OP_SUM, OP_MAXLOC, OP_MINLOC, OP_NONE, OP_N } guard_op_t;
static const char *const guard_op_names[OP_N] = { "SUM", "MAXLOC", "MINLOC", "-" };

typedef enum {
    C_ALLREDUCE,
    C_IALLREDUCE,
    C_ALLREDUCE_INIT,
    C_RSB,
    C_RS,
    C_ALLGATHER,
    C_ALLGATHERV,
    C_BCAST,
    C_REDUCE,
    C_GATHER,
    C_SCATTER,
    C_N
} guard_coll_t;
static const char *const guard_coll_names[C_N] = {
    "allreduce",      "iallreduce", "allreduce_init", "reduce_scatter_block",
    "reduce_scatter", "allgather",  "allgatherv",     "bcast",
    "reduce",         "gather",     "scatter"
};

static int g_rank, g_size, g_fail, g_reported;
static int g_pairs_only, g_inplace = 1;
static size_t g_big;
static const char *g_label = "";
/* [coll][alg][type][op]: calls handed to the previous module, served */
static int g_fb[C_N][GUARD_MAX_ALGS][64][OP_N];
static int g_served[C_N][GUARD_MAX_ALGS];
static char g_alg_names[C_N][GUARD_MAX_ALGS][64];
static int g_nalgs[C_N];

/* ---------------------------------------------------------------- values */

static void kstore(guard_kind_t k, char *at, long long v)
{
    switch (k) {
    case K_CHAR: {
        char x = (char) v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    case K_SCHAR:
    case K_I8: {
        int8_t x = (int8_t) v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    case K_UCHAR:
    case K_U8: {
        uint8_t x = (uint8_t) v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    case K_SHORT:
    case K_I16: {
        int16_t x = (int16_t) v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    case K_USHORT:
    case K_U16: {
        uint16_t x = (uint16_t) v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    case K_INT:
    case K_I32: {
        int32_t x = (int32_t) v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    case K_UINT:
    case K_U32: {
        uint32_t x = (uint32_t) v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    case K_LONG: {
        long x = (long) v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    case K_ULONG: {
        unsigned long x = (unsigned long) v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    case K_LL:
    case K_I64: {
        long long x = v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    case K_ULL:
    case K_U64: {
        unsigned long long x = (unsigned long long) v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    case K_FLOAT: {
        float x = (float) v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    case K_DOUBLE: {
        double x = (double) v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    case K_LDOUBLE: {
        /* whole slot defined: the x87 format leaves 6 bytes the copy moves */
        long double x;
        memset(&x, 0, sizeof(x));
        x = (long double) v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    case K_BOOL: {
        bool x = (v & 1) != 0;
        memcpy(at, &x, sizeof(x));
        break;
    }
    case K_WCHAR: {
        wchar_t x = (wchar_t) v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    }
}

static long long kload(guard_kind_t k, const char *at)
{
    switch (k) {
    case K_CHAR: {
        char x;
        memcpy(&x, at, sizeof(x));
        return x;
    }
    case K_SCHAR:
    case K_I8: {
        int8_t x;
        memcpy(&x, at, sizeof(x));
        return x;
    }
    case K_UCHAR:
    case K_U8: {
        uint8_t x;
        memcpy(&x, at, sizeof(x));
        return x;
    }
    case K_SHORT:
    case K_I16: {
        int16_t x;
        memcpy(&x, at, sizeof(x));
        return x;
    }
    case K_USHORT:
    case K_U16: {
        uint16_t x;
        memcpy(&x, at, sizeof(x));
        return x;
    }
    case K_INT:
    case K_I32: {
        int32_t x;
        memcpy(&x, at, sizeof(x));
        return x;
    }
    case K_UINT:
    case K_U32: {
        uint32_t x;
        memcpy(&x, at, sizeof(x));
        return x;
    }
    case K_LONG: {
        long x;
        memcpy(&x, at, sizeof(x));
        return x;
    }
    case K_ULONG: {
        unsigned long x;
        memcpy(&x, at, sizeof(x));
        return (long long) x;
    }
    case K_LL:
    case K_I64: {
        long long x;
        memcpy(&x, at, sizeof(x));
        return x;
    }
    case K_ULL:
    case K_U64: {
        unsigned long long x;
        memcpy(&x, at, sizeof(x));
        return (long long) x;
    }
    case K_FLOAT: {
        float x;
        memcpy(&x, at, sizeof(x));
        return (x == (long long) x) ? (long long) x : -999999;
    }
    case K_DOUBLE: {
        double x;
        memcpy(&x, at, sizeof(x));
        return (x == (long long) x) ? (long long) x : -999999;
    }
    case K_LDOUBLE: {
        long double x;
        memcpy(&x, at, sizeof(x));
        return (x == (long long) x) ? (long long) x : -999999;
    }
    case K_BOOL: {
        bool x;
        memcpy(&x, at, sizeof(x));
        return x ? 1 : 0;
    }
    case K_WCHAR: {
        wchar_t x;
        memcpy(&x, at, sizeof(x));
        return x;
    }
    }
    return 0;
}

static size_t ksize(guard_kind_t k)
{
    switch (k) {
    case K_CHAR:
    case K_SCHAR:
    case K_UCHAR:
    case K_I8:
    case K_U8: return 1;
    case K_SHORT:
    case K_USHORT:
    case K_I16:
    case K_U16: return 2;
    case K_INT:
    case K_UINT:
    case K_I32:
    case K_U32: return 4;
    case K_LONG:
    case K_ULONG: return sizeof(long);
    case K_LL:
    case K_ULL:
    case K_I64:
    case K_U64: return 8;
    case K_FLOAT: return sizeof(float);
    case K_DOUBLE: return sizeof(double);
    case K_LDOUBLE: return sizeof(long double);
    case K_BOOL: return sizeof(bool);
    case K_WCHAR: return sizeof(wchar_t);
    }
    return 1;
}

/*
 * Component c of element g (its index in the whole vector of its
 * collective) from rank r. Small integers, so SUM over any number of ranks
 * used here fits a signed char; pairs: values 0..2 (ties between ranks) and
 * indices that do not follow the ranks, so MAXLOC's and MINLOC's choice
 * of the smallest index among equal values is exercised.
 */
static long long guard_val(const guard_type_t *t, guard_op_t op, int r, size_t g, int c)
{
    if (OP_MAXLOC == op || OP_MINLOC == op) {
        if (0 == c) {
            return (long long) ((size_t) (r / 2) + g) % 3;
        }
        return (long long) (((size_t) r * 3 + g) % (size_t) (g_size + 1));
    }
    if (K_BOOL == t->kind[c]) {
        return (long long) (((size_t) r + g + (size_t) c) & 1);
    }
    if (OP_SUM == op) {
        return 1 + (long long) (((size_t) r + 2 * g + (size_t) c) % 5);
    }
    return 1 + (long long) (((size_t) r * 31 + g * 7 + (size_t) c * 3) % 100);
}

/* The reduction of element g over every rank. */
static long long guard_expect(const guard_type_t *t, guard_op_t op, size_t g, int c)
{
    if (OP_SUM == op) {
        long long s = 0;
        for (int r = 0; r < g_size; ++r) {
            s += guard_val(t, op, r, g, c);
        }
        return s;
    }
    int best = 0;
    for (int r = 1; r < g_size; ++r) {
        long long v = guard_val(t, op, r, g, 0), b = guard_val(t, op, best, g, 0);
        long long vi = guard_val(t, op, r, g, 1), bi = guard_val(t, op, best, g, 1);
        int better = (OP_MAXLOC == op) ? v > b : v < b;
        if (better || (v == b && vi < bi)) {
            best = r;
        }
    }
    return guard_val(t, op, best, g, c);
}

/* --------------------------------------------------------------- buffers */

typedef struct guard_buf {
    char *base; /* malloc'd: pad, span, pad */
    char *ptr;  /* what MPI is given (base + pad - true lb) */
    size_t n;   /* elements the span holds */
    size_t span;
    unsigned char hole; /* what its holes hold: canary, or GUARD_SEND_HOLE once filled */
} guard_buf_t;

/* What element k of a buffer should hold: its value source, or none. */
typedef enum { E_HOLE, E_DATA, E_ANY } guard_elem_kind_t;
typedef struct guard_elem {
    guard_elem_kind_t kind;
    int reduced; /* reduction over every rank of element g, or rank r's own */
    int r;
    size_t g;
} guard_elem_t;

typedef guard_elem_t (*guard_layout_fn_t)(size_t k, const void *ctx);

static MPI_Aint g_extent[64], g_true_lb[64], g_true_extent[64];

static void guard_buf_alloc(guard_buf_t *b, int ti, size_t n)
{
    b->n = n;
    b->span = n ? (n - 1) * (size_t) g_extent[ti] + (size_t) g_true_extent[ti] : 0;
    b->base = malloc(b->span + 2 * GUARD_PAD);
    if (NULL == b->base) {
        fprintf(stderr, "test_guard: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    memset(b->base, GUARD_CANARY, b->span + 2 * GUARD_PAD);
    b->ptr = b->base + GUARD_PAD - g_true_lb[ti];
    b->hole = GUARD_CANARY;
}

static void guard_buf_free(guard_buf_t *b)
{
    free(b->base);
    b->base = b->ptr = NULL;
}

static void guard_fill(guard_buf_t *b, int ti, guard_op_t op, guard_layout_fn_t lay,
                       const void *ctx)
{
    const guard_type_t *t = &guard_types[ti];
    memset(b->base, GUARD_CANARY, b->span + 2 * GUARD_PAD);
    memset(b->base + GUARD_PAD, GUARD_SEND_HOLE, b->span);
    b->hole = GUARD_SEND_HOLE;
    for (size_t k = 0; k < b->n; ++k) {
        guard_elem_t e = lay(k, ctx);
        if (E_DATA != e.kind) {
            continue;
        }
        for (int c = 0; c < t->ncomp; ++c) {
            long long v = e.reduced ? guard_expect(t, op, e.g, c) : guard_val(t, op, e.r, e.g, c);
            kstore(t->kind[c], b->ptr + k * (size_t) g_extent[ti] + t->off[c], v);
        }
    }
}

/* failures of the case running (guard_one), by [coll][alg][type][op] */
static int g_failc[C_N][GUARD_MAX_ALGS][64][OP_N];
static int *g_case_fail;

static void guard_report(const char *what, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Counts a failure; prints the first of each combination (up to a limit). */
static void guard_report(const char *what, const char *fmt, ...)
{
    ++g_fail;
    if (NULL != g_case_fail && (*g_case_fail)++ > 0) {
        return;
    }
    if (g_reported++ < GUARD_MAX_REPORT) {
        va_list ap;
        va_start(ap, fmt);
        printf("[%d] FAIL %s: ", g_rank, what);
        vprintf(fmt, ap);
        printf("\n");
        fflush(stdout);
        va_end(ap);
    }
}

/*
 * Every byte of b: the canaries before and after, holes and elements not
 * written (E_HOLE) untouched, data (E_DATA) equal to its value. Stops at
 * the first bad element.
 */
static void guard_check(const guard_buf_t *b, int ti, guard_op_t op, guard_layout_fn_t lay,
                        const void *ctx, const char *what)
{
    const guard_type_t *t = &guard_types[ti];
    const unsigned char *u = (const unsigned char *) b->base;
    size_t total = b->span + 2 * GUARD_PAD, ext = (size_t) g_extent[ti];

    for (size_t i = 0; i < GUARD_PAD; ++i) {
        if (GUARD_CANARY != u[i] || GUARD_CANARY != u[total - 1 - i]) {
            guard_report(what, "canary overwritten %s the buffer (%zu bytes %s it)",
                         GUARD_CANARY != u[i] ? "before" : "after", i + 1,
                         GUARD_CANARY != u[i] ? "before" : "after");
            return;
        }
    }
    const char *data = b->base + GUARD_PAD; /* the span's first byte */
    size_t shift = (size_t) g_true_lb[ti];  /* ptr + true lb = data */
    for (size_t k = 0; k < b->n; ++k) {
        guard_elem_t e = lay(k, ctx);
        /* bytes of element k inside the span: [k * ext + true lb, ...) */
        size_t lo = k * ext, hi = lo + ext;
        if (hi > b->span + shift) {
            hi = b->span + shift;
        }
        for (size_t o = lo; o < hi; ++o) {
            size_t w = o - lo;
            int in_comp = 0;
            for (int c = 0; c < t->ncomp; ++c) {
                if (w >= t->off[c] && w < t->off[c] + ksize(t->kind[c])) {
                    in_comp = 1;
                }
            }
            if ((E_DATA == e.kind || E_ANY == e.kind) && in_comp) {
                continue;
            }
            if (o < shift || E_ANY == e.kind) {
                continue;
            }
            if (b->hole != (unsigned char) data[o - shift]) {
                guard_report(what,
                             "element %zu: byte %zu of a hole or unwritten element "
                             "changed (0x%02x)",
                             k, w, (unsigned) (unsigned char) data[o - shift]);
                return;
            }
        }
        if (E_DATA != e.kind) {
            continue;
        }
        for (int c = 0; c < t->ncomp; ++c) {
            long long want = e.reduced ? guard_expect(t, op, e.g, c)
                                       : guard_val(t, op, e.r, e.g, c);
            long long got = kload(t->kind[c], b->ptr + k * ext + t->off[c]);
            if (K_BOOL != t->kind[c] && ksize(t->kind[c]) == 1) {
                want = (long long) (signed char) want;
                got = (long long) (signed char) got;
                if (K_UCHAR == t->kind[c] || K_U8 == t->kind[c]) {
                    want &= 0xff;
                    got &= 0xff;
                }
            }
            if (want != got) {
                guard_report(what, "element %zu: got %lld, expected %lld", k, got, want);
                return;
            }
        }
    }
}

/* -------------------------------------------------------------- layouts */

/* A vector of one rank's elements g0, g0+1, ... */
typedef struct lay_own {
    int r;
    size_t g0;
    int reduced;
    size_t n_data;
} lay_own_t;
static guard_elem_t lay_own(size_t k, const void *ctx)
{
    const lay_own_t *l = ctx;
    guard_elem_t e = { E_DATA, l->reduced, l->r, l->g0 + k };
    if (k >= l->n_data) {
        e.kind = E_ANY;
    }
    return e;
}

/* p blocks of counts[r] at displs[r]; element k of block r is rank r's own
   element k (gathered), or element displs-free g = start[r] + k (reduced). */
typedef struct lay_blocks {
    const int *counts, *displs;
    int only;    /* >= 0: the other blocks are holes (an in-place fill) */
    int by_rank; /* 1: element k of block r is rank r's element k */
    int src;     /* else: rank src's element (index in its whole vector) */
} lay_blocks_t;
static guard_elem_t lay_blocks(size_t k, const void *ctx)
{
    const lay_blocks_t *l = ctx;
    guard_elem_t e = { E_HOLE, 0, 0, 0 };
    for (int r = 0; r < g_size; ++r) {
        if (k >= (size_t) l->displs[r] && k < (size_t) l->displs[r] + (size_t) l->counts[r]) {
            if (l->only >= 0 && r != l->only) {
                return e;
            }
            e.kind = E_DATA;
            e.r = l->by_rank ? r : l->src;
            e.g = l->by_rank ? k - (size_t) l->displs[r] : k;
            return e;
        }
    }
    return e;
}

/* -------------------------------------------------------------- MPI_T */

/* The names of coll_swing_<coll>_algorithm's enum, in g_alg_names[coll]. */
static void guard_alg_names(int coll)
{
    char var[96];
    int num;

    snprintf(var, sizeof(var), "coll_swing_%s_algorithm", guard_coll_names[coll]);
    g_nalgs[coll] = 0;
    if (MPI_SUCCESS != MPI_T_cvar_get_num(&num)) {
        return;
    }
    for (int idx = 0; idx < num; ++idx) {
        char name[256], desc[2048], ename[256];
        int name_len = sizeof(name), desc_len = sizeof(desc), ename_len = sizeof(ename);
        int verbosity, binding, scope, nitems;
        MPI_Datatype dt;
        MPI_T_enum et;
        if (MPI_SUCCESS
                != MPI_T_cvar_get_info(idx, name, &name_len, &verbosity, &dt, &et, desc, &desc_len,
                                       &binding, &scope)
            || 0 != strcmp(name, var) || MPI_T_ENUM_NULL == et
            || MPI_SUCCESS != MPI_T_enum_get_info(et, &nitems, ename, &ename_len)) {
            continue;
        }
        for (int i = 0; i < nitems && g_nalgs[coll] < GUARD_MAX_ALGS; ++i) {
            char item[64];
            int value, item_len = sizeof(item);
            if (MPI_SUCCESS == MPI_T_enum_get_item(et, i, &value, item, &item_len)) {
                snprintf(g_alg_names[coll][g_nalgs[coll]++], 64, "%s", item);
            }
        }
        return;
    }
}

static int in_list(const char *list, const char *name)
{
    size_t n = strlen(name);
    const char *s = list;
    if (NULL == list) {
        return 1;
    }
    while (NULL != (s = strstr(s, name))) {
        if ((s == list || ',' == s[-1]) && (',' == s[n] || '\0' == s[n])) {
            return 1;
        }
        s += n;
    }
    return 0;
}

/* ----------------------------------------------------------- the calls */

typedef struct guard_case {
    int coll, alg, ti, inplace, root;
    guard_op_t op;
    size_t count;
} guard_case_t;

/*
 * SUM on the resized type (Open MPI's predefined ops refuse derived types):
 * a commutative user op on its three ints, elements GUARD_RESIZED_EXTENT
 * apart; the tail of each element is left alone.
 */
static MPI_Op g_sum3 = MPI_OP_NULL;
static void guard_sum3_fn(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    (void) dt;
    for (int k = 0; k < *len; ++k) {
        for (int c = 0; c < 3; ++c) {
            int a, b;
            size_t at = (size_t) k * GUARD_RESIZED_EXTENT + (size_t) c * sizeof(int);
            memcpy(&a, (char *) in + at, sizeof(int));
            memcpy(&b, (char *) inout + at, sizeof(int));
            b += a;
            memcpy((char *) inout + at, &b, sizeof(int));
        }
    }
}

static MPI_Op guard_mpi_op(guard_op_t op, int ti)
{
    if (OP_SUM == op && GUARD_RESIZED == ti) {
        return g_sum3;
    }
    return OP_MAXLOC == op ? MPI_MAXLOC : OP_MINLOC == op ? MPI_MINLOC : MPI_SUM;
}

static int guard_err(int rc, const char *what)
{
    if (MPI_SUCCESS != rc) {
        char s[MPI_MAX_ERROR_STRING];
        int len;
        MPI_Error_string(rc, s, &len);
        guard_report(what, "MPI error %d: %s", rc, s);
        return 1;
    }
    return 0;
}

/* One call of case cs on comm, its buffers built, guarded and checked. */
static void guard_one(MPI_Comm comm, const guard_case_t *cs)
{
    const guard_type_t *t = &guard_types[cs->ti];
    MPI_Datatype dt = t->type;
    MPI_Op mop = guard_mpi_op(cs->op, cs->ti);
    int p = g_size, me = g_rank, n = (int) cs->count, root = cs->root;
    guard_buf_t sb = { 0 }, rb = { 0 };
    int *counts = malloc(sizeof(int) * (size_t) p), *displs = malloc(sizeof(int) * (size_t) p);
    char what[256];
    int rc = MPI_SUCCESS;

    snprintf(what, sizeof(what), "%s %s alg=%s %s %s count=%d%s root=%d", g_label,
             guard_coll_names[cs->coll], g_alg_names[cs->coll][cs->alg], t->name,
             guard_op_names[cs->op], n, cs->inplace ? " in place" : "", root);
    /* reduce_scatter's and allgatherv's uneven blocks: n, and n/2+1 more on odd ranks */
    size_t total = 0, vtotal = 0;
    for (int r = 0; r < p; ++r) {
        counts[r] = n + (r % 2) * (n / 2 + 1);
        displs[r] = (int) total;
        total += (size_t) counts[r];
    }
    for (int r = 0; r < p; ++r) {
        /* allgatherv's blocks one element apart */
        displs[r] += r;
    }
    vtotal = total + (size_t) (p - 1);

    lay_own_t own_s = { me, 0, 0, (size_t) -1 };
    lay_own_t own_r = { me, 0, 1, (size_t) -1 };
    unsigned long long s0, f0;
    char sname[96], fname[96];
    snprintf(sname, sizeof(sname), "%s_served", guard_coll_names[cs->coll]);
    snprintf(fname, sizeof(fname), "%s_fallback", guard_coll_names[cs->coll]);
    s0 = swing_pvar_get(sname);
    f0 = swing_pvar_get(fname);
    g_case_fail = &g_failc[cs->coll][cs->alg][cs->ti][cs->op];

    switch (cs->coll) {
    case C_ALLREDUCE:
    case C_IALLREDUCE:
    case C_ALLREDUCE_INIT: {
        int starts = C_ALLREDUCE_INIT == cs->coll ? 2 : 1;
        MPI_Request req = MPI_REQUEST_NULL;
        guard_buf_alloc(&rb, cs->ti, cs->count);
        if (!cs->inplace) {
            guard_buf_alloc(&sb, cs->ti, cs->count);
            guard_fill(&sb, cs->ti, cs->op, lay_own, &own_s);
        }
        const void *sp = cs->inplace ? MPI_IN_PLACE : sb.ptr;
        for (int s = 0; s < starts && MPI_SUCCESS == rc; ++s) {
            if (cs->inplace) {
                guard_fill(&rb, cs->ti, cs->op, lay_own, &own_s);
            } else {
                memset(rb.base, GUARD_CANARY, rb.span + 2 * GUARD_PAD);
            }
            if (C_ALLREDUCE == cs->coll) {
                rc = MPI_Allreduce(sp, rb.ptr, n, dt, mop, comm);
            } else if (C_IALLREDUCE == cs->coll) {
                rc = MPI_Iallreduce(sp, rb.ptr, n, dt, mop, comm, &req);
                if (MPI_SUCCESS == rc) {
                    rc = MPI_Wait(&req, MPI_STATUS_IGNORE);
                }
            } else {
                if (0 == s) {
                    rc = TU_ALLREDUCE_INIT(sp, rb.ptr, n, dt, mop, comm, MPI_INFO_NULL, &req);
                }
                if (MPI_SUCCESS == rc) {
                    rc = MPI_Start(&req);
                }
                if (MPI_SUCCESS == rc) {
                    rc = MPI_Wait(&req, MPI_STATUS_IGNORE);
                }
            }
            if (!guard_err(rc, what)) {
                guard_check(&rb, cs->ti, cs->op, lay_own, &own_r, what);
            }
        }
        if (MPI_REQUEST_NULL != req) {
            MPI_Request_free(&req);
        }
        if (!cs->inplace) {
            guard_check(&sb, cs->ti, cs->op, lay_own, &own_s, what);
        }
        break;
    }
    case C_RSB:
    case C_RS: {
        /* the whole vector in; block me out (reduced), at its start */
        size_t whole = C_RSB == cs->coll ? cs->count * (size_t) p : total;
        size_t g0 = 0, mine = C_RSB == cs->coll ? cs->count : (size_t) counts[me];
        for (int r = 0; r < me; ++r) {
            g0 += C_RSB == cs->coll ? cs->count : (size_t) counts[r];
        }
        lay_own_t res = { me, g0, 1, mine };
        if (cs->inplace) {
            guard_buf_alloc(&rb, cs->ti, whole);
            guard_fill(&rb, cs->ti, cs->op, lay_own, &own_s);
        } else {
            guard_buf_alloc(&sb, cs->ti, whole);
            guard_fill(&sb, cs->ti, cs->op, lay_own, &own_s);
            guard_buf_alloc(&rb, cs->ti, mine);
            res.n_data = (size_t) -1;
        }
        const void *sp = cs->inplace ? MPI_IN_PLACE : sb.ptr;
        if (C_RSB == cs->coll) {
            rc = MPI_Reduce_scatter_block(sp, rb.ptr, n, dt, mop, comm);
        } else {
            /* counts are not displacements here: the gaps are allgatherv's */
            int *rcounts = malloc(sizeof(int) * (size_t) p);
            for (int r = 0; r < p; ++r) {
                rcounts[r] = counts[r];
            }
            rc = MPI_Reduce_scatter(sp, rb.ptr, rcounts, dt, mop, comm);
            free(rcounts);
        }
        if (!guard_err(rc, what)) {
            guard_check(&rb, cs->ti, cs->op, lay_own, &res, what);
            if (!cs->inplace) {
                guard_check(&sb, cs->ti, cs->op, lay_own, &own_s, what);
            }
        }
        break;
    }
    case C_ALLGATHER:
    case C_ALLGATHERV: {
        int *c = counts, *d = displs, *ec = NULL, *ed = NULL;
        size_t rn = C_ALLGATHERV == cs->coll ? vtotal : cs->count * (size_t) p;
        int mycount = C_ALLGATHERV == cs->coll ? counts[me] : n;
        if (C_ALLGATHER == cs->coll) {
            ec = malloc(sizeof(int) * (size_t) p);
            ed = malloc(sizeof(int) * (size_t) p);
            for (int r = 0; r < p; ++r) {
                ec[r] = n;
                ed[r] = r * n;
            }
            c = ec;
            d = ed;
        }
        lay_blocks_t lb = { c, d, -1, 1, 0 };
        lay_own_t mys = { me, 0, 0, (size_t) -1 };
        guard_buf_alloc(&rb, cs->ti, rn);
        if (cs->inplace) {
            /* only my block in place; the others canary until received */
            lay_blocks_t mine_only = { c, d, me, 1, 0 };
            guard_fill(&rb, cs->ti, cs->op, lay_blocks, &mine_only);
        } else {
            guard_buf_alloc(&sb, cs->ti, (size_t) mycount);
            guard_fill(&sb, cs->ti, cs->op, lay_own, &mys);
        }
        const void *sp = cs->inplace ? MPI_IN_PLACE : sb.ptr;
        if (C_ALLGATHER == cs->coll) {
            rc = MPI_Allgather(sp, n, dt, rb.ptr, n, dt, comm);
        } else {
            rc = MPI_Allgatherv(sp, mycount, dt, rb.ptr, c, d, dt, comm);
        }
        if (!guard_err(rc, what)) {
            guard_check(&rb, cs->ti, cs->op, lay_blocks, &lb, what);
            if (!cs->inplace) {
                guard_check(&sb, cs->ti, cs->op, lay_own, &mys, what);
            }
        }
        free(ec);
        free(ed);
        break;
    }
    case C_BCAST: {
        lay_own_t from_root = { root, 0, 0, (size_t) -1 };
        guard_buf_alloc(&rb, cs->ti, cs->count);
        if (me == root) {
            guard_fill(&rb, cs->ti, cs->op, lay_own, &from_root);
        }
        rc = MPI_Bcast(rb.ptr, n, dt, root, comm);
        if (!guard_err(rc, what)) {
            guard_check(&rb, cs->ti, cs->op, lay_own, &from_root, what);
        }
        break;
    }
    case C_REDUCE: {
        const void *sp;
        if (me == root) {
            guard_buf_alloc(&rb, cs->ti, cs->count);
        }
        if (me == root && cs->inplace) {
            guard_fill(&rb, cs->ti, cs->op, lay_own, &own_s);
            sp = MPI_IN_PLACE;
        } else {
            guard_buf_alloc(&sb, cs->ti, cs->count);
            guard_fill(&sb, cs->ti, cs->op, lay_own, &own_s);
            sp = sb.ptr;
        }
        rc = MPI_Reduce(sp, me == root ? rb.ptr : NULL, n, dt, mop, root, comm);
        if (!guard_err(rc, what)) {
            if (me == root) {
                guard_check(&rb, cs->ti, cs->op, lay_own, &own_r, what);
            }
            if (NULL != sb.base) {
                guard_check(&sb, cs->ti, cs->op, lay_own, &own_s, what);
            }
        }
        break;
    }
    case C_GATHER: {
        int *c = malloc(sizeof(int) * (size_t) p), *d = malloc(sizeof(int) * (size_t) p);
        for (int r = 0; r < p; ++r) {
            c[r] = n;
            d[r] = r * n;
        }
        lay_blocks_t lb = { c, d, -1, 1, 0 };
        lay_own_t mys = { me, 0, 0, (size_t) -1 };
        const void *sp = NULL;
        if (me == root) {
            guard_buf_alloc(&rb, cs->ti, cs->count * (size_t) p);
        }
        if (me == root && cs->inplace) {
            /* my block in place, the others canary until received */
            lay_blocks_t mine_only = { c, d, me, 1, 0 };
            guard_fill(&rb, cs->ti, cs->op, lay_blocks, &mine_only);
            sp = MPI_IN_PLACE;
        } else {
            guard_buf_alloc(&sb, cs->ti, cs->count);
            guard_fill(&sb, cs->ti, cs->op, lay_own, &mys);
            sp = sb.ptr;
        }
        rc = MPI_Gather(sp, n, dt, me == root ? rb.ptr : NULL, n, dt, root, comm);
        if (!guard_err(rc, what)) {
            if (me == root) {
                guard_check(&rb, cs->ti, cs->op, lay_blocks, &lb, what);
            }
            if (NULL != sb.base) {
                guard_check(&sb, cs->ti, cs->op, lay_own, &mys, what);
            }
        }
        free(c);
        free(d);
        break;
    }
    case C_SCATTER: {
        /* root's vector: its elements 0 .. p*n-1; rank r gets r*n .. */
        lay_own_t whole = { root, 0, 0, (size_t) -1 };
        lay_own_t mine = { root, (size_t) me * cs->count, 0, (size_t) -1 };
        void *rp = NULL;
        if (me == root) {
            guard_buf_alloc(&sb, cs->ti, cs->count * (size_t) p);
            guard_fill(&sb, cs->ti, cs->op, lay_own, &whole);
        }
        if (!(me == root && cs->inplace)) {
            guard_buf_alloc(&rb, cs->ti, cs->count);
            rp = rb.ptr;
        } else {
            rp = MPI_IN_PLACE;
        }
        rc = MPI_Scatter(me == root ? sb.ptr : NULL, n, dt, rp, n, dt, root, comm);
        if (!guard_err(rc, what)) {
            if (NULL != rb.base) {
                guard_check(&rb, cs->ti, cs->op, lay_own, &mine, what);
            }
            if (me == root) {
                guard_check(&sb, cs->ti, cs->op, lay_own, &whole, what);
            }
        }
        break;
    }
    }

    unsigned long long s1 = swing_pvar_get(sname), f1 = swing_pvar_get(fname);
    if (~0ULL != f1 && f1 > f0) {
        g_fb[cs->coll][cs->alg][cs->ti][cs->op] += (int) (f1 - f0);
    }
    if (~0ULL != s1 && s1 > s0) {
        g_served[cs->coll][cs->alg] += (int) (s1 - s0);
    }
    g_case_fail = NULL;
    guard_buf_free(&sb);
    guard_buf_free(&rb);
    free(counts);
    free(displs);
}

/* Every type, op, count, in-place form and root of coll on comm. */
static void guard_coll(MPI_Comm comm, int coll, int alg)
{
    int reduces = C_ALLREDUCE == coll || C_IALLREDUCE == coll || C_ALLREDUCE_INIT == coll
                  || C_RSB == coll || C_RS == coll || C_REDUCE == coll;
    int rooted = C_BCAST == coll || C_REDUCE == coll || C_GATHER == coll || C_SCATTER == coll;
    int can_inplace = C_BCAST != coll;
    size_t counts[9];
    int ncounts = 0;

    for (size_t c = 0; c <= 7; ++c) {
        counts[ncounts++] = c;
    }
    if (g_big > 0) {
        counts[ncounts++] = g_big;
    }
    for (int ti = 0; ti < GUARD_NTYPES; ++ti) {
        const guard_type_t *t = &guard_types[ti];
        if (g_pairs_only && CLS_PAIR != t->cls) {
            continue;
        }
        for (int op = 0; op < OP_N; ++op) {
            if (reduces) {
                if (OP_NONE == op || (CLS_MOVE == t->cls) || (CLS_PAIR == t->cls && OP_SUM == op)
                    || (CLS_SUM == t->cls && OP_SUM != op)) {
                    continue;
                }
            } else if (OP_NONE != op) {
                continue;
            }
            for (int ci = 0; ci < ncounts; ++ci) {
                for (int ip = 0; ip <= (can_inplace && g_inplace); ++ip) {
                    for (int ri = 0; ri < (rooted ? 2 : 1); ++ri) {
                        int root = ri ? g_size - 1 : 0;
                        if (ri && g_size == 1) {
                            continue;
                        }
                        guard_case_t cs = { coll, alg, ti, ip, root, (guard_op_t) op, counts[ci] };
                        guard_one(comm, &cs);
                    }
                }
            }
        }
    }
}

static void guard_types_setup(void)
{
    MPI_Datatype c3;
    MPI_Type_contiguous(3, MPI_INT, &c3);
    MPI_Type_create_resized(c3, 0, GUARD_RESIZED_EXTENT, &guard_types[GUARD_RESIZED].type);
    MPI_Type_commit(&guard_types[GUARD_RESIZED].type);
    MPI_Type_free(&c3);
    MPI_Op_create(guard_sum3_fn, 1, &g_sum3);
    for (int ti = 0; ti < GUARD_NTYPES; ++ti) {
        MPI_Aint lb;
        MPI_Type_get_extent(guard_types[ti].type, &lb, &g_extent[ti]);
        MPI_Type_get_true_extent(guard_types[ti].type, &g_true_lb[ti], &g_true_extent[ti]);
        if ((size_t) g_extent[ti] != guard_types[ti].extent) {
            fprintf(stderr, "test_guard: %s: extent %ld, the C layout's %zu\n",
                    guard_types[ti].name, (long) g_extent[ti], guard_types[ti].extent);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }
}

/* ------------------------------------------------------------- coll12 */

/*
 * MPICH coll12's shape, on buffers of exactly n elements: MAXLOC reduce of
 * MPI_DOUBLE_INT to the last rank, broadcast of its result from there,
 * MINLOC allreduce of MPI_DOUBLE_INT and of MPI_2INT.
 */
static void guard_coll12(MPI_Comm comm, const char *alg)
{
    static const int ns[] = { 1, 2, 3, 4, 5, 6, 7, 1000 };
    int p = g_size, me = g_rank, last = p - 1;
    char what[160];

    for (size_t ni = 0; ni < sizeof(ns) / sizeof(ns[0]); ++ni) {
        int n = ns[ni];
        for (int it = 0; it < 3; ++it) {
            struct g_di *in = malloc(sizeof(*in) * (size_t) n);
            struct g_di *out = malloc(sizeof(*out) * (size_t) n);
            struct g_ii *iin = malloc(sizeof(*iin) * (size_t) n);
            struct g_ii *iout = malloc(sizeof(*iout) * (size_t) n);
            snprintf(what, sizeof(what), "%s coll12 reduce alg=%s n=%d", g_label, alg, n);
            for (int k = 0; k < n; ++k) {
                in[k].v = (double) ((me * 7 + k) % p);
                in[k].i = me;
                out[k].v = -1.0;
                out[k].i = -1;
            }
            MPI_Reduce(in, me == last ? out : NULL, n, MPI_DOUBLE_INT, MPI_MAXLOC, last, comm);
            if (me == last) {
                for (int k = 0; k < n; ++k) {
                    double best = -1.0;
                    int who = -1;
                    for (int r = 0; r < p; ++r) {
                        if ((double) ((r * 7 + k) % p) > best) {
                            best = (double) ((r * 7 + k) % p);
                            who = r;
                        }
                    }
                    if (out[k].v != best || out[k].i != who) {
                        guard_report(what, "element %d: %g/%d, expected %g/%d", k, out[k].v,
                                     out[k].i, best, who);
                        break;
                    }
                }
            }
            snprintf(what, sizeof(what), "%s coll12 bcast alg=%s n=%d", g_label, alg, n);
            MPI_Bcast(out, n, MPI_DOUBLE_INT, last, comm);
            for (int k = 0; k < n; ++k) {
                if (out[k].i < 0 || out[k].i >= p
                    || out[k].v != (double) ((out[k].i * 7 + k) % p)) {
                    guard_report(what, "element %d: %g/%d is no rank's own", k, out[k].v, out[k].i);
                    break;
                }
            }
            snprintf(what, sizeof(what), "%s coll12 allreduce MINLOC alg=%s n=%d", g_label, alg, n);
            for (int k = 0; k < n; ++k) {
                in[k].v = (double) ((me + k) % 3);
                in[k].i = p - 1 - me;
                iin[k].v = (me * 5 + k) % 4;
                iin[k].i = me;
            }
            MPI_Allreduce(MPI_IN_PLACE, in, n, MPI_DOUBLE_INT, MPI_MINLOC, comm);
            MPI_Allreduce(iin, iout, n, MPI_2INT, MPI_MINLOC, comm);
            for (int k = 0; k < n; ++k) {
                double bv = 1e9;
                int bi = p, iv = 1 << 30, ii = p;
                for (int r = 0; r < p; ++r) {
                    double v = (double) ((r + k) % 3);
                    int idx = p - 1 - r;
                    if (v < bv || (v == bv && idx < bi)) {
                        bv = v;
                        bi = idx;
                    }
                    int w = (r * 5 + k) % 4;
                    if (w < iv) {
                        iv = w;
                        ii = r;
                    }
                }
                if (in[k].v != bv || in[k].i != bi || iout[k].v != iv || iout[k].i != ii) {
                    guard_report(what, "element %d: %g/%d and %d/%d, expected %g/%d and %d/%d", k,
                                 in[k].v, in[k].i, iout[k].v, iout[k].i, bv, bi, iv, ii);
                    break;
                }
            }
            free(in);
            free(out);
            free(iin);
            free(iout);
        }
    }
}

/* --------------------------------------------------------------- main */

int main(int argc, char **argv)
{
    const char *colls = NULL, *algs = NULL;
    int coll12 = 0, total = 0, previous = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);
    for (int i = 1; i < argc; ++i) {
        if (0 == strcmp(argv[i], "--colls") && i + 1 < argc) {
            colls = argv[++i];
        } else if (0 == strcmp(argv[i], "--algs") && i + 1 < argc) {
            algs = argv[++i];
        } else if (0 == strcmp(argv[i], "--types") && i + 1 < argc) {
            g_pairs_only = 0 == strcmp(argv[++i], "pairs");
        } else if (0 == strcmp(argv[i], "--big") && i + 1 < argc) {
            g_big = (size_t) strtoul(argv[++i], NULL, 10);
        } else if (0 == strcmp(argv[i], "--label") && i + 1 < argc) {
            g_label = argv[++i];
        } else if (0 == strcmp(argv[i], "--no-inplace")) {
            g_inplace = 0;
        } else if (0 == strcmp(argv[i], "--previous")) {
            previous = 1;
        } else if (0 == strcmp(argv[i], "--coll12")) {
            coll12 = 1;
        } else {
            if (0 == g_rank) {
                fprintf(stderr, "test_guard: unknown option %s\n", argv[i]);
            }
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }
    if (0 != swing_pvar_open() && 0 == g_rank) {
        printf("test_guard: some allreduce counters of coll/swing not found\n");
    }
    guard_types_setup();
    for (int c = 0; c < C_N; ++c) {
        if (previous) {
            /* without coll/swing (--mca coll ^swing): the check of the test itself */
            g_nalgs[c] = 1;
            snprintf(g_alg_names[c][0], sizeof(g_alg_names[c][0]), "previous");
            algs = NULL;
        } else {
            guard_alg_names(c);
        }
    }
    if (0 == g_nalgs[C_ALLREDUCE]) {
        if (0 == g_rank) {
            printf("test_guard: coll_swing_allreduce_algorithm not found: is coll/swing loaded?\n");
        }
        MPI_Abort(MPI_COMM_WORLD, 2);
    }

    for (int c = 0; c < C_N; ++c) {
        if (coll12 ? C_REDUCE != c : !in_list(colls, guard_coll_names[c])) {
            continue;
        }
        char var[96];
        snprintf(var, sizeof(var), "coll_swing_%s_algorithm", guard_coll_names[c]);
        for (int a = 0; a < g_nalgs[c]; ++a) {
            MPI_Comm comm;
            if (!in_list(algs, g_alg_names[c][a])) {
                continue;
            }
            if (!previous && 0 != swing_cvar_set(var, g_alg_names[c][a])) {
                guard_report(var, "could not set it to %s", g_alg_names[c][a]);
                continue;
            }
            MPI_Comm_dup(MPI_COMM_WORLD, &comm);
            MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
            double t0 = MPI_Wtime();
            if (coll12) {
                guard_coll12(comm, g_alg_names[c][a]);
            } else {
                guard_coll(comm, c, a);
            }
            if (0 == g_rank && getenv("GUARD_TIMES")) {
                printf("test_guard: %s %s: %.1f s\n", guard_coll_names[c], g_alg_names[c][a],
                       MPI_Wtime() - t0);
                fflush(stdout);
            }
            MPI_Comm_free(&comm);
            if (!previous) {
                (void) swing_cvar_set(var, "auto");
            }
        }
    }

    /* which combinations swing handed to the previous module (any rank) */
    static int fb_all[C_N][GUARD_MAX_ALGS][64][OP_N];
    static int served_all[C_N][GUARD_MAX_ALGS];
    static int fail_all[C_N][GUARD_MAX_ALGS][64][OP_N];
    MPI_Allreduce(g_failc, fail_all, (int) (sizeof(g_failc) / sizeof(int)), MPI_INT, MPI_MAX,
                  MPI_COMM_WORLD);
    MPI_Allreduce(g_fb, fb_all, (int) (sizeof(g_fb) / sizeof(int)), MPI_INT, MPI_MAX,
                  MPI_COMM_WORLD);
    MPI_Allreduce(g_served, served_all, (int) (sizeof(g_served) / sizeof(int)), MPI_INT, MPI_MAX,
                  MPI_COMM_WORLD);
    if (0 == g_rank && !coll12) {
        for (int c = 0; c < C_N; ++c) {
            for (int a = 0; a < g_nalgs[c]; ++a) {
                char line[4096];
                size_t len = 0;
                int any = 0;
                if (!in_list(colls, guard_coll_names[c]) || !in_list(algs, g_alg_names[c][a])) {
                    continue;
                }
                for (int ti = 0; ti < GUARD_NTYPES; ++ti) {
                    for (int op = 0; op < OP_N; ++op) {
                        if (fb_all[c][a][ti][op] > 0 && len + 80 < sizeof(line)) {
                            len += (size_t) snprintf(line + len, sizeof(line) - len, " %s%s%s",
                                                     guard_types[ti].name, OP_NONE == op ? "" : "/",
                                                     OP_NONE == op ? "" : guard_op_names[op]);
                            any = 1;
                        }
                    }
                }
                printf("test_guard %s: %s alg=%s: %d calls served by swing (rank 0: max over "
                       "ranks)%s%s\n",
                       g_label, guard_coll_names[c], g_alg_names[c][a], served_all[c][a],
                       any ? "; handed to the previous module:" : "", any ? line : "");
                len = 0;
                any = 0;
                for (int ti = 0; ti < GUARD_NTYPES; ++ti) {
                    for (int op = 0; op < OP_N; ++op) {
                        if (fail_all[c][a][ti][op] > 0 && len + 80 < sizeof(line)) {
                            len += (size_t) snprintf(line + len, sizeof(line) - len, " %s%s%s",
                                                     guard_types[ti].name, OP_NONE == op ? "" : "/",
                                                     OP_NONE == op ? "" : guard_op_names[op]);
                            any = 1;
                        }
                    }
                }
                if (any) {
                    printf("test_guard %s: %s alg=%s: FAILED on%s\n", g_label, guard_coll_names[c],
                           g_alg_names[c][a], line);
                }
            }
        }
    }
    MPI_Allreduce(&g_fail, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (0 == g_rank) {
        printf("test_guard %s%s: %d failures: %s\n", g_label, coll12 ? " coll12" : "", total,
               total ? "FAIL" : "PASS");
    }
    swing_pvar_close();
    MPI_Type_free(&guard_types[GUARD_RESIZED].type);
    MPI_Op_free(&g_sum3);
    MPI_Finalize();
    return total ? 1 : 0;
}
