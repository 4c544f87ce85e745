// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// A workout named by its number or by the start of its uuid, as `rate --session` and `history remove` take it.
@Suite("A workout's id")
struct WorkoutReferenceTests {
    static let workouts: [(id: Int64, uuid: String)] = [
        (1, "b969f8a3-6687-4744-b6f5-3cca7ef4133f"),
        (2, "b969f8a9-0d1e-4a55-8e2f-1d2a3b4c5d6e"),
        (3, "0c3f5e21-77aa-4b0c-9d1e-2f3a4b5c6d7e"),
        (4, "1234567f-0000-4000-8000-000000000000"),
        (5, "4d2e7c10-1b2a-4c3d-8e4f-5a6b7c8d9e0f"),
    ]

    func match(_ text: String) -> WorkoutReference.Match? {
        WorkoutReference(text)?.match(Self.workouts)
    }

    @Test(arguments: [
        ("0c3f", WorkoutReference.Match.one(3)),
        ("0C3F5E21-77", .one(3)),
        ("b969f8a3", .one(1)),
        ("b969f8a9", .one(2)),
        // A number names the workout of that number.
        ("5", .one(5)),
        ("2", .one(2)),
        // The start of two uuids names both: refused.
        ("b969", .several([1, 2])),
        ("b969f8a", .several([1, 2])),
        // Digits that are a number and the start of another workout's uuid name both.
        ("4", .one(4)),
        ("1234", .one(4)),
        ("4d2e", .one(5)),
        ("ffff", WorkoutReference.Match.none),
        ("6", WorkoutReference.Match.none),
    ] as [(String, WorkoutReference.Match)])
    func namesTheWorkoutsItMatches(text: String, expected: WorkoutReference.Match) {
        #expect(match(text) == expected)
    }

    @Test func digitsThatAreANumberAndAStartNameBoth() {
        let workouts: [(id: Int64, uuid: String)] = [(1234, "ab000000-0000-4000-8000-000000000000"),
                                                     (7, "12340000-0000-4000-8000-000000000000")]
        #expect(WorkoutReference("1234")?.match(workouts) == .several([7, 1234]))
        #expect(WorkoutReference("12340")?.match(workouts) == .one(7))
    }

    @Test(arguments: ["", "abc", "xyz1", "-b969", "0", "b969f8a3-6687-4744-b6f5-3cca7ef4133f0", "bé69"])
    func textThatIsNeitherIsRefused(text: String) {
        #expect(WorkoutReference(text) == nil)
    }

    @Test func eachShortIDIsTheShortestUniqueStartOfSevenDigitsAtLeast() {
        let ids = WorkoutReference.shortIDs(Self.workouts.map(\.uuid) + [Self.workouts[0].uuid])
        #expect(ids[Self.workouts[0].uuid] == "b969f8a3" && ids[Self.workouts[1].uuid] == "b969f8a9")
        #expect(ids[Self.workouts[2].uuid] == "0c3f5e2" && ids[Self.workouts[4].uuid] == "4d2e7c1")
        #expect(ids.count == 5)
        // Each names its workout alone.
        for w in Self.workouts {
            #expect(WorkoutReference(ids[w.uuid]!)?.match(Self.workouts) == .one(w.id), "\(w)")
        }
    }

    @Test func aUUIDThatStartsAnotherGetsAllItsDigits() {
        let ids = WorkoutReference.shortIDs(["abcdef12", "abcdef123456"])
        #expect(ids == ["abcdef12": "abcdef12", "abcdef123456": "abcdef123"])
    }
}
