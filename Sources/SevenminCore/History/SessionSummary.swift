/// A session with what was done in it, over all its parts: one line of `sevenmin history`.
public struct SessionSummary: Equatable, Sendable {
    public var record: SessionRecord
    /// Seconds of work segments that ran out.
    public var workedSeconds: Double
    /// Work segments that ran out.
    public var exercisesDone: Int

    public init(record: SessionRecord, workedSeconds: Double, exercisesDone: Int) {
        self.record = record
        self.workedSeconds = workedSeconds
        self.exercisesDone = exercisesDone
    }
}
