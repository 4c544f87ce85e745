// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// One stretch of another app's timeline: something worked, or a rest.
enum TimelineItem: Equatable {
    case work(RoutineDraft.Step)
    case rest(Double)
}
