/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Seeded mutation fuzzing of the description parser, without clang: every
 * corpus file is run as it is, then --iters inputs are made from them by
 * byte flips, inserts, deletes, copies, splices with another file, token
 * swaps and inserts from the dictionary (topo.dict), number swaps and line
 * swaps, and each goes through fz_one (fuzz_topo.h). The same seed makes
 * the same inputs. Fails on a finding (its input printed as a C string),
 * on a corpus or regression input that is a finding, and on an input that
 * takes longer than --slow-ms.
 *
 * usage: fuzz_mutate [--seed N] [--iters N] [--dict FILE] [--max-len N]
 *                    [--slow-ms N] [--self-test] [--once FILE]... FILE...
 * --once FILE: run FILE as it is, but make no inputs from it (one that is
 * slow by design, such as the largest grid, would slow every mutation).
 * --self-test alters every printed description before it is parsed back
 * (fz_inject): then every input that loads must be reported, and the
 * program exits 1 after the first.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fuzz_topo.h"

typedef struct buf {
    uint8_t *d;
    size_t n;
} buf_t;

typedef struct list {
    buf_t *v;
    size_t n;
    size_t cap;
} list_t;

static uint64_t mz_state;

static uint64_t mz_next(void)
{
    /* splitmix64 */
    uint64_t x = (mz_state += 0x9E3779B97F4A7C15ULL);
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* Uniform in [0, n); 0 when n is 0. */
static size_t mz_below(size_t n)
{
    return 0 == n ? 0 : (size_t) (mz_next() % n);
}

static int mz_push(list_t *l, const uint8_t *d, size_t n)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        buf_t *v = realloc(l->v, cap * sizeof(*v));
        if (NULL == v) {
            return -1;
        }
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n].d = malloc(n ? n : 1);
    if (NULL == l->v[l->n].d) {
        return -1;
    }
    memcpy(l->v[l->n].d, d, n);
    l->v[l->n].n = n;
    ++l->n;
    return 0;
}

static int mz_read(const char *path, list_t *l)
{
    FILE *f = fopen(path, "rb");
    uint8_t *d = NULL;
    size_t n = 0, cap = 0;
    int rc;

    if (NULL == f) {
        fprintf(stderr, "fuzz_mutate: %s: %s\n", path, strerror(errno));
        return -1;
    }
    for (;;) {
        if (n == cap) {
            uint8_t *nd = realloc(d, cap ? 2 * cap : 4096);
            if (NULL == nd) {
                break;
            }
            d = nd;
            cap = cap ? 2 * cap : 4096;
        }
        size_t got = fread(d + n, 1, cap - n, f);
        n += got;
        if (0 == got) {
            break;
        }
    }
    rc = ferror(f) ? -1 : mz_push(l, d, n);
    fclose(f);
    free(d);
    return rc;
}

/* The dictionary's "tokens" (libFuzzer's format: \" \\ \xNN escapes). */
static int mz_read_dict(const char *path, list_t *dict)
{
    char line[512];
    FILE *f = fopen(path, "r");

    if (NULL == f) {
        fprintf(stderr, "fuzz_mutate: %s: %s\n", path, strerror(errno));
        return -1;
    }
    while (fgets(line, sizeof(line), f)) {
        char *q = strchr(line, '"'), *end = strrchr(line, '"');
        uint8_t tok[256];
        size_t n = 0;
        if ('#' == line[0] || NULL == q || end == q) {
            continue;
        }
        for (++q; q < end && n < sizeof(tok); ++q) {
            if ('\\' == *q && 'x' == q[1] && q + 3 < end) {
                char hex[3] = { q[2], q[3], '\0' };
                tok[n++] = (uint8_t) strtoul(hex, NULL, 16);
                q += 3;
            } else if ('\\' == *q && q + 1 < end) {
                tok[n++] = (uint8_t) * ++q;
            } else {
                tok[n++] = (uint8_t) *q;
            }
        }
        if (0 != mz_push(dict, tok, n)) {
            fclose(f);
            return -1;
        }
    }
    fclose(f);
    return 0;
}

/* Replaces in->d[at, at + del) with ins[0, n), within max bytes. */
static void mz_splice(buf_t *b, size_t max, size_t at, size_t del, const uint8_t *ins, size_t n)
{
    if (at > b->n) {
        at = b->n;
    }
    if (del > b->n - at) {
        del = b->n - at;
    }
    if (b->n - del + n > max) {
        n = max - (b->n - del);
    }
    memmove(b->d + at + n, b->d + at + del, b->n - at - del);
    if (n > 0) {
        memmove(b->d + at, ins, n);
    }
    b->n = b->n - del + n;
}

static int mz_is_blank(uint8_t c)
{
    return ' ' == c || '\t' == c || '\n' == c || '\r' == c;
}

/* [*lo, *hi) of the token (run of non-blanks) around at; 0 if at is blank. */
static int mz_token(const buf_t *b, size_t at, size_t *lo, size_t *hi)
{
    if (at >= b->n || mz_is_blank(b->d[at])) {
        return 0;
    }
    *lo = at;
    *hi = at;
    while (*lo > 0 && !mz_is_blank(b->d[*lo - 1])) {
        --*lo;
    }
    while (*hi < b->n && !mz_is_blank(b->d[*hi])) {
        ++*hi;
    }
    return 1;
}

static const uint8_t mz_bytes[] = { '\0', '\n', ' ', '\t', ',', '-', 'x',  '*',  '#',
                                    '=',  ':',  '0', '1',  '9', '@', '\r', 0x7f, 0xff };
static const char *const mz_numbers[] = { "0",
                                          "1",
                                          "2",
                                          "3",
                                          "7",
                                          "8",
                                          "63",
                                          "64",
                                          "65",
                                          "4096",
                                          "65536",
                                          "1048576",
                                          "1048577",
                                          "1073741824",
                                          "2147483647",
                                          "4294967296",
                                          "18446744073709551616" };

/* One mutation of b (scratch space max bytes); corpus for splices. */
static void mz_mutate_once(buf_t *b, size_t max, const list_t *corpus, const list_t *dict,
                           uint8_t *tmp)
{
    size_t at = mz_below(b->n + 1), lo, hi, n;
    const buf_t *o;
    uint8_t c;

    switch (mz_below(12)) {
    case 0: /* flip a bit */
        if (b->n > 0) {
            b->d[mz_below(b->n)] ^= (uint8_t) (1u << mz_below(8));
        }
        break;
    case 1: /* overwrite a byte with an interesting one */
        if (b->n > 0) {
            b->d[mz_below(b->n)] = mz_bytes[mz_below(sizeof(mz_bytes))];
        }
        break;
    case 2: /* insert a byte */
        c = (mz_below(2) ? mz_bytes[mz_below(sizeof(mz_bytes))] : (uint8_t) mz_next());
        mz_splice(b, max, at, 0, &c, 1);
        break;
    case 3: /* delete a run */
        mz_splice(b, max, at, 1 + mz_below(mz_below(2) ? 4 : 64), NULL, 0);
        break;
    case 4: /* copy a run of itself elsewhere */
        lo = mz_below(b->n + 1);
        n = mz_below(b->n - lo + 1);
        n = n > 256 ? 256 : n;
        memcpy(tmp, b->d + lo, n);
        mz_splice(b, max, at, mz_below(2) ? 0 : n, tmp, n);
        break;
    case 5: /* splice: a run of another corpus input */
        o = &corpus->v[mz_below(corpus->n)];
        lo = mz_below(o->n + 1);
        n = mz_below(o->n - lo + 1);
        mz_splice(b, max, at, mz_below(2) ? 0 : b->n - at, o->d + lo, n);
        break;
    case 6: /* swap a token for one of the dictionary */
        if (dict->n > 0 && mz_token(b, mz_below(b->n), &lo, &hi)) {
            o = &dict->v[mz_below(dict->n)];
            mz_splice(b, max, lo, hi - lo, o->d, o->n);
        }
        break;
    case 7: /* insert a dictionary token */
        if (dict->n > 0) {
            o = &dict->v[mz_below(dict->n)];
            mz_splice(b, max, at, 0, o->d, o->n);
        }
        break;
    case 8: { /* a run of digits becomes another number */
        const char *num = mz_numbers[mz_below(sizeof(mz_numbers) / sizeof(mz_numbers[0]))];
        for (lo = mz_below(b->n + 1); lo < b->n && (b->d[lo] < '0' || b->d[lo] > '9'); ++lo) {
        }
        for (hi = lo; hi < b->n && b->d[hi] >= '0' && b->d[hi] <= '9'; ++hi) {
        }
        mz_splice(b, max, lo, hi - lo, (const uint8_t *) num, strlen(num));
        break;
    }
    case 9: { /* swap a line with the next one */
        const uint8_t *nl;
        for (lo = mz_below(b->n + 1); lo > 0 && '\n' != b->d[lo - 1]; --lo) {
        }
        nl = memchr(b->d + lo, '\n', b->n - lo);
        if (NULL != nl) {
            size_t mid = (size_t) (nl - b->d) + 1;
            const uint8_t *nl2 = memchr(b->d + mid, '\n', b->n - mid);
            hi = nl2 ? (size_t) (nl2 - b->d) + 1 : b->n;
            memcpy(tmp, b->d + mid, hi - mid);
            memcpy(tmp + (hi - mid), b->d + lo, mid - lo);
            memcpy(b->d + lo, tmp, hi - lo);
        }
        break;
    }
    case 10: /* keep one line: a spec, or a one-statement description */
        for (lo = mz_below(b->n + 1); lo > 0 && '\n' != b->d[lo - 1]; --lo) {
        }
        for (hi = lo; hi < b->n && '\n' != b->d[hi]; ++hi) {
        }
        memmove(b->d, b->d + lo, hi - lo);
        b->n = hi - lo;
        break;
    default: /* an '@' in front, or away: the file path of swt_topo_load */
        if (b->n > 0 && '@' == b->d[0]) {
            mz_splice(b, max, 0, 1, NULL, 0);
        } else {
            c = '@';
            mz_splice(b, max, 0, 0, &c, 1);
        }
        break;
    }
}

static double mz_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

/* One input: 0 fine, 1 a finding or too slow (reported). */
static int mz_try(const uint8_t *d, size_t n, const char *what, double slow_s,
                  unsigned long long *loaded, double *worst)
{
    char why[4096];
    int got = 0;
    double t0 = mz_now(), dt;
    int bad = fz_one(d, n, why, sizeof(why), &got);

    dt = mz_now() - t0;
    *loaded += (unsigned long long) got;
    if (dt > *worst) {
        *worst = dt;
    }
    if (!bad && dt > slow_s) {
        snprintf(why, sizeof(why), "took %.2f s (limit %.2f s)", dt, slow_s);
        bad = 1;
    }
    if (bad) {
        printf("fuzz_mutate: FINDING (%s): %s\ninput (%zu bytes):\n", what, why, n);
        fz_print_input(d, n);
        fflush(stdout);
    }
    return bad;
}

static unsigned long long mz_parse_ull(const char *flag, const char *text)
{
    char *end = NULL;
    unsigned long long v;

    errno = 0;
    v = (NULL == text) ? 0 : strtoull(text, &end, 0);
    if (NULL == text || 0 != errno || end == text || '\0' != *end || '-' == text[0]) {
        fprintf(stderr, "fuzz_mutate: %s expects a non-negative integer\n", flag);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    unsigned long long seed = 1, iters = 20000, max_len = 65536, slow_ms = 10000;
    unsigned long long loaded = 0, findings = 0;
    const char *dict_path = NULL;
    list_t corpus = { 0 }, dict = { 0 }, once = { 0 };
    double worst = 0.0, t0 = mz_now(), slow_s;
    buf_t b;
    uint8_t *tmp;

    for (int i = 1; i < argc; ++i) {
        const char *next = (i + 1 < argc) ? argv[i + 1] : NULL;
        if (0 == strcmp(argv[i], "--seed")) {
            seed = mz_parse_ull(argv[i], next), ++i;
        } else if (0 == strcmp(argv[i], "--iters")) {
            iters = mz_parse_ull(argv[i], next), ++i;
        } else if (0 == strcmp(argv[i], "--max-len")) {
            max_len = mz_parse_ull(argv[i], next), ++i;
        } else if (0 == strcmp(argv[i], "--slow-ms")) {
            slow_ms = mz_parse_ull(argv[i], next), ++i;
        } else if (0 == strcmp(argv[i], "--dict") && NULL != next) {
            dict_path = next, ++i;
        } else if (0 == strcmp(argv[i], "--self-test")) {
            fz_inject = 1;
        } else if (0 == strcmp(argv[i], "--once") && NULL != next) {
            if (0 != mz_read(next, &once)) {
                return 2;
            }
            ++i;
        } else if ('-' == argv[i][0]) {
            fprintf(stderr, "fuzz_mutate: unknown option %s\n", argv[i]);
            return 2;
        } else if (0 != mz_read(argv[i], &corpus)) {
            return 2;
        }
    }
    if (0 == corpus.n || max_len < 16
        || (NULL != dict_path && 0 != mz_read_dict(dict_path, &dict))) {
        fprintf(stderr, "fuzz_mutate: no corpus files, --max-len below 16, or no dictionary\n");
        return 2;
    }
    slow_s = (double) slow_ms / 1000.0;
    printf("fuzz_mutate: seed %llu, %zu corpus inputs, %zu dictionary tokens, %llu mutated "
           "inputs\n",
           seed, corpus.n, dict.n, iters);
    /* the corpus as it is: every seed and regression input */
    for (size_t i = 0; i < corpus.n + once.n; ++i) {
        const buf_t *in = (i < corpus.n) ? &corpus.v[i] : &once.v[i - corpus.n];
        char what[64];
        snprintf(what, sizeof(what), "%s input %zu (argument order)",
                 i < corpus.n ? "corpus" : "--once", 1 + (i < corpus.n ? i : i - corpus.n));
        findings += (unsigned long long) mz_try(in->d, in->n, what, slow_s, &loaded, &worst);
        if (fz_inject && findings) {
            iters = 0; /* the self-test is over at its first finding */
            break;
        }
    }
    b.d = malloc((size_t) max_len);
    tmp = malloc((size_t) max_len);
    if (NULL == b.d || NULL == tmp) {
        fprintf(stderr, "fuzz_mutate: out of memory\n");
        return 2;
    }
    mz_state = seed;
    for (unsigned long long it = 0; it < iters && findings < 10 && !(fz_inject && findings); ++it) {
        const buf_t *src = &corpus.v[mz_below(corpus.n)];
        int rounds = 1 + (int) mz_below(mz_below(2) ? 3 : 12);
        char what[64];

        b.n = src->n < max_len ? src->n : (size_t) max_len;
        memcpy(b.d, src->d, b.n);
        for (int r = 0; r < rounds; ++r) {
            mz_mutate_once(&b, (size_t) max_len, &corpus, &dict, tmp);
        }
        snprintf(what, sizeof(what), "seed %llu, input %llu", seed, it + 1);
        findings += (unsigned long long) mz_try(b.d, b.n, what, slow_s, &loaded, &worst);
    }
    printf("fuzz_mutate: %llu inputs in %.1f s, %llu descriptions loaded and checked, slowest "
           "input %.3f s, %llu findings\n",
           iters + corpus.n + once.n, mz_now() - t0, loaded, worst, findings);
    for (size_t i = 0; i < corpus.n; ++i) {
        free(corpus.v[i].d);
    }
    for (size_t i = 0; i < once.n; ++i) {
        free(once.v[i].d);
    }
    free(once.v);
    for (size_t i = 0; i < dict.n; ++i) {
        free(dict.v[i].d);
    }
    free(corpus.v);
    free(dict.v);
    free(b.d);
    free(tmp);
    return findings ? 1 : 0;
}
