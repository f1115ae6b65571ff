/*
 * Stand-in for Open MPI 5's opal/mca/threads/pthreads/threads_pthreads_threads.h
 * (missing from Debian's libopenmpi-dev): opal/mca/threads/threads.h
 * defines opal_thread_t itself and needs only pthread_t from here.
 */
#ifndef SWING_COMPAT_THREADS_PTHREADS_THREADS_H
#define SWING_COMPAT_THREADS_PTHREADS_THREADS_H

#include <pthread.h>

#endif
