// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin doctor`: checks what a workout needs and says what to do about each problem.
public struct DoctorCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "doctor",
        abstract: "Check the terminal, sound, voice, routines, config and history, and say how to fix problems.",
        discussion: "Exits 0 when a workout can run (sound and voice problems only make it quieter), 1 otherwise.",
        positional: .none,
        options: [Option.play])

    public enum Option {
        public static let play = OptionSpec(long: "play", value: nil,
                                            help: "Also play a test cue through the sound device found.")
    }

    public var play = false

    public init() {}

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        play = parsed.flag(Option.play)
    }
}
