// SPDX-License-Identifier: GPL-3.0-or-later
/// How a recorded workout ended. A record still running has no outcome (`nil`).
public enum SessionOutcome: Equatable, Hashable, Sendable {
    /// It reached its end with every exercise run for at least half its time.
    case completed
    /// It reached its end, but with exercises skipped or cut short (`n` through them).
    case skipped
    /// The user quit from the keyboard.
    case quit
    /// A signal ended the process, which recorded it on the way out.
    case signal(Int32)
    /// The process went away without recording an end (`kill -9`, a crash, a power cut).
    case interrupted

    /// The form stored in the database and written to JSON and CSV: `completed`, `signal:15`, …
    public var code: String {
        switch self {
        case .completed: return "completed"
        case .skipped: return "skipped"
        case .quit: return "quit"
        case .signal(let n): return "signal:\(n)"
        case .interrupted: return "interrupted"
        }
    }

    public init?(code: String) {
        switch code {
        case "completed": self = .completed
        case "skipped": self = .skipped
        case "quit": self = .quit
        case "interrupted": self = .interrupted
        default:
            guard code.hasPrefix("signal:"), let n = Int32(code.dropFirst(7)), n > 0 else { return nil }
            self = .signal(n)
        }
    }

    /// Words for a person: `completed`, `stopped by SIGTERM`.
    public var label: String {
        switch self {
        case .completed: return "completed"
        case .skipped: return "skipped through"
        case .quit: return "quit"
        case .interrupted: return "interrupted"
        case .signal(let n):
            // Numbers as on Linux; the core cannot ask libc for the names.
            let names: [Int32: String] = [1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 15: "SIGTERM"]
            return "stopped by " + (names[n] ?? "signal \(n)")
        }
    }

    /// Whether `start --resume` may continue it: it ended without the user choosing to stop,
    /// by a crash or by the terminal or system going away (SIGHUP, SIGTERM).
    public var isResumable: Bool {
        switch self {
        case .interrupted, .signal(1), .signal(15): return true
        default: return false
        }
    }
}

extension SessionOutcome {
    /// How the history records a workout that ended by `ending` before its end (a quit or a signal).
    public init(_ ending: WorkoutEnding) {
        switch ending {
        case .completed: self = .completed
        case .quit: self = .quit
        case .signal(let signal): self = .signal(signal.number)
        }
    }
}
