// SPDX-License-Identifier: GPL-3.0-or-later
/// The positional arguments a subcommand takes.
public enum Positional: Sendable {
    case none
    case optional(String, help: String, values: ValueKind = .any)
    case required(String, help: String, values: ValueKind = .any)
    case oneOrMore(String, help: String, values: ValueKind = .any)
    /// A required argument then more, e.g. `<file> [<routine>]`.
    indirect case requiredThenOptional(String, help: String, values: ValueKind = .any, then: Positional)
    /// An optional argument then more, e.g. `[<action>] [<name>]`.
    indirect case optionalThenOptional(String, help: String, values: ValueKind = .any, then: Positional)
    /// Arguments, then `--` and a command with its own arguments, taken as they are: `[<routine>] -- <command> ...`.
    indirect case thenCommand(Positional, name: String, help: String)

    /// The command's placeholder, for a subcommand that runs one after `--`.
    public var command: String? {
        if case .thenCommand(_, let name, _) = self { return name }
        return nil
    }

    /// The name of the first argument: the one a missing-argument error names.
    public var name: String? { arguments.first?.name }

    public var help: String? { arguments.first?.help }

    /// Every argument with its help and what it can be, in order, for help text and completion.
    public var arguments: [(name: String, help: String, values: ValueKind)] {
        switch self {
        case .none: return []
        case .optional(let n, let h, let v), .required(let n, let h, let v), .oneOrMore(let n, let h, let v):
            return [(n, h, v)]
        case .requiredThenOptional(let n, let h, let v, let then), .optionalThenOptional(let n, let h, let v, let then):
            return [(n, h, v)] + then.arguments
        case .thenCommand(let before, let n, let h):
            return before.arguments + [(n, h, .any)]
        }
    }

    /// What the first argument can be, for completion.
    public var values: ValueKind { arguments.first?.values ?? .any }

    public var usage: String? {
        switch self {
        case .none: return nil
        case .optional(let n, _, _): return "[<\(n)>]"
        case .required(let n, _, _): return "<\(n)>"
        case .oneOrMore(let n, _, _): return "<\(n)> ..."
        case .requiredThenOptional(let n, _, _, let then): return then.usage.map { "<\(n)> \($0)" } ?? "<\(n)>"
        case .optionalThenOptional(let n, _, _, let then): return then.usage.map { "[<\(n)>] \($0)" } ?? "[<\(n)>]"
        case .thenCommand(let before, let n, _): return (before.usage.map { $0 + " " } ?? "") + "-- <\(n)> ..."
        }
    }

    public var maximum: Int {
        switch self {
        case .none: return 0
        case .optional, .required: return 1
        case .oneOrMore: return Int.max
        case .requiredThenOptional(_, _, _, let then), .optionalThenOptional(_, _, _, let then):
            return 1 + then.maximum
        case .thenCommand(let before, _, _): return before.maximum
        }
    }

    public var minimum: Int {
        switch self {
        case .none, .optional, .optionalThenOptional: return 0
        case .required, .oneOrMore, .requiredThenOptional: return 1
        case .thenCommand(let before, _, _): return before.minimum
        }
    }
}
