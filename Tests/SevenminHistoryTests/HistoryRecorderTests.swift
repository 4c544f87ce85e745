// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
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

    /// A segment's commit reaches the system without waiting for the disk (a killed process loses nothing
    /// of it); a store opened for anything else syncs every commit, and the recorder's syncs the finish.
    @Test func segmentsAreCommittedWithoutWaitingForTheDisk() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            #expect(try HistoryStore(path: path).synchronous == 2)
            let recorder = HistoryRecorder(path: path)
            recorder.begin(sampleSession())
            recorder.segmentEnded(sampleSegment(0, 0))
            let seen = Mutex<[Int]>([])
            let look = { @Sendable (store: HistoryStore?) in
                let level = (try? store?.synchronous) ?? nil
                seen.withLock { $0.append(level ?? -1) }
            }
            recorder.alongside(look)
            recorder.finish(.completed)
            recorder.alongside(look)
            #expect(recorder.close(timeout: 5))
            // NORMAL during the workout, and again after the finish's synced commit.
            #expect(seen.withLock { $0 } == [1, 1])
            #expect(try HistoryStore(path: path, readOnly: true).sessions().map(\.record.outcome) == [.completed])
        }
    }

    /// The start's streak is read through the connection the recorder writes with, after the session's
    /// first row: no second connection opens the file and reads its schema again.
    @Test func aReadAlongsideIsHandedTheOpenDatabaseAfterTheWritesBeforeIt() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            let recorder = HistoryRecorder(path: path)
            recorder.begin(sampleSession(routine: "first"))
            let seen = Mutex<(path: String?, routines: [String])>((nil, []))
            recorder.alongside { store in
                let routines = (try? store?.sessions().map(\.record.routine)) ?? []
                seen.withLock { $0 = (store?.path, routines) }
            }
            #expect(recorder.close(timeout: 5))
            #expect(seen.withLock { $0.path } == path)
            #expect(seen.withLock { $0.routines } == ["first"])
            // Once closed, nothing more is run.
            recorder.alongside { _ in seen.withLock { $0.routines = [] } }
            #expect(seen.withLock { $0.routines } == ["first"])
        }
    }

    /// A file the recorder cannot open hands the read nothing, so that it reads the file its own way.
    @Test func aReadAlongsideIsHandedNothingWhenTheFileCouldNotBeOpened() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            let recorder = HistoryRecorder(path: path)
            recorder.begin(sampleSession())
            let handed = Mutex<Bool?>(nil)
            recorder.alongside { store in handed.withLock { $0 = store != nil } }
            #expect(recorder.close(timeout: 5))
            #expect(handed.withLock { $0 } == false)
            #expect(recorder.failure == .notAFile(path: path, kind: "a folder"))
        }
    }

    /// A get-ready's row and the finish screen's rating do not wake the thread: they go with the next
    /// write, or at the close.
    @Test func aGetReadyAndARatingAreWrittenWithTheNextWriteOrAtTheClose() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            let recorder = HistoryRecorder(path: path)
            recorder.begin(sampleSession())
            #expect(recorder.summary(timeout: 5) != nil)
            let reader = try HistoryStore(path: path, readOnly: true)
            func indices() throws -> [Int] { try reader.segments(of: 1).map(\.index) }
            recorder.segmentEnded(sampleSegment(0, 0))
            #expect(try indices() == [])
            // The exercise's end takes it along, the get-ready first.
            recorder.segmentEnded(sampleSegment(0, 1))
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(5)
            while try indices().count < 2 && clock.now < deadline { usleep(2000) }
            #expect(try indices() == [0, 1])
            // Those still waiting when the workout ends are written by the close.
            recorder.segmentEnded(sampleSegment(0, 0, part: 2))
            recorder.rate(7)
            #expect(try reader.sessions().first?.record.effort == nil)
            #expect(recorder.close(timeout: 5))
            #expect(try indices() == [0, 1, 0] && recorder.failure == nil)
            #expect(try reader.sessions().first?.record.effort == 7)
        }
    }

    @Test func theLoopNeverWaitsForALockedDatabase() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            _ = try HistoryStore(path: path)
            let blocker = try SQLiteConnection(path: path)
            try blocker.execute("BEGIN IMMEDIATE")
            let recorder = HistoryRecorder(path: path)
            // Had these calls written themselves, they would have waited out the 5 s busy timeout and failed.
            recorder.begin(sampleSession())
            for k in 0..<3 { recorder.segmentEnded(sampleSegment(0, k)) }
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
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            let reports = Counter()
            let recorder = HistoryRecorder(path: path) { _ in reports.add() }
            recorder.begin(sampleSession())
            for k in 0..<5 { recorder.segmentEnded(sampleSegment(0, k)) }
            recorder.finish(.completed)
            #expect(recorder.close(timeout: 5))
            #expect(reports.value == 1)
            #expect(recorder.failure == .notAFile(path: path, kind: "a folder"))
        }
    }

    /// On a full disk a workout that ran to its end was left interrupted, and `start --resume` ran it again:
    /// its finish failed with the segments it was written with, or was dropped with every write after an
    /// earlier failure. Now the end is written on its own, which changes a row in place. The disk is full
    /// as SQLite sees it: the file may not grow by a page (`max_page_count`).
    @Test(arguments: ["with the last segments", "after an earlier failure"])
    func aWorkoutThatRanToItsEndIsNeverLeftResumableByAFullDisk(finish: String) throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            let reports = Notices()
            let recorder = HistoryRecorder(path: path) { reports.add($0) }
            recorder.begin(sampleSession())
            for k in 0..<3 { recorder.segmentEnded(sampleSegment(0, k)) }
            recorder.alongside { store in
                let pages = (try? store?.db.rows("PRAGMA page_count").first?.first?.int) ?? nil
                try? store?.db.execute("PRAGMA max_page_count = \(pages ?? 0)")
            }
            // Once the cap is set: a write queued before the read alongside runs is written before it.
            #expect(recorder.summary(timeout: 5)?.record.outcome == nil)
            // Far more than the pages the file has room for: a get-ready waits for the next write, so
            // these are written with the finish, or, waking the thread, fail before it.
            let earlier = finish == "after an earlier failure"
            for k in 3..<3_000 {
                var segment = sampleSegment(0, 2 * k + 1)
                if !earlier { segment.kind = SegmentKind.getReady.rawValue }
                recorder.segmentEnded(segment)
            }
            if earlier { #expect(recorder.summary(timeout: 5) == nil && recorder.failure == .full(path: path)) }
            recorder.finish(.completed)
            #expect(recorder.close(timeout: 5))
            #expect(reports.all == [.full(path: path)])
            let store = try HistoryStore(path: path)
            // Even once its process has gone, there is nothing to resume.
            try store.markInterrupted { _, _ in false }
            #expect(try store.sessions().map(\.record.outcome) == [.completed])
            #expect(try store.latestInterrupted() == nil)
        }
    }

    /// The workout that found the history damaged was lost with it: the file was moved aside, and
    /// nothing was recorded until the next run made a new one. Now this workout starts the new one.
    @Test(arguments: ["not a database", "a damaged page of sessions"])
    func aDamagedFileIsMovedAsideAndThisWorkoutStartsTheNewOne(damage: String) throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            if damage == "not a database" {
                _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x42, count: 4096))
            } else {
                let store = try HistoryStore(path: path)
                for k in 0..<5 { _ = try store.beginSession(sampleSession(start: 1_795_000_000 + Double(k))) }
                let raw = try SQLiteConnection(path: path)
                try raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                let page = try #require(try raw.rows("SELECT rootpage FROM sqlite_master WHERE name = 'sessions'")
                    .first?.first?.int)
                let file = try #require(FileHandle(forUpdatingAtPath: path))
                try file.seek(toOffset: UInt64((page - 1) * 4096 + 8))
                try file.write(contentsOf: Data(repeating: 7, count: 200))
                try file.close()
            }
            let damaged = try #require(FileManager.default.contents(atPath: path))
            let notices = Notices()
            let recorder = HistoryRecorder(path: path) { notices.add($0) }
            recorder.begin(sampleSession(routine: "this one"))
            for k in 0..<5 { recorder.segmentEnded(sampleSegment(0, k)) }
            recorder.finish(.completed)
            #expect(recorder.close(timeout: 5))
            #expect(recorder.failure == nil)
            // One notice, naming where the damaged file went; its bytes are all there.
            guard notices.all.count == 1, case .startedAfresh(let p, let moved) = notices.all[0] else {
                Issue.record("expected one notice of a new file, got \(notices.all)"); return
            }
            #expect(p == path && FileManager.default.contents(atPath: moved) == damaged)
            #expect(notices.all[0].description.contains(moved))
            let sessions = try HistoryStore(path: path, readOnly: true).sessions()
            #expect(sessions.map(\.record.routine) == ["this one"])
            #expect(sessions.first?.record.outcome == .completed && sessions.first?.exercisesDone == 2)
        }
    }
}

/// What a recorder reported, in order.
private final class Notices: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [HistoryError] = []
    func add(_ error: HistoryError) { lock.withLock { list.append(error) } }
    var all: [HistoryError] { lock.withLock { list } }
}
