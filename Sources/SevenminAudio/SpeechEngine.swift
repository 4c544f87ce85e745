// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import SevenminCore

/// Something that turns text into speech in memory: Flite or espeak-ng, or a fake in tests.
public protocol SpeechEngine: Sendable {
    /// Which engine and voice this is; with `rate`, part of the key a rendered phrase is kept under.
    var choice: VoiceChoice { get }
    /// Words per minute, as the engine was asked to speak.
    var rate: Int { get }
    /// Speech for `text`, at the engine's own sample rate, trimmed of trailing silence.
    func synthesize(_ text: String) throws -> Sound
}

extension Sound {
    /// The sound without the near-silence engines leave after the last word.
    func trimmingTrailingSilence() -> Sound {
        var end = samples.count
        while end > 0 && abs(Int(samples[end - 1])) < 64 { end -= 1 }
        return Sound(samples: Array(samples[..<end]), sampleRate: sampleRate)
    }
}
