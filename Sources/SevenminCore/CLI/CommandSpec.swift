/// What an option's or argument's value can be: what completion offers and the manual names.
public enum ValueKind: Equatable, Sendable {
    /// Free text or a number: nothing to offer.
    case any
    /// A routine's name on the search path, or a path to a `.json` file.
    case routine
    /// A tag of the exercises, for `--without`.
    case tag
    /// An espeak-ng voice.
    case voice
    /// A path to a file.
    case file
    /// A subcommand's name.
    case command
    /// One of a fixed list.
    case choices([String])
}

/// One option a subcommand accepts.
public struct OptionSpec: Sendable {
    public var long: String
    /// The value's placeholder, e.g. `n`; nil for a flag.
    public var value: String?
    public var help: String
    public var repeatable = false
    /// What the value can be; `.any` for a flag.
    public var values = ValueKind.any
}

/// The positional arguments a subcommand takes.
public enum Positional: Sendable {
    case none
    case optional(String, help: String, values: ValueKind = .any)
    case required(String, help: String, values: ValueKind = .any)
    case oneOrMore(String, help: String, values: ValueKind = .any)

    public var name: String? {
        switch self {
        case .none: return nil
        case .optional(let n, _, _), .required(let n, _, _), .oneOrMore(let n, _, _): return n
        }
    }

    public var help: String? {
        switch self {
        case .none: return nil
        case .optional(_, let h, _), .required(_, let h, _), .oneOrMore(_, let h, _): return h
        }
    }

    /// What the argument can be, for completion.
    public var values: ValueKind {
        switch self {
        case .none: return .any
        case .optional(_, _, let v), .required(_, _, let v), .oneOrMore(_, _, let v): return v
        }
    }

    public var usage: String? {
        switch self {
        case .none: return nil
        case .optional(let n, _, _): return "[<\(n)>]"
        case .required(let n, _, _): return "<\(n)>"
        case .oneOrMore(let n, _, _): return "<\(n)> ..."
        }
    }

    public var maximum: Int {
        switch self {
        case .none: return 0
        case .optional, .required: return 1
        case .oneOrMore: return Int.max
        }
    }

    public var minimum: Int {
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
