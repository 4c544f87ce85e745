/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef CSNDFILE_SHIM_H
#define CSNDFILE_SHIM_H
#include <sndfile.h>
#endif
