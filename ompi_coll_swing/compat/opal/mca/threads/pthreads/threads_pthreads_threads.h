/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Stand-in for Open MPI 5's opal/mca/threads/pthreads/threads_pthreads_threads.h
 * (missing from Debian's libopenmpi-dev): opal/mca/threads/threads.h
 * defines opal_thread_t itself and needs pthread_t and opal_thread_yield
 * from here.
 */
#ifndef SWING_COMPAT_THREADS_PTHREADS_THREADS_H
#define SWING_COMPAT_THREADS_PTHREADS_THREADS_H

#include <pthread.h>
#include <sched.h>

static inline void opal_thread_yield(void)
{
    (void) sched_yield();
}

#endif
