// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin doctor`: checks what a workout needs and says what to do about each problem.
public struct DoctorCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "doctor",
        abstract: "Check the terminal, sound, voice, routines, config and history, and say how to fix problems.",
        discussion: "Exits 0 when a workout can run (sound and voice problems only make it quieter), 1 otherwise. "
            + "A heart-rate strap in the config is looked for, and listened to for up to 5 seconds.",
        positional: .none,
        options: [Option.play, Option.voices])

    public enum Option {
        public static let play = OptionSpec(long: "play", value: nil,
                                            help: "Also play a test cue through the sound device found.")
        public static let voices = OptionSpec(long: "voices", value: nil,
                                              help: "List every voice the speech engines have, not just how many.")
    }

    public var play = false
    public var voices = false

    public init() {}

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        play = parsed.flag(Option.play)
        voices = parsed.flag(Option.voices)
    }
}

extension DoctorCommand {
    /// espeak-ng's line in the Voice section: how many voices and how to list them, or, with `all`
    /// (`--voices`), every one; over a hundred names would bury the rest of the report.
    public static func espeakLine(_ names: [String], all: Bool) -> String {
        let head = "espeak-ng: \(names.count) voices (other languages, and English without Flite)"
        return all ? head + ": " + names.joined(separator: ", ") : head + "; 'sevenmin doctor --voices' lists them"
    }
}
