// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

let importFixtures = repositoryRoot + "/Tests/SevenminImportTests/Fixtures"

@Suite("Importing and exporting routines")
struct ImportExportTests {
    @Test func importWritesEveryWorkoutAsACheckedRoutineAndPrintsThePaths() throws {
        let (env, config) = isolatedEnvironment()
        let files = ["jawt-backup.json", "jawt-export-de.json", "openhiit-workouts-2024.json", "sweat-example.yaml"]
            .map { importFixtures + "/" + $0 }
        let r = try run(binary, ["import"] + files, environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let folder = config + "/sevenmin/workouts/"
        let written = ["morning-burner", "tabata-quick", "r-cken-bauch", "old-timer", "tabata-2024", "sweat-example"]
            .map { folder + $0 + ".json" }
        #expect(r.stdout == written.map { $0 + "\n" }.joined())
        // One warning a file for what sevenmin leaves out or reads otherwise, and a note for what it cannot keep.
        let warnings = r.stderr.split(separator: "\n").filter { $0.hasPrefix("Warning: ") }.map(String.init)
        let expected: [String] = [
            "Warning: \(files[1]): not UTF-8, so read as Just Another Workout Timer reads its exports: each piece "
                + "that is not UTF-8 as U+FFFD (\u{FFFD}), as the app shows it; it writes one byte a character, so "
                + "letters past ASCII are lost",
            "Warning: \(files[2]): left out, as sevenmin has no use for them: workSound (in a timer), restSound "
                + "(in a timer), halfwaySound (in a timer), completeSound (in a timer), countdownSound (in a timer), "
                + "colorInt (in a timer)",
        ]
        #expect(warnings == expected)
        // What next, last.
        #expect(r.stderr.hasSuffix("Start one with: sevenmin start morning-burner; 'sevenmin routines' lists them "
            + "all\n"), "\(r.stderr)")
        #expect(!r.stderr.contains("Tabata Quick"), "the rest at the very end is kept, with nothing to say")
        // JAWT's 10 s in and 8 × (20 + 10), the last rest included, exactly.
        let tabata = try run(binary, ["list", "tabata-quick"], environment: env)
        #expect(tabata.stdout.contains("rest 10s at the end") && tabata.stdout.contains("Total: 4:10 "),
                "\(tabata.stdout)")
        // Every routine written meets the published schema and runs as the app ran it.
        let schema = try run("/usr/bin/python3", [repositoryRoot + "/scripts/check-schema"] + written)
        #expect(schema.status == 0, "\(schema.stdout)\(schema.stderr)")
        let list = try run(binary, ["list", "morning-burner"], environment: env)
        #expect(list.stdout.contains("Total: 7:10 (8 exercise periods)"))
        #expect(list.stdout.contains("rest as listed, after each exercise"))
    }

    @Test func aBrokenFileWritesNothingAndSaysWhere() throws {
        let (env, config) = isolatedEnvironment()
        let broken = temporaryDirectory() + "/broken.yaml"
        try "drill_length: 30\ngroups:\n  - name: a\n    drills: [x, {name: y, requires_jumping: maybe}]\n"
            .write(toFile: broken, atomically: true, encoding: .utf8)
        let r = try run(binary, ["import", importFixtures + "/sweat-example.yaml", broken], environment: env)
        #expect(r.status == 65)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == broken + ":4:14: a drill must be a mapping with its name (name: …), as Sweat reads it, "
            + "not a bare name\n" + broken + ":4:45: \"requires_jumping\" must be 0 or 1 (or true or false), not a "
            + "string\n")
        #expect(!FileManager.default.fileExists(atPath: config + "/sevenmin/workouts/sweat-example.json"))
        let missing = try run(binary, ["import", "/nonexistent/timer.json"], environment: env)
        #expect(missing.status == 66)
        // An empty .json was "expected a YAML mapping".
        let empty = temporaryDirectory() + "/empty.json"
        try " \n".write(toFile: empty, atomically: true, encoding: .utf8)
        let nothing = try run(binary, ["import", empty], environment: env)
        #expect(nothing.status == 65, "\(nothing.stderr)")
        #expect(nothing.stderr == empty + ":1:1: the file is empty: there is nothing to import\n")
    }

    /// A link to nowhere at the third target passed the check for files already there, so the first two
    /// were written before the third failed; and a workout titled "Classic" silently became what `start`
    /// runs. Now the link, which holds no routine of this import, is passed for the next free name, and a
    /// routine hidden is said, as `new` says it.
    @Test func importLeavesALinkAloneAndSaysARoutineItHides() throws {
        let (env, config) = isolatedEnvironment()
        let folder = config + "/sevenmin/workouts"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = temporaryDirectory() + "/timers.json"
        try ("[" + ["A", "B", "Classic"].map { name in
            #"{"title": "\#(name)", "numExercises": 1, "exercises": "[]", "workTime": 20, "restTime": 10, "#
                + #""iterations": 1}"#
        }.joined(separator: ",") + "]").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(symlink(temporaryDirectory() + "/nowhere", folder + "/classic.json") == 0)
        let passed = try run(binary, ["import", file], environment: env)
        #expect(passed.status == 0 && passed.stdout.hasSuffix("/classic-2.json\n"), "\(passed)")
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/classic.json")
        #expect(link.hasSuffix("/nowhere"), "the link is left alone")
        for name in ["a", "b", "classic-2", "classic"] { #expect(unlink(folder + "/\(name).json") == 0) }
        let r = try run(binary, ["import", file], environment: env)
        #expect(r.status == 0 && r.stdout.split(separator: "\n").count == 3, "\(r.stderr)")
        #expect(r.stderr.contains("Warning: \(folder)/classic.json hides the routine of the same name in "),
                "\(r.stderr)")
        #expect(r.stderr.contains("'sevenmin routines' shows both"), "\(r.stderr)")
    }

    /// A second import of other workouts collided: names without Latin letters were all `imported`, every
    /// Sweat file `sweat`, and the second was refused, or with --force replaced the first. Now a different
    /// routine takes the next free name, the same one unchanged is left as it is, and --force replaces
    /// only the same routine.
    @Test func aSecondImportNeverFailsNorOverwritesAnotherRoutine() throws {
        let (env, config) = isolatedEnvironment()
        let folder = config + "/sevenmin/workouts/"
        let japanese = importFixtures + "/jawt-export-ja.json", other = temporaryDirectory() + "/yoga.json"
        try #"{"title": "ヨガ", "sets": [{"repetitions": 1, "exercises": [{"name": "Plank", "duration": 60}]}]}"#
            .write(toFile: other, atomically: true, encoding: .utf8)
        for (files, written) in [([japanese], "imported"), ([other], "imported-2"),
                                 ([importFixtures + "/home/.sweat"], "sweat"),
                                 ([importFixtures + "/sweat-de.yaml"], "sweat-de")] {
            let r = try run(binary, ["import"] + files, environment: env)
            #expect(r.status == 0 && r.stdout == folder + written + ".json\n", "\(r)")
            #expect(r.stderr.hasSuffix("Start it with: sevenmin start \(written)\n"), "\(r.stderr)")
        }
        let before = try String(contentsOfFile: folder + "imported.json", encoding: .utf8)
        #expect(before.contains("Imported from Just Another Workout Timer"))
        // The same routine again: left as it is, and said to be.
        let again = try run(binary, ["import", japanese], environment: env)
        #expect(again.status == 0 && again.stdout.isEmpty, "\(again)")
        #expect(again.stderr.contains("\(folder)imported.json is already this routine, as imported before."))
        // Changed since: refused without --force, replaced with it; the other routines untouched.
        try before.replacing("\"work\": 40", with: "\"work\": 45").write(toFile: folder + "imported.json",
                                                                          atomically: true, encoding: .utf8)
        let changed = try run(binary, ["import", japanese], environment: env)
        #expect(changed.status == 73 && changed.stderr.contains("imported.json holds "), "\(changed)")
        #expect(changed.stderr.contains("from an earlier import, which differs from this one; add --force to "
            + "replace it with this import, or rename that file to keep both."), "\(changed.stderr)")
        let forced = try run(binary, ["import", "--force", japanese, other], environment: env)
        #expect(forced.status == 0 && forced.stdout == folder + "imported.json\n", "\(forced)")
        #expect(forced.stderr.contains("Replaced \(folder)imported.json, the same routine imported before."))
        #expect(try String(contentsOfFile: folder + "imported.json", encoding: .utf8) == before)
        #expect(try String(contentsOfFile: folder + "imported-2.json", encoding: .utf8).contains("Plank"))
        // Sweat's shuffle and no_chair become what start is told; its moves get sevenmin's figures.
        let sweat = try run(binary, ["import", importFixtures + "/sweat-shuffle-no-chair.yaml"], environment: env)
        #expect(sweat.stderr.hasSuffix("Start it with: sevenmin start sweat-shuffle-no-chair --shuffle --without "
            + "chair\n"), "\(sweat.stderr)")
        let list = try run(binary, ["list", "sweat-shuffle-no-chair", "--without", "chair"], environment: env)
        #expect(list.status == 0 && !list.stdout.contains("tricep dips") && list.stdout.contains("wall sit"))
        #expect(try String(contentsOfFile: folder + "sweat-shuffle-no-chair.json", encoding: .utf8)
                    .contains("\"figure\": \"jumping-jack\""))
    }

    /// A 1 MiB OpenHIIT file of long timers took 1.23 GB to refuse: it is refused at its count of workouts,
    /// before any is laid out, in well under 100 MiB.
    @Test func aMebibyteOfLongTimersIsRefusedInLittleMemory() throws {
        let (env, _) = isolatedEnvironment()
        let dir = temporaryDirectory(), file = dir + "/timers.json", measured = dir + "/cost.json"
        let timer = #"{"title":"T","numExercises":1000,"exercises":"[]","exerciseTime":1,"iterations":99}"#
        let count = (1 << 20) / (timer.utf8.count + 2)
        try ("[" + Array(repeating: timer, count: count).joined(separator: ",\n") + "]")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let result = try run("/usr/bin/python3", [repositoryRoot + "/bench/measure.py", measured, "--",
                                                  binary, "import", file], environment: env)
        #expect(result.stderr.contains("\(file):101:1: the file holds \(count) workouts; one import makes at most "
            + "100 routines, so none was imported"), "\(result.stderr)")
        let cost = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: measured)))
            as? [String: Any]
        #expect(cost?["status"] as? Int == 65)
        let peak = cost?["maxrss_kib"] as? Int ?? .max
        #expect(peak < 100 << 10, "peak RSS \(peak / 1_024) MiB")
    }

    @Test func exportRoutineGoesBackToThePhoneAndComesBackTheSame() throws {
        let (env, config) = isolatedEnvironment()
        let dir = temporaryDirectory()
        let r = try run(binary, ["export-routine", dir + "/tabata.json", "tabata", "--format", "openhiit"],
                        environment: env)
        #expect(r.status == 0 && r.stdout == dir + "/tabata.json\n")
        let refused = try run(binary, ["export-routine", dir + "/tabata.json", "classic"], environment: env)
        #expect(refused.status == 73 && refused.stderr.contains("add --force to overwrite it"))
        let misfit = try run(binary, ["export-routine", dir + "/c.json", "classic", "--format", "openhiit"],
                             environment: env)
        #expect(misfit.status == 65)
        #expect(misfit.stderr.contains("does not fit OpenHIIT's timers: an exercise switches sides"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/c.json"))
        #expect(try run(binary, ["export-routine", dir + "/x.txt"], environment: env).status == 64)
        let back = try run(binary, ["import", dir + "/tabata.json"], environment: env)
        #expect(back.status == 0 && back.stdout == config + "/sevenmin/workouts/tabata.json\n")
        let before = try run(binary, ["list", "tabata", "--json"], environment: ["SEVENMIN_WORKOUTS": ""])
        let after = try run(binary, ["list", config + "/sevenmin/workouts/tabata.json", "--json"], environment: env)
        #expect(before.stdout.split(separator: "\n").dropFirst(2) == after.stdout.split(separator: "\n").dropFirst(2))
    }
}
