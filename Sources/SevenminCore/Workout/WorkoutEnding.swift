// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// How a workout ended.
public enum WorkoutEnding: Equatable, Sendable {
    case completed
    case quit
    case signal(WorkoutSignal)
}
