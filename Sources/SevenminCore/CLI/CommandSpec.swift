// SPDX-License-Identifier: GPL-3.0-or-later
/// A subcommand: its name, what it does, its arguments and options.
public struct CommandSpec: Sendable {
    public var name: String
    public var abstract: String
    public var discussion: String?
    public var positional: Positional
    public var options: [OptionSpec]

    public var usage: String { usageParts.joined(separator: " ") }

    /// The usage line's parts, each kept whole when help wraps it: `[--voice <name>]` never breaks.
    public var usageParts: [String] {
        var parts = ["sevenmin \(name)"]
        for o in options {
            parts.append(o.repeatable ? "[\(o.synopsis) ...]" : "[\(o.synopsis)]")
        }
        if let p = positional.usage { parts.append(p) }
        return parts
    }

    /// The usage line for an error, which must fit a line: the options as `[<options>]`, which help
    /// spells out.
    public var shortUsage: String {
        (["sevenmin", name] + (options.isEmpty ? [] : ["[<options>]"]) + [positional.usage].compactMap { $0 })
            .joined(separator: " ")
    }
}
