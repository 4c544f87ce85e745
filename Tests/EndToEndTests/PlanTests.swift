// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `sevenmin plan` and `start` following it, on the real binary with its own folders.
@Suite("Plans end to end", .serialized)
struct PlanEndToEndTests {
    let short = fixtures + "/short.json"

    /// A user with a plan of their own whose steps run the short fixture, every day of the week.
    func user() throws -> [String: String] {
        let home = temporaryDirectory()
        let env = ["XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state"]
        try writePlan(for: env, sessionsToMove: 1)
        return env
    }

    /// The user's plan `quick`, moving up after `sessionsToMove` easy workouts.
    func writePlan(for env: [String: String], sessionsToMove: Int) throws {
        let plans = env["XDG_CONFIG_HOME"]! + "/sevenmin/plans"
        try FileManager.default.createDirectory(atPath: plans, withIntermediateDirectories: true)
        try """
            { "name": "Quick steps", "days": ["sun", "mon", "tue", "wed", "thu", "fri", "sat"],
              "steps": [ { "routine": "\(short)", "rounds": 1 }, { "routine": "\(short)", "rounds": 2 } ],
              "advance": { "sessions": \(sessionsToMove), "effortAtMost": 6, "minDays": 0 } }
            """.write(toFile: plans + "/quick.json", atomically: true, encoding: .utf8)
    }

    func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    @Test func joinShowAndStartWithNoRoutineRunTheStepAndMoveOnTheRating() throws {
        let env = try user()
        let list = try run(binary, ["plan", "list"], environment: env)
        #expect(list.stdout.contains("quick  Quick steps") && list.stdout.contains("three-circuits")
            && list.stdout.contains("standing-start"), "\(list.stdout)")
        let joined = try run(binary, ["plan", "join", "quick"], environment: env)
        #expect(joined.status == 0 && joined.stdout.hasPrefix("Joined Quick steps. Step 1 of 2"))
        var plan = json(try run(binary, ["plan", "--json"], environment: env).stdout)
        #expect(plan["plan"] as? String == "Quick steps" && plan["step"] as? Int == 1)
        let today = try #require(plan["today"] as? [String: Any])
        #expect(today["routine"] as? String == short && today["rounds"] as? Int == 1)

        // No routine: the step runs, and the history knows it was the plan's.
        let started = try run(binary, ["start", "--plain", "--mute"], environment: env)
        #expect(started.status == 0 && started.stdout.contains("Short Test Routine — 2 exercises"), "\(started)")
        #expect(started.stdout.contains(" Plan: Quick steps · step 1 of 2\n"), "plain mode names the step")
        let history = try run(binary, ["history", "--json"], environment: env)
        let sessions = (try JSONSerialization.jsonObject(with: Data(history.stdout.utf8))) as? [[String: Any]]
        let session = try #require(sessions?.first)
        #expect(session["plan"] as? String == "Quick steps" && session["plan_step"] as? Int == 1)
        plan = json(try run(binary, ["plan", "--json"], environment: env).stdout)
        #expect(plan["today"] is NSNull && (plan["next"] as? [String: Any])?["date"] != nil, "done for today")
        #expect(plan["step"] as? Int == 1, "unrated: it does not move")
        let stats = try run(binary, ["stats"], environment: env).stdout
        #expect(stats.contains("Plan streak: 1 planned day kept in a row (Quick steps, step 1 of 2)"), "\(stats)")
        #expect(stats.contains("  This week: ") && stats.contains(" ✓"))
        let statsJSON = json(try run(binary, ["stats", "--json"], environment: env).stdout)
        #expect((statsJSON["plan"] as? [String: Any])?["streak"] as? Int == 1)

        // Rated easy, it moves up; the text says why.
        #expect(try run(binary, ["rate", "5"], environment: env).status == 0)
        plan = json(try run(binary, ["plan", "--json"], environment: env).stdout)
        #expect(plan["step"] as? Int == 2)
        let change = try #require(plan["last_change"] as? [String: Any])
        #expect(change["from"] as? Int == 1 && change["to"] as? Int == 2)
        let text = try run(binary, ["plan"], environment: env).stdout
        #expect(text.contains("Step 2 of 2: \(short), 2 rounds")
            && text.contains("Last change: moved up to step 2 on"), "\(text)")
        // An explicit routine is not the plan's: it is not tagged.
        _ = try run(binary, ["start", "--plain", "--mute", short], environment: env)
        let all = try run(binary, ["history", "--json"], environment: env).stdout
        #expect(all.contains("\"plan\": null"))

        #expect(try run(binary, ["plan", "leave"], environment: env).status == 0)
        #expect(try run(binary, ["plan"], environment: env).stdout.hasPrefix("No plan joined."))
    }

    /// A plan's step cut short and resumed is still the step: the screen names it as before the break.
    @Test func aResumedStepStillShowsThePlan() throws {
        let env = try user()
        #expect(try run(binary, ["plan", "join", "quick"], environment: env).status == 0)
        let vars = env.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
        let tmux = try Tmux("\(vars) \(binary) start --mute")
        tmux.waitFor(text: "Plan: Quick steps · step 1 of 2", timeout: 6)
        tmux.waitFor(text: "Rest", timeout: 10)
        kill(try #require(tmux.sevenminPID()), SIGKILL)
        tmux.waitFor(text: "exit=137")
        tmux.type("clear; \(vars) \(binary) start --resume --mute")
        tmux.waitFor(text: "PAUSED")
        #expect(tmux.screen().contains("Plan: Quick steps · step 1 of 2"), "\(tmux.screen())")
        tmux.send("q")
        tmux.send("y")
    }

    /// What `list`, `export-audio` and `start` take when no routine is named: the same workout, the joined
    /// plan's step first, else the config file's routine (never Classic while either says otherwise).
    @Test func listExportAndStartAgreeOnTheDefaultRoutine() throws {
        let home = temporaryDirectory()
        let env = ["XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state"]
        try FileManager.default.createDirectory(atPath: home + "/config/sevenmin/plans",
                                                withIntermediateDirectories: true)
        try """
            { "name": "Twice", "days": ["sun", "mon", "tue", "wed", "thu", "fri", "sat"],
              "steps": [ { "routine": "\(short)", "work": 2 } ] }
            """.write(toFile: home + "/config/sevenmin/plans/twice.json", atomically: true, encoding: .utf8)
        // The config names another routine: the plan's step comes first, and after leaving, the config's.
        let sides = fixtures + "/sides.json"
        try #"{ "routine": "\#(sides)" }"#.write(toFile: home + "/config/sevenmin/config.json", atomically: true,
                                                  encoding: .utf8)
        #expect(try run(binary, ["plan", "join", "twice"], environment: env).status == 0)
        // The step's workout is recorded as the step; one changed by an option typed over it is off-plan.
        #expect(try run(binary, ["start", "--plain", "--mute"], environment: env).status == 0)
        #expect(try run(binary, ["start", "--plain", "--mute", "--work", "1"], environment: env).status == 0)
        let history = try run(binary, ["history"], environment: env).stdout.split(separator: "\n")
        #expect(history.count == 3 && history[0].hasSuffix("PLAN") && history[1].hasSuffix("  Twice step 1")
            && history[2].hasSuffix("  -"), "\(history)")
        for name in ["Short Test Routine", "Sides Test Routine"] {
            let list = json(try run(binary, ["list", "--json"], environment: env).stdout)
            #expect(list["name"] as? String == name, "\(list)")
            let total = try #require(list["total"] as? Int)
            let wav = home + "/track.wav"
            let export = try run(binary, ["export-audio", wav, "--no-voice", "--force"], environment: env)
            // The track runs on past the end by the finish cue's last second.
            let seconds = [total, total + 1].map { ": 0:" + String(format: "%02d", $0) + ", " }
            #expect(export.status == 0 && seconds.contains(where: export.stdout.contains), "\(export) vs \(total) s")
            // Its exercises cut to a second each, which changes nothing of which routine runs.
            let started = try run(binary, ["start", "--plain", "--mute", "--no-history", "--work", "1"],
                                  environment: env)
            #expect(started.status == 0 && started.stdout.contains(name) && !started.stdout.contains("Classic"),
                    "\(started)")
            _ = try run(binary, ["plan", "leave"], environment: env)
        }
    }

    @Test func anotherMachinesWorkoutsMoveThePlanEachCountedOnce() throws {
        // One machine shares its history: a workout of step 1, rated easy afterwards.
        let here = try user()
        let shared = here["XDG_STATE_HOME"]! + "/sevenmin/history.d"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        #expect(try run(binary, ["plan", "join", "quick"], environment: here).status == 0)
        #expect(try run(binary, ["start", "--plain", "--mute"], environment: here).status == 0)
        #expect(try run(binary, ["rate", "5"], environment: here).status == 0)
        // Its copy: a folder named by its id, a file a month (the workout's, and its rating's).
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: shared).first)
        let published = folder + "/" + (try #require(try FileManager.default.contentsOfDirectory(
            atPath: shared + "/" + folder).first { $0.hasSuffix(".sqlite3") }))

        // Another machine, with no workout of its own, has joined the same plan at the same moment and
        // finds that file twice in its history.d (as a sync conflict and a copy by hand leave it).
        let there = try user()
        let theirs = there["XDG_STATE_HOME"]! + "/sevenmin"
        try FileManager.default.createDirectory(atPath: theirs + "/history.d", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: here["XDG_STATE_HOME"]! + "/sevenmin/plan.json",
                                         toPath: theirs + "/plan.json")
        for name in ["laptop.sqlite3", "laptop-copy.sqlite3"] {
            try FileManager.default.copyItem(atPath: shared + "/" + published, toPath: theirs + "/history.d/" + name)
        }
        // The rating given after the workout came with the file: the plan has moved up there too.
        var plan = json(try run(binary, ["plan", "--json"], environment: there).stdout)
        #expect(plan["step"] as? Int == 2, "\(plan)")
        // With two easy workouts needed, the one workout held twice is one: still step 1, done today.
        try writePlan(for: there, sessionsToMove: 2)
        plan = json(try run(binary, ["plan", "--json"], environment: there).stdout)
        #expect(plan["step"] as? Int == 1 && plan["today"] is NSNull, "\(plan)")
        let stats = try run(binary, ["stats"], environment: there).stdout
        #expect(stats.contains("Plan streak: 1 planned day kept in a row (Quick steps, step 1 of 2)"), "\(stats)")
        #expect(!FileManager.default.fileExists(atPath: theirs + "/history.sqlite3"), "reading writes nothing")
    }

    @Test func aBrokenPlanIsReportedAtItsPositionAndNothingIsJoined() throws {
        let env = try user()
        let file = temporaryDirectory() + "/bad.json"
        try #"{"name": "Bad", "days": ["mon", "wedn"], "steps": [{"routine": "classic", "rouds": 2}]}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let r = try run(binary, ["plan", "join", file], environment: env)
        #expect(r.status == 65)
        #expect(r.stderr.contains(file + ":1:33: \"wedn\" is not a day"))
        #expect(r.stderr.contains("did you mean \"wed\"?"))
        #expect(r.stderr.contains(file + ":1:75: unknown key \"rouds\" in a step; did you mean \"rounds\"?"),
                "\(r.stderr)")
        #expect(try run(binary, ["plan"], environment: env).stdout.hasPrefix("No plan joined."))
        let missing = try run(binary, ["plan", "join", "quik"], environment: env)
        #expect(missing.status == 66 && missing.stderr.contains("Did you mean 'quick'?"))
    }

    @Test func aPlanWhoseStepCannotRunIsRefusedAtTheStepAndListedWithWhy() throws {
        let env = try user()
        let plans = env["XDG_CONFIG_HOME"]! + "/sevenmin/plans"
        try #"{"name": "Typo", "steps": [{"routine": "classic"}, {"routine": "clasic", "rounds": 2}]}"#
            .write(toFile: plans + "/typo.json", atomically: true, encoding: .utf8)
        try #"{"name": "Bare", "steps": [{"routine": "classic", "without": ["floor", "jump"]}]}"#
            .write(toFile: plans + "/bare.json", atomically: true, encoding: .utf8)
        try #"{"name": "x", "steps": [{"routine": "classic", "rouds": 2}]}"#
            .write(toFile: plans + "/broken.json", atomically: true, encoding: .utf8)
        let typo = try run(binary, ["plan", "join", "typo"], environment: env)
        #expect(typo.status == 65 && typo.stderr.hasPrefix(plans + "/typo.json:1:64: step 2 cannot run: "
            + "No routine named 'clasic'. Did you mean 'classic'?"), "\(typo.stderr)")
        #expect(try run(binary, ["plan"], environment: env).stdout.hasPrefix("No plan joined."))
        let bare = try run(binary, ["plan", "join", "bare"], environment: env)
        #expect(bare.status == 65 && bare.stderr.hasPrefix(plans + "/bare.json:1:40: step 1 cannot run: "),
                "\(bare.stderr)")
        let list = try run(binary, ["plan", "list"], environment: env)
        #expect(list.status == 0 && list.stderr.isEmpty, "\(list.stderr)")
        #expect(list.stdout.contains("  broken  cannot be joined: " + plans
            + #"/broken.json:1:48: unknown key "rouds" in a step; did you mean "rounds"?"# + "\n"), "\(list.stdout)")
        #expect(list.stdout.contains("  typo  cannot be joined: " + plans + "/typo.json:1:64: step 2 cannot run"))
        #expect(list.stdout.contains("  bare  cannot be joined: " + plans + "/bare.json:1:40: step 1 cannot run"))
        #expect(list.stdout.contains("  quick  Quick steps · 2 steps"))
        try #"{"name": "One", "steps": [{"routine": "classic"}]}"#
            .write(toFile: plans + "/one.json", atomically: true, encoding: .utf8)
        let one = try run(binary, ["plan", "list"], environment: env).stdout
        #expect(one.contains("  one  One · 1 step · mon wed fri\n"), "\(one)")
    }

    @Test func aJoinedPlanWhoseFileIsGoneSaysHowToLeaveIt() throws {
        let env = try user()
        #expect(try run(binary, ["plan", "join", "quick"], environment: env).status == 0)
        try FileManager.default.removeItem(atPath: env["XDG_CONFIG_HOME"]! + "/sevenmin/plans/quick.json")
        for command in [["plan"], ["start", "--plain", "--mute"]] {
            let r = try run(binary, command, environment: env)
            #expect(r.status == 66 && r.stderr.contains("No plan named 'quick'")
                && r.stderr.contains("'sevenmin plan leave' leaves it"), "\(command): \(r.stderr)")
        }
    }

    /// A tampered `plan.json`: a join time of 1e300 crashed `plan` and `stats` (SIGILL), and -1e19 took
    /// `stats` to 17 GB. Each command that follows the plan says the damage once, at its place, and exits
    /// 65; `plan leave` removes the file.
    @Test(arguments: ["1e300", "-1e19"])
    func aTamperedJoinTimeIsDamageSaidOnce(time: String) throws {
        let env = try user()
        #expect(try run(binary, ["plan", "join", "quick"], environment: env).status == 0)
        let state = env["XDG_STATE_HOME"]! + "/sevenmin/plan.json"
        try #"{"plan": "quick", "joined": \#(time)}"#.write(toFile: state, atomically: true, encoding: .utf8)
        let said = state + ":1:29: \"joined\" must be a time from 1970 to 3000"
        for command in [["plan"], ["plan", "--json"], ["stats"], ["plan", "list"], ["start", "--plain", "--mute"]] {
            let r = try run(binary, command, environment: env)
            #expect(r.status == 65, "\(command): \(r.status) \(r.stderr)")
            #expect(r.stderr.components(separatedBy: said).count == 2, "\(command): \(r.stderr)")
            #expect(r.stderr.contains("'sevenmin plan leave' leaves it"), "\(command): \(r.stderr)")
        }
        let left = try run(binary, ["plan", "leave"], environment: env)
        #expect(left.status == 0 && !FileManager.default.fileExists(atPath: state), "\(left.stderr)")
    }

    @Test func theSchemaAndTheLoaderAgreeOnTheShippedPlans() throws {
        let shipped = jsonFiles(repositoryRoot + "/Workouts/plans")
        #expect(shipped.count >= 2)
        let schema = try run("/usr/bin/python3", [repositoryRoot + "/scripts/check-schema", "--plan"] + shipped)
        #expect(schema.status == 0, "\(schema.stdout)")
        for file in shipped {
            let joined = try run(binary, ["plan", "join", file], environment: try user())
            #expect(joined.status == 0, "\(joined.stderr)")
        }
        let bad = temporaryDirectory() + "/bad.json"
        try #"{"name": "x", "steps": [{"routine": "classic", "rounds": 0}]}"#.write(toFile: bad, atomically: true,
                                                                                  encoding: .utf8)
        #expect(try run("/usr/bin/python3", [repositoryRoot + "/scripts/check-schema", "--plan", bad]).status != 0)
        #expect(try run(binary, ["plan", "join", bad], environment: try user()).status == 65)
    }
}
