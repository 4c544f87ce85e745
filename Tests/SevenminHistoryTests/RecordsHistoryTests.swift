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
}
