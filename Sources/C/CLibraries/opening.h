/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef CLIBRARIES_OPENING_H
#define CLIBRARIES_OPENING_H
#include <dlfcn.h>

/* dlopen(3) of `name`, once (`*tried` says it was tried, `*slot` keeps the handle): RTLD_LOCAL, so
   that its symbols (and those of what it links) never stand in for anyone else's, unless `global`
   asks for RTLD_GLOBAL, for a library whose own plugins call back into it. NULL if it cannot be
   opened, and clibraries_missing then says why. */
void *clibraries_open(const char *name, int global, void **slot, int *tried);

/* The real `name` from `lib`, looked up once, as `f`; NULL if the library is missing. */
#define REAL(lib, name)                                                        \
    static __typeof__(&name) real_##name;                                      \
    __typeof__(&name) f = __atomic_load_n(&real_##name, __ATOMIC_ACQUIRE);     \
    if (!f) {                                                                  \
        void *handle = lib;                                                    \
        if (handle) f = (__typeof__(&name))dlsym(handle, #name);               \
        if (f) __atomic_store_n(&real_##name, f, __ATOMIC_RELEASE);            \
    }

#endif
