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
        checkSnacks(&report)
        Console.out(report.text)
        return report.blocked ? ExitCode.failure : ExitCode.success
    }

    func checkTerminal(_ report: inout DoctorReport, color: ColorChoice) {
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
    func checkDesktop(_ report: inout DoctorReport, mediaPlayer: Bool) {
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
    func checkPhone(_ report: inout DoctorReport, start: StartCommand) {
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
    func checkHeartRate(_ report: inout DoctorReport, device: String?) {
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
