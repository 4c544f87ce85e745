// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import FoundationEssentials
import Glibc
import SevenminAudio
import SevenminBus
import SevenminCore
import SevenminHistory
import SevenminPhone
import SevenminSystem
import SevenminTerminal

extension StartCommand: RunnableCommand {
    /// Runs the workout with the config file's settings under the command line's.
    func run() -> Int32 { run(loading: nil) }

    /// As `run()`, with `loading` (handed the config file) making the workout in place of choosing and loading
    /// a routine: a snack's.
    func run(loading: ((UserConfig?) -> Result<PlanLoading.Loaded, ExitStatus>)?) -> Int32 {
        // Only a voice the engine lists ever reaches it: from the command line, the config or the routine.
        let voices = VoiceSetup.Catalogue()
        switch ConfigFile.load(voices: mute || !voice ? nil : voices.listed) {
        case .failure(let status): return status.code
        case .success(let config):
            return (config.map(applying) ?? self).workout(voices: voices, config: config, loading: loading)
        }
    }

    /// Sets up sound, the events file and the screen, runs the workout, and gives everything
    /// back in reverse order; a signal that ended the workout then ends the process too.
    /// With `loading`, the workout is made by it (a snack) rather than loaded from the routine named.
    /// With `during`, its command is started once the workout is loaded, runs beside it, and gives the status.
    func workout(voices: VoiceSetup.Catalogue, config: UserConfig?,
                 loading: ((UserConfig?) -> Result<PlanLoading.Loaded, ExitStatus>)? = nil,
                 during command: DuringCommand? = nil) -> Int32 {
        // Before its command starts, a `during` that fails says so as timeout(1) does: 125.
        func fail(_ code: Int32) -> Int32 { command == nil || code == ExitCode.usage ? code : DuringRun.failed }
        let voiceName: String?
        switch VoiceSetup.commandLine(self.voiceName, catalogue: voice && !mute ? voices.listed : nil,
                                      command: Self.spec.name) {
        case .failure(let status): return fail(status.code)
        case .success(let name): voiceName = name
        }
        let history = HistorySetup(disabled: noHistory)
        let chosen: Chosen
        switch chosenWorkout(config: config, voices: voices, voiceName: voiceName, history: history, loading: loading) {
        case .failure(let status): return fail(status.code)
        case .success(let value): chosen = value
        }
        let loaded = chosen.loaded
        let clock = SystemMonotonicClock()
        var events: EventLog?
        if let path = eventsPath {
            do { events = try EventLog(path: path) } catch {
                Console.error("\(error)")
                return fail(ExitCode.cannotCreate)
            }
        }
        var during: DuringRun?
        if let command {
            switch DuringRun.start(command) {
            case .failure(let status): return status.code
            case .success(let run): during = run
            }
        }
        let spoken = CoachLanguage.resolve(voiceName: voiceName, routine: loaded.plan.routine, option: speech.language,
                                           environment: ProcessEnvironment.current)
        // From here until the screen is given back, fd 2 goes to the log: libraries
        // (ALSA above all) print there, and nothing may scribble over the screen.
        // A terminal that cannot move the cursor (TERM=dumb, an editor's shell) still gets the workout: as
        // lines, said once here, in the workout's language, while standard error is still the terminal.
        let cannotAddress = !plain && isatty(STDOUT_FILENO) == 1 && isatty(STDIN_FILENO) == 1 && {
            let probe = CursesTerminal.probe(colorChoice: color)
            return probe.known && !probe.canAddress
        }()
        if cannotAddress {
            let term = visible(ProcessEnvironment.current["TERM"] ?? "")
            Console.error("sevenmin: " + NoticeText.words(.linesInstead(term: term), in: spoken.language))
        }
        // The log itself is opened once the first frame is out, unless a speech process, which would keep
        // standard error as it found it, starts before that.
        let redirect = DiagnosticLog.redirect(command: "start", deferred: mute || !voice)
        defer { redirect?.restore() }

        // Background work (the sound device, the history) posts its news here, which wakes the loop.
        let inbox: WakeInbox
        do { inbox = try WakeInbox() } catch {
            Console.error("Error: \(error)")
            during?.process.stop(signal: SIGTERM, grace: DuringRun.grace, clock: clock)
            return during == nil ? ExitCode.failure : DuringRun.failed
        }
        let opening = chosen.resumption.map { loaded.plan.leadingIn(to: $0.segmentIndex) }
            ?? (plan: loaded.plan, start: 0)
        let audio = mute ? nil : CoachAudio(request: audioRequest, clock: clock,
                                            voice: voice ? (spoken.voice, rate) : nil,
                                            first: VoicePolicy.start(of: opening.start, in: opening.plan,
                                                                     language: spoken.language),
                                            news: inbox.post)
        let journal = WorkoutJournal(events: events, inbox: inbox, notices: [audio?.voiceProblem].compactMap { $0 })
        let recording = history.recorder(for: loaded, resumed: chosen.resumed, journal: journal,
                                         plan: chosen.planStep?.recorded, during: command?.name)
        journal.history = recording?.recorder
        let settings = coachSettings(for: chosen, language: spoken.language, speaks: audio?.speaks ?? false,
                                     records: history.path != nil, during: during?.run)
        // The heart-rate strap, through BlueZ on the system bus, looked for once the screen is up.
        let strap = strapName.map { HeartRateStrap(device: $0, news: inbox.post) { Console.error("sevenmin: " + $0) } }
        // The media player and the screen kept awake, on the session bus, connected once the screen is up.
        let desktop = DesktopBus(mediaPlayer: mpris, news: inbox.post) { Console.error("sevenmin: " + $0) }
        // The phone's page, listening once the screen is up (opening libmicrohttpd and libqrencode took a few ms
        // the first frame need not wait for); its QR code comes as news, a moment after the first frame.
        let phone = self.phone ? PhoneSetup.server(bind: phoneBind, plan: loaded.plan, language: spoken.language,
                                                   clock: clock, inbox: inbox) : nil
        let afterFirstFrame = {
            redirect?.open()
            recording?.begin()
            desktop.begin()
            strap?.begin()
            if let phone { PhoneSetup.listen(phone, inbox: inbox) }
            during?.begin(news: inbox.post)
        }
        defer { strap?.close() }
        // Whatever ends the workout, the port is closed.
        defer { phone?.close() }
        // Whatever ends the workout, the screen may blank again and the player leaves the bus.
        defer { desktop.close() }
        let status = StatusFile.path().map(StatusFile.init)
        // Whatever ends the workout (q, the finish, a signal, an error), no status outlives it.
        defer { status?.remove() }

        var outcome: (ending: WorkoutEnding, app: WorkoutApp)
        // Lines instead of a screen when asked, or when there is no terminal to draw on or key into.
        let plainMode = plain || cannotAddress || isatty(STDOUT_FILENO) != 1 || isatty(STDIN_FILENO) != 1
        let app = WorkoutApp(plan: loaded.plan, settings: plainMode ? PlainWorkout.adjusted(settings,
                                 keys: KeyboardMode.isTerminal(STDIN_FILENO)) : settings,
                             resuming: chosen.resumption)
        do {
            let signals = try SignalPipe()
            let timer = try DeadlineTimer()
            outcome = plainMode
                ? try PlainWorkout.run(app, clock: clock, signals: signals, timer: timer,
                                       inbox: inbox, audio: audio, recorder: journal, status: status,
                                       desktop: desktop, phone: phone, afterFirstFrame: afterFirstFrame)
                : try CursesTerminal.withScreen(signals: signals, colorChoice: color) { terminal in
                // A link that cannot be opened is said on the status line.
                let opener = BrowserOpener { [weak journal] in journal?.post(.notice(.linkNotOpened($0))) }
                let input = TerminalInput(terminal: terminal, signals: signals, timer: timer, inbox: inbox)
                // One renderer for the run: it keeps the colours and wrapped text it has worked out.
                let renderer = ScreenRenderer(depth: terminal.colorDepth,
                    glyphs: .forLocale(utf8: localeCharsetIsUTF8()), metrics: .system)
                let loop = WorkoutLoop(app: app,
                                       clock: clock, terminal: terminal, input: input,
                                       audio: audio, recorder: journal, renderer: renderer, opener: opener,
                                       status: status, desktop: desktop, phone: phone,
                                       afterFirstFrame: afterFirstFrame)
                let ending = try loop.run()
                return (ending, loop.app)
            }
        } catch {
            redirect?.restore()
            Console.error("Error: \(error)")
            during?.process.stop(signal: SIGTERM, grace: DuringRun.grace, clock: clock)
            return during == nil ? ExitCode.failure : DuringRun.failed
        }
        // The terminal is back; from now on a second Ctrl-C ends the process at once.
        csevenmin_signals_final()
        desktop.close()
        phone?.close()
        audio?.close()
        // Standard error is the terminal again first: what the copy for history.d warns of (this machine's
        // id, a copy left as it is) is for the user, after the workout, not for the log.
        redirect?.restore()
        journal.history?.close(timeout: 1, publishing: HistoryReading.publishedCopy())
        let summary = outcome.app.summary(at: clock.now()).line(routine: outcome.app.plan.routine.name, streak: true,
            text: ScreenText.of(outcome.app.settings.language))
        let language = outcome.app.settings.language
        Console.out(Glyphs.forLocale(utf8: localeCharsetIsUTF8()).fold(summary, language: language) + "\n")
        // The command is stopped (or left running, or found ended) before a signal ends the process.
        let commandStatus = during?.finish(outcome.ending, app: outcome.app)
        switch outcome.ending {
        case .completed, .quit: return commandStatus ?? ExitCode.success
        case .signal(let signal):
            _ = Console.finish(0)
            status?.remove()  // the re-raise below ends the process before any defer runs
            csevenmin_die_by_signal(signal.number)
            return 128 + signal.number
        }
    }
}

extension StartCommand {
    /// The sound output the options ask for; `SEVENMIN_AUDIO_WAV` writes a WAV file instead, for tests.
    var audioRequest: AudioOutputRequest {
        let wav = ProcessEnvironment.current["SEVENMIN_AUDIO_WAV"].flatMap { $0.isEmpty ? nil : $0 }
        return AudioOutputRequest(driver: audioDriver, device: audioDevice, wavPath: wav, volume: volume)
    }
}
