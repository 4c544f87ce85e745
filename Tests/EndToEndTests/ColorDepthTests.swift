// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SevenminCore
import Testing

/// What colour the real binary sends for each kind of terminal, as tmux records it.
@Suite("Colour depth in tmux")
struct ColorDepthTests {
    let short = fixtures + "/short.json"

    /// The get-ready screen shows the first exercise, flatRed (232, 78, 60), as a band.
    @Test(arguments: [
        ("COLORTERM=truecolor", "48;2;232;78;60m"),   // tmux-256color driven through tmux-direct
        ("TERM=xterm-direct", "48;2;232;78;60m"),
        ("", "48;5;\(TerminalPalette.nearest256(FlatColor.red.rgb))m"),   // 256 colours: nearest in hue
    ])
    func exactColourWhereTheTerminalHasIt(environment: String, expected: String) throws {
        let tmux = try Tmux("env \(environment) \(binary) start \(short) --mute")
        tmux.waitFor(text: "Next: Alpha Squats")
        tmux.waitFor("\(expected) on screen", timeout: 5, colours: true) { $0.contains(expected) }
        // Never the pure blue of a 256-colour index sent as a direct colour.
        #expect(!tmux.screenWithColours().contains("48;2;0;0;"))
        tmux.quitWorkout()
    }

    @Test func noColorSendsNoColour() throws {
        let tmux = try Tmux("env NO_COLOR=1 \(binary) start \(short) --mute")
        let screen = tmux.waitFor(text: "Next: Alpha Squats")
        #expect(screen.contains("Get ready"))
        let coloured = tmux.screenWithColours()
        #expect(!coloured.contains("48;5;") && !coloured.contains("48;2;"))
        tmux.quitWorkout()
    }

    /// `list` colours its swatches by the screen's own rule: terminfo's colours, then COLORTERM and
    /// NO_COLOR. A vt100 has none, however its name reads; classic's first exercise is flatRed.
    @Test(arguments: [
        ("TERM=vt100", nil),
        ("NO_COLOR=1", nil),
        ("TERM=xterm", "\u{1B}[41m"),
        ("", "48;5;\(TerminalPalette.nearest256(FlatColor.red.rgb))m"),
        ("COLORTERM=truecolor", "48;2;232;78;60m"),
    ] as [(String, String?)])
    func listColoursAsTheScreenWould(environment: String, expected: String?) throws {
        let tmux = try Tmux("env \(environment) \(binary) list classic", width: 100, height: 40)
        tmux.waitFor(text: "exit=0")
        let coloured = tmux.screenWithColours()
        #expect(coloured.contains("Jumping Jacks"))
        if let expected {
            #expect(coloured.contains(expected), "\(coloured)")
        } else {
            #expect(colourSequences(coloured).isEmpty, "\(coloured)")
        }
    }
}

/// The SGR sequences in `text` that set a colour (30–37, 40–47, 90–97, 100–107, 38;…, 48;…), not
/// those that reset one or set bold, reverse and the like.
func colourSequences(_ text: String) -> [String] {
    let sgr = try! NSRegularExpression(pattern: "\u{1B}\\[([0-9;]*)m")
    let range = NSRange(text.startIndex..., in: text)
    return sgr.matches(in: text, range: range).compactMap { match -> String? in
        let parameters = (Range(match.range(at: 1), in: text).map { text[$0] } ?? "").split(separator: ";")
        let colours = parameters.compactMap { Int($0) }.filter {
            (30...37).contains($0) || (40...47).contains($0) || (90...97).contains($0) || (100...107).contains($0)
                || $0 == 38 || $0 == 48
        }
        return colours.isEmpty ? nil : Range(match.range, in: text).map { String(text[$0]) }
    }
}
