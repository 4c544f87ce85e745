// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// A move drawn as a stick figure: keyframes played in a loop, one cycle every `period` seconds
/// (the move's own cadence), with the props it is done on.
public struct Figure: Equatable, Sendable {
    public var keyframes: [Pose]
    public var period: Double
    public var props: [FigureProp]

    public init(keyframes: [Pose], period: Double, props: [FigureProp] = []) {
        self.keyframes = keyframes
        self.period = period
        self.props = props
    }

    /// The pose `t` seconds into the move: eased from keyframe to keyframe, so that a move slows at
    /// its ends as a body does; mirrored for the second side.
    public func pose(at t: Double, mirrored: Bool = false) -> Pose {
        var pose = keyframes[0]
        if keyframes.count > 1, period > 0, t.isFinite {
            let cycle = (t / period).truncatingRemainder(dividingBy: 1)
            let position = (cycle < 0 ? cycle + 1 : cycle) * Double(keyframes.count)
            let k = min(keyframes.count - 1, Int(position))
            let f = position - Double(k)
            let eased = f * f * (3 - 2 * f)
            pose = keyframes[k].blended(with: keyframes[(k + 1) % keyframes.count], eased)
        }
        return mirrored ? pose.mirrored : pose
    }

    /// The props, mirrored with the figure.
    func props(mirrored: Bool) -> [FigureProp] {
        mirrored ? props.map { FigureProp(FigurePoint(1 - $0.from.x, $0.from.y), FigurePoint(1 - $0.to.x, $0.to.y)) }
            : props
    }
}
