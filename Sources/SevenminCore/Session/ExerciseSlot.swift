// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Where an exercise sits in a routine: its stage, its index in that stage's list, and the round.
/// Segments refer to exercises through a slot instead of copying them, so a plan's size does
/// not grow with the size of its exercises.
public struct ExerciseSlot: Equatable, Hashable, Sendable {
    public var stage: Stage
    public var index: Int
    /// 1-based round; warm-up counts as round 1 and cool-down as the last round.
    public var round: Int
    /// 1 or 2: which side of an exercise done on each side, where a pause parts the sides; nil for an
    /// exercise done in one go.
    public var side: Int?

    public init(stage: Stage, index: Int, round: Int, side: Int? = nil) {
        self.stage = stage
        self.index = index
        self.round = round
        self.side = side
    }
}
