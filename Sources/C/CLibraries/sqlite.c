/* SPDX-License-Identifier: GPL-3.0-or-later */
/* As in audio.c: for the program alone, never exported. */
#include <dlfcn.h> /* before the pragma: dlsym is libc's, not ours */
#pragma GCC visibility push(hidden)
#include <sqlite3.h>
#include <stddef.h>
#include "clibraries.h"
#include "opening.h"
#include "sonames.h"

/* SQLite is opened when the history is, after the first frame (or by a command that reads it). */
static void *sqlite_handle;
static int sqlite_tried;
#define LIB_SQLITE clibraries_open(SONAME_SQLITE, 0, &sqlite_handle, &sqlite_tried)

/* What errmsg and errstr say when there is no SQLite to ask. */
static const char *sqlite_missing(void) {
    const char *why = clibraries_missing();
    return why ? why : "SQLite (" SONAME_SQLITE ") is not installed";
}

int sqlite3_open_v2(const char *filename, sqlite3 **db, int flags, const char *vfs) {
    REAL(LIB_SQLITE, sqlite3_open_v2)
    if (f) return f(filename, db, flags, vfs);
    *db = NULL;
    return SQLITE_CANTOPEN;
}

int sqlite3_close_v2(sqlite3 *db) {
    REAL(LIB_SQLITE, sqlite3_close_v2)
    return f ? f(db) : SQLITE_OK;
}

const char *sqlite3_errmsg(sqlite3 *db) {
    REAL(LIB_SQLITE, sqlite3_errmsg)
    return f ? f(db) : sqlite_missing();
}

const char *sqlite3_errstr(int rc) {
    REAL(LIB_SQLITE, sqlite3_errstr)
    return f ? f(rc) : sqlite_missing();
}

int sqlite3_busy_timeout(sqlite3 *db, int ms) {
    REAL(LIB_SQLITE, sqlite3_busy_timeout)
    return f ? f(db, ms) : SQLITE_MISUSE;
}

int sqlite3_db_readonly(sqlite3 *db, const char *name) {
    REAL(LIB_SQLITE, sqlite3_db_readonly)
    return f ? f(db, name) : -1;
}

int sqlite3_exec(sqlite3 *db, const char *sql, int (*callback)(void *, int, char **, char **), void *context,
                 char **error) {
    REAL(LIB_SQLITE, sqlite3_exec)
    if (f) return f(db, sql, callback, context, error);
    if (error) *error = NULL;
    return SQLITE_MISUSE;
}

int sqlite3_deserialize(sqlite3 *db, const char *schema, unsigned char *data, sqlite3_int64 size,
                        sqlite3_int64 capacity, unsigned flags) {
    REAL(LIB_SQLITE, sqlite3_deserialize)
    return f ? f(db, schema, data, size, capacity, flags) : SQLITE_MISUSE;
}

unsigned char *sqlite3_serialize(sqlite3 *db, const char *schema, sqlite3_int64 *size, unsigned flags) {
    REAL(LIB_SQLITE, sqlite3_serialize)
    return f ? f(db, schema, size, flags) : NULL;
}

void sqlite3_free(void *memory) {
    REAL(LIB_SQLITE, sqlite3_free)
    if (f) f(memory);
}

int sqlite3_changes(sqlite3 *db) {
    REAL(LIB_SQLITE, sqlite3_changes)
    return f ? f(db) : 0;
}

sqlite3_int64 sqlite3_last_insert_rowid(sqlite3 *db) {
    REAL(LIB_SQLITE, sqlite3_last_insert_rowid)
    return f ? f(db) : 0;
}

int sqlite3_prepare_v3(sqlite3 *db, const char *sql, int bytes, unsigned int flags, sqlite3_stmt **statement,
                       const char **tail) {
    REAL(LIB_SQLITE, sqlite3_prepare_v3)
    if (f) return f(db, sql, bytes, flags, statement, tail);
    *statement = NULL;
    return SQLITE_MISUSE;
}

/* "sqlite3_prepare_v3() with a zero prepFlags parameter is the same as sqlite3_prepare_v2()" (sqlite.org). */
int sqlite3_prepare_v2(sqlite3 *db, const char *sql, int bytes, sqlite3_stmt **statement, const char **tail) {
    return sqlite3_prepare_v3(db, sql, bytes, 0, statement, tail);
}

int sqlite3_step(sqlite3_stmt *statement) {
    REAL(LIB_SQLITE, sqlite3_step)
    return f ? f(statement) : SQLITE_MISUSE;
}

int sqlite3_reset(sqlite3_stmt *statement) {
    REAL(LIB_SQLITE, sqlite3_reset)
    return f ? f(statement) : SQLITE_MISUSE;
}

int sqlite3_finalize(sqlite3_stmt *statement) {
    REAL(LIB_SQLITE, sqlite3_finalize)
    return f ? f(statement) : SQLITE_OK;
}

int sqlite3_clear_bindings(sqlite3_stmt *statement) {
    REAL(LIB_SQLITE, sqlite3_clear_bindings)
    return f ? f(statement) : SQLITE_MISUSE;
}

int sqlite3_bind_null(sqlite3_stmt *statement, int index) {
    REAL(LIB_SQLITE, sqlite3_bind_null)
    return f ? f(statement, index) : SQLITE_MISUSE;
}

int sqlite3_bind_int64(sqlite3_stmt *statement, int index, sqlite3_int64 value) {
    REAL(LIB_SQLITE, sqlite3_bind_int64)
    return f ? f(statement, index, value) : SQLITE_MISUSE;
}

int sqlite3_bind_double(sqlite3_stmt *statement, int index, double value) {
    REAL(LIB_SQLITE, sqlite3_bind_double)
    return f ? f(statement, index, value) : SQLITE_MISUSE;
}

int sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, int bytes, void (*destructor)(void *)) {
    REAL(LIB_SQLITE, sqlite3_bind_text)
    return f ? f(statement, index, text, bytes, destructor) : SQLITE_MISUSE;
}

int sqlite3_column_count(sqlite3_stmt *statement) {
    REAL(LIB_SQLITE, sqlite3_column_count)
    return f ? f(statement) : 0;
}

int sqlite3_column_type(sqlite3_stmt *statement, int column) {
    REAL(LIB_SQLITE, sqlite3_column_type)
    return f ? f(statement, column) : SQLITE_NULL;
}

sqlite3_int64 sqlite3_column_int64(sqlite3_stmt *statement, int column) {
    REAL(LIB_SQLITE, sqlite3_column_int64)
    return f ? f(statement, column) : 0;
}

double sqlite3_column_double(sqlite3_stmt *statement, int column) {
    REAL(LIB_SQLITE, sqlite3_column_double)
    return f ? f(statement, column) : 0;
}

const unsigned char *sqlite3_column_text(sqlite3_stmt *statement, int column) {
    REAL(LIB_SQLITE, sqlite3_column_text)
    return f ? f(statement, column) : NULL;
}
