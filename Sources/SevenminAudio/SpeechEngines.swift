// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import SevenminCore

/// Opens speech engines by the core's choice, falling back as the choice says.
public enum SpeechEngines {
    /// The engine for `choice`, or its fallback. When the first choice was not had, `problem` is what the
    /// workout tells the user (worded by the core in its language) and `detail` the engines' own reasons,
    /// in English, for the log and the command line. Nil engine, with both, when no engine can speak.
    /// `opener` opens one engine: in this process by default, or in a process of its own (`SpeechProcess`).
    public static func open(_ choice: VoiceChoice, rate: Int,
                            opener: (VoiceChoice, Int) throws -> any SpeechEngine = { try open(exactly: $0, rate: $1) })
        -> (engine: (any SpeechEngine)?, problem: WorkoutNotice?, detail: String?) {
        do {
            return (try opener(choice, rate), nil, nil)
        } catch {
            guard let fallback = choice.fallback else {
                return (nil, .noVoice(voice: choice.label), "no voice: \(choice.label): \(error)")
            }
            do {
                return (try opener(fallback, rate), .voiceFallback(asked: choice.label, speaking: fallback.label),
                        "\(choice.label): \(error); speaking with " + fallback.label)
            } catch let second {
                return (nil, .noVoice(voice: choice.label),
                        "no voice: \(choice.label): \(error); \(fallback.label): \(second)")
            }
        }
    }

    /// The engine for `choice`, with no fallback.
    public static func open(exactly choice: VoiceChoice, rate: Int) throws -> any SpeechEngine {
        switch choice.engine {
        case .flite: return try FliteSynthesizer(voice: choice.voice, wordsPerMinute: rate)
        case .espeak: return try SpeechSynthesizer(voice: choice.voice, wordsPerMinute: rate)
        }
    }

    /// Every voice of both engines: Flite's first, then espeak-ng's (none if espeak-ng cannot start).
    public static func voices() -> [SpeechVoice] {
        FliteSynthesizer.voices() + ((try? SpeechSynthesizer.voices()) ?? [])
    }
}
