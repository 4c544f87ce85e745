// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SevenminTestSupport
import Testing
@testable import SevenminCore
@testable import SevenminHistory

/// `sevenmin-history-bench`, whose `record` command writes a workout through HistoryRecorder.
let recordTool = BuiltBinary.path("sevenmin-history-bench", repositoryRoot: URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path)

func startRecording(_ path: String, segments: Int, intervalMs: Int = 0, routine: String = "classic") throws -> Process {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: recordTool)
    p.arguments = ["record", "--db", path, "--segments", "\(segments)", "--interval-ms", "\(intervalMs)",
                   "--routine", routine]
    try p.run()
    return p
}

/// Waits until `condition` holds or `seconds` pass; true if it held.
func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

@Suite("History across processes")
struct HistoryProcessTests {
    @Test func twoProcessesRecordingAtOnceBothRecordFully() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            let writers = try ["first", "second"].map { try startRecording(path, segments: 200, routine: $0) }
            for w in writers { w.waitUntilExit() }
            #expect(writers.map(\.terminationStatus) == [0, 0])
            let store = try HistoryStore(path: path)
            let sessions = try store.sessions()
            #expect(Set(sessions.map(\.record.routine)) == ["first", "second"])
            #expect(sessions.allSatisfy { $0.record.outcome == .completed && $0.exercisesDone == 100 })
            for s in sessions { #expect(try store.segments(of: s.record.id).map(\.index) == Array(0..<200)) }
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test func killDashNineLosesNothingButTheSegmentInProgress() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            let writer = try startRecording(path, segments: 100_000, intervalMs: 5)
            let recorded = { (try? HistoryStore(path: path, readOnly: true).segments(of: 1).count) ?? 0 }
            #expect(waitUntil(seconds: 20) { recorded() >= 5 })
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()

            let store = try HistoryStore(path: path)
            #expect(try store.integrityCheck() == "ok")
            let segments = try store.segments(of: 1)
            // Every segment that ended is there, whole and in order, with nothing after a gap.
            #expect(segments.count >= 5 && segments.map(\.index) == Array(0..<segments.count))
            #expect(segments.allSatisfy { $0.actual == $0.planned && $0.ended == .ranOut })
            #expect(try store.sessions().first?.record.outcome == nil)
            let point = try #require(try store.latestInterrupted())
            #expect(point.session.id == 1 && point.segmentIndex == segments.count)
            #expect(try store.session(1)?.record.outcome == .interrupted)
        }
    }
}
