// SPDX-License-Identifier: GPL-3.0-or-later
/// Where `start --resume` picks an interrupted session up.
public struct ResumePoint: Equatable, Sendable {
    public var session: SessionRecord
    /// The plan index of the segment to start from: the one after the last that ended.
    public var segmentIndex: Int
    /// What the earlier parts did, for the finish summary.
    public var doneSoFar: SessionSummary

    public init(session: SessionRecord, segmentIndex: Int, doneSoFar: SessionSummary) {
        self.session = session
        self.segmentIndex = segmentIndex
        self.doneSoFar = doneSoFar
    }
}
