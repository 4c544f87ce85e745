import Foundation
import SevenminAudio
import SevenminCore
import SevenminTerminal

/// `sevenmin start`: sets up sound, the event log and the screen, runs the workout,
/// and gives everything back in reverse order.
enum StartCommand {
    static func run(plan: Plan, options: StartOptions) -> Int32 {
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
        var player: CuePlayer?
        var notice: String?
        if !options.mute {
            let (sounds, missing) = loadSounds()
            let wav = ProcessInfo.processInfo.environment["SEVENMIN_AUDIO_WAV"]
            // The cue line is written when the audio thread hands the cue to the device.
            player = CuePlayer(sounds: sounds, wavPath: wav) { [weak log] cue, due in
                let now = clock.now()
                log?.append(EventRecord(t: timeline.offset(now), event: "cue",
                                        [("cue", .string(cue.rawValue)), ("planned", .number(timeline.offset(due)))]))
            }
            if player!.isSilent { notice = "no sound device: cues are silent" }
            if !missing.isEmpty { FileHandle.standardError.write(Data("sevenmin: missing sounds: \(missing.joined(separator: ", "))\n".utf8)) }
            FileHandle.standardError.write(Data("sevenmin: audio output: \(player!.output)\n".utf8))
        }
        defer { player?.close() }

        let ending: WorkoutEnding
        do {
            let signals = try SignalPipe()
            ending = try CursesTerminal.withScreen { terminal in
                WorkoutRunner(plan: plan, clock: clock, timeline: timeline, cues: player, log: log, notice: notice)
                    .run(terminal: terminal, signals: signals)
            }
        } catch {
            redirect?.restore()
            Main.printError("Error: \(error)")
            return ExitCode.failure
        }
        redirect?.restore()
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
