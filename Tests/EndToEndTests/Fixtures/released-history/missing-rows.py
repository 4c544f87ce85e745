# SPDX-License-Identifier: GPL-3.0-or-later
"""missing-rows.py OLD NEW...: for each table of a history's rows in OLD, a line `TABLE ROWS MISSING`: how many
rows OLD holds, and how many of them, compared on OLD's columns, none of the NEW files holds. Every file is
opened read-only and left as it is."""
import sqlite3
import sys


def connect(path):
    return sqlite3.connect("file:" + path + "?mode=ro", uri=True)


old = connect(sys.argv[1])
news = [connect(path) for path in sys.argv[2:]]
for table in ("sessions", "segments", "pauses", "heart_rate"):
    columns = ", ".join(column[1] for column in old.execute("PRAGMA table_info(%s)" % table))
    query = "SELECT %s FROM %s" % (columns, table)
    rows = set(old.execute(query))
    found = {row for new in news for row in new.execute(query)}
    print(table, len(rows), len(rows - found))
