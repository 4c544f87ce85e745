// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// `hr use`: one setting changed in the user's config file, everything else kept as it was.
@Suite("Config file edits")
struct ConfigEditTests {
    func set(_ text: String?) throws -> String {
        let out = try ConfigEdit.setting("heartRate", to: #""Polar H10""#, in: text.map { Array($0.utf8) },
                                         path: "c.json")
        return String(decoding: out, as: UTF8.self)
    }

    @Test(arguments: [
        (nil, "{\n  \"heartRate\": \"Polar H10\"\n}\n"),
        ("{}", "{\n  \"heartRate\": \"Polar H10\"\n}"),
        ("{\n    \"mute\": true,\n    \"weight\": 72\n}",
         "{\n    \"mute\": true,\n    \"weight\": 72,\n    \"heartRate\": \"Polar H10\"\n}"),
        ("{\"voice\": \"de\", \"heartRate\": \"A0:9E:1A:12:34:56\", \"rate\": 150}\n",
         "{\"voice\": \"de\", \"heartRate\": \"Polar H10\", \"rate\": 150}\n"),
        ("{\"heartRate\":\"a \\\" b\"}", "{\"heartRate\":\"Polar H10\"}"),
    ] as [(String?, String)])
    func theOtherKeysAndTheirLayoutAreKept(before: String?, after: String) throws {
        #expect(try set(before) == after)
        #expect(try UserConfig.parse(Array(after.utf8), path: "c.json").value("heartRate", as: String.self)
                == "Polar H10")
    }

    @Test func aFileWithProblemsIsLeftAsItIs() {
        #expect(throws: RoutineLoadError.self) { try set("{\"mute\": \"yes\"}") }
        #expect(throws: RoutineLoadError.self) { try set("{\"mute\": true,") }
    }
}
