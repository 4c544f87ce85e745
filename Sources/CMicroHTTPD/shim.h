/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

/* Defined in CLibraries, which opens libmicrohttpd on first use. */

/* MHD_start_daemon (variadic, which Swift cannot call) listening on `address`, a thread for each connection,
   at most `connection_limit` connections; `handler` answers each request and `completed` is told when one is
   done. NULL if it cannot listen (errno says why), or libmicrohttpd is missing. */
struct MHD_Daemon *clibraries_mhd_start(const struct sockaddr *address, unsigned connection_limit,
                                        MHD_AccessHandlerCallback handler, void *handler_cls,
                                        MHD_RequestCompletedCallback completed, void *completed_cls);

/* The port `daemon` listens on (MHD_get_daemon_info's MHD_DAEMON_INFO_BIND_PORT, variadic), or -1. */
int clibraries_mhd_port(struct MHD_Daemon *daemon);

#endif
