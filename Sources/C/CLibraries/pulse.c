/* SPDX-License-Identifier: GPL-3.0-or-later */
/* As in audio.c: for the program alone, never exported. */
#include <dlfcn.h> /* before the pragma: dlsym is libc's, not ours */
#pragma GCC visibility push(hidden)
#include <stddef.h>
#include "clibraries.h"
#include "opening.h"
#include "sonames.h"
#include "../CPulse/shim.h"

/* libpulse is opened when the snack watcher or `doctor` first looks for a call (a stream recording), and by
   nothing else. Missing, a main loop or a context is not made (NULL), every other call fails, and the watcher
   says it cannot tell a call. */
static void *pulse_handle;
static int pulse_tried;
#define LIB_PULSE clibraries_open(SONAME_PULSE, 0, &pulse_handle, &pulse_tried)

#define FORWARD(type, name, params, args, missing)                             \
    type name params {                                                         \
        REAL(LIB_PULSE, name)                                                  \
        return f ? f args : missing;                                           \
    }
#define FORWARD_VOID(name, params, args)                                       \
    void name params {                                                         \
        REAL(LIB_PULSE, name)                                                  \
        if (f) f args;                                                         \
    }

FORWARD(pa_mainloop *, pa_mainloop_new, (void), (), NULL)
FORWARD(pa_mainloop_api *, pa_mainloop_get_api, (pa_mainloop *m), (m), NULL)
FORWARD(int, pa_mainloop_iterate, (pa_mainloop *m, int block, int *retval), (m, block, retval), -1)
FORWARD_VOID(pa_mainloop_wakeup, (pa_mainloop *m), (m))
FORWARD_VOID(pa_mainloop_free, (pa_mainloop *m), (m))
FORWARD(pa_context *, pa_context_new, (pa_mainloop_api *api, const char *name), (api, name), NULL)
FORWARD(int, pa_context_connect, (pa_context *c, const char *server, pa_context_flags_t flags,
                                  const pa_spawn_api *api), (c, server, flags, api), -1)
FORWARD(pa_context_state_t, pa_context_get_state, (const pa_context *c), (c), PA_CONTEXT_FAILED)
FORWARD(int, pa_context_errno, (const pa_context *c), (c), PA_ERR_NOTSUPPORTED)
FORWARD(const char *, pa_strerror, (int error), (error), SONAME_PULSE " is not installed")
FORWARD_VOID(pa_context_set_subscribe_callback, (pa_context *c, pa_context_subscribe_cb_t cb, void *userdata),
             (c, cb, userdata))
FORWARD(pa_operation *, pa_context_subscribe, (pa_context *c, pa_subscription_mask_t m, pa_context_success_cb_t cb,
                                               void *userdata), (c, m, cb, userdata), NULL)
FORWARD(pa_operation *, pa_context_get_source_output_info_list, (pa_context *c, pa_source_output_info_cb_t cb,
                                                                 void *userdata), (c, cb, userdata), NULL)
FORWARD(pa_operation_state_t, pa_operation_get_state, (const pa_operation *o), (o), PA_OPERATION_CANCELLED)
FORWARD_VOID(pa_operation_unref, (pa_operation *o), (o))
FORWARD_VOID(pa_context_disconnect, (pa_context *c), (c))
FORWARD_VOID(pa_context_unref, (pa_context *c), (c))
