// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

/// Runs a session to its end by jumping from deadline to deadline, as the real loop does.
func runToEnd(_ session: inout WorkoutSession, from start: Instant = 0) -> [SessionEvent] {
    var events = session.start(at: start)
    while let deadline = session.nextDeadline() { events += session.advance(to: deadline) }
    return events
}

@Suite("Timing across whole plans")
struct TimingTests {
    let classic = try! RoutineLoader.load(path: repositoryRoot.path + "/Workouts/classic.json")

    @Test func fullClassicPlanHasEveryBoundaryAndCueAtItsOffset() {
        let plan = Plan(classic)
        var session = WorkoutSession(plan: plan)
        let events = runToEnd(&session)
        let starts = events.filter { $0.kind == .segmentStarted }
        #expect(starts.map(\.due) == plan.segments.map(\.offset))
        #expect(events.last?.kind == .finished && events.last?.due == 485)
        let cues = soundedCues(events, in: plan, at: 0).map(\.cue)
        // 26 segments (the side plank's sides and the switch between them) each end with 3-2-1; 13 work
        // starts (the side plank's second side too), 11 rests, the switch, one finish.
        #expect(plan.segments.count == 26)
        #expect(cues.filter { $0 == .tick }.count == 26 * 3)
        #expect(cues.filter { $0 == .go }.count == 13)
        #expect(cues.filter { $0 == .rest }.count == 11)
        #expect(cues.filter { $0 == .halfway }.count == 11)
        #expect(cues.filter { $0 == .switchSides }.count == 1)
        #expect(cues.filter { $0 == .finish }.count == 1)
        // Every event is due no earlier than the one before it.
        #expect(events.map(\.due) == events.map(\.due).sorted())
        // A "second" event for every whole second inside every segment (the boundaries are segment starts).
        let seconds = events.filter { if case .second = $0.kind { true } else { false } }.count
        #expect(seconds == plan.segments.map { Int($0.duration) - 1 }.reduce(0, +))
        #expect(seconds == 9 + 11 * 29 + 11 * 9 + 2 * 14 + 4)
    }

    @Test(arguments: SegmentKind.allCases)
    func aPauseInsideAnyKindOfSegmentShiftsEverythingAfterIt(kind: SegmentKind) {
        let plan = Plan(Routine(name: "Test", rest: 10, getReady: 10, rounds: 2, roundRest: 20,
                                exercises: [exercise("A"), exercise("B", sides: 2)]))
        let target = plan.segments.firstIndex { $0.kind == kind }!
        let pauseAt = plan.segments[target].offset + 3.25
        var session = WorkoutSession(plan: plan)
        var events = session.start(at: 0)
        events += session.advance(to: pauseAt)
        events += session.pause(at: pauseAt)
        events += session.advance(to: pauseAt + 100)   // nothing happens while paused
        events += session.resume(at: pauseAt + 7.5)
        while let d = session.nextDeadline() { events += session.advance(to: d) }
        let starts = events.filter { $0.kind == .segmentStarted }.map(\.due)
        let expected = plan.segments.enumerated().map { k, s in s.offset + (k > target ? 7.5 : 0) }
        #expect(starts == expected)
        #expect(session.finishedAt == plan.totalDuration + 7.5)
    }

    @Test func addingAndRemovingTimeAtSegmentEdges() {
        let plan = Plan(routine(["A", "B"], work: 30, rest: 10, getReady: 0))
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 0)
        // At the very start: +10 makes 40.
        _ = session.addTime(10, at: 0)
        #expect(session.remaining(at: 0) == 40)
        // With 5 s left, -10 leaves one second, and the next starts when that runs out.
        _ = session.advance(to: 35)
        #expect(session.addTime(-10, at: 35).isEmpty)
        let ended = session.advance(to: 36)
        #expect(ended.filter { $0.kind == .segmentStarted }.map(\.due) == [36])
        #expect(session.index == 1)
        #expect(session.segment.kind == .rest)
        // Exactly at a boundary, added time goes to the segment that starts there.
        _ = session.advance(to: 46)
        #expect(session.index == 2)
        _ = session.addTime(10, at: 46)
        #expect(abs(session.remaining(at: 46) - 40) < 1e-9)
        // The end moves by exactly the time added and removed.
        _ = session.advance(to: 1000)
        #expect(abs(session.finishedAt! - 86) < 1e-9)
    }

    @Test func skippingPastManySegmentsLeavesNoDrift() {
        let plan = Plan(classic)
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 0)
        for k in 1...15 { _ = session.next(at: Double(k) * 0.1) }
        #expect(session.index == 15)
        let events = session.advance(to: 10_000)
        let starts = events.filter { $0.kind == .segmentStarted }
        // From the last skip at 1.5 s, the rest of the plan runs to its own offsets.
        let base = 1.5 - plan.segments[15].offset
        #expect(starts.map(\.due) == plan.segments[16...].map { $0.offset + base })
        #expect(session.finishedAt == plan.totalDuration + base)
    }

    @Test func timeJumpingForwardPastSeveralSegmentsReportsEachOnceInOrder() {
        let plan = Plan(classic)
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 0)
        _ = session.advance(to: 12)
        let jumped = session.advance(to: 12 + 175)   // as if stopped for almost three minutes
        let starts = jumped.filter { $0.kind == .segmentStarted }.map(\.segmentIndex)
        #expect(starts == Array(2...(session.index)))
        #expect(jumped.map(\.due) == jumped.map(\.due).sorted())
        #expect(Set(jumped.map { "\($0.kind)-\($0.segmentIndex)-\($0.due)" }).count == jumped.count)
        // The schedule did not move: the segment now running is the one the plan puts at 187 s.
        let current = plan.segments[session.index]
        #expect(current.offset <= 187 && 187 < current.end)
        // None of the missed cues is played late, only the ones just due.
        #expect(soundedCues(jumped, in: plan,
            at: 187).allSatisfy { 187 - $0.event.due <= CuePolicy.stalenessLimit })
    }

    @Test func cuesAtTheSameInstantComeInPriorityOrder() {
        // A 6-second work segment: halfway at 3 s left coincides with the "3" tick. With no pause between
        // the sides, the switch comes at half time too.
        let plan = Plan(Routine(name: "C", rest: 0, getReady: 0, exercises: [exercise("A", work: 6), exercise("B",
            work: 6, sides: 2)], switchRest: 0))
        var session = WorkoutSession(plan: plan)
        let events = runToEnd(&session)
        let cues = soundedCues(events, in: plan, at: 0).map { "\($0.cue.rawValue)@\($0.event.due)" }
        #expect(cues.prefix(4) == ["go@0.0", "tick@3.0", "halfway@3.0", "tick@4.0"])
        // The tick (high priority) comes before halfway and switch at the same instant.
        #expect(cues.contains("switch@9.0") && cues.firstIndex(of: "tick@9.0")! < cues.firstIndex(of: "switch@9.0")!)
    }
}
