// SPDX-License-Identifier: GPL-3.0-or-later
/// A session with what was done in it, over all its parts: one line of `sevenmin history`.
public struct SessionSummary: Equatable, Sendable {
    public var record: SessionRecord
    /// Seconds of work, every exercise counted for the time it ran (the one under way at a quit too).
    public var workedSeconds: Double
    /// Exercises of the plan that ran at least half their time (`SegmentRecord.isDone`), each once.
    public var exercisesDone: Int

    public init(record: SessionRecord, workedSeconds: Double, exercisesDone: Int) {
        self.record = record
        self.workedSeconds = workedSeconds
        self.exercisesDone = exercisesDone
    }
}
