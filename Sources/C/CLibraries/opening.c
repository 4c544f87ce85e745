/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#pragma GCC visibility push(hidden)
#include "clibraries.h"
#include "opening.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char missing[512];

void *clibraries_open(const char *name, int global, void **slot, int *tried) {
    pthread_mutex_lock(&lock); /* ignored: a default mutex, taken and given back by one thread, cannot fail */
    if (!*tried) {
        *tried = 1;
        *slot = dlopen(name, RTLD_NOW | (global ? RTLD_GLOBAL : RTLD_LOCAL));
        if (!*slot) {
            const char *why = dlerror();
            /* ignored: a reason past 511 bytes is cut short; it is only ever shown */
            snprintf(missing, sizeof missing, "%s", why ? why : name);
        }
    }
    void *handle = *slot;
    pthread_mutex_unlock(&lock); /* ignored: a default mutex, taken and given back by one thread, cannot fail */
    return handle;
}

const char *clibraries_missing(void) {
    pthread_mutex_lock(&lock); /* ignored: a default mutex, taken and given back by one thread, cannot fail */
    const char *why = missing[0] ? missing : NULL;
    pthread_mutex_unlock(&lock); /* ignored: a default mutex, taken and given back by one thread, cannot fail */
    return why;
}
