// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore
@testable import SevenminHistory

/// This machine's copy in `history.d`, split by month: only what changed is written again, a copy of before is
/// read and then replaced without losing a row, and a damaged month is left out alone.
@Suite("A copy by month")
struct MonthCopyTests {
    static let machine = String(repeating: "d", count: 32)
    let publisher = Publisher(machine: MonthCopyTests.machine, host: "desk")!

    func copy(in dir: String) -> PublishedCopy {
        PublishedCopy(path: dir + "/history.d/" + Self.machine, publisher: publisher, formerly: nil)
    }

    /// A workout with four segments and a heart rate, started at `start`.
    @discardableResult
    func workout(_ store: HistoryStore, at start: Double) throws -> Int64 {
        let id = try store.beginSession(sampleSession(start: start))
        for i in 0..<4 { try store.recordSegment(sampleSegment(id, i, endedAt: start + 100)) }
        try store.recordHeartRate(id, (0..<30).map { HeartRateSample(at: start + Double($0), bpm: 100 + $0) })
        try store.finish(id, outcome: .completed)
        return id
    }

    /// Each file of the copy with its inode: a file written again is a new file put in place by a rename.
    func inodes(_ folder: String) throws -> [String: UInt64] {
        var found: [String: UInt64] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            var info = stat()
            #expect(stat(folder + "/" + name, &info) == 0)
            found[name] = UInt64(info.st_ino)
        }
        return found
    }

    // 2026-01-15, 2026-02-15 and 2026-03-15, 12:00 UTC (the sample's clock is five hours behind).
    let months = [1_768_478_400.0, 1_771_156_800, 1_773_576_000]

    @Test func aWorkoutWritesItsMonthAgainAndNoOther() throws {
        try withTemporaryDirectory { dir throws in
            let store = try HistoryStore(path: dir + "/history.sqlite3")
            for start in months { try workout(store, at: start) }
            try FileManager.default.createDirectory(atPath: dir + "/history.d", withIntermediateDirectories: true)
            try store.publish(copy(in: dir))
            let folder = copy(in: dir).path
            let first = try inodes(folder)
            #expect(first.keys.sorted() == ["2026-01.sqlite3", "2026-02.sqlite3", "2026-03.sqlite3"])
            // Nothing changed: nothing written.
            try store.publish(copy(in: dir))
            #expect(try inodes(folder) == first)
            try workout(store, at: months[1] + 86400)
            try store.publish(copy(in: dir))
            let second = try inodes(folder)
            #expect(second.filter { first[$0.key] != $0.value }.map(\.key) == ["2026-02.sqlite3"])
            // Another machine reads all three months, each workout once, none of them claimed twice.
            let library = HistoryLibrary(own: nil, shared: dir + "/history.d")
            #expect(try library.sessions().count == 4 && library.claims.isEmpty && library.notices.isEmpty)
            #expect(try library.sessions().allSatisfy { $0.record.machine == "desk" })
            #expect(try library.heartRates(of: library.sessions().map(\.record.id)).count == 4)
        }
    }

    /// The single copy of before, as the release before this one wrote it: the history's whole file, in the
    /// schema before a session's kind, edits, measured steps and counts were kept (`HistorySchema.migrations`
    /// less its last four steps), marked with its publisher.
    func releasedCopy(of store: HistoryStore, at path: String) throws {
        try store.publish(to: path, as: publisher)
        let old = try SQLiteConnection(path: path)
        for step in ["ALTER TABLE segments DROP COLUMN reps",
                     "DROP INDEX segments_by_measure", "ALTER TABLE segments DROP COLUMN measure",
                     "DROP TABLE annotations", "ALTER TABLE sessions DROP COLUMN kind"] {
            try old.execute(step)
        }
        try old.execute("PRAGMA user_version = \(HistorySchema.currentVersion - 4)")
    }

    @Test func aCopyOfTheReleaseBeforeIsReadWholeThenSplitWithoutLosingARow() throws {
        try withTemporaryDirectory { dir throws in
            let store = try HistoryStore(path: dir + "/history.sqlite3")
            for start in months { try workout(store, at: start) }
            try FileManager.default.createDirectory(atPath: dir + "/history.d", withIntermediateDirectories: true)
            let single = copy(in: dir).path + ".sqlite3"
            try releasedCopy(of: store, at: single)
            // Before: another machine reads the one file whole, as `history --verify` counts it.
            let before = HistoryLibrary(own: nil, shared: dir + "/history.d")
            #expect(before.counts().map(\.workouts) == [3] && before.counts().allSatisfy(\.isWhole))
            let rows = try before.sessions().map { s in
                (s.record.uuid, try before.segments(of: s.record.id).count, try before.heartRate(of: s.record.id).count)
            }
            // After: the months are written and the single copy goes, every row still read.
            try store.publish(copy(in: dir))
            #expect(!FileManager.default.fileExists(atPath: single))
            let after = HistoryLibrary(own: nil, shared: dir + "/history.d")
            #expect(after.counts().map(\.workouts) == [1, 1, 1] && after.counts().allSatisfy(\.isWhole))
            #expect(after.notices.isEmpty && after.claims.isEmpty)
            let read = try after.sessions().map { s in
                (s.record.uuid, try after.segments(of: s.record.id).count, try after.heartRate(of: s.record.id).count)
            }
            #expect(read.map(\.0) == rows.map(\.0) && read.map(\.1) == rows.map(\.1) && read.map(\.2) == rows.map(\.2))
            #expect(rows.map(\.1) == [4, 4, 4] && rows.map(\.2) == [30, 30, 30])
        }
    }

    @Test func aSingleCopyHoldingWorkoutsThisHistoryLacksIsKept() throws {
        try withTemporaryDirectory { dir throws in
            let store = try HistoryStore(path: dir + "/history.sqlite3")
            try workout(store, at: months[0])
            try FileManager.default.createDirectory(atPath: dir + "/history.d", withIntermediateDirectories: true)
            let single = copy(in: dir).path + ".sqlite3"
            // Another machine given this machine's id left its own workouts under the id.
            let other = try HistoryStore(path: dir + "/other.sqlite3")
            try workout(other, at: months[2])
            try other.publish(to: single, as: publisher)
            try store.publish(copy(in: dir))
            #expect(FileManager.default.fileExists(atPath: single))
        }
    }

    @Test func aDamagedMonthIsNamedOnceAndTheOthersAreRead() throws {
        try withTemporaryDirectory { dir throws in
            let store = try HistoryStore(path: dir + "/history.sqlite3")
            for start in months { try workout(store, at: start) }
            try FileManager.default.createDirectory(atPath: dir + "/history.d", withIntermediateDirectories: true)
            try store.publish(copy(in: dir))
            // February's copy torn half-way, as a sync cut short leaves it.
            let torn = copy(in: dir).path + "/2026-02.sqlite3"
            let bytes = try #require(FileManager.default.contents(atPath: torn))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: torn))
            let library = HistoryLibrary(own: nil, shared: dir + "/history.d")
            let sessions = try library.sessions()
            _ = try library.totals()
            #expect(sessions.count == 2)
            let notices = library.takeNotices()
            #expect(notices.count == 1 && notices[0].hasPrefix("left out \(torn): "), "\(notices)")
            _ = try library.allSessions()
            #expect(library.takeNotices().isEmpty)
            #expect(library.counts().count + library.notices.count >= 3)
        }
    }
}
