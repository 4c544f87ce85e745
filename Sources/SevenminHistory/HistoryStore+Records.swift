// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore

extension HistoryStore {
    /// Every step that measured a record and ended as done (`ranOut`: Enter, `n`, or its cap), as records
    /// to keep the best of: a hold's time, or the reps typed; a row no instant, duration or count can be is
    /// skipped.
    public func measuredSteps() throws(HistoryError) -> [PersonalRecord] {
        try read("""
            SELECT exercise, measure, actual, ended_at, reps FROM segments
            WHERE measure IS NOT NULL AND kind = 'work' AND ended = 'ranOut'
            """) { row -> PersonalRecord? in
                guard let kind = RecordKind(rawValue: row.text(1)),
                      let value = kind.isCount
                        ? StoredBounds.int(row.int(4), in: StoredBounds.count).map(Double.init)
                        : StoredBounds.double(row.double(2), in: StoredBounds.duration),
                      let at = StoredBounds.double(row.double(3), in: StoredBounds.instant) else { return nil }
                return PersonalRecord(exercise: row.text(0), kind: kind, value: value, setAt: at)
        }
    }
}
