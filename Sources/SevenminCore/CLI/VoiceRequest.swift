// SPDX-License-Identifier: GPL-3.0-or-later
/// The voice and loudness options that `start` and `export-audio` share.
public struct VoiceRequest: Equatable, Sendable {
    /// Speak at all; the voice's name, when given, overrides the routine's.
    public var enabled = true
    public var name: String?
    public var rate = 175
    public var countAloud = false
    public var volume = 100
    /// The language to speak when neither the voice nor the routine says.
    public var language: CoachLanguage?

    public init() {}

    public static let options = [
        OptionSpec(long: "voice", value: "name",
                   help: "Speak with this voice: Flite's rms or slt, or an espeak-ng voice such as de or fr. "
                       + "(default: the routine's, else the language's: rms for English)",
                   values: .voice),
        OptionSpec(long: "no-voice", value: nil, help: "Do not speak; cues only."),
        OptionSpec(long: "language", value: "code",
                   help: "Speak, and show the workout's words, in this language when the voice and the routine "
                       + "do not say. (values: " + CoachLanguage.codes.joined(separator: ", ")
                       + "; default: from LANGUAGE or LANG, else en)",
                   values: .choices(CoachLanguage.codes)),
        OptionSpec(long: "rate", value: "wpm",
                   help: "Speak at this many words a minute. (values: 80-450; default: 175)"),
        OptionSpec(long: "count-aloud", value: nil, help: "Say the last three seconds aloud instead of ticking them."),
        OptionSpec(long: "volume", value: "percent", help: "Loudness of cues and voice. (values: 0-100; default: 100)"),
    ]

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        enabled = !parsed.flag("no-voice")
        name = parsed.value("voice")
        if let name, !VoiceName.isValid(name) {
            throw .invalidValue(option: "--voice <name>", value: name, expected: "a voice name such as en-us",
                                command: parsed.spec.name)
        }
        language = try parsed.choice("language", placeholder: "code", among: CoachLanguage.codes)
            .flatMap(CoachLanguage.init(rawValue:))
        rate = try parsed.integer("rate", placeholder: "wpm", in: 80...450) ?? 175
        countAloud = parsed.flag("count-aloud")
        volume = try parsed.integer("volume", placeholder: "percent", in: 0...100) ?? 100
    }
}
