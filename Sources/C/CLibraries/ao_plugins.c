/* SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
/* As in audio.c: for the program alone, never exported. */
#pragma GCC visibility push(hidden)
#include <ao/ao.h>
#include "clibraries.h"
#include "opening.h"
#include "sonames.h"

/* libao's plugins call back into it (ALSA's asks ao_is_big_endian) without linking it, so it is
   opened RTLD_GLOBAL, where their look-ups find it. */
static void *ao_handle;
static int ao_tried;
#define LIB_AO clibraries_open(SONAME_AO, 1, &ao_handle, &ao_tried)

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
