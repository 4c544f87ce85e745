// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore

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
        // → +1: the sums `stats` and the streak need, kept by triggers as rows are written, changed or
        // removed, so that they read a few thousand rows and not every segment of a long history.
        [
            "CREATE VIEW counted_segments AS \(countedSegments)",
            "CREATE TABLE day_totals (day INTEGER PRIMARY KEY, workout REAL NOT NULL, work REAL NOT NULL)",
            "CREATE TABLE exercise_totals (exercise TEXT PRIMARY KEY, times INTEGER NOT NULL, seconds REAL NOT NULL)",
            fillTotals,
        ] + totalsTriggers,
        // → +1: the heart rate, one sample a second at most, while a strap or a watch was read.
        [
            """
            CREATE TABLE heart_rate (
                session_id INTEGER NOT NULL REFERENCES sessions(id),
                at REAL NOT NULL,
                bpm INTEGER NOT NULL
            )
            """,
            "CREATE INDEX heart_rate_by_session ON heart_rate(session_id, at)",
        ],
        // → +1: the stage of a warm-up's or a cool-down's segments (none: the main rounds), and where the
        // workout was paused and went on, so that a FIT file tells its laps and its timer as they were.
        [
            "ALTER TABLE segments ADD COLUMN stage TEXT CHECK (stage IN ('warmup', 'cooldown'))",
            """
            CREATE TABLE pauses (
                session_id INTEGER NOT NULL REFERENCES sessions(id),
                at REAL NOT NULL,
                resumed INTEGER NOT NULL CHECK (resumed IN (0, 1))
            )
            """,
            "CREATE INDEX pauses_by_session ON pauses(session_id, at)",
        ],
        // → +1: what a session was, a workout or a desk snack (`sevenmin snack`), which history and stats tell apart.
        [
            "ALTER TABLE sessions ADD COLUMN kind TEXT NOT NULL DEFAULT 'workout' CHECK (kind IN ('workout', 'snack'))",
        ],
        // → +1: edits of any machine's workout made on this one (`rate --session`, `history rename` and
        // `remove`), each a row of its own with its hybrid logical clock, so that every machine reads every
        // edit and comes to one answer (`SessionEdits`). Rows only ever added: a copy of it only grows.
        [
            """
            CREATE TABLE annotations (
                session_uuid TEXT NOT NULL,
                field TEXT NOT NULL,
                value TEXT NOT NULL,
                clock TEXT NOT NULL,
                machine TEXT NOT NULL
            )
            """,
        ],
        // → +1: what a work segment measured for the personal records (`RecordKind`: `hold`), so that
        // `stats --records` and the screen find a move's best.
        [
            "ALTER TABLE segments ADD COLUMN measure TEXT",
            "CREATE INDEX segments_by_measure ON segments(measure) WHERE measure IS NOT NULL",
        ],
        // → +1: the reps a step of as many as you can did, as typed when it ended (none: not given), which
        // `history --json` shows and a record of kind `reps` or `reps_in_N` is.
        [
            "ALTER TABLE segments ADD COLUMN reps INTEGER CHECK (reps >= 0)",
        ],
    ]

    /// Adds up the sums of every segment, into empty tables.
    static var fillTotals: String { adding("counted_segments WHERE 1") }

    /// The names of the triggers that keep the sums: each `CREATE TRIGGER NAME …` of `totalsTriggers`.
    static var totalsTriggerNames: [String] {
        totalsTriggers.map { String($0.split(whereSeparator: \.isWhitespace)[2]) }
    }

    /// The triggers that keep the sums as rows are written, changed or removed.
    static var totalsTriggers: [String] {
        [
            """
            CREATE TRIGGER segment_added AFTER INSERT ON segments BEGIN
                \(adding("counted_segments WHERE segment_id = NEW.id"));
            END
            """,
            """
            CREATE TRIGGER segment_removed BEFORE DELETE ON segments BEGIN
                \(adding("counted_segments WHERE segment_id = OLD.id", sign: "-"));
            END
            """,
            """
            CREATE TRIGGER segment_changing BEFORE UPDATE ON segments BEGIN
                \(adding("counted_segments WHERE segment_id = OLD.id", sign: "-"));
            END
            """,
            """
            CREATE TRIGGER segment_changed AFTER UPDATE ON segments BEGIN
                \(adding("counted_segments WHERE segment_id = NEW.id"));
            END
            """,
            """
            CREATE TRIGGER session_removed BEFORE DELETE ON sessions BEGIN
                \(adding("counted_segments WHERE session_id = OLD.id", sign: "-"));
            END
            """,
            // Only what moves a session's day or makes it unreadable; not an outcome, a pid or a rating.
            """
            CREATE TRIGGER session_changing BEFORE UPDATE OF id, started_at, utc_offset, planned_seconds,
                planned_exercises, parts ON sessions WHEN \(sessionChanges) BEGIN
                \(adding("counted_segments WHERE session_id = OLD.id", sign: "-"));
            END
            """,
            """
            CREATE TRIGGER session_changed AFTER UPDATE OF id, started_at, utc_offset, planned_seconds,
                planned_exercises, parts ON sessions WHEN \(sessionChanges) BEGIN
                \(adding("counted_segments WHERE session_id = NEW.id"));
            END
            """,
        ]
    }

    /// The segments `HistoryStats` counts (workout that ran out, and all work), as
    /// `HistoryStore.completedSegments` reads them.
    static func countedKinds(_ g: String) -> String {
        "\(g)kind != 'getReady' AND (\(g)ended = 'ranOut' OR \(g)kind = 'work')"
    }

    /// `x` as `sqlite3_column_int64` reads it, in `range`.
    private static func integer(_ x: String, in range: ClosedRange<Int64>) -> String {
        "COALESCE(CAST(\(x) AS INTEGER), 0) BETWEEN \(range.lowerBound) AND \(range.upperBound)"
    }

    /// `x` as `sqlite3_column_double` reads it, in `range`.
    private static func real(_ x: String, in range: ClosedRange<Double>) -> String {
        "COALESCE(CAST(\(x) AS REAL), 0) BETWEEN \(range.lowerBound) AND \(range.upperBound)"
    }

    /// A stored number as `SQLiteValue` reads it (an integer or a real, truncated to a whole number
    /// for `whole`), in `range`.
    private static func stored<T>(_ x: String, in range: ClosedRange<T>, whole: Bool) -> String {
        "typeof(\(x)) IN ('integer', 'real') AND "
            + (whole ? "CAST(\(x) AS INTEGER)" : x) + " BETWEEN \(range.lowerBound) AND \(range.upperBound)"
    }

    /// A segment row `completedSegments` would not skip.
    static func soundSegment(_ g: String) -> String {
        [integer("\(g).idx", in: StoredBounds.count), integer("\(g).round", in: StoredBounds.count),
         real("\(g).planned", in: StoredBounds.duration), real("\(g).actual", in: StoredBounds.duration),
         real("\(g).ended_at", in: StoredBounds.instant), integer("\(g).part", in: StoredBounds.parts)]
            .joined(separator: " AND ")
    }

    /// A session row the readers would not skip.
    static func soundSession(_ s: String) -> String {
        "(" + [stored("\(s).started_at", in: StoredBounds.instant, whole: false),
               stored("\(s).utc_offset", in: StoredBounds.utcOffset, whole: true),
               stored("\(s).planned_seconds", in: StoredBounds.duration, whole: false),
               stored("\(s).planned_exercises", in: StoredBounds.count, whole: true),
               "(\(s).parts IS NULL OR \(stored("\(s).parts", in: StoredBounds.parts, whole: true)))"]
            .joined(separator: " AND ") + ")"
    }

    /// Whether an update changes a session's day or whether it is read at all.
    private static let sessionChanges = """
        OLD.id IS NOT NEW.id OR OLD.started_at IS NOT NEW.started_at OR OLD.utc_offset IS NOT NEW.utc_offset
            OR \(soundSession("OLD")) IS NOT \(soundSession("NEW"))
        """

    /// Days since 1970 (before rounding down) of session `s`'s local start.
    private static let startDay = "((CAST(s.started_at AS REAL) + CAST(s.utc_offset AS INTEGER)) / 86400.0)"

    /// Every counted segment of a session that is read, with the local day its session started on (by
    /// its stored offset, as `CivilTime.dayNumber`) and what it adds to that day and to its exercise.
    static let countedSegments = """
        SELECT g.id AS segment_id, g.session_id AS session_id,
            CAST(\(startDay) AS INTEGER) - (\(startDay) < CAST(\(startDay) AS INTEGER)) AS day,
            CASE WHEN g.ended IS NOT 'skipped' THEN CAST(g.actual AS REAL) ELSE 0 END AS workout,
            CASE WHEN g.kind = 'work' THEN CAST(g.actual AS REAL) ELSE 0 END AS work,
            g.kind = 'work' AND g.ended IS NOT 'skipped' AS done, CAST(g.exercise AS TEXT) AS exercise,
            g.side IS NOT 1 AS once
        FROM segments g JOIN sessions s ON s.id = g.session_id
        WHERE \(countedKinds("g.")) AND \(soundSegment("g")) AND \(soundSession("s"))
        """

    /// Adds (or with `sign` "-", takes away) the rows of `source` (a `counted_segments` query) to the
    /// day and exercise totals; a sum taken back to nothing is removed.
    private static func adding(_ source: String, sign: String = "") -> String {
        let tidy = sign.isEmpty ? "" : """
            ;
            DELETE FROM day_totals WHERE abs(workout) < 1e-9 AND abs(work) < 1e-9;
            DELETE FROM exercise_totals WHERE times = 0 AND abs(seconds) < 1e-9
            """
        return """
            INSERT INTO day_totals (day, workout, work)
                SELECT day, \(sign)SUM(workout), \(sign)SUM(work) FROM \(source) GROUP BY day
                ON CONFLICT (day) DO UPDATE SET workout = workout + excluded.workout, work = work + excluded.work;
            INSERT INTO exercise_totals (exercise, times, seconds)
                SELECT exercise, \(sign)SUM(once), \(sign)SUM(workout) FROM \(source) AND done GROUP BY exercise
                ON CONFLICT (exercise) DO UPDATE
                    SET times = times + excluded.times, seconds = seconds + excluded.seconds
            """ + tidy
    }

    static var currentVersion: Int { migrations.count }

    /// The id a session recorded before ids were kept is given: the same on every machine and in
    /// every copy of its file, so that a copied history still counts each workout once.
    static let legacyUUID = "'legacy-' || printf('%.6f', started_at) || '-' || content_hash"

    /// `PRAGMA user_version`.
    static func version(of db: SQLiteConnection) throws(SQLiteError) -> Int {
        Int(try db.rows("PRAGMA user_version").first?.first?.int ?? 0)
    }

    /// Brings `db` up to `target` in one transaction, so that two processes opening an old
    /// file at once migrate it once, and a failure leaves it as it was. An empty file is given
    /// `steps`' tables as they end up (`made`) rather than taken through every step.
    static func migrate(_ db: SQLiteConnection, to target: Int = currentVersion,
                        steps: [[String]] = migrations) throws {
        try db.transaction {
            let from = try version(of: db)
            guard from < target else { return }
            let statements = from == 0 ? made(steps[..<target]) : Array(steps[from..<target].joined())
            for sql in statements { try db.execute(sql) }
            try db.execute("PRAGMA user_version = \(target)")
        }
    }

    /// The statements of `steps` with each `ALTER TABLE t ADD COLUMN c` written into t's `CREATE TABLE`,
    /// before its closing parenthesis, as SQLite itself rewrites the table's text; and without
    /// statements that change rows (`UPDATE`, `INSERT`, `DELETE`), which find none in a new file. A file
    /// made so is the same as one taken through the steps (a test compares the two), but SQLite reads the
    /// whole schema again after each `ALTER TABLE`: a new file's first workout did so five times, two
    /// thirds of its history's work.
    static func made(_ steps: ArraySlice<[String]>) -> [String] {
        var statements: [String] = []
        for sql in steps.joined() {
            let words = firstWords(sql, 6)
            if ["UPDATE", "INSERT", "DELETE"].contains(words.first ?? "") { continue }
            guard words.count == 6, words[0] == "ALTER", words[1] == "TABLE", words[3] == "ADD", words[4] == "COLUMN",
                  let table = statements.lastIndex(where: { creates($0, table: words[2]) }),
                  let close = statements[table].lastIndex(of: ")")
            else {
                statements.append(sql)
                continue
            }
            // What follows `ALTER TABLE t ADD COLUMN`, as SQLite keeps it.
            var definition = Substring(sql)
            for _ in 0..<5 { definition = definition.drop(while: \.isWhitespace).drop { !$0.isWhitespace } }
            definition = definition.drop(while: \.isWhitespace)
            while let last = definition.last, last.isWhitespace || last == ";" { definition.removeLast() }
            statements[table].insert(contentsOf: ", " + definition, at: close)
        }
        return statements
    }

    /// Whether `sql` is the `CREATE TABLE` of `table` (its name as written, in capitals).
    private static func creates(_ sql: String, table: String) -> Bool {
        let words = firstWords(sql, 3)
        return words.count == 3 && words[0] == "CREATE" && words[1] == "TABLE" && words[2] == table
    }

    /// The first `count` words of `sql`, ASCII letters in capitals, read byte by byte up to the last of
    /// them: a trigger's text is long, and splitting all of it by `Character` cost more than SQLite's
    /// work on it.
    private static func firstWords(_ sql: String, _ count: Int) -> [String] {
        var words: [String] = [], word: [UInt8] = []
        for byte in sql.utf8 {
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                guard !word.isEmpty else { continue }
                words.append(String(decoding: word, as: UTF8.self))
                word.removeAll(keepingCapacity: true)
                if words.count == count { return words }
            } else {
                word.append((0x61...0x7A).contains(byte) ? byte - 0x20 : byte)
            }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        return words
    }
}
