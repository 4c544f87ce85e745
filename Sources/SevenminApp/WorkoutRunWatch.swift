// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminCore
import SevenminHistory
import SevenminSystem

/// The workouts and snacks run on this machine, as the snack watcher hears of them without looking again and
/// again: one runs from when its status file (`StatusFile`) appears, told by `inotify` on the file's folder, until
/// its process ends, told by a pidfd; then this machine's history says how it ended (`SnackWatch.isBreak`).
final class WorkoutRunWatch {
    /// How long before the status file's first write a workout's history record may begin: the routine loaded,
    /// the screen set up.
    static let setUp = 60.0

    private let path: String
    private let folder: FileChangeWatch
    /// The run under way: its process, and when it was first seen (seconds since 1970 UTC).
    private var run: (process: ProcessEndWatch, since: Double)?

    /// Watches the folder of the status file at `path`, made if it is not there yet.
    init(statusPath path: String) throws {
        self.path = path
        let folder = PathText.folder(of: path)
        try UserDirectories.makeDirectory(folder)
        try StatusFile.requireOwnFolder(folder)
        self.folder = try FileChangeWatch()
        // Written whole (a rename) at each change of segment; its removal is not waited for: the process's end is.
        try self.folder.add(folder, events: UInt32(IN_CREATE) | UInt32(IN_MOVED_TO))
    }

    /// What to wake for: the folder, and the process of the run under way.
    var descriptors: [Int32] {
        [folder.descriptor] + (run.map { [$0.process.descriptor] } ?? [])
    }

    /// What changed at `now`, or since the last look: the run under way ended, one began. `first`: look at the
    /// status file even with no change heard (at the start, a workout may be running).
    func news(at now: Double, first: Bool = false) -> [SnackWatchInput] {
        var news: [SnackWatchInput] = []
        let changed = folder.acknowledge()
        if let current = run, current.process.ended {
            run = nil
            news.append(.workoutEnded(Self.outcome(since: current.since - Self.setUp)))
        }
        // After an end too: another may have begun meanwhile.
        if run == nil, first || changed || !news.isEmpty, let pid = runningProcess(),
           let process = try? ProcessEndWatch(pid) {
            run = (process, now)
            news.append(.workoutStarted)
        }
        return news
    }

    /// The process of the workout the status file tells of, if not ours.
    private func runningProcess() -> Int32? {
        guard let bytes = try? WorkoutDataSource.read(path), let record = StatusRecord.parse(bytes),
              record.pid != getpid() else { return nil }
        return record.pid
    }

    /// How the newest workout of this machine's history ended, if it began at `since` or later; nil with none
    /// there (run with `--no-history`, or the history cannot be read), which is no break.
    private static func outcome(since: Double) -> SessionOutcome? {
        guard let store = (try? HistoryReading.ownStore()) ?? nil,
              let newest = (try? store.sessions(limit: 1))?.last, newest.record.startedAt >= since else { return nil }
        return newest.record.outcome
    }
}
