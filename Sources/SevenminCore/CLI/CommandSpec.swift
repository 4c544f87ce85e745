/// One option a subcommand accepts.
public struct OptionSpec: Sendable {
    public var long: String
    /// The value's placeholder, e.g. `n`; nil for a flag.
    public var value: String?
    public var help: String
    public var repeatable = false
}

/// The positional arguments a subcommand takes.
public enum Positional: Sendable {
    case none
    case optional(String, help: String)
    case required(String, help: String)
    case oneOrMore(String, help: String)

    var name: String? {
        switch self {
        case .none: return nil
        case .optional(let n, _), .required(let n, _), .oneOrMore(let n, _): return n
        }
    }

    var help: String? {
        switch self {
        case .none: return nil
        case .optional(_, let h), .required(_, let h), .oneOrMore(_, let h): return h
        }
    }

    var usage: String? {
        switch self {
        case .none: return nil
        case .optional(let n, _): return "[<\(n)>]"
        case .required(let n, _): return "<\(n)>"
        case .oneOrMore(let n, _): return "<\(n)> ..."
        }
    }

    var maximum: Int {
        switch self {
        case .none: return 0
        case .optional, .required: return 1
        case .oneOrMore: return Int.max
        }
    }

    var minimum: Int {
        switch self {
        case .none, .optional: return 0
        case .required, .oneOrMore: return 1
        }
    }
}

/// A subcommand: its name, what it does, its arguments and options.
public struct CommandSpec: Sendable {
    public var name: String
    public var abstract: String
    public var discussion: String?
    public var positional: Positional
    public var options: [OptionSpec]

    public var usage: String {
        var parts = ["sevenmin", name]
        for o in options {
            let text = o.value.map { "--\(o.long) <\($0)>" } ?? "--\(o.long)"
            parts.append(o.repeatable ? "[\(text) ...]" : "[\(text)]")
        }
        if let p = positional.usage { parts.append(p) }
        return parts.joined(separator: " ")
    }
}

/// The commands sevenmin understands; help and parsing both read this table.
public enum CommandTable {
    static let routine = Positional.optional("routine", help: "A routine's name (see 'sevenmin routines') or the path to a .json file. (default: classic)")

    /// Options that change the plan, shared by `start` and `list`.
    static let planOptions = [
        OptionSpec(long: "rounds", value: "n", help: "Repeat the circuit n times. (values: 1-100; default: the routine's)"),
        OptionSpec(long: "work", value: "seconds", help: "Seconds of work for every exercise. (default: the routine's)"),
        OptionSpec(long: "rest", value: "seconds", help: "Seconds of rest between exercises. (default: the routine's)"),
        OptionSpec(long: "get-ready", value: "seconds", help: "Seconds before the first exercise. (default: the routine's)"),
        OptionSpec(long: "shuffle", value: nil, help: "Shuffle the exercises within their groups, keeping the sequence of groups."),
        OptionSpec(long: "seed", value: "n", help: "Shuffle repeatably with this seed (implies --shuffle)."),
        OptionSpec(long: "without", value: "tag", help: "Leave out exercises with this tag, e.g. noisy or chair.", repeatable: true),
    ]

    public static let start = CommandSpec(
        name: "start",
        abstract: "Run a workout full-screen, with sound cues.",
        discussion: "Keys while it runs: space pauses, n/→ and p/← skip, r restarts the segment, + and - add or remove 10 seconds, ? lists the keys, q quits.",
        positional: routine,
        options: [
            OptionSpec(long: "mute", value: nil, help: "Play no sound."),
            OptionSpec(long: "events", value: "file", help: "Append a JSON line per event (segment starts, cues, pauses) to file."),
        ] + planOptions)

    public static let list = CommandSpec(
        name: "list",
        abstract: "Show a routine's exercises, timings and total duration.",
        discussion: nil,
        positional: routine,
        options: [OptionSpec(long: "json", value: nil, help: "Print the resolved plan as JSON, for scripts.")] + planOptions)

    public static let routines = CommandSpec(
        name: "routines",
        abstract: "List every routine found, and where it comes from.",
        discussion: "Routines are looked for in $SEVENMIN_WORKOUTS (a colon-separated list), then $XDG_CONFIG_HOME/sevenmin/workouts (~/.config/sevenmin/workouts), then the shipped Workouts folder. A routine shadows any of the same name found later.",
        positional: .none,
        options: [])

    public static let new = CommandSpec(
        name: "new",
        abstract: "Write a starter routine into your workouts folder.",
        discussion: nil,
        positional: .required("name", help: "The new routine's name: letters, digits, '-' and '_'."),
        options: [OptionSpec(long: "from", value: "routine", help: "Start from this routine. (default: classic)")])

    public static let validate = CommandSpec(
        name: "validate",
        abstract: "Check routine files and report every problem in each.",
        discussion: nil,
        positional: .oneOrMore("file", help: "Routine files to check."),
        options: [])

    public static let all = [start, list, routines, new, validate]
}
