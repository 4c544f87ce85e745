/// What the user asked for, once the arguments are understood.
public enum Command: Equatable, Sendable {
    case start(StartOptions)
    case list(ListOptions)
    /// Help for one subcommand, or the overview when nil.
    case help(String?)
    case version
}

public struct StartOptions: Equatable, Sendable {
    public var routine = "classic"
    public var mute = false
    public var rounds: Int?
    public var eventsPath: String?
    public init() {}
}

public struct ListOptions: Equatable, Sendable {
    public var routine = "classic"
    public var rounds: Int?
    public init() {}
}

/// Why the arguments could not be understood; worded by `UsageError.message`.
public enum UsageError: Error, Equatable, Sendable {
    case unknownCommand(String, suggestion: String?)
    case unknownOption(String, command: String, suggestion: String?)
    case missingValue(option: String, command: String)
    case invalidValue(option: String, value: String, expected: String, command: String)
    case unexpectedArgument(String, command: String)
    case unexpectedValue(option: String, command: String)

    /// The subcommand whose usage applies, if any.
    public var command: String? {
        switch self {
        case .unknownCommand: return nil
        case .unknownOption(_, let c, _), .missingValue(_, let c), .invalidValue(_, _, _, let c),
             .unexpectedArgument(_, let c), .unexpectedValue(_, let c): return c
        }
    }
}

/// Parses arguments (without the program name) into a command; no I/O.
public enum CommandLineParser {
    public static func parse(_ args: [String]) throws(UsageError) -> Command {
        guard let first = args.first else { return .help(nil) }
        switch first {
        case "-h", "--help": return .help(nil)
        case "--version": return .version
        case "help":
            guard args.count <= 2 else { throw .unexpectedArgument(args[2], command: "help") }
            if args.count == 2 {
                guard CommandTable.all.contains(where: { $0.name == args[1] }) else {
                    throw .unknownCommand(args[1], suggestion: suggest(args[1], CommandTable.all.map(\.name) + ["help"]))
                }
                return .help(args[1])
            }
            return .help(nil)
        default: break
        }
        guard let spec = CommandTable.all.first(where: { $0.name == first }) else {
            if first.hasPrefix("-") {
                throw .unknownOption(first, command: "", suggestion: suggest(first, ["--help", "--version"]))
            }
            throw .unknownCommand(first, suggestion: suggest(first, CommandTable.all.map(\.name) + ["help"]))
        }
        let parsed = try ParsedArguments(Array(args.dropFirst()), spec: spec)
        if parsed.help { return .help(spec.name) }
        switch spec.name {
        case "start":
            var o = StartOptions()
            if let r = parsed.positional.first { o.routine = r }
            o.mute = parsed.flags.contains("mute")
            o.rounds = try parsed.rounds()
            o.eventsPath = parsed.values["events"]?.last
            return .start(o)
        default:
            var o = ListOptions()
            if let r = parsed.positional.first { o.routine = r }
            o.rounds = try parsed.rounds()
            return .list(o)
        }
    }

    static func suggest(_ word: String, _ candidates: [String]) -> String? {
        Suggestions.nearest(to: word, in: candidates).first
    }
}

/// Arguments split by one subcommand's spec.
struct ParsedArguments {
    let spec: CommandSpec
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    var positional: [String] = []
    var help = false

    init(_ args: [String], spec: CommandSpec) throws(UsageError) {
        self.spec = spec
        var k = 0
        var optionsEnded = false
        while k < args.count {
            let arg = args[k]
            k += 1
            if optionsEnded || !arg.hasPrefix("-") || arg == "-" {
                positional.append(arg)
                continue
            }
            if arg == "--" { optionsEnded = true; continue }
            if arg == "-h" || arg == "--help" { help = true; continue }
            var name = arg, inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            let option = spec.options.first { "--" + $0.long == name || ($0.short.map { "-\($0)" } == name) }
            guard let option else {
                throw .unknownOption(name, command: spec.name,
                                     suggestion: CommandLineParser.suggest(name, spec.options.map { "--" + $0.long } + ["--help"]))
            }
            if option.value == nil {
                if inline != nil { throw .unexpectedValue(option: "--" + option.long, command: spec.name) }
                flags.insert(option.long)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else if k < args.count {
                value = args[k]
                k += 1
            } else {
                throw .missingValue(option: "--\(option.long) <\(option.value!)>", command: spec.name)
            }
            values[option.long, default: []].append(value)
        }
        if positional.count > spec.arguments.count {
            throw .unexpectedArgument(positional[spec.arguments.count], command: spec.name)
        }
    }

    func rounds() throws(UsageError) -> Int? {
        guard let text = values["rounds"]?.last else { return nil }
        guard let n = Int(text), (1...RoutineLoader.maximumRounds).contains(n) else {
            throw .invalidValue(option: "--rounds <n>", value: text, expected: "a whole number from 1 to 100", command: spec.name)
        }
        return n
    }
}
