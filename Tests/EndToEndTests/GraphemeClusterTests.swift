// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Emoji sequences a curses cell cannot hold, on a real screen (tmux): each shown by its first character,
/// in the columns the cluster takes, and the line after it in its place.
@Suite("End to end: grapheme clusters curses cannot hold")
struct GraphemeClusterTests {
    @Test func aFamilyAFlagAndASkinToneShowTheirFirstCharacterInPlace() throws {
        let dir = temporaryDirectory()
        let family = "👨‍👩‍👧", flag = "🇩🇪", hand = "👋🏽"
        try """
        {"name": "Team \(family)", "getReady": 3, "rest": 2, "exercises": [
          {"title": "Jumping \(flag) Jacks", "work": 30}, {"title": "Plank and wave \(hand)", "work": 30}]}
        """.write(toFile: dir + "/team.json", atomically: true, encoding: .utf8)
        let tmux = try Tmux("env LC_ALL=C.UTF-8 \(binary) start \(dir)/team.json --mute --no-history")
        // The family's man in its two columns; the flag's first letter in one of its two, a blank in the other.
        let screen = tmux.waitFor("the family and the flag, each by its first character") {
            $0.contains(" · Team 👨 · Get ready") && $0.contains("Next: Jumping 🇩  Jacks")
        }
        // Nothing of the rest of each cluster reaches the screen.
        func count(_ scalar: UInt32) -> Int { screen.unicodeScalars.filter { $0.value == scalar }.count }
        #expect(count(0x1F468) == 1 && count(0x1F1E9) == 1)
        #expect(count(0x200D) == 0 && count(0x1F469) == 0 && count(0x1F467) == 0 && count(0x1F1EA) == 0)
        tmux.send("n")
        tmux.waitFor(text: "Jumping 🇩  Jacks")
        tmux.send("n")
        tmux.send("n")
        let last = tmux.waitFor("the hand without its skin tone, and the family in the header") {
            $0.contains("Plank and wave 👋") && $0.contains(" · Team 👨")
        }
        #expect(!last.unicodeScalars.contains { $0.value == 0x1F3FD })
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        tmux.expectTerminalRestored()
    }
}
