// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore
@testable import SevenminHistory

/// Histories from other machines, read from `history.d` beside this machine's own.
@Suite("Shared histories")
struct SharedHistoryTests {
    /// Two workouts in a file of their own, as another machine keeps them.
    func otherMachine(_ path: String) throws {
        let store = try HistoryStore(path: path)
        for (k, start) in [1_795_100_000.0, 1_795_200_000].enumerated() {
            let id = try store.beginSession(sampleSession(start: start, routine: "tabata"))
            for i in 0..<4 { try store.recordSegment(sampleSegment(id, i, endedAt: start + 100)) }
            try store.finish(id, outcome: k == 0 ? .completed : .quit)
        }
    }

    /// `history.d` in `dir`, made.
    func sharedFolder(in dir: String) throws -> String {
        try FileManager.default.createDirectory(atPath: dir + "/history.d", withIntermediateDirectories: true)
        return dir + "/history.d"
    }

    /// A history of one workout at `path`.
    func oneWorkout(_ path: String) throws -> HistoryStore {
        let store = try HistoryStore(path: path)
        _ = try store.beginSession(sampleSession(start: 1_795_000_000))
        return store
    }

    /// Each workout's short id is unique among every machine's; a start two of them share names both, and a copy
    /// arriving with an older workout moves the numbers, not the ids.
    @Test func shortIDsAreUniqueAcrossMachinesAndStayPut() throws {
        try withTemporaryDirectory { dir throws in
            let own = try HistoryStore(path: dir + "/history.sqlite3")
            var mine = sampleSession(start: 1_795_000_000)
            mine.uuid = "abcd1234-0000-4000-8000-000000000001"
            _ = try own.beginSession(mine)
            let shared = try sharedFolder(in: dir)
            let before = HistoryLibrary(own: own, shared: shared)
            #expect(try before.sessions().map(\.record.shortID) == ["abcd123"])
            // Another machine's copy, with a workout older than this one's.
            let other = try HistoryStore(path: dir + "/laptop.sqlite3")
            var theirs = sampleSession(start: 1_794_000_000)
            theirs.uuid = "abcd1299-0000-4000-8000-000000000002"
            _ = try other.beginSession(theirs)
            try other.publish(to: shared + "/laptop.sqlite3",
                              as: #require(Publisher(machine: String(repeating: "e", count: 32), host: "laptop")))
            let after = HistoryLibrary(own: own, shared: shared)
            #expect(try after.sessions().map(\.record.shortID) == ["abcd129", "abcd123"])
            #expect(try after.sessions().map(\.record.id) == [1, 2])
            #expect(try after.resolve(#require(WorkoutReference("abcd123"))) == .one(2))
            #expect(try after.resolve(#require(WorkoutReference("ABCD12"))) == .several([1, 2]))
            #expect(try after.resolve(#require(WorkoutReference("1"))) == .one(1))
        }
    }

    @Test func aHistoryCopiedTwiceIntoHistoryDCountsOnce() throws {
        try withTemporaryDirectory { dir throws in
            let own = try HistoryStore(path: dir + "/history.sqlite3")
            let mine = try own.beginSession(sampleSession(start: 1_795_000_000))
            for i in 0..<4 { try own.recordSegment(sampleSegment(mine, i)) }
            try own.finish(mine, outcome: .completed)
            try otherMachine(dir + "/elsewhere/history.sqlite3")
            // The same file twice (once as its machine published it, once copied by hand), and this
            // machine's own published copy, which is left out.
            try FileManager.default.createDirectory(atPath: dir + "/history.d", withIntermediateDirectories: true)
            let other = try HistoryStore(path: dir + "/elsewhere/history.sqlite3")
            try other.publish(to: dir + "/history.d/laptop.sqlite3")
            try FileManager.default.copyItem(atPath: dir + "/history.d/laptop.sqlite3",
                                             toPath: dir + "/history.d/zz-copy.sqlite3")
            try own.publish(to: dir + "/history.d/desk.sqlite3")
            let library = HistoryLibrary(own: own, shared: dir + "/history.d", ownName: "desk")
            #expect(library.others.map(\.machine) == ["laptop", "zz-copy"] && library.notices.isEmpty)
            // The copy still says whose it is: both files claim one machine's id, which is said once.
            #expect(library.claims.count == 1 && library.claims.first?.hasPrefix("\(dir)/history.d/laptop.sqlite3 "
                + "and \(dir)/history.d/zz-copy.sqlite3 claim one machine id (") == true, "\(library.claims)")
            #expect(library.takeNotices() == library.claims && library.takeNotices().isEmpty)

            let sessions = try library.sessions()
            #expect(sessions.map(\.record.routine) == ["classic", "tabata", "tabata"])
            // This machine's own workout is marked with its label, as the other machines read it.
            #expect(sessions.map(\.record.machine) == [HistoryLibrary.machineName(), "laptop", "laptop"])
            #expect(Set(sessions.map(\.record.uuid)).count == 3)
            // Segments come from the file their session was read from.
            #expect(try library.segments(of: sessions[1].record.id).count == 4)
            let id = sessions[1].record.id
            #expect(try library.segments(of: id).allSatisfy { $0.sessionID == id })
            // Stats and streaks count each workout once: three sessions, their work once each.
            let all = try library.allSessions(), segments = try library.completedSegments()
            #expect(all.count == 3)
            #expect(segments.count == 3 * 3 && Set(segments.map(\.sessionID)) == Set(all.map(\.id)))
            let utc = LocalCalendar(timeZone: FixedOffsetZone(seconds: 0))
            let stats = HistoryStats.compute(sessions: all, segments: segments, now: 1_795_300_000, calendar: utc)
            #expect(stats.sessions == 3 && stats.totalWorkSeconds == 3 * 2 * 30)
            // Only the latest two, across machines.
            #expect(try library.sessions(limit: 2).map(\.record.startedAt) == [1_795_100_000, 1_795_200_000])
        }
    }

    /// The copy left in `history.d` was 0644 while the history itself is 0600.
    @Test func thePublishedCopyIsReadableByItsOwnerAlone() throws {
        try withTemporaryDirectory { dir throws in
            let own = try HistoryStore(path: dir + "/history.sqlite3")
            _ = try own.beginSession(sampleSession())
            let old = umask(0o022)
            defer { umask(old) }
            try own.publish(to: dir + "/desk.sqlite3")
            var info = stat()
            #expect(stat(dir + "/desk.sqlite3", &info) == 0 && info.st_mode & 0o777 == 0o600)
        }
    }

    /// Copies were named by the host name, so two machines called `debian` overwrote each other's copy and
    /// each left the other's out as its own. Now the copy is named by the machine's id and carries the host
    /// name as a label; the copy under the old name is removed once it is known to be this history's.
    @Test func aCopyNamedByTheHostNameGivesWayToOneNamedByTheMachineID() throws {
        try withTemporaryDirectory { dir throws in
            let shared = try sharedFolder(in: dir)
            let here = try oneWorkout(dir + "/here.sqlite3")
            // This machine's copy as published before, and one of another `debian`, in a folder of its own.
            try here.db.execute("VACUUM INTO '\(shared)/debian.sqlite3'")
            try otherMachine(dir + "/there.sqlite3")
            let there = try HistoryStore(path: dir + "/there.sqlite3")
            try there.db.execute("VACUUM INTO '\(dir)/theirs.sqlite3'")
            let (idHere, idThere) = (Publisher.newMachineID(), Publisher.newMachineID())
            let debian = try #require(Publisher(machine: idHere, host: "debian"))
            try here.publish(to: "\(shared)/\(idHere).sqlite3", as: debian, formerly: "\(shared)/debian.sqlite3")
            #expect(try FileManager.default.contentsOfDirectory(atPath: shared) == ["\(idHere).sqlite3"])
            // The other debian's copy under the old name holds workouts this one lacks: it stays.
            try FileManager.default.copyItem(atPath: dir + "/theirs.sqlite3", toPath: "\(shared)/debian.sqlite3")
            try here.publish(to: "\(shared)/\(idHere).sqlite3", as: debian, formerly: "\(shared)/debian.sqlite3")
            #expect(FileManager.default.fileExists(atPath: "\(shared)/debian.sqlite3"))
            try FileManager.default.removeItem(atPath: "\(shared)/debian.sqlite3")
            let other = try #require(Publisher(machine: idThere, host: "debian"))
            try there.publish(to: "\(shared)/\(idThere).sqlite3", as: other)
            // Each machine reads the other's workouts, marked with its host name, and not its own copy.
            let library = HistoryLibrary(own: here, shared: shared, ownName: idHere, host: "debian")
            #expect(library.others.map(\.machine) == [idThere] && library.claims.isEmpty)
            #expect(try library.sessions().map(\.record.machine) == ["debian", "debian", "debian"])
        }
    }

    /// A state folder written `//home/me/state` made every file of `history.d` `file://home/…?immutable=1`, a
    /// URI whose `home` is a host, which SQLite refuses: each was left out. The path is a URI's path now,
    /// whatever it starts with, its `%`, `?` and `#` escaped.
    @Test(arguments: ["//", "/"])
    func aSharedFileIsReadWhateverItsPathHolds(start: String) throws {
        try withTemporaryDirectory { dir throws in
            let shared = dir + "/50% off?#1/history.d"
            try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
            try otherMachine(dir + "/laptop/history.sqlite3")
            try HistoryStore(path: dir + "/laptop/history.sqlite3").publish(to: shared + "/laptop.sqlite3")
            let library = HistoryLibrary(own: nil, shared: start + shared.drop { $0 == "/" })
            #expect(library.notices.isEmpty, "\(library.notices)")
            #expect(try library.sessions().map(\.record.routine) == ["tabata", "tabata"])
        }
    }

    /// A cloned SD card or a state folder copied whole gives two machines one id: each took the other's
    /// `ID.sqlite3` for its own copy, left it out, and replaced it at every workout, without a word. A copy
    /// marked by another host, or holding workouts this history lacks, is now left as it is, said, and read
    /// as another machine's.
    @Test func aCopyOfThisIDLeftByAnotherMachineIsNeitherReplacedNorLeftOut() throws {
        try withTemporaryDirectory { dir throws in
            let shared = try sharedFolder(in: dir)
            // One history, cloned: both machines have its workout, then each does one of its own.
            let a = try oneWorkout(dir + "/a.sqlite3")
            try a.db.execute("VACUUM INTO '\(dir)/b.sqlite3'")
            let b = try HistoryStore(path: dir + "/b.sqlite3")
            _ = try b.beginSession(sampleSession(start: 1_795_200_000, routine: "abs"))
            let id = Publisher.newMachineID(), copy = "\(shared)/\(id).sqlite3"
            let pi = try #require(Publisher(machine: id, host: "pi"))
            let kitchen = try #require(Publisher(machine: id, host: "kitchen"))
            // A copy this history holds all of is its own under any host name (the machine renamed): replaced.
            try a.publish(to: copy, as: kitchen)
            try a.publish(to: copy, as: pi)
            let first = try #require(FileManager.default.contents(atPath: copy))
            #expect(try HistoryStore(sharedFile: copy).publisher == pi)
            // Of one host name: a's copy, brought up to date by a, holds a workout b lacks.
            _ = try a.beginSession(sampleSession(start: 1_795_100_000, routine: "tabata"))
            try a.publish(to: copy, as: pi)
            let second = try #require(FileManager.default.contents(atPath: copy))
            #expect(second != first)
            #expect(throws: HistoryError.idShared(path: copy, host: nil)) { try b.publish(to: copy, as: pi) }
            #expect(FileManager.default.contents(atPath: copy) == second)
            let said = HistoryError.idShared(path: copy, host: nil).description
            #expect(said.hasPrefix("\(copy) was left as it is") && said.contains("holds workouts this history lacks")
                && said.contains("remove machine-id in the state folder on one of them"), "\(said)")

            // b reads it as another machine's, each workout once, and says so; a, as its own copy.
            let there = HistoryLibrary(own: b, shared: shared, ownName: id, host: "pi")
            #expect(there.others.map(\.machine) == [id])
            #expect(try there.sessions().map(\.record.routine) == ["classic", "tabata", "abs"])
            #expect(there.claims.count == 1 && there.claims.first?.hasPrefix("\(copy) is counted as another "
                + "machine's: it is another machine's, of this machine's id (it holds workouts") == true,
                    "\(there.claims)")
            let here = HistoryLibrary(own: a, shared: shared, ownName: id, host: "pi")
            #expect(here.others.isEmpty && here.claims.isEmpty)
            #expect(try here.sessions().map(\.record.routine) == ["classic", "tabata"])
        }
    }

    @Test func anOlderFileIsReadAsIfMigratedAndNeverWritten() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.d/old.sqlite3"
            try FileManager.default.createDirectory(atPath: dir + "/history.d", withIntermediateDirectories: true)
            do {
                let db = try SQLiteConnection(path: path)
                try HistorySchema.migrate(db, to: 1)
                try db.execute("""
                    INSERT INTO sessions (routine, routine_file, content_hash, options, started_at, utc_offset,
                        planned_seconds, planned_exercises, outcome, parts)
                    VALUES ('classic', '/w/classic.json', 'abc', '{}', 1795000000.5, 0, 480, 12, 'completed', 1)
                    """)
            }
            let before = try #require(FileManager.default.contents(atPath: path))
            let library = HistoryLibrary(own: nil, shared: dir + "/history.d")
            let read = try library.sessions()
            #expect(read.map(\.record.uuid) == ["legacy-1795000000.500000-abc"])
            #expect(FileManager.default.contents(atPath: path) == before)
            // The same file migrated where it lies gives its session the same id.
            let migrated = try HistoryStore(path: path)
            #expect(try migrated.sessions().map(\.record.uuid) == ["legacy-1795000000.500000-abc"])
        }
    }

    /// Another machine's file was read whole into memory: a 1.9 GB sparse one cost 2 GB in every `history`,
    /// `stats` and `start`. It is read through SQLite, a page at a time, at any schema: a current one as
    /// it lies, an older one from a copy of the pages its header counts.
    @Test(arguments: [HistorySchema.currentVersion, 1])
    func aLargeSparseSharedFileCostsNoMemoryAndGetsNothingBesideIt(version: Int) throws {
        try withTemporaryDirectory { dir throws in
            let shared = dir + "/history.d", path = dir + "/history.d/laptop.sqlite3"
            try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
            if version == HistorySchema.currentVersion {
                try otherMachine(dir + "/laptop/history.sqlite3")
                try HistoryStore(path: dir + "/laptop/history.sqlite3").publish(to: path)
            } else {
                let db = try SQLiteConnection(path: path)
                try HistorySchema.migrate(db, to: version)
                for start in [1_795_100_000, 1_795_200_000] {
                    try db.execute("""
                        INSERT INTO sessions (routine, routine_file, content_hash, options, started_at, utc_offset,
                            planned_seconds, planned_exercises, outcome, parts)
                        VALUES ('tabata', '/w/tabata.json', 'abc', '{}', \(start), 0, 480, 12, 'completed', 1)
                        """)
                }
            }
            // A gigabyte long without a block written, as a file extended by a tool or a sync may be.
            #expect(truncate(path, 1 << 30) == 0)
            let before = residentBytes()
            let library = HistoryLibrary(own: nil, shared: shared)
            #expect(try library.sessions().map(\.record.routine) == ["tabata", "tabata"])
            #expect(try library.totals().sessions == 2 && library.notices.isEmpty, "\(library.notices)")
            let grown = residentBytes() - before
            #expect(grown < 64 << 20, "\(grown) bytes more resident")
            // Nothing (a lock's or a WAL's shared-memory file) is left in the synced folder.
            #expect(try FileManager.default.contentsOfDirectory(atPath: shared) == ["laptop.sqlite3"])
            withExtendedLifetime(library) {}
        }
    }

    /// A file of `history.d` that opened but failed a read (its schema's page damaged: every query fails)
    /// or found damage part-way (its sessions' page) made `history` and `stats` show nothing and the plan
    /// start again at step 1. Now it is named once and left out of every read; the rest is read.
    @Test(arguments: [(page: "schema", offset: 100), (page: "sessions", offset: 8)])
    func aSharedFileDamagedPastItsHeaderIsNamedOnceAndLeftOut(page: String, offset: Int) throws {
        try withTemporaryDirectory { dir throws in
            let own = try HistoryStore(path: dir + "/history.sqlite3")
            let mine = try own.beginSession(sampleSession(start: 1_795_000_000))
            for i in 0..<4 { try own.recordSegment(sampleSegment(mine, i)) }
            try own.finish(mine, outcome: .completed)
            try FileManager.default.createDirectory(atPath: dir + "/history.d", withIntermediateDirectories: true)
            try otherMachine(dir + "/laptop/history.sqlite3")
            try HistoryStore(path: dir + "/laptop/history.sqlite3").publish(to: dir + "/history.d/laptop.sqlite3")
            // The same machine's workouts in a file damaged on its way, read first.
            let broken = dir + "/history.d/a-broken.sqlite3"
            try FileManager.default.copyItem(atPath: dir + "/history.d/laptop.sqlite3", toPath: broken)
            let root = page == "schema" ? 1 : try #require(try SQLiteConnection(path: broken)
                .rows("SELECT rootpage FROM sqlite_master WHERE name = 'sessions'").first?.first?.int)
            let file = try #require(FileHandle(forUpdatingAtPath: broken))
            try file.seek(toOffset: UInt64((Int(root) - 1) * 4096 + offset))
            try file.write(contentsOf: Data(repeating: 7, count: 200))
            try file.close()

            let library = HistoryLibrary(own: own, shared: dir + "/history.d", ownName: "desk")
            #expect(library.others.map(\.machine) == ["a-broken", "laptop"])
            let sessions = try library.sessions()
            // This machine's own workout is marked with its label, as the other machines read it.
            #expect(sessions.map(\.record.machine) == [HistoryLibrary.machineName(), "laptop", "laptop"])
            #expect(try library.segments(of: sessions[1].record.id).count == 4)
            #expect(try library.allSessions().count == 3 && library.completedSegments().count == 9)
            let totals = try library.totals()
            #expect(totals.sessions == 3 && totals.completedSessions == 2)
            #expect(library.stores.map(\.path) == [own.path, dir + "/history.d/laptop.sqlite3"])
            // Said once, however many reads met it (the copy, where it could be read, claims laptop's id).
            let notices = library.takeNotices().filter { !library.claims.contains($0) }
            #expect(notices.count == 1 && library.takeNotices().isEmpty, "\(notices)")
            #expect(notices.first?.hasPrefix("left out \(broken): it is damaged (") == true, "\(notices)")
            #expect(notices.first?.hasSuffix("; the file was left as it is.") == true, "\(notices)")
        }
    }

    /// A file of `history.d` is only read: the line that leaves one out never says "History not saved",
    /// and names the file once, whatever went wrong.
    @Test(arguments: [
        HistoryError.locked(path: "/s/h.d/x.sqlite3"), .readOnly(path: "/s/h.d/x.sqlite3"),
        .full(path: "/s/h.d/x.sqlite3"), .corrupt(path: "/s/h.d/x.sqlite3", movedTo: "/s/h.d/x.sqlite3.corrupt"),
        .notAFile(path: "/s/h.d/x.sqlite3", kind: "a FIFO"), .damaged(path: "/s/h.d/x.sqlite3", detail: "bad page"),
        .tooNew(path: "/s/h.d/x.sqlite3", version: 99),
        .failed(path: "/s/h.d/x.sqlite3", SQLiteError(call: "sqlite3_open_v2", code: 14, message: "cannot open")),
    ])
    func aSharedFileLeftOutIsSaidAsAReadProblem(error: HistoryError) {
        let line = HistoryLibrary.notice("/s/h.d/x.sqlite3", error)
        #expect(!line.contains("History not saved") && !line.contains("Cannot read the history"), "\(line)")
        #expect(line.hasPrefix("left out /s/h.d/x.sqlite3: ") && line.hasSuffix("; the file was left as it is."))
        #expect(line.components(separatedBy: "x.sqlite3").count == 2, "\(line)")
    }

    @Test func aDamagedSharedFileIsNamedAndLeftOut() throws {
        try withTemporaryDirectory { dir throws in
            try FileManager.default.createDirectory(atPath: dir + "/history.d", withIntermediateDirectories: true)
            try Data("not a database".utf8).write(to: URL(fileURLWithPath: dir + "/history.d/broken.sqlite3"))
            let library = HistoryLibrary(own: nil, shared: dir + "/history.d")
            #expect(library.others.isEmpty && library.notices.count == 1)
            #expect(library.notices.first?.hasPrefix("left out \(dir)/history.d/broken.sqlite3: ") == true)
            #expect(FileManager.default.fileExists(atPath: dir + "/history.d/broken.sqlite3"))
        }
    }
}
