// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SevenminAudio
import SevenminCore
import SevenminTestSupport
import Testing

/// The coach as a person at the terminal meets it: sound on, the bell without a device, the
/// window title, the video key, and every kind of terminal.
@Suite("Coach end to end")
struct CoachEndToEndTests {
    let short = fixtures + "/short.json"
    let long = fixtures + "/long.json"

    /// Sound on, through libao's `wav` driver: every cue and phrase after the device opened is handed to
    /// it within 20 ms of its planned instant (checked with 2× headroom, for a busy machine), and the file
    /// holds them.
    @Test func withSoundOnEveryCueAndPhraseIsOnTime() throws {
        let dir = temporaryDirectory()
        let tmux = try Tmux("SEVENMIN_AUDIO_WAV=\(dir)/out.wav \(binary) start \(short) --events \(dir)/ev.jsonl")
        tmux.waitFor(text: "Workout complete", timeout: 20)
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
        let lines = events(dir + "/ev.jsonl")
        let heard = lines.filter { ["cue", "say"].contains($0["event"] as? String) }
        let cues = heard.filter { $0["event"] as? String == "cue" }.compactMap { $0["cue"] as? String }
        #expect(cues == ["tick", "go", "tick", "halfway", "tick", "rest", "go", "tick", "halfway", "tick", "finish"])
        let said = heard.filter { $0["event"] as? String == "say" }.compactMap { $0["text"] as? String }
        #expect(said.first == "Get ready. First up: Alpha Squats.")
        #expect(said.contains("Time for Alpha Squats. Three seconds."))
        #expect(said.last?.hasPrefix("Workout complete.") == true)
        let firstSaid = heard.firstIndex { $0["event"] as? String == "say" }
        for (n, item) in heard.enumerated() {
            let t = item["t"] as? Double ?? -1, planned = item["planned"] as? Double ?? -100
            #expect(item["delivery"] as? String == "device", "not delivered: \(item)")
            // What falls due with the first frame waits for the device, which opens in the background
            // meanwhile, and the first phrase renders while the screen comes up (Flite takes tens of
            // milliseconds with nothing cached): both are played if they come within the staleness limit.
            let budget = planned == 0 || n == firstSaid ? CuePolicy.stalenessLimit : 2 * 0.020
            #expect(abs(t - planned) < budget,
                    "\(item["cue"] ?? item["text"] ?? "?") handed on \(t - planned) s late: \(lines)")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: dir + "/out.wav")[.size] as? Int) ?? 0
        #expect(size > 44 + 2 * 22_050, "the WAV file holds no sound")
    }

    /// The voice speaks from its own process: the workout's process maps neither speech engine (espeak-ng's
    /// voice list is read only for a name to check, and none is named here), so their code and data never
    /// add to its memory.
    @Test func aSpokenWorkoutMapsNoSpeechEngine() throws {
        let dir = temporaryDirectory()
        let tmux = try Tmux("SEVENMIN_AUDIO_WAV=\(dir)/out.wav \(binary) start \(long) --events \(dir)/ev.jsonl")
        // The first phrase reported, played or too late to play: either way the voice is under way.
        waitUntil("the first phrase") {
            events(dir + "/ev.jsonl").contains { $0["event"] as? String == "say" }
        }
        let pid = try #require(tmux.sevenminPID())
        let maps = try ProcFile.text("/proc/\(pid)/maps")
        #expect(maps.contains("libao.so"), "not the whole of maps: \(maps)")
        #expect(!maps.contains("libespeak-ng") && !maps.contains("libflite"), "\(maps)")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }

    /// A muted workout maps no sound library, one kept out of the history no SQLite, and no workout
    /// libyaml (only `import` reads YAML): each is opened on first use, and none of them costs the start.
    @Test func aMutedWorkoutMapsNoSoundLibraryNorSQLite() throws {
        let tmux = try Tmux("\(binary) start \(long) --mute --no-history")
        tmux.waitFor(text: "Get ready")
        let pid = try #require(tmux.sevenminPID())
        let maps = try ProcFile.text("/proc/\(pid)/maps")
        #expect(maps.contains("libncursesw"), "not the whole of maps: \(maps)")
        for library in ["libao", "libsndfile", "libsqlite3", "libyaml"] {
            #expect(!maps.contains(library), "\(library) in \(maps)")
        }
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }

    /// No sound device at all (libao's null driver, as here): go, rest and finish ring the bell.
    @Test func withNoDeviceTheBellRingsAtEachChange() throws {
        let dir = temporaryDirectory()
        let tmux = try Tmux("\(binary) start \(short) --no-voice --events \(dir)/ev.jsonl", recording: true)
        tmux.waitFor(text: "Workout complete", timeout: 20)
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
        let bells = events(dir + "/ev.jsonl").filter { $0["delivery"] as? String == "bell" }
            .compactMap { $0["cue"] as? String }
        #expect(bells == ["go", "rest", "go", "finish"])
        // BEL bytes outside escape sequences (an OSC ends with BEL too: the title's are not counted).
        let raw = tmux.rawOutput()
        var rung = 0, inOSC = false
        for (k, byte) in raw.enumerated() {
            if byte == 0x1B, k + 1 < raw.count, raw[k + 1] == 0x5D { inOSC = true }
            if byte == 0x07 { if inOSC { inOSC = false } else { rung += 1 } }
        }
        #expect(rung >= bells.count)
    }

    /// Every change flashes the screen: for a moment the whole screen is lit in the light text colour
    /// (tmux cannot reverse its screen). With --no-flash it never is.
    @Test(arguments: [true, false])
    func transitionsFlashTheScreen(flash: Bool) throws {
        let tmux = try Tmux("\(binary) start \(short) --mute\(flash ? "" : " --no-flash")", recording: true)
        tmux.waitFor(text: "Workout complete", timeout: 20)
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
        let raw = String(decoding: tmux.rawOutput(), as: UTF8.self)
        // The light text of the exercise screens (255 in 256 colours) becomes the background of whole stretches
        // of the screen only in a flash (tmux's `flash` is its own bell, so the screen is lit in blanks); small
        // light tiles, such as the strip's marker, are not a flash.
        let flashed = raw.contains(#/48;5;255m {10,}/#)
        #expect(flashed == flash, "flash \(flash ? "missing" : "drawn with --no-flash")")
    }

    /// Where the terminal takes OSC 8, the video link is clickable: its row is wrapped in the sequences.
    @Test(arguments: [true, false])
    func videoLinksAreClickableWhereTheTerminalTakesThem(enabled: Bool) throws {
        let tmux = try Tmux("SEVENMIN_HYPERLINKS=\(enabled ? 1 : 0) \(binary) start \(short) --mute", recording: true)
        tmux.waitFor(text: "Exercise 1/2", timeout: 6)
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        let raw = String(decoding: tmux.rawOutput(), as: UTF8.self)
        let opened = raw.contains("\u{1B}]8;;https://youtu.be/mGvzVjuY8SY\u{1B}\\")
        #expect(opened == enabled)
        if enabled {
            // Every link opened is closed again, so nothing else on the screen becomes part of it.
            #expect(raw.components(separatedBy: "\u{1B}]8;;https://").count - 1
                    == raw.components(separatedBy: "\u{1B}]8;;\u{1B}\\").count - 1)
        }
    }

    /// The screen takes the window's size, from the terminal itself: not terminfo's 80x24, and not
    /// COLUMNS and LINES left behind in the environment.
    @Test func theScreenFillsTheWindow() throws {
        let tmux = try Tmux("COLUMNS=80 LINES=24 \(binary) start \(long) --mute", width: 120, height: 40)
        // Read once the frame is out whole: a capture taken as its first words arrive can be half a frame.
        let screen = tmux.waitFor("the first frame, down to the status line") {
            $0.contains("Get ready") && $0.contains("to go")
        }
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.first?.hasSuffix("1/2") == true && rows.first?.count ?? 0 > 110, "header: \(rows.first ?? "")")
        // The status line is the window's last row.
        #expect(rows.count >= 40 && rows[39].contains("to go"), "\(rows.count) rows")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }

    @Test func theWindowTitleFollowsTheCountdown() throws {
        let tmux = try Tmux("\(binary) start \(long) --mute")
        tmux.waitFor(text: "Get ready")
        tmux.waitFor("a countdown title", timeout: 5) { _ in
            let title = tmux.format("#{pane_title}")
            return title.hasSuffix("Get ready · sevenmin") && title.first?.isNumber == true
        }
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }

    /// `o` opens the video with $BROWSER (the first of its `:`-separated commands that is installed, the
    /// link in place of `%s`), pauses, and the browser's output goes to the log.
    @Test func theVideoKeyOpensTheLinkAndPauses() throws {
        let dir = temporaryDirectory()
        let opener = dir + "/opener"
        try "#!/bin/sh\necho \"$@\" > \(dir)/opened\necho noise from the browser\n"
            .write(toFile: opener, atomically: true, encoding: .utf8)
        chmod(opener, 0o755)
        let tmux = try Tmux("BROWSER='no-such-browser %s:\(opener) --new-tab %s' \(binary) start \(short) --mute")
        tmux.waitFor(text: "Exercise 1/2", timeout: 6)
        tmux.send("o")
        tmux.waitFor(text: "PAUSED")
        waitUntil("the browser to be started", timeout: 5) {
            (try? String(contentsOfFile: dir + "/opened", encoding: .utf8))?.hasSuffix("\n") == true
        }
        let opened = (try? String(contentsOfFile: dir + "/opened", encoding: .utf8)) ?? ""
        #expect(opened == "--new-tab https://youtu.be/mGvzVjuY8SY\n")
        #expect(!tmux.screen().contains("noise from the browser"))
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }

    /// `o` on an exercise without a video says so on the status line; on one with a video but no
    /// browser to open it, the status line says how to set `$BROWSER`. The workout goes on.
    @Test func theVideoKeySaysWhatIsMissing() throws {
        let dir = temporaryDirectory()
        let routine = dir + "/videos.json"
        let text = #"{"name": "Videos", "work": 30, "rest": 0, "getReady": 0, "exercises": [{"title": "No Film"}, "#
            + #"{"title": "Filmed", "video": "https://example.org/filmed"}]}"#
        try text.write(toFile: routine, atomically: true, encoding: .utf8)
        let tmux = try Tmux("BROWSER=no-such-browser \(binary) start \(routine) --mute", width: 160, height: 30)
        tmux.waitFor(text: "Next: Filmed", timeout: 6)
        tmux.send("o")
        tmux.waitFor(text: "no video for No Film")
        tmux.send("n")
        tmux.waitFor(text: "Last exercise")
        tmux.send("o")
        tmux.waitFor(text: "cannot open the link: set BROWSER (no no-such-browser found)")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }

    /// Every kind of terminal draws the countdown: 8 colours, monochrome, and a C locale.
    @Test(arguments: [
        ("TERM=screen", "48;5;", false),         // 8 colours: only the basic set, never 256
        ("TERM=vt100", "", true),                // no colour at all: reverse video and bold instead
        ("LC_ALL=C", "", false),                 // ASCII glyphs, colours as usual
    ])
    func everyTerminalGetsBigDigits(environment: String, forbidden: String, monochrome: Bool) throws {
        let tmux = try Tmux("env \(environment) \(binary) start \(long) --mute")
        tmux.waitFor(text: "Get ready")
        let screen = tmux.waitFor("big digits") { screen in
            // Big digits span several rows of block or ASCII glyphs.
            screen.split(separator: "\n").filter { $0.contains("██") || $0.contains("##") }.count >= 3
        }
        if environment == "LC_ALL=C" { #expect(!screen.contains("█") && !screen.contains("·")) }
        let coloured = tmux.screenWithColours()
        if !forbidden.isEmpty { #expect(!coloured.contains(forbidden)) }
        if monochrome { #expect(!coloured.contains("38;") && !coloured.contains("48;")) }
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        tmux.expectTerminalRestored()
        // vt100 has no alternate screen: the workout is cleared away rather than left behind.
        if monochrome { #expect(!tmux.screen().contains("Get ready")) }
    }

    /// Emoji and CJK take two columns as the terminal draws them: nothing shifts, nothing is left behind.
    @Test func wideTitlesRenderInPlace() throws {
        let tmux = try Tmux("\(binary) start \(fixtures)/wide.json --mute", width: 80, height: 24)
        let screen = tmux.waitFor(text: "Wall Sit ⚡", timeout: 5)
        let header = screen.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.contains("Wide ⚡ 日本語"))
        // The header's right edge is where it should be: the position counter ends at column 79, before
        // the one-column margin, which it does only if each of the four wide characters took two columns
        // (tmux drops the trailing blank).
        let wide = header.unicodeScalars.filter { "⚡日本語".unicodeScalars.contains($0) }.count
        #expect(wide == 4 && header.hasSuffix("1/2"), "\(header)")
        #expect(header.count + wide == 79, "the header is \(header.count + wide) columns wide: \(header)")
        tmux.waitFor(text: "Exercise 2/2", timeout: 8)
        #expect(!tmux.screen().contains("Wall Sit ⚡"), "stale cells from the previous title")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }
}
