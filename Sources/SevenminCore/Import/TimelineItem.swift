// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// One stretch of another app's timeline: something worked, or a rest.
enum TimelineItem: Equatable {
    case work(RoutineDraft.Step)
    case rest(Double)

    /// How long it runs.
    var seconds: Double {
        switch self {
        case .work(let step): return step.work
        case .rest(let seconds): return seconds
        }
    }
}
