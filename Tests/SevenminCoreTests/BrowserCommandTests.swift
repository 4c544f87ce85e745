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
}
