// SPDX-License-Identifier: GPL-3.0-or-later
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
