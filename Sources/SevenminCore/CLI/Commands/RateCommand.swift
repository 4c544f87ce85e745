// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// `sevenmin rate`: how hard a workout was, 1 to 10, after the fact.
public struct RateCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "rate",
        abstract: "Rate how hard a workout was, from 1 to 10.",
        discussion: "Rates the latest workout, or with --session another, of any machine: by the id 'history' "
            + "shows, or as many of its first digits as name it alone, or by its number in 'history --json'. "
            + "The finish screen asks the same; a rating replaces any earlier one. About 8 of 10 is the effort "
            + "the seven-minute workout is meant to take (Klika & Jordan, 2013).",
        positional: .required("effort", help: "How hard it was: 1 (very easy) to 10 (as hard as can be)."),
        options: [Option.session])

    public enum Option {
        public static let session = OptionSpec(long: "session", value: "id",
                                               help: "The workout to rate, by its id or number. (default: the latest)")
    }

    public static let scale = 1...10
    /// The ids `history` shows: this machine's, and other machines' (from 2^40 on), each file's its own.
    public static let sessionIDs = 1...(1 << 50)

    public var effort: Int
    public var session: WorkoutReference?

    public init(effort: Int, session: WorkoutReference? = nil) {
        self.effort = effort
        self.session = session
    }

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        let text = parsed.positional[0]
        guard let n = Int(text), RateCommand.scale.contains(n) else {
            throw .invalidValue(option: "<effort>", value: text, expected: "a whole number from 1 to 10",
                                command: "rate")
        }
        effort = n
        session = try parsed.value(Option.session).map { text throws(UsageError) in
            try WorkoutReference.parse(text, option: Option.session.synopsis, command: "rate")
        }
    }
}
