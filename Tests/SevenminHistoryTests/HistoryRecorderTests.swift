// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore
@testable import SevenminHistory

@Suite("History recorder")
struct HistoryRecorderTests {
    @Test func aWorkoutIsRecordedSegmentBySegmentAndClosed() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            let recorder = HistoryRecorder(path: path)
            recorder.begin(sampleSession())
            for k in 0..<4 { recorder.segmentEnded(sampleSegment(0, k)) }
            // Each segment is committed when it ends: another connection sees them before the finish.
            #expect(recorder.summary(timeout: 5)?.exercisesDone == 2)
            #expect(try HistoryStore(path: path, readOnly: true).segments(of: 1).count == 4)
            recorder.finish(.completed)
            #expect(recorder.close(timeout: 5))
            #expect(recorder.failure == nil)
            let sessions = try HistoryStore(path: path).sessions()
            #expect(sessions.map(\.record.outcome) == [.completed] && sessions.first?.exercisesDone == 2)
            // After close nothing more is written.
            recorder.segmentEnded(sampleSegment(0, 4))
            #expect(try HistoryStore(path: path).segments(of: 1).count == 4)
        }
    }

    @Test func theLoopNeverWaitsForALockedDatabase() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            _ = try HistoryStore(path: path)
            let blocker = try SQLiteConnection(path: path)
            try blocker.execute("BEGIN IMMEDIATE")
            let recorder = HistoryRecorder(path: path)
            let clock = ContinuousClock()
            let calls = clock.measure {
                recorder.begin(sampleSession())
                for k in 0..<3 { recorder.segmentEnded(sampleSegment(0, k)) }
            }
            // Enqueuing is designed to take well under the 50 ms a frame may be late unnoticed, nowhere near
            // the 5 s busy timeout; checked with 2× headroom.
            #expect(calls < .milliseconds(2 * 50))
            // The writes are held up behind the lock…
            #expect(recorder.summary(timeout: 0.2) == nil)
            try blocker.execute("COMMIT")
            // …and go through once it is released, inside the 5-second busy timeout.
            #expect(recorder.close(timeout: 10))
            let segments = try HistoryStore(path: path, readOnly: true).segments(of: 1).count
            #expect(segments == 3 && recorder.failure == nil)
        }
    }

    @Test func aResumedSessionGetsItsNextPart() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            let store = try HistoryStore(path: path)
            let id = try store.beginSession(sampleSession(), pid: try deadPid())
            for k in 0..<3 { try store.recordSegment(sampleSegment(id, k)) }
            let point = try #require(try store.latestInterrupted())

            let recorder = HistoryRecorder(path: path)
            recorder.resume(sessionID: point.session.id)
            for k in point.segmentIndex..<point.segmentIndex + 2 { recorder.segmentEnded(sampleSegment(0, k)) }
            recorder.finish(.completed)
            let summary = try #require(recorder.summary(timeout: 5))
            #expect(summary.record.id == id && summary.record.parts == 2 && summary.exercisesDone == 2)
            #expect(recorder.close(timeout: 5))
            #expect(try store.segments(of: id).map { [$0.index, $0.part] } == [[0, 1], [1, 1], [2, 1], [3, 2], [4, 2]])
        }
    }

    @Test func aFailureIsReportedOnceAndTheRestIsDropped() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x42, count: 4096))
            let reports = Counter()
            let recorder = HistoryRecorder(path: path) { _ in reports.add() }
            recorder.begin(sampleSession())
            for k in 0..<5 { recorder.segmentEnded(sampleSegment(0, k)) }
            recorder.finish(.completed)
            #expect(recorder.close(timeout: 5))
            #expect(reports.value == 1)
            guard case .corrupt(let p, let moved) = recorder.failure else {
                Issue.record("expected a corrupt-file failure, got \(String(describing: recorder.failure))"); return
            }
            #expect(p == path && FileManager.default.fileExists(atPath: moved))
            // Recording stopped at the failure: the damaged file was not recreated behind the user's back.
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }
}
