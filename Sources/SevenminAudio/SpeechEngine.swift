// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import SevenminCore

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
