// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// A move drawn as a stick figure: keyframes played in a loop, one cycle every `period` seconds
/// (the move's own cadence), with the props it is done on.
public struct Figure: Hashable, Sendable {
    public var keyframes: [Pose]
    public var period: Double
    public var props: [FigureProp]

    public init(keyframes: [Pose], period: Double, props: [FigureProp] = []) {
        self.keyframes = keyframes
        self.period = period
        self.props = props
    }

    /// The easing from keyframe to keyframe, as a polynomial's coefficients from the constant up: smoothstep,
    /// 3f² − 2f³. The phone's page is sent it, and eases by it too.
    public static let easing: [Double] = [0, 0, 3, -2]

    /// `f` (0…1 of the way from one keyframe to the next) eased.
    static func eased(_ f: Double) -> Double { easing.reversed().reduce(0) { $0 * f + $1 } }

    /// The pose `t` seconds into the move: eased from keyframe to keyframe, so that a move slows at
    /// its ends as a body does; mirrored for the second side.
    public func pose(at t: Double, mirrored: Bool = false) -> Pose {
        var pose = keyframes[0]
        if keyframes.count > 1, period > 0, t.isFinite {
            let cycle = (t / period).truncatingRemainder(dividingBy: 1)
            let position = (cycle < 0 ? cycle + 1 : cycle) * Double(keyframes.count)
            let k = min(keyframes.count - 1, Int(position))
            let f = position - Double(k)
            pose = keyframes[k].blended(with: keyframes[(k + 1) % keyframes.count], Figure.eased(f))
        }
        return mirrored ? pose.mirrored : pose
    }

    /// The props, mirrored with the figure.
    func props(mirrored: Bool) -> [FigureProp] {
        mirrored ? props.map { FigureProp(FigurePoint(1 - $0.from.x, $0.from.y), FigurePoint(1 - $0.to.x, $0.to.y)) }
            : props
    }
}

/// A point of a figure in its unit box: x from 0 (left) to 1, y from 0 (top) to 1 (the floor).
public struct FigurePoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// A line that does not move with the figure: the floor, a wall, a chair.
public struct FigureProp: Hashable, Sendable {
    public var from: FigurePoint
    public var to: FigurePoint

    public init(_ from: FigurePoint, _ to: FigurePoint) {
        self.from = from
        self.to = to
    }
}

/// The joints a stick figure is drawn from; the left ones are the figure's own left.
public enum Joint: String, CaseIterable, Sendable {
    case head, neck, hip, leftElbow, leftHand, rightElbow, rightHand, leftKnee, leftFoot, rightKnee, rightFoot

    /// The bones between joints, drawn as lines; the head is drawn as a ring around its point.
    static let bones: [(Joint, Joint)] = [
        (.head, .neck), (.neck, .hip), (.neck, .leftElbow), (.leftElbow, .leftHand), (.neck, .rightElbow),
        (.rightElbow, .rightHand), (.hip, .leftKnee), (.leftKnee, .leftFoot), (.hip, .rightKnee),
        (.rightKnee, .rightFoot),
    ]
}
