import Foundation
import SevenminAudio
import SevenminCore
import SevenminTerminal

/// `sevenmin start`: sets up sound, the event log and the screen, runs the workout,
/// and gives everything back in reverse order.
enum StartCommand {
    static func run(plan: Plan, options: StartOptions, seed: UInt64?) -> Int32 {
        let clock = SystemMonotonicClock()
        var log: EventLog?
        if let path = options.eventsPath {
            do { log = try EventLog(path: path) } catch {
                Main.printError("Error: \(error.localizedDescription)")
                return ExitCode.failure
            }
        }
        // From here until the screen is given back, fd 2 goes to the log: libraries
        // (ALSA above all) print there, and nothing may scribble over the screen.
        let logPath = Resources.logPath
        let redirect = StderrRedirect(path: logPath) ?? StderrRedirect(path: "/dev/null")
        defer { redirect?.restore() }

        let timeline = Timeline()
        var player: DeferredCuePlayer?
        if !options.mute {
            let wav = ProcessInfo.processInfo.environment["SEVENMIN_AUDIO_WAV"].flatMap { $0.isEmpty ? nil : $0 }
            let started: @Sendable (Cue, Instant) -> Void = { [weak log] cue, due in
                // Written when the audio thread hands the cue to the device.
                log?.append(EventRecord(t: timeline.offset(clock.now()), event: "cue",
                                        [("cue", .string(cue.rawValue)), ("planned", .number(timeline.offset(due)))]))
            }
            player = DeferredCuePlayer {
                let (sounds, missing) = loadSounds()
                let opened = CuePlayer(sounds: sounds, wavPath: wav, started: started)
                var lines = "sevenmin: audio output: \(opened.output)\n"
                if !missing.isEmpty { lines += "sevenmin: missing sounds: \(missing.joined(separator: ", "))\n" }
                FileHandle.standardError.write(Data(lines.utf8))
                return opened
            }
        }
        defer { player?.close() }
        let notice: @Sendable () -> String? = { [player] in
            if case .silent = player?.output { return "no sound device: cues are silent" }
            return nil
        }

        let ending: WorkoutEnding
        do {
            let signals = try SignalPipe()
            let timer = try DeadlineTimer()
            ending = try CursesTerminal.withScreen { terminal in
                WorkoutRunner(plan: plan, clock: clock, timeline: timeline, cues: player, log: log, notice: notice, seed: seed)
                    .run(terminal: terminal, signals: signals, timer: timer)
            }
        } catch {
            redirect?.restore()
            Main.printError("Error: \(error)")
            return ExitCode.failure
        }
        switch ending {
        case .completed, .quit: return ExitCode.success
        case .signal(let signo): return 128 + signo
        }
    }

    /// Decodes every cue file once, up front.
    static func loadSounds() -> ([Cue: Sound], missing: [String]) {
        var sounds: [Cue: Sound] = [:]
        var missing: [String] = []
        for cue in Cue.allCases {
            let path = (Resources.soundsDirectory ?? "Sounds") + "/\(cue.rawValue).wav"
            do { sounds[cue] = try SoundFile.read(path) } catch { missing.append(cue.rawValue) }
        }
        return (sounds, missing)
    }
}
