/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef CPULSE_SHIM_H
#define CPULSE_SHIM_H

#include <pulse/context.h>
#include <pulse/error.h>
#include <pulse/introspect.h>
#include <pulse/mainloop.h>
#include <pulse/operation.h>
#include <pulse/subscribe.h>

#endif
