// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin config`: the settings `start` would use, and where each came from.
public struct ConfigCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "config",
        abstract: "Show the settings a workout starts with, and where each comes from.",
        discussion: "Settings are read from $XDG_CONFIG_HOME/sevenmin/config.json "
            + "(else ~/.config/sevenmin/config.json); "
            + "options given to 'sevenmin start' win over them. Exits 65 when the file has problems.",
        positional: .none,
        options: [Option.path])

    public enum Option {
        public static let path = OptionSpec(long: "path", value: nil,
                                            help: "Print only where the config file is looked for.")
    }

    public var pathOnly = false

    public init() {}

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        pathOnly = parsed.flag(Option.path)
    }
}
