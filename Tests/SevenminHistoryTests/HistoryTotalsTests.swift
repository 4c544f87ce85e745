// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore
@testable import SevenminHistory

/// The sums `stats` and the streak read from SQL (kept by triggers, or added up from the segments)
/// against the reference: `HistoryStats` computed from every record read into memory.
@Suite("History sums in SQL")
struct HistoryTotalsTests {
    static let now = 1_795_300_000.0
    let utc = LocalCalendar(timeZone: FixedOffsetZone(seconds: 0))

    /// `count` random sessions of random segments, in random zones, some over several days, some
    /// resumed, rated or finished in every way.
    func randomHistory(_ store: HistoryStore, count: Int, rng: inout SplitMix64) throws {
        let kinds = ["getReady", "work", "rest", "roundRest", "work", "work"]
        for _ in 0..<count {
            var session = sampleSession(start: Self.now - Double(rng.next() % (90 * 86400)))
            session.utcOffset = Int(rng.next() % 28) * 3600 - 12 * 3600 + (rng.next() % 4 == 0 ? 1800 : 0)
            let id = try store.beginSession(session)
            for index in 0..<Int(rng.next() % 30) {
                let kind = kinds[Int(rng.next() % UInt64(kinds.count))]
                let actual = Double(rng.next() % 45_000) / 1000
                try store.recordSegment(SegmentRecord(
                    sessionID: id, index: index, kind: kind, exercise: "Exercise \(rng.next() % 5)", round: 1,
                    planned: 30, actual: actual, ended: rng.next() % 5 == 0 ? .skipped : .ranOut,
                    endedAt: session.startedAt + Double(index) * 40))
            }
            if rng.next() % 3 == 0 { _ = try store.rate(id, effort: 5) }
            let outcomes: [SessionOutcome] = [.completed, .completed, .quit, .signal(15), .skipped]
            let outcome = outcomes[Int(rng.next() % UInt64(outcomes.count))]
            try store.finish(id, outcome: outcome)
            // Resumed: a second part, its segments counted on the day the session began.
            if outcome == .signal(15) && rng.next() % 2 == 0 {
                let part = try store.reopen(id)
                try store.recordSegment(SegmentRecord(sessionID: id, index: 1, kind: "work", exercise: "Exercise 1",
                                                      round: 1, planned: 30, actual: 30, ended: .ranOut,
                                                      endedAt: session.startedAt + 86400, part: part))
                try store.finish(id, outcome: .completed)
            }
        }
    }

    /// What the reference computes and what the sums give agree (seconds to a millionth).
    func expectSame(_ sums: HistoryStats, _ reference: HistoryStats, _ context: String) {
        func close(_ a: Double?, _ b: Double?) -> Bool {
            a == nil && b == nil || abs((a ?? .nan) - (b ?? .nan)) < 1e-6
        }
        #expect(sums.currentStreak == reference.currentStreak && sums.todayCounts == reference.todayCounts
                && sums.longestStreak == reference.longestStreak, "\(context)")
        #expect(sums.sessions == reference.sessions && sums.completedSessions == reference.completedSessions,
                "\(context)")
        #expect(close(sums.weekMinutes, reference.weekMinutes)
                && close(sums.totalWorkSeconds, reference.totalWorkSeconds)
                && close(sums.weekCalories, reference.weekCalories), "\(context)")
        #expect(sums.heatMapStart == reference.heatMapStart && sums.weeklyStarts == reference.weeklyStarts,
                "\(context)")
        #expect(zip(sums.heatMapMinutes, reference.heatMapMinutes).allSatisfy { close($0, $1) }
                && zip(sums.weeklyMinutes, reference.weeklyMinutes).allSatisfy { close($0, $1) }, "\(context)")
        // Level 0 is "nothing at all": a sum taken back to nothing must not read as a little.
        #expect(sums.heatMapMinutes.map { HistoryStats.level(minutes: $0) }
                == reference.heatMapMinutes.map { HistoryStats.level(minutes: $0) }, "\(context)")
        #expect(sums.exercises.map(\.title).sorted() == reference.exercises.map(\.title).sorted(), "\(context)")
        for e in reference.exercises {
            let s = sums.exercises.first { $0.title == e.title }
            #expect(s?.times == e.times && close(s?.seconds, e.seconds), "\(context): \(e.title)")
        }
    }

    /// Rows changed as a hand with `sqlite3` or a flipped bit would: values out of range, sessions
    /// moved to another day, rows removed. The triggers keep the sums true through all of it.
    static let tampering = [
        "UPDATE segments SET actual = 1e300 WHERE id % 17 = 3",
        "UPDATE segments SET ended_at = -5 WHERE id % 23 = 4",
        "UPDATE segments SET idx = 1e300 WHERE id % 29 = 5",
        "UPDATE segments SET ended = 'skipped' WHERE id % 13 = 6",
        "UPDATE segments SET actual = actual + 0.125 WHERE id % 11 = 1",
        "UPDATE segments SET kind = 'getReady' WHERE id % 19 = 2",
        "DELETE FROM segments WHERE id % 31 = 7",
        "UPDATE sessions SET started_at = started_at + 50000 WHERE id % 7 = 1",
        "UPDATE sessions SET utc_offset = -utc_offset WHERE id % 5 = 2",
        "UPDATE sessions SET started_at = 1e300 WHERE id % 9 = 4",
        "UPDATE sessions SET parts = 0 WHERE id % 11 = 3",
        "UPDATE sessions SET started_at = started_at WHERE id % 2 = 0",
        "DELETE FROM sessions WHERE id % 13 = 5",
    ]

    @Test(arguments: 0..<12)
    func theSumsInSQLGiveWhatTheRecordsGive(seed: Int) throws {
        try withTemporaryDirectory { dir throws in
            var rng = SplitMix64(seed: UInt64(seed) * 7919 + 1)
            let path = dir + "/history.sqlite3"
            try randomHistory(HistoryStore(path: path), count: 12 + seed * 3, rng: &rng)
            let writer = try SQLiteConnection(path: path)
            // Half the seeds tamper with a random few of the ways.
            for sql in Self.tampering where seed % 2 == 1 && rng.next() % 2 == 0 { try writer.execute(sql) }
            // Another machine's history holding some of the same sessions, and some of its own.
            try FileManager.default.createDirectory(atPath: dir + "/history.d", withIntermediateDirectories: true)
            try HistoryStore(path: path).publish(to: dir + "/history.d/laptop.sqlite3")
            let laptop = try HistoryStore(path: dir + "/elsewhere.sqlite3")
            try randomHistory(laptop, count: 5, rng: &rng)
            try laptop.publish(to: dir + "/history.d/phone.sqlite3")

            for shared in [nil, dir + "/history.d"] {
                let context = "seed \(seed), \(shared == nil ? "own file" : "with history.d")"
                let reference = HistoryLibrary(own: try HistoryStore(path: path, readOnly: true), shared: shared)
                let expected = HistoryStats.compute(sessions: try reference.allSessions(),
                                                    segments: try reference.completedSegments(),
                                                    now: Self.now, calendar: utc, weightKg: 70)
                let library = HistoryLibrary(own: try HistoryStore(path: path, readOnly: true), shared: shared)
                expectSame(HistoryStats.compute(try library.totals(), now: Self.now, calendar: utc, weightKg: 70),
                           expected, context)
                // The same rows left out, and said.
                #expect(library.own!.skippedRows == reference.own!.skippedRows, "\(context)")
                // What a workout reads at its start: the sums, and the streak walked back from today.
                let streak = StreakBasis(try library.streakTotals(), now: Self.now, calendar: utc)
                #expect(streak.daysBeforeToday == StreakBasis(expected).daysBeforeToday, "\(context)")
                #expect(abs(streak.todaySeconds - StreakBasis(expected).todaySeconds) < 1e-6, "\(context)")
            }
            // The triggers' sums are what adding up the segments again gives.
            let store = try HistoryStore(path: path, readOnly: true)
            let kept = try store.keptTotals(), again = try store.totals(of: try store.sessionKeys().map(\.id))
            #expect(kept.days.keys.sorted() == again.days.keys.sorted())
            #expect(kept.days.allSatisfy { abs(again.days[$0.key]!.workout - $0.value.workout) < 1e-6
                && abs(again.days[$0.key]!.work - $0.value.work) < 1e-6 })
            #expect(kept.exercises.keys.sorted() == again.exercises.keys.sorted())
            #expect(kept.exercises.allSatisfy { again.exercises[$0.key]?.times == $0.value.times
                && abs(again.exercises[$0.key]!.seconds - $0.value.seconds) < 1e-6 })
        }
    }

    /// A file of the schema before the sums gets them when migrated: the same as recorded since.
    @Test func migratingAnOlderFileAddsUpWhatItHolds() throws {
        try withTemporaryDirectory { dir throws in
            var rng = SplitMix64(seed: 99)
            let old = dir + "/old.sqlite3", new = dir + "/new.sqlite3"
            let db = try SQLiteConnection(path: old)
            let sums = try #require(HistorySchema.migrations.firstIndex { $0.contains { $0.contains("day_totals") } })
            try HistorySchema.migrate(db, to: sums)
            let unsumed = try HistoryStore(path: new)
            try randomHistory(unsumed, count: 20, rng: &rng)
            // The same rows, copied into a file that never had the sums.
            try db.execute("ATTACH '\(new)' AS n")
            try db.execute("INSERT INTO sessions SELECT id, routine, routine_file, content_hash, seed, options, "
                + "started_at, utc_offset, planned_seconds, planned_exercises, outcome, pid, parts, effort, uuid, "
                + "plan, "
                + "plan_step FROM n.sessions")
            try db.execute("INSERT INTO segments SELECT id, session_id, idx, kind, exercise, round, planned, actual, "
                + "ended, ended_at, part, side FROM n.segments")
            try db.execute("DETACH n")
            let migrated = try HistoryStore(path: old)
            #expect(try migrated.keptTotals().days.count == (try unsumed.keptTotals().days.count))
            let reference = HistoryStats.compute(sessions: try migrated.allSessions(),
                                                 segments: try migrated.completedSegments(), now: Self.now,
                                                 calendar: utc)
            expectSame(HistoryStats.compute(try HistoryLibrary(own: migrated, shared: nil).totals(), now: Self.now,
                                            calendar: utc), reference, "migrated")
        }
    }

    /// Rows loaded in bulk, the triggers left out, have the sums adding them one by one gives; and the
    /// triggers are back after it, keeping the sums of what is written next.
    @Test func aBulkLoadAddsUpTheSumsOnceAndKeepsTheTriggers() throws {
        try withTemporaryDirectory { dir throws in
            var rng = SplitMix64(seed: 5)
            let plain = try HistoryStore(path: dir + "/p.sqlite3"), bulk = try HistoryStore(path: dir + "/b.sqlite3")
            try randomHistory(plain, count: 30, rng: &rng)
            try bulk.db.execute("ATTACH '\(dir)/p.sqlite3' AS p")
            try bulk.bulkLoad { () throws(HistoryError) in
                do {
                    try bulk.db.execute("INSERT INTO sessions SELECT * FROM p.sessions")
                    try bulk.db.execute("INSERT INTO segments SELECT * FROM p.segments")
                } catch { Issue.record("\(error)") }
            }
            try bulk.db.execute("DETACH p")
            func expectSameSums(_ context: String) throws {
                let a = try bulk.keptTotals(), b = try plain.keptTotals()
                #expect(!a.days.isEmpty && a.days.keys.sorted() == b.days.keys.sorted(), "\(context)")
                #expect(a.days.allSatisfy { abs(b.days[$0.key]!.workout - $0.value.workout) < 1e-6
                    && abs(b.days[$0.key]!.work - $0.value.work) < 1e-6 }, "\(context)")
                #expect(a.exercises.keys.sorted() == b.exercises.keys.sorted(), "\(context)")
                #expect(a.exercises.allSatisfy { b.exercises[$0.key]?.times == $0.value.times
                    && abs(b.exercises[$0.key]!.seconds - $0.value.seconds) < 1e-6 }, "\(context)")
            }
            try expectSameSums("loaded in bulk")
            for store in [bulk, plain] {
                var later = SplitMix64(seed: 6)
                try randomHistory(store, count: 5, rng: &later)
            }
            try expectSameSums("written since")
            let triggers = try bulk.db.rows("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
            #expect(triggers.compactMap(\.first?.string) == HistorySchema.totalsTriggerNames.sorted())
        }
    }
}
