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

struct MHD_Daemon *clibraries_mhd_start(int listen_fd, unsigned connection_limit, unsigned per_address,
                                        unsigned timeout, MHD_AccessHandlerCallback handler, void *handler_cls) {
    REAL(LIB_MHD, MHD_start_daemon)
    if (!f) return NULL;
    /* One thread polls them all; an event stream with nothing to say is suspended, not waited for in a thread. */
    unsigned flags = MHD_USE_POLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME;
    return f(flags, 0, NULL, NULL, handler, handler_cls, MHD_OPTION_LISTEN_SOCKET, listen_fd,
             MHD_OPTION_CONNECTION_LIMIT, connection_limit, MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_address,
             MHD_OPTION_CONNECTION_TIMEOUT, timeout, MHD_OPTION_END);
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

void MHD_suspend_connection(struct MHD_Connection *connection) {
    REAL(LIB_MHD, MHD_suspend_connection)
    if (f) f(connection);
}

void MHD_resume_connection(struct MHD_Connection *connection) {
    REAL(LIB_MHD, MHD_resume_connection)
    if (f) f(connection);
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
