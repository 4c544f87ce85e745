/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef CLIBRARIES_SONAMES_H
#define CLIBRARIES_SONAMES_H

/* The one table of the libraries sevenmin opens on first use (dlopen), by soname. The loaders open
   these names; scripts/package makes the .deb's Depends from them, as dpkg-shlibdeps cannot see a
   library that is not linked; the packaging tests hold both to it. Keep one `#define SONAME_…` a
   line: the script and the tests read this file as text. */
#define SONAME_AO "libao.so.4"
#define SONAME_ESPEAK "libespeak-ng.so.1"
#define SONAME_FLITE "libflite.so.1"
#define SONAME_FLITE_RMS "libflite_cmu_us_rms.so.1"
#define SONAME_FLITE_SLT "libflite_cmu_us_slt.so.1"
#define SONAME_SNDFILE "libsndfile.so.1"
#define SONAME_SQLITE "libsqlite3.so.0"
#define SONAME_YAML "libyaml-0.so.2"
#define SONAME_SYSTEMD "libsystemd.so.0"
#define SONAME_MHD "libmicrohttpd.so.12"
#define SONAME_QRENCODE "libqrencode.so.4"
#define SONAME_PULSE "libpulse.so.0"

#endif
