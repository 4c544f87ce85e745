// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

@Suite("Colour on every terminal")
struct ScreenColorTests {
    @Test(arguments: [
        (256, true, nil, false, ColorChoice.auto, ColorDepth.direct),
        (256, false, "truecolor", false, .auto, .direct),
        (256, false, "24bit", false, .auto, .direct),
        (0x100_0000, false, nil, false, .auto, .direct),
        (256, false, nil, false, .auto, .palette256),
        (16, false, nil, false, .auto, .basic16),
        (8, false, nil, false, .auto, .basic8),
        (-1, false, "truecolor", false, .auto, .monochrome),   // vt100 under a true-colour terminal
        (256, true, "truecolor", true, .auto, .monochrome),     // NO_COLOR
        (256, true, "truecolor", true, .always, .direct),
        (256, false, nil, false, .never, .monochrome),
        (-1, false, nil, false, .always, .basic8),
    ] as [(Int, Bool, String?, Bool, ColorChoice, ColorDepth)])
    func depthIsDecidedFromTheTerminal(colors: Int, direct: Bool, colorTerm: String?, noColor: Bool,
                                       choice: ColorChoice, expected: ColorDepth) {
        #expect(ColorDepth.detect(colors: colors, directCapable: direct, colorTerm: colorTerm, noColor: noColor,
                                  choice: choice) == expected)
    }

    static let chromatic = FlatColor.allCases.filter { ![.white, .gray, .black].contains($0) }

    @Test func the256PaletteKeepsEveryFlatColourApartAndNoneGrey() {
        let indices = Self.chromatic.map { TerminalPalette.nearest256($0.rgb) }
        #expect(Set(indices).count == 21, "\(zip(Self.chromatic, indices).map { "\($0): \($1)" })")
        for (colour, k) in zip(Self.chromatic, indices) {
            let p = TerminalPalette.xterm256[k]
            #expect(!(p.r == p.g && p.g == p.b), "\(colour) became grey \(k)")
        }
    }

    /// The rule the 256-colour choice follows, written out the long way: among the 240 colours from 16 up
    /// (no grey for a coloured input), those within 30° of its hue where there are any, the nearest.
    @Test func the256ColourChoiceIsTheNearestWithinItsHue() {
        let palette = TerminalPalette.xterm256.map(OKLab.init)
        func reference(_ c: RGB) -> Int {
            let lab = OKLab(c)
            let chromatic = lab.chroma > 0.03
            let candidates = (16..<256).filter { !chromatic || palette[$0].chroma >= 0.03 }
            func inHue(_ k: Int) -> Bool { !chromatic || OKLab.hueDifference(lab.hue, palette[k].hue) <= 30 }
            let pool = candidates.contains(where: inHue) ? candidates.filter(inHue) : candidates
            return pool.min {
                lab.distance(to: palette[$0], hueWeight: 1) < lab.distance(to: palette[$1], hueWeight: 1)
            }!
        }
        let steps = Array(stride(from: 0, through: 255, by: 34)) + [255]
        let colours = steps.flatMap { r in steps.flatMap { g in steps.map { b in RGB(UInt8(r), UInt8(g), UInt8(b)) } } }
            + FlatColor.allCases.map(\.rgb)
        for c in colours { #expect(TerminalPalette.nearest256(c) == reference(c), "\(c)") }
    }

    @Test func basicColoursGoByHue() {
        #expect(TerminalPalette.nearest8(FlatColor.red.rgb) == 1)
        #expect(TerminalPalette.nearest8(FlatColor.green.rgb) == 2)
        #expect(TerminalPalette.nearest8(FlatColor.skyBlue.rgb) != 0)
        #expect([3, 11].contains(TerminalPalette.nearest16(FlatColor.yellow.rgb)))
        #expect(TerminalPalette.nearest16(RGB(20, 20, 20)) == 0)
    }

    @Test func directColourIsExact() {
        #expect(TerminalPalette.shown(FlatColor.watermelon.rgb, depth: .direct) == FlatColor.watermelon.rgb)
        #expect(TerminalPalette.index(RGB(1, 2, 3), depth: .direct) == 0x010203)
    }

    @Test func textIsChosenByMeasuredContrast() {
        #expect(ScreenTheme(background: FlatColor.yellow.rgb, depth: .direct).body.foreground == RGB(22, 22, 22))
        #expect(ScreenTheme(background: FlatColor.navyBlue.rgb, depth: .direct).body.foreground == FlatColor.white.rgb)
        #expect(RGB(255, 255, 255).contrast(with: RGB(0, 0, 0)) > 20.9)
    }

    /// Every drawn character against the background it is drawn on, as the terminal shows both:
    /// text at 4.5:1, digits and bars at 3:1; and the bars apart from the body.
    @Test(arguments: ColorDepth.allCases)
    func everythingIsReadableOnEveryFlatColour(depth: ColorDepth) {
        let states: [ScreenState] = [.work, .rest, .getReady, .paused, .help, .quit]
        let renderer = ScreenRenderer(depth: depth, glyphs: .unicode, metrics: .unicode)
        for colour in FlatColor.allCases {
            for state in states {
                let grid = renderer.render(state.model(color: colour.rgb), width: 100, height: 30)
                for cell in drawnCells(grid) {
                    let (fg, bg) = cell.style.shownColors
                    let graphic = "█▀▄░▶✓│─┌┐└┘".contains(cell.character)
                    // WCAG: 3:1 for graphics, 4.5:1 for text.
                    let needed = graphic ? 3.0 : ScreenTheme.textContrast
                    let ratio = fg.contrast(with: bg)
                    if ratio < needed {
                        let place = "'\(cell.character)' at (\(cell.x), \(cell.y))"
                        Issue.record("\(depth) \(colour) \(state): \(place) \(fg) on \(bg) is \(ratio):1")
                        break
                    }
                }
                let body = grid[1, 14].style.shownColors.background, bar = grid[1, 29].style.shownColors.background
                #expect(body != bar && grid[1, 0].style.shownColors.background == bar, "\(depth) \(colour) \(state)")
            }
        }
    }

    @Test func aRestKeepsLightDigitsAndShowsTheNextColour() {
        let grid = WorkoutScreen.render(ScreenState.rest.model(), width: 100, height: 30)
        let digits = drawnCells(grid).filter { $0.character == "█" && $0.y < 26 && !$0.style.bold }
        #expect(!digits.isEmpty && digits.allSatisfy { $0.style.foreground.luminance > 0.5 })
        let rows = grid.text.split(separator: "\n")
        let next = drawnCells(grid).first { $0.character == "N" && $0.y > 0 && rows[$0.y].contains("Next:") }
        #expect(next?.style.background == ScreenTheme.readable(on: FlatColor.red.rgb, depth: .direct).background)
    }

    @Test func monochromeDrawsWorkInReverseVideoAndRestNot() {
        let work = WorkoutScreen.render(ScreenState.work.model(), width: 80, height: 24, depth: .monochrome)
        #expect(!work[0, 0].style.reverse && !work[0, 23].style.reverse && work[0, 12].style.reverse)
        let rest = WorkoutScreen.render(ScreenState.rest.model(), width: 80, height: 24, depth: .monochrome)
        #expect(rest[0, 0].style.reverse && rest[0, 23].style.reverse && !rest[0, 12].style.reverse)
    }
}
