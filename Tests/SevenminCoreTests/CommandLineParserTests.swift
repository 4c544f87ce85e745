import Testing
@testable import SevenminCore

@Suite("Command line")
struct CommandLineParserTests {
    static func start(_ edit: (inout StartOptions) -> Void = { _ in }) -> Command {
        var o = StartOptions()
        edit(&o)
        return .start(o)
    }

    @Test(arguments: [
        ([], Command.help(nil)),
        (["--help"], .help(nil)),
        (["-h"], .help(nil)),
        (["--version"], .version),
        (["help", "start"], .help("start")),
        (["start", "--help"], .help("start")),
        (["start"], start()),
        (["start", "tabata"], start { $0.routine = "tabata" }),
        (["start", "--mute", "my.json"], start { $0.routine = "my.json"; $0.mute = true }),
        (["start", "--rounds", "3"], start { $0.rounds = 3 }),
        (["start", "--rounds=2", "--events", "ev.jsonl"], start { $0.rounds = 2; $0.eventsPath = "ev.jsonl" }),
        (["start", "--", "--odd-name.json"], start { $0.routine = "--odd-name.json" }),
        (["list"], .list(ListOptions())),
    ])
    func parses(args: [String], expected: Command) throws {
        #expect(try CommandLineParser.parse(args) == expected)
    }

    @Test(arguments: [
        (["strat"], UsageError.unknownCommand("strat", suggestion: "start")),
        (["--rounds"], .unknownOption("--rounds", command: "", suggestion: nil)),
        (["start", "--round", "3"], .unknownOption("--round", command: "start", suggestion: "--rounds")),
        (["start", "--rounds"], .missingValue(option: "--rounds <n>", command: "start")),
        (["start", "--rounds", "zero"], .invalidValue(option: "--rounds <n>", value: "zero", expected: "a whole number from 1 to 100", command: "start")),
        (["start", "--rounds", "0"], .invalidValue(option: "--rounds <n>", value: "0", expected: "a whole number from 1 to 100", command: "start")),
        (["start", "a", "b"], .unexpectedArgument("b", command: "start")),
        (["start", "--mute=yes"], .unexpectedValue(option: "--mute", command: "start")),
        (["help", "nope"], .unknownCommand("nope", suggestion: nil)),
    ])
    func rejects(args: [String], expected: UsageError) {
        #expect(throws: expected) { try CommandLineParser.parse(args) }
    }

    @Test func usageErrorsAreThreeLinesWithASuggestion() {
        let text = HelpText.message(for: .unknownOption("--round", command: "start", suggestion: "--rounds"))
        #expect(text == """
            Error: Unknown option '--round'
            Did you mean '--rounds'?
            Usage: sevenmin start [--mute] [--rounds <n>] [--events <file>] [<routine>]
            See 'sevenmin start --help' for more information.
            """)
    }

    @Test func helpHasTheStandardSections() {
        let help = HelpText.help(for: CommandTable.start, width: 80)
        for section in ["OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:"] { #expect(help.contains(section)) }
        #expect(help.contains("-h, --help"))
        #expect(help.contains("(values: 1-100)"))
        let overview = HelpText.overview()
        for section in ["OVERVIEW:", "USAGE:", "OPTIONS:", "SUBCOMMANDS:", "--version"] { #expect(overview.contains(section)) }
    }

    @Test func helpWrapsToTheWidth() {
        let narrow = HelpText.help(for: CommandTable.start, width: 50)
        #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 50 })
    }

    @Test func keysMapToActionsDependingOnTheScreen() {
        #expect(KeyBindings.action(for: .character(" "), overlay: .none, finished: false) == .togglePause)
        #expect(KeyBindings.action(for: .right, overlay: .none, finished: false) == .next)
        #expect(KeyBindings.action(for: .character("p"), overlay: .none, finished: false) == .previous)
        #expect(KeyBindings.action(for: .character("+"), overlay: .none, finished: false) == .addTime(10))
        #expect(KeyBindings.action(for: .character("-"), overlay: .none, finished: false) == .addTime(-10))
        #expect(KeyBindings.action(for: .character("q"), overlay: .none, finished: false) == .requestQuit)
        #expect(KeyBindings.action(for: .character("y"), overlay: .confirmQuit, finished: false) == .confirmQuit)
        #expect(KeyBindings.action(for: .character("n"), overlay: .confirmQuit, finished: false) == .cancelQuit)
        #expect(KeyBindings.action(for: .character("x"), overlay: .none, finished: true) == .dismiss)
        #expect(KeyBindings.action(for: .resize, overlay: .none, finished: true) == .none)
    }

    @Test func eventRecordsAreOneLineOfJSON() {
        let r = EventRecord(t: 1.5, event: "segment", [("title", .string("Wall \"Sit\"\n")), ("index", .integer(3)), ("planned", .number(1.4999996))])
        #expect(r.jsonLine == #"{"t": 1.500000, "event": "segment", "title": "Wall \"Sit\"\n", "index": 3, "planned": 1.500000}"#)
    }
}
