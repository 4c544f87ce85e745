// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The voices a speech engine lists, and the one check a voice name passes before it reaches the
/// engine. espeak-ng crashes on names it does not know in several ways (`/` is a segmentation fault,
/// `en+` and 37 more characters overflow a buffer), so only a listed voice, optionally with a listed
/// variant after `+` (`en-us+f3`), is ever handed to it, spelt as the engine lists it. Flite's voices
/// (`rms`, `slt`) take no variant.
public struct VoiceCatalogue: Equatable, Sendable {
    /// Names as the engine lists them (`en-US`, `de`, `mb-de1`).
    public var voices: [String]
    /// Variants that may follow a `+` (`f3`, `klatt`, `Alex`).
    public var variants: [String]
    /// Other spellings of a voice the engine takes too (its language, `en-us`), to the listed name.
    public var aliases: [String: String]

    public init(voices: [String], variants: [String] = [], aliases: [String: String] = [:]) {
        self.voices = voices
        self.variants = variants
        self.aliases = aliases
    }

    public enum Verdict: Equatable, Sendable {
        /// Listed: the name to hand to the engine.
        case known(String)
        /// Not listed, with the nearest listed name, if one is near.
        case unknown(suggestion: String?)
    }

    /// Whether `name` is a listed voice, or a listed voice and a listed variant; case does not matter.
    public func check(_ name: String) -> Verdict {
        let parts = name.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let voice = find(parts[0], among: voices) ?? aliases[parts[0].lowercased()] else {
            let near = nearest(parts[0], among: voices)
            return .unknown(suggestion: near.map { parts.count == 2 ? $0 + "+" + parts[1] : $0 })
        }
        guard parts.count == 2 else { return .known(voice) }
        // Variants are espeak-ng's: Flite would be handed `rms+klatt` as espeak-ng's voice, and none would speak.
        guard !VoiceChoice.fliteVoices.contains(voice) else { return .unknown(suggestion: voice) }
        guard let variant = find(parts[1], among: variants) else {
            return .unknown(suggestion: nearest(parts[1], among: variants).map { voice + "+" + $0 })
        }
        return .known(voice + "+" + variant)
    }

    /// The message for an unknown name, with a did-you-mean when there is a near one.
    public static func unknownMessage(_ name: String, suggestion: String?) -> String {
        "\"\(visible(name))\" is not a voice this machine has"
            + (suggestion.map { "; did you mean \"\($0)\"?" } ?? " (see `espeak-ng --voices`)")
    }

    /// The nearest of `names`, if it is near: not a suggestion that only shares a length with `name`.
    private func nearest(_ name: String, among names: [String]) -> String? {
        guard let found = Suggestions.nearest(to: name, in: names).first,
              Suggestions.distance(Array(name.lowercased()), Array(found.lowercased())) < name.count else { return nil }
        return found
    }

    private func find(_ name: String, among names: [String]) -> String? {
        let lower = name.lowercased()
        return names.first { $0.lowercased() == lower }
    }
}
