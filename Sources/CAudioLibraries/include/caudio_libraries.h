/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef CAUDIO_LIBRARIES_H
#define CAUDIO_LIBRARIES_H

/* The speech and sound-file libraries are opened with dlopen the first time
   one of their functions is called, so that a workout that is muted, or
   speaks with one engine only, never maps the others (nor espeak-ng's audio
   back ends: PulseAudio, ALSA, X11, D-Bus). This file defines, under the
   libraries' own names, the functions sevenmin calls (the declarations are the
   libraries' headers): each looks its real function up once and calls it.
   A library that cannot be opened makes them fail as the library itself
   reports failure: espeak_Initialize and flite_init return -1, a voice's
   registration and sf_open return NULL, and caudio_missing names what is
   missing. */

/* The library that could not be opened, and why (dlerror), or NULL. */
const char *caudio_missing(void);

/* ao_initialize(), except that libao does not load the plugin file named (such as "libpulse.so"), or
   loads them all if it is NULL. libao opens every plugin in its folder when it starts, and keeps them
   for the life of the process: PulseAudio's brings libpulse, D-Bus, systemd, X11 and libsndfile with
   its codecs, 2.5 MiB resident, where no PulseAudio server could answer it. */
void caudio_ao_initialize(const char *plugin_left_out);

#endif
