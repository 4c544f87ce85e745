// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

@Suite("Snack chooser")
struct SnackChooserTests {
    static func move(_ title: String, _ tags: [String] = ["standing"]) -> Exercise {
        Exercise(title: title, color: RGB(200, 0, 0), work: 30, tags: tags)
    }

    static let desk = ["March", "Squat", "Calf Raises", "Side Bend", "Wall Angels"].map { move($0) }

    /// The moves of the routines shipped in `Workouts/`, as `snack` draws from them.
    static func shippedMoves() throws -> [Exercise] {
        let folder = repositoryRoot.appendingPathComponent("Workouts")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") && !$0.contains("schema") }.sorted()
        return try names.flatMap { name in
            let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
            let routine = try RoutineLoader.parse(Array(bytes), path: name)
            return routine.warmup + routine.exercises + routine.cooldown
        }
    }

    @Test func theShippedLibraryOffersStandingQuietMovesOnly() throws {
        let moves = SnackChooser.moves(try Self.shippedMoves(), desk: true, without: SnackChooser.leftOut)
        let titles = moves.map(\.title)
        #expect(titles.count >= 10, "\(titles)")
        #expect(Set(titles).count == titles.count)
        for left in ["Burpees", "Jumping Jacks", "Push-up", "Plank", "Step-up onto Chair",
                     "High Knees Running in Place", "Wall Sit", "Triceps Dip on Chair"] {
            #expect(!titles.contains(left), "\(left)")
        }
        for kept in ["March in Place", "Squat", "Calf Raises", "Desk Push-up", "Standing Side Bend", "Arm Circles"] {
            #expect(titles.contains(kept), "\(kept)")
        }
    }

    @Test func aNamedRoutineNeedsNoStandingTagButWithoutStillApplies() {
        let library = [Self.move("Plank", ["floor"]), Self.move("Crunch", []), Self.move("Squat")]
        #expect(SnackChooser.moves(library, desk: false, without: ["floor"]).map(\.title) == ["Crunch", "Squat"])
        #expect(SnackChooser.moves(library, desk: true, without: []).map(\.title) == ["Squat"])
    }

    @Test func noMoveComesTwiceRunningNorStartsTheDayWithYesterdaysLast() {
        let yesterday = [SnackChooser.Done(title: "Squat", day: 99), .init(title: "March", day: 99)]
        for seed in UInt64(0)..<50 {
            let first = SnackChooser.choose(2, from: Self.desk, done: yesterday, today: 100, seed: seed)
            #expect(first.first?.title != "March")
            #expect(first[0].title != first[1].title)
        }
    }

    @Test func aWorkingDayOfSnacksSpreadsTheMovesAndNeverRepeatsOneBackToBack() {
        var done: [SnackChooser.Done] = []
        for snack in 0..<8 {
            let moves = SnackChooser.choose(2, from: Self.desk, done: done, today: 100, seed: UInt64(snack))
            #expect(moves.count == 2)
            done += moves.map { SnackChooser.Done(title: $0.title, day: 100) }
        }
        for (a, b) in zip(done, done.dropFirst()) { #expect(a.title != b.title) }
        // 16 moves from 5: each done three or four times, never a fifth before every other's fourth.
        let counts = Dictionary(grouping: done, by: \.title).mapValues(\.count)
        #expect(counts.count == 5)
        #expect(counts.values.allSatisfy { (3...4).contains($0) }, "\(counts)")
    }

    @Test func oneMoveAloneIsStillASnack() {
        let moves = SnackChooser.choose(3, from: [Self.move("March")], done: [.init(title: "March", day: 1)],
                                        today: 1, seed: 7)
        #expect(moves.map(\.title) == ["March", "March", "March"])
        #expect(SnackChooser.choose(2, from: [], done: [], today: 1, seed: 7).isEmpty)
    }

    @Test(arguments: [(0.0, 30.0), (0.24, 30), (0.25, 35), (0.5, 40), (0.99, 45), (1, 50), (7, 50), (-1, 30)])
    func eachMinutesWorkStepsUpWithThePlan(level: Double, work: Double) {
        #expect(SnackChooser.work(level: level) == work)
    }

    @Test func aSnackIsAMinuteAMove() {
        let moves = [Self.move("March"), Self.move("Squat"), Self.move("Lunge", ["standing"])]
        var sided = moves
        sided[2].sides = 2
        let plan = Plan(SnackChooser.routine(sided, level: 0.5))
        // 5 s to get ready, then three minutes but the last move's rest.
        #expect(plan.totalDuration == 5 + 3 * 60 - 20)
        #expect(plan.workSegmentCount == 3)
        #expect(plan.routine.name == SnackChooser.routineName)
    }
}

@Suite("Snack tally")
struct SnackTallyTests {
    @Test func snackMinutesCountAtHalfTowardTheGuideline() {
        let day = 20_000
        let at = Double(day * 86_400 + 10 * 3600)
        let snacks = [SessionRecord(routine: "Desk snack", routineFile: "", contentHash: "", startedAt: at,
                                    utcOffset: 0, plannedSeconds: 115, plannedExercises: 2, kind: .snack),
                      SessionRecord(routine: "Desk snack", routineFile: "", contentHash: "", startedAt: at - 86_400,
                                    utcOffset: 0, plannedSeconds: 115, plannedExercises: 2, kind: .snack)]
        let tally = SnackTally(snacks: snacks, secondsByDay: [day: 600, day - 1: 600, day - 9: 600], today: day,
                               week: (day - 3)...day, state: nil, now: at, utcOffset: 0)
        #expect(tally.today == 1 && tally.week == 2 && tally.weekSeconds == 1200)
        var stats = HistoryStats.compute(sessions: [], segments: [], now: at, calendar: calendar("UTC"))
        stats.weekMinutes = 30
        let counted = stats.counting(tally)
        // 20 minutes of snacks count as 10.
        #expect(counted.weekMinutes == 20)
        #expect(tally.line.hasPrefix("Snacks: 1 today, 2 this week (at half toward the guideline); sitting not known"))
    }

    @Test func aSnackIsNotTheDaysWorkout() {
        let day = 20_000
        var snack = SessionRecord(routine: "Desk snack", routineFile: "", contentHash: "",
                                  startedAt: Double(day * 86_400 + 3600), utcOffset: 0, plannedSeconds: 115,
                                  plannedExercises: 2, outcome: .completed, kind: .snack)
        #expect(!PlanDay.completed([snack], on: day))
        snack.kind = .workout
        #expect(PlanDay.completed([snack], on: day))
    }

    @Test func theSittingComesFromTheWatchersBouts() {
        let day = 20_000, start = Double(day * 86_400)
        let state = SnackWatchState(pid: 1, updatedAt: start, bouts: [
            .init(start: start + 3600, end: start + 3600 + 52 * 60),
            .init(start: start - 86_400, end: start - 86_400 + 44 * 60)])
        let tally = SnackTally(snacks: [], secondsByDay: [:], today: day, week: (day - 1)...day, state: state,
                               now: start + 5 * 3600, utcOffset: 0)
        #expect(tally.line == "Snacks: 0 today, 0 this week (at half toward the guideline); longest sitting 52 min "
            + "today, 48 min a day this week")
    }

    @Test func snacksSaysWhetherItRunsHowLongOneHasSatAndWhatIsNext() {
        let now = Double(20_000 * 86_400 + 14 * 3600)
        #expect(SnackReport.status(installed: false, state: nil, now: now, utcOffset: 0).hasPrefix("Snacks are off."))
        #expect(SnackReport.status(installed: true, state: nil, now: now, utcOffset: 0)
            .contains("the watcher is not running"))
        let sitting = SnackWatchState(pid: 1, updatedAt: now, sittingSince: now - 1500, nextHeadsUp: now + 300)
        #expect(SnackReport.status(installed: true, state: sitting, now: now, utcOffset: 3600)
            == "Snacks are on.\nSitting for 25 min.\nNext heads-up at 15:05.\n")
        var due = sitting
        due.due = true
        due.heldBack = "call"
        #expect(SnackReport.status(installed: true, state: due, now: now, utcOffset: 0)
            .contains("A snack is due: run 'sevenmin snack' (the heads-up waits: a call is on)."))
    }
}
