// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin new`: a starter routine in the user's folder.
public struct NewCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "new",
        abstract: "Write a starter routine into your workouts folder.",
        discussion: nil,
        positional: .required("name", help: "The new routine's name: letters, digits, '-' and '_'."),
        options: [Option.from])

    public enum Option {
        public static let from = OptionSpec(long: "from", value: "routine",
                                            help: "Start from this routine. (default: classic)", values: .routine)
    }

    public var name: String
    public var from: String

    public init(name: String, from: String = "classic") {
        self.name = name
        self.from = from
    }

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        name = parsed.positional[0]
        guard RoutineName.isValid(name) else {
            throw .invalidValue(option: "<name>", value: name,
                                expected: "letters, digits, '-' and '_', not starting with '-'", command: "new")
        }
        from = parsed.value(Option.from) ?? "classic"
    }
}
