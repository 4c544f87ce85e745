// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The figures that come with sevenmin, by name: what a routine's `figure` key names.
public enum FigureLibrary {
    typealias P = (Double, Double)

    /// A pose from its joints, in hundredths of the box: arms are (left elbow, left hand, right elbow,
    /// right hand) and legs (left knee, left foot, right knee, right foot).
    static func pose(_ head: P, _ neck: P, _ hip: P, arms: (P, P, P, P), legs: (P, P, P, P)) -> Pose {
        let all = [head, neck, hip, arms.0, arms.1, arms.2, arms.3, legs.0, legs.1, legs.2, legs.3]
        return Pose(hundredths: all.flatMap { [$0.0, $0.1] })
    }

    /// A pose seen from the side, the far arm and leg behind the near ones.
    static func side(_ head: P, _ neck: P, _ hip: P, elbow: P, hand: P, knee: P, foot: P) -> Pose {
        pose(head, neck, hip, arms: (elbow, hand, elbow, hand), legs: (knee, foot, knee, foot))
    }

    /// The same pose on the other leg and arm: the left limbs where the right ones were, and back. In a side
    /// view whose far (right) limbs are drawn `far` hundredths ahead of the near ones, so that the two are told
    /// apart, the limbs that change sides move by that much too.
    static func otherSide(_ p: Pose, far: Double = 0) -> Pose {
        let swapped: [Joint: Joint] = [.leftElbow: .rightElbow, .leftHand: .rightHand, .rightElbow: .leftElbow,
                                       .rightHand: .leftHand, .leftKnee: .rightKnee, .leftFoot: .rightFoot,
                                       .rightKnee: .leftKnee, .rightFoot: .leftFoot]
        let near: Set<Joint> = [.leftElbow, .leftHand, .leftKnee, .leftFoot]
        return Pose(Joint.allCases.map { joint in
            let point = p[swapped[joint] ?? joint]
            let shift = swapped[joint] == nil ? 0 : near.contains(joint) ? -far : far
            return FigurePoint(point.x + shift / 100, point.y)
        })
    }

    static func line(_ a: P, _ b: P) -> FigureProp {
        FigureProp(FigurePoint(a.0 / 100, a.1 / 100), FigurePoint(b.0 / 100, b.1 / 100))
    }

    static let floor = line((0, 100), (100, 100))
    static let wall = line((14, 0), (14, 100))
    /// A chair seen from the side, its seat at `x`…`x + 26` and 74 down, its back on the left.
    static func chair(at x: Double, backOnLeft: Bool = false) -> [FigureProp] {
        let back = backOnLeft ? x : x + 26
        return [line((x, 74), (x + 26, 74)), line((x, 74), (x, 100)), line((x + 26, 74), (x + 26, 100)),
                line((back, 74), (back, 44))]
    }

    // Standing, seen from the front.
    static let standing = pose((50, 14), (50, 25), (50, 56), arms: ((43, 40), (40, 55), (57, 40), (60, 55)),
                               legs: ((47, 77), (45, 98), (53, 77), (55, 98)))

    public static let figures: [String: Figure] = [
        "jumping-jack": Figure(keyframes: [
            standing,
            pose((50, 12), (50, 23), (50, 54), arms: ((36, 14), (34, 2), (64, 14), (66, 2)),
                 legs: ((39, 76), (29, 98), (61, 76), (71, 98))),
        ], period: 1.0, props: [floor]),
        "wall-sit": Figure(keyframes: [
            side((21, 36), (21, 47), (21, 72), elbow: (31, 58), hand: (42, 64), knee: (48, 72), foot: (48, 98)),
        ], period: 3, props: [floor, wall]),
        "push-up": Figure(keyframes: pushUp, period: 2.0, props: [floor]),
        // On the back, hips and feet on the floor, knees up, hands behind the head: the shoulders
        // curl up and back down.
        "crunch": Figure(keyframes: [
            side((14, 93), (25, 97), (56, 97), elbow: (25, 81), hand: (14, 91), knee: (72, 80), foot: (86, 98)),
            side((21, 75), (29, 82), (56, 97), elbow: (35, 67), hand: (22, 73), knee: (72, 80), foot: (86, 98)),
        ], period: 2.0, props: [floor]),
        "step-up": Figure(keyframes: [
            side((30, 30), (30, 40), (30, 68), elbow: (32, 53), hand: (36, 65), knee: (31, 83), foot: (30, 98)),
            pose((40, 28), (38, 38), (36, 66), arms: ((40, 51), (45, 62), (40, 51), (45, 62)),
                 legs: ((52, 60), (58, 73), (34, 83), (30, 98))),
            side((63, 8), (63, 18), (63, 45), elbow: (65, 31), hand: (69, 42), knee: (64, 59), foot: (63, 73)),
            pose((40, 28), (38, 38), (36, 66), arms: ((40, 51), (45, 62), (40, 51), (45, 62)),
                 legs: ((52, 60), (58, 73), (34, 83), (30, 98))),
        ], period: 3.0, props: [floor] + chair(at: 52)),
        "squat": Figure(keyframes: [
            side((50, 14), (50, 25), (50, 56), elbow: (53, 40), hand: (57, 53), knee: (52, 77), foot: (50, 98)),
            side((52, 38), (46, 48), (30, 72), elbow: (60, 50), hand: (74, 50), knee: (56, 76), foot: (48, 98)),
        ], period: 2.0, props: [floor]),
        // Hands on the seat's edge: the hips drop well below the seat, the elbows bending back, and
        // rise to it again.
        "triceps-dip": Figure(keyframes: [
            side((41, 35), (39, 46), (43, 73), elbow: (37, 60), hand: (36, 74), knee: (65, 76), foot: (74, 98)),
            side((42, 53), (40, 64), (43, 92), elbow: (26, 64), hand: (36, 74), knee: (60, 78), foot: (74, 98)),
        ], period: 2.0, props: [floor] + chair(at: 10, backOnLeft: true)),
        // On the forearms: the elbow under the shoulder, the forearm flat on the floor ahead of it,
        // and one straight line from the head to the heels.
        "plank": Figure(keyframes: [
            side((16, 78), (27, 81), (57, 89), elbow: (27, 97), hand: (11, 97), knee: (74, 93), foot: (91, 97)),
        ], period: 3, props: [floor]),
        "high-knees": Figure(keyframes: highKnees, period: 0.7, props: [floor]),
        "march": Figure(keyframes: march, period: 1.2, props: [floor]),
        "lunge": Figure(keyframes: [
            side((50, 14), (50, 25), (50, 56), elbow: (53, 40), hand: (57, 53), knee: (52, 77), foot: (50, 98)),
            // Down until the back knee nearly touches the floor under the hip, the front shin upright.
            pose((47, 32), (47, 43), (47, 74), arms: ((50, 58), (55, 70), (50, 58), (55, 70)),
                 legs: ((68, 74), (69, 97), (45, 95), (24, 97))),
        ], period: 3.0, props: [floor]),
        // A push-up, then the turn: the top arm's elbow leads it up past the chest to the sky over a
        // second, the top foot stepping forward, a moment there, and back down the same way.
        "push-up-rotation": Figure(keyframes: pushUp + [pushUp[0], turning, turned, turned, turning],
                                   period: 3.5, props: [floor]),
        "side-plank": Figure(keyframes: [sidePlank], period: 3, props: [floor]),
        // The side plank, its hips lowered to the floor and lifted back into line.
        "side-plank-dip": Figure(keyframes: [
            sidePlank,
            pose((17, 77), (28, 80), (57, 95), arms: ((29, 64), (30, 47), (28, 98), (14, 98)),
                 legs: ((75, 97), (92, 97), (75, 97), (92, 97))),
        ], period: 2.0, props: [floor]),
        "arm-circles": Figure(keyframes: [
            pose((50, 14), (50, 25), (50, 56), arms: ((36, 22), (22, 22), (64, 22), (78, 22)), legs: standingLegs),
            pose((50, 14), (50, 25), (50, 56), arms: ((36, 18), (24, 12), (64, 18), (76, 12)), legs: standingLegs),
            pose((50, 14), (50, 25), (50, 56), arms: ((36, 26), (22, 30), (64, 26), (78, 30)), legs: standingLegs),
        ], period: 1.0, props: [floor]),
        "burpee": Figure(keyframes: [
            standing,
            side((56, 52), (50, 60), (38, 80), elbow: (54, 78), hand: (56, 97), knee: (54, 80), foot: (46, 98)),
            pushUp[0],
            side((56, 52), (50, 60), (38, 80), elbow: (54, 78), hand: (56, 97), knee: (54, 80), foot: (46, 98)),
            // The jump, the arms straight up: the hands at the top of the box, the head's ring under it.
            pose((50, 11), (50, 21), (50, 50), arms: ((42, 13), (40, 2), (58, 13), (60, 2)),
                 legs: ((48, 70), (47, 90), (52, 70), (53, 90))),
        ], period: 3.0, props: [floor]),
        "jump-squat": Figure(keyframes: [
            side((52, 38), (46, 48), (30, 72), elbow: (60, 50), hand: (74, 50), knee: (56, 76), foot: (48, 98)),
            side((50, 10), (50, 21), (50, 50), elbow: (45, 31), hand: (40, 20), knee: (51, 70), foot: (50, 90)),
        ], period: 1.4, props: [floor]),
        // Seen from the side, so that the tuck shows: from a dip, the arms back, up into the air, the thighs
        // near level, the shins hanging under the knees, the hands at the knees.
        "tuck-jump": Figure(keyframes: [
            side((51, 20), (50, 31), (46, 60), elbow: (45, 44), hand: (40, 55), knee: (56, 78), foot: (50, 98)),
            side((50, 12), (48, 23), (45, 50), elbow: (55, 34), hand: (63, 42), knee: (64, 46), foot: (61, 65)),
        ], period: 1.0, props: [floor]),
        "v-up": Figure(keyframes: [
            side((12, 92), (22, 94), (50, 95), elbow: (10, 94), hand: (2, 94), knee: (70, 95), foot: (92, 95)),
            // Balanced on the hips, on the floor: the trunk and the legs up into a V, the hands to the feet.
            side((30, 57), (36, 67), (50, 97), elbow: (44, 57), hand: (54, 49), knee: (62, 73), foot: (70, 51)),
        ], period: 2.0, props: [floor]),
        "skater": Figure(keyframes: [skaterLanding, skaterHop, otherSide(skaterLanding).mirrored,
                                     otherSide(skaterHop).mirrored], period: 1.4, props: [floor]),
        "pike-push-up": Figure(keyframes: [
            side((28, 78), (32, 68), (56, 36), elbow: (30, 82), hand: (28, 97), knee: (68, 66), foot: (78, 97)),
            side((26, 90), (32, 80), (56, 40), elbow: (22, 86), hand: (28, 97), knee: (68, 68), foot: (78, 97)),
        ], period: 2.0, props: [floor]),
        "shoulder-tap": Figure(keyframes: [
            pushUp[0],
            pose((22, 63), (30, 68), (60, 80), arms: ((36, 76), (32, 66), (30, 82), (30, 97)),
                 legs: ((74, 88), (88, 97), (74, 88), (88, 97))),
        ], period: 1.2, props: [floor]),
        "forward-fold": Figure(keyframes: [
            side((50, 14), (50, 25), (50, 56), elbow: (53, 40), hand: (57, 53), knee: (50, 77), foot: (50, 98)),
            side((62, 74), (60, 62), (48, 56), elbow: (60, 78), hand: (58, 94), knee: (49, 77), foot: (50, 98)),
        ], period: 4.0, props: [floor]),
        // Kneeling, the hips sat back on the heels, the forehead down, the arms reaching ahead over it.
        "childs-pose": Figure(keyframes: [
            side((33, 91), (44, 87), (73, 82), elbow: (28, 78), hand: (10, 96), knee: (52, 96), foot: (80, 97)),
        ], period: 4, props: [floor]),
        // Back to the wall, seen from the front: the wall's edges frame the body, the arms slide up it.
        "wall-angels": Figure(keyframes: [
            pose((50, 14), (50, 25), (50, 56), arms: ((36, 26), (34, 12), (64, 26), (66, 12)), legs: standingLegs),
            pose((50, 14), (50, 25), (50, 56), arms: ((38, 16), (44, 2), (62, 16), (56, 2)), legs: standingLegs),
        ], period: 3.0, props: [floor, line((22, 0), (22, 100)), line((78, 0), (78, 100))]),
        // The torso leaning well over to one side from the hips, one hand sliding down the leg, the other
        // arm arched over the head; then to the other side.
        "side-bend": Figure(keyframes: [
            pose((30, 22), (37, 31), (50, 56), arms: ((33, 45), (38, 62), (40, 14), (26, 8)), legs: standingLegs),
            pose((70, 22), (63, 31), (50, 56), arms: ((60, 14), (74, 8), (67, 45), (62, 62)), legs: standingLegs),
        ], period: 3.0, props: [floor]),
        // Seen from the side, the near leg hides the far one, whose knee and foot are drawn as the heel and
        // the toes: the heels rise off the floor, the toes stay on it, and the body rises with them.
        "calf-raise": Figure(keyframes: [
            pose((48, 14), (48, 25), (48, 56), arms: ((51, 40), (55, 53), (51, 40), (55, 53)),
                 legs: ((48, 77), (48, 97), (48, 97), (62, 97))),
            pose((50, 8), (50, 19), (50, 50), arms: ((53, 34), (57, 47), (53, 34), (57, 47)),
                 legs: ((51, 70), (52, 88), (52, 88), (63, 97))),
        ], period: 1.6, props: [floor]),
        "knee-to-elbow": Figure(keyframes: [
            pose((50, 14), (50, 25), (50, 56), arms: ((38, 20), (42, 8), (62, 20), (58, 8)), legs: standingLegs),
            pose((46, 20), (48, 30), (52, 58), arms: ((40, 22), (44, 12), (54, 44), (60, 32)),
                 legs: ((47, 78), (45, 98), (62, 46), (62, 66))),
        ], period: 1.6, props: [floor]),
    ]

    /// Facing us on one forearm, the elbow under the shoulder: feet stacked, hips up in one line from
    /// the feet to the head, the top arm straight up to the sky over the shoulder, so that the arms make
    /// one upright line across the body's slant (an arm up at a slant read as a plank reaching forward).
    static let sidePlank = pose((17, 77), (28, 80), (58, 88), arms: ((29, 64), (30, 47), (28, 98), (14, 98)),
                                legs: ((75, 92), (92, 97), (75, 92), (92, 97)))

    /// Landing on the left leg, the right one lifted and crossed behind it to the far side, the arms swung
    /// across.
    static let skaterLanding = pose((36, 30), (38, 40), (42, 68), arms: ((46, 46), (56, 50), (30, 44), (20, 40)),
                                    legs: ((40, 82), (36, 98), (46, 81), (25, 89)))
    /// The bound from the left leg to the right: both feet off the floor, the left leg pushed off behind, the
    /// right one reaching to land, the body leaning into it over the middle.
    static let skaterHop = pose((55, 21), (53, 31), (48, 58), arms: ((43, 42), (38, 52), (60, 40), (66, 49)),
                                legs: ((40, 70), (29, 80), (56, 73), (60, 88)))

    static let standingLegs: (P, P, P, P) = ((47, 77), (45, 98), (53, 77), (55, 98))

    /// Arms straight, then the chest down to just above the floor, the elbows bent back above the body.
    static let pushUp: [Pose] = [
        side((22, 63), (30, 68), (60, 80), elbow: (30, 82), hand: (30, 97), knee: (74, 88), foot: (88, 97)),
        side((17, 86), (28, 88), (59, 93), elbow: (40, 83), hand: (30, 97), knee: (73, 95), foot: (88, 97)),
    ]

    /// Halfway through the push-up's turn: the top elbow up, its hand by the chest.
    static let turning = pose((22, 63), (30, 68), (60, 79), arms: ((44, 62), (31, 55), (30, 82), (30, 97)),
                              legs: ((72, 88), (84, 97), (74, 88), (88, 97)))
    /// The push-up turned into a side plank on a straight arm, the other arm straight up.
    static let turned = pose((22, 63), (30, 68), (60, 77), arms: ((32, 53), (33, 38), (30, 82), (30, 97)),
                             legs: ((70, 87), (80, 97), (74, 88), (88, 97)))

    /// How far ahead of the near limbs the far ones are drawn in a side view whose legs alternate: on one
    /// line, a lift of the left knee was the same drawing as a lift of the right.
    static let farLimbs = 6.0

    /// Running in place seen from the side: each stride's knee driven above the hip, the other arm
    /// pumped up bent, held there as the body rises onto its toes and settles, and then a quick change
    /// of legs, so that most frames show a knee above the hip.
    static let highKnees: [Pose] = {
        let leftUp = pose((52, 13), (51, 24), (50, 55), arms: ((40, 36), (42, 49), (62, 35), (66, 23)),
                          legs: ((67, 49), (67, 70), (54, 76), (55, 97)))
        let leftHigh = pose((52, 11), (51, 22), (50, 53), arms: ((39, 33), (41, 46), (63, 31), (67, 18)),
                            legs: ((67, 44), (69, 65), (54, 75), (55, 97)))
        let stride = [leftUp, leftHigh, leftUp]
        return stride + stride.map { otherSide($0, far: farLimbs) }
    }()

    /// Marching in place seen from the side, upright and unhurried: a knee lifted well below the hip, the
    /// foot off the floor, the arms swinging nearly straight, the other one forward; both feet down between.
    static let march: [Pose] = {
        let leftUp = pose((50, 14), (50, 25), (50, 56), arms: ((44, 40), (39, 52), (58, 40), (66, 50)),
                          legs: ((60, 73), (58, 91), (54, 77), (55, 98)))
        let down = pose((50, 14), (50, 25), (50, 56), arms: ((46, 40), (43, 53), (55, 40), (57, 54)),
                        legs: ((48, 77), (49, 98), (54, 77), (55, 98)))
        let rightUp = otherSide(leftUp, far: farLimbs)
        return [leftUp, leftUp, down, rightUp, rightUp, down]
    }()

    /// The names, sorted, for help, completions and did-you-mean.
    public static let names = figures.keys.sorted()
}
