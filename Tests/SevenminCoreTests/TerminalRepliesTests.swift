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

    /// The answer comes in among the keys, a character at a time: it is read and taken out, and the
    /// keys around it reach the workout.
    @Test func theAnswerAmongTheKeysIsReadAndTakenOut() {
        let keys = Array("n\u{1B}[?2026;2$y\u{1B}[?62;22c?").map { Key.character($0) }
        let answer = TerminalReplies.separate(keys)
        #expect(answer.keys == [.character("n"), .character("?")])
        #expect(answer.reading.synchronizedOutput && answer.reading.complete)
        let unknown = TerminalReplies.separate(Array("\u{1B}[?1;2c").map { Key.character($0) })
        #expect(unknown.keys.isEmpty && unknown.reading.complete && !unknown.reading.synchronizedOutput)
        let escape: [Key] = [.character("\u{1B}"), .character("q"), .left]
        #expect(TerminalReplies.separate(escape).keys == escape && !TerminalReplies.separate(escape).reading.complete)
    }

    /// Curses may hand an answer over in two batches: the start is kept back, then read with the rest.
    @Test func anAnswerSplitAcrossBatchesIsKeptBackThenRead() {
        let first = TerminalReplies.separate(Array("p\u{1B}[?1").map { Key.character($0) })
        #expect(first.keys == [.character("p")] && first.unfinished.count == 4)
        let second = TerminalReplies.separate(first.unfinished + Array(";2c ").map { Key.character($0) })
        #expect(second.keys == [.character(" ")] && second.reading.complete && second.unfinished.isEmpty)
    }
}
