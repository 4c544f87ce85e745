// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
@testable import SevenminCore
import SevenminYAML
import Testing

/// Files the apps write that sevenmin read otherwise than the app: Greek and Japanese JAWT exports, a
/// minimal `~/.sweat`, Sweat files it refuses, and Sweat's preferences.
@Suite("Files the apps write, read as the apps read them")
struct NewAppFileTests {
    static let readAsTheApp = "not UTF-8, so read as Just Another Workout Timer reads its exports: each piece "
        + "that is not UTF-8 as U+FFFD (\u{FFFD}), as the app shows it; it writes one byte a character, so letters "
        + "past ASCII are lost"

    /// Greek capitals are cut to bytes 0x80 to 0x9F, which Latin-1 made control characters and refused.
    @Test func jawtGreekExportImportsAsTheAppShowsIt() throws {
        let data = try bytes(fixtures + "/jawt-export-el.json")
        #expect(data.contains(0x86) && data.contains(0x9A))
        let result = try importedFixture("jawt-export-el.json")
        #expect(result.warnings == [Self.readAsTheApp])
        let routine = try #require(result.routines.first).routine
        #expect(routine.name == asTheJAWTAppShows("Πρωινή Άσκηση") && routine.name.contains("\u{FFFD}"))
        #expect(routine.exercises.map(\.title) == [asTheJAWTAppShows("Κάμψεις"), "Squats"])
        // 10 + 3 × (30 + 10 + 30 + 15).
        #expect(Plan(routine).totalDuration == 265 && routine.rounds == 3)
        #expect(routine.exercises.last?.figure != nil, "Squats is sevenmin's squat")
    }

    @Test func jawtJapaneseExportImportsAsTheAppShowsIt() throws {
        let result = try importedFixture("jawt-export-ja.json")
        let routine = try #require(result.routines.first).routine
        #expect(routine.exercises.map(\.title)
                == [asTheJAWTAppShows("スクワット"), asTheJAWTAppShows("ふっきん")])
        #expect(routine.exercises[1].title.hasPrefix("ucM\u{FFFD}"))
        // 10 + 5 + 2 × (40 + 20 + 40 + 20); the title keeps no letter a file name can.
        #expect(Plan(routine).totalDuration == 255 && result.routines[0].fileName == "imported")
    }

    /// examples/config.yaml's no_chair is not read by Sweat: its chair drills stay, as Sweat runs them, and
    /// the import says the `--without chair` that leaves them out here.
    @Test func sweatShuffleAndNoChairAreStartOptions() throws {
        let result = try importedFixture("sweat-shuffle-no-chair.yaml")
        let imported = try #require(result.routines.first)
        #expect(imported.startOptions == ["--shuffle", "--without", "chair"] && result.ignored.isEmpty)
        #expect(imported.notes == ["no_chair: 1 is not read by Sweat (its --no-chair is an option of its command "
            + "line), so the chair drills are in, as Sweat runs the file; --without chair leaves them out"])
        // 12 × (10 + 40) + 4, the chair drills in; tagged, so --without chair finds them.
        #expect(Plan(imported.routine).totalDuration == 604)
        #expect(imported.routine.exercises.filter { $0.tags.contains("chair") }.map(\.title)
                == ["tricep dips", "step-ups"])
    }

    /// The smallest ~/.sweat names no drill: Sweat runs its twelve, and so does the import.
    @Test func aMinimalDotSweatRunsSweatsDefaults() throws {
        let result = try importedFixture("home/.sweat")
        #expect(result.format == .sweat && result.ignored.isEmpty)
        let sweat = try #require(result.routines.first).routine
        #expect(sweat.name == "Sweat" && result.routines[0].fileName == "sweat")
        #expect(sweat.exercises.count == 12 && Plan(sweat).totalDuration == 484)
        #expect(RoutineImport.detect(try YAMLParser.parse(Array("chair: 0\n".utf8))) == .sweat)
        #expect(RoutineImport.detect(try YAMLParser.parse(Array("colour: red\n".utf8))) == nil)
    }

    /// Refused where Sweat refuses them: a group with no name (Sweat::Group requires one), and no chair
    /// and no jumping, which leave Sweat's own aerobic group no drill.
    @Test(arguments: [
        ("sweat-unnamed-group.yaml", "sweat-unnamed-group.yaml:6:5: the group has no \"name\", which Sweat "
            + "requires: it will not run without one"),
        ("sweat-no-chair-no-jumping.yaml", "sweat-no-chair-no-jumping.yaml:2:10: Sweat's own group aerobic has no "
            + "drill left with chair: 0 and jumping: 0, and Sweat will not run"),
    ])
    func sweatFilesSweatRefusesAreRefusedThere(name: String, said: String) throws {
        let error = try #require(throws: RoutineLoadError.self) { try importedFixture(name) }
        #expect(error.description == said)
    }

    /// Sweat shuffles within each of its groups; `--shuffle` within sevenmin's, which German group names do
    /// not name, so the import says that drills may cross them. no_jumping: 1 is said as no_chair: 1 is.
    @Test func sweatShuffleSaysWhenItsGroupsAreNotSevenminsGroups() throws {
        let yaml = "shuffle: 1\nno_jumping: 1\ngroups:\n  - name: Beine\n    drills:\n      - name: Kniebeugen\n"
            + "  - name: Rumpf\n    drills:\n      - name: Unterarmstütz\n"
        let sweat = try #require(try imported(yaml, yaml: true, path: "hotel.yaml").routines.first)
        #expect(sweat.startOptions == ["--shuffle", "--without", "jumping"] && sweat.fileName == "sweat-hotel")
        #expect(sweat.notes == [
            "--shuffle shuffles within sevenmin's groups (cardio, lower, upper, core), which these groups' names do "
                + "not all tell apart: Beine, Rumpf; so some drills may be shuffled across Sweat's groups",
            "no_jumping: 1 is not read by Sweat (its --no-jumping is an option of its command line), so the jumping "
                + "drills are in, as Sweat runs the file; --without jumping leaves them out",
        ])
        let known = "shuffle: 1\ngroups:\n  - name: legs\n    drills:\n      - name: squats\n"
            + "  - name: core\n    drills:\n      - name: plank\n"
        #expect(try imported(known, yaml: true).routines.first?.notes == [String]())
    }
}
