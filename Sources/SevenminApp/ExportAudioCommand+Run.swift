import FoundationEssentials
import Glibc
import SevenminAudio
import SevenminCore
import SevenminSystem

extension ExportAudioCommand: RunnableCommand {
    /// Renders the plan's sound track (the same schedule a live workout plays) and writes it.
    /// The file is created before any work, so a refusal or an unwritable folder costs nothing.
    func run() -> Int32 {
        let loaded: PlanLoading.Loaded
        switch PlanLoading.load(plan) {
        case .failure(let status): return status.code
        case .success(let value): loaded = value
        }
        // O_EXCL makes the overwrite check and the creation one step: no race with another writer.
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (force ? O_TRUNC : O_EXCL)
        do {
            close(try SystemCall.open(path, flags, 0o644))
        } catch {
            if error.errno == EEXIST {
                Console.error("Error: '\(visible(path))' already exists; add --force to overwrite it.")
            } else {
                Console.error("Error: Cannot create '\(visible(path))': \(String(cString: strerror(error.errno))).")
            }
            return ExitCode.cannotCreate
        }
        let progress = ProgressReport(enabled: isatty(STDERR_FILENO) == 1)
        do {
            let track = try render(loaded.plan, progress: progress)
            progress.finish()
            Console.out("Wrote \(visible(path)): \(TimeFormat.clock(track.duration, roundingUp: false)), "
                        + "\(track.cues) cues, \(track.phrases) spoken lines.\n")
            return ExitCode.success
        } catch {
            progress.finish()
            unlink(path)
            Console.error("Error: Cannot write '\(visible(path))': \(error)")
            return ExitCode.cannotCreate
        }
    }

    /// Renders and writes the track; returns what went into it.
    private func render(_ plan: Plan, progress: ProgressReport) throws -> (duration: Double, cues: Int, phrases: Int) {
        let (sounds, missing) = CoachAudio.loadSounds()
        if !missing.isEmpty { Console.error("sevenmin: missing sounds: \(missing.joined(separator: ", "))") }
        let spoken = CoachLanguage.resolve(voiceName: speech.name, routine: plan.routine, option: speech.language,
                                           environment: ProcessInfo.processInfo.environment)
        var speaker: (any SpeechEngine)?
        if speech.enabled {
            let opened = SpeechEngines.open(spoken.voice, rate: speech.rate)
            speaker = opened.engine
            if let notice = opened.notice {
                Console.error("sevenmin: voice: \(notice)" + (speaker == nil ? "; exporting the cues alone" : ""))
            }
        }
        let items = try WorkoutTrack.items(for: plan, cues: sounds, countAloud: speech.countAloud,
                                           language: spoken.language,
                                           speak: speaker.map { voice in
            let store = CoachAudio.speechStore()
            return { try SpeechStore.speech($0, from: voice, store: store) }
        })
        let duration = WorkoutTrack.duration(of: plan, items: items)
        // Speech and mixing take a tenth of the time at most; the encoder takes the rest.
        progress.show(0.1)
        let renderer = TrackRenderer(gain: Float(speech.volume) / 100)
        try renderer.export(duration: duration, items: items, to: path) { progress.show(0.1 + 0.9 * $0) }
        let cues = items.filter { if case .cue = $0.kind { true } else { false } }.count
        return (duration, cues, items.count - cues)
    }
}

/// A progress bar on standard error, redrawn in place; silent when standard error is not a terminal.
final class ProgressReport {
    private let enabled: Bool
    private var shown = -1

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func show(_ fraction: Double) {
        let line = ProgressBar.line(fraction, width: 30)
        guard enabled, line.percent != shown else { return }
        shown = line.percent
        _ = Console.write(STDERR_FILENO, "\r" + line.text)
    }

    /// Ends the bar's line, if one was drawn.
    func finish() {
        guard enabled, shown >= 0 else { return }
        _ = Console.write(STDERR_FILENO, "\n")
    }
}
