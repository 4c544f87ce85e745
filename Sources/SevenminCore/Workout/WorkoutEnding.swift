// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// How a workout ended.
public enum WorkoutEnding: Equatable, Sendable {
    case completed
    case quit
    case signal(WorkoutSignal)
}

/// The signals a workout reacts to, by meaning rather than number.
public enum WorkoutSignal: Equatable, Sendable {
    case interrupt, terminate, hangUp, quit
    /// Ctrl-Z: pause and give the terminal back.
    case suspend
    /// Running again after a stop; whatever is on screen may be stale.
    case continued

    /// The POSIX signal number, for the exit status and the re-raise.
    public var number: Int32 {
        switch self {
        case .interrupt: return 2
        case .terminate: return 15
        case .hangUp: return 1
        case .quit: return 3
        case .suspend: return 20
        case .continued: return 18
        }
    }
}
