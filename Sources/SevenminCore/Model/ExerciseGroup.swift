// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The body area an exercise works; `--shuffle` keeps the order of groups.
public enum ExerciseGroup: String, CaseIterable, Sendable {
    case cardio, lower, upper, core
}
