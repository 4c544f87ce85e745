// SPDX-License-Identifier: GPL-3.0-or-later
/// How a command run beside a workout (`sevenmin during`) ended, as `waitpid` tells it.
public enum CommandStatus: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case killed(signal: Int32)
    /// It could not be started: 127 when it was not found, 126 when it was but cannot be run (GNU timeout's).
    case notStarted(Int32)

    /// The exit status `during` passes on, as GNU `timeout(1)` does: the command's own, 128 + N for one killed
    /// by signal N, 126 or 127 for one that never ran.
    public var exitCode: Int32 {
        switch self {
        case .exited(let code): return code
        case .killed(let signal): return 128 + signal
        case .notStarted(let code): return code
        }
    }

    /// It ended well.
    public var succeeded: Bool { self == .exited(0) }

    /// For the events file and `status --json`: `exited 3`, `killed 15`.
    public var words: String {
        switch self {
        case .exited(let code): return "exited \(code)"
        case .killed(let signal): return "killed \(signal)"
        case .notStarted(let code): return "not started \(code)"
        }
    }
}

/// What the command's adapter reports to the workout.
public enum CommandNews: Equatable, Sendable {
    /// The last line it printed so far, cleaned of control sequences (`TerminalLine`).
    case output(String)
    /// It ended (its output read to the end first).
    case ended(CommandStatus)
}

/// What `during` does with the workout once the command ends.
public enum DuringEnding: Equatable, Sendable {
    /// The exercise under way runs to its end (never cut mid-set), then the finish.
    case afterExercise
    /// The workout ends at once (`--now`).
    case now
    /// The circuit repeats for as long as the command runs, then ends as `afterExercise` does (`--until-done`).
    case untilDone
}

/// The command a workout runs beside: its name, when it started, its last line, and how it ended.
public struct CommandRun: Equatable, Sendable {
    /// The program's name, without its arguments (which may hold secrets).
    public var name: String
    public var ending: DuringEnding
    public var started: Instant?
    public var lastLine = ""
    public var status: CommandStatus?
    public var endedAt: Instant?

    public init(name: String, ending: DuringEnding = .afterExercise) {
        self.name = name
        self.ending = ending
    }

    /// Seconds it has run (or ran), at `now`.
    public func runTime(at now: Instant) -> Double {
        guard let started else { return 0 }
        return max(0, (endedAt ?? now) - started)
    }

    /// What the status line shows: `sh 0:12 · the last line`, or `sh exit 3 · …` once it has ended.
    public func statusLine(at now: Instant) -> String {
        let state = status.map { $0.succeeded ? "done" : "exit \($0.exitCode)" }
            ?? TimeFormat.clock(runTime(at: now), roundingUp: false)
        return visible(name) + " " + state + (lastLine.isEmpty ? "" : " · " + lastLine)
    }

    /// `state` for the events file and `status --json`: `running`, or how it ended.
    public var state: String { status?.words ?? "running" }
}
