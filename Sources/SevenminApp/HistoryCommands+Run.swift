import FoundationEssentials
import Glibc
import SevenminCore
import SevenminHistory
import SevenminSystem

extension HistoryCommand: RunnableCommand {
    func run() -> Int32 {
        let sessions: [SessionSummary]
        var segments: [Int64: [SegmentRecord]] = [:]
        do {
            let from = since.map { LocalDays.start(of: $0, calendar: .current) }
            let store = try HistoryReading.store()
            sessions = try store?.sessions(since: from, limit: limit) ?? []
            // JSON is for scripts, which get every segment as recorded.
            if format == .json, let store {
                for s in sessions { segments[s.record.id] = try store.segments(of: s.record.id) }
            }
        } catch {
            return HistoryReading.report(error)
        }
        switch format {
        case .text:
            Console.out(sessions.isEmpty ? "No workouts recorded yet.\n" : HistoryReport.text(sessions,
                timeZone: SystemTimeZone.current))
        case .json: Console.out(HistoryReport.json(sessions, segments: segments, timeZone: SystemTimeZone.current))
        case .csv: Console.out(HistoryReport.csv(sessions, timeZone: SystemTimeZone.current))
        }
        return ExitCode.success
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
        do {
            let store = try HistoryReading.store()
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
        return ExitCode.success
    }
}

/// Reading the history for `history` and `stats`. A file not there yet is an empty history (and is not
/// created); sessions whose process has gone are marked interrupted first, where the file can be written.
enum HistoryReading {
    static func store() throws(HistoryError) -> HistoryStore? {
        guard let path = UserDirectories().historyFile, FileManager.default.fileExists(atPath: path) else { return nil }
        if let writable = try? HistoryStore(path: path), (try? writable.markInterrupted()) != nil { return writable }
        return try HistoryStore(path: path, readOnly: true)
    }

    static func report(_ error: HistoryError) -> Int32 {
        Console.error("Error: \(error)")
        return ExitCode.failure
    }
}
