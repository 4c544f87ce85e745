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

/// Something that turns text into speech in memory: Flite or espeak-ng, or a fake in tests.
public protocol SpeechEngine: Sendable {
    /// Which engine and voice this is; with `rate`, part of the key a rendered phrase is kept under.
    var choice: VoiceChoice { get }
    /// Words per minute, as the engine was asked to speak.
    var rate: Int { get }
    /// Speech for `text`, at the engine's own sample rate, trimmed of the silence before and after it.
    func synthesize(_ text: String) throws -> Sound
}

extension Sound {
    /// Below this RMS over 5 ms a sound is near-silence (−54 dBFS): what engines leave around the words,
    /// with the low noise of Flite's `slt` before them.
    static let silenceLevel = 64.0

    /// The sound without the near-silence engines leave before the first word and after the last (Flite
    /// about 170 ms at each end), so a phrase's first sound is heard on its moment. Measured over 5 ms
    /// windows, so a stray sample in the noise is not taken for a word; 5 ms are kept at each end, so a
    /// soft onset or decay is not cut.
    func trimmingSilence() -> Sound {
        let window = max(1, sampleRate / 200)
        let starts = Array(stride(from: 0, to: samples.count, by: window))
        let loud = { (start: Int) in Sound.rms(self.samples[start..<min(start + window, self.samples.count)])
            * 32_768 > Sound.silenceLevel }
        guard let first = starts.first(where: loud), let last = starts.last(where: loud) else {
            return Sound(samples: [], sampleRate: sampleRate)
        }
        let from = max(0, first - window), to = min(samples.count, last + 2 * window)
        return Sound(samples: Array(samples[from..<to]), sampleRate: sampleRate)
    }
}

/// A voice espeak-ng can speak with.
public struct SpeechVoice: Equatable, Sendable {
    /// What `espeak_SetVoiceByName` takes, e.g. `en-us`, `de`, `fr`.
    public var name: String
    /// The language it reads, e.g. `en-us`.
    public var language: String
}
