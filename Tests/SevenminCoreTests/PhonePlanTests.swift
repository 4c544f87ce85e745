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
