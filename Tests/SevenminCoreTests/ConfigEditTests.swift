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

    /// A `heartRate` the config refuses (a tab) is the one problem `hr use` can mend: it is replaced.
    @Test func aRefusedValueOfTheKeyIsReplaced() throws {
        #expect(try set("{\"mute\": true, \"heartRate\": \"a\\tb\"}")
                == "{\"mute\": true, \"heartRate\": \"Polar H10\"}")
        // The file's own problems, at their places in it, and not the edit's.
        do {
            _ = try set("{\"heartRate\": \"a\\tb\", \"volume\": 600}")
            Issue.record("a file with another problem was edited")
        } catch {
            #expect("\(error)".contains("c.json:1:33:"), "\(error)")
        }
    }

    @Test func aValueTheConfigRefusesIsNeverWritten() {
        #expect(throws: RoutineLoadError.self) {
            try ConfigEdit.setting("heartRate", to: JSONWriter.quote("a\u{1B}b"), in: nil, path: "c.json")
        }
    }

    func forget(_ text: String?) throws -> String {
        String(decoding: try ConfigEdit.setting("heartRate", to: nil, in: text.map { Array($0.utf8) }, path: "c.json"),
               as: UTF8.self)
    }

    @Test(arguments: [
        (nil, ""), ("{}", "{}"),
        ("{\n  \"heartRate\": \"Polar H10\"\n}\n", "{\n}\n"),
        ("{\n  \"mute\": true,\n  \"heartRate\": \"Polar H10\"\n}\n", "{\n  \"mute\": true\n}\n"),
        ("{\"heartRate\": \"a \\\" b\", \"mute\": true}", "{\"mute\": true}"),
        ("{\"voice\": \"de\", \"heartRate\": \"x\", \"rate\": 150}", "{\"voice\": \"de\", \"rate\": 150}"),
        ("{\"mute\": true}", "{\"mute\": true}"),
    ] as [(String?, String)])
    func forgettingTakesTheKeyOutAndKeepsTheRest(before: String?, after: String) throws {
        #expect(try forget(before) == after)
    }
}
