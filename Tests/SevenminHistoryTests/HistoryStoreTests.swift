// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore
@testable import SevenminHistory

@Suite("History store")
struct HistoryStoreTests {
    @Test func aSessionRoundTripsThroughTheFile() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/state/sevenmin/history.sqlite3"
            let store = try HistoryStore(path: path)
            let id = try store.beginSession(sampleSession())
            for k in 0..<5 { try store.recordSegment(sampleSegment(id, k)) }
            var quitIn = sampleSegment(id, 5, ended: .skipped)
            quitIn.actual = 7
            try store.recordSegment(quitIn)
            try store.finish(id, outcome: .quit)

            // A second connection, as the next run would open, sees all of it.
            let reader = try HistoryStore(path: path, readOnly: true)
            let sessions = try reader.sessions()
            #expect(sessions.count == 1)
            var expected = sampleSession()
            expected.id = id
            expected.outcome = .quit
            // Each session is given an id of its own, the same wherever its file is read.
            let uuid = try #require(sessions.first?.record.uuid)
            #expect(uuid.count == 36 && uuid == uuid.lowercased())
            expected.uuid = uuid
            #expect(sessions.first?.record == expected)
            // The exercise under way at the quit keeps its 7 s, but under half its time it is not done.
            #expect(sessions.first?.workedSeconds == 67 && sessions.first?.exercisesDone == 2)
            let written = (0..<5).map { sampleSegment(id, $0) } + [quitIn]
            #expect(try reader.segments(of: id) == written)
            // Work and rest that ran out, and work however it ended; not getting ready.
            #expect(try reader.completedSegments().map(\.index) == [1, 2, 3, 4, 5])
            #expect(try reader.completedSegments().last == quitIn)
            #expect(try reader.integrityCheck() == "ok")

            let raw = try SQLiteConnection(path: path)
            #expect(try raw.rows("PRAGMA journal_mode") == [[.text("wal")]])
            #expect(try HistorySchema.version(of: raw) == HistorySchema.currentVersion)
        }
    }

    /// An exercise done on each side is its two sides and the switch between, each a row with its side; it
    /// counts once, and only when both sides ran half their time.
    @Test(arguments: [(10.0, 10.0, 1), (10, 4, 0), (4, 10, 0)])
    func anExerciseDoneOnEachSideCountsOnceWhenBothSidesAre(first: Double, second: Double, done: Int) throws {
        try withTemporaryDirectory { dir throws in
            let store = try HistoryStore(path: dir + "/h.sqlite3")
            let id = try store.beginSession(sampleSession())
            let rows = [(0, "work", 1, first), (1, "switch", 2, 5), (2, "work", 2, second)]
            let written = rows.map { index, kind, side, actual in
                SegmentRecord(sessionID: id, index: index, kind: kind, exercise: kind == "work" ? "Side Plank"
                    : "Switch sides", round: 1, planned: kind == "work" ? 10 : 5, actual: actual,
                              ended: actual < 10 && kind == "work" ? .skipped : .ranOut, endedAt: 1_795_000_100,
                              side: side)
            }
            for row in written { try store.recordSegment(row) }
            #expect(try store.session(id)?.exercisesDone == done)
            #expect(try store.segments(of: id) == written)
            #expect(try store.completedSegments().compactMap(\.side).count == written.filter {
                $0.ended == .ranOut || $0.kind == "work" }.count)
            // The exercise done is one time in the totals, however many sides ran out.
            let stats = HistoryStats.compute(sessions: try store.allSessions(), segments: try store.completedSegments(),
                                             now: 1_795_000_200,
                                             calendar: LocalCalendar(timeZone: FixedOffsetZone(seconds: 0)))
            // One time in the totals when the second side ran out, not one a side.
            #expect((stats.exercises.first { $0.title == "Side Plank" }?.times ?? 0) == (second == 10 ? 1 : 0))
        }
    }

    @Test func aRatingIsStoredReplacedAndReadBack() throws {
        try withTemporaryDirectory { dir throws in
            let store = try HistoryStore(path: dir + "/h.sqlite3")
            #expect(try store.latestSessionID() == nil)
            let first = try store.beginSession(sampleSession(start: 1_795_000_000))
            let latest = try store.beginSession(sampleSession(start: 1_795_100_000))
            // Both still run: neither is over yet, so `rate` has none to rate.
            let alive: (Int32, Double) -> Bool = { _, _ in true }
            #expect(try store.latestSessionID(owns: alive) == nil)
            #expect(try store.runningSessionIDs(owns: alive) == [first, latest])
            try store.finish(first, outcome: .completed)
            #expect(try store.latestSessionID(owns: alive) == first)
            // One left unfinished by a process that has gone is over.
            #expect(try store.latestSessionID { _, _ in false } == latest)
            try store.finish(latest, outcome: .quit)
            #expect(try store.latestSessionID(owns: alive) == latest && store.runningSessionIDs(owns: alive).isEmpty)
            #expect(try store.rate(first, effort: 9) && store.rate(first, effort: 6))
            #expect(try !store.rate(999, effort: 5), "no such session")
            #expect(try store.session(first)?.record.effort == 6 && store.session(latest)?.record.effort == nil)
            #expect(try store.allSessions().map(\.effort) == [6, nil])
            // The column refuses what no key can give.
            #expect(throws: HistoryError.self) { try store.rate(first, effort: 11) }
        }
    }

    @Test func sessionsAreFilteredByStartAndLimitedToTheMostRecent() throws {
        try withTemporaryDirectory { dir throws in
            let store = try HistoryStore(path: dir + "/h.sqlite3")
            for day in 0..<5 { _ = try store.beginSession(sampleSession(start: 1_795_000_000 + Double(day) * 86400)) }
            let starts = { (s: [SessionSummary]) in s.map { Int(($0.record.startedAt - 1_795_000_000) / 86400) } }
            #expect(starts(try store.sessions()) == [0, 1, 2, 3, 4])
            #expect(starts(try store.sessions(limit: 2)) == [3, 4])
            // `since` is on the workouts' own clock, five hours behind UTC: their local start, as shown.
            let local = 1_795_000_000.0 - 18000
            #expect(starts(try store.sessions(since: local + 2 * 86400)) == [2, 3, 4])
            #expect(starts(try store.sessions(since: local + 2 * 86400 + 1)) == [3, 4])
            #expect(try store.allSessions().count == 5)
        }
    }

    @Test func readingBeforeAnyHistoryFindsNothingAndWritesNothing() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/none.sqlite3"
            #expect(try HistoryStore(path: path, readOnly: true).sessions().isEmpty)
            #expect(!FileManager.default.fileExists(atPath: path))
            // Nor does an empty file that a writer has created but not yet given its tables.
            _ = FileManager.default.createFile(atPath: path, contents: Data())
            #expect(try HistoryStore(path: path, readOnly: true).sessions().isEmpty)
            #expect(FileManager.default.contents(atPath: path) == Data())
        }
    }

    @Test(.enabled(if: canMakeReadOnly))
    func aReadOnlyFileIsReportedAtOpenAndCanStillBeRead() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/h.sqlite3"
            do {
                let store = try HistoryStore(path: path)
                _ = try store.beginSession(sampleSession())
            }
            // Fold the WAL into the file, as a last connection closing does, so the file alone holds it all.
            try SQLiteConnection(path: path).execute("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE")
            guard let undo = makeReadOnly(path) else { Issue.record("could not make the file read-only"); return }
            defer { undo() }
            #expect(throws: HistoryError.readOnly(path: path)) { try HistoryStore(path: path) }
            #expect(try HistoryStore(path: path, readOnly: true).sessions().count == 1)
        }
    }

    @Test func aFileThatIsNotADatabaseIsMovedAsideAndNamed() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            _ = FileManager.default.createFile(atPath: path, contents: garbage)
            var moved: String?
            do {
                _ = try HistoryStore(path: path)
                Issue.record("a damaged file opened")
            } catch HistoryError.corrupt(let p, let movedTo) {
                #expect(p == path)
                moved = movedTo
            }
            let movedTo = try #require(moved)
            #expect(movedTo.hasPrefix(path + ".corrupt-"))
            #expect(FileManager.default.contents(atPath: movedTo) == garbage)
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(HistoryError.corrupt(path: path, movedTo: movedTo).description.contains(movedTo))
            // The next run starts afresh.
            let fresh = try HistoryStore(path: path)
            _ = try fresh.beginSession(sampleSession())
            #expect(try fresh.sessions().count == 1)
        }
    }

    @Test func damagedPagesFoundWhileReadingAreMovedAsideToo() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            do {
                let store = try HistoryStore(path: path)
                let id = try store.beginSession(sampleSession())
                try store.batch { () throws(HistoryError) in
                    for k in 0..<2000 { try store.recordSegment(sampleSegment(id, k)) }
                }
            }
            try SQLiteConnection(path: path).execute("PRAGMA wal_checkpoint(TRUNCATE)")
            // Keep the header and the schema's pages (the first, in a file made at once), scribble over the
            // second half, where the segments are.
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
            let size = try handle.seekToEnd()
            let half = size / 2 / 4096 * 4096
            try handle.seek(toOffset: half)
            try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size - half)))
            try handle.close()

            let store = try HistoryStore(path: path)
            #expect {
                _ = try store.segments(of: 1)
            } throws: { error in
                guard case HistoryError.corrupt(_, let moved) = error else { return false }
                return FileManager.default.fileExists(atPath: moved) && !FileManager.default.fileExists(atPath: path)
            }
            // Reported again, not retried, for the rest of this run.
            #expect(throws: HistoryError.self) { _ = try store.sessions() }
        }
    }

    @Test func twoWritersAtOnceBothRecordEverything() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            _ = try HistoryStore(path: path)
            let failures = Counter()
            DispatchQueue.concurrentPerform(iterations: 2) { writer in
                do {
                    let store = try HistoryStore(path: path)
                    let id = try store.beginSession(sampleSession(routine: "writer\(writer)"))
                    for k in 0..<300 { try store.recordSegment(sampleSegment(id, k)) }
                    try store.finish(id, outcome: .completed)
                } catch {
                    failures.add()
                }
            }
            #expect(failures.value == 0)
            let store = try HistoryStore(path: path)
            let sessions = try store.sessions()
            #expect(Set(sessions.map(\.record.routine)) == ["writer0", "writer1"])
            #expect(sessions.allSatisfy { $0.exercisesDone == 150 && $0.record.outcome == .completed })
            for s in sessions { #expect(try store.segments(of: s.record.id).count == 300) }
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test func aWriterWaitsOutAShortLockAndReportsALongOne() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            let store = try HistoryStore(path: path, busyTimeoutMilliseconds: 50)
            let blocker = try SQLiteConnection(path: path)
            try blocker.execute("BEGIN IMMEDIATE")
            #expect(throws: HistoryError.locked(path: path)) { _ = try store.beginSession(sampleSession()) }
            try blocker.execute("COMMIT")
            _ = try store.beginSession(sampleSession())
            #expect(try store.sessions().count == 1)
        }
    }

    @Test func aFullDiskIsReportedAsSuch() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            let store = try HistoryStore(path: path)
            let id = try store.beginSession(sampleSession())
            // Cap the file at its present size: the next pages cannot be had, as on a full disk.
            let pages = try store.db.rows("PRAGMA page_count").first?.first?.int ?? 0
            try store.db.execute("PRAGMA max_page_count = \(pages)")
            #expect(throws: HistoryError.full(path: path)) {
                for k in 0..<10_000 { try store.recordSegment(sampleSegment(id, k)) }
            }
            #expect(HistoryError.full(path: path).description == "History not saved: the disk holding \(path) is full.")
        }
    }

    @Test func sessionsLeftByDeadOrLongGoneProcessesAreMarkedInterrupted() throws {
        try withTemporaryDirectory { dir throws in
            let store = try HistoryStore(path: dir + "/h.sqlite3")
            let now = Date().timeIntervalSince1970
            let dead = try store.beginSession(sampleSession(start: now - 600), pid: try deadPid())
            let live = try store.beginSession(sampleSession(start: now), pid: getpid())
            // Our pid, on a session begun before this process started: the pid was reused.
            let reused = try store.beginSession(sampleSession(start: now - 3 * 86400), pid: getpid())
            let done = try store.beginSession(sampleSession(start: now - 600), pid: try deadPid())
            try store.finish(done, outcome: .completed)

            #expect(try store.markInterrupted() == 2)
            let pairs = try store.sessions().map { ($0.record.id, $0.record.outcome) }
            let outcomes = Dictionary(uniqueKeysWithValues: pairs)
            #expect(outcomes[dead] == .interrupted && outcomes[reused] == .interrupted)
            #expect(outcomes[live] == .some(nil) && outcomes[done] == .completed)
            #expect(try store.markInterrupted() == 0)
        }
    }

    /// Writes committed together (a workout's start, the last segment and the finish): a transaction
    /// taken inside them is a savepoint, undone alone when it fails; the whole is one commit.
    @Test func writesInOneBatchIncludingTransactionsOfTheirOwnCommitTogether() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/h.sqlite3"
            let store = try HistoryStore(path: path)
            let dead = try store.beginSession(sampleSession(start: 1_795_000_000), pid: try deadPid())
            let id = try store.batch { () throws(HistoryError) -> Int64 in
                #expect(try store.markInterrupted() == 1)
                let id = try store.beginSession(sampleSession(start: 1_795_100_000))
                #expect(throws: HistoryError.notResumable(id: id)) { _ = try store.reopen(id) }
                try store.recordSegment(sampleSegment(id, 0))
                return id
            }
            let reader = try HistoryStore(path: path, readOnly: true)
            #expect(try reader.sessions().map(\.record.outcome) == [.interrupted, nil])
            #expect(try reader.segments(of: id).map(\.index) == [0] && dead != id)
            // A failure part-way undoes the whole batch.
            #expect(throws: HistoryError.self) {
                try store.batch { () throws(HistoryError) in
                    try store.recordSegment(sampleSegment(id, 1))
                    _ = try store.reopen(dead + 1000)
                }
            }
            #expect(try reader.segments(of: id).map(\.index) == [0])
        }
    }

    /// A workout still running is never taken over, however long ago it began (it was, after 24 hours,
    /// leaving "23/12 exercises"); of two resumes at once, only one takes the session.
    @Test func aLiveWorkoutIsNeverTakenOverAndOnlyOneResumeWins() throws {
        try withTemporaryDirectory { dir throws in
            let store = try HistoryStore(path: dir + "/h.sqlite3")
            let long = try store.beginSession(sampleSession(start: Date().timeIntervalSince1970 - 3 * 86400), pid: 1)
            #expect(try store.markInterrupted(owns: { _, _ in true }) == 0)
            try store.finish(long, outcome: .signal(15))
            let first = try HistoryStore(path: dir + "/h.sqlite3"), second = try HistoryStore(path: dir + "/h.sqlite3")
            #expect(try first.reopen(long) == 2)
            #expect(throws: HistoryError.notResumable(id: long)) { _ = try second.reopen(long) }
        }
    }

    @Test func anInterruptedSessionResumesWhereItStoppedAsTheSameSession() throws {
        try withTemporaryDirectory { dir throws in
            let store = try HistoryStore(path: dir + "/h.sqlite3")
            let older = try store.beginSession(sampleSession(start: 1_795_000_000), pid: try deadPid())
            let id = try store.beginSession(sampleSession(start: 1_795_100_000), pid: try deadPid())
            for k in 0..<6 { try store.recordSegment(sampleSegment(id, k)) }
            let quit = try store.beginSession(sampleSession(start: 1_795_200_000))
            try store.finish(quit, outcome: .quit)   // quitting on purpose is not resumable

            let point = try #require(try store.latestInterrupted())
            #expect(point.session.id == id && point.session.id != older)
            #expect(point.segmentIndex == 6)
            #expect(point.doneSoFar.exercisesDone == 3 && point.doneSoFar.workedSeconds == 90)
            #expect(point.session.seed == sampleSession().seed && point.session.options == sampleSession().options)

            #expect(try store.reopen(id) == 2)
            #expect(throws: HistoryError.notResumable(id: id)) { _ = try store.reopen(id) }
            for k in 6..<10 { try store.recordSegment(sampleSegment(id, k, part: 2)) }
            try store.finish(id, outcome: .completed)

            let whole = try #require(try store.session(id))
            #expect(whole.record.parts == 2 && whole.record.outcome == .completed)
            #expect(whole.exercisesDone == 5 && whole.workedSeconds == 150)
            #expect(try store.segments(of: id).map(\.part) == [1, 1, 1, 1, 1, 1, 2, 2, 2, 2])
            #expect(try store.latestInterrupted()?.session.id == older)
        }
    }

    @Test(arguments: [SessionOutcome.signal(1), .signal(15)])
    func aSessionEndedByHangupOrTerminateCanBeResumed(outcome: SessionOutcome) throws {
        try withTemporaryDirectory { dir throws in
            let store = try HistoryStore(path: dir + "/h.sqlite3")
            let id = try store.beginSession(sampleSession())
            try store.finish(id, outcome: outcome)
            #expect(try store.latestInterrupted()?.segmentIndex == 0)
            let signalled = try store.beginSession(sampleSession(start: 1_796_000_000))
            try store.finish(signalled, outcome: .signal(2))
            #expect(try store.latestInterrupted()?.session.id == id)
        }
    }

    @Test func historyCanBeTurnedOffForGood() {
        #expect(HistoryStore.isDisabled(environment: ["SEVENMIN_HISTORY": "off"]))
        #expect(!HistoryStore.isDisabled(environment: ["SEVENMIN_HISTORY": "on"]))
        #expect(!HistoryStore.isDisabled(environment: [:]))
    }
}
