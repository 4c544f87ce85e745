/* SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include <ao/ao.h>
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include "caudio_libraries.h"

/* The plugin file that ao_initialize, on this thread and while it runs, is not shown. */
static __thread const char *left_out;

/* readdir(3), as libc's, except that it skips `left_out` while it is set. libao lists its plugin
   folder with readdir and has no other way to be told what not to load, so this definition, in the
   program, stands in for libc's for libao (the linker exports it, since libao calls it); every other
   caller, on every other thread and at every other time, gets libc's entries unchanged. */
__attribute__((visibility("default"))) struct dirent *readdir(DIR *dir) {
    static struct dirent *(*real_readdir)(DIR *);
    struct dirent *(*f)(DIR *) = __atomic_load_n(&real_readdir, __ATOMIC_ACQUIRE);
    if (!f) {
        f = (struct dirent *(*)(DIR *))dlsym(RTLD_NEXT, "readdir");
        if (!f) {
            errno = ENOSYS;
            return NULL;
        }
        __atomic_store_n(&real_readdir, f, __ATOMIC_RELEASE);
    }
    struct dirent *entry;
    do {
        entry = f(dir);
    } while (entry && left_out && strcmp(entry->d_name, left_out) == 0);
    return entry;
}

void caudio_ao_initialize(const char *plugin_left_out) {
    left_out = plugin_left_out;
    ao_initialize();
    left_out = NULL;
}
