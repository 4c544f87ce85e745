/* SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <string.h>
/* As in audio.c: for the program alone, never exported (readdir below is, on purpose). */
#pragma GCC visibility push(hidden)
#include <ao/ao.h>
#include "clibraries.h"
#include "opening.h"

/* libao's plugins call back into it (ALSA's asks ao_is_big_endian) without linking it, so it is
   opened RTLD_GLOBAL, where their look-ups find it. */
static void *ao_handle;
static int ao_tried;
#define LIB_AO clibraries_open("libao.so.4", 1, &ao_handle, &ao_tried)

void ao_initialize(void) {
    REAL(LIB_AO, ao_initialize)
    if (f) f();
}

int ao_default_driver_id(void) {
    REAL(LIB_AO, ao_default_driver_id)
    return f ? f() : -1;
}

int ao_driver_id(const char *short_name) {
    REAL(LIB_AO, ao_driver_id)
    return f ? f(short_name) : -1;
}

ao_info *ao_driver_info(int driver_id) {
    REAL(LIB_AO, ao_driver_info)
    return f ? f(driver_id) : NULL;
}

int ao_append_option(ao_option **options, const char *key, const char *value) {
    REAL(LIB_AO, ao_append_option)
    return f ? f(options, key, value) : 0;
}

void ao_free_options(ao_option *options) {
    REAL(LIB_AO, ao_free_options)
    if (f) f(options);
}

ao_device *ao_open_live(int driver_id, ao_sample_format *format, ao_option *options) {
    REAL(LIB_AO, ao_open_live)
    if (!f) errno = AO_ENODRIVER;
    return f ? f(driver_id, format, options) : NULL;
}

ao_device *ao_open_file(int driver_id, const char *filename, int overwrite, ao_sample_format *format,
                        ao_option *options) {
    REAL(LIB_AO, ao_open_file)
    if (!f) errno = AO_ENODRIVER;
    return f ? f(driver_id, filename, overwrite, format, options) : NULL;
}

int ao_play(ao_device *device, char *output_samples, uint_32 num_bytes) {
    REAL(LIB_AO, ao_play)
    return f ? f(device, output_samples, num_bytes) : 0;
}

int ao_close(ao_device *device) {
    REAL(LIB_AO, ao_close)
    return f ? f(device) : 0;
}

/* The plugin file that ao_initialize, on this thread and while it runs, is not shown. */
static __thread const char *left_out;

/* readdir(3), as libc's, except that it skips `left_out` while it is set. libao lists its plugin
   folder with readdir and has no other way to be told what not to load, so this definition, in the
   program, stands in for libc's for libao (exported, as every symbol of the program's own is, and
   found first, since libao is opened after the program); every other
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
