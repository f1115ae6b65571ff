/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The bottom layer's state and helpers (coll_swing_base.h).
 */
#include "coll_swing_base.h"

#include <stdarg.h>
#include <stdio.h>

#include "opal/util/proc.h"

/* the defaults come with the MCA parameters (module/coll_swing_component.c) */
mca_coll_swing_params_t mca_coll_swing_params = {
    .output = -1,
};

mca_coll_swing_counters_t mca_coll_swing_counters;

/*
 * Warnings are printed by the process of world rank 0 only: every process
 * sees the same parameters and the same descriptions, so one line says it
 * for the job. (Open MPI's help aggregation was tried first; under load
 * mpirun drops some of its messages.)
 */
void mca_coll_swing_warn_once(int *flag, int level, const char *topic, const char *fmt, ...)
{
    char msg[512];
    va_list ap;

    if (*flag || (level > 0 && mca_coll_swing_params.verbose < level)) {
        return;
    }
    *flag = 1;
    if (0 == level && 0 != OPAL_PROC_MY_NAME.vpid) {
        return;
    }
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    opal_output(0, "coll:swing: %s: %s", topic, msg);
}

/* Smallest b with bytes <= 2^b, capped at the last bucket. */
int mca_coll_swing_bucket(size_t bytes)
{
    int b = (bytes <= 1) ? 0 : 64 - __builtin_clzll((unsigned long long) bytes - 1);
    return (b < MCA_COLL_SWING_NBUCKETS) ? b : MCA_COLL_SWING_NBUCKETS - 1;
}
