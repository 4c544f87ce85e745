// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Emoji sequences a curses cell cannot hold, on a real screen (tmux): whole, where they belong.
@Suite("End to end: grapheme clusters whole on screen")
struct GraphemeClusterTests {
    @Test func aFamilyAFlagAndASkinToneShowWhole() throws {
        let dir = temporaryDirectory()
        let family = "👨‍👩‍👧", flag = "🇩🇪", hand = "👋🏽"
        try """
        {"name": "Team \(family)", "getReady": 3, "rest": 2, "exercises": [
          {"title": "Jumping \(flag) Jacks", "work": 30}, {"title": "Plank and wave \(hand)", "work": 30}]}
        """.write(toFile: dir + "/team.json", atomically: true, encoding: .utf8)
        let tmux = try Tmux("env LC_ALL=C.UTF-8 \(binary) start \(dir)/team.json --mute --no-history")
        // The header runs on after the family, as tmux joins it in two columns; the next-up line has the flag.
        let screen = tmux.waitFor("the family and the flag, whole") {
            $0.contains(" · Team \(family) · Get ready") && $0.contains("Next: Jumping \(flag) Jacks")
        }
        // Each emoji once, none left alone in a cell of its own.
        func count(_ scalar: UInt32) -> Int { screen.unicodeScalars.filter { $0.value == scalar }.count }
        #expect(count(0x1F468) == 1 && count(0x1F467) == 1 && count(0x1F1E9) == 1 && count(0x1F1EA) == 1)
        tmux.send("n")
        tmux.waitFor(text: "Jumping \(flag) Jacks")
        tmux.send("n")
        tmux.send("n")
        // Last in its line: tmux 3.3 draws the hand and its skin tone side by side, in four columns.
        // One frame is one write, but tmux may be captured between two reads of it: wait for the whole of it.
        tmux.waitFor("the skin-toned hand, and the family in the header, whole") {
            $0.contains("Plank and wave \(hand)") && $0.contains(" · Team \(family)")
        }
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        tmux.expectTerminalRestored()
    }
}
