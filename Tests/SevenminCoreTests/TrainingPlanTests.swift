// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Testing
@testable import SevenminCore

/// Four steps, the issue's example: classic ×1, ×2, ×3, then advanced ×2; up after 2 rated ≤ 6, 7 days on.
let threeCircuits = TrainingPlan(name: "Build", days: [1, 3, 5], steps: [
    .init(routine: "classic", adjustments: RoutineAdjustments(rounds: 1)),
    .init(routine: "classic", adjustments: RoutineAdjustments(rounds: 2)),
    .init(routine: "classic", adjustments: RoutineAdjustments(rounds: 3)),
    .init(routine: "advanced", adjustments: RoutineAdjustments(rounds: 2)),
])

/// 2026-11-30, a Monday, 00:00 UTC.
let monday = 1_795_996_800.0
let day = 86_400.0

func planSession(_ id: Int64, day n: Double, step: Int, effort: Int?, outcome: SessionOutcome = .completed,
                 plan: String = "Build") -> SessionRecord {
    SessionRecord(id: id, routine: "classic", routineFile: "", contentHash: "", startedAt: monday + n * day + 8 * 3600,
                  utcOffset: 0, plannedSeconds: 470, plannedExercises: 12, outcome: outcome, effort: effort,
                  plan: plan, planStep: step)
}

@Suite("Plans: the rules")
struct PlanProgressTests {
    func replay(_ sessions: [SessionRecord], now: Double = monday + 60 * day,
                plan: TrainingPlan = threeCircuits) -> PlanProgress {
        PlanProgress.replay(plan, joinedAt: monday, sessions: sessions, now: now)
    }

    @Test func aNewPlanStartsAtItsFirstStep() {
        let p = replay([])
        #expect(p.step == 0 && p.reachedAt == monday && p.moves.isEmpty)
    }

    @Test(arguments: [
        // efforts of completed sessions at step 1 (days 0, 2, 4, 7, 9) → the step after (from 0)
        ([5, 6], 1), ([6, 7, 5], 0), ([6, 7, 5, 6], 1), ([nil, 4, nil, 5], 1), ([4, nil], 0), ([7, 8, 7], 0),
        ([3, 3, 3, 3, 3], 1),
    ] as [([Int?], Int)])
    func movingUpTakesEnoughEasySessionsInARow(efforts: [Int?], step: Int) {
        let days = [0.0, 2, 4, 7, 9]
        let sessions = efforts.enumerated().map { planSession(Int64($0), day: days[$0], step: 1, effort: $1) }
        #expect(replay(sessions).step == step, "\(efforts)")
    }

    @Test func movingUpWaitsForMinDaysAfterTheStepWasReached() {
        // Two easy sessions on days 0 and 2: the move comes on day 7, not before.
        let sessions = [planSession(1, day: 0, step: 1, effort: 5), planSession(2, day: 2, step: 1, effort: 5)]
        #expect(replay(sessions, now: monday + 6.9 * day).step == 0)
        let later = replay(sessions, now: monday + 7 * day)
        #expect(later.step == 1 && later.moves.first?.at == monday + 7 * day)
        #expect(later.moves.first?.reason == "2 completed workouts rated 6/10 or less at step 1, which began on "
            + "2026-11-30")
    }

    @Test func minDaysCanBeChanged() {
        var plan = threeCircuits
        plan.advance = TrainingPlan.Advance(sessions: 1, effortAtMost: 6, minDays: 0)
        #expect(replay([planSession(1, day: 0, step: 1, effort: 5)], plan: plan).step == 1)
    }

    @Test func oneHardSessionMovesBackAStep() {
        let sessions = [planSession(1, day: 0, step: 1, effort: 5), planSession(2, day: 2, step: 1, effort: 5),
                        planSession(3, day: 8, step: 2, effort: 9)]
        let p = replay(sessions)
        #expect(p.step == 0 && p.moves.map(\.to) == [1, 0])
        #expect(p.moves.last?.reason == "the workout of 2026-12-08 was rated 9/10 (9 or more moves back a step)")
        #expect(p.reachedAt == sessions[2].startedAt)
    }

    @Test func aHardSessionAtTheFirstStepStaysThereAndBreaksTheRun() {
        let sessions = [planSession(1, day: 0, step: 1, effort: 5), planSession(2, day: 2, step: 1, effort: 10),
                        planSession(3, day: 4, step: 1, effort: 5)]
        let p = replay(sessions)
        #expect(p.step == 0 && p.counted == 1)
    }

    @Test func unratedSessionsNeverMoveIt() {
        let sessions = (0..<20).map { planSession(Int64($0), day: Double($0), step: 1, effort: nil) }
        #expect(replay(sessions).moves.isEmpty)
    }

    @Test func onlyCompletedSessionsCountButAQuitRatedHardStillMovesBack() {
        let quit = [planSession(1, day: 0, step: 1, effort: 4, outcome: .quit),
                    planSession(2, day: 2, step: 1, effort: 4, outcome: .skipped)]
        #expect(replay(quit).step == 0 && replay(quit).counted == 0)
        let up = [planSession(1, day: 0, step: 1, effort: 4), planSession(2, day: 2, step: 1, effort: 4)]
        #expect(replay(up + [planSession(3, day: 8, step: 2, effort: 9, outcome: .quit)]).step == 0)
    }

    @Test func sessionsOfAnotherStepOrPlanOrBeforeJoiningAreNotCounted() {
        let sessions = [planSession(1, day: 0, step: 2, effort: 5), planSession(2, day: 2, step: 1, effort: 5,
                        plan: "Other"), planSession(3, day: -3, step: 1, effort: 5),
                        planSession(4, day: 3, step: 1, effort: 5)]
        #expect(replay(sessions).step == 0 && replay(sessions).counted == 1)
    }

    @Test func itNeverMovesPastTheLastStep() {
        var plan = threeCircuits
        plan.advance.minDays = 0
        plan.advance.sessions = 1
        let sessions = (1...4).map { planSession(Int64($0), day: Double($0), step: $0, effort: 3) }
            + [planSession(9, day: 9, step: 4, effort: 3)]
        #expect(replay(sessions, plan: plan).step == 3)
    }

    @Test func twoMachinesHistoriesReadTogetherGiveOneAnswer() {
        let a = [planSession(1, day: 0, step: 1, effort: 5), planSession(3, day: 4, step: 1, effort: 6)]
        let b = [planSession(2, day: 2, step: 1, effort: 5)]
        #expect(replay(a + b) == replay(b + a))
        #expect(replay(a + b).step == 1)
    }

    /// Twelve weeks of three workouts a week, rated by a script that finds each step easy after a
    /// while, sometimes too hard, sometimes unrated: the plan climbs, falls back, and never jumps.
    @Test(arguments: [UInt64(1), 2, 3, 42, 2026])
    func twelveWeeksNeverMoveMoreThanOneStepInAnyWeekNorSkipAStep(seed: UInt64) {
        var rng = SplitMix(seed: seed)
        var sessions: [SessionRecord] = []
        var seen: [PlanProgress] = []
        for week in 0..<12 {
            for weekday in [0.0, 2, 4] {
                let n = Double(week * 7) + weekday
                let t = monday + n * day + 8 * 3600
                let state = replay(sessions, now: t)
                let now = state.step
                seen.append(state)
                let roll = rng.next() % 10
                let effort: Int? = roll == 0 ? nil : roll == 1 ? 9 + Int(rng.next() % 2) : 3 + Int(rng.next() % 5)
                sessions.append(planSession(Int64(sessions.count + 1), day: n, step: now + 1, effort: effort))
            }
        }
        let end = replay(sessions, now: monday + 84 * day)
        var step = 0, previous = monday - day
        for move in end.moves {
            #expect(abs(move.to - move.from) == 1 && move.from == step, "a step skipped: \(move)")
            #expect(move.at >= previous)
            step = move.to
            previous = move.at
        }
        let states = [(t: monday, step: 0)] + end.moves.map { (t: $0.at, step: $0.to) }
        for (i, a) in states.enumerated() {
            for b in states[(i + 1)...] where b.t - a.t < 7 * day {
                #expect(abs(b.step - a.step) <= 1, "more than a step within 7 days: \(a) → \(b)")
            }
        }
        // What was shown before each workout is never rewritten by later ones: its moves begin the final list.
        for state in seen { #expect(end.moves.starts(with: state.moves)) }
        #expect(end.moves.count >= 2, "the script should make the plan move")
    }
}

/// A small repeatable generator for the simulation (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Plans: today and the next planned day")
struct PlanDayTests {
    @Test(arguments: [
        // days after Monday 2026-11-30, done today → due today, or the next planned day (days after Monday)
        (0.0, false, true, 0), (0, true, false, 2), (1, false, false, 2), (4, false, true, 4), (5, false, false, 7),
        (6, false, false, 7),
    ])
    func todayOrTheNextPlannedDay(offset: Double, doneToday: Bool, isToday: Bool, dayAfterMonday: Int) {
        let now = monday + offset * day + 12 * 3600
        let sessions = doneToday ? [planSession(1, day: offset, step: 1, effort: nil)] : []
        let d = PlanDay.next(threeCircuits, sessions: sessions, now: now, utcOffset: 0)
        #expect(d.isToday == isToday && d.day == CivilTime.dayNumber(at: monday, utcOffset: 0) + dayAfterMonday)
    }

    @Test func weekdaysCountFromSunday() {
        #expect(CivilTime.weekday(ofDay: CivilTime.dayNumber(at: monday, utcOffset: 0)) == 1)
        #expect(CivilTime.weekday(ofDay: 0) == 4)   // 1970-01-01, a Thursday
        #expect(CivilTime.weekday(ofDay: -1) == 3)
        // 23:30 on Monday in New York is Tuesday in UTC.
        #expect(CivilTime.weekday(ofDay: CivilTime.dayNumber(at: monday + 28.5 * 3600, utcOffset: -5 * 3600)) == 1)
    }
}

@Suite("Plans: the file")
struct TrainingPlanLoaderTests {
    func load(_ text: String) throws(RoutineLoadError) -> TrainingPlan {
        try TrainingPlanLoader.parse(Array(text.utf8), path: "p.json")
    }

    @Test func aStepThatCannotRunIsReportedAtItsRoutine() {
        let text = """
            { "name": "x", "steps": [ { "routine": "classic" },
                                      { "routine": "clasic", "rounds": 2 }, { "routine": "bad", "rounds": 0 } ] }
            """
        var asked: [String] = []
        let why: (TrainingPlan.Step) -> String? = { step in
            asked.append(step.routine)
            return step.routine == "classic" ? nil : "No routine named '\(step.routine)'."
        }
        #expect(throws: RoutineLoadError([
            Diagnostic(path: "p.json", position: SourcePosition(line: 2, column: 40),
                       message: "step 2 cannot run: No routine named 'clasic'."),
            Diagnostic(path: "p.json", position: SourcePosition(line: 2, column: 95),
                       message: "\"rounds\" must be from 1 to \(RoutineLoader.maximumRounds), not 0"),
        ])) { try TrainingPlanLoader.parse(Array(text.utf8), path: "p.json", whyNotRunnable: why) }
        #expect(asked == ["classic", "clasic", "bad"] || asked == ["classic", "clasic"],
                "a step wrong in itself is said as that, not as one that cannot run")
    }

    @Test func theIssuesExampleLoads() throws {
        let plan = try load("""
            { "name": "Build to three circuits", "days": ["mon", "wed", "fri"],
              "steps": [ { "routine": "classic", "rounds": 1 }, { "routine": "classic", "rounds": 2 },
                         { "routine": "classic", "rounds": 3 }, { "routine": "advanced", "rounds": 2 } ],
              "advance": { "sessions": 2, "effortAtMost": 6, "minDays": 7 },
              "back": { "effortAtLeast": 9 } }
            """)
        #expect(plan == TrainingPlan(name: "Build to three circuits", steps: threeCircuits.steps))
    }

    @Test func stepsTakeStartsPlanOptions() throws {
        let plan = try load("""
            {"name": "S", "days": ["Tue"], "steps": [{"routine": "standing", "work": 40, "rest": 20, "getReady": 5,
             "without": ["noisy"], "shuffle": true}]}
            """)
        let step = try #require(plan.steps.first)
        #expect(plan.days == [2] && plan.advance == TrainingPlan.Advance() && plan.backEffortAtLeast == 9)
        #expect(step.adjustments == RoutineAdjustments(work: 40, rest: 20, getReady: 5, without: ["noisy"]))
        #expect(step.shuffle && step.request.shuffle == .random && step.request.routine == "standing")
        #expect(step.summary == "standing, work 40 s, rest 20 s, get ready 5 s, without noisy, shuffled")
    }

    @Test(arguments: [
        (#"{"name": "x", "steps": [{"routine": "classic", "rouns": 2}]}"#,
         #"p.json:1:48: unknown key "rouns" in a step; did you mean "rounds"?"#),
        (#"{"name": "x", "days": ["mon", "wedn"], "steps": [{"routine": "c"}]}"#,
         #"p.json:1:31: "wedn" is not a day; days are "sun", "mon", "tue", "wed", "thu", "fri" or "sat"; "#
            + #"did you mean "wed"?"#),
        (#"{"name": "x", "days": ["mon", "mon"], "steps": [{"routine": "c"}]}"#, #"p.json:1:31: "mon" is given twice"#),
        (#"{"name": "x", "steps": []}"#, #"p.json:1:24: "steps" must hold at least one step"#),
        (#"{"name": "x"}"#, #"p.json:1:1: the plan has no "steps""#),
        (#"{"name": "x", "steps": [{"routine": "c", "rounds": 1e999}]}"#,
         "p.json:1:52: the number 1e999 is out of range"),
        (#"{"steps": [{"routine": "c"}]}"#, #"p.json:1:1: the plan has no "name""#),
        (#"{"name": "x", "steps": [{"rounds": 2}]}"#, #"p.json:1:25: the step has no "routine""#),
        (#"{"name": "x", "steps": [{"routine": "c", "rounds": 0}]}"#,
         #"p.json:1:52: "rounds" must be from 1 to 100, not 0"#),
        (#"{"name": "x", "steps": [{"routine": "c"}], "advance": {"effortAtMost": 11}}"#,
         #"p.json:1:72: "effortAtMost" must be from 1 to 10, not 11"#),
        (#"{"name": "x", "steps": [{"routine": "c"}], "back": {"effortAtLeast": 5}}"#,
         #"p.json:1:52: "back.effortAtLeast" (5) must be more than "advance.effortAtMost" (6)"#),
        (#"{"name": "x", "steps": [{"routine": "c"}], "advanse": {}}"#,
         #"p.json:1:44: unknown key "advanse" in the plan; did you mean "advance"?"#),
        (#"{"name": "x", "steps": [{"routine": "c", "without": ["Loud"]}]}"#,
         #"p.json:1:54: "Loud" is not a tag"#),
    ])
    func brokenPlansAreReportedAtThePosition(json: String, expected: String) {
        do {
            _ = try load(json)
            Issue.record("\(json) loaded")
        } catch {
            let text = error.diagnostics.map(\.description).joined(separator: "\n")
            #expect(text.hasPrefix(expected), "\(text)")
        }
    }
}

@Suite("Plans: the week and the grace of two days")
struct PlanWeekTests {
    /// Monday 2026-11-30 as a local day; the plan is Monday, Wednesday and Friday.
    let mon = CivilTime.dayNumber(at: monday, utcOffset: 0)

    func week(_ workouts: [Int], today: Int, from: Int? = nil) -> PlanWeek {
        PlanWeek.compute(planDays: [1, 3, 5], workoutDays: Set(workouts.map { mon + $0 }), from: from ?? mon - 14,
                         today: mon + today, weekStart: mon)
    }

    @Test(arguments: [
        // workouts (days after this Monday), today → this week's statuses
        ([0, 2], 3, ["done", "done", "to_come"]),
        ([0, 3], 3, ["done", "made_up", "to_come"]),          // Wednesday made up on Thursday
        ([0], 3, ["done", "open", "to_come"]),                // Wednesday can still be made up
        ([0], 5, ["done", "missed", "open"]),                 // Friday: Wednesday's two days are gone
        ([0, 4], 5, ["done", "missed", "done"]),              // Friday's own workout is not Wednesday's
        ([1, 2, 4], 4, ["made_up", "done", "done"]),          // Tuesday makes up Monday
        ([0, 6], 6, ["done", "missed", "made_up"]),           // Saturday makes up Friday
    ])
    func plannedDaysAreDoneMadeUpMissedOrStillOpen(workouts: [Int], today: Int, statuses: [String]) {
        #expect(week(workouts, today: today).days.map(\.status.rawValue) == statuses)
    }

    @Test func aDayMadeUpWithinTwoDaysKeepsTheStreak() {
        // Last week Mon, Wed (made up Thu), Fri; this week Mon and Wed: five kept in a row.
        let kept = week([-7, -4, -2, 0, 2], today: 3, from: mon - 7)
        #expect(kept.streak == 5)
        // Without the Thursday, last Wednesday is missed and the run starts after it.
        #expect(week([-7, -2, 0, 2], today: 3, from: mon - 7).streak == 3)
        // A day still open does not break it, nor count.
        #expect(week([-7, -5, -3, 0], today: 2, from: mon - 7).streak == 4)
    }

    @Test func daysBeforeJoiningAreNeitherShownNorCounted() {
        let w = week([2], today: 3, from: mon + 1)
        #expect(w.days.map(\.day) == [mon + 2, mon + 4] && w.streak == 1)
        #expect(w.line(utf8: true) == "Wed ✓  Fri ·" && w.line(utf8: false) == "Wed x  Fri .")
    }
}

@Suite("Plans: the plan joined")
struct JoinedPlanTests {
    @Test func whatJoinWritesReadsBack() throws {
        let joined = JoinedPlan(plan: "/home/me/plans/build.json", joinedAt: 1_795_000_000.25)
        #expect(try JoinedPlan.parse(Array(joined.text.utf8), path: "plan.json") == joined)
    }

    /// A tampered state file crashed `plan` and `stats` (1e300 made a day) or had `stats` walk 10^14 days
    /// (-1e19); anything but a plan's name and a time from 1970 to 3000 is damage, said at its place.
    @Test(arguments: [
        (#"{"plan": "build", "joined": 1e300}"#,
         #"plan.json:1:29: "joined" must be a time from 1970 to 3000 in seconds since 1970 (0 to 32503680000), "#
            + "not 1e+300"),
        (#"{"plan": "build", "joined": -1e19}"#, #"plan.json:1:29: "joined" must be a time from 1970 to 3000"#),
        (#"{"plan": "build", "joined": "yesterday"}"#,
         #"plan.json:1:29: "joined" must be a number of seconds since 1970, not a string"#),
        (#"{"plan": "", "joined": 1795000000}"#, #"plan.json:1:10: "plan" is empty"#),
        (#"{"plan": 7, "joined": 1795000000}"#, #"plan.json:1:10: "plan" must be a string, not a number"#),
        (#"{"plan": "build"}"#, #"plan.json:1:1: the file has no "joined""#),
        (#"{"plan": "build", "joined": 1795000000, "joind": 1}"#,
         #"plan.json:1:41: unknown key "joind" in the joined plan; did you mean "joined"?"#),
        (#"[]"#, #"plan.json:1:1: the joined plan must be an object, not an array"#),
        ("", "plan.json:1:1: "),
    ])
    func aTamperedFileIsDamageSaidAtItsPlace(text: String, expected: String) {
        do {
            let joined = try JoinedPlan.parse(Array(text.utf8), path: "plan.json")
            Issue.record("\(text) read as \(joined)")
        } catch {
            let said = error.diagnostics.map(\.description).joined(separator: "\n")
            #expect(said.hasPrefix(expected) && error.diagnostics.count == 1, "\(said)")
        }
    }
}

@Suite("Plans: which routine a command takes when none is named")
struct RoutineChoiceTests {
    /// `threeCircuits` joined and standing at its third step (`classic`, 3 rounds).
    var atStepThree: PlanReport {
        var progress = PlanProgress.replay(threeCircuits, joinedAt: monday, sessions: [], now: monday)
        progress.step = 2
        return PlanReport(plan: threeCircuits, path: "build.json", joinedAt: monday, progress: progress,
                          day: PlanDay(isToday: true, day: 0), utcOffset: 0)
    }

    func typed(_ arguments: [String]) throws -> PlanRequest {
        try #require(try CommandLineParser.parse(["list"] + arguments) as? ListCommand).plan
    }

    @Test func aNamedRoutineWinsOverThePlanAndTheConfig() throws {
        let choice = RoutineChoice.resolve(try typed(["tabata"]), plan: atStepThree, configRoutine: "standing")
        #expect(choice.request.routine == "tabata" && choice.planStep == nil)
    }

    @Test func thePlansStepComesBeforeTheConfigsRoutine() throws {
        let choice = RoutineChoice.resolve(try typed([]), plan: atStepThree, configRoutine: "tabata")
        #expect(choice.request.routine == "classic" && choice.request.adjustments.rounds == 3)
        #expect(choice.planStep == RoutineChoice.PlanStep(plan: "Build", step: 3, steps: 4, counts: true))
        #expect(choice.planStep?.recorded?.step == 3)
    }

    @Test func withNoPlanTheConfigsRoutineThenClassic() throws {
        #expect(RoutineChoice.resolve(try typed([]), plan: nil, configRoutine: "tabata").request.routine == "tabata")
        #expect(RoutineChoice.resolve(try typed([]), plan: nil, configRoutine: nil).request.routine == "classic")
    }

    @Test(arguments: [
        // options typed over step 3 (3 rounds) → whether the workout still counts as the step's
        ([], true), (["--shuffle"], true), (["--rounds", "3"], true), (["--rounds", "1"], false),
        (["--work", "20"], false), (["--without", "noisy"], false),
    ] as [([String], Bool)])
    func optionsThatChangeTheStepsWorkoutMakeItOffPlan(arguments: [String], counts: Bool) throws {
        let choice = RoutineChoice.resolve(try typed(arguments), plan: atStepThree, configRoutine: nil)
        #expect(choice.planStep?.counts == counts, "\(arguments)")
        #expect((choice.planStep?.recorded != nil) == counts, "an off-plan workout is not recorded as the step")
        #expect(choice.request.routine == "classic")
    }
}
