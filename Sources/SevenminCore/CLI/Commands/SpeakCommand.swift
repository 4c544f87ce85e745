// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// `sevenmin __speak --engine ENGINE --voice NAME --rate WPM`, not listed: the process speech is rendered in, so that
/// a crash in the speech library ends it and not the workout. It reads texts on standard input and
/// writes samples on standard output (`SpeechProcess`).
public struct SpeakCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "__speak",
        abstract: "Render speech for another sevenmin process.",
        discussion: nil,
        positional: .none,
        options: [Option.engine, Option.voice, Option.rate])

    public enum Option {
        public static let engine = OptionSpec(long: "engine", value: "engine", help: "flite or espeak-ng.",
                                              values: .choices(VoiceChoice.Engine.allCases.map(\.rawValue)))
        public static let voice = OptionSpec(long: "voice", value: "name", help: "The voice, as the engine lists it.")
        public static let rate = OptionSpec(long: "rate", value: "wpm", help: "Words per minute.")
    }

    public var choice: VoiceChoice
    public var rate: Int

    public init(choice: VoiceChoice, rate: Int) {
        self.choice = choice
        self.rate = rate
    }

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        choice = VoiceChoice(engine: try parsed.choice(Option.engine, as: VoiceChoice.Engine.self) ?? .espeak,
                             voice: parsed.value(Option.voice) ?? "en-us")
        rate = try parsed.integer(Option.rate, in: 80...450) ?? 175
    }
}
