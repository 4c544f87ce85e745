// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore
@testable import SevenminHistory

@Suite("Snacks in the history")
struct SnackHistoryTests {
    @Test func aSnackIsKeptAsASnackAndNeverResumedAsAWorkout() throws {
        try withTemporaryDirectory { dir throws in
            let store = try HistoryStore(path: dir + "/history.sqlite3")
            let workout = try store.beginSession(sampleSession(start: 1_795_000_000), pid: try deadPid())
            var snack = sampleSession(start: 1_795_001_000, routine: "Desk snack")
            snack.kind = .snack
            let snackID = try store.beginSession(snack, pid: try deadPid())
            try store.recordSegment(sampleSegment(snackID, 0))
            try store.recordSegment(sampleSegment(snackID, 1))
            let reader = try HistoryStore(path: dir + "/history.sqlite3", readOnly: true)
            #expect(try reader.sessions().map(\.record.kind) == [.workout, .snack])
            #expect(try reader.allSessions().map(\.kind) == [.workout, .snack])
            // Both were left by processes that have gone; only the workout is taken up again.
            #expect(try store.latestInterrupted()?.session.id == workout)
        }
    }

    @Test func aFileOfThePreviousSchemaReadsAsWorkouts() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            do {
                let db = try SQLiteConnection(path: path)
                try HistorySchema.migrate(db, to: HistorySchema.currentVersion - 1)
                try db.execute("""
                    INSERT INTO sessions (id, routine, routine_file, content_hash, options, started_at, utc_offset,
                        planned_seconds, planned_exercises, outcome, parts, uuid)
                    VALUES (1, 'classic', '/w/classic.json', 'h', '{}', 1795000000, 3600, 480, 12, 'completed', 1, 'u')
                    """)
            }
            #expect(try HistoryStore(path: path, readOnly: true).sessions().map(\.record.kind) == [.workout])
            let store = try HistoryStore(path: path)
            #expect(try store.allSessions().map(\.kind) == [.workout])
            // The column refuses what is neither.
            #expect(throws: (any Error).self) { try store.db.execute("UPDATE sessions SET kind = 'nap'") }
        }
    }
}
