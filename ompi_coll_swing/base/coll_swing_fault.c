/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Fault injection (coll_swing_fault.h): the parsed value of
 * coll_swing_fault_inject and the occurrences counted since it was read.
 *
 * Only the slow path lives here, reached when the parameter was given at
 * open. It rereads the parameter when its text changed (a write through
 * MPI_T between two calls, from one thread), then counts the occurrence.
 *
 * Example: "1:alloc:1,2:complete:3" fails the first allocation of a call
 * on world rank 1 and the third point-to-point completion on world rank 2.
 */
#include "coll_swing_base.h"
#include "coll_swing_fault.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "opal/util/proc.h"

/* Items of the parameter that concern this process, at most this many. */
#define SWING_FAULT_MAX 16

const char *const mca_coll_swing_fault_names[MCA_COLL_SWING_FAULT_COUNT] = {
    [MCA_COLL_SWING_FAULT_ALLOC] = "alloc",
    [MCA_COLL_SWING_FAULT_SETUP] = "setup",
    [MCA_COLL_SWING_FAULT_SHM_SEGMENT] = "segment",
    [MCA_COLL_SWING_FAULT_POST] = "post",
    [MCA_COLL_SWING_FAULT_POST_FATAL] = "post_fatal",
    [MCA_COLL_SWING_FAULT_COMPLETE] = "complete",
    [MCA_COLL_SWING_FAULT_START] = "start",
    [MCA_COLL_SWING_FAULT_CMA] = "cma",
    [MCA_COLL_SWING_FAULT_PACK] = "pack",
};

int mca_coll_swing_fault_enabled;

typedef struct swing_fault_item_t {
    int point;
    unsigned long n; /* the occurrence that fails */
} swing_fault_item_t;

static pthread_mutex_t swing_fault_lock = PTHREAD_MUTEX_INITIALIZER;
static char *swing_fault_text; /* the value parsed last */
static swing_fault_item_t swing_fault_items[SWING_FAULT_MAX];
static int swing_fault_nitems;
static unsigned long swing_fault_seen[MCA_COLL_SWING_FAULT_COUNT];

static int swing_fault_point(const char *name, size_t len)
{
    for (int i = 0; i < MCA_COLL_SWING_FAULT_COUNT; ++i) {
        if (strlen(mca_coll_swing_fault_names[i]) == len
            && 0 == strncmp(mca_coll_swing_fault_names[i], name, len)) {
            return i;
        }
    }
    return -1;
}

/* One item, RANK:POINT:N, of text [s, e); 0 if malformed. */
static int swing_fault_item(const char *s, const char *e, long *rank, int *point, unsigned long *n)
{
    const char *c1 = memchr(s, ':', (size_t) (e - s)), *c2;
    char *end;

    if (NULL == c1 || NULL == (c2 = memchr(c1 + 1, ':', (size_t) (e - c1 - 1)))) {
        return 0;
    }
    *rank = strtol(s, &end, 10);
    if (end != c1 || *rank < 0) {
        return 0;
    }
    *point = swing_fault_point(c1 + 1, (size_t) (c2 - c1 - 1));
    *n = strtoul(c2 + 1, &end, 10);
    return *point >= 0 && end == e && *n > 0;
}

/* Lock held: the items of text for this process, counting from zero. */
static void swing_fault_parse(const char *text)
{
    static int warned;
    unsigned long me = (unsigned long) OPAL_PROC_MY_NAME.vpid;
    const char *s = text;

    free(swing_fault_text);
    swing_fault_text = strdup(text);
    swing_fault_nitems = 0;
    memset(swing_fault_seen, 0, sizeof(swing_fault_seen));
    if (0 == strcmp(text, "none")) {
        return;
    }
    while (*s) {
        const char *e = strchr(s, ',');
        long rank;
        int point;
        unsigned long n;
        e = (NULL != e) ? e : s + strlen(s);
        if (!swing_fault_item(s, e, &rank, &point, &n)) {
            /* as mca_coll_swing_warn_once (coll_swing_base.c calls this file) */
            if (!warned && 0 == me) {
                opal_output(0,
                            "coll:swing: warning: coll_swing_fault_inject: \"%s\" is not "
                            "RANK:POINT:N[,...] (points: alloc, setup, segment, post, "
                            "post_fatal, complete, start, cma, pack); ignored",
                            text);
            }
            warned = 1;
            swing_fault_nitems = 0;
            return;
        }
        if ((unsigned long) rank == me && swing_fault_nitems < SWING_FAULT_MAX) {
            swing_fault_items[swing_fault_nitems].point = point;
            swing_fault_items[swing_fault_nitems].n = n;
            ++swing_fault_nitems;
        }
        s = *e ? e + 1 : e;
    }
}

int mca_coll_swing_fault_hit(int point)
{
    const char *now = mca_coll_swing_params.fault_inject;
    unsigned long nth;
    int fire = 0;

    pthread_mutex_lock(&swing_fault_lock);
    if (NULL == now) {
        now = "none";
    }
    if (NULL == swing_fault_text || 0 != strcmp(now, swing_fault_text)) {
        swing_fault_parse(now);
    }
    nth = ++swing_fault_seen[point];
    mca_coll_swing_count(&mca_coll_swing_counters.fault_seen[point], 1);
    for (int i = 0; i < swing_fault_nitems; ++i) {
        if (swing_fault_items[i].point == point && swing_fault_items[i].n == nth) {
            fire = 1;
        }
    }
    pthread_mutex_unlock(&swing_fault_lock);
    if (fire) {
        mca_coll_swing_count(&mca_coll_swing_counters.faults_injected, 1);
        opal_output_verbose(1, mca_coll_swing_params.output, "coll:swing: fault injected: %s #%lu",
                            mca_coll_swing_fault_names[point], nth);
    }
    return fire;
}

void mca_coll_swing_fault_init(void)
{
    const char *text = mca_coll_swing_params.fault_inject;

    mca_coll_swing_fault_enabled = (NULL != text && '\0' != text[0]);
}

void mca_coll_swing_fault_fini(void)
{
    pthread_mutex_lock(&swing_fault_lock);
    free(swing_fault_text);
    swing_fault_text = NULL;
    swing_fault_nitems = 0;
    pthread_mutex_unlock(&swing_fault_lock);
    mca_coll_swing_fault_enabled = 0;
}
