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
        (["start", "tabata"], start { $0.plan.routine = "tabata" }),
        (["start", "--mute", "my.json"], start { $0.plan.routine = "my.json"; $0.mute = true }),
        (["start", "--rounds", "3"], start { $0.plan.adjustments.rounds = 3 }),
        (["start", "--rounds=2", "--events", "ev.jsonl"], start { $0.plan.adjustments.rounds = 2; $0.eventsPath = "ev.jsonl" }),
        (["start", "--", "--odd-name.json"], start { $0.plan.routine = "--odd-name.json" }),
        (["start", "--work", "20", "--rest=0", "--get-ready", "2.5"], start {
            $0.plan.adjustments.work = 20; $0.plan.adjustments.rest = 0; $0.plan.adjustments.getReady = 2.5
        }),
        (["start", "--without", "noisy", "--without", "chair"], start { $0.plan.adjustments.without = ["noisy", "chair"] }),
        (["start", "--shuffle"], start { $0.plan.shuffle = .random }),
        (["start", "--shuffle", "--seed", "9"], start { $0.plan.shuffle = .seed(9) }),
        (["start", "--seed", "9"], start { $0.plan.shuffle = .seed(9) }),
        (["list"], .list(ListOptions())),
        (["list", "tabata", "--json"], { var o = ListOptions(); o.plan.routine = "tabata"; o.json = true; return .list(o) }()),
        (["routines"], .routines),
        (["new", "mine"], .new(name: "mine", from: "classic")),
        (["new", "mine", "--from", "tabata"], .new(name: "mine", from: "tabata")),
        (["validate", "a.json", "b.json"], .validate(["a.json", "b.json"])),
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
        (["validate"], .missingArgument("<file>", command: "validate")),
        (["new"], .missingArgument("<name>", command: "new")),
        (["new", "a", "b"], .unexpectedArgument("b", command: "new")),
        (["new", "../x"], .invalidValue(option: "<name>", value: "../x", expected: "letters, digits, '-' and '_', not starting with '-'", command: "new")),
        (["routines", "x"], .unexpectedArgument("x", command: "routines")),
        (["list", "--work", "0"], .invalidValue(option: "--work <seconds>", value: "0", expected: "seconds, more than 0 and at most 86400", command: "list")),
        (["list", "--shufle"], .unknownOption("--shufle", command: "list", suggestion: "--shuffle")),
    ])
    func rejects(args: [String], expected: UsageError) {
        #expect(throws: expected) { try CommandLineParser.parse(args) }
    }

    @Test func usageErrorsAreThreeLinesWithASuggestion() {
        let text = HelpText.message(for: .unknownOption("--round", command: "start", suggestion: "--rounds"))
        #expect(text == """
            Error: Unknown option '--round'
            Did you mean '--rounds'?
            Usage: sevenmin start [--mute] [--events <file>] [--rounds <n>] [--work <seconds>] [--rest <seconds>] [--get-ready <seconds>] [--shuffle] [--seed <n>] [--without <tag> ...] [<routine>]
            See 'sevenmin start --help' for more information.
            """)
    }

    @Test func helpHasTheStandardSections() {
        let help = HelpText.help(for: CommandTable.start, width: 80)
        for section in ["OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:"] { #expect(help.contains(section)) }
        #expect(help.contains("-h, --help"))
        #expect(help.contains("(values: 1-100; default: the routine's)"))
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
