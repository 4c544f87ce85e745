// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

func exercise(_ title: String, work: Double = 30, sides: Int = 1) -> Exercise {
    Exercise(title: title, description: "About \(title).", color: FlatColor.red.rgb, work: work, sides: sides)
}

func routine(_ titles: [String], work: Double = 30, rest: Double = 10, getReady: Double = 10,
             rounds: Int = 1, roundRest: Double = 60) -> Routine {
    Routine(name: "Test", rest: rest, getReady: getReady, rounds: rounds, roundRest: roundRest,
            exercises: titles.map { exercise($0, work: work) })
}

extension [SessionEvent] {
    /// The events other than per-second ticks, as short strings.
    var summary: [String] {
        compactMap { e in
            switch e.kind {
            case .second: return nil
            case .segmentStarted: return "segment \(e.segmentIndex)@\(e.due)"
            case .countdown(let n): return "\(n)@\(e.due)"
            default: return "\(e.kind)@\(e.due)"
            }
        }
    }
}

@Suite("Plan")
struct PlanTests {
    @Test func classicPlanIsEightMinutesWithTwelveWorkPeriods() throws {
        let classic = try RoutineLoader.load(path: repositoryRoot.path + "/Workouts/classic.json")
        let plan = Plan(classic)
        // Eight minutes, and the five seconds to switch sides in the side plank.
        #expect(plan.totalDuration == 485)
        #expect(plan.workSegmentCount == 12)
        #expect(plan.segments.map(\.kind).filter { $0 == .rest }.count == 11)
        #expect(plan.segments.first?.kind == .getReady)
        #expect(plan.segments.last?.kind == .work)
        // Offsets are contiguous.
        for (a, b) in zip(plan.segments, plan.segments.dropFirst()) { #expect(a.end == b.offset) }
    }

    @Test func roundsAreSeparatedByRoundRestNotRest() {
        let plan = Plan(routine(["A", "B"], rounds: 3))
        #expect(plan.segments.map(\.kind) == [.getReady, .work, .rest, .work, .roundRest, .work, .rest, .work,
            .roundRest, .work, .rest, .work])
        #expect(plan.segments.map(\.round) == [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3])
        #expect(plan.totalDuration == 10 + 3 * 70 + 2 * 60)
    }

    @Test func zeroLengthPausesAreLeftOut() {
        let plan = Plan(routine(["A", "B"], rest: 0, getReady: 0))
        #expect(plan.segments.map(\.kind) == [.work, .work])
    }
}

@Suite("Workout session")
struct WorkoutSessionTests {
    @Test func runsTheWholePlanWithTransitionsAtExactOffsets() {
        let plan = Plan(routine(["A", "B"], work: 30, rest: 10, getReady: 10))
        var session = WorkoutSession(plan: plan)
        var events = session.start(at: 0)
        // Step in awkward increments: boundaries must still land on the plan's offsets.
        var t = 0.0
        while session.state == .running {
            t += 0.37
            events += session.advance(to: t)
        }
        let starts = events.filter { $0.kind == .segmentStarted }
        #expect(starts.map(\.due) == [0, 10, 40, 50])
        #expect(events.last?.kind == .finished)
        #expect(events.last?.due == 80)
        #expect(session.completedWork == [1, 3])
    }

    @Test func reportsEverySecondCountdownAndHalfwayInOrder() {
        let plan = Plan(routine(["A"], work: 10, getReady: 0))
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 0)
        let events = session.advance(to: 100)
        #expect(events.compactMap { if case .second(let n) = $0.kind { n } else { nil } } == [9, 8, 7, 6, 5, 4, 3, 2,
            1])
        #expect(events.summary == ["halfway@5.0", "3@7.0", "2@8.0", "1@9.0", "finished@10.0"])
        #expect(events.map(\.due) == events.map(\.due).sorted())
    }

    @Test func twoSidedExerciseWithNoPauseSwitchesSidesInsteadOfHalfway() {
        let plan = Plan(Routine(name: "S", getReady: 0, exercises: [exercise("Side Plank", work: 30, sides: 2)],
                                switchRest: 0))
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 0)
        let events = session.advance(to: 16)
        #expect(events.summary == ["switchSides@15.0"])
    }

    @Test func pauseShiftsTheRestOfTheSchedule() {
        let plan = Plan(routine(["A", "B"], work: 30, rest: 10, getReady: 10))
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 0)
        _ = session.advance(to: 15)
        _ = session.pause(at: 15)
        let whilePaused = session.advance(to: 1000)
        #expect(whilePaused.isEmpty)
        #expect(session.nextDeadline() == nil)
        _ = session.resume(at: 20.5)
        #expect(session.remaining(at: 20.5) == 25)
        let events = session.advance(to: 200)
        #expect(events.filter { $0.kind == .segmentStarted }.map(\.due) == [45.5, 55.5])
        #expect(session.finishedAt == 85.5)
        #expect(session.pausedTotal == 5.5)
        #expect(session.activeTime(at: 300) == 80)
    }

    @Test func aStallReportsEachMissedEventOnceInOrder() {
        let plan = Plan(routine(["A", "B", "C"], work: 5, rest: 2, getReady: 3))
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 0)
        let caughtUp = session.advance(to: 13.5)   // slept through several segments
        #expect(caughtUp.filter { $0.kind == .segmentStarted }.map(\.due) == [3, 8, 10])
        #expect(caughtUp.map(\.due) == caughtUp.map(\.due).sorted())
        let again = session.advance(to: 13.5)
        #expect(again.isEmpty)
        #expect(session.index == 3)
        #expect(session.remaining(at: 13.5) == 1.5)
    }

    @Test func nextAndPreviousMoveBetweenSegmentsWithoutDrift() {
        let plan = Plan(routine(["A", "B"], work: 30, rest: 10, getReady: 10))
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 0)
        let skipped = session.next(at: 4)
        #expect(skipped.summary == ["segment 1@4.0"])
        let skippedAgain = session.next(at: 6)
        #expect(skippedAgain.summary == ["segment 2@6.0"])
        let back = session.previous(at: 7)
        #expect(back.summary == ["segment 1@7.0"])
        #expect(session.remaining(at: 7) == 30)
        let rest = session.advance(to: 37.0)
        #expect(rest.summary.last == "segment 2@37.0")
        let backFromRest = session.previous(at: 37)
        #expect(backFromRest.summary == ["segment 1@37.0"])
        _ = session.previous(at: 37); _ = session.previous(at: 37)
        #expect(session.index == 0)
    }

    @Test func nextOnTheLastSegmentFinishes() {
        let plan = Plan(routine(["A"], getReady: 0))
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 0)
        let finishedEarly = session.next(at: 3)
        #expect(finishedEarly.summary == ["finished@3.0"])
        #expect(session.state == .finished)
        #expect(session.completedWork.isEmpty)   // skipped, not done
    }

    @Test func skippingWhilePausedStaysPaused() {
        let plan = Plan(routine(["A", "B"]))
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 0)
        _ = session.pause(at: 2)
        _ = session.next(at: 3)
        #expect(session.state == .paused)
        #expect(session.remaining(at: 50) == 30)
        _ = session.resume(at: 60)
        #expect(session.remaining(at: 61) == 29)
    }

    @Test func restartBeginsTheSegmentAgain() {
        let plan = Plan(routine(["A"], getReady: 0))
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 0)
        _ = session.advance(to: 20)
        let restarted = session.restartSegment(at: 20)
        #expect(restarted.summary == ["segment 0@20.0"])
        #expect(session.remaining(at: 20) == 30)
    }

    @Test func previousActsLikeAMusicPlayer() {
        let plan = Plan(routine(["A", "B", "C"], work: 30, rest: 10, getReady: 5))
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 0)
        _ = session.advance(to: 87)            // 2 s into C (segment 5)
        #expect(session.index == 5)
        // Early in an exercise: back to the previous exercise, skipping the rest between.
        #expect(session.previous(at: 87).summary == ["segment 3@87.0"])
        // Later in it: the same exercise from its start.
        _ = session.advance(to: 97)
        #expect(session.previous(at: 97).summary == ["segment 3@97.0"])
        // During a rest: back to the exercise just done.
        _ = session.advance(to: 130)           // into the rest before C
        #expect(session.index == 4)
        #expect(session.previous(at: 130).summary == ["segment 3@130.0"])
        // Before the first exercise there is nothing earlier: get ready starts over.
        var fresh = WorkoutSession(plan: plan)
        _ = fresh.start(at: 0)
        _ = fresh.advance(to: 6)
        #expect(fresh.previous(at: 6).summary == ["segment 0@6.0"])
    }

    @Test func addTimeStretchesAndShortensTheCurrentSegment() {
        let plan = Plan(routine(["A", "B"], work: 30, rest: 10, getReady: 0))
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 0)
        _ = session.advance(to: 25)
        _ = session.addTime(10, at: 25)
        #expect(session.remaining(at: 25) == 15)
        // The countdown ticks again before the new end.
        let events = session.advance(to: 41)
        #expect(events.summary == ["3@37.0", "2@38.0", "1@39.0", "segment 1@40.0"])
        // Removing more than is left stops at one second left: the segment still ends with its cues.
        let shortened = session.addTime(-100, at: 42)
        #expect(shortened.summary.isEmpty)
        #expect(session.remaining(at: 42) == 1)
        #expect(session.advance(to: 43).summary == ["segment 2@43.0"])
        // With a second or less left, removing changes nothing.
        _ = session.advance(to: 72.5)
        #expect(session.addTime(-10, at: 72.5).isEmpty && session.remaining(at: 72.5) == 0.5)
    }

    @Test func nextDeadlineIsTheNextVisibleChange() {
        let plan = Plan(routine(["A"], work: 10, getReady: 0))
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 100)
        #expect(session.nextDeadline() == 101)
        _ = session.advance(to: 101.2)
        #expect(session.nextDeadline() == 102)
        _ = session.advance(to: 104.9)
        #expect(session.nextDeadline() == 105)  // halfway, also a whole second
        _ = session.advance(to: 110)
        #expect(session.state == .finished)
        #expect(session.nextDeadline() == nil)
    }

    @Test func fractionalDurationsEndExactly() {
        let plan = Plan(routine(["A", "B"], work: 2.5, rest: 0.75, getReady: 0.5))
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 0)
        var events: [SessionEvent] = []
        while let deadline = session.nextDeadline() { events += session.advance(to: deadline) }
        #expect(events.filter { $0.kind == .segmentStarted }.map(\.due) == [0.5, 3.0, 3.75])
        #expect(session.finishedAt == 6.25)
    }

    @Test func progressAndTotalRemaining() {
        let plan = Plan(routine(["A", "B"], work: 30, rest: 10, getReady: 10))
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 0)
        _ = session.advance(to: 20)
        #expect(session.totalRemaining(at: 20) == 60)
        #expect(session.progress(at: 20) == 0.25)
    }
}

@Suite("Cue decisions")
struct CuePolicyTests {
    @Test func eachTransitionHasItsCue() {
        let plan = Plan(Routine(name: "C", rest: 5, getReady: 5, exercises: [exercise("A", work: 10), exercise("B",
            work: 10, sides: 2)]))
        var session = WorkoutSession(plan: plan)
        var cues: [String] = []
        let start = session.start(at: 0)
        cues += soundedCues(start, in: plan, at: 0).map { "\($0.cue.rawValue)@\($0.event.due)" }
        while let d = session.nextDeadline() {
            cues += soundedCues(session.advance(to: d), in: plan,
                at: d).map { "\($0.cue.rawValue)@\($0.event.due)" }
        }
        #expect(cues == [
            "tick@2.0", "tick@3.0", "tick@4.0", "go@5.0",
            "halfway@10.0", "tick@12.0", "tick@13.0", "tick@14.0", "rest@15.0",
            "tick@17.0", "tick@18.0", "tick@19.0", "go@20.0",
            // Each side of B has its own ticks and go; the switch between them is a pause of its own.
            "tick@22.0", "tick@23.0", "tick@24.0", "switch@25.0",
            "tick@27.0", "tick@28.0", "tick@29.0", "go@30.0",
            "tick@32.0", "tick@33.0", "tick@34.0", "finish@35.0",
        ])
    }

    @Test func staleCuesAfterAStallAreDroppedButTheFinishIsNot() {
        let plan = Plan(routine(["A"], work: 10, getReady: 0))
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 0)
        let cues = soundedCues(session.advance(to: 30), in: plan, at: 30).map(\.cue)
        #expect(cues == [.finish])
    }

    @Test func ticksAndSwitchOutrankLongerSounds() {
        #expect(Cue.tick.priority > Cue.halfway.priority)
        #expect(Cue.switchSides.priority > Cue.go.priority)
    }
}
