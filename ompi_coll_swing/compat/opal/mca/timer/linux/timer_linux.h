/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Stand-in for Open MPI's opal/mca/timer/linux/timer_linux.h, which
 * opal_config.h names but Debian's libopenmpi-dev does not ship. Headers
 * the component includes (ompi_spc.h) only need the calls to exist: swing
 * never reads Open MPI's timers, so they report no cycle counter.
 */
#ifndef SWING_COMPAT_TIMER_LINUX_H
#define SWING_COMPAT_TIMER_LINUX_H

#include "opal/sys/timer.h"

static inline opal_timer_t opal_timer_base_get_cycles(void)
{
    return 0;
}

static inline opal_timer_t opal_timer_base_get_usec(void)
{
    return 0;
}

static inline opal_timer_t opal_timer_base_get_freq(void)
{
    return 0;
}

#define OPAL_TIMER_CYCLE_NATIVE 0
#define OPAL_TIMER_CYCLE_SUPPORTED 0
#define OPAL_TIMER_USEC_NATIVE 0
#define OPAL_TIMER_USEC_SUPPORTED 0

#endif
