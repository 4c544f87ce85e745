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
        let env = ["HOME": dir, "XDG_CONFIG_HOME": dir, "SEVENMIN_WORKOUTS": ""]
        let list = try run("/usr/bin/env", ["-u", "SEVENMIN_DATA_DIR", dir + "/sevenmin", "list"],
                           environment: env, directory: dir)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("Jumping Jacks"))
        let routines = try run("/usr/bin/env", ["-u", "SEVENMIN_DATA_DIR", dir + "/sevenmin", "routines"],
                               environment: env, directory: dir)
        #expect(routines.stdout.contains("(built in)/tabata.json"), "\(routines.stdout)")
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
