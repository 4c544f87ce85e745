// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

/// The config file: what it may say, how its problems are reported, and how it yields to the command line.
@Suite("Config file")
struct UserConfigTests {
    func parse(_ text: String) throws(RoutineLoadError) -> UserConfig {
        try UserConfig.parse(Array(text.utf8), path: "config.json")
    }

    func problems(_ text: String) -> [String] {
        do {
            _ = try parse(text)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func start(_ args: [String]) throws -> StartCommand {
        try #require(try CommandLineParser.parse(["start"] + args) as? StartCommand)
    }

    @Test func everyKeyIsRead() throws {
        let config = try parse("""
            {"routine": "tabata", "mute": true, "voice": "de", "rate": 150, "volume": 40, "countAloud": true,
             "flash": false, "bell": "never", "audioDriver": "alsa", "audioDevice": "hw:1", "color": "never",
             "history": false, "notify": false, "weight": 72.5, "language": "nl", "age": 40, "maxHeartRate": 181,
             "speakHeartRate": true}
            """)
        let s = StartCommand().applying(config)
        #expect(s.speech.language == .nl)
        #expect(try start(["--language", "it"]).applying(config).speech.language == .it, "the command line wins")
        #expect(s.plan.routine == "tabata" && s.mute && s.voiceName == "de" && s.rate == 150 && s.volume == 40)
        #expect(s.countAloud && !s.flash && s.bell == .never && s.audioDriver == "alsa" && s.audioDevice == "hw:1")
        #expect(s.color == .never && s.noHistory && !s.notify && StatsCommand().applying(config).weight == 72.5)
        #expect(s.age == 40 && s.maxHeartRate == 181 && s.speakHeartRate)
    }

    @Test func voiceFalseMeansNoVoice() throws {
        #expect(!StartCommand().applying(try parse(#"{"voice": false}"#)).voice)
    }

    @Test(arguments: [
        // Typed options win over the file; options not typed take the file's value.
        (["--rate", "200"], #"{"rate": 120, "volume": 30}"#, "rate 200 volume 30"),
        (["--no-voice"], #"{"voice": "de"}"#, "voice off"),
        (["--voice", "fr"], #"{"voice": false}"#, "voice fr"),
        (["--bell"], #"{"bell": "never"}"#, "bell always"),
        (["tabata"], #"{"routine": "classic"}"#, "routine tabata"),
        (["--resume"], #"{"routine": "tabata"}"#, "routine classic"),
        (["--color", "always"], #"{"color": "never"}"#, "color always"),
        (["--no-notify"], #"{"notify": true}"#, "notify false"),
        ([], #"{"history": false, "flash": false}"#, "history false flash false"),
    ])
    func theCommandLineWins(args: [String], file: String, expected: String) throws {
        let s = try start(args).applying(try parse(file))
        let facts = ["rate \(s.rate) volume \(s.volume)", s.voice ? "voice \(s.voiceName ?? "default")" : "voice off",
                     "bell \(s.bell)", "routine \(s.plan.routine)", "color \(s.color.rawValue)", "notify \(s.notify)",
                     "history \(!s.noHistory) flash \(s.flash)"]
        #expect(facts.contains(expected), "\(args) over \(file): \(facts)")
    }

    @Test(arguments: [
        (#"{"volme": 50}"#, [#"config.json:1:2: unknown key "volme" in the config; did you mean "volume"?"#]),
        ("{\n  \"rate\": 20,\n  \"mute\": \"yes\"\n}", [
            "config.json:2:11: \"rate\" must be from 80 to 450, not 20",
            "config.json:3:11: \"mute\" must be true or false, not a string",
        ]),
        (#"{"bell": "alwys"}"#,
         [#"config.json:1:10: "bell" must be one of "auto", "always" or "never", not "alwys"; "#
            + #"did you mean "always"?"#]),
        (#"{"voice": "en us"}"#, [#"config.json:1:11: "voice" must be a voice name such as "en-us", or false"#]),
        (#"{"weight": 5}"#, [#"config.json:1:12: "weight" must be kilograms from 20 to 400"#]),
        ("{\n  \"age\": 4,\n  \"maxHeartRate\": 180.5,\n  \"speakHeartRate\": 1\n}", [
            "config.json:2:10: \"age\" must be from 10 to 100, not 4",
            "config.json:3:19: \"maxHeartRate\" must be a whole number, not 180.5",
            "config.json:4:21: \"speakHeartRate\" must be true or false, not a number",
        ]),
        (#"{"routine": "a\u001b[2J"}"#,
         [#"config.json:1:13: "routine" contains the control character ^[; routines may not carry terminal escapes"#]),
        ("{\"mute\": true,}", ["config.json:1:15: trailing comma before '}'"]),
        ("[]", ["config.json:1:1: the config must be an object, not an array"]),
    ])
    func problemsComeWithTheirPositions(text: String, expected: [String]) {
        #expect(problems(text) == expected)
    }

    @Test func theSettingsSayWhereEachCameFrom() throws {
        let config = try parse("{\n  \"mute\": true,\n  \"voice\": \"de\"\n}")
        let rows = EffectiveSettings(config: config, path: "/home/u/.config/sevenmin/config.json").rows
        let source = Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0.value + " from " + $0.source) })
        #expect(source["mute"] == "true from /home/u/.config/sevenmin/config.json:2")
        #expect(source["voice"] == "\"de\" from /home/u/.config/sevenmin/config.json:3")
        #expect(source["rate"] == "175 from default")
        #expect(rows.map(\.key) == UserConfig.keys.filter { $0 != "$schema" })
    }

    @Test func theSchemaNamesEveryKeyTheLoaderKnows() throws {
        let path = repositoryRoot.path + "/Workouts/config.schema.json"
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let schema = try JSONParser.parse(Array(bytes))
        guard case .object(let top) = schema.value,
              case .object(let properties)? = top.first(where: { $0.key == "properties" })?.value.value else {
            Issue.record("the schema has no properties")
            return
        }
        #expect(properties.map(\.key).sorted() == UserConfig.keys.sorted())
    }

    /// Values for each setting, as the file spells them, the first not its default; and an argument for each
    /// option that takes one, other than the file's: a new setting fails here until it has its own.
    static let samples = [
        "routine": [#""tabata""#], "mute": ["true", "false"], "voice": [#""de""#, "false"], "language": [#""nl""#],
        "rate": ["150"], "volume": ["40"], "countAloud": ["true", "false"], "flash": ["false", "true"],
        "figure": ["false", "true"], "bell": [#""never""#, #""always""#, #""auto""#], "audioDriver": [#""alsa""#],
        "audioDevice": [#""hw:1""#], "color": [#""never""#], "history": ["false", "true"],
        "notify": ["false", "true"], "mpris": ["false", "true"], "weight": ["72.5"],
        "heartRate": [#""A0:9E:1A:12:34:56""#], "phone": ["true", "false"], "age": ["40"], "maxHeartRate": ["185"],
        "speakHeartRate": ["true", "false"], "ghost": ["true", "false"], "sex": [#""female""#, #""male""#],
        "snackEvery": [#""45m""#, #""1h""#], "snackHours": [#""08:00-16:00""#], "snackDays": [#""mon,wed,fri""#],
        "snackMinutes": ["3"], "snackAuto": ["true", "false"],
    ]
    static let arguments = [
        "voice": "fr", "language": "it", "rate": "200", "volume": "90", "audio-driver": "oss", "audio-device": "hw:2",
        "color": "always", "weight": "80", "hr": "Polar H10", "phone-bind": "127.0.0.1", "age": "35", "max-hr": "190",
        "sex": "male", "every": "2h", "hours": "10:00-12:00", "days": "sat,sun", "minutes": "5",
    ]

    /// Each entry of the table is read, applied under the command line, printed, completed and documented;
    /// all of these are made from the table, so this holds for a new setting with nothing else to write.
    @Test(arguments: ConfigSettings.all.map(\.key))
    func everySettingIsReadAppliedPrintedCompletedAndDocumented(key: String) throws {
        let setting = try #require(ConfigSettings.all.first { $0.key == key })
        let samples = try #require(UserConfigTests.samples[key], "no sample value for \(key)")
        let configs = try samples.map { try parse("{\"\(key)\": \($0)}") }
        let printed = try #require(EffectiveSettings(config: configs[0], path: "c.json").rows.first { $0.key == key })
        #expect(printed.value == samples[0] && printed.source == "c.json:1", "read, applied and printed")
        // An option that stands for the setting, typed, wins over the file, whatever it says.
        let values = try configs.map { try #require($0.value(key, as: (any Sendable).self)) }
        let spec = setting.command
        if setting.argument {
            let start = try #require(try CommandLineParser.parse(["start", "original"]) as? StartCommand)
            #expect(start.applying(configs[0]).plan.routine == "original")
        }
        for option in setting.options {
            #expect(spec.options.contains { $0.long == option.long }, "\(spec.name) has no \(option.name)")
            let typed = try CommandLineParser.parse([spec.name, option.name]
                + (option.value == nil ? [] : [try #require(UserConfigTests.arguments[option.long])]))
            let command = try #require(typed as? any ConfigurableCommand)
            #expect(values.allSatisfy { same(command, setting.apply($0, command)) }, "\(option.name) wins")
            // What completion offers for the option is what the file accepts.
            if case .choices(let words) = option.values {
                for word in words { #expect(problems("{\"\(key)\": \"\(word)\"}").isEmpty, "\(word)") }
            }
            for shell in Shell.allCases {
                #expect(ManualAndCompletionTests.mentions(shell.completionScript(), shell, command: spec.name,
                                                          option: option.long), "\(shell) lacks \(option.name)")
            }
        }
        #expect(!setting.options.isEmpty || setting.argument, "nothing on the command line stands for \(key)")
        let manual = ManPage.program()
        let section = try #require(manual.range(of: ".SH CONFIGURATION\n"))
        #expect(manual[section.upperBound...].contains(".TP\n\\fB\(Roff.literal(key))\\fR\n"), "sevenmin(1)")
        #expect(ConfigSettings.schema().contains("\n    \"\(key)\": { "), "the schema")
    }

    func same<C: ConfigurableCommand>(_ command: C, _ other: any ConfigurableCommand) -> Bool {
        (other as? C) == command
    }

    @Test func theShippedSchemaIsTheOneTheTableMakes() throws {
        let path = repositoryRoot.path + "/Workouts/config.schema.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let schema = ConfigSettings.schema()
        #expect(text == schema, "Workouts/config.schema.json differs from ConfigSettings; make it:\n\(schema)")
        _ = try JSONParser.parse(Array(text.utf8))
    }

    @Test func thePlanSchemaNamesEveryKeyThePlanLoaderKnows() throws {
        let path = repositoryRoot.path + "/Workouts/plan.schema.json"
        let bytes = try #require(FileManager.default.contents(atPath: path))
        guard case .object(let top) = try JSONParser.parse(Array(bytes)).value,
              case .object(let properties)? = top.first(where: { $0.key == "properties" })?.value.value,
              case .object(let defs)? = top.first(where: { $0.key == "$defs" })?.value.value,
              case .object(let step)? = defs.first(where: { $0.key == "step" })?.value.value,
              case .object(let stepKeys)? = step.first(where: { $0.key == "properties" })?.value.value else {
            Issue.record("the plan schema lacks its properties or its step")
            return
        }
        #expect(properties.map(\.key).sorted() == TrainingPlanLoader.planKeys.sorted())
        #expect(stepKeys.map(\.key).sorted() == TrainingPlanLoader.stepKeys.sorted())
    }
}
