// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

/// Whether two parsed commands are the same command with the same values.
func same(_ a: any ParsableCommand, _ b: any ParsableCommand) -> Bool {
    guard let a = a as? any Equatable else { return false }
    return isEqual(a, b)
}

private func isEqual<T: Equatable>(_ a: T, _ b: Any) -> Bool { (b as? T) == a }

let soundFileNames = "a name ending in .wav, .flac or .ogg"

@Suite("Command line")
struct CommandLineParserTests {
    static func start(_ edit: (inout StartCommand) -> Void = { _ in }) -> StartCommand {
        var o = StartCommand()
        edit(&o)
        return o
    }

    static let parsing: [([String], any ParsableCommand)] = [
        ([], HelpCommand(topic: nil)),
        (["--help"], HelpCommand(topic: nil)),
        (["-h"], HelpCommand(topic: nil)),
        (["--version"], VersionCommand()),
        (["help", "start"], HelpCommand(topic: "start")),
        (["help", "help"], HelpCommand(topic: "help")),
        (["start", "--help"], HelpCommand(topic: "start")),
        (["start"], start()),
        (["start", "tabata"], start { $0.plan.routine = "tabata" }),
        (["start", "--mute", "my.json"], start { $0.plan.routine = "my.json"; $0.mute = true }),
        (["start", "--rounds", "3"], start { $0.plan.adjustments.rounds = 3 }),
        (["start", "--rounds=2", "--events", "ev.jsonl"],
            start { $0.plan.adjustments.rounds = 2; $0.eventsPath = "ev.jsonl" }),
        (["start", "--", "--odd-name.json"], start { $0.plan.routine = "--odd-name.json" }),
        (["start", "--work", "20", "--rest=0", "--get-ready", "2.5"], start {
            $0.plan.adjustments.work = 20; $0.plan.adjustments.rest = 0; $0.plan.adjustments.getReady = 2.5
        }),
        (["start", "--without", "noisy", "--without", "chair"], start { $0.plan.adjustments.without = ["noisy",
            "chair"] }),
        (["start", "--shuffle"], start { $0.plan.shuffle = .random }),
        (["start", "--shuffle", "--seed", "9"], start { $0.plan.shuffle = .seed(9) }),
        (["start", "--seed", "9"], start { $0.plan.shuffle = .seed(9) }),
        (["start", "--no-flash", "--no-bell"], start { $0.flash = false; $0.bell = .never }),
        (["start", "--no-figure"], start { $0.figure = false }),
        (["start", "--resume", "--no-voice"], start { $0.resume = true; $0.voice = false }),
        (["start", "--no-history", "--voice", "de", "--rate", "150", "--volume", "40", "--count-aloud"], start {
            $0.noHistory = true; $0.voiceName = "de"; $0.rate = 150; $0.volume = 40; $0.countAloud = true
        }),
        (["start", "--bell"], start { $0.bell = .always }),
        (["start", "--plain", "--voice", "de", "--rate", "200", "--count-aloud", "--volume", "40"], start {
            $0.plain = true; $0.speech.name = "de"; $0.speech.rate = 200; $0.speech.countAloud = true
            $0.speech.volume = 40
        }),
        (["export-audio", "out.flac"], { var o = ExportAudioCommand(); o.path = "out.flac"; return o }()),
        (["export-audio", "--no-voice", "--force", "x/Out.OGG", "tabata", "--rounds", "2"], {
            var o = ExportAudioCommand(); o.path = "x/Out.OGG"; o.plan.routine = "tabata"; o.speech.enabled = false
            o.force = true; o.plan.adjustments.rounds = 2; return o
        }()),
        (["list"], ListCommand()),
        (["list", "tabata", "--json"], { var o = ListCommand(); o.plan.routine = "tabata"; o.json = true; return o }()),
        (["routines"], RoutinesCommand()),
        (["new", "mine"], NewCommand(name: "mine", from: "classic")),
        (["new", "mine", "--from", "tabata"], NewCommand(name: "mine", from: "tabata")),
        (["validate", "a.json", "b.json"], ValidateCommand(paths: ["a.json", "b.json"])),
        (["completions", "zsh"], CompletionsCommand(shell: .zsh)),
        (["man"], ManCommand(section: .program)),
        (["man", "5"], ManCommand(section: .routineFormat)),
        (["__complete", "tags"], CompleteCommand(query: .tags)),
        (["rate", "8"], RateCommand(effort: 8)),
        (["rate", "10", "--session", "42"], RateCommand(effort: 10, session: WorkoutReference("42"))),
        (["rate", "10", "--session", "B969F8A"], RateCommand(effort: 10, session: WorkoutReference("B969F8A"))),
        (["remind", "add", "--days", "tue,thu", "--at", "18:05"], RemindCommand(action: .add, days: [2, 4], hour: 18,
                                                                              minute: 5)),
        (["remind", "ics", "r.ics", "--force"], RemindCommand(action: .ics("r.ics"), force: true)),
        (["remind", "notify"], RemindCommand(action: .notify)),
        (["plan"], PlanCommand()),
        (["plan", "join", "three-circuits"], PlanCommand(action: .join("three-circuits"))),
        (["plan", "list", "--json"], PlanCommand(action: .list, json: true)),
    ]

    @Test(arguments: parsing.indices)
    func parses(row: Int) throws {
        let (args, expected) = CommandLineParserTests.parsing[row]
        let parsed = try CommandLineParser.parse(args)
        #expect(same(parsed, expected), "\(args) parsed as \(parsed)")
    }

    @Test(arguments: [
        (["strat"], UsageError.unknownCommand("strat", suggestion: "start")),
        (["--rounds"], .unknownOption("--rounds", command: "", suggestion: nil)),
        (["start", "--round", "3"], .unknownOption("--round", command: "start", suggestion: "--rounds")),
        (["start", "--rounds"], .missingValue(option: "--rounds <n>", command: "start")),
        (["start", "--rounds", "zero"], .invalidValue(option: "--rounds <n>", value: "zero",
            expected: "a whole number from 1 to 100", command: "start")),
        (["start", "--rounds", "0"], .invalidValue(option: "--rounds <n>", value: "0",
            expected: "a whole number from 1 to 100", command: "start")),
        (["start", "a", "b"], .unexpectedArgument("b", command: "start")),
        (["start", "--mute=yes"], .unexpectedValue(option: "--mute", command: "start")),
        (["help", "nope"], .unknownCommand("nope", suggestion: nil)),
        (["validate"], .missingArgument("<routine>", command: "validate")),
        (["new"], .missingArgument("<name>", command: "new")),
        (["export-audio"], .missingArgument("<file>", command: "export-audio")),
        (["export-audio", "a.mp3"], .invalidValue(option: "<file>", value: "a.mp3", expected: soundFileNames,
                                                  command: "export-audio")),
        (["export-audio", "wav"], .invalidValue(option: "<file>", value: "wav", expected: soundFileNames,
                                                command: "export-audio")),
        (["export-audio", "a.wav", "classic", "more"], .unexpectedArgument("more", command: "export-audio")),
        (["export-audio", "a.wav", "--voice", "a b"], .invalidValue(option: "--voice <name>", value: "a b",
                                                                    expected: "a voice name such as en-us",
                                                                    command: "export-audio")),
        (["new", "a", "b"], .unexpectedArgument("b", command: "new")),
        (["completions", "tcsh"],
         .invalidValue(option: "<shell>", value: "tcsh", expected: "one of bash, zsh, fish", command: "completions")),
        (["man", "7"], .invalidValue(option: "<section>", value: "7", expected: "one of 1, 5", command: "man")),
        (["new", "../x"], .invalidValue(option: "<name>", value: "../x",
            expected: "letters, digits, '-' and '_', not starting with '-'", command: "new")),
        (["routines", "x"], .unexpectedArgument("x", command: "routines")),
        (["list", "--work", "0"], .invalidValue(option: "--work <seconds>", value: "0",
            expected: "seconds, more than 0 and at most 86400", command: "list")),
        (["list", "--shufle"], .unknownOption("--shufle", command: "list", suggestion: "--shuffle")),
        // Numbers are decimal, as people type them: no hex, exponents, signs or infinities.
        (["list", "--work", "0x10"], .invalidValue(option: "--work <seconds>", value: "0x10",
            expected: "seconds, more than 0 and at most 86400", command: "list")),
        (["list", "--rest", "1e1"], .invalidValue(option: "--rest <seconds>", value: "1e1",
            expected: "seconds from 0 to 86400", command: "list")),
        (["list", "--rest", "inf"], .invalidValue(option: "--rest <seconds>", value: "inf",
            expected: "seconds from 0 to 86400", command: "list")),
        (["list", "--rounds", "+2"], .invalidValue(option: "--rounds <n>", value: "+2",
            expected: "a whole number from 1 to 100", command: "list")),
        (["list", "--seed", "-1"], .invalidValue(option: "--seed <n>", value: "-1",
            expected: "a whole number from 0 to 18446744073709551615", command: "list")),
        (["--version", "x"], .unexpectedArgument("x", command: "")),
        (["--help", "x"], .unexpectedArgument("x", command: "")),
        (["help", "start", "x"], .unexpectedArgument("x", command: "help")),
        (["help", "strat"], .unknownCommand("strat", suggestion: "start")),
        (["start", "--bell", "--no-bell"], .conflict("--bell", "--no-bell", command: "start")),
        (["start", "--resume", "tabata"], .conflict("--resume", "tabata", command: "start")),
        (["start", "--resume", "--rounds", "2"], .conflict("--resume", "--rounds", command: "start")),
        (["start", "--resume", "--shuffle"], .conflict("--resume", "--shuffle", command: "start")),
        (["remind", "add", "--days", "mo"], .invalidValue(option: "--days <days>", value: "mo",
            expected: "days of the week such as mon,wed,fri", command: "remind")),
        (["remind", "add", "--at", "7pm"], .invalidValue(option: "--at <time>", value: "7pm",
            expected: "a time of day as HH:MM", command: "remind")),
        (["remind", "list", "--at", "07:00"], .conflict("--at", "list", command: "remind")),
        (["remind", "ics"], .missingArgument("<file>", command: "remind")),
        (["remind"], .missingArgument("<action>", command: "remind")),
        (["plan", "join"], .missingArgument("<plan>", command: "plan")),
        (["plan", "jion", "x"], .invalidValue(option: "<action>", value: "jion", expected: "join, leave or list",
                                              command: "plan")),
        (["plan", "leave", "--json"], .conflict("--json", "leave", command: "plan")),
        (["rate", "11"], .invalidValue(option: "<effort>", value: "11", expected: "a whole number from 1 to 10",
                                       command: "rate")),
        (["rate", "0"], .invalidValue(option: "<effort>", value: "0", expected: "a whole number from 1 to 10",
                                      command: "rate")),
        (["rate", "8", "--session", "x"], .invalidValue(option: "--session <id>", value: "x",
            expected: "a workout's id as 'history' shows it (at least 4 of its digits), or its number",
            command: "rate")),
        (["history", "remove", "b96"], .invalidValue(option: "<id>", value: "b96",
            expected: "a workout's id as 'history' shows it (at least 4 of its digits), or its number",
            command: "history")),
    ])
    func rejects(args: [String], expected: UsageError) {
        #expect(throws: expected) { try CommandLineParser.parse(args) }
    }

    @Test func helpHasTheStandardSections() {
        let help = HelpText.help(for: StartCommand.spec, width: 80)
        for section in ["OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:"] { #expect(help.contains(section)) }
        #expect(help.contains("-h, --help"))
        #expect(help.contains("(values: 1-100; default: the routine's)"))
        let overview = HelpText.overview()
        for section in ["OVERVIEW:", "USAGE:", "OPTIONS:", "SUBCOMMANDS:",
            "--version"] { #expect(overview.contains(section)) }
    }

    @Test func helpWrapsToTheWidth() {
        let narrow = HelpText.help(for: StartCommand.spec, width: 50)
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
        #expect(KeyBindings.action(for: .character(" "), overlay: .help, finished: false) == .togglePause)
        #expect(KeyBindings.action(for: .character("?"), overlay: .help, finished: false) == .toggleHelp)
        #expect(KeyBindings.action(for: .character("o"), overlay: .none, finished: false) == .openVideo)
        #expect(KeyBindings.action(for: .resize, overlay: .none, finished: true) == .none)
    }

    @Test func eventRecordsAreOneLineOfJSON() {
        let r = EventRecord(t: 1.5, event: "segment", [("title", .string("Wall \"Sit\"\n")), ("index", .integer(3)),
            ("planned", .seconds(1.4999996))])
        #expect(r.jsonLine == #"{"t": 1.500000, "event": "segment", "title": "Wall \"Sit\"\n", "#
                + #""index": 3, "planned": 1.500000}"#)
    }
}

/// Every help text, compared whole with `Golden/help-NAME.txt`; `SNAPSHOT_RECORD=1` rewrites them.
@Suite("Help texts")
struct HelpGoldenTests {
    static let topics = ["overview"] + CommandLineParser.specs.map(\.name)

    @Test(arguments: topics)
    func helpMatchesItsGolden(topic: String) throws {
        let text = topic == "overview" ? HelpText.overview(width: 80)
            : HelpText.help(for: CommandLineParser.specs.first { $0.name == topic }!, width: 80)
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden/help-\(topic).txt")
        if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "help for \(topic) changed; rerun with SNAPSHOT_RECORD=1 if that was meant")
    }

    @Test func everyCommandHasAGolden() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden").path
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("help-") }
        #expect(Set(files) == Set(HelpGoldenTests.topics.map { "help-\($0).txt" }))
    }
}

@Suite("Usage lines in errors")
struct ShortUsageTests {
    /// An error's usage line stays one line a terminal can show: options are summed up, help lists them.
    @Test func everyCommandsErrorUsageFitsALine() {
        for spec in CommandLineParser.specs {
            #expect(spec.shortUsage.count <= 80, "\(spec.name): \(spec.shortUsage)")
            #expect(spec.shortUsage.hasPrefix("sevenmin \(spec.name)"))
            #expect(spec.options.isEmpty == !spec.shortUsage.contains("[<options>]"))
        }
        let start = CommandLineParser.specs.first { $0.name == "start" }
        #expect(start?.shortUsage == "sevenmin start [<options>] [<routine>]")
        #expect((start?.usage.count ?? 0) > 200, "the full usage is what help wraps")
    }
}

/// Each option is one key that the spec lists and the command reads: every option in the table does
/// something, and a command cannot read one its spec leaves out.
@Suite("Options read by their commands")
struct OptionKeyTests {
    /// Arguments each command needs before any option parses.
    static let required: [String: [String]] = [
        "export-audio": ["out.wav"], "export-routine": ["out.json"], "new": ["mine"], "validate": ["a.json"],
        "import": ["a.json"], "rate": ["5"], "remind": ["add"], "completions": ["bash"], "__complete": ["routines"],
        "hr": ["scan"],
    ]

    /// Arguments that come after every option: the command `during` runs.
    static let trailing: [String: [String]] = ["during": ["--", "make"]]

    /// Values to try for a placeholder: one of them must differ from what the command does without it.
    static let samples: [String: [String]] = [
        "n": ["3"], "seconds": ["5"], "tag": ["noisy"], "name": ["slt"], "wpm": ["200"], "percent": ["50"],
        "kg": ["70"], "id": ["7"], "days": ["tue"], "time": ["08:15"], "text": ["{title}"], "file": ["e.jsonl"],
        "device": ["hw:1"], "date": ["2026-01-02"], "dir": ["fit"], "routine": ["tabata"], "address": ["127.0.0.1"],
        "years": ["40"], "bpm": ["185"], "interval": ["1h"], "HH:MM-HH:MM": ["08:00-12:00"], "factor": ["1.1"],
    ]

    static let commands = (CommandLineParser.commands + CommandLineParser.hiddenCommands).map { $0.spec.name }

    @Test(arguments: commands)
    func everyOptionInTheSpecChangesTheCommand(name: String) throws {
        let base = [name] + (OptionKeyTests.required[name] ?? [])
        let trailing = OptionKeyTests.trailing[name] ?? []
        let plain = try CommandLineParser.parse(base + trailing)
        let spec = try #require((CommandLineParser.commands + CommandLineParser.hiddenCommands)
            .first { $0.spec.name == name }).spec
        for option in spec.options {
            let tries: [[String]]
            if option.value == nil {
                tries = [[option.name]]
            } else if case .choices(let choices) = option.values {
                tries = choices.map { [option.name, $0] }
            } else {
                let values = try #require(OptionKeyTests.samples[option.value ?? ""],
                                          "no sample value for \(option.synopsis): add one")
                tries = values.map { [option.name, $0] }
            }
            let changed = try tries.contains { extra in
                !same(try CommandLineParser.parse(base + extra + trailing), plain)
            }
            #expect(changed, "\(name) \(option.synopsis) parses but changes nothing: it is not read")
        }
    }

    /// Reading an option the spec does not list is a mistake in the command, and stops at once.
    @Test func readingAnOptionTheSpecLeavesOutTraps() async {
        await #expect(processExitsWith: .failure) {
            let parsed = try ParsedArguments([], spec: RoutinesCommand.spec)
            _ = parsed.flag(StartCommand.Option.mute)
        }
    }

    /// The typed options' names are what the spec lists, so the config file's precedence and the plan's
    /// step read the same names the user typed.
    @Test func startRemembersWhichOptionsWereTyped() throws {
        let start = try #require(try CommandLineParser.parse(["start", "--rounds", "2", "--mute", "tabata"])
            as? StartCommand)
        #expect(start.explicit.routine)
        #expect(start.explicit.contains(PlanRequest.Option.rounds))
        #expect(start.explicit.contains(StartCommand.Option.mute))
        #expect(!start.explicit.contains(StartCommand.Option.noFlash))
        let bare = try #require(try CommandLineParser.parse(["start"]) as? StartCommand)
        #expect(!bare.explicit.routine)
    }
}
