// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore
@testable import SevenminHistory

/// The heart rate in the history: its own table, added by a migration, written by the recorder.
@Suite("Heart rate in the history")
struct HeartRateHistoryTests {
    @Test func samplesAreKeptPerSessionInTimeOrderAndOutOfRangeOnesSkipped() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            let store = try HistoryStore(path: path)
            let id = try store.beginSession(sampleSession())
            let other = try store.beginSession(sampleSession(start: 1_795_100_000))
            try store.recordHeartRate(id, [HeartRateSample(at: 1_795_000_002, bpm: 121),
                                           HeartRateSample(at: 1_795_000_001, bpm: 120)])
            try store.recordHeartRate(other, [HeartRateSample(at: 1_795_100_001, bpm: 90)])
            try store.db.execute("INSERT INTO heart_rate VALUES (\(id), 1795000003, 4000)")
            let reader = try HistoryStore(path: path, readOnly: true)
            #expect(try reader.heartRate(of: id) == [HeartRateSample(at: 1_795_000_001, bpm: 120),
                                                      HeartRateSample(at: 1_795_000_002, bpm: 121)])
            #expect(reader.skippedRows == 1, "a rate of 4000 is no heart's")
            #expect(try reader.sessionsWithHeartRate() == [id, other])
        }
    }

    /// Before 25–250 bpm, a release recorded 1–300: such rates are left out of the samples, but they are
    /// not damage, so `doctor` does not call the file changed by hand; 301 is.
    @Test func ratesAnEarlierReleaseBelievedAreLeftOutButNotCountedAsDamage() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            let store = try HistoryStore(path: path)
            let id = try store.beginSession(sampleSession())
            for (at, bpm) in [(1, 1), (2, 24), (3, 25), (4, 250), (5, 251), (6, 300)] {
                try store.db.execute("INSERT INTO heart_rate VALUES (\(id), \(1_795_000_000 + at), \(bpm))")
            }
            let reader = try HistoryStore(path: path, readOnly: true)
            #expect(try reader.heartRate(of: id).map(\.bpm) == [25, 250])
            let outOfRange = try reader.rowsOutOfRange()
            #expect(reader.skippedRows == 0 && outOfRange == 0)
            try store.db.execute("INSERT INTO heart_rate VALUES (\(id), 1795000007, 301)")
            #expect(try reader.rowsOutOfRange() == 1)
        }
    }

    /// A file of the schema before the heart rate's, holding a workout, opens with everything in it kept,
    /// and takes samples; a reader of such a file sees no samples and changes nothing in it.
    @Test func aFileOfThePreviousSchemaKeepsEverythingAndTakesSamples() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            let previous = HistorySchema.currentVersion - 1
            do {
                let db = try SQLiteConnection(path: path)
                try HistorySchema.migrate(db, to: previous)
                try db.execute("""
                    INSERT INTO sessions (id, routine, routine_file, content_hash, options, started_at, utc_offset,
                        planned_seconds, planned_exercises, outcome, parts, effort, uuid)
                    VALUES (1, 'classic', '/w/classic.json', 'h', '{}', 1795000000, 3600, 480, 12, 'completed', 1, 7,
                        'u-1');
                    INSERT INTO segments (session_id, idx, kind, exercise, round, planned, actual, ended, ended_at)
                    VALUES (1, 0, 'getReady', 'Jumping Jacks', 1, 10, 10, 'ranOut', 1795000010),
                        (1, 1, 'work', 'Jumping Jacks', 1, 30, 30, 'ranOut', 1795000040)
                    """)
            }
            let reader = try HistoryStore(path: path, readOnly: true)
            #expect(try reader.sessions().map(\.exercisesDone) == [1])
            #expect(try reader.heartRate(of: 1).isEmpty)
            #expect(try HistorySchema.version(of: SQLiteConnection(path: path)) == previous, "a reader wrote nothing")

            let store = try HistoryStore(path: path)
            #expect(try HistorySchema.version(of: store.db) == HistorySchema.currentVersion)
            let kept = try #require(try store.sessions().first)
            #expect(kept.record.effort == 7 && kept.record.uuid == "u-1" && kept.record.outcome == .completed)
            #expect(try store.segments(of: 1).map(\.kind) == ["getReady", "work"])
            #expect(try store.keptTotals().exercises["Jumping Jacks"]?.times == 1)
            try store.recordHeartRate(1, [HeartRateSample(at: 1_795_000_020, bpm: 130)])
            #expect(try store.heartRate(of: 1) == [HeartRateSample(at: 1_795_000_020, bpm: 130)])
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test func theRecorderWritesSamplesWithTheNextSegmentAndAtTheClose() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            let recorder = HistoryRecorder(path: path)
            recorder.begin(sampleSession())
            recorder.segmentEnded(sampleSegment(0, 0))
            recorder.heartRate(HeartRateSample(at: 1_795_000_101, bpm: 140))
            recorder.heartRate(HeartRateSample(at: 1_795_000_102, bpm: 141))
            recorder.segmentEnded(sampleSegment(0, 1))
            #expect(recorder.summary(timeout: 5) != nil)
            #expect(try HistoryStore(path: path, readOnly: true).heartRate(of: 1).map(\.bpm) == [140, 141])
            recorder.finish(.completed)
            // The finish screen's minute: read on, and written when the workout closes.
            recorder.heartRate(HeartRateSample(at: 1_795_000_160, bpm: 110))
            #expect(recorder.close(timeout: 5))
            #expect(recorder.failure == nil)
            #expect(try HistoryStore(path: path, readOnly: true).heartRate(of: 1).map(\.bpm) == [140, 141, 110])
        }
    }
}
