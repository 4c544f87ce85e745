/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

/* SQLITE_TRANSIENT is a cast macro Swift cannot import; this is the same value,
   telling SQLite to copy bound text before the call returns. */
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
