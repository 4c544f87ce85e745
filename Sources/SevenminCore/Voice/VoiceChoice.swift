// SPDX-License-Identifier: GPL-3.0-or-later
/// Which speech engine speaks, and with which of its voices.
///
/// English goes to Flite, whose `rms` voice a speech recogniser understood with a word error rate
/// of 0.18 against espeak-ng's 0.89; every other language, and English when Flite cannot be had,
/// goes to espeak-ng, which speaks a hundred of them.
public struct VoiceChoice: Equatable, Hashable, Sendable {
    public enum Engine: String, Sendable, CaseIterable {
        case flite
        case espeak = "espeak-ng"
    }

    public var engine: Engine
    /// The engine's own name for the voice: `rms`, `slt`; `en-us`, `de`, `fr`.
    public var voice: String

    public init(engine: Engine, voice: String) {
        self.engine = engine
        self.voice = voice
    }

    /// The voices built into Flite (US English); every other name is espeak-ng's.
    public static let fliteVoices = ["rms", "slt"]
    /// Who speaks when nobody chose: Flite's clearest voice.
    public static let standard = VoiceChoice(engine: .flite, voice: "rms")
    /// Who speaks English when Flite cannot.
    public static let englishFallback = VoiceChoice(engine: .espeak, voice: "en-us")

    /// The voice named on the command line or in the routine, else the standard one.
    public static func named(_ name: String?) -> VoiceChoice {
        guard let name else { return standard }
        return fliteVoices.contains(name) ? VoiceChoice(engine: .flite, voice: name) : VoiceChoice(engine: .espeak,
                                                                                                   voice: name)
    }

    /// What to try next if this voice cannot be had: a Flite voice falls back to espeak-ng's English.
    public var fallback: VoiceChoice? { engine == .flite ? VoiceChoice.englishFallback : nil }

    /// "Flite rms", "espeak-ng de": how notices and `doctor` name it.
    public var label: String { (engine == .flite ? "Flite" : engine.rawValue) + " " + voice }
}
