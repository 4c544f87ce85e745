// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore
@testable import SevenminHistory

/// Personal records as the history keeps them: a hold's time, written and read back, from this machine's file
/// and from another machine's copy in `history.d`.
@Suite("Personal records in the history")
struct RecordsHistoryTests {
    /// A workout of one plank held `seconds` (ended as done unless `cut`), with a timed step beside it.
    func plank(_ store: HistoryStore, _ seconds: Double, at start: Double, cut: Bool = false) throws {
        let id = try store.beginSession(sampleSession(start: start))
        try store.recordSegment(SegmentRecord(sessionID: id, index: 1, kind: "work", exercise: "Plank", round: 1,
                                              planned: 0, actual: seconds, ended: cut ? .skipped : .ranOut,
                                              endedAt: start + seconds, measure: .hold))
        try store.recordSegment(SegmentRecord(sessionID: id, index: 3, kind: "work", exercise: "Squat", round: 1,
                                              planned: 30, actual: 90, ended: .ranOut, endedAt: start + 200))
        try store.finish(id, outcome: .completed)
    }

    @Test func theBestHoldOfEveryMachineIsTheRecordAndACopyTwiceCountsOnce() throws {
        try withTemporaryDirectory { dir throws in
            let own = try HistoryStore(path: dir + "/history.sqlite3")
            try plank(own, 40, at: 1_795_000_000)
            // Held longer, but quit on: no record.
            try plank(own, 70, at: 1_795_050_000, cut: true)
            let other = try HistoryStore(path: dir + "/laptop/history.sqlite3")
            try plank(other, 52.5, at: 1_795_100_000)
            try FileManager.default.createDirectory(atPath: dir + "/history.d", withIntermediateDirectories: true)
            try other.publish(to: dir + "/history.d/laptop.sqlite3")
            try FileManager.default.copyItem(atPath: dir + "/history.d/laptop.sqlite3",
                                             toPath: dir + "/history.d/copy.sqlite3")
            #expect(try own.measuredSteps().map(\.value) == [40], "the timed squat measured nothing")
            let alone = try HistoryLibrary(own: own, shared: nil).records()
            #expect(alone.all.map(\.value) == [40])
            let records = try HistoryLibrary(own: own, shared: dir + "/history.d", ownName: "desk").records()
            #expect(records.all == [PersonalRecord(exercise: "Plank", kind: .hold, value: 52.5,
                                                   setAt: 1_795_100_052.5)])
            #expect(RecordsReport.json(records).contains(#""exercise": "Plank", "kind": "hold", "seconds": 52.5"#),
                    "\(RecordsReport.json(records))")
            #expect(RecordsReport.text(records) { _ in 0 }
                == "Personal records\n  Plank  held 0:52  2026-11-19\n")
        }
    }

    @Test func aCountTypedAfterItsStepEndedIsKeptReadBackAndARecordOfItsKind() throws {
        try withTemporaryDirectory { dir throws in
            let own = try HistoryStore(path: dir + "/history.sqlite3")
            let start = 1_795_000_000.0
            let id = try own.beginSession(sampleSession(start: start))
            for (index, title) in [(1, "Push-up"), (3, "Squat"), (5, "Lunge")] {
                try own.recordSegment(SegmentRecord(sessionID: id, index: index, kind: "work", exercise: title,
                                                    round: 1, planned: 0, actual: 30, ended: .ranOut,
                                                    endedAt: start + Double(index)))
            }
            // Typed as the rest after each ran: the step's own row gets it; the lunges were given none (Esc).
            try own.recordCount(id, index: 1, part: 1, measure: .reps, reps: 12)
            try own.recordCount(id, index: 3, part: 1, measure: .repsIn(seconds: 60), reps: 31)
            try own.finish(id, outcome: .completed)
            #expect(try own.segments(of: id).map(\.reps) == [12, 31, nil])
            #expect(try own.measuredSteps().map(\.value) == [12, 31])
            let json = HistoryReport.json(try own.sessions(),
                                          segments: [id: try own.segments(of: id)])
            #expect(json.contains(#""exercise": "Push-up", "round": 1, "planned": 0, "actual": 30, "#
                + #""ended": "ranOut", "part": 1, "reps": 12}"#), "\(json)")
            #expect(!json.contains(#""Lunge", "round": 1, "planned": 0, "actual": 30, "ended": "ranOut", "#
                + #""part": 1, "reps""#))
            // Another machine's copy counts, as a hold's does.
            let other = try HistoryStore(path: dir + "/laptop/history.sqlite3")
            let theirs = try other.beginSession(sampleSession(start: start + 86_400))
            try other.recordSegment(SegmentRecord(sessionID: theirs, index: 1, kind: "work", exercise: "Push-up",
                                                  round: 1, planned: 0, actual: 40, ended: .ranOut,
                                                  endedAt: start + 86_500))
            try other.recordCount(theirs, index: 1, part: 1, measure: .reps, reps: 14)
            try FileManager.default.createDirectory(atPath: dir + "/history.d", withIntermediateDirectories: true)
            try other.publish(to: dir + "/history.d/laptop.sqlite3")
            let records = try HistoryLibrary(own: own, shared: dir + "/history.d", ownName: "desk").records()
            #expect(records.all.map(\.line) == ["Push-up 14 reps", "Squat 31 reps in 60 s"])
        }
    }
}
