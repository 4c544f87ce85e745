// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import SevenminCore
import SevenminYAML
import Testing

let here = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!))
let fixtures = here + "/Fixtures"
let shippedRoutines = here + "/../../Workouts"

func bytes(_ path: String) throws -> [UInt8] {
    try #require(FileManager.default.contents(atPath: path).map { Array($0) }, "cannot read \(path)")
}

/// A file as `sevenmin import` reads it: YAML for .yaml, else JSON.
func imported(_ text: String, yaml: Bool = false, path: String = "in.json") throws(RoutineLoadError)
    -> ImportResult {
    let root: JSONNode
    do { root = yaml ? try YAMLParser.parse(Array(text.utf8)) : try JSONParser.parse(Array(text.utf8)) } catch {
        throw RoutineLoadError([Diagnostic(path: path, position: error.position, message: error.message)])
    }
    return try RoutineImport.convert(root, path: path)
}

func importedFixture(_ name: String) throws -> ImportResult {
    let text = String(decoding: try bytes(fixtures + "/" + name), as: UTF8.self)
    return try imported(text, yaml: name.hasSuffix(".yaml"), path: name)
}

/// Each segment as (kind, heading, seconds), the way the workout runs.
func timeline(_ routine: Routine) -> [String] {
    let plan = Plan(routine)
    return plan.segments.indices.map { k in
        "\(plan.segments[k].kind.rawValue) \(plan.heading(of: k)) \(JSONWriter.number(plan.segments[k].duration))"
    }
}

@Suite("Importing other apps' files")
struct ImportTests {
    @Test func jawtBackupRunsAsTheAppRunsIt() throws {
        let result = try importedFixture("jawt-backup.json")
        #expect(result.format == .jawt)
        #expect(result.routines.map(\.fileName) == ["morning-burner", "tabata-quick"])
        let burner = result.routines[0].routine
        // JAWT: its 10 s lead-in plus every set's repetitions of all its durations, rests included.
        let sum: Double = 10 + 1 * (45 + 15) + 3 * (30 + 10 + 40 + 20) + 1 * 60
        #expect(Plan(burner).totalDuration == sum)
        #expect(burner.rounds == 3 && burner.roundRest == 20)
        #expect(timeline(burner) == [
            "getReady Get ready 10", "work Jumping Jacks 45", "rest Rest 15",
            "work Push-ups 30", "rest Rest 10", "work Squats 40", "roundRest Rest before round 2 20",
            "work Push-ups 30", "rest Rest 10", "work Squats 40", "roundRest Rest before round 3 20",
            "work Push-ups 30", "rest Rest 10", "work Squats 40", "rest Rest 20", "work Plank 60",
        ])
        #expect(result.routines[0].notes.isEmpty)
        // Ids, versions and positions are not worth a word.
        #expect(result.ignored.isEmpty)
    }

    @Test func jawtRestAtTheVeryEndIsRunBeforeTheFinish() throws {
        let tabata = try importedFixture("jawt-backup.json").routines[1]
        // "Отдых" is the Russian app's rest; the app runs the last of eight too, so it is the final rest.
        let sum: Double = 10 + 8 * (20 + 10)
        let plan = Plan(tabata.routine)
        #expect(plan.totalDuration == sum)
        #expect(tabata.routine.rounds == 8 && tabata.routine.exercises.map(\.title) == ["Burpees"])
        #expect(tabata.routine.finalRest == 10 && tabata.notes.isEmpty)
        #expect(Array(timeline(tabata.routine).suffix(2)) == ["work Burpees 20", "rest Rest 10"])
        // It leads to the finish: no exercise comes next, and the coach says only "Rest."
        let last = plan.segments.count - 1
        #expect(plan.isFinalRest(last) && plan.comingNext(after: last) == nil && plan.isLastPause(last - 2))
        #expect(VoicePolicy.start(of: last, in: plan).text == "Rest.")
        #expect(!PlanJSON.encode(plan, seed: nil).split(separator: "\n").dropLast(3).last!.contains("next"))
        // Back to the app and again, the same timeline.
        let export = try RoutineExport.file(tabata.routine, as: .jawt).get()
        let back = try #require(try imported(export.text).routines.first).routine
        #expect(timeline(back) == timeline(tabata.routine) && Plan(back).totalDuration == sum)
        #expect(throws: RoutineExport.Refusal(reasons: ["it ends on a rest"])) {
            try RoutineExport.file(tabata.routine, as: .openhiit).get()
        }
    }

    @Test(arguments: ["Rest", "pause", "REPOS", "Riposo", "ОТДЫХ", "Dinlenme", " rest "])
    func everyLanguagesRestIsARest(name: String) throws {
        let text = #"{"title": "T", "sets": [{"repetitions": 1, "exercises": ["#
            + #"{"name": "A", "duration": 20}, {"name": "\#(name)", "duration": 7}, {"name": "B", "duration": 20}]}]}"#
        let routine = try imported(text).routines[0].routine
        #expect(timeline(routine) == ["getReady Get ready 10", "work A 20", "rest Rest 7", "work B 20"])
    }

    @Test func jawtSetsWithoutRepeatsStayInOrder() throws {
        let text = #"{"title": "Flat", "sets": ["#
            + #"{"repetitions": 1, "exercises": [{"name": "Rest", "duration": 5}, {"name": "A", "duration": 20}]},"#
            + #"{"repetitions": 1, "exercises": [{"name": "B", "duration": 25}, {"name": "Rest", "duration": 15}]},"#
            + #"{"repetitions": 0, "exercises": [{"name": "Never", "duration": 25}]},"#
            + #"{"repetitions": 1, "exercises": [{"name": "C", "duration": 30}]}]}"#
        let routine = try imported(text).routines[0].routine
        #expect(timeline(routine) == ["getReady Get ready 15", "work A 20", "work B 25", "rest Rest 15", "work C 30"])
        let sum: Double = 10 + 5 + 20 + 25 + 15 + 30
        #expect(Plan(routine).totalDuration == sum)
    }

    @Test func openHIITExpandsAsTheIssueSays() throws {
        let result = try importedFixture("openhiit-export.json")
        #expect(result.format == .openhiit)
        let hiit = result.routines[0].routine
        // get ready → warm-up + rest → (4 works, rests between) × (1 restart + 1), a break between → cool-down.
        let sum: Double = 10 + 120 + 10 + 2 * (4 * 20 + 3 * 10) + 60 + 90
        #expect(Plan(hiit).totalDuration == sum)
        let round = ["work Burpees 20", "rest Rest 10", "work Squats 20", "rest Rest 10", "work Push-ups 20",
                     "rest Rest 10", "work Lunges 20"]
        let expected: [String] = ["getReady Get ready 10", "work Warm-up 120", "rest Rest 10"] + round
            + ["roundRest Rest before round 2 60"] + round + ["work Cool-down 90"]
        #expect(timeline(hiit) == expected)
        // The legacy Workout: names past the list are the app's "Work"; zero-length intervals are dropped.
        let old = result.routines[1].routine
        #expect(old.name == "Old Timer" && old.rounds == 3)
        #expect(old.exercises.map(\.title) == ["Jacks", "Sit-ups", "Work"])
        let oldSum: Double = 5 + 3 * (3 * 30 + 2 * 15)
        #expect(Plan(old).totalDuration == oldSum)
        #expect(!timeline(old).contains { $0.hasPrefix("roundRest") })
        #expect(result.ignored == ["color (in a timer)", "soundSettings (in a timer)", "halfTime (in a timer)",
                                   "workSound (in a timer)", "colorInt (in a timer)"])
    }

    @Test func openHIITTimeSettingsMayBeAnObjectAndRestartsInside() throws {
        let text = #"[{"name": "Plain", "activeIntervals": 2, "activities": "[\"Up\", \"Down\"]", "timeSettings": "#
            + #"{"workTime": 40, "restTime": 0, "breakTime": 30, "warmupTime": 0, "cooldownTime": 0, "#
            + #""getReadyTime": 0, "restarts": 2}}]"#
        let routine = try imported(text).routines[0].routine
        #expect(timeline(routine) == ["work Up 40", "work Down 40", "roundRest Rest before round 2 30",
            "work Up 40", "work Down 40", "roundRest Rest before round 3 30", "work Up 40", "work Down 40"])
    }

    @Test func sweatTakesDrillsRoundRobinWithoutChairs() throws {
        let result = try importedFixture("sweat.yaml")
        #expect(result.format == .sweat)
        let sweat = try #require(result.routines.first).routine
        // chair: 0 drops both chair drills; jumping: yes keeps the jumping jacks.
        #expect(sweat.exercises.map(\.title) == ["Jumping jacks", "Wall sit", "Push-ups", "High knees", "Squats",
                                                  "Push-ups", "Jumping jacks"])
        let sum: Double = 10 + 7 * 40 + 6 * 15
        #expect(Plan(sweat).totalDuration == sum)
        #expect(sweat.exercises.map(\.group) == [.cardio, .lower, .upper, .cardio, .lower, .upper, .cardio])
        #expect(sweat.exercises[0].tags == ["jumping"])
        #expect(result.ignored == ["shuffle", "entertainment"])
        #expect(result.routines[0].notes == ["chair drills are left out, as the file asks"])
    }

    @Test func sweatSideSwitchingDrillsAreTwoSidedAndDefaultsApply() throws {
        let yaml = """
            chair: 1
            groups:
              - name: legs
                drills:
                  - name: Lunges
                    requires_side_switching: true
                  - Squats
            """
        let routine = try imported(yaml, yaml: true).routines[0].routine
        // Sweat's defaults: 12 drills of 30 s with 10 s between.
        #expect(routine.exercises.count == 12 && routine.exercises.map(\.sides).prefix(2) == [2, 1])
        let sum: Double = 10 + 12 * 30 + 11 * 10
        #expect(Plan(routine).totalDuration == sum)
    }

    @Test func everyWrittenRoutineCarriesItsSchemaAndReadsBackTheSame() throws {
        for name in ["jawt-backup.json", "openhiit-export.json", "sweat.yaml"] {
            for imported in try importedFixture(name).routines {
                #expect(imported.text.hasPrefix("{\n  \"$schema\": \"https://sevenmin.invalid/schema/routine.json\""))
                #expect(try RoutineLoader.parse(Array(imported.text.utf8), path: "x.json") == imported.routine)
            }
        }
    }

    /// Broken files: each problem at its line and column, and no routine.
    @Test(arguments: [
        (#"{"title": "T", "sets": [{"repetitions": 1, "exercises": [{"name": "A", "duration": "30"}]}]}"#, false,
         #"in.json:1:84: "duration" must be a number of seconds, not a string"#),
        ("{\"title\": \"T\",\n \"sets\": [{\"exercises\": []}]}", false,
         #"in.json:2:11: the set has no "repetitions""#),
        (#"{"title": "T", "sets": [{"repetitions": 1, "exercises": [{"name": "Rest", "duration": 5}]}]}"#, false,
         "in.json:1:24: the workout has no exercise other than rests"),
        (#"{"title": "T", "title": "U", "sets": [{"repetitions": 1, "exercises": [{"name": "A"}]}]}"#, false,
         #"in.json:1:16: duplicate key "title" (first given at 1:2)"#),
        (#"[{"name": "N", "activeIntervals": 2, "timeSettings": "{\"workTime\": 20"}]"#, false,
         #"in.json:1:54: "timeSettings" holds text that is not JSON: unexpected end of file; expected ',' or '}' "#
            + "(at 1:16 of the text)"),
        (#"[{"name": "N", "activeIntervals": 2, "timeSettings": {"restTime": 20}}]"#, false,
         #"in.json:1:54: "timeSettings" has no "workTime""#),
        ("drill_length: 30\ngroups:\n  - name: a\n    drills: [x\n", true,
         "in.json:5:1: did not find expected ',' or ']' (while parsing a flow sequence)"),
        ("groups: &g\n  - name: a\n    drills: [x]\nmore: *g\n", true,
         "in.json:4:7: aliases (*name) are not supported; write the value out"),
        ("drill_length: thirty\ngroups: []\n", true,
         #"in.json:1:15: "drill_length" must be a number of seconds, not a string"#),
        ("chair: 2\ngroups:\n  - name: a\n    drills: [x]\n", true, #"in.json:1:8: "chair" must be 0 or 1, not 2"#),
        (#"{"name": "Mine", "exercises": []}"#, false,
         "in.json:1:1: this is already a sevenmin routine; run it as it is, or copy it into your workouts folder"),
        (#"{"title": "Long", "sets": [{"repetitions": 100, "exercises": [{"name": "A", "duration": 86400}]}]}"#,
         false, "in.json:1:1: as a sevenmin routine, the workout would last 8640010 seconds, more than a day (86400)"),
    ] as [(String, Bool, String)])
    func brokenFilesAreReportedWhereTheProblemIs(text: String, yaml: Bool, message: String) throws {
        #expect(throws: RoutineLoadError.self) { try imported(text, yaml: yaml) }
        do {
            _ = try imported(text, yaml: yaml)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func yamlScalarsAreTypedAsYAMLOneOneTypesThem() throws {
        let root = try YAMLParser.parse(Array("a: yes\nb: '12'\nc: 1.5e1\nd: ~\ne: 0x1F\nf: -7\ng: 1_000\n".utf8))
        guard case .object(let members) = root.value else { Issue.record("not a mapping"); return }
        #expect(members.map(\.value.value) == [.bool(true), .string("12"), .number(15), .null, .number(31),
                                               .number(-7), .string("1_000")])
        #expect(members.map(\.keyPosition.line) == [1, 2, 3, 4, 5, 6, 7])
        #expect(members[2].value.position == SourcePosition(line: 3, column: 4))
    }
}

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
