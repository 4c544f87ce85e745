/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef CAO_SHIM_H
#define CAO_SHIM_H
#include <ao/ao.h>
#endif
