// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

let goodRoutines = fixtures + "/routines/good"
let badRoutines = fixtures + "/routines/bad"

func jsonFiles(_ dir: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        .map { dir + "/" + $0 }
}

/// An isolated user: its own config folder and nothing on SEVENMIN_WORKOUTS.
func isolatedEnvironment() -> (env: [String: String], config: String) {
    let dir = temporaryDirectory()
    return (["XDG_CONFIG_HOME": dir, "HOME": dir, "SEVENMIN_WORKOUTS": ""], dir)
}

@Suite("Routine files and commands")
struct RoutineCommandTests {
    @Test func schemaAndLoaderAgreeOnEveryFixtureAndShippedRoutine() throws {
        let shipped = jsonFiles(repositoryRoot + "/Workouts").filter { !$0.hasSuffix("schema.json") }
        let good = shipped + jsonFiles(goodRoutines)
        let bad = jsonFiles(badRoutines)
        #expect(good.count >= 10 && bad.count >= 20)
        let schemaGood = try run("/usr/bin/python3", [repositoryRoot + "/scripts/check-schema"] + good)
        #expect(schemaGood.status == 0, "schema rejects a good routine:\n\(schemaGood.stdout)")
        let loaderGood = try run(binary, ["validate"] + good)
        #expect(loaderGood.status == 0, "loader rejects a good routine:\n\(loaderGood.stderr)")
        // The schema's validator and the loader once each over them all: each refuses every file, and every
        // message of the loader's carries PATH:LINE:COLUMN.
        let schemaBad = try run("/usr/bin/python3", [repositoryRoot + "/scripts/check-schema"] + bad)
        let verdicts = schemaBad.stdout.split(separator: "\n")
        #expect(schemaBad.status != 0 && verdicts.count == bad.count, "\(schemaBad.stdout)\(schemaBad.stderr)")
        let loaderBad = try run(binary, ["validate"] + bad)
        let messages = loaderBad.stderr.split(separator: "\n")
        #expect(loaderBad.status == 65 && loaderBad.stdout.isEmpty, "loader accepts one of them: \(loaderBad.stdout)")
        for file in bad {
            #expect(verdicts.contains { $0.hasPrefix(file + ": invalid: ") }, "schema accepts \(file)")
            #expect(messages.contains { $0.hasPrefix(file + ":") }, "loader accepts \(file)")
        }
        #expect(messages.allSatisfy { message in
            bad.contains { message.hasPrefix($0 + ":") && message.dropFirst($0.count + 1).first?.isNumber == true }
        }, "\(loaderBad.stderr)")
    }

    @Test func validateReportsEveryProblemInEveryFile() throws {
        let r = try run(binary, ["validate", goodRoutines + "/minimal.json", badRoutines + "/zero-work.json",
            badRoutines + "/bad-hex.json"])
        #expect(r.status == 65)
        #expect(r.stdout == goodRoutines + "/minimal.json: ok\n")
        #expect(r.stderr.split(separator: "\n").count == 2)
        #expect(r.stderr.contains("zero-work.json:1:23: \"work\" must be more than 0 seconds, not 0"))
    }

    @Test func validateNeedsAtLeastOneFile() throws {
        let r = try run(binary, ["validate"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: Missing expected argument '<routine>'"))
    }

    @Test func routinesListsTheSearchPathWithShadowing() throws {
        var (env, config) = isolatedEnvironment()
        let extra = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: config + "/sevenmin/workouts",
            withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: goodRoutines + "/minimal.json",
            toPath: config + "/sevenmin/workouts/classic.json")
        try FileManager.default.copyItem(atPath: goodRoutines + "/full.json", toPath: extra + "/full.json")
        env["SEVENMIN_WORKOUTS"] = extra
        let r = try run(binary, ["routines"], environment: env)
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("NAME") == true)
        let full = try #require(lines.first { $0.hasPrefix("full ") })
        #expect(full.contains("Everything") && full.contains(extra + "/full.json"))
        let mine = try #require(lines.first { $0.hasPrefix("classic ") && $0.contains(config) })
        #expect(mine.contains("Minimal") && !mine.contains("shadowed"))
        let theirs = try #require(lines.first { $0.hasPrefix("classic ") && $0.contains("/Workouts/classic.json") })
        #expect(theirs.contains("shadowed by " + config + "/sevenmin/workouts/classic.json"))
        #expect(theirs.contains("Classic 7-Minute Workout") && theirs.contains("8:05"))
        // The user's file is the one that runs.
        let list = try run(binary, ["list", "classic"], environment: env)
        #expect(list.stdout.hasPrefix("Minimal"))
    }

    @Test func newWritesAStarterAndNeverOverwrites() throws {
        let (env, config) = isolatedEnvironment()
        let first = try run(binary, ["new", "mine"], environment: env)
        let path = config + "/sevenmin/workouts/mine.json"
        #expect(first.status == 0)
        // It says where the file is and what to do next, by name.
        #expect(first.stdout == "Wrote \(path), a copy of classic.\nEdit it, then run: sevenmin start mine\n"
            + "Check it with: sevenmin validate mine\n")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""name": "mine""#) && text.contains("Jumping Jacks"))
        // Not classic's description under another name, and a schema an editor can really find.
        #expect(text.contains(#""description": "Started from Classic 7-Minute Workout. Describe yours here.""#))
        #expect(text.contains(#""$schema": "\#(repositoryRoot)/Workouts/schema.json""#), "\(text.prefix(200))")
        #expect(try run(binary, ["list", "mine"], environment: env).status == 0)
        let validated = try run(binary, ["validate", "mine"], environment: env)
        #expect(validated.status == 0 && validated.stdout == path + ": ok\n", "\(validated.stderr)")
        // A second time: refused, and the user's edits survive.
        try (text + " ").write(toFile: path, atomically: true, encoding: .utf8)
        let again = try run(binary, ["new", "mine", "--from", "tabata"], environment: env)
        #expect(again.status == 73)
        #expect(again.stderr.contains("already exists"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text + " ")
        let fromTabata = try run(binary, ["new", "quick", "--from", "tabata"], environment: env)
        #expect(fromTabata.status == 0)
        #expect(try String(contentsOfFile: config + "/sevenmin/workouts/quick.json",
            encoding: .utf8).contains("Squat Jumps"))
        let badName = try run(binary, ["new", "../escape"], environment: env)
        #expect(badName.status == 64)
        // A name the shipped routines have: written, and the shadowing said.
        let shadowing = try run(binary, ["new", "tabata"], environment: env)
        #expect(shadowing.status == 0)
        #expect(shadowing.stdout.contains("It hides the routine of the same name in ")
            && shadowing.stdout.contains("Workouts/tabata.json"), "\(shadowing.stdout)")
        #expect(try run(binary, ["validate", "nosuch"], environment: env).status == 66)
    }

    @Test func listJSONIsTheResolvedPlan() throws {
        let r = try run(binary, ["list", "classic", "--json", "--rounds", "2", "--rest", "5"])
        #expect(r.status == 0)
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let segments = try #require(plan["segments"] as? [[String: Any]])
        #expect(plan["rounds"] as? Int == 2)
        // The side plank's two sides are two work segments, with a 5 s switch between.
        #expect(segments.filter { $0["kind"] as? String == "work" }.count == 26)
        #expect(segments.filter { $0["kind"] as? String == "switch" }.map { $0["side"] as? Int } == [2, 2])
        let round: Double = 12 * 30 + 11 * 5 + 5
        #expect(plan["total"] as? Double == 10 + 2 * round + 60)
        var t = 0.0
        for s in segments {
            #expect(s["start"] as? Double == t)
            t += s["duration"] as? Double ?? 0
        }
    }

    @Test func withoutAndShuffleChangeTheList() throws {
        let quiet = try run(binary, ["list", "classic", "--without", "noisy", "--without", "chair"])
        #expect(quiet.status == 0)
        #expect(!quiet.stdout.contains("Jumping Jacks") && !quiet.stdout.contains("Triceps Dip"))
        #expect(quiet.stdout.contains("Wall Sit"))
        let a = try run(binary, ["list", "classic", "--seed", "7"])
        let b = try run(binary, ["list", "classic", "--seed", "7"])
        #expect(a.stdout == b.stdout)
        #expect(a.stdout.contains("Shuffled with seed 7"))
        let none = try run(binary, ["list", "tabata", "--without", "noisy"])
        #expect(none.status == 65)
        #expect(none.stderr.contains("no exercises"))
    }

    @Test func badOverridesAreUsageErrors() throws {
        for args in [["list", "--work", "0"], ["list", "--rest", "-1"], ["list", "--get-ready", "x"], ["start",
            "--seed", "-3"], ["list", "--without", "Noisy"]] {
            let r = try run(binary, args)
            #expect(r.status == 64, "\(args)")
            #expect(r.stderr.hasPrefix("Error: The value"), "\(args): \(r.stderr)")
        }
    }

    @Test func textFromAFileNeverReachesTheTerminalRaw() throws {
        // An escape in a title is refused with its position; nothing is printed raw.
        let r = try run(binary, ["list", badRoutines + "/escape-in-text.json"])
        #expect(r.status == 65)
        #expect(!r.stderr.contains("\u{1B}"))
        #expect(r.stderr.contains("control character ^["))
    }
}
