/// One option a subcommand accepts.
public struct OptionSpec: Sendable {
    public var long: String
    public var short: Character?
    /// The value's placeholder, e.g. `n`; nil for a flag.
    public var value: String?
    public var help: String
    public var repeatable = false
}

/// A subcommand: its name, what it does, its arguments and options.
public struct CommandSpec: Sendable {
    public var name: String
    public var abstract: String
    public var discussion: String?
    public var arguments: [(name: String, help: String)]
    public var options: [OptionSpec]

    public var usage: String {
        var parts = ["sevenmin", name]
        for o in options { parts.append(o.value.map { "[--\(o.long) <\($0)>]" } ?? "[--\(o.long)]") }
        parts += arguments.map { "[<\($0.name)>]" }
        return parts.joined(separator: " ")
    }
}

/// The commands sevenmin understands; help and parsing both read this table.
public enum CommandTable {
    static let routineArgument = (name: "routine", help: "A routine's name (e.g. classic) or the path to a .json file. (default: classic)")

    public static let start = CommandSpec(
        name: "start",
        abstract: "Run a workout full-screen, with sound cues.",
        discussion: "Keys while it runs: space pauses, n/→ and p/← skip, r restarts the segment, + and - add or remove 10 seconds, ? lists the keys, q quits.",
        arguments: [routineArgument],
        options: [
            OptionSpec(long: "mute", value: nil, help: "Play no sound."),
            OptionSpec(long: "rounds", value: "n", help: "Repeat the circuit n times, overriding the routine. (values: 1-100)"),
            OptionSpec(long: "events", value: "file", help: "Append a JSON line per event (segment starts, cues, pauses) to file."),
        ])

    public static let list = CommandSpec(
        name: "list",
        abstract: "Show a routine's exercises, timings and total duration.",
        discussion: nil,
        arguments: [routineArgument],
        options: [
            OptionSpec(long: "rounds", value: "n", help: "Show the plan with n rounds. (values: 1-100)"),
        ])

    public static let all = [start, list]
}
