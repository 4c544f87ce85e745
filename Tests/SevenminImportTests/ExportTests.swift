// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
@testable import SevenminCore
import Testing

@Suite("Exporting routines to other apps")
struct ExportTests {
    static let shipped = ["classic", "classic-3x", "original", "standing", "tabata", "advanced"]

    /// sevenmin → app → sevenmin keeps every name, duration and round.
    @Test(arguments: shipped)
    func jawtRoundTripKeepsEveryNameDurationAndRound(name: String) throws {
        let routine = try RoutineLoader.parse(try bytes(shippedRoutines + "/\(name).json"), path: name)
        let export = try RoutineExport.file(routine, as: .jawt).get()
        let back = try #require(try imported(export.text).routines.first).routine
        #expect(back.name == routine.name && back.rounds == routine.rounds)
        for (a, b) in [(routine.warmup, back.warmup), (routine.exercises, back.exercises),
                       (routine.cooldown, back.cooldown)] {
            #expect(a.map(\.title) == b.map(\.title) && a.map(\.work) == b.map(\.work))
        }
        // The same timeline, segment by segment: the app runs what sevenmin would, but for the pause to
        // switch sides, which it cannot hold (a note says so).
        let getReadyKept = routine.getReady >= 10
        var unpaused = routine
        unpaused.switchRest = 0
        for k in unpaused.exercises.indices { unpaused.exercises[k].switchRest = nil }
        let (there, again) = (timeline(unpaused), timeline(back))
        #expect(getReadyKept ? again == there : Array(again.dropFirst()) == Array(there.dropFirst()))
        // The app's own sum: 10 s in, then every duration of every repetition of every set.
        if getReadyKept { #expect(Plan(back).totalDuration == Plan(unpaused).totalDuration) }
    }

    @Test func jawtSaysWhatItCannotHold() throws {
        let routine = try RoutineLoader.parse(try bytes(shippedRoutines + "/classic.json"), path: "classic")
        let notes = try RoutineExport.file(routine, as: .jawt).get().notes
        #expect(notes.contains("\"Side Plank\" is one exercise there, without the 5 s to switch sides: Just Another "
            + "Workout Timer has no cue to switch sides"))
    }

    @Test func stepsCountedInRepsGoOutTimedAndSaySo() throws {
        let routine = Routine(name: "Reps", exercises: [
            Exercise(title: "Squat", color: RGB(hex: "#336699")!, work: 30),
            Exercise(title: "Push-up", color: RGB(hex: "#993366")!, work: 30, reps: 10),
        ])
        for format in [RoutineFormat.jawt, .openhiit] {
            let export = try RoutineExport.file(routine, as: format).get()
            #expect(export.notes.contains("\"Push-up\" is counted in reps here; \(format.appName) counts no reps, "
                + "so it is timed there, for 30 s"), "\(export.notes)")
            let back = try #require(try imported(export.text).routines.first).routine
            #expect(back.exercises.map(\.title) == ["Squat", "Push-up"] && back.exercises.allSatisfy { $0.reps == nil })
            #expect(back.exercises.map(\.work) == [30, 30])
        }
    }

    @Test func openHIITRoundTripKeepsEveryNameDurationAndRound() throws {
        let tabata = try RoutineLoader.parse(try bytes(shippedRoutines + "/tabata.json"), path: "tabata")
        var warm = tabata
        warm.warmup = [Exercise(title: "Warm-up", color: RGB(hex: "#336699")!, work: 90)]
        warm.cooldown = [Exercise(title: "Cool-down", color: RGB(hex: "#336699")!, work: 60, rest: 0)]
        warm.exercises[warm.exercises.count - 1].rest = 0
        warm.getReady = 5
        for routine in [tabata, warm] {
            let export = try RoutineExport.file(routine, as: .openhiit).get()
            #expect(export.text.hasPrefix("[\n  {\n    \"id\": "))
            let back = try #require(try imported(export.text).routines.first).routine
            #expect(back.name == routine.name && back.rounds == routine.rounds)
            #expect(back.exercises.map(\.title) == routine.exercises.map(\.title))
            #expect(timeline(back) == timeline(routine))
        }
    }

    @Test func openHIITRefusesWhatItsTimersCannotHold() throws {
        let classic = try RoutineLoader.parse(try bytes(shippedRoutines + "/classic.json"), path: "classic")
        #expect(throws: RoutineExport.Refusal(reasons: ["an exercise switches sides"])) {
            try RoutineExport.file(classic, as: .openhiit).get()
        }
        let advanced = try RoutineLoader.parse(try bytes(shippedRoutines + "/advanced.json"), path: "advanced")
        let refusal = try #require(throws: RoutineExport.Refusal.self) {
            try RoutineExport.file(advanced, as: .openhiit).get()
        }
        #expect(refusal.reasons.contains("it warms up with more than one exercise"))
    }
}
