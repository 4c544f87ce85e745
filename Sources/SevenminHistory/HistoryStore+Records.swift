// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore

extension HistoryStore {
    /// Every step that measured a record and ended as done (`ranOut`: Enter, `n`, or its cap), as records
    /// to keep the best of; a row no instant or duration can be is skipped.
    public func measuredSteps() throws(HistoryError) -> [PersonalRecord] {
        try read("""
            SELECT exercise, measure, actual, ended_at FROM segments
            WHERE measure IS NOT NULL AND kind = 'work' AND ended = 'ranOut'
            """) { row -> PersonalRecord? in
                guard let kind = RecordKind(rawValue: row.text(1)),
                      let value = StoredBounds.double(row.double(2), in: StoredBounds.duration),
                      let at = StoredBounds.double(row.double(3), in: StoredBounds.instant) else { return nil }
                return PersonalRecord(exercise: row.text(0), kind: kind, value: value, setAt: at)
        }
    }
}
