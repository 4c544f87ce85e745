/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef CYAML_SHIM_H
#define CYAML_SHIM_H

#include <yaml.h>

#endif
