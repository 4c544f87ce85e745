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

    /// The voice options, shared by `start` and `export-audio`: each declared once, listed in their
    /// specs and read by `init(_:)`.
    public enum Option {
        public static let voice = OptionSpec(long: "voice", value: "name",
            help: "Speak with this voice: Flite's rms or slt, or an espeak-ng voice such as de or fr. "
                + "(default: the routine's, else the language's: rms for English)",
            values: .voice)
        public static let noVoice = OptionSpec(long: "no-voice", value: nil, help: "Do not speak; cues only.")
        // The codes are added up by `reduce`, which is compiled for [String], not `joined(separator:)`, whose
        // generic code has the runtime search every conformance of the binary as `start` parses its options.
        public static let language = OptionSpec(long: "language", value: "code",
            help: "Speak, and show the workout's words, in this language when the voice and the routine "
                + "do not say. (values: " + CoachLanguage.codes.reduce("") { $0.isEmpty ? $1 : $0 + ", " + $1 }
                + "; default: from LANGUAGE or LANG, else en)",
            values: .choices(CoachLanguage.codes))
        public static let rate = OptionSpec(long: "rate", value: "wpm",
            help: "Speak at this many words a minute. (values: 80-450; default: 175)")
        public static let countAloud = OptionSpec(long: "count-aloud", value: nil,
            help: "Say the last three seconds aloud instead of ticking them.")
        public static let volume = OptionSpec(long: "volume", value: "percent",
            help: "Loudness of cues and voice. (values: 0-100; default: 100)")
    }

    /// The speaking rates `--rate` and the config file's `rate` accept, in words a minute.
    public static let rates = 80...450
    /// The loudness `--volume` and the config file's `volume` accept, in percent.
    public static let volumes = 0...100

    /// The voice options, in the order help lists them.
    public static let options = [
        Option.voice, Option.noVoice, Option.language, Option.rate, Option.countAloud, Option.volume,
    ]

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        enabled = !parsed.flag(Option.noVoice)
        name = parsed.value(Option.voice)
        if let name, !VoiceName.isValid(name) {
            throw .invalidValue(option: Option.voice.synopsis, value: name, expected: "a voice name such as en-us",
                                command: parsed.spec.name)
        }
        language = try parsed.choice(Option.language, as: CoachLanguage.self)
        rate = try parsed.integer(Option.rate, in: Self.rates) ?? 175
        countAloud = parsed.flag(Option.countAloud)
        volume = try parsed.integer(Option.volume, in: Self.volumes) ?? 100
    }
}
