/* SPDX-License-Identifier: GPL-3.0-or-later */
/* As in audio.c: for the program alone, never exported. */
#include <dlfcn.h> /* before the pragma: dlsym is libc's, not ours */
#pragma GCC visibility push(hidden)
#include <errno.h>
#include <stdint.h>
#include <systemd/sd-bus.h>
#include "clibraries.h"
#include "opening.h"
#include "sonames.h"

/* libsystemd (sd-bus) is opened when a workout, `remind` or `doctor` first speaks on D-Bus; a workout with
   --no-mpris and nothing to keep awake never maps it. Missing, every call fails with -ENOSYS, which reads
   as "no bus", as a session without one does. */
static void *systemd_handle;
static int systemd_tried;
#define LIB_SYSTEMD clibraries_open(SONAME_SYSTEMD, 0, &systemd_handle, &systemd_tried)

#define FORWARD(name, params, args)                                            \
    int name params {                                                          \
        REAL(LIB_SYSTEMD, name)                                                \
        return f ? f args : -ENOSYS;                                           \
    }

FORWARD(sd_bus_open_user, (sd_bus **bus), (bus))
FORWARD(sd_bus_open_system, (sd_bus **bus), (bus))
FORWARD(sd_bus_request_name, (sd_bus *bus, const char *name, uint64_t flags), (bus, name, flags))
FORWARD(sd_bus_get_fd, (sd_bus *bus), (bus))
FORWARD(sd_bus_get_events, (sd_bus *bus), (bus))
FORWARD(sd_bus_get_timeout, (sd_bus *bus, uint64_t *usec), (bus, usec))
FORWARD(sd_bus_process, (sd_bus *bus, sd_bus_message **r), (bus, r))
FORWARD(sd_bus_flush, (sd_bus *bus), (bus))
FORWARD(sd_bus_add_object_vtable, (sd_bus *bus, sd_bus_slot **slot, const char *path, const char *interface,
                                   const sd_bus_vtable *vtable, void *userdata),
        (bus, slot, path, interface, vtable, userdata))
FORWARD(sd_bus_emit_properties_changed_strv, (sd_bus *bus, const char *path, const char *interface, char **names),
        (bus, path, interface, names))
FORWARD(sd_bus_message_new_method_call, (sd_bus *bus, sd_bus_message **m, const char *destination,
                                         const char *path, const char *interface, const char *member),
        (bus, m, destination, path, interface, member))
FORWARD(sd_bus_message_new_method_return, (sd_bus_message *call, sd_bus_message **m), (call, m))
FORWARD(sd_bus_message_append_basic, (sd_bus_message *m, char type, const void *p), (m, type, p))
FORWARD(sd_bus_message_append_strv, (sd_bus_message *m, char **l), (m, l))
FORWARD(sd_bus_message_open_container, (sd_bus_message *m, char type, const char *contents), (m, type, contents))
FORWARD(sd_bus_message_close_container, (sd_bus_message *m), (m))
FORWARD(sd_bus_message_read_basic, (sd_bus_message *m, char type, void *p), (m, type, p))
FORWARD(sd_bus_message_read_strv, (sd_bus_message *m, char ***l), (m, l))
FORWARD(sd_bus_message_enter_container, (sd_bus_message *m, char type, const char *contents), (m, type, contents))
FORWARD(sd_bus_message_exit_container, (sd_bus_message *m), (m))
FORWARD(sd_bus_message_skip, (sd_bus_message *m, const char *types), (m, types))
FORWARD(sd_bus_message_peek_type, (sd_bus_message *m, char *type, const char **contents), (m, type, contents))
FORWARD(sd_bus_message_read_array, (sd_bus_message *m, char type, const void **ptr, size_t *size),
        (m, type, ptr, size))
FORWARD(sd_bus_wait, (sd_bus *bus, uint64_t timeout_usec), (bus, timeout_usec))
FORWARD(sd_bus_call, (sd_bus *bus, sd_bus_message *m, uint64_t usec, sd_bus_error *ret_error,
                      sd_bus_message **reply), (bus, m, usec, ret_error, reply))
FORWARD(sd_bus_send, (sd_bus *bus, sd_bus_message *m, uint64_t *cookie), (bus, m, cookie))
FORWARD(sd_bus_message_get_type, (sd_bus_message *m, uint8_t *type), (m, type))
FORWARD(sd_bus_message_get_reply_cookie, (sd_bus_message *m, uint64_t *cookie), (m, cookie))

/* The calls that answer with a pointer: NULL without libsystemd, as with nothing to give. */
#define FORWARD_POINTER(type, name, params, args)                              \
    type name params {                                                         \
        REAL(LIB_SYSTEMD, name)                                                \
        return f ? f args : NULL;                                              \
    }

FORWARD_POINTER(sd_bus *, sd_bus_flush_close_unref, (sd_bus *bus), (bus))
FORWARD_POINTER(sd_bus_message *, sd_bus_message_unref, (sd_bus_message *m), (m))
FORWARD_POINTER(const char *, sd_bus_message_get_member, (sd_bus_message *m), (m))
FORWARD_POINTER(const char *, sd_bus_message_get_path, (sd_bus_message *m), (m))
FORWARD_POINTER(const char *, sd_bus_message_get_sender, (sd_bus_message *m), (m))
FORWARD_POINTER(const sd_bus_error *, sd_bus_message_get_error, (sd_bus_message *m), (m))

void sd_bus_error_free(sd_bus_error *e) {
    REAL(LIB_SYSTEMD, sd_bus_error_free)
    if (f) f(e);
}

const unsigned *clibraries_sd_bus_vtable_format(void) {
    void *handle = LIB_SYSTEMD;
    return handle ? dlsym(handle, "sd_bus_object_vtable_format") : NULL;
}
