/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

/* Defined in CLibraries, which opens libmicrohttpd on first use. */

/* MHD_start_daemon (variadic, which Swift cannot call) on `listen_fd`, a socket bound and listening, which it
   owns from then on (MHD_stop_daemon closes it): one internal thread polls every connection (poll(2)), a stream
   with nothing to send is suspended and resumed; at most `connection_limit` connections, `per_address` from one
   address, each closed after `timeout` seconds without a byte either way; `handler` answers each request. NULL
   if it cannot start, or libmicrohttpd is missing (clibraries_missing says so). */
struct MHD_Daemon *clibraries_mhd_start(int listen_fd, unsigned connection_limit, unsigned per_address,
                                        unsigned timeout, MHD_AccessHandlerCallback handler, void *handler_cls);

#endif
