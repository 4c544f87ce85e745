// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem

/// This machine's copy in `history.d`, split by month: `ID/YYYY-MM.sqlite3`, each written whole and put in
/// place by a rename, as the single copy was. A month's copy is written again only when what it holds has
/// changed (a workout of that month recorded, resumed or finished; an edit made in it), so that a sync moves
/// a month of rows after a workout, not the whole history.
extension HistoryStore {
    /// The month a session's rows are published in: its start, on the clock it was lived.
    static func sessionMonth(_ s: String) -> String {
        "strftime('%Y-%m', CAST(\(s).started_at AS REAL) + CAST(\(s).utc_offset AS INTEGER), 'unixepoch')"
    }

    /// The month an edit is published in: its clock's, in UTC.
    static let editMonth = "strftime('%Y-%m', CAST(substr(a.clock, 1, 18) AS INTEGER) / 1000, 'unixepoch')"

    /// The table of a month's copy that says what it holds (`monthDigests`).
    static let digestTable = "published_month"

    /// For each month, a summary of everything its copy holds that can change: each session's id, uuid,
    /// outcome, rating and parts, and the count and last row of its segments, pauses and heart rate, and the
    /// month's edits. Equal summaries: equal copies.
    func monthDigests() throws(HistoryError) -> [String: String] {
        try guarded {
            var month: [Int64: String] = [:], parts: [String: [String]] = [:]
            for row in try db.rows("""
                SELECT s.id, \(Self.sessionMonth("s")), s.uuid, s.outcome, s.effort, s.parts, s.routine
                FROM sessions s ORDER BY s.id
                """) {
                guard let id = row[0].int, let m = row[1].string else { continue }
                month[id] = m
                parts[m, default: []].append(row.map { "\($0)" }.joined(separator: ":"))
            }
            for table in ["segments", "pauses", "heart_rate"] {
                for row in try db.rows("SELECT session_id, COUNT(*), MAX(rowid) FROM \(table) GROUP BY session_id") {
                    guard let id = row[0].int, let m = month[id] else { continue }
                    parts[m, default: []].append(table + row.map { "\($0)" }.joined(separator: ":"))
                }
            }
            let a = "a"
            for row in try db.rows("""
                SELECT \(Self.editMonth), COUNT(*), MAX(\(a).rowid) FROM annotations \(a) GROUP BY 1
                """) {
                guard let m = row[0].string else { continue }
                parts[m, default: []].append("edits" + row.map { "\($0)" }.joined(separator: ":"))
            }
            return parts.mapValues { $0.joined(separator: ",") }
        }
    }

    /// Brings this machine's copy in `copy.path` (a folder) up to date, month by month, writing only the
    /// months that changed. The single copy of before (`copy.path + ".sqlite3"`) and the one named by the
    /// host (`copy.formerly`) are removed once every workout they hold is in this history, and so in the months.
    public func publish(_ copy: PublishedCopy) throws(HistoryError) {
        let folder = copy.path
        // ignored: a folder already there is the usual case; one that cannot be made fails the first write
        mkdir(folder, 0o700)
        for (month, digest) in try monthDigests().sorted(by: { $0.key < $1.key }) {
            let path = folder + "/" + month + ".sqlite3"
            if let there = try? HistoryStore(sharedFile: path) {
                let held = (try? there.db.rows("SELECT digest FROM \(Self.digestTable)"))?.first?.first?.string
                if held == digest { continue }
                if let taken = HistoryStore.idShared(there, history: self, host: copy.publisher.host) { throw taken }
            }
            try writeMonth(month, digest: digest, to: path, as: copy.publisher, durable: copy.durable)
        }
        for old in [folder + ".sqlite3", copy.formerly].compactMap(\.self) {
            guard let there = try? HistoryStore(sharedFile: old), there.publisher.map({
                $0.machine == copy.publisher.machine }) ?? true, lacksWorkouts(of: there) == false else { continue }
            // ignored: a copy left in place is read as another machine's, each workout in it counted once
            unlink(old)
        }
    }

    /// Writes the copy of `month` at `path`: that month's sessions with their rows, and its edits, in a new
    /// file of the current schema, marked with `publisher` and `digest`, put in place by `AtomicFile`.
    private func writeMonth(_ month: String, digest: String, to path: String, as publisher: Publisher,
                            durable: Bool) throws(HistoryError) {
        let source = self.path
        try guarded {
            try Self.placeCopy(at: path, as: publisher, durable: durable) { temporary in
                let copy = try SQLiteConnection(path: temporary)
                // The copy is a temporary file put in place whole: it needs no journal of its own.
                try copy.execute("PRAGMA journal_mode = OFF")
                if !durable { try copy.execute("PRAGMA synchronous = OFF") }
                try HistorySchema.migrate(copy)
                try copy.run("ATTACH DATABASE ? AS src", [.text(source)])
                try copy.transaction {
                    try copy.run("""
                        INSERT INTO sessions SELECT * FROM src.sessions s WHERE \(Self.sessionMonth("s")) = ?
                        """, [.text(month)])
                    for table in ["segments", "heart_rate", "pauses"] {
                        try copy.execute("""
                            INSERT INTO \(table) SELECT * FROM src.\(table)
                            WHERE session_id IN (SELECT id FROM main.sessions)
                            """)
                    }
                    try copy.run("""
                        INSERT INTO annotations SELECT * FROM src.annotations a WHERE \(Self.editMonth) = ?
                        """, [.text(month)])
                    try copy.execute("CREATE TABLE \(Self.digestTable) (digest TEXT NOT NULL)")
                    try copy.run("INSERT INTO \(Self.digestTable) VALUES (?)", [.text(digest)])
                }
                try copy.execute("DETACH DATABASE src")
                return copy
            }
        }
    }
}
