// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore

/// Sums the sounding cues and at most one phrase: beeps never cut each other off, speech
/// is never talked over, and beeps duck under speech so the words stay clear.
public struct Mixer: Sendable {
    /// Beeps under speech are 12 dB quieter: 10^(−12/20).
    public static let duckGain: Float = 0.251_188_64
    /// Ducking and cut-offs ramp over 10 ms at 44.1 kHz, so no step is heard as a click.
    static let rampFrames = 441

    struct Voice: Sendable {
        var cue: Cue?
        var samples: [Int16]
        var position = 0
        var priority = Phrase.Priority.low
        /// Frames of fade-out left, once cut off.
        var fadeLeft: Int?
        var framesLeft: Int { samples.count - position }
    }

    private var voices: [Voice] = []
    private var phrase: Voice?
    /// A phrase that was cut off, fading out over one ramp.
    private var fading: Voice?
    private var duck: Float = 1
    /// Applied to everything, after mixing: `--volume` as a linear factor.
    public var gain: Float

    public init(gain: Float = 1) { self.gain = gain }

    public var isSilent: Bool { voices.isEmpty && phrase == nil && fading == nil }
    /// Frames until everything sounding has ended (the duck's ramp back up aside).
    public var framesLeft: Int {
        max(voices.map(\.framesLeft).max() ?? 0, phraseFramesLeft,
            fading.map { min($0.framesLeft, $0.fadeLeft ?? Mixer.rampFrames) } ?? 0)
    }

    /// Frames until the sounding phrase ends; 0 when none is.
    public var phraseFramesLeft: Int { phrase?.framesLeft ?? 0 }

    public mutating func start(_ cue: Cue, samples: [Int16]) {
        voices.append(Voice(cue: cue, samples: samples))
    }

    /// Whether a phrase of `priority` may start now: when no phrase sounds, or a less important one does.
    public func canSay(_ priority: Phrase.Priority) -> Bool {
        guard let phrase else { return true }
        return priority > phrase.priority
    }

    /// Starts a phrase, cutting off the one sounding (check `canSay` first); returns whether one was cut off.
    @discardableResult
    public mutating func say(_ samples: [Int16], priority: Phrase.Priority) -> Bool {
        let cut = phrase != nil
        if var phrase {
            phrase.fadeLeft = Mixer.rampFrames
            fading = phrase
        }
        phrase = samples.isEmpty ? nil : Voice(cue: nil, samples: samples, priority: priority)
        return cut
    }

    /// The next `frames` samples of the mix, clipped to 16 bits; voices that end are dropped.
    public mutating func render(frames: Int) -> [Int16] {
        var out = [Int16](repeating: 0, count: frames)
        out.withUnsafeMutableBufferPointer { render(into: $0) }
        return out
    }

    /// Renders `out.count` frames into `out`, as `render(frames:)`.
    public mutating func render(into out: UnsafeMutableBufferPointer<Int16>) {
        let frames = out.count
        var sum = [Float](repeating: 0, count: frames)
        // The duck gain for each frame: down while a phrase sounds, back up after, ramped.
        let speaking = phraseFramesLeft
        var ducks = [Float](repeating: 1, count: frames)
        let step = (1 - Mixer.duckGain) / Float(Mixer.rampFrames)
        for k in 0..<frames {
            let target: Float = k < speaking ? Mixer.duckGain : 1
            duck = duck > target ? max(target, duck - step) : min(target, duck + step)
            ducks[k] = duck
        }
        for v in voices.indices {
            let n = min(frames, voices[v].framesLeft), from = voices[v].position
            voices[v].samples.withUnsafeBufferPointer { src in
                for k in 0..<n { sum[k] += Float(src[from + k]) * ducks[k] }
            }
            voices[v].position += n
        }
        voices.removeAll { $0.framesLeft <= 0 }
        if var voice = phrase {
            let n = min(frames, voice.framesLeft), from = voice.position
            voice.samples.withUnsafeBufferPointer { src in
                for k in 0..<n { sum[k] += Float(src[from + k]) }
            }
            voice.position += n
            phrase = voice.framesLeft > 0 ? voice : nil
        }
        if var voice = fading {
            // A linear fade from where the cut fell, over one ramp.
            let left = voice.fadeLeft ?? Mixer.rampFrames
            let n = min(frames, voice.framesLeft, left), from = voice.position
            voice.samples.withUnsafeBufferPointer { src in
                for k in 0..<n { sum[k] += Float(src[from + k]) * Float(left - k) / Float(Mixer.rampFrames) }
            }
            voice.position += n
            voice.fadeLeft = left - n
            fading = left > n && voice.framesLeft > 0 ? voice : nil
        }
        for k in 0..<frames { out[k] = Int16(max(-32_768, min(32_767, (sum[k] * gain).rounded()))) }
    }
}
