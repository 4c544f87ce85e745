// SPDX-License-Identifier: GPL-3.0-or-later
/// The database's tables, as a list of migrations: `migrations[n]` takes a database from
/// `user_version` n to n + 1. Version 0 is an empty file. Never edit a shipped step; add one.
enum HistorySchema {
    static let migrations: [[String]] = [
        // 0 → 1: sessions and their segments.
        [
            """
            CREATE TABLE sessions (
                id INTEGER PRIMARY KEY,
                routine TEXT NOT NULL,
                routine_file TEXT NOT NULL,
                content_hash TEXT NOT NULL,
                seed INTEGER,
                options TEXT NOT NULL,
                started_at REAL NOT NULL,
                utc_offset INTEGER NOT NULL,
                planned_seconds REAL NOT NULL,
                planned_exercises INTEGER NOT NULL,
                outcome TEXT,
                pid INTEGER,
                parts INTEGER NOT NULL DEFAULT 1
            )
            """,
            // A segment index can repeat within a session (going back, or resuming), so rows have their own id.
            """
            CREATE TABLE segments (
                id INTEGER PRIMARY KEY,
                session_id INTEGER NOT NULL REFERENCES sessions(id),
                idx INTEGER NOT NULL,
                kind TEXT NOT NULL,
                exercise TEXT NOT NULL,
                round INTEGER NOT NULL,
                planned REAL NOT NULL,
                actual REAL NOT NULL,
                ended TEXT NOT NULL,
                ended_at REAL NOT NULL,
                part INTEGER NOT NULL DEFAULT 1
            )
            """,
            "CREATE INDEX segments_by_session ON segments(session_id)",
            "CREATE INDEX sessions_by_start ON sessions(started_at)",
        ],
        // → +1: how hard the workout was, 1 to 10, when the user said (the finish screen, `sevenmin rate`).
        [
            "ALTER TABLE sessions ADD COLUMN effort INTEGER CHECK (effort BETWEEN 1 AND 10)",
        ],
        // → +1: a stable id for each session, so that a history read from another machine's file
        // (history.d) counts each workout once however many copies there are.
        [
            "ALTER TABLE sessions ADD COLUMN uuid TEXT",
            "UPDATE sessions SET uuid = \(legacyUUID) WHERE uuid IS NULL",
            "CREATE INDEX sessions_by_uuid ON sessions(uuid)",
        ],
        // → +1: the plan and step (from 1) a session was run for, from which `plan` works out where a user is.
        [
            "ALTER TABLE sessions ADD COLUMN plan TEXT",
            "ALTER TABLE sessions ADD COLUMN plan_step INTEGER",
        ],
        // → +1: which side (1 or 2) a segment is of an exercise done on each side, with a switch between,
        // so that such an exercise counts once.
        [
            "ALTER TABLE segments ADD COLUMN side INTEGER CHECK (side BETWEEN 1 AND 2)",
        ],
    ]

    static var currentVersion: Int { migrations.count }

    /// The id a session recorded before ids were kept is given: the same on every machine and in
    /// every copy of its file, so that a copied history still counts each workout once.
    static let legacyUUID = "'legacy-' || printf('%.6f', started_at) || '-' || content_hash"

    /// `PRAGMA user_version`.
    static func version(of db: SQLiteConnection) throws(SQLiteError) -> Int {
        Int(try db.rows("PRAGMA user_version").first?.first?.int ?? 0)
    }

    /// Brings `db` up to `target` in one transaction, so that two processes opening an old
    /// file at once migrate it once, and a failure leaves it as it was.
    static func migrate(_ db: SQLiteConnection, to target: Int = currentVersion,
                        steps: [[String]] = migrations) throws {
        try db.transaction {
            let from = try version(of: db)
            guard from < target else { return }
            for step in steps[from..<target] {
                for sql in step { try db.execute(sql) }
            }
            try db.execute("PRAGMA user_version = \(target)")
        }
    }
}
