/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What swing_bench prints: a header saying under which conditions the
 * numbers were taken, OSU-like tables (size, then one column per
 * configuration), and the CSV with every figure.  Rank 0 only.
 */
#include <string.h>

#include "bench.h"

/* Sizes at or above this get the busbw / memcpy line. */
#define BENCH_LARGE_BYTES ((size_t) 1 << 20)
#define BENCH_LARGE_ROWS 3

const char *bench_served_name(bench_served_t s)
{
    switch (s) {
    case BENCH_SERVED_YES: return "yes";
    case BENCH_SERVED_NO: return "no";
    default: return "unknown";
    }
}

static const bench_result_t *bench_result(const bench_report_t *rep, int config, int size)
{
    return &rep->results[(size_t) config * (size_t) rep->nsizes + (size_t) size];
}

/* Human size: 8, 64K, 4M (binary prefixes, exact powers of two only). */
static void bench_size_name(char *out, size_t len, size_t bytes)
{
    if (bytes >= ((size_t) 1 << 30) && 0 == bytes % ((size_t) 1 << 30)) {
        snprintf(out, len, "%zu GiB", bytes >> 30);
    } else if (bytes >= ((size_t) 1 << 20) && 0 == bytes % ((size_t) 1 << 20)) {
        snprintf(out, len, "%zu MiB", bytes >> 20);
    } else if (bytes >= 1024 && 0 == bytes % 1024) {
        snprintf(out, len, "%zu KiB", bytes >> 10);
    } else {
        snprintf(out, len, "%zu B", bytes);
    }
}

static int bench_col_width(const bench_config_t *cfg)
{
    int w = (int) strlen(cfg->desc->name) + 2;
    return w < 12 ? 12 : w;
}

void bench_report_header(FILE *out, const bench_report_t *rep)
{
    const bench_args_t *a = rep->args;
    const bench_env_t *e = rep->env;
    const bench_configs_t *c = rep->configs;
    char lo[32], hi[32];
    size_t first = rep->sizes[0], last = rep->sizes[rep->nsizes - 1];

    fprintf(out,
            "# swing_bench (swing %s): %s, configurations side by side "
            "(one communicator each, interleaved per size)\n",
            SWING_VERSION, a->coll->call);
    fprintf(out, "# size n: %s; busbw = algbw * %s (nccl-tests)\n", a->coll->size,
            bench_coll_bus_text(a->coll));
    if (a->coll->rooted && a->root_rotate) {
        fprintf(out,
                "# root: rotates, call i of each size and configuration (warm-up "
                "included, from 0) has root i mod %d\n",
                e->np);
    } else if (a->coll->rooted) {
        fprintf(out, "# root: %d\n", a->root);
    }
    fprintf(out, "# MPI: %s\n", e->library);
    fprintf(out,
            "# np=%d on %d node%s, up to %d ranks on a node with %ld "
            "online cores%s\n",
            e->np, e->nodes, e->nodes > 1 ? "s" : "", e->max_local, e->cores,
            e->oversubscribed ? ": OVERSUBSCRIBED (times rank algorithms, "
                                "they are not latencies)"
                              : "");
    fprintf(out, "# datatype %s (%zu B), op %s, in-place %s, validation: %s\n", a->dtype->name,
            a->dtype->size, a->coll->reduces ? a->op->name : "- (none)",
            a->in_place ? (a->coll->rooted ? "yes (the root)" : "yes") : "no",
            !a->validate     ? "off"
            : a->check_every ? "every iteration"
                             : "last iteration of each size");
    bench_size_name(lo, sizeof(lo), first);
    bench_size_name(hi, sizeof(hi), last);
    fprintf(out, "# iterations: %d (+%d warm-up) at %s", bench_args_most(a, first),
            bench_args_warmup(a, first), lo);
    if (last != first) {
        fprintf(out, " ... %d (+%d) at %s", bench_args_most(a, last), bench_args_warmup(a, last),
                hi);
    }
    if (a->budget > 0.0) {
        fprintf(out,
                " at most; -T %g s: as many as fit in that at the warm-up's time per call,"
                " at least 5 (the CSV's iters)",
                a->budget);
    }
    fprintf(out, "; timing %s: %s\n", bench_timing_name(a->timing),
            BENCH_TIMING_SWING == a->timing
                ? "barrier before each call, call time = slowest rank, median"
            : BENCH_TIMING_CLOCK == a->timing
                ? "every rank starts each call at one instant of the clock, "
                  "call time = slowest rank, median"
            : BENCH_TIMING_OSU == a->timing
                ? "as osu_allreduce, barrier before each call, mean per rank, "
                  "averaged over ranks"
            : BENCH_TIMING_B2B == a->timing
                ? "calls back to back in up to 10 batches, call time = slowest rank's "
                  "batch time / its calls, median over batches"
                : "calls back to back, loop time / calls, averaged over ranks");
    if (rep->mem->ok) {
        bench_size_name(lo, sizeof(lo), rep->mem->bytes);
        fprintf(out,
                "# memcpy bandwidth (%s, best of runs): 1 rank %.2f GB/s; "
                "%d ranks at once %.2f GB/s in total\n",
                lo, rep->mem->one_rank, rep->mem->local_ranks, rep->mem->all_ranks);
    } else {
        fprintf(out, "# memcpy bandwidth: not measured (no memory)\n");
    }
    for (int i = 0; i < c->n; i++) {
        fprintf(out, "# %-10s %s\n", c->cfg[i].desc->name, c->cfg[i].detail);
    }
    for (int i = 0; i < c->n; i++) {
        if (BENCH_FAMILY_TUNED == c->cfg[i].desc->family && c->cfg[i].desc->tuned_algorithm > 0) {
            fprintf(out, "# tuned-N also: %s\n", c->tuned_note);
            break;
        }
    }
    if (c->skipped[0]) {
        fprintf(out, "# skipped: %s\n", c->skipped);
    }
    fprintf(out, "# swing served/fallback counters: %s\n",
            c->counters_present ? "read around every timed loop"
            : c->swing_present  ? "not available"
                                : "swing not loaded");
}

void bench_report_time_header(FILE *out, const bench_report_t *rep)
{
    fprintf(out, "\n# %s time (us)\n# %-8s",
            BENCH_TIMING_SWING == rep->args->timing || BENCH_TIMING_CLOCK == rep->args->timing
                    || BENCH_TIMING_B2B == rep->args->timing
                ? "Median"
                : "Average",
            "Size");
    for (int i = 0; i < rep->configs->n; i++) {
        fprintf(out, "%*s", bench_col_width(&rep->configs->cfg[i]),
                rep->configs->cfg[i].desc->name);
    }
    fputc('\n', out);
    fflush(out);
}

/* One row; a value is followed by '!' when the configuration was not
 * what it claims (see the legend). */
static void bench_row(FILE *out, const bench_report_t *rep, int size, int precision, int busbw)
{
    fprintf(out, "%-10zu", rep->sizes[size]);
    for (int i = 0; i < rep->configs->n; i++) {
        const bench_result_t *r = bench_result(rep, i, size);
        int w = bench_col_width(&rep->configs->cfg[i]);
        if (!r->ran) {
            fprintf(out, "%*s", w, "-");
            continue;
        }
        fprintf(out, "%*.*f%c", w - 1, precision, busbw ? r->busbw : r->stats.median * 1e6,
                r->flagged ? '!' : ' ');
    }
    fputc('\n', out);
}

void bench_report_time_row(FILE *out, const bench_report_t *rep, int size)
{
    bench_row(out, rep, size, 2, 0);
    fflush(out);
}

static int bench_any_flagged(const bench_report_t *rep)
{
    for (int i = 0; i < rep->configs->n * rep->nsizes; i++) {
        if (rep->results[i].flagged) {
            return 1;
        }
    }
    return 0;
}

static int bench_find_config(const bench_report_t *rep, const char *name)
{
    for (int i = 0; i < rep->configs->n; i++) {
        if (0 == strcmp(rep->configs->cfg[i].desc->name, name)) {
            return i;
        }
    }
    return -1;
}

static void bench_report_memcpy(FILE *out, const bench_report_t *rep)
{
    int first = rep->nsizes - BENCH_LARGE_ROWS;

    if (!rep->mem->ok || rep->mem->one_rank <= 0.0
        || rep->sizes[rep->nsizes - 1] < BENCH_LARGE_BYTES) {
        return;
    }
    fprintf(out,
            "\n# busbw / memcpy bandwidth of one rank (%.2f GB/s)\n"
            "# %-8s",
            rep->mem->one_rank, "Size");
    for (int i = 0; i < rep->configs->n; i++) {
        fprintf(out, "%*s", bench_col_width(&rep->configs->cfg[i]),
                rep->configs->cfg[i].desc->name);
    }
    fputc('\n', out);
    for (int s = first < 0 ? 0 : first; s < rep->nsizes; s++) {
        if (rep->sizes[s] < BENCH_LARGE_BYTES) {
            continue;
        }
        fprintf(out, "%-10zu", rep->sizes[s]);
        for (int i = 0; i < rep->configs->n; i++) {
            const bench_result_t *r = bench_result(rep, i, s);
            int w = bench_col_width(&rep->configs->cfg[i]);
            if (r->ran) {
                fprintf(out, "%*.3f ", w - 1, r->busbw / rep->mem->one_rank);
            } else {
                fprintf(out, "%*s", w, "-");
            }
        }
        fputc('\n', out);
    }
}

/* Configurations swing-auto is measured against: Open MPI's own. */
static int bench_is_baseline(const bench_config_desc_t *d)
{
    return BENCH_FAMILY_TUNED == d->family || BENCH_FAMILY_HAN == d->family;
}

static void bench_report_ratio(FILE *out, const bench_report_t *rep)
{
    int sa = bench_find_config(rep, "swing-auto");
    int any = 0;

    for (int i = 0; i < rep->configs->n; i++) {
        any |= bench_is_baseline(rep->configs->cfg[i].desc);
    }
    fprintf(out, "\n# swing-auto / best of Open MPI's (tuned*, han; median time; "
                 "< 1 means swing-auto is faster)\n");
    if (sa < 0 || !any) {
        fprintf(out, "# not available: needs swing-auto and a tuned or han "
                     "configuration\n");
        return;
    }
    fprintf(out, "# %-8s %10s  %-11s %s\n", "Size", "ratio", "best ompi", "swing-auto ran");
    for (int s = 0; s < rep->nsizes; s++) {
        const bench_result_t *rs = bench_result(rep, sa, s);
        int best = -1;
        for (int i = 0; i < rep->configs->n; i++) {
            const bench_result_t *r = bench_result(rep, i, s);
            if (bench_is_baseline(rep->configs->cfg[i].desc) && r->ran
                && (best < 0 || r->stats.median < bench_result(rep, best, s)->stats.median)) {
                best = i;
            }
        }
        if (best < 0 || !rs->ran) {
            continue;
        }
        fprintf(out, "%-10zu %10.3f  %-11s %s%s\n", rep->sizes[s],
                rs->stats.median / bench_result(rep, best, s)->stats.median,
                rep->configs->cfg[best].desc->name, rs->swing_algs[0] ? rs->swing_algs : "?",
                rs->flagged ? "  (! not served by swing)" : "");
    }
}

void bench_report_tables(FILE *out, const bench_report_t *rep)
{
    if (bench_any_flagged(rep)) {
        fprintf(out, "# ! = not what the configuration claims: a swing "
                     "configuration not (fully) served by swing, or a tuned one "
                     "served by swing\n");
    }
    fprintf(out,
            "\n# Bus bandwidth (GB/s) = bytes / median * %s\n"
            "# %-8s",
            bench_coll_bus_text(rep->args->coll), "Size");
    for (int i = 0; i < rep->configs->n; i++) {
        fprintf(out, "%*s", bench_col_width(&rep->configs->cfg[i]),
                rep->configs->cfg[i].desc->name);
    }
    fputc('\n', out);
    for (int s = 0; s < rep->nsizes; s++) {
        bench_row(out, rep, s, 3, 1);
    }
    bench_report_memcpy(out, rep);
    bench_report_ratio(out, rep);
    fflush(out);
}

void bench_report_csv_header(FILE *csv)
{
    fprintf(csv, "np,config,bytes,count,iters,median_us,min_us,max_us,p95_us,"
                 "algbw_GBps,busbw_GBps,served,validated,warmup,datatype,op,"
                 "in_place,oversubscribed,swing_algorithm,timing,collective,root\n");
    fflush(csv);
}

void bench_report_csv_row(const bench_report_t *rep, int config, int size)
{
    const bench_result_t *r = bench_result(rep, config, size);
    char root[16] = "-";

    if (NULL == rep->csv || !r->ran) {
        return;
    }

    if (rep->args->coll->rooted) {
        if (rep->args->root_rotate) {
            snprintf(root, sizeof(root), "rotate");
        } else {
            snprintf(root, sizeof(root), "%d", rep->args->root);
        }
    }
    fprintf(rep->csv,
            "%d,%s,%zu,%zu,%d,%.3f,%.3f,%.3f,%.3f,%.6f,%.6f,%s,%s,"
            "%d,%s,%s,%s,%s,%s,%s,%s,%s\n",
            rep->env->np, rep->configs->cfg[config].desc->name, r->bytes, r->count, r->iters,
            r->stats.median * 1e6, r->stats.min * 1e6, r->stats.max * 1e6, r->stats.p95 * 1e6,
            r->algbw, r->busbw, bench_served_name(r->served), r->validated ? "yes" : "no",
            r->warmup, rep->args->dtype->name, rep->args->coll->reduces ? rep->args->op->name : "-",
            rep->args->in_place ? "yes" : "no", rep->env->oversubscribed ? "yes" : "no",
            r->swing_algs[0] ? r->swing_algs : "-", bench_timing_name(rep->args->timing),
            rep->args->coll->name, root);
    fflush(rep->csv);
}
