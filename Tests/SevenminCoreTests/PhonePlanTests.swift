// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

/// The plan a phone is told first: small, each figure once however many segments show it.
@Suite("The phone's plan")
struct PhonePlanTests {
    /// The event's JSON, parsed.
    func parsed(_ event: String) throws -> [String: Any] {
        let data = try #require(event.split(separator: "\n").first { $0.hasPrefix("data: ") }?.dropFirst(6))
        return try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
    }

    @Test func theClassicsPlanSendsEachFigureOnceWithin64KB() throws {
        let routine = try RoutineLoader.load(path: repositoryRoot.path + "/Workouts/classic.json")
        let plan = Plan(routine)
        let event = PhoneEvents.plan(plan, language: .en)
        #expect(event.utf8.count <= 64 * 1024, "\(event.utf8.count) bytes")
        let json = try parsed(event)
        let figures = try #require(json["figures"] as? [[String: Any]])
        let segments = try #require(json["segments"] as? [[String: Any]])
        // Each figure once, a second side's mirror as a figure of its own; every segment of a move refers to it.
        let distinct = Set(routine.exercises.compactMap(\.figure)).count
        let mirrored = Set(routine.exercises.filter { $0.sides == 2 }.compactMap(\.figure)).count
        #expect(figures.count == distinct + mirrored)
        for (k, segment) in segments.enumerated() {
            guard let index = segment["figure"] as? Int else { continue }
            let figure = figures[index], expected = plan.exercise(of: k).figure
            #expect((figure["keyframes"] as? [[Double]])?.count == expected?.keyframes.count)
        }
    }

    @Test func aFigureHasAtMost16PropsAnd16Keyframes() throws {
        let pose = #"{"head": [0.5, 0.1], "neck": [0.5, 0.2], "hip": [0.5, 0.5], "leftElbow": [0.4, 0.3], "#
            + #""leftHand": [0.4, 0.5], "rightElbow": [0.6, 0.3], "rightHand": [0.6, 0.5], "leftKnee": [0.45, 0.75], "#
            + #""leftFoot": [0.45, 1], "rightKnee": [0.55, 0.75], "rightFoot": [0.55, 1]}"#
        func routine(props: Int, keyframes: Int) -> [UInt8] {
            let lines = Array(repeating: "[[0, 1], [1, 1]]", count: props).joined(separator: ", ")
            let poses = Array(repeating: pose, count: keyframes).joined(separator: ", ")
            return Array(("{\"name\": \"N\", \"exercises\": [{\"title\": \"A\", \"figure\": {\"keyframes\": "
                + "[\(poses)], \"props\": [\(lines)]}}]}").utf8)
        }
        #expect((try? RoutineLoader.parse(routine(props: 16, keyframes: 16), path: "r.json")) != nil)
        let tooMany = #expect(throws: RoutineLoadError.self) {
            try RoutineLoader.parse(routine(props: 17, keyframes: 1), path: "r.json")
        }
        #expect("\(tooMany.map { "\($0)" } ?? "")".contains("\"props\" holds at most 16 lines"))
        #expect(throws: RoutineLoadError.self) {
            try RoutineLoader.parse(routine(props: 0, keyframes: 17), path: "r.json")
        }
    }
}

/// What the phone's buttons and end states come to in the core.
@Suite("The phone's end states")
struct PhoneEndingTests {
    func finished(_ settings: CoachSettings) -> (WorkoutApp, [Effect]) {
        var app = WorkoutApp(plan: shortPlan, settings: settings)
        _ = app.start(at: 0)
        _ = app.handle(.phone(.link(PhoneLink(url: "http://127.0.0.1:1/#t", modules: [], size: 0))), at: 0.1)
        let finish = app.handle(.tick, at: 9)
        return (app, finish)
    }

    func endings(_ effects: [Effect]) -> [PhoneEnding] {
        effects.compactMap { if case .phoneEnded(let e) = $0 { e } else { nil } }
    }

    /// The finish asks the phone too; its rating is the terminal's key's: recorded, then the end said without a
    /// question, which closes the server.
    @Test func aRatingFromThePhoneIsTheTerminalsAndEndsTheQuestion() throws {
        var (app, finish) = finished(CoachSettings(asksEffort: true))
        let asked = try #require(endings(finish).first)
        #expect(asked.title == "Workout complete" && asked.line == "Short: 2/2 exercises in 0:09")
        #expect(asked.question == "How hard was that? 1–10 — it is kept in your history")
        #expect(app.handle(.phone(.rate(7)), at: 9.5).records.isEmpty, "not in the finish's first second")
        let rated = app.handle(.phone(.rate(7)), at: 10.1)
        #expect(rated.records == [.effort(7)] && rated.ending == .completed)
        #expect(endings(rated) == [PhoneEnding(title: "Workout complete",
                                               line: "Short: 2/2 exercises in 0:09 · effort 7/10")])
    }

    /// Without a question the finish is said once, to close at once; a quit says the workout ended.
    @Test func aFinishWithoutAQuestionAndAQuitAreSaid() throws {
        let (_, finish) = finished(CoachSettings())
        #expect(endings(finish).map(\.question) == [nil])
        var app = WorkoutApp(plan: shortPlan)
        _ = app.start(at: 0)
        _ = app.handle(.phone(.link(PhoneLink(url: "http://127.0.0.1:1/#t", modules: [], size: 0))), at: 0.1)
        #expect(endings(app.handle(.remote(.stop), at: 1)) == [PhoneEnding(title: "Workout ended.")])
    }

    /// Done on the phone ends a step counted in reps, as Enter does, and no timed one.
    @Test func doneEndsOnlyAStepCountedInReps() {
        let pushUp = Exercise(title: "Push-up", color: FlatColor.red.rgb, work: 0, reps: 10)
        let plan = Plan(Routine(name: "R", rest: 0, getReady: 0, exercises: [exercise("A", work: 3), pushUp]))
        var app = WorkoutApp(plan: plan)
        _ = app.start(at: 0)
        _ = app.handle(.phone(.done), at: 1)
        #expect(app.session.index == 0, "a timed step is not ended by Done")
        _ = app.handle(.tick, at: 3.1)
        #expect(app.session.index == 1)
        #expect(PhoneEvents.plan(plan, language: .en).contains("\"title\": \"10 × Push-up\""))
        #expect(app.handle(.phone(.done), at: 5).ending == nil && app.session.state == .finished,
                "Done ended the step counted in reps: the workout is over")
    }

    /// Every segment's colours on the phone meet 4.5:1, and a step counted in reps says its count.
    @Test func thePlanSaysEachSegmentsColoursAndCount() throws {
        let routine = try RoutineLoader.load(path: repositoryRoot.path + "/Workouts/classic.json")
        let plan = Plan(routine)
        let data = PhoneEvents.plan(plan, language: .en).split(separator: "\n")[1].dropFirst(6)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        let segments = try #require(json["segments"] as? [[String: Any]])
        func rgb(_ hex: Any?) -> RGB {
            let v = Int((hex as? String ?? "#000000").dropFirst(), radix: 16) ?? 0
            return RGB(UInt8(v >> 16), UInt8(v >> 8 & 255), UInt8(v & 255))
        }
        for segment in segments {
            let c = try #require(segment["colors"] as? [String: String])
            for (text, on) in [("text", "background"), ("bandText", "band"), ("buttonText", "button"),
                               ("strongText", "strong")] {
                #expect(rgb(c[text]).contrast(with: rgb(c[on])) >= 4.5, "\(segment["title"] ?? ""): \(text)")
            }
        }
        #expect(segments[1]["counter"] as? String == "Exercise 1/12" && segments[1]["position"] as? String == "1/12")
    }
}
