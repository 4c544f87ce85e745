// SPDX-License-Identifier: GPL-3.0-or-later
import CFlite
import FoundationEssentials
import SevenminCore
import Synchronization

/// Turns text into speech with CMU Flite's US English voices, rendered into memory.
///
/// A voice is registered only when first asked for, so a workout maps the data of one voice only.
/// Flite's synthesis is not documented as thread-safe, so every call goes through one lock.
public final class FliteSynthesizer: SpeechEngine, @unchecked Sendable {
    public let choice: VoiceChoice
    public let rate: Int
    /// Flite renders at 16 000 Hz, mono, 16-bit.
    public static let sampleRate = 16_000
    private let voice: UnsafeMutablePointer<cst_voice>
    private let stretch: Float

    /// Registers `voice` (`rms` or `slt`); throws `SpeechError.unknownVoice` for any other name.
    public init(voice name: String, wordsPerMinute: Int = 175) throws {
        guard let voice = try FliteSynthesizer.registered(name) else { throw SpeechError.unknownVoice(name) }
        self.voice = voice
        choice = VoiceChoice(engine: .flite, voice: name)
        rate = min(max(wordsPerMinute, 80), 450)
        // Flite speaks about 175 words a minute; its duration stretch is the inverse of a speed.
        stretch = 175 / Float(rate)
    }

    /// Flite's voices, all US English.
    public static func voices() -> [SpeechVoice] {
        VoiceChoice.fliteVoices.map { SpeechVoice(name: $0, language: "en-us") }
    }

    public func synthesize(_ text: String) throws -> Sound {
        try FliteSynthesizer.lock.withLock { _ in
            // `flite_feat_set_float` on the voice's features: the speed, set on each call as
            // another synthesiser of the same voice may have changed it.
            flite_feat_set_float(voice.pointee.features, FliteSynthesizer.stretchName, stretch)
            guard let wave = flite_text_to_wave(text, voice) else {
                throw SpeechError.failed(call: "flite_text_to_wave", code: -1)
            }
            defer { delete_wave(wave) }
            let count = Int(max(0, wave.pointee.num_samples)), rate = Int(wave.pointee.sample_rate)
            let samples = wave.pointee.samples.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
            return Sound(samples: samples, sampleRate: rate).trimmingSilence()
        }
    }

    /// Flite keeps a feature's name by reference, never copying it, so the name must outlive the
    /// voice: one C string for the life of the process (a Swift temporary was freed at once).
    private static nonisolated(unsafe) let stretchName: UnsafePointer<CChar> =
        UnsafePointer(strdup("duration_stretch")!)

    private static let lock = Mutex<[String: UnsafeMutablePointer<cst_voice>]>([:])

    /// `flite_init` once, then `register_cmu_us_<name>` once per voice.
    private static func registered(_ name: String) throws -> UnsafeMutablePointer<cst_voice>? {
        try lock.withLock { voices in
            if let voice = voices[name] { return voice }
            if voices.isEmpty {
                // flite_init only registers the built-in lexicons and returns 0.
                guard flite_init() == 0 else {
                    throw SpeechError.unavailable(call: "flite_init",
                                                  detail: "Flite is missing (is libflite1 installed?)")
                }
            }
            let voice: UnsafeMutablePointer<cst_voice>?
            switch name {
            case "rms": voice = register_cmu_us_rms(nil)
            case "slt": voice = register_cmu_us_slt(nil)
            default: return nil
            }
            guard let voice else {
                throw SpeechError.unavailable(call: "register_cmu_us_\(name)",
                                              detail: "Flite's voice \(name) is missing (is libflite1 installed?)")
            }
            voices[name] = voice
            return voice
        }
    }
}
