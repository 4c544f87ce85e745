/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef CLIBRARIES_H
#define CLIBRARIES_H

/* The C libraries a workout may never use are opened with dlopen the first time one of their
   functions is called, so that a muted workout never maps libao, one that speaks with one engine
   never maps the other, and no workout maps libsndfile, SQLite before its first frame, or libyaml
   (nor what they link: espeak-ng's audio back ends, PulseAudio, ALSA, X11, D-Bus). The files here
   define, under the libraries' own names, the functions sevenmin calls (the declarations are the
   libraries' headers): each looks its real function up once and calls it. A library that cannot
   be opened makes them fail as the library itself reports failure: espeak_Initialize and
   flite_init return -1, a voice's registration, sf_open and ao_open_live NULL, sqlite3_open_v2
   SQLITE_CANTOPEN, yaml_parser_initialize 0; and clibraries_missing names what is missing. */

/* libsystemd's sd_bus_object_vtable_format, which an sd-bus table's first entry must point at; NULL if
   libsystemd is missing. */
const unsigned *clibraries_sd_bus_vtable_format(void);

/* The library that could not be opened, and why (dlerror), or NULL. */
const char *clibraries_missing(void);

#endif
