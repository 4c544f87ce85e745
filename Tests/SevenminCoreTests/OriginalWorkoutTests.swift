// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Foundation
import Testing
@testable import SevenminCore

@Suite("The original workout")
struct OriginalWorkoutTests {
    @Test func followsTheTutorialsOrderAndColours() throws {
        let routine = try RoutineLoader.load(path: repositoryRoot.path + "/Workouts/original.json")
        let expected: [(String, String, FlatColor)] = [
            ("Jumping Jacks", "UpH7rm0cYbM", .red), ("Wall Sit", "y-wV4Venusw", .teal),
            ("Abdominal Crunch", "2yOFvV-NSeY", .purple), ("Push-up", "Eh00_rniF8E", .blue),
            ("Step-up onto Chair", "kM2FfDIwsao", .green), ("Squat", "mGvzVjuY8SY", .navyBlue),
            ("Triceps Dip on Chair", "0326dy_-CzM", .watermelon),
        ]
        #expect(routine.exercises.map(\.title) == expected.map(\.0))
        #expect(routine.exercises.map(\.videoURL) == expected.map { "https://youtu.be/" + $0.1 })
        #expect(routine.exercises.map(\.color) == expected.map(\.2.rgb))
    }
}
