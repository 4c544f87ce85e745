// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SevenminCore

/// The start-up question to the terminal: its answers are read and taken out, keys typed
/// meanwhile are kept in order, and an answer split across reads is put together.
@Suite("Terminal replies")
struct TerminalRepliesTests {
    func read(_ chunks: [String]) -> TerminalReplies.Reading {
        var reading = TerminalReplies.Reading(), pending: [UInt8] = []
        for chunk in chunks { pending = TerminalReplies.read(pending + Array(chunk.utf8), into: &reading) }
        reading.others += pending
        return reading
    }

    @Test(arguments: [("\u{1B}[?2026;2$y\u{1B}[?62;22c", true), ("\u{1B}[?2026;1$y\u{1B}[?1;2c", true),
                      ("\u{1B}[?2026;0$y\u{1B}[?1;2c", false), ("\u{1B}[?2026;4$y\u{1B}[?1;2c", false),
                      ("\u{1B}[?1;2c", false), ("\u{1B}[?2027;2$y\u{1B}[?1;2c", false)])
    func synchronisedOutputIsTakenOnlyWhereTheModeIsKnown(reply: String, supported: Bool) {
        let reading = read([reply])
        #expect(reading.complete && reading.synchronizedOutput == supported && reading.others.isEmpty)
    }

    @Test func keysTypedMeanwhileAreKeptAndARepliesSplitAcrossReadsIsJoined() {
        let reading = read(["p\u{1B}[?20", "26;2$", "yq\u{1B}", "[?1;2c"])
        #expect(reading.complete && reading.synchronizedOutput)
        #expect(String(decoding: reading.others, as: UTF8.self) == "pq")
    }

    @Test func withoutAnAnswerNothingIsTakenAndEscapeKeysStay() {
        let reading = read(["\u{1B}[A", "\u{1B}"])
        #expect(!reading.complete && !reading.synchronizedOutput)
        #expect(reading.others == Array("\u{1B}[A\u{1B}".utf8))
    }

    @Test func aLateAnswerIsDroppedFromTheKeysButKeysAroundItStay() {
        let keys = Array("n\u{1B}[?2026;2$y\u{1B}[?62;22c?").map { Key.character($0) }
        #expect(TerminalReplies.withoutLateReplies(keys) == [.character("n"), .character("?")])
        let escape: [Key] = [.character("\u{1B}"), .character("q")]
        #expect(TerminalReplies.withoutLateReplies(escape) == escape)
    }
}
