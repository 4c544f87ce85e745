// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Testing
@testable import SevenminCore

/// What makes each move that one, where a blind test found two alike or a move misread.
@Suite("Moves told apart")
struct FigureLikenessTests {
    func figure(_ name: String) -> Figure { FigureLibrary.figures[name]! }

    /// March and High Knees were one drawing at two speeds: a knee now drives above the hip in High
    /// Knees, and stays well below it in March, whose arms swing nearly straight, no hand above the chest.
    @Test func marchAndHighKneesAreDifferentDrawings() {
        let (march, highKnees) = (figure("march"), figure("high-knees"))
        #expect(march.keyframes != highKnees.keyframes)
        func highestKnee(_ p: Pose) -> Double { min(p[.leftKnee].y, p[.rightKnee].y) }
        #expect(highKnees.keyframes.filter { highestKnee($0) < $0[.hip].y }.count >= 4)
        #expect(march.keyframes.allSatisfy { highestKnee($0) > $0[.hip].y + 0.1 })
        #expect(march.keyframes.allSatisfy { min($0[.leftHand].y, $0[.rightHand].y) > $0[.neck].y + 0.2 })
        #expect(highKnees.keyframes.contains { min($0[.leftHand].y, $0[.rightHand].y) < $0[.neck].y })
    }

    /// March and High Knees, seen from the side, drew both legs on one line, and a lift of the left knee was
    /// the same drawing as a lift of the right: the far leg and arm are now drawn apart from the near ones, so
    /// that the standing foot and the lifted knee move from one lift to the next.
    @Test(arguments: ["march", "high-knees"])
    func theLiftsOfTheLeftAndTheRightKneeAreToldApart(name: String) {
        let frames = figure(name).keyframes
        for p in frames {
            let (dx, dy) = (p[.leftFoot].x - p[.rightFoot].x, p[.leftFoot].y - p[.rightFoot].y)
            #expect((dx * dx + dy * dy).squareRoot() >= 0.05, "\(name): both feet in one place in \(p)")
        }
        let left = frames.filter { $0[.leftKnee].y < $0[.rightKnee].y - 0.02 }
        let right = frames.filter { $0[.rightKnee].y < $0[.leftKnee].y - 0.02 }
        #expect(!left.isEmpty && !right.isEmpty)
        for l in left {
            for r in right {
                #expect(abs(l[.rightFoot].x - r[.leftFoot].x) >= 0.05, "\(name): the standing foot stays put")
                #expect(abs(l[.leftKnee].x - r[.rightKnee].x) >= 0.05, "\(name): the lifted knee stays put")
            }
        }
    }

    /// Arms hanging along the trunk vanished into it in a standing side view: in every keyframe of every
    /// shipped figure, each arm's elbow or hand stands at least 0.04 of the box off the line from the neck to
    /// the hip.
    @Test func noArmHidesInTheTrunk() {
        for name in FigureLibrary.names {
            for (k, p) in figure(name).keyframes.enumerated() {
                for (elbow, hand) in [(p[.leftElbow], p[.leftHand]), (p[.rightElbow], p[.rightHand])] {
                    let off = max(distance(elbow, p[.neck], p[.hip]), distance(hand, p[.neck], p[.hip]))
                    #expect(off >= 0.04, "\(name) keyframe \(k): \(elbow), \(hand)")
                }
            }
        }
    }

    /// Side Plank read as a plank reaching forward: its top arm points straight up over the shoulder, within
    /// 10° of upright, the hand well above it.
    @Test(arguments: ["side-plank", "side-plank-dip"])
    func theSidePlanksTopArmPointsStraightUp(name: String) {
        for p in figure(name).keyframes {
            let (dx, dy) = (p[.leftHand].x - p[.neck].x, p[.neck].y - p[.leftHand].y)
            // tan 10° is 0.18.
            #expect(dy >= 0.25 && abs(dx) <= dy * 0.18, "\(name): \(p[.leftHand]) over \(p[.neck])")
        }
    }

    /// Calf Raise read as hopping, with no feet: the far leg's knee and foot are the heel and the toes,
    /// the toes stay on the floor, and the heel rises off it.
    @Test func theCalfRaiseHasFeetWhoseHeelsRise() {
        let frames = figure("calf-raise").keyframes
        for p in frames {
            #expect(p[.rightFoot].y >= 0.96 && p[.rightFoot].x - p[.rightKnee].x >= 0.08, "toes ahead, on the floor")
            #expect(p[.leftFoot] == p[.rightKnee], "the heel under the leg")
        }
        #expect(frames.map { $0[.rightKnee].y }.max()! - frames.map { $0[.rightKnee].y }.min()! >= 0.06)
    }

    /// Side Bend's torso never bent: it now leans 20° or more from upright to each side.
    @Test func theSideBendLeansToEachSide() {
        // The tangent of the torso's angle from upright; tan 20° is 0.36.
        let leans = figure("side-bend").keyframes.map { p in (p[.neck].x - p[.hip].x) / (p[.hip].y - p[.neck].y) }
        #expect(leans.contains { $0 <= -0.36 } && leans.contains { $0 >= 0.36 }, "\(leans)")
    }

    /// Child's Pose had the hips high and the arms through the head: the hips now sit back low over the
    /// heels, the head is down, and no arm crosses the head's ring.
    @Test func inChildsPoseTheHipsSitOnTheHeelsAndTheArmsPassTheHead() {
        let p = figure("childs-pose").keyframes[0]
        #expect(abs(p[.hip].x - max(p[.leftFoot].x, p[.rightFoot].x)) <= 0.1 && p[.hip].y >= 0.82)
        #expect(p[.head].y > p[.neck].y, "the head down")
        let head = p[.head], radius = FigureDrawing.headRadius
        for (a, b) in [(p[.neck], p[.leftElbow]), (p[.leftElbow], p[.leftHand])] {
            // The nearest point of the bone to the head's centre lies outside the ring.
            #expect(distance(head, a, b) > radius, "\(a) to \(b)")
        }
    }

    /// Skater had no cross-behind, and then both feet stayed on the floor: it hops from leg to leg, both feet
    /// off the floor between, and on each landing the trailing foot is lifted and crosses behind the landing
    /// one, to its far side.
    @Test func theSkaterHopsAndItsTrailingLegCrossesBehind() {
        let frames = figure("skater").keyframes
        #expect(frames.contains { max($0[.leftFoot].y, $0[.rightFoot].y) <= 0.92 }, "a hop, both feet up")
        let landings = frames.filter { max($0[.leftFoot].y, $0[.rightFoot].y) >= 0.96 }
        #expect(landings.count >= 2)
        for p in landings {
            let leftLands = p[.leftFoot].y > p[.rightFoot].y
            let (landing, trailing) = leftLands ? (p[.leftFoot], p[.rightFoot]) : (p[.rightFoot], p[.leftFoot])
            let hip = p[.hip].x
            #expect(trailing.y <= 0.92, "the trailing foot off the floor: \(p)")
            // On the far side of the landing foot from where the hip is.
            #expect((trailing.x - landing.x) * (hip - landing.x) < 0, "\(p)")
        }
    }

    /// Tuck Jumps' tuck was shallow: in the air, the feet well off the floor, the thighs come up to within
    /// 20° of level.
    @Test func theTuckJumpsThighsComeUpNearLevel() {
        let air = figure("tuck-jump").keyframes.filter { max($0[.leftFoot].y, $0[.rightFoot].y) < 0.8 }
        #expect(!air.isEmpty)
        for p in air {
            for knee in [p[.leftKnee], p[.rightKnee]] {
                // tan 20° is 0.36.
                #expect(abs(knee.y - p[.hip].y) <= abs(knee.x - p[.hip].x) * 0.36, "\(knee) from \(p[.hip])")
            }
        }
    }

    /// V-ups' V floated well above the floor: the hips stay on it, lying and in the V.
    @Test func theVUpBalancesOnTheHipsOnTheFloor() {
        for p in figure("v-up").keyframes { #expect(p[.hip].y >= 0.95, "\(p[.hip])") }
    }

    /// Wall Angels had no wall: its edges stand beside the body, higher than the raised hands.
    @Test func wallAngelsHasItsWall() {
        let walls = figure("wall-angels").props.filter { $0.from.x == $0.to.x }
        #expect(walls.count == 2 && walls.allSatisfy { min($0.from.y, $0.to.y) <= 0.02 })
    }
}
