/// What the user asked for, once the arguments are understood.
public enum Command: Equatable, Sendable {
    case start(StartOptions)
    case list(ListOptions)
    case routines
    case new(name: String, from: String)
    case validate([String])
    /// Help for one subcommand, or the overview when nil.
    case help(String?)
    case version
}

/// How to shuffle: not at all, with a chosen seed, or with one picked at random.
public enum ShuffleRequest: Equatable, Sendable {
    case none, random, seed(UInt64)
}

/// The routine and the changes to it that `start` and `list` share.
public struct PlanRequest: Equatable, Sendable {
    public var routine = "classic"
    public var adjustments = RoutineAdjustments()
    public var shuffle = ShuffleRequest.none
    public init() {}
}

public struct StartOptions: Equatable, Sendable {
    public var plan = PlanRequest()
    public var mute = false
    public var eventsPath: String?
    public init() {}
}

public struct ListOptions: Equatable, Sendable {
    public var plan = PlanRequest()
    public var json = false
    public init() {}
}

/// Why the arguments could not be understood; worded by `HelpText.message(for:)`.
public enum UsageError: Error, Equatable, Sendable {
    case unknownCommand(String, suggestion: String?)
    case unknownOption(String, command: String, suggestion: String?)
    case missingValue(option: String, command: String)
    case invalidValue(option: String, value: String, expected: String, command: String)
    case unexpectedArgument(String, command: String)
    case missingArgument(String, command: String)
    case unexpectedValue(option: String, command: String)

    /// The subcommand whose usage applies, if any.
    public var command: String? {
        switch self {
        case .unknownCommand: return nil
        case .unknownOption(_, let c, _), .missingValue(_, let c), .invalidValue(_, _, _, let c),
             .unexpectedArgument(_, let c), .missingArgument(_, let c), .unexpectedValue(_, let c): return c.isEmpty ? nil : c
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
            o.plan = try parsed.planRequest()
            o.mute = parsed.flags.contains("mute")
            o.eventsPath = parsed.values["events"]?.last
            return .start(o)
        case "list":
            var o = ListOptions()
            o.plan = try parsed.planRequest()
            o.json = parsed.flags.contains("json")
            return .list(o)
        case "routines":
            return .routines
        case "new":
            let name = parsed.positional[0]
            guard RoutineName.isValid(name) else {
                throw .invalidValue(option: "<name>", value: name, expected: "letters, digits, '-' and '_', not starting with '-'", command: "new")
            }
            return .new(name: name, from: parsed.values["from"]?.last ?? "classic")
        default:
            return .validate(parsed.positional)
        }
    }

    static func suggest(_ word: String, _ candidates: [String]) -> String? {
        Suggestions.nearest(to: word, in: candidates).first
    }
}

/// Names for routines in the user's folder: safe as file names.
public enum RoutineName {
    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && !name.hasPrefix("-") && name.utf8.allSatisfy { b in
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x5F
        }
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
            guard let option = spec.options.first(where: { "--" + $0.long == name }) else {
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
        if help { return }
        if positional.count > spec.positional.maximum {
            throw .unexpectedArgument(positional[spec.positional.maximum], command: spec.name)
        }
        if positional.count < spec.positional.minimum {
            throw .missingArgument("<\(spec.positional.name ?? "")>", command: spec.name)
        }
    }

    func seconds(_ long: String, allowZero: Bool) throws(UsageError) -> Double? {
        guard let text = values[long]?.last else { return nil }
        guard let v = Double(text), v.isFinite, allowZero ? v >= 0 : v > 0, v <= RoutineLoader.maximumSeconds else {
            throw .invalidValue(option: "--\(long) <seconds>", value: text,
                                expected: allowZero ? "seconds from 0 to 86400" : "seconds, more than 0 and at most 86400", command: spec.name)
        }
        return v
    }

    func planRequest() throws(UsageError) -> PlanRequest {
        var request = PlanRequest()
        if let r = positional.first { request.routine = r }
        if let text = values["rounds"]?.last {
            guard let n = Int(text), (1...RoutineLoader.maximumRounds).contains(n) else {
                throw .invalidValue(option: "--rounds <n>", value: text, expected: "a whole number from 1 to 100", command: spec.name)
            }
            request.adjustments.rounds = n
        }
        request.adjustments.work = try seconds("work", allowZero: false)
        request.adjustments.rest = try seconds("rest", allowZero: true)
        request.adjustments.getReady = try seconds("get-ready", allowZero: true)
        for tag in values["without"] ?? [] {
            guard Tag.isValid(tag) else {
                throw .invalidValue(option: "--without <tag>", value: tag, expected: "a tag: lower-case letters, digits and '-'", command: spec.name)
            }
            request.adjustments.without.append(tag)
        }
        if let text = values["seed"]?.last {
            guard let seed = UInt64(text) else {
                throw .invalidValue(option: "--seed <n>", value: text, expected: "a whole number from 0 to 18446744073709551615", command: spec.name)
            }
            request.shuffle = .seed(seed)
        } else if flags.contains("shuffle") {
            request.shuffle = .random
        }
        return request
    }
}
