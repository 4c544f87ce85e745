// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore
@testable import SevenminHistory

/// Files of every earlier version opened by this one, and a newer one left alone.
@Suite("History migrations")
struct HistoryMigrationTests {
    /// Every earlier schema version, down to an empty file, opens as the current one.
    @Test(arguments: 0..<HistorySchema.currentVersion)
    func olderVersionsAreMigrated(from version: Int) throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            do {
                let db = try SQLiteConnection(path: path)
                try HistorySchema.migrate(db, to: version)
                #expect(try HistorySchema.version(of: db) == version)
            }
            let store = try HistoryStore(path: path)
            let id = try store.beginSession(sampleSession())
            try store.recordSegment(sampleSegment(id, 1))
            #expect(try store.sessions().first?.exercisesDone == 1)
            #expect(try HistorySchema.version(of: SQLiteConnection(path: path)) == HistorySchema.currentVersion)
            #expect(try store.integrityCheck() == "ok")
        }
    }

    /// A new file is given the tables as they end up in one go; it must be the very file the steps make.
    @Test(arguments: 1...HistorySchema.currentVersion)
    func aNewFileIsTheSameAsOneTakenThroughEveryStep(version: Int) throws {
        let made = try SQLiteConnection(path: ":memory:")
        try HistorySchema.migrate(made, to: version)
        let stepped = try SQLiteConnection(path: ":memory:")
        for each in 1...version { try HistorySchema.migrate(stepped, to: each) }
        func described(_ db: SQLiteConnection) throws -> [[SQLiteValue]] {
            let schema = try db.rows("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
            var rows = schema
            for table in schema where table[0] == .text("table") {
                rows += try db.rows("SELECT * FROM \(table[1].string ?? "")")
                rows += try db.rows("PRAGMA table_xinfo(\(table[1].string ?? ""))")
            }
            return rows + (try db.rows("PRAGMA user_version"))
        }
        let madeSchema = try described(made)
        #expect(madeSchema.count > 3)
        #expect(madeSchema == (try described(stepped)))
        // The steps that add columns were folded into their tables: nothing is left to alter.
        let statements = HistorySchema.made(HistorySchema.migrations[..<version])
        #expect(!statements.contains { $0.uppercased().hasPrefix("ALTER") })
    }

    @Test func aFailedMigrationLeavesTheFileAsItWas() throws {
        try withTemporaryDirectory { dir throws in
            let db = try SQLiteConnection(path: dir + "/h.sqlite3")
            let steps = [["CREATE TABLE a (x)"], ["CREATE TABLE b (y)", "NOT SQL AT ALL"]]
            #expect(throws: SQLiteError.self) { try HistorySchema.migrate(db, to: 2, steps: steps) }
            #expect(try HistorySchema.version(of: db) == 0)
            #expect(try db.rows("SELECT name FROM sqlite_master").isEmpty)
            try HistorySchema.migrate(db, to: 1, steps: steps)
            #expect(try HistorySchema.version(of: db) == 1)
        }
    }

    @Test func aFileFromANewerVersionIsRefusedAndLeftAlone() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/history.sqlite3"
            try SQLiteConnection(path: path).execute("CREATE TABLE future (x); PRAGMA user_version = 99")
            let before = FileManager.default.contents(atPath: path)
            #expect(throws: HistoryError.tooNew(path: path, version: 99)) { try HistoryStore(path: path) }
            #expect(throws: HistoryError.tooNew(path: path, version: 99)) {
                try HistoryStore(path: path, readOnly: true)
            }
            #expect(FileManager.default.contents(atPath: path) == before)
        }
    }
}
