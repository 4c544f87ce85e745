import FoundationEssentials
import Glibc
import SevenminCore
import SevenminHistory
import SevenminSystem

extension HistoryCommand: RunnableCommand {
    func run() -> Int32 {
        let sessions: [SessionSummary]
        let store: HistoryStore?
        let from = since.map { LocalDays.start(of: $0, calendar: .current) }
        do {
            store = try HistoryReading.store()
            sessions = try store?.sessions(since: from, limit: limit) ?? []
        } catch {
            return HistoryReading.report(error)
        }
        switch format {
        case .text:
            Console.out(sessions.isEmpty ? "No workouts recorded yet.\n" : HistoryReport.text(sessions,
                timeZone: SystemTimeZone.current))
        case .json:
            // JSON is for scripts, which get every segment as recorded: streamed, a session at a time.
            guard let store, !sessions.isEmpty else {
                Console.out("[]\n")
                break
            }
            do {
                try streamJSON(sessions, from: store)
            } catch {
                return HistoryReading.report(error)
            }
        case .csv: Console.out(HistoryReport.csv(sessions, timeZone: SystemTimeZone.current))
        }
        return HistoryReading.finish(store)
    }

    /// Writes the JSON array as the segments are read, in chunks, never holding it whole.
    private func streamJSON(_ sessions: [SessionSummary], from store: HistoryStore) throws(HistoryError) {
        let zone = SystemTimeZone.current
        var position: [Int64: Int] = [:]
        for (k, s) in sessions.enumerated() { position[s.record.id] = k }
        var next = 0, chunk = "[\n"
        func emit(through k: Int, _ segments: [SegmentRecord]) {
            // Sessions in between had no segments; they still get their list.
            while next <= k {
                chunk += (next > 0 ? ",\n" : "")
                    + HistoryReport.jsonObject(sessions[next], segments: next == k ? segments : [], timeZone: zone)
                next += 1
            }
            if chunk.utf8.count > 1 << 16 {
                Console.out(chunk)
                chunk = ""
            }
        }
        // Sessions and their segments come in the same order, from the first session shown on.
        try store.eachSessionsSegments(since: sessions[0].record.startedAt) { id, segments in
            if let k = position[id], k >= next { emit(through: k, segments) }
        }
        if next < sessions.count { emit(through: sessions.count - 1, []) }
        Console.out(chunk + "\n]\n")
    }
}

extension StatsCommand: RunnableCommand {
    func run() -> Int32 {
        // The config file's weight, unless --weight gave one.
        var weight = weight
        if weight == nil {
            switch ConfigFile.load() {
            case .failure(let status): return status.code
            case .success(let config): weight = config?.weight
            }
        }
        let stats: HistoryStats
        let store: HistoryStore?
        do {
            store = try HistoryReading.store()
            stats = HistoryStats.compute(sessions: try store?.allSessions() ?? [],
                                         segments: try store?.completedSegments() ?? [],
                                         now: Date().timeIntervalSince1970, calendar: .current, weightKg: weight)
        } catch {
            return HistoryReading.report(error)
        }
        if json {
            Console.out(StatsReport.json(stats))
        } else {
            let look = OutputStyle.standardOutput()
            Console.out(StatsReport.text(stats, colors: look.statsColors, utf8: look.utf8))
        }
        return HistoryReading.finish(store)
    }
}

/// Reading the history for `history` and `stats`. A file not there yet is an empty history (and is not
/// created). The file is only ever opened read-only: a reader changes nothing, and moves nothing aside.
enum HistoryReading {
    static func store() throws(HistoryError) -> HistoryStore? {
        guard let path = UserDirectories().historyFile else { return nil }
        var info = stat()
        // Not there yet (a link to nowhere is still there, and refused as a link).
        guard lstat(path, &info) == 0 else { return nil }
        return try HistoryStore(path: path, readOnly: true)
    }

    /// After the output: says how many rows were left out as out of range, and what damage stopped the
    /// reading (exit 1; what could be read was shown).
    static func finish(_ store: HistoryStore?) -> Int32 {
        guard let store else { return ExitCode.success }
        if store.skippedRows > 0 {
            let rows = store.skippedRows == 1 ? "1 row" : "\(store.skippedRows) rows"
            Console.error("sevenmin: \(visible(store.path)): skipped \(rows) holding values out of range.")
        }
        if let damage = store.damageFound { return report(damage) }
        return ExitCode.success
    }

    static func report(_ error: HistoryError) -> Int32 {
        Console.error("Error: \(error.readingDescription)")
        return ExitCode.failure
    }
}
