/* SPDX-License-Identifier: BSD-3-Clause */
/* Helpers of the reliability programs (see rel_util.h). */
#include "rel_util.h"

#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rel_rng_seed(rel_rng_t *rng, uint64_t seed)
{
    rng->state = seed;
}

uint64_t rel_rng_next(rel_rng_t *rng)
{
    rng->state += 0x9E3779B97F4A7C15ULL;
    return tu_mix(rng->state);
}

long long rel_rng_range(rel_rng_t *rng, long long lo, long long hi)
{
    uint64_t span = (uint64_t) (hi - lo) + 1;
    return lo + (long long) (0 == span ? rel_rng_next(rng) : rel_rng_next(rng) % span);
}

uint64_t rel_hash3(uint64_t salt, uint64_t r, uint64_t i)
{
    return tu_mix(salt ^ tu_mix(r * 0xD1B54A32D192ED03ULL + i));
}

int rel_pvar_open(rel_pvar_t *pv, const char *name)
{
    char full[128];
    int idx, count;

    pv->open = 0;
    snprintf(full, sizeof(full), "coll_swing_%s", name);
    if ((MPI_SUCCESS != MPI_T_pvar_get_index(full, MPI_T_PVAR_CLASS_COUNTER, &idx)
         && MPI_SUCCESS != MPI_T_pvar_get_index(full, MPI_T_PVAR_CLASS_LEVEL, &idx))
        || MPI_SUCCESS != MPI_T_pvar_session_create(&pv->session)) {
        return -1;
    }
    if (MPI_SUCCESS != MPI_T_pvar_handle_alloc(pv->session, idx, NULL, &pv->handle, &count)
        || 1 != count) {
        MPI_T_pvar_session_free(&pv->session);
        return -1;
    }
    pv->open = 1;
    return 0;
}

int rel_pvar_read(rel_pvar_t *pv, unsigned long long *value)
{
    if (!pv->open || MPI_SUCCESS != MPI_T_pvar_read(pv->session, pv->handle, value)) {
        return -1;
    }
    return 0;
}

void rel_pvar_close(rel_pvar_t *pv)
{
    if (pv->open) {
        MPI_T_pvar_handle_free(pv->session, &pv->handle);
        MPI_T_pvar_session_free(&pv->session);
        pv->open = 0;
    }
}

int rel_await_nb_idle(double seconds)
{
    rel_pvar_t pv;
    unsigned long long alive = 1;
    double t0 = MPI_Wtime();

    if (0 != rel_pvar_open(&pv, "nb_requests")) {
        return -1;
    }
    while (0 == rel_pvar_read(&pv, &alive) && 0 != alive && MPI_Wtime() - t0 < seconds) {
        int flag;
        /* any progressing call advances swing's requests */
        MPI_Iprobe(MPI_ANY_SOURCE, 4242, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    }
    rel_pvar_close(&pv);
    return 0 == alive ? 0 : -1;
}

int rel_nb_leftovers(unsigned long long *requests, unsigned long long *progress)
{
    static const char *const levels[] = { "nb_requests", "nb_progress" };
    unsigned long long *out[] = { requests, progress };
    int rc = 0;

    for (int i = 0; i < 2; ++i) {
        rel_pvar_t pv;
        *out[i] = ~0ULL;
        if (0 != rel_pvar_open(&pv, levels[i]) || 0 != rel_pvar_read(&pv, out[i])) {
            rc = -1;
        }
        rel_pvar_close(&pv);
    }
    return (0 == rc && 0 == *requests && 0 == *progress) ? 0 : -1;
}

long rel_rss_kib(void)
{
    return rel_status_kib("VmRSS");
}

long rel_status_kib(const char *field)
{
    char line[256];
    size_t n = strlen(field);
    long kib = -1;
    FILE *f = fopen("/proc/self/status", "r");

    if (NULL == f) {
        return -1;
    }
    while (fgets(line, sizeof(line), f)) {
        if (0 == strncmp(line, field, n) && ':' == line[n]) {
            kib = strtol(line + n + 1, NULL, 10);
            break;
        }
    }
    fclose(f);
    return kib;
}

size_t rel_heap_bytes(void)
{
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
}

unsigned long long rel_parse_ull(const char *flag, const char *text)
{
    char *end = NULL;
    unsigned long long v;

    errno = 0;
    v = (NULL == text) ? 0 : strtoull(text, &end, 0);
    if (NULL == text || 0 != errno || end == text || '\0' != *end || '-' == text[0]) {
        fprintf(stderr, "%s: expected a non-negative integer, got \"%s\"\n", flag,
                NULL == text ? "(nothing)" : text);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    return v;
}

void rel_parse_opts(const char *prog, const char *usage, int argc, char **argv,
                    const rel_opt_t *opts)
{
    for (int i = 1; i < argc; ++i) {
        const char *next = (i + 1 < argc) ? argv[i + 1] : NULL;
        const rel_opt_t *o = opts;

        while (NULL != o->flag && 0 != strcmp(o->flag, argv[i])) {
            ++o;
        }
        if (NULL == o->flag || (NULL != o->text && NULL == next)) {
            fprintf(stderr, "%s: unknown argument \"%s\"\n", prog, argv[i]);
            if (NULL != usage) {
                fprintf(stderr, "usage: %s\n", usage);
            }
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        if (NULL != o->number) {
            *o->number = rel_parse_ull(argv[i], next);
            ++i;
        } else if (NULL != o->text) {
            *o->text = next;
            ++i;
        }
        if (NULL != o->set) {
            *o->set = 1;
        }
    }
}
