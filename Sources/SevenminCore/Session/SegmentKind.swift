// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// What a stretch of the workout is for; the name the events file and `list --json` use.
public enum SegmentKind: String, Sendable, CaseIterable {
    case getReady, work, rest, roundRest
    /// The pause between the two sides of an exercise done on each side.
    case switchSides = "switch"

    /// What a segment of this kind is called, on the screen, in the transcript and in the events file:
    /// the exercise's title while working; `round` is the round the segment belongs to (for a round
    /// rest, the round it leads into).
    public func heading(exercise: Exercise, round: Int, words: ScreenWords = .english) -> String {
        switch self {
        case .work: return exercise.title
        case .getReady: return words.getReady
        case .rest: return words.rest
        case .roundRest: return words.restBeforeRound(round)
        case .switchSides: return words.switchSides
        }
    }
}
