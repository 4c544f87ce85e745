// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin help [COMMAND]`: the overview, or one command's help.
public struct HelpCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "help",
        abstract: "Show help for a subcommand.",
        discussion: nil,
        positional: .optional("subcommand", help: "The subcommand to explain.", values: .command),
        options: [])

    /// The subcommand asked about; nil for the overview.
    public var topic: String?

    public init(topic: String?) { self.topic = topic }

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        topic = parsed.positional.first
        if let topic, !CommandLineParser.specs.contains(where: { $0.name == topic }) {
            throw .unknownCommand(topic, suggestion: CommandLineParser.suggest(topic,
                CommandLineParser.specs.map(\.name)))
        }
    }
}
