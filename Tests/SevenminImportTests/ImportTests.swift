// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
@testable import SevenminCore
import SevenminYAML
import Testing

@Suite("Importing other apps' files")
struct ImportTests {
    // OpenHIIT's timers, from generateIntervalsFromTimer (v1.7.0, lib/core/utils/interval_calculation.dart;
    // generateIntervalsFromSettings in v1.5.0, lib/providers/workout_provider.dart, the same but for no rest
    // after a warm-up): getReadyTime; warmupTime and then restTime; `restarts + 1` times the
    // activeIntervals works of workTime with restTime between two, and between rounds breakTime, or
    // restTime when breakTime is 0; then cooldownTime. An interval of 0 s is not added.

    @Test func openHIITTimersRunAsTheAppRunsThem() throws {
        let result = try importedFixture("openhiit-timers.json")
        #expect(result.format == .openhiit)
        let hiit = result.routines[0].routine
        // 10 + 120 + 10 + 2 × (4 × 20 + 3 × 10) + 60 + 90: the app's own totalTime, 510.
        #expect(Plan(hiit).totalDuration == 510)
        let round = ["work Burpees 20", "rest Rest 10", "work Squats 20", "rest Rest 10", "work Push-ups 20",
                     "rest Rest 10", "work Lunges 20"]
        let expected: [String] = ["getReady Get ready 10", "work Warm-up 120", "rest Rest 10"] + round
            + ["roundRest Rest before round 2 60"] + round + ["work Cool-down 90"]
        #expect(timeline(hiit) == expected)
        // breakTime 0: 10 + 2 × (3 × 40 + 2 × 15) + 15, the rest between rounds the app's restTime.
        let core = result.routines[1].routine
        #expect(Plan(core).totalDuration == 325 && core.rounds == 2 && core.roundRest == 15)
        #expect(result.ignored == ["color (in a timer)", "soundSettings (in a timer)"])
    }

    @Test func openHIITSpanishTimerOfVersion150() throws {
        let routine = try #require(try importedFixture("openhiit-timer-es.json").routines.first).routine
        #expect(routine.name == "Piernas y glúteos")
        #expect(routine.exercises.map(\.title) == ["Sentadillas", "Zancadas", "Puente de glúteos"])
        // 5 + 3 × (3 × 45 + 2 × 15) + 2 × 30 + 60: the app's totalTime, 620.
        #expect(Plan(routine).totalDuration == 620 && routine.rounds == 3)
    }

    // The 2024 workouts (v1.4.3) ran on background_hiit_timer 1.0.0-dev.6 (lib/utils/utils.dart): the
    // "start" status counts getReadyTime; startIntervalEnd goes to the warm-up (first round only) or a
    // work; workIntervalEnd after the warm-up or a work goes to a rest of restTime; after the last
    // work of a round with iterations left, a break of breakTime or, when that is 0, "start" again
    // with getReadyTime; after the last round, the cool-down if cooldownTime > 0. `iterations + 1`
    // rounds (lib/utils/functions.dart listItems counts them the same). halfTime is not used.

    @Test func openHIITWorkoutsOf2024RunAsThatAppRanThem() throws {
        let result = try importedFixture("openhiit-workouts-2024.json")
        let old = result.routines[0].routine
        #expect(old.name == "Old Timer" && old.rounds == 3)
        #expect(old.exercises.map(\.title) == ["Jacks", "Sit-ups", "Squats"])
        // 5 + 3 × (3 × 30 + 2 × 15) + 2 × 5: between rounds the get-ready again.
        #expect(Plan(old).totalDuration == 375 && old.roundRest == 5)
        let tabata = result.routines[1].routine
        // 10 + 120 + 10 + 4 × (2 × 20 + 10) + 3 × 60 + 90.
        #expect(Plan(tabata).totalDuration == 610 && tabata.rounds == 4)
        #expect(timeline(tabata).prefix(4) == ["getReady Get ready 10", "work Warm-up 120", "rest Rest 10",
                                               "work Burpees 20"])
        #expect(result.ignored == ["workSound (in a timer)", "restSound (in a timer)", "halfwaySound (in a timer)",
                                   "completeSound (in a timer)", "countdownSound (in a timer)",
                                   "colorInt (in a timer)"])
    }

    @Test func openHIITTimeSettingsMayBeAnObjectOrAString() throws {
        let text = #"[{"name": "Plain", "activeIntervals": 2, "activities": ["Up", "Down"], "timeSettings": "#
            + #""{\"workTime\": 40, \"restTime\": 0, \"breakTime\": 30, \"warmupTime\": 0, \"cooldownTime\": 0, "#
            + #"\"getReadyTime\": 0, \"restarts\": 2}"}]"#
        let routine = try imported(text).routines[0].routine
        #expect(timeline(routine) == ["work Up 40", "work Down 40", "roundRest Rest before round 2 30",
            "work Up 40", "work Down 40", "roundRest Rest before round 3 30", "work Up 40", "work Down 40"])
    }

    // Sweat's timing, from lib/Sweat.pm (202101030; v201909080 the same): `order` counts rest_length
    // down before every drill, the first too, then drill_length, or for a side-switching drill
    // drill_length / 2, side_switch_length (4 s), drill_length / 2. So n drills last
    // n × (rest_length + drill_length) + 4 s for each side-switching one. (Its countdown loop also
    // waits a second on "0", and it sleeps drill_prep_length, 1 s, after each drill's "Rest."; those
    // are the loop's tick and a pause for the speech, not lengths the configuration sets.)

    @Test func sweatExampleConfigRunsItsTwelveDrills() throws {
        let result = try importedFixture("sweat-example.yaml")
        #expect(result.format == .sweat)
        let sweat = try #require(result.routines.first).routine
        // Round-robin over the four groups, three times.
        #expect(sweat.exercises.map(\.title) == ["jumping jacks", "wall sit", "push-ups", "abdominal crunches",
            "high knees", "squats", "tricep dips", "plank", "step-ups", "knee lunges", "rotational push-ups",
            "side plank"])
        // 12 × (10 + 30) + 4.
        #expect(Plan(sweat).totalDuration == 484 && sweat.getReady == 10)
        #expect(sweat.exercises.last?.sides == 2 && sweat.switchRest == 4)
        // Sweat's shuffle is start's; no_chair and no_jumping, which Sweat does not read, are 0.
        #expect(result.ignored.isEmpty && result.routines[0].startOptions == ["--shuffle"])
        #expect(result.routines[0].fileName == "sweat-example" && sweat.name == "Sweat (example)")
        // The moves sevenmin ships get its figures, matched by title whatever the plural.
        let figures = sweat.exercises.map { e in FigureLibrary.names.first { FigureLibrary.figures[$0] == e.figure } }
        #expect(figures == ["jumping-jack", "wall-sit", "push-up", "crunch", "high-knees", "squat", "triceps-dip",
                            "plank", "step-up", nil, nil, "side-plank"])
    }

    @Test func sweatWithNoGroupsUsesItsDefaultsAndReadsDashedKeys() throws {
        let result = try importedFixture("sweat-dashed-v201909080.yaml")
        let sweat = try #require(result.routines.first).routine
        #expect(sweat.exercises.map(\.title) == ["jumping jacks", "wall sit", "push-ups", "abdominal crunches",
            "high knees", "squats", "tricep dips", "plank"])
        // 8 × (15 + 45): the lead-in is the 15 s rest_length.
        #expect(Plan(sweat).totalDuration == 480 && sweat.getReady == 15)
        #expect(sweat.exercises.allSatisfy { $0.work == 45 })
        #expect(result.ignored.isEmpty)
    }

    @Test func sweatGermanDrillsWithoutAChairSwitchSidesForFourSeconds() throws {
        let result = try importedFixture("sweat-de.yaml")
        let sweat = try #require(result.routines.first).routine
        #expect(sweat.exercises.map(\.title) == ["Hampelmann", "Wandsitzen", "Unterarmstütz", "Hampelmann",
                                                  "Ausfallschritte", "Seitstütz"])
        // 6 × (20 + 40) + 2 × 4.
        #expect(Plan(sweat).totalDuration == 368)
        #expect(timeline(sweat).suffix(3) == ["work Seitstütz 20", "switch Switch sides 4", "work Seitstütz 20"])
        #expect(result.routines[0].notes.isEmpty && result.routines[0].fileName == "sweat-de")
    }

    @Test func sweatRefusesAGroupWithNoDrillLeft() throws {
        let yaml = "jumping: 0\ngroups:\n  - name: aerobic\n    drills:\n      - name: jacks\n"
            + "        requires_jumping: 1\n"
        #expect(throws: RoutineLoadError.self) { try imported(yaml, yaml: true) }
        do { _ = try imported(yaml, yaml: true) } catch {
            #expect(error.description == "in.json:3:5: the group aerobic has no drill left with jumping: 0, and "
                + "Sweat will not run")
        }
    }

    /// An imported routine carries no `$schema` URL that nobody can fetch, and reads back the same.
    @Test func everyWrittenRoutineCarriesNoUnfetchableSchemaAndReadsBackTheSame() throws {
        for name in fixtureNames where !refusedFixtures.contains(name) {
            for imported in try importedFixture(name).routines {
                #expect(imported.text.hasPrefix("{\n  \"name\": ") && !imported.text.contains("$schema"))
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
        (#"{"title": "T", "title": "U", "sets": [{"repetitions": 1, "exercises": [{"name": "A", "duration": 9}]}]}"#,
         false,
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
        ("chair: 2\ngroups:\n  - name: a\n    drills: [{name: x}]\n", true,
         #"in.json:1:8: "chair" must be 0 or 1, not 2"#),
        // Sweat::Drill->new takes a mapping: a bare name stops Sweat.
        ("groups:\n  - name: a\n    drills: [x]\n", true,
         "in.json:3:14: a drill must be a mapping with its name (name: …), as Sweat reads it, not a bare name"),
        (#"{"title": "T", "sets": [{"repetitions": 1, "exercises": [{"name": "A", "duration": 12.5}]}]}"#, false,
         #"in.json:1:84: "duration" must be a whole number of seconds, as Just Another Workout Timer reads it, "#
            + "not 12.5"),
        (#"{"title": "T", "sets": [{"repetitions": 1, "exercises": [{"name": "A"}]}]}"#, false,
         #"in.json:1:58: the exercise has no "duration""#),
        (#"[{"title": "W", "numExercises": 1, "exercises": "", "exerciseTime": 20.5, "iterations": 0}]"#, false,
         #"in.json:1:69: "exerciseTime" must be a whole number of seconds, as OpenHIIT reads it, not 20.5"#),
        ("drill-length: 12.5\n", true,
         #"in.json:1:15: "drill_length" must be a whole number of seconds, as Sweat reads it, not 12.5"#),
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

    /// A file of comments alone (a `.json` too, read as YAML for not beginning as JSON does) was "empty".
    @Test func aYAMLFileOfCommentsAloneIsSaidToHoldNoValue() {
        #expect(throws: JSONSyntaxError(position: SourcePosition(line: 2, column: 1), message: "the file holds no "
            + "value, only comments or blank lines; expected a YAML mapping")) {
            try YAMLParser.parse(Array("# only a comment\n".utf8))
        }
    }

    /// `1e999` was read as infinity, and then said to be "not null"; `.inf` is YAML's way to write infinity.
    @Test func aYAMLNumberTooLargeIsOutOfRangeAtItsPlace() throws {
        #expect(throws: JSONSyntaxError(position: SourcePosition(line: 2, column: 8),
                                        message: "the number -1e999 is out of range")) {
            try YAMLParser.parse(Array("a: 1\nb: [1, -1e999]\n".utf8))
        }
        let root = try YAMLParser.parse(Array("a: .inf\n".utf8))
        #expect(root.value == .object([JSONMember(key: "a", keyPosition: SourcePosition(line: 1, column: 1),
                                                  value: JSONNode(value: .number(.infinity),
                                                                  position: SourcePosition(line: 1, column: 4)))]))
    }

    /// A list and a mapping of 16,384 entries each (a file of 400 KB) come out whole, every value in
    /// place: the tree builder copied the open list or mapping for every value it added, which took a
    /// 128 KB list 51 seconds and a 256 KB one over two minutes.
    @Test func aLargeYAMLListAndMappingAreReadWholeAndInPlace() throws {
        let count = 16_384
        var text = "drills:\n"
        for k in 0..<count { text += "  - d\(k)\n" }
        text += "keys:\n"
        for k in 0..<count { text += "  k\(k): \(k)\n" }
        let root = try YAMLParser.parse(Array(text.utf8))
        guard case .object(let top) = root.value, top.count == 2, case .array(let items) = top[0].value.value,
              case .object(let members) = top[1].value.value else {
            Issue.record("not a list and a mapping: \(root.value.typeName)"); return
        }
        #expect(items.count == count && members.count == count)
        #expect(items.indices.allSatisfy { k in
            items[k].value == .string("d\(k)") && items[k].position == SourcePosition(line: k + 2, column: 5)
        })
        let first = count + 3
        #expect(members.indices.allSatisfy { k in
            members[k].key == "k\(k)" && members[k].value.value == .number(Double(k))
                && members[k].keyPosition == SourcePosition(line: first + k, column: 3)
        })
    }
}
