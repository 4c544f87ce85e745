// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore

/// Edits of workouts made after the fact, on this machine, of its own workouts or another's.
extension HistoryStore {
    /// Keeps `edit` (a row added, nothing changed): every machine reading this history's copy applies it.
    public func annotate(_ edit: SessionAnnotation) throws(HistoryError) {
        try guarded {
            try db.run("INSERT INTO annotations (session_uuid, field, value, clock, machine) VALUES (?, ?, ?, ?, ?)",
                       [.text(edit.session), .text(edit.field.rawValue), .text(edit.value), .text(edit.clock.text),
                        .text(edit.machine)])
        }
    }

    /// Every edit kept here; a row that is not one (an unknown field, a mangled clock) is skipped and counted.
    public func annotations() throws(HistoryError) -> [SessionAnnotation] {
        try read("SELECT session_uuid, field, value, clock, machine FROM annotations") { row in
            guard let field = SessionAnnotation.Field(rawValue: row.text(1)),
                  let clock = HybridLogicalClock(text: row.text(3)) else { return nil }
            return SessionAnnotation(session: row.text(0), field: field, value: row.text(2), clock: clock,
                                     machine: row.text(4))
        }
    }
}

extension HistoryLibrary {
    /// Keeps in `writer` (this machine's history, open for writing) an edit of workout `id`, as `sessions`
    /// numbers it, of this machine's or another's, made at `now` (seconds since 1970) by `machine`: its clock
    /// later than every edit read, whatever this machine's wall clock says. The workout as it was before the
    /// edit; nil, with nothing kept, when there is no such workout (or it was removed).
    public func edit(_ id: Int64, _ field: SessionAnnotation.Field, to value: String, machine: String,
                     now: Double, in writer: HistoryStore) throws(HistoryError) -> SessionRecord? {
        guard let found = try allSessions().first(where: { $0.id == id }) else { return nil }
        let clock = try edits().latest.tick(now: Int64((now * 1000).rounded(.down)))
        try writer.annotate(SessionAnnotation(session: found.uuid, field: field, value: value, clock: clock,
                                              machine: machine))
        forgetReads()
        return found
    }
}
