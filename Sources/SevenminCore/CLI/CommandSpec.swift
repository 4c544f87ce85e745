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
    /// A required argument then an optional one, e.g. `<file> [<routine>]`.
    indirect case requiredThenOptional(String, help: String, then: Positional)

    /// The name of the first argument: the one a missing-argument error names.
    public var name: String? { arguments.first?.name }

    public var help: String? { arguments.first?.help }

    /// Every argument with its help, in order, for the help text.
    public var arguments: [(name: String, help: String)] {
        switch self {
        case .none: return []
        case .optional(let n, let h), .required(let n, let h), .oneOrMore(let n, let h): return [(n, h)]
        case .requiredThenOptional(let n, let h, let then): return [(n, h)] + then.arguments
        }
    }

    public var usage: String? {
        switch self {
        case .none: return nil
        case .optional(let n, _): return "[<\(n)>]"
        case .required(let n, _): return "<\(n)>"
        case .oneOrMore(let n, _): return "<\(n)> ..."
        case .requiredThenOptional(let n, _, let then): return then.usage.map { "<\(n)> \($0)" } ?? "<\(n)>"
        }
    }

    public var maximum: Int {
        switch self {
        case .none: return 0
        case .optional, .required: return 1
        case .oneOrMore: return Int.max
        case .requiredThenOptional(_, _, let then): return 1 + then.maximum
        }
    }

    public var minimum: Int {
        switch self {
        case .none, .optional: return 0
        case .required, .oneOrMore, .requiredThenOptional: return 1
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
