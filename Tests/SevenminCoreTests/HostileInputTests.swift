// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

/// What an attacker's bytes turn into inside a JSON key, and how they must be printed.
let hostileKeys: [(json: String, shown: String)] = [
    (#"a\u0007b"#, "a^Gb"),                                   // C0 (bell)
    (#"a\u007fb"#, "a^?b"),                                   // DEL
    (#"a\u009b2Jb"#, "a<U+009B>2Jb"),                         // C1 CSI
    (#"\u001b]52;c;aGk=\u0007"#, "^[]52;c;aGk=^G"),           // OSC 52: write the clipboard
    (#"\u001b]0;pwned\u001b\\"#, "^[]0;pwned^[\\"),           // OSC 0: set the title
    (#"x\u202ey"#, "x<U+202E>y"),                             // right-to-left override
]

/// The messages of a file, which must contain nothing that drives a terminal.
func printedProblems(_ json: String) -> [String] {
    let printed = problems(json)
    for line in printed {
        let raw = line.unicodeScalars.contains(where: \.isUnsafeForTerminal)
        #expect(!raw, "raw control in \(line.debugDescription)")
    }
    return printed
}

@Suite("Hostile routine files")
struct HostileInputTests {
    @Test(arguments: hostileKeys)
    func duplicateKeysArePrintedNeutralised(key: String, shown: String) {
        let json = #"{"name": "N", "exercises": [{"title": "A"}], "\#(key)": 1, "\#(key)": 2}"#
        #expect(printedProblems(json).contains { $0.contains("duplicate key \"\(shown)\"") })
    }

    @Test(arguments: hostileKeys)
    func aKeyWithoutAColonIsPrintedNeutralised(key: String, shown: String) {
        #expect(printedProblems(#"{"\#(key)" 1}"#)
            == [#"r.json:1:\#(key.count + 5): expected ':' after the key "\#(shown)""#])
    }

    @Test(arguments: [
        ("\u{07}", "^G"), ("\u{7F}", "^?"), ("\u{9B}", "<U+009B>"), ("\u{1B}", "^["), ("\u{202E}", "<U+202E>"),
        ("é", "é"),
    ])
    func invalidEscapesArePrintedNeutralised(character: String, shown: String) {
        #expect(printedProblems(#"{"name": "\\#(character)"}"#) == [#"r.json:1:11: invalid escape '\\#(shown)'"#])
    }

    @Test func pathsArePrintedNeutralised() {
        let error = RoutineLoadError([Diagnostic(path: "a\u{1B}]0;x\u{07}.json",
                                                 position: SourcePosition(line: 1, column: 1), message: "m")])
        #expect(error.description == "a^[]0;x^G.json:1:1: m")
    }

    @Test(arguments: [
        ("\u{202A}", "<U+202A>"), ("\u{202E}", "<U+202E>"), ("\u{2066}", "<U+2066>"), ("\u{2069}", "<U+2069>"),
        ("\u{1B}", "^["), ("\u{7F}", "^?"), ("\u{85}", "<U+0085>"), ("\u{202F}", "\u{202F}"), ("\u{200F}", "\u{200F}"),
    ])
    func visibleNeutralisesControlsAndBidiOnly(character: String, shown: String) {
        #expect(visible("a" + character + "b") == "a" + shown + "b")
    }

    @Test(arguments: [("\\u202a", "U+202A"), ("\\u202e", "U+202E"), ("\\u2066", "U+2066"), ("\\u2069", "U+2069"),
                      ("\u{202E}", "U+202E")])
    func bidiControlsInTextAreRefusedWithTheirPosition(bidi: String, code: String) {
        #expect(problems(#"{"name": "N", "exercises": [{"title": "A", "description": "evil\#(bidi)txt"}]}"#)
            == [#"r.json:1:59: "description" contains the control character <\#(code)>; "#
                + "routines may not carry terminal escapes"])
    }

    @Test(arguments: [("#1a2B3c", RGB(0x1A, 0x2B, 0x3C)), ("#FFFFFF", RGB(255, 255, 255)), ("#000000", RGB(0, 0, 0)),
                      ("#09afAF", RGB(0x09, 0xAF, 0xAF))])
    func coloursTakeHexDigitsInEitherCase(text: String, color: RGB) {
        #expect(RGB(hex: text) == color)
        #expect(RGB(hex: text)?.hex == text.uppercased())
    }

    @Test(arguments: ["#+1+2+3", "#-0-0-0", "#12345", "#1234567", "# 12345", "#１２３４５６"])
    func coloursNeedExactlySixHexDigits(color: String) {
        #expect(problems(#"{"name": "N", "exercises": [{"title": "A", "color": "\#(color)"}]}"#)
            == [#"r.json:1:53: bad colour "\#(color)": expected #RRGGBB with six hexadecimal digits"#])
    }

    @Test(arguments: [
        ("https://www.youtube.com@evil.example/", "must not carry a user name ('@' before the host)"),
        ("https://user:pw@example.org/v", "must not carry a user name ('@' before the host)"),
        ("https://example.org/a\u{00A0}b", "contains a space (U+00A0)"),
        ("https://example.org/a\\u2028b", "contains a space (U+2028)"),
        ("https://exa mple.org/", "contains a space (U+0020)"),
        ("https://example.org:/", "has a port that is not a number"),
        ("https:///path", "has no host"),
        ("javascript:alert(1)", "must be an http:// or https:// link"),
    ])
    func linksAreRefused(link: String, reason: String) {
        #expect(problems(#"{"name": "N", "exercises": [{"title": "A", "video": "\#(link)"}]}"#)
            == [#"r.json:1:53: "video" \#(reason)"#])
    }

    @Test(arguments: ["https://example.org", "HTTP://example.org:8080/a?b=c#d", "https://www.youtube.com/watch?v=x@y"])
    func plainLinksAreKept(link: String) throws {
        let routine = try load(#"{"name": "N", "exercises": [{"title": "A", "video": "\#(link)"}]}"#)
        #expect(routine.exercises[0].videoURL == link)
    }

    @Test(arguments: [" ", "\\u00a0", "\\u2028\\u2029", "\\u3000 \\u2003", "\\u1680", "\\u205f"])
    func namesAndTitlesOfOnlySpacesAreEmpty(blank: String) {
        #expect(problems(#"{"name": "\#(blank)", "exercises": [{"title": "\#(blank)"}]}"#)
            == [#"r.json:1:10: "name" is empty"#, #"r.json:1:\#(blank.count + 38): "title" is empty"#])
    }

    @Test(arguments: [
        // The bad byte, not the start of the string.
        ([0x7B, 0x22, 0x61, 0x62, 0xFF, 0x22, 0x3A, 0x31, 0x7D], "r.json:1:5: the text is not valid UTF-8"),
        ([0x7B, 0x22, 0xC3, 0xA9, 0xC3, 0x22, 0x3A, 0x31, 0x7D], "r.json:1:4: the text is not valid UTF-8"),
        ([0x7B, 0x22, 0x61, 0xED, 0xA0, 0x80, 0x22, 0x3A, 0x31, 0x7D], "r.json:1:4: the text is not valid UTF-8"),
        ([0x7B, 0x22, 0x61, 0x5C, 0x6E, 0xC0, 0xAF, 0x22, 0x3A, 0x31, 0x7D], "r.json:1:6: the text is not valid UTF-8"),
    ] as [([UInt8], String)])
    func invalidUTF8IsReportedAtTheBadByte(bytes: [UInt8], expected: String) {
        do {
            _ = try RoutineLoader.parse(bytes, path: "r.json")
            Issue.record("accepted")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test(arguments: [("\r", 3), ("\r\n", 3), ("\n", 3), ("\n\r", 5)])
    func loneCRAndCRLFEndLinesAsEditorsCount(end: String, line: Int) {
        let json = ["{", #""name": "N","#, #""rest": -1, "exercises": [{"title": "A"}]"#, "}"].joined(separator: end)
        #expect(problems(json) == ["r.json:\(line):9: \"rest\" must be 0 or more seconds, not -1"])
    }

    @Test func aPlanOverADayIsRefusedAtRounds() {
        let exercises = Array(repeating: #"{"title": "A", "work": 3600}"#, count: 13).joined(separator: ",")
        #expect(problems(#"{"name": "N", "rounds": 2, "exercises": [\#(exercises)]}"#)
            == [#"r.json:1:25: the workout would last 93910 seconds, more than a day (86400)"#])
        // With no "rounds", the routine itself is the place.
        let longest = #"{"title": "B", "work": 39601}"#
        #expect(problems(#"{"name": "N", "getReady": 0, "rest": 0, "exercises": [\#(exercises), \#(longest)]}"#)
            == [#"r.json:1:1: the workout would last 86401 seconds, more than a day (86400)"#])
    }

    @Test func problemsPastAThousandAreCountedNotKept() {
        let numbers = Array(repeating: "1", count: 300_000).joined(separator: ",")
        let printed = problems(#"{"name": "N", "exercises": [\#(numbers)]}"#)
        #expect(printed.count == RoutineLoader.maximumDiagnostics + 1)
        #expect(printed.last == "r.json:1:2029: 299000 more problems from here on are not shown")
    }

    @Test func aPlanOfTooManySegmentsIsRefused() {
        let exercises = Array(repeating: #"{"title": "A", "work": 0.1}"#, count: 501).joined(separator: ",")
        #expect(problems(#"{"name": "N", "rest": 0.01, "rounds": 100, "exercises": [\#(exercises)]}"#)
            == [#"r.json:1:39: the workout would have 100200 segments, more than 100000"#])
    }

    @Test(arguments: [
        RoutineAdjustments(work: 86_400, rounds: 100),
        RoutineAdjustments(work: 7_201, rest: 0, getReady: 0, rounds: 1),
        RoutineAdjustments(rest: 86_400, rounds: 100),
    ])
    func overridesCannotPushThePlanPastADay(adjustments: RoutineAdjustments) throws {
        let classic = try RoutineLoader.load(path: repositoryRoot.path + "/Workouts/classic.json")
        #expect {
            try adjustments.apply(to: classic)
        } throws: { error in
            guard case .planTooLarge(let size) = error as? RoutineAdjustments.Failure else { return false }
            return size.seconds > PlanSize.maximumSeconds
                && size.problem?.hasPrefix("the workout would last ") == true
        }
    }

    @Test func overridesCannotMakeTooManySegments() throws {
        let many = Routine(name: "N", exercises: (1...1_001).map { exercise("E\($0)") })
        #expect(throws: RoutineAdjustments.Failure.self) {
            try RoutineAdjustments(work: 0.1, rest: 0.1, rounds: 50).apply(to: many)
        }
    }

    @Test func planSizeMatchesTheLaidOutPlan() throws {
        var routines = try shipped().map { try RoutineLoader.parse($0.bytes, path: $0.name) }
        let base = try RoutineLoader.load(path: repositoryRoot.path + "/Workouts/classic.json")
        for (rest, roundRest, getReady) in [(0.0, 0.0, 0.0), (5, 0, 3), (0, 20, 0)] {
            var r = base
            (r.rest, r.roundRest, r.getReady, r.rounds) = (rest, roundRest, getReady, 3)
            r.warmup = Array(base.exercises.prefix(2))
            routines.append(r)
        }
        // Exercises with rests of their own, zero among them, before and after a cool-down.
        for cooldown in [0, 2] {
            var r = base
            r.rounds = 2
            r.warmup = Array(base.exercises.prefix(1))
            r.cooldown = Array(base.exercises.suffix(cooldown))
            for k in r.exercises.indices { r.exercises[k].rest = [nil, 0, 7.5][k % 3] }
            r.warmup[0].rest = 0
            if cooldown > 0 { r.cooldown[0].rest = 4 }
            routines.append(r)
        }
        for routine in routines {
            let plan = Plan(routine), size = PlanSize(routine)
            #expect(abs(size.seconds - plan.totalDuration) < 1e-6, "\(routine.name)")
            #expect(size.segments == plan.segments.count, "\(routine.name)")
        }
    }

    /// A valid routine of just under 1 MiB, minified onto one line, of many small values, the worst
    /// case for finding positions; `bench/fuzz.py` builds the same file.
    static func oneMebibyteRoutine() -> [UInt8] {
        var exercises: [String] = []
        var size = 0
        while size < RoutineLoader.maximumFileSize - 100 {
            let e = #"{"title":"Übung \#(exercises.count)","color":"flatRed","work":1}"#
            exercises.append(e)
            size += e.utf8.count + 1
        }
        return Array(#"{"name":"Big","rest":0,"getReady":0,"exercises":[\#(exercises.joined(separator: ","))]}"#.utf8)
    }

    @Test func aOneMebibyteOneLineRoutineTakesLinearWork() throws {
        let bytes = Self.oneMebibyteRoutine()
        #expect(bytes.count > 1_000_000 && bytes.count <= RoutineLoader.maximumFileSize)
        var work = 0
        let routine = try RoutineLoader.parse(bytes, path: "big.json", positionWork: &work)
        #expect(routine.exercises.count > 20_000)
        #expect(work <= 2 * bytes.count, "\(work) steps for \(bytes.count) bytes")
        // An error at the very end still gets its line and column.
        var broken = bytes
        broken[broken.count - 1] = UInt8(ascii: "]")
        let end = SourcePosition(line: 1, column: String(decoding: bytes, as: UTF8.self).unicodeScalars.count)
        #expect(throws: RoutineLoadError([Diagnostic(path: "big.json", position: end,
                                                     message: "unexpected ']'; expected ',' or '}'")])) {
            try RoutineLoader.parse(broken, path: "big.json")
        }
    }
}
