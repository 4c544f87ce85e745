/* SPDX-License-Identifier: GPL-3.0-or-later
 * Loaded before libfaketime by make.py: libfaketime 0.9.10 moves every absolute timer by its offset, the
 * CLOCK_MONOTONIC ones too (even with FAKETIME_DONT_FAKE_MONOTONIC), so a workout's timerfd and its condition
 * waits, set on the real monotonic clock, would fire months late or at once. These two calls go to the kernel
 * and to glibc as they are; the wall clock alone is faked. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <unistd.h>

int timerfd_settime(int fd, int flags, const struct itimerspec *value, struct itimerspec *old) {
    return (int)syscall(SYS_timerfd_settime, fd, flags, value, old);
}

int pthread_cond_timedwait(pthread_cond_t *cond, pthread_mutex_t *mutex, const struct timespec *at) {
    static int (*glibc)(pthread_cond_t *, pthread_mutex_t *, const struct timespec *);
    if (!glibc) {
        void *libc = dlopen("libc.so.6", RTLD_NOLOAD | RTLD_LAZY);
        glibc = libc ? dlvsym(libc, "pthread_cond_timedwait", "GLIBC_2.3.2") : NULL;
    }
    return glibc ? glibc(cond, mutex, at) : ENOSYS;
}
