// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import SevenminAudio
import SevenminCore

/// The voice of `start`, `export-audio` and `doctor`: which names may reach the engine, and the process
/// that speaks, so that a crash in espeak-ng costs a phrase and never the workout.
enum VoiceSetup {
    /// This program: the speech process is `sevenmin __speak`.
    static let executable = "/proc/self/exe"

    /// What the engines list: Flite's voices and espeak-ng's; nil when espeak-ng cannot say (no voice
    /// data), which speaking then reports once.
    static func catalogue() -> VoiceCatalogue? {
        guard var catalogue = try? SpeechSynthesizer.catalogue() else { return nil }
        catalogue.voices = VoiceChoice.fliteVoices + catalogue.voices
        return catalogue
    }

    /// The catalogue, made the first time a name is to be checked: listing espeak-ng's voices starts the
    /// library in this process, its code and data resident for the whole workout (over a MiB), which a
    /// workout naming no voice never needs.
    final class Catalogue {
        private var made: VoiceCatalogue??

        var listed: VoiceCatalogue? {
            if let made { return made }
            let listed = VoiceSetup.catalogue()
            made = .some(listed)
            return listed
        }
    }

    /// `--voice NAME` as the engine lists it, or the usage error (64) reported for a name it does not list.
    static func commandLine(_ name: String?, catalogue: @autoclosure () -> VoiceCatalogue?,
                            command: String) -> Result<String?, ExitStatus> {
        guard let name, let catalogue = catalogue() else { return .success(name) }
        switch catalogue.check(name) {
        case .known(let listed): return .success(listed)
        case .unknown(let suggestion):
            let near = suggestion.map { "; did you mean '\($0)'?" } ?? " (see 'espeak-ng --voices')"
            Console.error(Messages.usage(.invalidValue(option: VoiceRequest.Option.voice.synopsis, value: name,
                                                        expected: "a voice this machine has" + near, command: command)))
            return .failure(ExitStatus(ExitCode.usage))
        }
    }

    /// The engine for `choice`, or its fallback, each in a process of its own; `problem` and `detail` say
    /// why not (`SpeechEngines.open`).
    static func open(_ choice: VoiceChoice, rate: Int)
        -> (engine: (any SpeechEngine)?, problem: WorkoutNotice?, detail: String?) {
        SpeechEngines.open(choice, rate: rate) { try open(exactly: $0, rate: $1) }
    }

    /// The process speaking with `choice`, with no fallback.
    static func open(exactly choice: VoiceChoice, rate: Int) throws(SpeechProcessError) -> SpeechProcess {
        try SpeechProcess(executable: executable, choice: choice, wordsPerMinute: rate)
    }
}
