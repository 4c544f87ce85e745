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

    public var name: String? {
        switch self {
        case .none: return nil
        case .optional(let n, _), .required(let n, _), .oneOrMore(let n, _): return n
        }
    }

    public var help: String? {
        switch self {
        case .none: return nil
        case .optional(_, let h), .required(_, let h), .oneOrMore(_, let h): return h
        }
    }

    public var usage: String? {
        switch self {
        case .none: return nil
        case .optional(let n, _): return "[<\(n)>]"
        case .required(let n, _): return "<\(n)>"
        case .oneOrMore(let n, _): return "<\(n)> ..."
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
