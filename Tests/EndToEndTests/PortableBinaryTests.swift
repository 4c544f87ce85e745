// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The binary copied on its own into an empty folder, far from the source tree.
@Suite("A copied binary", .serialized)
struct PortableBinaryTests {
    /// A copy of the binary in a fresh folder; `SEVENMIN_DATA_DIR` is cleared by `env -u` when run.
    static func copy() throws -> String {
        let dir = temporaryDirectory()
        try FileManager.default.copyItem(atPath: binary, toPath: dir + "/sevenmin")
        return dir
    }

    @Test func listsAndShowsTheShippedRoutines() throws {
        let dir = try PortableBinaryTests.copy()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try expectAnHonestInstall(dir + "/sevenmin", home: dir)
    }

    @Test func startPlaysTheBuiltInSounds() throws {
        let dir = try PortableBinaryTests.copy()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tmux = try Tmux("cd \(dir) && env -u SEVENMIN_DATA_DIR SEVENMIN_AUDIO_WAV=\(dir)/out.wav ./sevenmin start "
                            + "\(fixtures)/short.json --no-voice --events \(dir)/ev.jsonl")
        tmux.waitFor(text: "Workout complete", timeout: 20)
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
        let log = (try? String(contentsOfFile: tmux.directory + "/sevenmin/sevenmin.log", encoding: .utf8)) ?? ""
        #expect(!log.contains("missing sounds"), "\(log)")
        let cues = events(dir + "/ev.jsonl").filter { $0["event"] as? String == "cue" }
        #expect(cues.contains { $0["cue"] as? String == "go" && $0["delivery"] as? String == "device" }, "\(cues)")
        // The played file holds sound, not only the silence between cues.
        let wav = try #require(FileManager.default.contents(atPath: dir + "/out.wav"))
        #expect(wav.dropFirst(44).contains { $0 != 0 })
    }
}

/// The shipped routines' names, as `Workouts/` holds them: every `.json` but the two schemas.
func shippedRoutineNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/Workouts")
        .filter { $0.hasSuffix(".json") && !$0.hasSuffix("schema.json") }
        .map { String($0.dropLast(".json".count)) }.sorted()
}

/// What a user sees from an installed `binary` with no data folder anywhere near it (its routines come
/// from inside it): `list` shows the classic, `routines` and completion name every shipped routine and
/// no schema, and `doctor` finds every routine loading.
func expectAnHonestInstall(_ binary: String, home: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    // A known TERM, so that the verdict is about the install, not the terminal the tests run in.
    let env = ["HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state", "TERM": "xterm",
               "SEVENMIN_WORKOUTS": ""]
    func sevenmin(_ args: String...) throws -> (status: Int32, stdout: String, stderr: String) {
        try run("/usr/bin/env", ["-u", "SEVENMIN_DATA_DIR", binary] + args, environment: env, directory: home)
    }
    let names = try shippedRoutineNames()
    #expect(names.contains("classic") && names.count > 1, sourceLocation: sourceLocation)

    let list = try sevenmin("list")
    #expect(list.status == 0 && list.stdout.contains("Jumping Jacks"), "\(list.stderr)", sourceLocation: sourceLocation)

    let routines = try sevenmin("routines")
    #expect(routines.status == 0, "\(routines.stderr)", sourceLocation: sourceLocation)
    let rows = routines.stdout.split(separator: "\n").dropFirst()
    #expect(rows.map { String($0.prefix { $0 != " " }) } == names, "\(routines.stdout)", sourceLocation: sourceLocation)
    #expect(rows.allSatisfy { $0.hasSuffix(".json") && $0.contains("(built in)/") && !$0.contains("invalid") },
            "\(routines.stdout)", sourceLocation: sourceLocation)
    #expect(!routines.stdout.contains("schema"), "\(routines.stdout)", sourceLocation: sourceLocation)

    let completion = try sevenmin("__complete", "routines")
    #expect(completion.stdout.split(separator: "\n").map(String.init) == names, "\(completion.stdout)",
            sourceLocation: sourceLocation)

    // The terminal and sound checks depend on the machine; the routines and the verdict must not.
    let doctor = try sevenmin("doctor")
    #expect(doctor.stdout.contains("Routines\n  ✔ \(names.count) of \(names.count) routines load\n"),
            "\(doctor.stdout)", sourceLocation: sourceLocation)
    #expect(!doctor.stdout.contains("cannot be read") && !doctor.stdout.contains("schema"), "\(doctor.stdout)",
            sourceLocation: sourceLocation)
    #expect(doctor.stdout.hasSuffix("A workout can run.\n") && doctor.status == 0, "\(doctor.stdout)",
            sourceLocation: sourceLocation)
    let schema = try sevenmin("list", "config.schema")
    #expect(schema.status == 66 && schema.stderr.contains("No routine named 'config.schema'"), "\(schema.stderr)",
            sourceLocation: sourceLocation)
}
