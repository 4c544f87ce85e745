// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore
@testable import SevenminHistory

/// The history file as the disk leaves it: values a flipped bit made, its mode, links and folders.
@Suite("History file")
struct HistoryFileTests {
    /// One flipped bit makes a stored time 1e300, which would trap when made a whole number: such rows
    /// are skipped and counted, and everything else is read and reported.
    @Test(arguments: [
        "UPDATE sessions SET started_at = 1e300 WHERE id = 2",
        "UPDATE sessions SET started_at = -1e300 WHERE id = 2",
        "UPDATE sessions SET utc_offset = 9223372036854775807 WHERE id = 2",
        "UPDATE sessions SET planned_seconds = 1e308 WHERE id = 2",
        "UPDATE sessions SET parts = 9223372036854775807 WHERE id = 2",
        "UPDATE sessions SET planned_exercises = 1e300 WHERE id = 2",
    ])
    func outOfRangeSessionsAreSkippedAndCounted(tamper: String) throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/h.sqlite3"
            do {
                let store = try HistoryStore(path: path)
                for k in 0..<3 {
                    let id = try store.beginSession(sampleSession(start: 1_795_000_000 + Double(k) * 86400))
                    for index in 0..<5 { try store.recordSegment(sampleSegment(id, index)) }
                }
            }
            try SQLiteConnection(path: path).execute(tamper)
            let store = try HistoryStore(path: path, readOnly: true)
            let sessions = try store.sessions()
            #expect(sessions.map(\.record.id) == [1, 3])
            #expect(try store.allSessions().map(\.id) == [1, 3])
            // The row is counted once however many reads pass over it, so that what is said is what is left out.
            #expect(store.skippedRows == 1)
            let stats = HistoryStats.compute(sessions: try store.allSessions(), segments: try store.completedSegments(),
                                             now: 1_795_300_000,
                                             calendar: LocalCalendar(timeZone: FixedOffsetZone(seconds: 0)))
            #expect(stats.sessions == 2)
            _ = HistoryReport.text(sessions, metrics: .unicode)
        }
    }

    @Test(arguments: ["actual = 1e300", "ended_at = 1e300", "idx = 1e300", "round = -1e300", "planned = -1"])
    func outOfRangeSegmentsAreSkippedAndCounted(tamper: String) throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/h.sqlite3"
            do {
                let store = try HistoryStore(path: path)
                let id = try store.beginSession(sampleSession())
                for index in 0..<5 { try store.recordSegment(sampleSegment(id, index)) }
            }
            try SQLiteConnection(path: path).execute("UPDATE segments SET \(tamper) WHERE idx = 3")
            let store = try HistoryStore(path: path, readOnly: true)
            #expect(try store.segments(of: 1).count == 4)
            #expect(try store.completedSegments().count == 3)
            #expect(store.skippedRows == 2)
            _ = try HistoryStore(path: path).latestInterrupted()
        }
    }

    /// A reader never renames: the damaged file stays where it is, and the error says it was left alone.
    @Test func aReaderLeavesADamagedFileWhereItIs() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            _ = FileManager.default.createFile(atPath: path, contents: garbage)
            #expect(throws: HistoryError.self) { _ = try HistoryStore(path: path, readOnly: true).sessions() }
            #expect(FileManager.default.contents(atPath: path) == garbage)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["history.sqlite3"])
        }
    }

    /// The history is the user's alone, as the log and status file are: created 0600.
    @Test func aNewFileIsReadableByItsOwnerAlone() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/h.sqlite3"
            _ = try HistoryStore(path: path).beginSession(sampleSession())
            var info = stat()
            #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        }
    }

    /// `start` made a history its owner had made read-only 0600, while saying it was read-only: a file
    /// sevenmin did not create keeps the mode it has.
    @Test(arguments: [0o444, 0o644, 0o640])
    func anExistingFileKeepsItsMode(mode: Int) throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/h.sqlite3"
            _ = try HistoryStore(path: path).beginSession(sampleSession())
            #expect(chmod(path, mode_t(mode)) == 0)
            _ = try? HistoryStore(path: path).beginSession(sampleSession())
            var info = stat()
            #expect(stat(path, &info) == 0 && Int(info.st_mode & 0o777) == mode)
        }
    }

    /// SQLite followed a link and made a database of an empty file elsewhere; a FIFO made readers hang.
    @Test(arguments: ["link", "fifo"])
    func onlyAPlainFileIsOpened(kind: String) throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/h.sqlite3", elsewhere = dir + "/elsewhere"
            if kind == "link" {
                _ = FileManager.default.createFile(atPath: elsewhere, contents: Data())
                #expect(symlink(elsewhere, path) == 0)
            } else {
                #expect(mkfifo(path, 0o600) == 0)
            }
            #expect(throws: HistoryError.notAFile(path: path, kind: kind == "link" ? "a symbolic link" : "a FIFO")) {
                _ = try HistoryStore(path: path)
            }
            #expect(throws: HistoryError.self) { _ = try HistoryStore(path: path, readOnly: true).sessions() }
            if kind == "link" { #expect(FileManager.default.contents(atPath: elsewhere) == Data()) }
        }
    }

    /// SQLite's no-link flag refused a link in any folder of the path, so a linked home (Fedora Silverblue
    /// links /home to /var/home) or a `history.d` linked into a synced folder turned the history off. A link
    /// at the file itself is still refused (above); links to the folders on the way are followed.
    @Test func aHistoryIsKeptAndReadThroughLinkedFolders() throws {
        try withTemporaryDirectory { dir throws in
            for folder in ["/var/home/state", "/synced"] {
                try FileManager.default.createDirectory(atPath: dir + folder, withIntermediateDirectories: true)
            }
            #expect(symlink(dir + "/var/home", dir + "/home") == 0)
            #expect(symlink(dir + "/synced", dir + "/home/state/history.d") == 0)
            let path = dir + "/home/state/history.sqlite3"
            let store = try HistoryStore(path: path)
            let id = try store.beginSession(sampleSession())
            for k in 0..<4 { try store.recordSegment(sampleSegment(id, k)) }
            try store.finish(id, outcome: .completed)
            try store.publish(to: dir + "/home/state/history.d/desk.sqlite3")
            #expect(FileManager.default.fileExists(atPath: dir + "/var/home/state/history.sqlite3"))
            #expect(FileManager.default.fileExists(atPath: dir + "/synced/desk.sqlite3"))

            #expect(try HistoryStore(path: path, readOnly: true).sessions().map(\.exercisesDone) == [2])
            let library = HistoryLibrary(own: nil, shared: dir + "/home/state/history.d")
            #expect(library.notices.isEmpty && library.others.map(\.machine) == ["desk"])
            #expect(try library.sessions().map(\.record.machine) == ["desk"])
        }
    }

    /// With the state folder read-only, readers still read (SQLite cannot make its shared-memory file there).
    @Test(.enabled(if: canMakeReadOnly))
    func aHistoryInAReadOnlyFolderCanStillBeRead() throws {
        try withTemporaryDirectory { dir throws in
            let folder = dir + "/state"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = folder + "/h.sqlite3"
            do { _ = try HistoryStore(path: path).beginSession(sampleSession()) }
            guard let undo = makeReadOnly(folder) else { Issue.record("could not make the folder read-only"); return }
            defer { undo() }
            #expect(try HistoryStore(path: path, readOnly: true).sessions().count == 1)
        }
    }

    /// `history --json` reads every session's segments in one query, streamed session by session in the
    /// order sessions are listed, instead of one query per session.
    @Test func segmentsAreStreamedSessionBySessionInOrder() throws {
        try withTemporaryDirectory { dir throws in
            let store = try HistoryStore(path: dir + "/h.sqlite3")
            // Ids out of start order, and one session without segments.
            let later = try store.beginSession(sampleSession(start: 2_000))
            let earlier = try store.beginSession(sampleSession(start: 1_000))
            let empty = try store.beginSession(sampleSession(start: 1_500))
            for k in 0..<3 { try store.recordSegment(sampleSegment(later, k)) }
            for k in 0..<2 { try store.recordSegment(sampleSegment(earlier, k)) }
            var seen: [(Int64, [Int])] = []
            try store.eachSessionsSegments { seen.append(($0, $1.map(\.index))) }
            #expect(seen.map(\.0) == [earlier, later] && seen.map(\.1) == [[0, 1], [0, 1, 2]])
            seen = []
            try store.eachSessionsSegments(since: 1_500) { seen.append(($0, $1.map(\.index))) }
            #expect(seen.map(\.0) == [later])
            #expect(try store.sessions().map(\.record.id) == [earlier, empty, later])
        }
    }
}
