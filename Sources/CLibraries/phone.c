/* SPDX-License-Identifier: GPL-3.0-or-later */
/* As in audio.c: for the program alone, never exported. */
#include <dlfcn.h> /* before the pragma: dlsym and errno are libc's, not ours */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#pragma GCC visibility push(hidden)
#include <microhttpd.h>
#include <qrencode.h>
#include "clibraries.h"
#include "opening.h"
#include "sonames.h"
#include "../CMicroHTTPD/shim.h"

/* libmicrohttpd and libqrencode are opened when `start --phone` or `doctor` first serves or draws the phone's
   page, and by nothing else. Missing, the daemon does not start and the QR code is not made (NULL), which the
   phone server reports as one notice. */
static void *mhd_handle;
static int mhd_tried;
#define LIB_MHD clibraries_open(SONAME_MHD, 0, &mhd_handle, &mhd_tried)
static void *qr_handle;
static int qr_tried;
#define LIB_QR clibraries_open(SONAME_QRENCODE, 0, &qr_handle, &qr_tried)

struct MHD_Daemon *clibraries_mhd_start(const struct sockaddr *address, unsigned connection_limit,
                                        MHD_AccessHandlerCallback handler, void *handler_cls,
                                        MHD_RequestCompletedCallback completed, void *completed_cls) {
    REAL(LIB_MHD, MHD_start_daemon)
    if (!f) return NULL;
    /* A thread for each connection: an event stream's reader waits for the next change in its own. */
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION;
    return f(flags, 0, NULL, NULL, handler, handler_cls, MHD_OPTION_SOCK_ADDR, address,
             MHD_OPTION_CONNECTION_LIMIT, connection_limit, MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
             MHD_OPTION_END);
}

int clibraries_mhd_port(struct MHD_Daemon *daemon) {
    REAL(LIB_MHD, MHD_get_daemon_info)
    if (!f) return -1;
    const union MHD_DaemonInfo *info = f(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : -1;
}

void MHD_stop_daemon(struct MHD_Daemon *daemon) {
    REAL(LIB_MHD, MHD_stop_daemon)
    if (f) f(daemon);
}

const char *MHD_lookup_connection_value(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                        const char *key) {
    REAL(LIB_MHD, MHD_lookup_connection_value)
    return f ? f(connection, kind, key) : NULL;
}

struct MHD_Response *MHD_create_response_from_buffer(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode) {
    REAL(LIB_MHD, MHD_create_response_from_buffer)
    return f ? f(size, buffer, mode) : NULL;
}

struct MHD_Response *MHD_create_response_from_callback(uint64_t size, size_t block_size,
                                                       MHD_ContentReaderCallback crc, void *crc_cls,
                                                       MHD_ContentReaderFreeCallback crfc) {
    REAL(LIB_MHD, MHD_create_response_from_callback)
    return f ? f(size, block_size, crc, crc_cls, crfc) : NULL;
}

enum MHD_Result MHD_add_response_header(struct MHD_Response *response, const char *header, const char *content) {
    REAL(LIB_MHD, MHD_add_response_header)
    return f ? f(response, header, content) : MHD_NO;
}

enum MHD_Result MHD_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                   struct MHD_Response *response) {
    REAL(LIB_MHD, MHD_queue_response)
    return f ? f(connection, status_code, response) : MHD_NO;
}

void MHD_destroy_response(struct MHD_Response *response) {
    REAL(LIB_MHD, MHD_destroy_response)
    if (f) f(response);
}

QRcode *QRcode_encodeString(const char *string, int version, QRecLevel level, QRencodeMode hint, int casesensitive) {
    REAL(LIB_QR, QRcode_encodeString)
    if (!f) {
        errno = ENOSYS;
        return NULL;
    }
    return f(string, version, level, hint, casesensitive);
}

void QRcode_free(QRcode *qrcode) {
    REAL(LIB_QR, QRcode_free)
    if (f) f(qrcode);
}
