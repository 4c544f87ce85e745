// SPDX-License-Identifier: GPL-3.0-or-later
/// Something that happened in a workout, with the instant at which the schedule says it fell due.
public struct SessionEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case started
        case segmentStarted
        /// The whole seconds left in the segment changed to this value.
        case second(Int)
        case halfway
        case switchSides
        /// 3, 2, 1 seconds left.
        case countdown(Int)
        case paused
        case resumed
        case finished
    }

    public var kind: Kind
    public var segmentIndex: Int
    /// When the event was due on the monotonic clock; later than this only if the process was late.
    public var due: Instant

    public init(_ kind: Kind, segment: Int, due: Instant) {
        self.kind = kind
        self.segmentIndex = segment
        self.due = due
    }
}
