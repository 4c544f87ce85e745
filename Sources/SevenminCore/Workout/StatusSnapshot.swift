// SPDX-License-Identifier: GPL-3.0-or-later
/// What a status line needs of a running workout: the segment, and how long it has left as of the
/// moment the snapshot was taken, so readers can count down without the file changing every second.
public struct StatusSnapshot: Equatable, Sendable {
    public static func == (a: StatusSnapshot, b: StatusSnapshot) -> Bool {
        a.routine == b.routine && a.title == b.title && a.segment == b.segment && a.segments == b.segments
            && a.paused == b.paused && a.finished == b.finished && a.remaining == b.remaining && a.phone == b.phone
            && a.command?.name == b.command?.name && a.command?.state == b.command?.state
    }

    public var routine: String
    /// The segment's heading, e.g. `Wall Sit` or `Rest`.
    public var title: String
    /// 1-based position of the segment, and the plan's count of segments.
    public var segment: Int
    public var segments: Int
    public var paused: Bool
    /// The workout is over, and only the command `during` runs beside it is still under way.
    public var finished = false
    /// Seconds the segment had left when the snapshot was taken.
    public var remaining: Double
    /// `running`, `paused`, or `finished` (while the command goes on), for the file and `status --json`.
    public var state: String { finished ? "finished" : paused ? "paused" : "running" }
    /// The phone's page, with its token (`start --phone`); nil without one.
    public var phone: String?
    /// The command run beside the workout (`during`): its name, and `running` or how it ended; nil without one.
    public var command: (name: String, state: String)?

    public init(routine: String, title: String, segment: Int, segments: Int, paused: Bool, remaining: Double,
                phone: String? = nil) {
        self.phone = phone
        self.routine = routine
        self.title = title
        self.segment = segment
        self.segments = segments
        self.paused = paused
        self.remaining = remaining
    }
}
