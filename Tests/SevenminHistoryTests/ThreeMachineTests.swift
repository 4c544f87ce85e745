// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SevenminTestSupport
import Testing
@testable import SevenminCore
@testable import SevenminHistory

/// Three machines sharing their histories through a folder a sync fills in its own time: each records, rates,
/// renames and removes workouts, its own and the others', while copies arrive late and out of order. Once
/// every copy has arrived, all three read the same history and the same statistics.
@Suite("Three machines, one history")
struct ThreeMachineTests {
    /// One machine: its own history, and its view of `history.d` (what the sync has brought it so far).
    struct Machine {
        let id: String
        let host: String
        let store: HistoryStore
        let view: String
        /// How far its wall clock is off, in seconds.
        let skew: Double

        var library: HistoryLibrary { HistoryLibrary(own: store, shared: view, ownName: id, host: host) }
    }

    /// The history as `history --json` writes it, and the statistics as `stats --json` does, read on
    /// `machine`, to be compared byte for byte: each workout's id and machine included.
    func outputs(_ machine: Machine, now: Double) throws -> (history: [UInt8], stats: String) {
        let library = machine.library
        var out = JSONBytes()
        for s in try library.sessions() {
            // Every workout names the machine it was recorded on, this machine's own too (its uuid says which).
            #expect(s.record.uuid.hasSuffix("-" + (s.record.machine ?? "none")), "\(s.record)")
            HistoryReport.writeJSONObject(s, segments: try library.segments(of: s.record.id), into: &out)
        }
        let stats = HistoryStats.compute(try library.totals(), now: now,
                                         calendar: LocalCalendar(timeZone: FixedOffsetZone(seconds: 0)))
        #expect(library.notices.isEmpty && library.claims.isEmpty, "\(library.notices) \(library.claims)")
        return (out.bytes, StatsReport.json(stats))
    }

    /// What happened over all the runs, so that a run that never removed anything cannot pass for one that did.
    struct Tally {
        var recorded = 0, rated = 0, renamed = 0, removed = 0, shown = 0
    }

    /// One run of `steps` random steps, seeded by `seed`.
    func run(seed: UInt64, steps: Int, in dir: String, tally: inout Tally) throws {
        var random = SplitMix64(seed: seed)
        let outbox = dir + "/outbox"
        try FileManager.default.createDirectory(atPath: outbox, withIntermediateDirectories: true)
        let machines = try (0..<3).map { k in
            let view = dir + "/m\(k)/history.d"
            try FileManager.default.createDirectory(atPath: view, withIntermediateDirectories: true)
            let store = try HistoryStore(path: dir + "/m\(k)/history.sqlite3")
            // Nothing here needs to survive a power cut: no commit waits for the disk.
            try store.syncEveryCommit(false)
            return Machine(id: String(repeating: ["a", "b", "c"][k], count: 32),
                           host: "host\(k)", store: store,
                           view: view, skew: Double(random.below(1200)) - 600)
        }
        var now = 1_795_000_000.0
        func publish(_ m: Machine) throws {
            // Nothing needs these copies after the run: they are not waited onto the disk.
            let publisher = try #require(Publisher(machine: m.id, host: m.host))
            try m.store.publish(PublishedCopy(path: outbox + "/" + m.id, publisher: publisher, formerly: nil,
                                              durable: false))
        }
        // The sync brings one month of `from`'s copy (the `pick`th, or all) to `to`, as it is now, whole, by a
        // rename, as Syncthing does.
        func deliver(_ from: Machine, to: Machine, pick: UInt64? = nil) throws {
            let folder = outbox + "/" + from.id
            let months = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            guard from.id != to.id, !months.isEmpty else { return }
            try FileManager.default.createDirectory(atPath: to.view + "/" + from.id, withIntermediateDirectories: true)
            for month in pick.map({ [months[Int($0 % UInt64(months.count))]] }) ?? months {
                let temporary = to.view + "/\(from.id)/.syncthing.\(month).tmp"
                try? FileManager.default.removeItem(atPath: temporary)
                try FileManager.default.copyItem(atPath: folder + "/" + month, toPath: temporary)
                #expect(rename(temporary, to.view + "/\(from.id)/" + month) == 0)
            }
        }
        for step in 0..<steps {
            // Up to ten days apart: the workouts and edits of a run fall in several months.
            now += Double(1 + random.below(864_000))
            let m = machines[Int(random.below(3))]
            switch random.below(7) {
            case 0, 1:
                let id = try m.store.beginSession(SessionRecord(
                    routine: random.below(2) == 0 ? "classic" : "tabata", routineFile: "/w/classic.json",
                    contentHash: "h", startedAt: now, utcOffset: 3600, plannedSeconds: 480, plannedExercises: 2,
                    uuid: "run\(seed)-\(step)-\(m.host)"))
                for i in 0..<(1 + Int(random.below(5))) {
                    try m.store.recordSegment(sampleSegment(id, i, endedAt: now))
                }
                try m.store.finish(id, outcome: random.below(3) == 0 ? .quit : .completed)
                tally.recorded += 1
            case 2, 3:
                let library = m.library
                let seen = try library.sessions()
                guard !seen.isEmpty else { continue }
                let target = seen[Int(random.below(UInt64(seen.count)))].record.id
                let field = [SessionAnnotation.Field.effort, .name, .removed][Int(random.below(3))]
                let value = field == .effort ? String(1 + random.below(10)) : field == .name ? "name\(step)" : "1"
                // Each machine's clock is off by its own skew: the hybrid clock keeps edits in order regardless.
                _ = try #require(try library.edit(target, field, to: value, machine: m.id, now: now + m.skew,
                                                  in: m.store))
                switch field {
                case .effort: tally.rated += 1
                case .name: tally.renamed += 1
                case .removed: tally.removed += 1
                }
            case 4: try publish(m)
            default: try deliver(machines[Int(random.below(3))], to: m, pick: random.next())
            }
        }
        for m in machines { try publish(m) }
        for from in machines { for to in machines { try deliver(from, to: to) } }
        let first = try outputs(machines[0], now: now)
        for m in machines.dropFirst() {
            let read = try outputs(m, now: now)
            #expect(read.history == first.history, "seed \(seed): \(m.host) reads another history")
            #expect(read.stats == first.stats, "seed \(seed): \(m.host) counts other statistics")
        }
        tally.shown += try machines[0].library.sessions().count
    }

    @Test func everyMachineReadsTheSameHistoryOnceEveryCopyHasArrived() throws {
        var tally = Tally()
        for seed in 0..<200 as Range<UInt64> {
            // The runs' files live in memory where there is a tmpfs: no run waits for the disk (each history's
            // making would), and what is checked is the same.
            let dir = FileManager.default.fileExists(atPath: "/dev/shm/.")
                ? "/dev/shm/sevenmin-three-\(getpid())-\(seed)" : ScratchFolder.make("three-\(seed)")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            try run(seed: seed, steps: 12, in: dir, tally: &tally)
        }
        // The runs did what they are meant to try: every kind of edit, and workouts left after removals.
        #expect(tally.rated > 50 && tally.renamed > 50 && tally.removed > 50, "\(tally)")
        #expect(tally.shown > 0 && tally.shown < tally.recorded, "\(tally)")
    }
}
