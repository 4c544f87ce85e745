// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// One position of a stick figure: a point for every joint.
public struct Pose: Hashable, Sendable {
    /// In `Joint.allCases` order.
    public var points: [FigurePoint]

    public init(_ points: [FigurePoint]) {
        precondition(points.count == Joint.allCases.count)
        self.points = points
    }

    /// A pose from 22 numbers, x and y for each joint in `Joint.allCases` order, in hundredths of the box.
    init(hundredths v: [Double]) {
        precondition(v.count == 2 * Joint.allCases.count)
        self.init(stride(from: 0, to: v.count, by: 2).map { FigurePoint(v[$0] / 100, v[$0 + 1] / 100) })
    }

    public subscript(joint: Joint) -> FigurePoint {
        points[Joint.allCases.firstIndex(of: joint)!]
    }

    /// The pose a fraction `f` of the way to `other`.
    func blended(with other: Pose, _ f: Double) -> Pose {
        Pose(zip(points, other.points).map { a, b in FigurePoint(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f) })
    }

    /// The pose seen in a mirror: the other side of a move done on each side.
    var mirrored: Pose { Pose(points.map { FigurePoint(1 - $0.x, $0.y) }) }
}
