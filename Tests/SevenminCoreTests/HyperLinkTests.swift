// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

@Suite("Clickable video links")
struct HyperLinkTests {
    @Test func theRowShowingAWholeLinkIsMarked() throws {
        var model = ScreenState.work.model()
        model.exercise.videoURL = "https://youtu.be/UpH7rm0cYbM"
        let grid = WorkoutScreen.render(model, width: 100, height: 30)
        let link = try #require(grid.links.first)
        #expect(grid.links.count == 1 && link.url == "https://youtu.be/UpH7rm0cYbM")
        let rows = grid.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[link.row].contains("https://youtu.be/UpH7rm0cYbM"))
        // Too narrow for the whole link: the hint is shown, and nothing is marked as a link.
        let narrow = WorkoutScreen.render(model, width: 30, height: 30)
        #expect(narrow.links.isEmpty)
    }

    @Test(arguments: [
        (["SEVENMIN_HYPERLINKS": "1", "TMUX": "x"], true),
        (["SEVENMIN_HYPERLINKS": "0", "TERM_PROGRAM": "WezTerm"], false),
        (["TERM_PROGRAM": "iTerm.app"], true),
        (["KITTY_WINDOW_ID": "1"], true),
        (["VTE_VERSION": "7200"], true),
        (["VTE_VERSION": "4800"], false),
        (["TERM": "foot"], true),
        (["TERM": "xterm-256color"], false),
        (["TERM": "foot", "TMUX": "/tmp/tmux"], false),
    ])
    func onlyTerminalsKnownToTakeThemGetThem(environment: [String: String], supported: Bool) {
        #expect(HyperLink.supported(environment: environment) == supported)
    }

    @Test func theSequenceIsOSC8() {
        #expect(HyperLink.sequence("https://e.org/x") == "\u{1B}]8;;https://e.org/x\u{1B}\\")
        #expect(HyperLink.sequence("") == "\u{1B}]8;;\u{1B}\\")
    }
}

@Suite("The status line")
struct StatusLineTests {
    /// A notice is set off from the time left, never run into it, and the key hints keep their place.
    @Test func aNoticeStandsApartFromTheTimeLeft() throws {
        var model = ScreenState.work.model()
        model.notice = "no sound device: cues are silent"
        let rows = WorkoutScreen.render(model, width: 120, height: 30).text.split(separator: "\n")
        let status = try #require(rows.last).trimmingCharacters(in: .whitespaces)
        #expect(status.contains("to go · no sound device: cues are silent"))
        #expect(status.hasSuffix("q quit"))
    }
}
