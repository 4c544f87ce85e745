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
}
