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
        switch PlanLoading.load(plan, voices: speech.enabled && voiceName == nil ? voices.listed : nil) {
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
        let progress = ProgressReport(enabled: isatty(STDERR_FILENO) == 1)
        do {
            let track = try render(loaded.plan, voiceName: voiceName, to: temporary, progress: progress)
            progress.finish()
            try ExportTarget.finish(temporary, as: path, force: force)
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
                                           environment: ProcessInfo.processInfo.environment)
        var speaker: (any SpeechEngine)?
        if speech.enabled {
            let opened = VoiceSetup.open(spoken.voice, rate: speech.rate)
            speaker = opened.engine
            if let notice = opened.notice {
                Console.error("sevenmin: voice: \(notice)" + (speaker == nil ? "; exporting the cues alone" : ""))
            }
        }
        // A line the engine cannot say (it crashed on it) is left out, and the rest is still spoken.
        let items = try WorkoutTrack.items(for: plan, cues: sounds, countAloud: speech.countAloud,
                                           language: spoken.language,
                                           speak: speaker.map { voice in
            let store = CoachAudio.speechStore()
            return { text in
                do { return try SpeechStore.speech(text, from: voice, store: store) } catch {
                    Console.error("sevenmin: voice: \(error); that line is left out")
                    return Sound(samples: [], sampleRate: CueSynthesizer.sampleRate)
                }
            }
        })
        let duration = WorkoutTrack.duration(of: plan, items: items)
        // Speech and mixing take a tenth of the time at most; the encoder takes the rest.
        progress.show(0.1)
        let renderer = TrackRenderer(gain: Float(speech.volume) / 100)
        try renderer.export(duration: duration, items: items, to: file) { progress.show(0.1 + 0.9 * $0) }
        let cues = items.filter { if case .cue = $0.kind { true } else { false } }.count
        return (duration, cues, items.count - cues)
    }
}

/// Where an export is written: a new file beside the target, renamed over it once complete.
enum ExportTarget {
    /// Refuses what may not be replaced (anything without `force`; a FIFO, device or folder even with
    /// it) and creates the temporary file, with `O_EXCL`, before any work. Returns its name, or the message.
    static func prepare(_ path: String, force: Bool) -> Result<String, ExportRefusal> {
        var info = stat()
        if lstat(path, &info) == 0 {
            guard force else {
                return .failure(ExportRefusal("Error: '\(visible(path))' already exists; add --force to overwrite it."))
            }
            let kind = info.st_mode & S_IFMT
            var target = info
            // A link is replaced, never its target; one that leads to a special file is refused as that is.
            if kind == S_IFLNK, stat(path, &target) != 0 { target.st_mode = S_IFREG }
            guard target.st_mode & S_IFMT == S_IFREG else {
                return .failure(ExportRefusal("Error: '\(visible(path))' is not a plain file; it was left as it is."))
            }
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        let dot = name.lastIndex(of: ".") ?? name.endIndex
        // The extension is kept last: it chooses the format.
        let temporary = folder + "/." + name[..<dot] + ".\(getpid()).partial" + name[dot...]
        do {
            // ignored: the file is only created here, empty: nothing is written that close could lose
            close(try SystemCall.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644))
        } catch {
            return .failure(ExportRefusal("Error: Cannot create '\(visible(path))': "
                + "\(String(cString: strerror(error.errno)))."))
        }
        return .success(temporary)
    }

    /// Puts the finished file in place: over the target with `force`, else only if nothing appeared there
    /// meanwhile (`link`, which never replaces).
    static func finish(_ temporary: String, as path: String, force: Bool) throws(SystemError) {
        if force {
            try SystemCall.rename(temporary, path)
            return
        }
        _ = try retryingEINTR("link") { link(temporary, path) }
        // ignored: the file is in place; a temporary name left behind is only clutter.
        _ = unlink(temporary)
    }
}

/// Why the file cannot be written, in the words to print.
struct ExportRefusal: Error {
    var message: String
    init(_ message: String) { self.message = message }
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
