// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

/// `$BROWSER` as the convention has it: `:`-separated commands tried in turn, `%s` for the URL.
@Suite("Browser command")
struct BrowserCommandTests {
    @Test(arguments: [
        (nil, ["xdg-open \"$0\""]), ("", ["xdg-open \"$0\""]), ("firefox", ["firefox \"$0\""]),
        ("firefox --new-tab %s", ["firefox --new-tab \"$0\""]),
        ("w3m:lynx -dump %s", ["w3m \"$0\"", "lynx -dump \"$0\""]),
        ("echo 100%% %s", ["echo 100% \"$0\""]), (" a : b ", ["a \"$0\"", "b \"$0\""]),
    ] as [(String?, [String])])
    func eachCommandGetsTheURLOnce(browser: String?, lines: [String]) {
        #expect(BrowserCommand.lines(browser: browser) == lines)
        #expect(lines.allSatisfy { $0.components(separatedBy: "\"$0\"").count == 2 })
    }

    /// Quotes around `%s` are the user's way of saying "one word": the URL stays one word inside them,
    /// never the literal text `"$0"` that single quotes kept.
    @Test(arguments: [
        ("firefox '%s'", "firefox ''\"$0\"''"), ("firefox \"%s\"", "firefox \"$0\""),
        ("open \"--url=%s\" -n", "open \"--url=$0\" -n"), ("a 'it''s' %s", "a 'it''s' \"$0\""),
        ("a \"'\" %s", "a \"'\" \"$0\""), ("a \\' %s", "a \\' \"$0\""),
    ] as [(String, String)])
    func quotesAroundPercentSKeepTheURLOneWord(browser: String, line: String) {
        #expect(BrowserCommand.lines(browser: browser) == [line])
    }
}
