// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminHistory
import SevenminSystem

extension StatusCommand: RunnableCommand {
    /// Prints the workout under way, else "snack due" when the snack watcher says so; exits 1 with nothing
    /// printed when neither, so a status bar stays empty. A file whose process has gone (killed with SIGKILL)
    /// counts as none.
    func run() -> Int32 {
        guard let path = StatusFile.path(), let bytes = try? WorkoutDataSource.read(path),
              let record = StatusRecord.parse(bytes), HistoryStore.processIsAlive(record.pid) else {
            guard SnackWatchFile.live()?.due == true else { return ExitCode.failure }
            Console.out(json ? JSONWriter.line(.object([.init("state", .string("snackDue"))])) + "\n"
                : "snack due\n")
            return ExitCode.success
        }
        // Counted down on CLOCK_MONOTONIC, which no one sets: a wall clock moved meanwhile changes nothing.
        let now = Date().timeIntervalSince1970, monotonic = SystemMonotonicClock().now()
        if json {
            let s = record.snapshot
            Console.out(JSONWriter.line(.object([
                .init("routine", .string(s.routine)), .init("title", .string(s.title)),
                .init("segment", .integer(s.segment)), .init("segments", .integer(s.segments)),
                .init("state", .string(s.state)),
                .init("remaining", .seconds(record.remaining(at: now, monotonicNow: monotonic))),
                .init("pid", .integer(Int(record.pid))),
            ] + (s.phone.map { [.init("phone", .string($0))] } ?? []) + StatusRecord.command(s))) + "\n")
        } else {
            // tmux runs `#(sevenmin status)` with TMUX set, and reads #[…], #{…} and #(…) in what it prints.
            let tmux = ProcessEnvironment.current["TMUX"] != nil
            Console.out(record.formatted(format, at: now, monotonicNow: monotonic, forTmux: tmux) + "\n")
        }
        return ExitCode.success
    }
}
