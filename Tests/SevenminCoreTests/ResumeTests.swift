// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

@Suite("Resuming and streaks")
struct ResumeTests {
    @Test func aResumedWorkoutStartsAtItsSegmentAndCountsEarlierParts() {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(summaryWaitsForKey: false, keysAtHand: false),
                             resuming: .init(segmentIndex: 2, exercisesDone: [1], activeTime: 5))
        let start = app.start(at: 100)
        #expect(start.logged == ["start", "segment"])
        #expect(start.records.isEmpty, "the segment before where it resumes was recorded by the earlier part")
        #expect(app.session.index == 2)
        #expect(app.nextDeadline() != nil)
        var e: [Effect] = []
        for t in stride(from: 100.5, through: 106, by: 0.5) { e += app.handle(.tick, at: t) }
        #expect(app.session.state == .finished)
        let summary = app.summary(at: 106)
        #expect(summary.exercisesDone == 2 && summary.activeTime == 9)
        #expect(e.records.last == .finished(.completed), "A in the first part and B in this one: all done")
    }

    @Test func aResumedExerciseOpensPausedOnAShortGetReadyAndWaitsForSpace() {
        // Resuming at B (segment 3): the rest before it becomes a 5 s get-ready, and nothing runs until space.
        var app = WorkoutApp(plan: shortPlan, resuming: .init(segmentIndex: 3, exercisesDone: [1], activeTime: 6))
        let start = app.start(at: 100)
        #expect(start.logged == ["start", "segment", "pause"])
        #expect(start.model?.kind == .getReady && start.model?.paused == true)
        #expect(start.model?.remaining == Plan.resumeGetReady && start.model?.upNext?.title == "B")
        #expect(app.handle(.tick, at: 160).model?.remaining == Plan.resumeGetReady)
        #expect(app.nextDeadline() == 100 + WorkoutApp.awakePauseLimit, "paused: only a key can go on")
        let going = app.handle(.key(.character(" ")), at: 160)
        #expect(going.logged == ["resume"] && going.model?.paused == false)
        var e: [Effect] = []
        for t in stride(from: 161, through: 170, by: 0.5) { e += app.handle(.tick, at: t) }
        #expect(app.session.state == .finished)
        #expect(e.records.first == .segmentEnded(SegmentEnd(index: 2, kind: .getReady, title: "Get ready", round: 1,
                                                            planned: 5, actual: 5, ranOut: true)))
        #expect(app.summary(at: 170).exercisesDone == 2)
    }

    @Test func aPlainResumeWithNobodyAtTheKeysRunsAtOnce() {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(summaryWaitsForKey: false, keysAtHand: false),
                             resuming: .init(segmentIndex: 3, exercisesDone: [], activeTime: 0))
        let start = app.start(at: 0)
        #expect(start.model?.kind == .getReady && start.model?.paused == false)
        #expect(app.nextDeadline() != nil)
    }

    @Test(arguments: [
        // days before today, seconds already today, this workout → streak shown
        (4, 0.0, 470.0, 5 as Int?), (4, 0.0, 300.0, nil), (4, 200.0, 300.0, 5), (0, 0.0, 470.0, 1),
    ])
    func theFinishSaysTheStreakCountingThisWorkout(before: Int, today: Double, done: Double, shown: Int?) {
        #expect(StreakBasis(daysBeforeToday: before, todaySeconds: today).days(adding: done) == shown)
    }

    @Test func theStreakFromTheHistoryReachesTheSummary() {
        var app = WorkoutApp(plan: shortPlan)
        _ = app.start(at: 0)
        _ = app.handle(.streak(StreakBasis(daysBeforeToday: 3, todaySeconds: 415)), at: 0.5)
        let done = app.handle(.tick, at: 9)
        // 7 s of workout (A, rest and B ran out; get ready does not count) on top of 415: the day counts.
        #expect(done.model?.summary?.streak == 4)
    }
}
