// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import SevenminCore
import Testing
import SevenminTestSupport
@testable import SevenminApp

/// What `o` does with `$BROWSER`: the first command of the list that is installed gets the link in
/// place of `%s`; with none, the workout's status line says how to set one.
@Suite("Opening a link")
struct BrowserOpenerTests {
    let url = "https://example.org/squat?t=1&x='y'"

    /// A shell script the opener runs through `sh`: a script written just now and executed at once can fail
    /// with "text file busy" while a test beside this one forks with its descriptor still open.
    func script(_ body: String, in dir: String) throws -> String {
        let path = dir + "/opener"
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return "sh " + path
    }

    /// Waits, up to five seconds, for `path` to hold a whole line.
    func line(in path: String) -> String? {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n") { return text }
            usleep(5_000)
        }
        return nil
    }

    @Test func theFirstInstalledCommandGetsTheLinkInPlaceOfPercentS() throws {
        let dir = ScratchFolder.make("sevenmin-browser")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let opener = try script("echo \"$@\" > \(dir)/opened", in: dir)
        var environment = ProcessInfo.processInfo.environment
        environment["BROWSER"] = "no-such-browser-here --new-window %s:\(opener) --new-tab %s --then"
        let reports = Mutex<[WorkoutNotice.LinkFailure]>([])
        BrowserOpener(environment: environment) { text in reports.withLock { $0.append(text) } }.open(url)
        #expect(line(in: dir + "/opened") == "--new-tab \(url) --then\n")
        #expect(reports.withLock { $0 }.isEmpty)
    }

    /// `BROWSER="opener '%s'"`, as many people write it: the opener gets the link, whole, as one argument.
    @Test(arguments: ["'%s'", "\"%s\"", "%s", ""])
    func quotesAroundPercentSStillGiveTheLink(placeholder: String) throws {
        let dir = ScratchFolder.make("sevenmin-browser")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let opener = try script("printf '%s %s\\n' \"$#\" \"$1\" > \(dir)/opened", in: dir)
        var environment = ProcessInfo.processInfo.environment
        environment["BROWSER"] = opener + " " + placeholder
        BrowserOpener(environment: environment).open(url)
        #expect(line(in: dir + "/opened") == "1 \(url)\n")
    }

    @Test(arguments: [("no-such-browser-here", "no-such-browser-here"),
                      ("no-such-one %s:nor-this-one", "no-such-one, nor-this-one")])
    func withNoOpenerTheStatusLineSaysHowToSetOne(browser: String, says: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["BROWSER"] = browser
        let reports = Mutex<[WorkoutNotice.LinkFailure]>([])
        BrowserOpener(environment: environment) { text in reports.withLock { $0.append(text) } }.open(url)
        #expect(reports.withLock { $0 } == [.noBrowser(tried: says)])
    }

    /// Without `$BROWSER`, `xdg-open`; where that is not installed either, the same advice.
    @Test func withoutBrowserXdgOpenIsLookedFor() {
        var environment = ProcessInfo.processInfo.environment
        environment["BROWSER"] = nil
        environment["PATH"] = "/nonexistent"
        let reports = Mutex<[WorkoutNotice.LinkFailure]>([])
        BrowserOpener(environment: environment) { text in reports.withLock { $0.append(text) } }.open(url)
        #expect(reports.withLock { $0 } == [.noBrowser(tried: "xdg-open")])
    }
}
