/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef CQRENCODE_SHIM_H
#define CQRENCODE_SHIM_H

#include <qrencode.h>

#endif
