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

/// A subcommand, as swift-argument-parser has them: one type holds its table entry (name, help,
/// options) and turns parsed arguments into its own validated value. Running it is the app's part.
public protocol ParsableCommand: Sendable {
    static var spec: CommandSpec { get }
    init(_ arguments: ParsedArguments) throws(UsageError)
}

/// One option a subcommand accepts, and the key its parsing reads it by. A command declares each of
/// its options once, as a static value (`StartCommand.Option.mute`), lists it in its spec and reads it
/// with that same value, so help, the manual, completion and parsing cannot name it differently.
public struct OptionSpec: Sendable {
    public var long: String
    /// The value's placeholder, e.g. `n`; nil for a flag.
    public var value: String?
    public var help: String
    public var repeatable = false
    /// What the value can be; `.any` for a flag.
    public var values = ValueKind.any

    /// The option as typed: `--rounds`.
    public var name: String { "--" + long }

    /// The option with its value's placeholder, as usage lines and errors show it: `--rounds <n>`.
    public var synopsis: String { value.map { "\(name) <\($0)>" } ?? name }
}

/// What an option's or argument's value can be: what completion offers and the manual names.
public enum ValueKind: Equatable, Sendable {
    /// Free text or a number: nothing to offer.
    case any
    /// A routine's name on the search path, or a path to a `.json` file.
    case routine
    /// A plan's name (shipped or the user's), or a path to a `.json` file.
    case plan
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

/// Names for routines in the user's folder: safe as file names.
public enum RoutineName {
    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && !name.hasPrefix("-") && name.utf8.allSatisfy { b in
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x5F
        }
    }
}

/// What the completion scripts ask of `sevenmin __complete`: values that depend on the machine.
public enum CompletionQuery: String, CaseIterable, Sendable {
    case routines, plans, tags, voices
}

/// A shell that `sevenmin completions` writes a script for.
public enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// The completion script, made from the command table. Routines, plans, tags and voices are asked of
    /// `sevenmin __complete` when a tab is pressed, so they follow the search path of the moment.
    public func completionScript(commands: [CommandSpec] = CommandLineParser.specs) -> String {
        switch self {
        case .bash: return BashCompletion.script(commands)
        case .zsh: return ZshCompletion.script(commands)
        case .fish: return FishCompletion.script(commands)
        }
    }
}
