/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef CSYSTEMD_SHIM_H
#define CSYSTEMD_SHIM_H

#include <systemd/sd-bus.h>

#endif
