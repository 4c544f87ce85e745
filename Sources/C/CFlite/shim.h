/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef CFLITE_SHIM_H
#define CFLITE_SHIM_H
#include <flite/flite.h>

/* The voices' registration functions are declared by no installed header. */
cst_voice *register_cmu_us_rms(const char *voxdir);
cst_voice *register_cmu_us_slt(const char *voxdir);

#endif
