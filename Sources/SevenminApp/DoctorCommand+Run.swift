// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminAudio
import SevenminBus
import SevenminCore
import SevenminHistory
import SevenminPhone
import SevenminSystem
import SevenminTerminal

extension DoctorCommand: RunnableCommand {
    /// Checks each thing a workout needs, one line each, with what to do about a problem;
    /// exits 0 when a workout can run, 1 when something stops it.
    func run() -> Int32 {
        var report = DoctorReport(utf8: localeCharsetIsUTF8())
        // Checked as `start` checks it, voice included: one verdict for the settings and the Config section.
        let checked = ConfigFile.problems(path: ConfigFile.path())
        let config: UserConfig?
        switch checked {
        case .success(let found): config = found
        case .failure: config = nil
        }
        let start = config.map { StartCommand().applying($0) } ?? StartCommand()
        checkTerminal(&report, color: start.color)
        // ALSA and espeak-ng talk on standard error while probed; what they say belongs in the log.
        let redirect = DiagnosticLog.redirect(command: "doctor")
        checkSound(&report, start: start)
        checkVoice(&report, start: start)
        redirect?.restore()
        // The routine `start` would run: the plan's step or the config's, chosen by the one rule.
        let wanted = (try? PlanLoading.choose(start.plan, config: .success(config)).get())?.request.routine
        checkRoutines(&report, wanted: wanted ?? start.plan.routine)
        checkConfig(&report, checked)
        checkHistory(&report, enabled: !start.noHistory)
        checkDesktop(&report, mediaPlayer: start.mpris)
        checkPhone(&report, start: start)
        checkHeartRate(&report, device: start.heartRate)
        Console.out(report.text)
        return report.blocked ? ExitCode.failure : ExitCode.success
    }

    private func checkTerminal(_ report: inout DoctorReport, color: ColorChoice) {
        report.section("Terminal")
        let probe = CursesTerminal.probe(colorChoice: color)
        if !probe.known {
            report.fail("TERM=\(probe.type.isEmpty ? "(unset)" : probe.type) is not in the terminfo database",
                        fix: "set TERM to your terminal's type (e.g. xterm-256color), or install ncurses-term",
                        blocks: true)
        } else if !probe.canAddress {
            report.fail("TERM=\(probe.type) cannot move the cursor", fix: "run sevenmin in a full terminal, "
                        + "not a dumb one (or use a plain output mode)", blocks: true)
        } else {
            report.pass("TERM=\(probe.type): known, can move the cursor")
        }
        let colours = ["direct": "24-bit colour", "palette256": "256 colours", "basic16": "16 colours",
                       "basic8": "8 colours", "monochrome": "no colour"][probe.depth.rawValue] ?? probe.depth.rawValue
        let noColor = !(ProcessEnvironment.current["NO_COLOR"] ?? "").isEmpty
        if probe.depth == .direct || probe.depth == .palette256 || color == .never || (noColor && color == .auto) {
            report.pass("colours: \(colours)" + (noColor && color == .auto ? " (NO_COLOR is set)" : ""))
        } else {
            report.fail(probe.depth == .monochrome ? "no colours" : "colours: only \(colours)",
                        fix: "set COLORTERM=truecolor if your terminal has 24-bit colour, "
                        + "or use a 256-colour TERM")
        }
        if report.utf8 {
            report.pass("UTF-8 locale: big digits and symbols drawn as such")
        } else {
            report.fail("the locale is not UTF-8: the screen falls back to ASCII",
                        fix: "set LANG to a UTF-8 locale, e.g. LANG=C.UTF-8")
        }
        let minimum = (width: 40, height: 12)
        if let size = kernelTerminalSize() {
            if size.width >= minimum.width && size.height >= minimum.height {
                report.pass("size \(size.width)×\(size.height) (at least \(minimum.width)×\(minimum.height))")
            } else {
                report.fail("size \(size.width)×\(size.height): smaller than \(minimum.width)×\(minimum.height), "
                            + "only the clock fits", fix: "make the window larger")
            }
        } else {
            report.fail("standard output is not a terminal: its size is unknown", fix: "run doctor in the terminal "
                        + "you will work out in")
        }
    }

    /// The session bus (the media player), the screen kept awake, and the notification server (reminders).
    /// None of them stops a workout.
    private func checkDesktop(_ report: inout DoctorReport, mediaPlayer: Bool) {
        report.section("Desktop")
        let probe = DesktopBus.probe()
        if let missing = probe.sessionBus {
            report.fail("no session bus (\(missing)): media keys and phone remotes cannot reach a workout",
                        fix: "run sevenmin in a desktop session, or set DBUS_SESSION_BUS_ADDRESS")
        } else if mediaPlayer {
            report.pass("media keys, headsets and phone remotes reach a workout: it shows as the media player "
                        + "org.mpris.MediaPlayer2.sevenmin")
        } else {
            report.pass("the media player is turned off (--no-mpris, or \"mpris\": false)")
        }
        if let way = probe.keptAwakeBy {
            report.pass("the screen is kept awake during a workout through \(way)")
        } else {
            report.fail("nothing could keep the screen awake: it may blank during a workout",
                        fix: "run a desktop portal, a screen saver with org.freedesktop.ScreenSaver, or logind")
        }
        // Each way tried first that refused, in its own words, already made visible.
        for refused in probe.awakeRefused { report.note("refused: " + refused) }
        switch probe.notifications {
        case .success(let server):
            report.pass("notifications: \(visible(server.name)) \(visible(server.version))"
                        + (server.actions ? ", with a Start button on reminders" : ""))
        case .failure(let error):
            report.fail("reminders cannot show: " + DesktopNotifications.explain(error),
                        fix: "run a notification server (any desktop's, or dunst or mako)")
        }
    }

    /// Whether the phone's page could be served, and where: the server started on the address `start` would
    /// use, and stopped again.
    private func checkPhone(_ report: inout DoctorReport, start: StartCommand) {
        report.section("Phone")
        guard let address = PhoneSetup.address(bind: start.phoneBind) else {
            report.fail("no network: the phone's page (--phone) has no address to be served on",
                        fix: "connect to the network the phone is on, or use --phone-bind 127.0.0.1 over an SSH tunnel")
            return
        }
        let server = PhoneServer(address: address, plan: { "" }, clock: SystemMonotonicClock()) { _ in }
        do {
            try server.start()
            report.pass("the phone's page can be served on \(address) (a port is picked for each workout, "
                        + "unless --phone-bind gives one)"
                        + (start.phone ? "" : "; --phone or \"phone\": true turns it on"))
            report.note("plain http: others on that network can read the page and its address")
        } catch {
            report.fail("the phone's page cannot be served: \(error)",
                        fix: "pick another address with --phone-bind, or check libmicrohttpd12 is installed")
        }
        server.close()
    }

    /// Whether a strap is configured, found and sending: a workout goes on without one, so nothing here blocks.
    private func checkHeartRate(_ report: inout DoctorReport, device: String?) {
        report.section("Heart rate")
        guard let device else {
            report.pass("no heart-rate strap is configured (sevenmin hr use DEVICE, or start --hr DEVICE)")
            return
        }
        let name = visible(device)
        report.pass("configured: \(name)")
        switch HeartRateStrap.probe(device: device, seconds: 5) {
        case .noBluetooth(let trouble):
            let advice = trouble.advice
            report.fail("Bluetooth cannot be asked for \(name): \(visible(advice.what))", fix: advice.fix)
        case .notFound:
            report.fail("\(name) is not found", fix: "wear the strap, then find its address with sevenmin hr scan")
        case .lost(.ambiguous(let addresses)):
            report.fail("\(name) is ambiguous: \(addresses.count) devices have this name ("
                + addresses.joined(separator: ", ") + ")",
                        fix: "keep one by its address: sevenmin hr use \(addresses[0])")
        case .lost(let loss):
            report.fail("\(name) is found but cannot be read: "
                + NoticeText.english.words(.heartRateLost(device: name, loss)),
                        fix: "switch Bluetooth on, bring the strap near, and disconnect it from any phone or watch app")
        case .silent:
            report.fail("\(name) is found but sent no heart rate in 5 s",
                        fix: "wear the strap with its electrodes moistened, or set the watch to broadcast")
        case .sending(let bpm):
            report.pass("\(name) is found and sending: \(bpm) bpm")
        }
    }

    private func checkSound(_ report: inout DoctorReport, start: StartCommand) {
        report.section("Sound")
        if start.mute {
            report.pass("muted by the config file: no sound is tried")
            return
        }
        var working: String?
        for driver in AudioOutput.candidates(AudioOutputRequest(driver: start.audioDriver)) {
            let request = AudioOutputRequest(driver: driver, device: start.audioDevice, volume: start.volume)
            let (device, choice) = AudioOutput.open(request, sampleRate: CuePlayer.sampleRate)
            if case .device = choice.output {
                report.pass("libao driver \(driver)\(start.audioDevice.map { " (device \($0))" } ?? ""): opens")
                if working == nil {
                    working = driver
                    if play { playTestCue(on: device, &report) }
                }
            } else {
                let why = choice.attempts.last?.failure ?? "cannot open"
                report.note("libao driver \(driver): \(why)")
            }
            device.close()
        }
        if working == nil {
            report.fail("no sound device: cues will be silent and the terminal bell rings instead",
                        fix: "start PulseAudio or PipeWire, check 'aplay -l' for ALSA, or pick one with "
                            + "\(StartCommand.Option.audioDriver.name) and \(StartCommand.Option.audioDevice.name)")
        }
    }

    private func playTestCue(on device: any AudioDevice, _ report: inout DoctorReport) {
        do {
            // From the Sounds folder or the copy built in, as a workout finds it.
            guard let sound = try CoachAudio.loadSound(.go) else { throw CoachAudio.MissingSound(cue: .go) }
            let samples = sound.resampled(to: CuePlayer.sampleRate).samples
            try samples.withUnsafeBufferPointer { try device.play($0) }
            report.pass("played the 'go' cue: you should have heard it")
        } catch {
            report.fail("could not play the 'go' cue: \(error)", fix: "reinstall sevenmin")
        }
    }

    private func checkVoice(_ report: inout DoctorReport, start: StartCommand) {
        report.section("Voice")
        guard start.voice, !start.mute else {
            report.pass("the voice is off in the config file")
            return
        }
        // Both engines are checked, whichever is chosen: the other is the fallback or the next language.
        do {
            _ = try SpeechEngines.open(exactly: .standard, rate: start.rate)
            report.pass("Flite: voices \(VoiceChoice.fliteVoices.joined(separator: ", ")) (English)")
        } catch {
            report.fail("Flite: \(error)", fix: "install libflite1")
        }
        do {
            let names = try SpeechSynthesizer.voices().map(\.name)
            _ = try SpeechEngines.open(exactly: .englishFallback, rate: start.rate)
            report.pass(DoctorCommand.espeakLine(names, all: voices))
        } catch {
            report.fail("espeak-ng: \(error)", fix: "install espeak-ng-data")
        }
        // The routine is not known here: the voice named, else the language's own.
        let choice = start.voiceName.map(VoiceChoice.named) ?? (start.speech.language
            ?? CoachLanguage.fromEnvironment(ProcessEnvironment.current) ?? .en).voice
        // Only a listed voice reaches an engine, and it really speaks, in the process a workout speaks in:
        // a voice that loads can still crash the engine.
        if let catalogue = VoiceSetup.catalogue(), case .unknown(let suggestion) = catalogue.check(choice.voice) {
            report.fail("the voice '\(visible(choice.voice))' is not one this machine has"
                        + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                        fix: "choose rms, slt or one of espeak-ng's voices ('sevenmin doctor --voices' lists them)")
            return
        }
        let failure: String
        switch speaks(choice, rate: start.rate) {
        case nil:
            report.pass("\(visible(choice.label)) speaks")
            return
        case let why?: failure = "\(visible(choice.label)): \(why)"
        }
        // As a workout does: a Flite voice that cannot speak gives way to espeak-ng's English.
        if let fallback = choice.fallback, speaks(fallback, rate: start.rate) == nil {
            report.fail(failure + "; a workout speaks with \(fallback.label) instead",
                        fix: "install libflite1 for the clearer voice")
        } else {
            report.fail(failure, fix: DoctorCommand.voiceFix(for: choice))
        }
    }

    /// Nil when `choice` says a word in the process a workout speaks in, else why not.
    private func speaks(_ choice: VoiceChoice, rate: Int) -> String? {
        do {
            let sound = try VoiceSetup.open(exactly: choice, rate: rate).synthesize("Ready.")
            return sound.duration > 0.1 ? nil : "said nothing"
        } catch {
            return "\(error)"
        }
    }

    /// What to do when `choice` cannot speak: never to choose the voice that just failed.
    static func voiceFix(for choice: VoiceChoice) -> String {
        switch choice.engine {
        case .flite: return "install libflite1, or choose one of espeak-ng's voices ('sevenmin doctor --voices')"
        case .espeak: return "install espeak-ng-data, or choose rms or slt (Flite's)"
        }
    }

    private func checkRoutines(_ report: inout DoctorReport, wanted: String) {
        report.section("Routines")
        let source = WorkoutDataSource()
        let files = source.allRoutines().filter { $0.shadowedBy == nil }
        var broken = 0
        for file in files {
            do {
                // Through the location, as every command reads it: a built-in routine has no file.
                _ = try source.load(file.location)
            } catch let error as RoutineLoadError {
                broken += 1
                let first = error.diagnostics.first.map { visible($0.description) } ?? visible(file.path)
                report.fail("\(file.name) is broken: \(first)", fix: "run 'sevenmin validate \(visible(file.path))' "
                            + "for every problem", blocks: file.name == wanted)
            } catch {
                broken += 1
                report.fail("\(file.name) cannot be read: \(error)", fix: "check the file's permissions",
                            blocks: file.name == wanted)
            }
        }
        if files.isEmpty {
            report.fail("no routines found", fix: "set SEVENMIN_DATA_DIR to sevenmin's data folder, or reinstall",
                        blocks: true)
        } else {
            report.pass("\(files.count - broken) of \(files.count) routines load")
        }
        if !WorkoutDataSource.isPath(wanted), !files.contains(where: { $0.name == wanted }) {
            report.fail("the routine 'sevenmin start' runs, '\(visible(wanted))', is not found",
                        fix: "see 'sevenmin routines' for the names", blocks: true)
        }
    }

    private func checkConfig(_ report: inout DoctorReport, _ checked: Result<UserConfig?, any Error>) {
        report.section("Config")
        guard let path = ConfigFile.path() else {
            report.fail("no home folder", fix: "set HOME", blocks: true)
            return
        }
        switch checked {
        case .success(nil): report.pass("\(visible(path)): not there, all defaults")
        case .success: report.pass("\(visible(path)): valid")
        case .failure(let error as RoutineLoadError):
            for d in error.diagnostics.prefix(10) { report.note(visible(d.description)) }
            report.fail("\(visible(path)) has \(error.diagnostics.count) problem(s): 'sevenmin start' refuses to run",
                        fix: "fix the lines above; 'sevenmin config' shows the settings", blocks: true)
        case .failure(let error):
            report.fail("\(visible(path)): \(error)", fix: "check the file's permissions", blocks: true)
        }
    }

    private func checkHistory(_ report: inout DoctorReport, enabled: Bool) {
        report.section("History")
        guard enabled, !HistoryStore.isDisabled(), let path = UserDirectories().historyFile else {
            report.pass("history is off")
            return
        }
        var info = stat()
        // Not there yet; a link to nowhere is there, and is not the plain file a history must be.
        guard lstat(path, &info) == 0 else {
            report.pass("\(visible(path)): not there yet; the first workout creates it")
            return
        }
        do throws(HistoryError) {
            let store = try HistoryStore(path: path, readOnly: true)
            switch try Self.examine(store) {
            case .intact(let count):
                report.pass("\(visible(path)): intact, \(Self.workouts(count)) recorded")
            case .outOfRange(let skipped, let count):
                report.fail("\(visible(path)): \(Self.rowsHold(skipped)) values out of range, which history, stats and "
                    + "start skip; \(Self.workouts(count)) can be read",
                            fix: "the file was changed outside sevenmin: restore it from a backup to get them back")
            case .damaged(let problems, let count):
                Self.list(problems, in: &report)
                report.fail("\(visible(path)): damaged, \(Self.problems(problems)) in SQLite's integrity check; "
                    + "\(Self.workouts(count)) can be read",
                            fix: "move it aside to keep it; the next workout starts a new one")
            }
        } catch .notAFile(_, let kind) {
            report.fail("\(visible(path)) is \(kind), not a plain file: workouts are not recorded, and history and "
                + "stats cannot read it", fix: "move it away (for a link, put the file itself there); the next workout "
                + "starts a new one")
        } catch {
            report.fail(error.readingDescription, fix: "check the file and its folder's permissions")
        }
        checkSharedHistory(&report)
    }

    /// Every other machine's file in `history.d`, read as `history` reads it: one that cannot be read, or
    /// holds damage or values out of range, is named (history, stats and plans leave it out, or its rows).
    private func checkSharedHistory(_ report: inout DoctorReport) {
        guard let folder = UserDirectories().sharedHistoryDirectory else { return }
        // With this machine's history, to tell its copy from another machine's of the same id.
        let library = HistoryLibrary(own: (try? HistoryReading.ownStore()) ?? nil, shared: folder,
                                     ownName: HistoryReading.ownCopyName())
        let fix = "it was changed or cut short on its way here; its machine publishes it again after its next "
            + "workout, or move it away"
        for notice in library.notices { report.fail(visible(notice), fix: fix) }
        for claim in library.claims {
            report.fail(claim, fix: "keep one file a machine: move the copy away, or give one of two machines a "
                + "new id by removing its machine-id")
        }
        for (_, store) in library.others {
            let path = visible(store.path)
            do throws(HistoryError) {
                switch try Self.examine(store) {
                case .intact(let count):
                    report.pass("\(path): another machine's, intact, \(Self.workouts(count))")
                case .outOfRange(let skipped, let count):
                    report.fail("\(path): another machine's; \(Self.rowsHold(skipped)) values out of range, which "
                        + "history, stats and start skip; \(Self.workouts(count)) can be read", fix: fix)
                case .damaged(let problems, _):
                    Self.list(problems, in: &report)
                    report.fail("\(path): another machine's, damaged, \(Self.problems(problems)) in SQLite's "
                        + "integrity check; history, stats and plans leave it out", fix: fix)
                }
            } catch {
                report.fail(visible(HistoryLibrary.notice(store.path, error)), fix: fix)
            }
        }
    }

    /// What `doctor` finds in a history file.
    enum Verdict {
        case intact(workouts: Int)
        /// Rows every reader skips, and the workouts that can still be read.
        case outOfRange(rows: Int, workouts: Int)
        /// SQLite's integrity check's problems.
        case damaged(problems: [String], workouts: Int)
    }

    static func examine(_ store: HistoryStore) throws(HistoryError) -> Verdict {
        let check = try store.integrityCheck()
        let count = try store.sessions().count
        guard check == "ok" else {
            // SQLite lists a problem a line, and a damaged page can give hundreds.
            return .damaged(problems: check.split(separator: "\n").filter { !$0.hasPrefix("*** in database") }
                .map { visible(String($0)) }, workouts: count)
        }
        // SQLite's check cannot see a number out of range: a time of 1e300 is a sound page.
        let skipped = try store.rowsOutOfRange()
        return skipped == 0 ? .intact(workouts: count) : .outOfRange(rows: skipped, workouts: count)
    }

    /// The first few of SQLite's problems, and a count of the rest.
    static func list(_ problems: [String], in report: inout DoctorReport) {
        for problem in problems.prefix(problemsShown) { report.note(problem) }
        if problems.count > problemsShown { report.note("and \(problems.count - problemsShown) more") }
    }

    static func workouts(_ n: Int) -> String { n == 1 ? "1 workout" : "\(n) workouts" }
    static func rowsHold(_ n: Int) -> String { n == 1 ? "1 row holds" : "\(n) rows hold" }
    static func problems(_ n: [String]) -> String { n.count == 1 ? "1 problem" : "\(n.count) problems" }

    /// How many of `integrity_check`'s problems `doctor` lists.
    static let problemsShown = 5
}

/// The doctor's findings as lines: ✔ and ✘ (`[ok]` and `[!!]` without UTF-8), each problem with what to do.
struct DoctorReport {
    let utf8: Bool
    private(set) var lines: [String] = []
    /// Whether a problem stops a workout from running.
    private(set) var blocked = false

    init(utf8: Bool) { self.utf8 = utf8 }

    mutating func section(_ name: String) { lines.append(name) }

    mutating func pass(_ text: String) { lines.append("  " + (utf8 ? "✔" : "[ok]") + " " + text) }

    /// A problem and its fix; `blocks` when a workout cannot run because of it.
    mutating func fail(_ text: String, fix: String, blocks: Bool = false) {
        lines.append("  " + (utf8 ? "✘" : "[!!]") + " " + text)
        lines.append("      " + (utf8 ? "→" : "->") + " " + fix)
        if blocks { blocked = true }
    }

    /// A detail under a check, neither good nor bad by itself.
    mutating func note(_ text: String) { lines.append("    " + (utf8 ? "·" : "-") + " " + text) }

    var text: String {
        lines.joined(separator: "\n") + "\n\n" + (blocked ? "A workout cannot run until the problems marked "
            + (utf8 ? "✘" : "[!!]") + " with 'cannot run' are fixed." : "A workout can run.") + "\n"
    }
}
