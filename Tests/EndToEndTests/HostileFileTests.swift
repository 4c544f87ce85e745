// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@Suite("Hostile routine files, through the binary")
struct HostileFileTests {
    @Test func validatePrintsNothingThatDrivesTheTerminal() throws {
        let dir = temporaryDirectory()
        let path = dir + "/t\u{1B}]0;x\u{07}.json"
        let osc = #"\u001b]52;c;aGk=\u0007"#
        let json = #"{"name": "N", "exercises": [{"title": "A"}], "\#(osc)": 1, "\#(osc)": 2, "\u009b": {}}"#
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try run(binary, ["validate", path])
        #expect(r.status == 65)
        #expect(r.stderr.contains("duplicate key \"^[]52;c;aGk=^G\""))
        let raw = r.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}" }
        #expect(!raw, "\(r.stderr.debugDescription)")
    }

    @Test func aMissingFileExits66() throws {
        let r = try run(binary, ["validate", "/nonexistent/x.json"])
        #expect(r.status == 66 && r.stderr == "Error: Cannot read '/nonexistent/x.json': there is no such file.\n")
        let list = try run(binary, ["list", "/nonexistent/x.json"])
        #expect(list.status == 66)
    }

    @Test func newFromAHugeFileStopsAtItsSize() throws {
        let path = temporaryDirectory() + "/huge.json"
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        #expect(ftruncate(fd, 3 << 30) == 0)
        close(fd)
        var (env, _) = isolatedEnvironment()
        env["SEVENMIN_WORKOUTS"] = ""
        let r = try run(binary, ["new", "mine", "--from", path], environment: env)
        #expect(r.status == 65 && r.stderr.hasSuffix("the file is 3221225472 bytes; routines may be at most 1 MiB\n"))
    }

    @Test func aConfigHomeThatIsAFileGetsAPlainMessage() throws {
        let file = temporaryDirectory() + "/config"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        let r = try run(binary, ["new", "mine"], environment: ["XDG_CONFIG_HOME": file, "HOME": "/nonexistent"])
        #expect(r.status == 73)
        #expect(r.stderr
            == "Error: Cannot create the folder '\(file)/sevenmin/workouts': '\(file)' is a file, not a folder.\n")
    }

    /// Terminfo padding (`$<…>`) in routine text is text: the title reaches the terminal as it is,
    /// with no NUL padding and no sleep, so the workout quits at once.
    @Test(arguments: ["tmux-256color", "xterm-256color"])
    func paddingInATitleIsNeitherSentNorSlept(term: String) throws {
        let dir = temporaryDirectory()
        let path = dir + "/pad.json"
        try #"{"name": "P", "getReady": 0, "exercises": [{"title": "Jump $<2000/> now", "work": 30}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let tmux = try Tmux("TERM=\(term) \(binary) start \(path) --mute", recording: true)
        tmux.waitFor(text: "Jump $<2000/> now", timeout: 6)
        tmux.waitFor("the literal title", timeout: 3) { _ in tmux.format("#{pane_title}").contains("$<2000/>") }
        let asked = Date()
        tmux.send("q")
        tmux.waitFor(text: "Quit this workout?", timeout: 1.5)
        tmux.send("y")
        tmux.waitFor(text: "exit=0", timeout: 1.5)
        #expect(Date().timeIntervalSince(asked) < 3)
        let padding = tmux.rawOutput().filter { $0 == 0 }.count
        #expect(padding == 0, "\(padding) NUL bytes of padding were sent")
    }

    /// Voices espeak-ng crashed on, from a routine, the config and the command line: each is refused
    /// before it reaches the engine, with where it was written and the nearest voice it has.
    @Test func voicesTheEngineDoesNotListAreRefusedWhereTheyAreWritten() throws {
        let dir = temporaryDirectory()
        var (env, config) = isolatedEnvironment()
        env["XDG_STATE_HOME"] = dir
        for voice in ["/", "en+" + String(repeating: "x", count: 40), "en-uss"] {
            let path = dir + "/v.json"
            try #"{"name": "V", "getReady": 0, "voice": "\#(voice)", "exercises": [{"title": "A", "work": 1}]}"#
                .write(toFile: path, atomically: true, encoding: .utf8)
            let export = try run(binary, ["export-audio", dir + "/o.wav", path], environment: env)
            #expect(export.status == 65, "\(voice): \(export.status) \(export.stderr)")
            #expect(export.stderr.hasPrefix("\(path):1:39: \"\(voice)\" is not a voice this machine has"),
                    "\(export.stderr)")
            let start = try run(binary, ["start", path, "--plain"], environment: env)
            #expect(start.status == 65, "\(voice): \(start.status) \(start.stderr)")
            let validate = try run(binary, ["validate", path], environment: env)
            #expect(validate.status == 65 && validate.stderr.hasPrefix("\(path):1:39: "),
                    "\(voice): \(validate.status) \(validate.stderr)")
            let flag = try run(binary, ["export-audio", "--voice", voice, dir + "/o.wav"], environment: env)
            #expect(flag.status == 64 && flag.stderr.contains("expected a voice this machine has"), "\(flag.stderr)")
        }
        #expect(try run(binary, ["export-audio", "--voice", "en-uss", dir + "/o.wav"], environment: env).stderr
            .contains("did you mean 'en-US'?"))
        try FileManager.default.createDirectory(atPath: config + "/sevenmin", withIntermediateDirectories: true)
        try #"{"voice": "/"}"#.write(toFile: config + "/sevenmin/config.json", atomically: true, encoding: .utf8)
        let start = try run(binary, ["start", "--plain"], environment: env)
        #expect(start.status == 65 && start.stderr.hasPrefix(config + "/sevenmin/config.json:1:11: "),
                "\(start.stderr)")
        // doctor reads the file as start does: the same problem, at the same place, and no workout.
        let doctor = try run(binary, ["doctor"], environment: env)
        #expect(doctor.status == 1 && doctor.stdout.contains("config.json:1:11: \"/\" is not a voice this machine has"),
                "\(doctor.stdout)")
    }

    /// libfaketime's preload calls setenv before main, which moves `environ` to the heap; Swift's
    /// `CommandLine` finds argv by walking back from `environ`, so sevenmin lost every argument and
    /// printed its help. The arguments are now kept before main, as the kernel passed them.
    @Test func aPreloadThatSetsTheEnvironmentKeepsTheArguments() throws {
        let preload = try #require(["x86_64-linux-gnu", "aarch64-linux-gnu"]
            .map { "/usr/lib/\($0)/faketime/libfaketime.so.1" }
            .first { FileManager.default.fileExists(atPath: $0) }, "faketime is installed by scripts/setup --test")
        let env = ["LD_PRELOAD": preload, "FAKETIME": "-2d", "XDG_STATE_HOME": temporaryDirectory()]
        let list = try run(binary, ["list", "tabata"], environment: env)
        #expect(list.status == 0 && list.stdout.hasPrefix("Tabata\n"),
                "\(list.status) \(list.stdout) \(list.stderr)")
        let history = try run(binary, ["history", "--json"], environment: env)
        #expect(history.status == 0 && history.stdout == "[]\n", "\(history.stdout) \(history.stderr)")
    }

    /// Three characters of Hindi crashed espeak-ng; now they are bounded first, and any crash left
    /// would cost that line, never the export or the workout.
    @Test(arguments: ["hi", "mr", "ml"])
    func textThatCrashedTheEngineIsSpokenOrLeftOut(voice: String) throws {
        let dir = temporaryDirectory()
        let path = dir + "/s.json"
        try #"{"name": "S", "getReady": 0, "exercises": [{"title": "A", "work": 3, "say": ">-ـx"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let r = try run(binary, ["export-audio", "--voice", voice, dir + "/o.wav", path])
        #expect(r.status == 0, "\(r.status) \(r.stderr)")
        #expect(r.stdout.contains("spoken lines"))
    }

    /// A FIFO planted where the log goes hung `start` before its first frame; now the log is not kept.
    @Test func aFIFOInPlaceOfTheLogDoesNotHangTheWorkout() throws {
        let dir = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/sevenmin", withIntermediateDirectories: true)
        #expect(mkfifo(dir + "/sevenmin/sevenmin.log", 0o600) == 0)
        let routine = dir + "/quick.json"
        try #"{"name": "Quick", "getReady": 0, "rest": 0, "exercises": [{"title": "A", "work": 1}]}"#
            .write(toFile: routine, atomically: true, encoding: .utf8)
        let r = try run("/usr/bin/timeout", ["20", binary, "start", routine, "--mute", "--plain"],
                        environment: ["XDG_STATE_HOME": dir])
        #expect(r.status == 0, "\(r.status) \(r.stderr)")
    }
}
