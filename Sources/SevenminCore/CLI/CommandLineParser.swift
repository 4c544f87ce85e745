// SPDX-License-Identifier: GPL-3.0-or-later
/// Parses arguments (without the program name) into a command; no I/O.
public enum CommandLineParser {
    /// Every subcommand, in the order help lists them. Help, parsing and completions read this table.
    public static let commands: [any ParsableCommand.Type] = [
        StartCommand.self, DuringCommand.self, ListCommand.self, ExportAudioCommand.self, RoutinesCommand.self,
        NewCommand.self,
        ValidateCommand.self, ImportCommand.self, ExportRoutineCommand.self, HistoryCommand.self, RateCommand.self,
        SnackCommand.self, SnacksCommand.self,
        PlanCommand.self, RemindCommand.self, StatsCommand.self, StatusCommand.self, ConfigCommand.self,
        HRCommand.self, DoctorCommand.self, CompletionsCommand.self, ManCommand.self, HelpCommand.self,
    ]

    /// Commands for the completion scripts' use: parsed, but left out of help, the manual and completion.
    public static let hiddenCommands: [any ParsableCommand.Type] = [CompleteCommand.self, SpeakCommand.self]

    public static var specs: [CommandSpec] { commands.map { $0.spec } }

    public static func parse(_ args: [String]) throws(UsageError) -> any ParsableCommand {
        guard let first = args.first else { return HelpCommand(topic: nil) }
        switch first {
        case "-h", "--help":
            guard args.count == 1 else { throw .unexpectedArgument(args[1], command: "") }
            return HelpCommand(topic: nil)
        case "--version":
            guard args.count == 1 else { throw .unexpectedArgument(args[1], command: "") }
            return VersionCommand()
        default: break
        }
        guard let type = (commands + hiddenCommands).first(where: { $0.spec.name == first }) else {
            if first.hasPrefix("-") {
                throw .unknownOption(first, command: "", suggestion: suggest(first, ["--help", "--version"]))
            }
            throw .unknownCommand(first, suggestion: suggest(first, specs.map(\.name)))
        }
        let parsed = try ParsedArguments(Array(args.dropFirst()), spec: type.spec)
        if parsed.help { return HelpCommand(topic: type.spec.name) }
        return try type.init(parsed)
    }

    static func suggest(_ word: String, _ candidates: [String]) -> String? {
        Suggestions.nearest(to: word, in: candidates).first
    }
}
