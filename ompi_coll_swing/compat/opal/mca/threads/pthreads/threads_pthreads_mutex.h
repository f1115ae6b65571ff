/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Stand-in for Open MPI 5's opal/mca/threads/pthreads/threads_pthreads_mutex.h,
 * which opal_config.h names but Debian's libopenmpi-dev does not ship.
 * Linked in by configure only when the real header is missing.
 *
 * opal/mca/threads/mutex.h embeds these types in opal_mutex_t, and
 * opal_mutex_t sits inside the communicator, so they must be exactly the
 * pthread types the pthreads component of libopen-pal was built with.
 */
#ifndef SWING_COMPAT_THREADS_PTHREADS_MUTEX_H
#define SWING_COMPAT_THREADS_PTHREADS_MUTEX_H

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>

typedef pthread_mutex_t opal_thread_internal_mutex_t;
typedef pthread_cond_t opal_thread_internal_cond_t;

#define OPAL_THREAD_INTERNAL_MUTEX_INITIALIZER PTHREAD_MUTEX_INITIALIZER
#define OPAL_THREAD_INTERNAL_COND_INITIALIZER PTHREAD_COND_INITIALIZER
#if defined(PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP)
#define OPAL_THREAD_INTERNAL_RECURSIVE_MUTEX_INITIALIZER PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP
#endif

static inline int opal_thread_internal_mutex_init(opal_thread_internal_mutex_t *m,
                                                  bool recursive)
{
    pthread_mutexattr_t attr;
    int rc;

    if (!recursive) {
        return pthread_mutex_init(m, NULL);
    }
    rc = pthread_mutexattr_init(&attr);
    if (0 == rc) {
        rc = pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
        if (0 == rc) {
            rc = pthread_mutex_init(m, &attr);
        }
        pthread_mutexattr_destroy(&attr);
    }
    return rc;
}

static inline void opal_thread_internal_mutex_lock(opal_thread_internal_mutex_t *m)
{
    (void) pthread_mutex_lock(m);
}

/* 0 when taken, 1 when busy (the convention of opal_mutex_trylock) */
static inline int opal_thread_internal_mutex_trylock(opal_thread_internal_mutex_t *m)
{
    return 0 == pthread_mutex_trylock(m) ? 0 : 1;
}

static inline void opal_thread_internal_mutex_unlock(opal_thread_internal_mutex_t *m)
{
    (void) pthread_mutex_unlock(m);
}

static inline void opal_thread_internal_mutex_destroy(opal_thread_internal_mutex_t *m)
{
    (void) pthread_mutex_destroy(m);
}

static inline int opal_thread_internal_cond_init(opal_thread_internal_cond_t *c)
{
    return pthread_cond_init(c, NULL);
}

static inline void opal_thread_internal_cond_wait(opal_thread_internal_cond_t *c,
                                                  opal_thread_internal_mutex_t *m)
{
    (void) pthread_cond_wait(c, m);
}

static inline void opal_thread_internal_cond_broadcast(opal_thread_internal_cond_t *c)
{
    (void) pthread_cond_broadcast(c);
}

static inline void opal_thread_internal_cond_signal(opal_thread_internal_cond_t *c)
{
    (void) pthread_cond_signal(c);
}

static inline void opal_thread_internal_cond_destroy(opal_thread_internal_cond_t *c)
{
    (void) pthread_cond_destroy(c);
}

#endif
