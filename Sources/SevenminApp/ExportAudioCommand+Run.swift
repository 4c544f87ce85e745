// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminAudio
import SevenminCore
import SevenminSystem

extension ExportAudioCommand: RunnableCommand {
    /// Renders the plan's sound track (the same schedule a live workout plays) and writes it.
    /// The file is created before any work, so a refusal or an unwritable folder costs nothing.
    func run() -> Int32 {
        // Only a voice the engine lists reaches it: --voice, or else the routine's.
        let voices = VoiceSetup.Catalogue()
        let voiceName: String?
        switch VoiceSetup.commandLine(speech.name, catalogue: speech.enabled ? voices.listed : nil,
                                      command: Self.spec.name) {
        case .failure(let status): return status.code
        case .success(let name): voiceName = name
        }
        let loaded: PlanLoading.Loaded
        switch PlanLoading.choose(plan).flatMap({
            PlanLoading.load($0.request, voices: speech.enabled && voiceName == nil ? voices.listed : nil)
        }) {
        case .failure(let status): return status.code
        case .success(let value): loaded = value
        }
        // The track is written to a new file beside the target and renamed over it at the end, so a
        // failure never touches what the path named, and nothing but a plain file is ever replaced.
        let temporary: String
        switch ExportTarget.prepare(path, force: force) {
        case .failure(let refusal):
            Console.error(refusal.message)
            return ExitCode.cannotCreate
        case .success(let name): temporary = name
        }
        // Ctrl-C, SIGTERM or a crash part way removes the half-written track (up to 300 MB an hour)
        // and still ends us by that signal; SIGKILL's is removed by the next export to the same target.
        defer { SignalCleanup.forget() }
        let progress = ProgressReport(enabled: isatty(STDERR_FILENO) == 1)
        do {
            let track = try render(loaded.plan, voiceName: voiceName, to: temporary, progress: progress)
            progress.finish()
            try AtomicFile.place(temporary, at: path, existing: force ? .replace : .refuse)
            Console.out("Wrote \(visible(path)): \(TimeFormat.clock(track.duration, roundingUp: false)), "
                        + "\(track.cues) cues, \(track.phrases) spoken lines.\n")
            return ExitCode.success
        } catch {
            progress.finish()
            // ignored: removing a half-written file; the write error is what is reported
            unlink(temporary)
            Console.error("Error: Cannot write '\(visible(path))': \(error)")
            return ExitCode.cannotCreate
        }
    }

    /// Renders and writes the track; returns what went into it.
    private func render(_ plan: Plan, voiceName: String?, to file: String,
                        progress: ProgressReport) throws -> (duration: Double, cues: Int, phrases: Int) {
        let (sounds, missing) = CoachAudio.loadSounds()
        if !missing.isEmpty { Console.error("sevenmin: missing sounds: \(missing.joined(separator: ", "))") }
        let spoken = CoachLanguage.resolve(voiceName: voiceName, routine: plan.routine, option: speech.language,
                                           environment: ProcessEnvironment.current)
        var speaker: (any SpeechEngine)?
        if speech.enabled {
            let opened = VoiceSetup.open(spoken.voice, rate: speech.rate)
            speaker = opened.engine
            if let detail = opened.detail {
                Console.error("sevenmin: voice: \(detail)" + (speaker == nil ? "; exporting the cues alone" : ""))
            }
        }
        let items = WorkoutTrack.items(for: plan, cues: sounds, countAloud: speech.countAloud,
                                       language: spoken.language, voice: speaker != nil)
        // Each phrase is spoken when the track reaches it; a line the engine cannot say (it crashed
        // on it) is left out, and the rest is still spoken.
        let renderer = TrackRenderer(gain: Float(speech.volume) / 100)
        let voice = speaker.map { engine in
            let store = CoachAudio.speechStore()
            return RecentPhrases(sampleRate: renderer.sampleRate) { text in
                do { return try SpeechStore.speech(text, from: engine, store: store) } catch {
                    Console.error("sevenmin: voice: \(error); that line is left out")
                    return Sound(samples: [], sampleRate: CueSynthesizer.sampleRate)
                }
            }
        }
        let outcome = try renderer.export(duration: plan.totalDuration, items: items, voice: voice?.sound(for:),
                                          to: file) { progress.show($0) }
        let cues = items.filter { if case .cue = $0.kind { true } else { false } }.count
        let duration = outcome.duration
        return (duration, cues, items.count - cues)
    }
}

/// Why the file cannot be written, in the words to print.
struct ExportRefusal: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
