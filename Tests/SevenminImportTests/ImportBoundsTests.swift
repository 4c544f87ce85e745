// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
@testable import SevenminCore
import Testing

@Suite("Bounded work for a file of many workouts")
struct ImportBoundsTests {
    /// OpenHIIT's old timers, one a line from line 2: `count` of them with `exercises` exercises each,
    /// each line as long as the next.
    func timers(_ count: Int, exercises: Int = 1) -> String {
        "[\n" + (0..<count).map { k in
            #"{"title": "T\#(100_000 + k)", "numExercises": \#(exercises), "exercises": "[]", "#
                + #""getReadyTime": 5, "workTime": 1, "restTime": 0, "breakTime": 0, "warmupTime": 0, "#
                + #""cooldownTime": 0, "iterations": 1}"#
        }.joined(separator: ",\n") + "\n]\n"
    }

    /// A 1 MiB OpenHIIT file of 22,000 timers made 22,000 routine files, with 6.2 GB of memory on the way.
    /// One file makes at most 100 routines and 10,000 exercises; past that it is refused whole, at the
    /// workout that goes past.
    @Test func oneFileMakesAtMostAHundredRoutinesAndTenThousandExercises() throws {
        #expect(try imported(timers(100)).routines.count == 100)
        for (text, expected) in [
            (timers(101), "in.json:102:1: the file holds 101 workouts; one import makes at most 100 routines"),
            (timers(22_000), "in.json:102:1: the file holds 22000 workouts; one import makes at most 100 routines"),
            (timers(11, exercises: 1_000),
             "in.json:12:1: the workouts up to this one hold 11000 exercises; one import makes at most 10000"),
        ] {
            do {
                let result = try imported(text)
                Issue.record("\(result.routines.count) routines made")
            } catch {
                let said = error.diagnostics.map(\.description).joined(separator: "\n")
                #expect(said.hasPrefix(expected) && error.diagnostics.count == 1, "\(said.prefix(300))")
            }
        }
    }

    /// A 1 MiB OpenHIIT file of many long timers was refused only after every timer was laid out (1.23 GB):
    /// it is refused at its count of workouts, or at the timer that goes past the exercises one import
    /// makes, before that timer is laid out.
    @Test func aMebibyteOfLongTimersIsRefusedAtTheCount() throws {
        var text = timers(100, exercises: 1_000)
        let size = text.utf8.count
        text = timers(99 * (1 << 20) / size, exercises: 1_000)
        #expect(text.utf8.count <= 1 << 20 && text.utf8.count > 1 << 19)
        var walker = ImportWalker(validator: Validator(path: "in.json"))
        let root = try JSONParser.parse(Array(text.utf8))
        #expect(OpenHIITFormat.drafts(root, &walker).isEmpty && walker.exercises == 0, "no timer laid out")
        let error = try #require(throws: RoutineLoadError.self) { try RoutineImport.convert(root, path: "in.json") }
        #expect(error.description.hasPrefix("in.json:102:1: the file holds ")
                && error.description.hasSuffix(" workouts; one import makes at most 100 routines, so none was "
                    + "imported: split the file, or export fewer workouts from the app"), "\(error.description)")
        // Under 100 timers, the eleventh of 1,000 exercises goes past, and no timer after it is laid out.
        var few = ImportWalker(validator: Validator(path: "in.json"))
        let ninety = try JSONParser.parse(Array(timers(90, exercises: 1_000).utf8))
        #expect(OpenHIITFormat.drafts(ninety, &few).count == 10)
        #expect(few.validator.diagnostics.map(\.description) == ["in.json:12:1: the workouts up to this one hold "
            + "11000 exercises; one import makes at most 10000, so none was imported: split the file"])
    }
}
