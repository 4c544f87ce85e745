// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

/// The kinds of screen a workout shows, for tests that go through all of them.
enum ScreenState: String, CaseIterable, CustomTestStringConvertible {
    case work, rest, roundRest, getReady, paused, help, quit, finished

    var testDescription: String { rawValue }

    func model(color: RGB = FlatColor.red.rgb, remaining: Double = 25, notice: String? = nil) -> ScreenModel {
        let exercise = Exercise(title: "Jumping Jacks",
                                description: "Jump your feet out wide while raising your arms overhead, then back.",
                                videoURL: "https://youtu.be/UpH7rm0cYbM", color: color, work: 30)
        let next = Exercise(title: "Wall Sit", color: FlatColor.teal.rgb, work: 30)
        let kind: SegmentKind = switch self {
        case .rest: .rest
        case .roundRest: .roundRest
        case .getReady: .getReady
        default: .work
        }
        var model = ScreenModel(routineName: "Classic 7-Minute Workout", kind: kind, exercise: exercise,
                                upNext: next, workNumber: 5, workCount: 36, exerciseNumber: 5, exerciseCount: 12,
                                round: 2, rounds: 3, remaining: remaining, totalRemaining: 1234, progress: 0.4,
                                paused: self == .paused, notice: notice,
                                overview: (0..<36).map { FlatColor.cycle[$0 % 12].rgb }, overviewPosition: 4)
        switch self {
        case .help: model.overlay = .help
        case .quit: model.overlay = .confirmQuit
        case .finished: model.summary = .init(activeTime: 420, exercisesDone: 36, exerciseCount: 36, rounds: 3)
        default: break
        }
        return model
    }
}

/// Rows that hold part of the big digits (full or half blocks, not bold as big words are).
func digitRows(_ grid: CellGrid) -> Int {
    // The progress bar and the status line are not digits.
    (0..<max(0, grid.height - 3)).filter { y in
        (0..<grid.width).filter { "█▀▄".contains(grid.character(x: $0, y: y)) && !grid[$0, y].style.bold }.count
            >= grid.width / 4
    }.count
}

/// What big type is drawn with: full, half and quarter blocks.
let bigBlocks = "█▀▄▌▐▘▝▖▗▚▞▛▜▙▟"

/// Rows that hold big words: bold blocks.
func bigWordRows(_ grid: CellGrid) -> [Int] {
    (0..<grid.height).filter { y in
        (0..<grid.width).contains { bigBlocks.contains(grid.character(x: $0, y: y)) && grid[$0, y].style.bold }
    }
}

/// Every character that is not a blank, with where it is.
func drawnCells(_ grid: CellGrid) -> [(x: Int, y: Int, character: Character, style: CellStyle)] {
    var out: [(x: Int, y: Int, character: Character, style: CellStyle)] = []
    for y in 0..<grid.height {
        for x in 0..<grid.width where !grid[x, y].isContinuation {
            let ch = grid.character(x: x, y: y)
            if ch != " " { out.append((x, y, ch, grid[x, y].style)) }
        }
    }
    return out
}

@Suite("Screen layout")
struct ScreenLayoutTests {
    /// Rows that hold part of the big digits (full or half blocks, not bold as big words are).
    func digitRows(_ grid: CellGrid) -> Int { SevenminCoreTests.digitRows(grid) }

    @Test(arguments: [(200, 60, 25), (100, 30, 10), (80, 24, 7), (40, 12, 5)])
    func theCountdownFillsTheRoom(width: Int, height: Int, minimumRows: Int) {
        for state in [ScreenState.work, .rest, .paused] {
            let grid = WorkoutScreen.render(state.model(), width: width, height: height)
            #expect(digitRows(grid) >= minimumRows, "\(state) at \(width)×\(height)")
        }
    }

    /// The view of an exercise is its name, its description and its link: with no figure beside them the
    /// digits took the rows and the description was gone at 100×30 and 80×24. The digits shrink to keep it.
    @Test(arguments: [(200, 60, 25), (100, 30, 10), (80, 24, 7)])
    func theDescriptionOfAnExerciseWithoutAFigureStaysOnScreen(width: Int, height: Int, minimumRows: Int) throws {
        var classic = try classicModel(at: 15)
        classic.showsFigure = false
        for model in [ScreenState.work.model(), ScreenState.paused.model(), classic] {
            let grid = WorkoutScreen.render(model, width: width, height: height)
            let shown = grid.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .joined(separator: " ")
            #expect(shown.contains(model.exercise.description), "\(width)x\(height):\n\(grid.text)")
            #expect(grid.text.contains("https://youtu.be/"), "\(width)x\(height):\n\(grid.text)")
            #expect(digitRows(grid) >= minimumRows, "\(width)x\(height):\n\(grid.text)")
        }
    }

    @Test func bigDigitsLastDownToTheMinimumFreeArea() {
        // Header, title, next-up line, progress and status take five rows; five more hold the digits.
        let grid = WorkoutScreen.render(ScreenState.work.model(), width: 26, height: 5 + 5)
        #expect(digitRows(grid) >= 5)
        let low = WorkoutScreen.render(ScreenState.work.model(), width: 26, height: 5 + 4)
        #expect(digitRows(low) == 0)
        let small = WorkoutScreen.render(ScreenState.work.model(), width: 25, height: 5 + 5)
        #expect(digitRows(small) == 0)
        #expect(small.text.contains("0:25"))
    }

    /// The digits shrink for three lines of a description at most, to no less than half their height.
    @Test(arguments: [(100, 40), (100, 30), (80, 24), (60, 16), (40, 14)])
    func textGivesWayBeforeTheDigits(width: Int, height: Int) {
        var model = ScreenState.work.model()
        model.exercise.description = ""
        let none = WorkoutScreen.render(model, width: width, height: height)
        model.exercise.description = String(repeating: "Keep a steady rhythm and breathe. ", count: 6)
        let three = WorkoutScreen.render(model, width: width, height: height)
        model.exercise.description = String(repeating: "Keep a steady rhythm and breathe. ", count: 20)
        let long = WorkoutScreen.render(model, width: width, height: height)
        #expect(digitRows(long) == digitRows(three) && 2 * digitRows(long) >= digitRows(none))
        #expect(long.text.contains("Next: Wall Sit"))
        #expect(long.text.contains("Jumping Jacks") || bigWordRows(long).count == bigWordRows(none).count)
        // What goes first is the description, then the link, then the subtitle.
        let text = long.text
        if text.contains("Exercise 5/12") == false { #expect(!text.contains("youtu.be") && !text.contains("steady")) }
        if !text.contains("youtu.be") { #expect(!text.contains("steady")) }
    }

    @Test(arguments: [3599.0, 36_000, 86_399, 86_400])
    func longCountdownsNeverTrap(seconds: Double) {
        for width in 20...60 {
            let grid = WorkoutScreen.render(ScreenState.work.model(remaining: seconds), width: width, height: 24)
            #expect(grid.width == width)
        }
        // Drawn directly, with the sign that overtime or added time may bring.
        for width in 1...80 {
            var grid = CellGrid(width: width, height: 12, fill: CellStyle(foreground: RGB(0, 0, 0), background: RGB(9,
                9, 9)))
            if let scale = BigType.scale(for: "+23:59:59", width: width, height: 12, halfBlocks: true) {
                #expect(BigType.width("+23:59:59", scale: scale) <= width)
                BigType.draw("+23:59:59", scale: scale, into: &grid, x: 0, y: 0, style: grid[0, 0].style,
                    glyphs: .unicode)
            } else {
                #expect(width < BigType.pixelWidth("+23:59:59"))
            }
        }
    }

    @Test func tabataSaysItsRoundOnce() {
        var model = ScreenState.work.model()
        (model.rounds, model.workCount, model.round, model.workNumber) = (8, 8, 3, 3)
        let header = WorkoutScreen.render(model, width: 80, height: 24).text.split(separator: "\n")[0]
        #expect(header.contains("Round 3/8"))
        #expect(!header.contains("3/8 · 3/8") && header.components(separatedBy: "3/8").count == 2)
    }

    @Test func roundsAndNextUpAreShown() {
        let text = WorkoutScreen.render(ScreenState.work.model(), width: 80, height: 24).text
        #expect(text.contains("Round 2/3 · 5/36"))
        #expect(text.contains("Next: Wall Sit"))
    }

    @Test func aLinkThatDoesNotFitIsNeverCut() {
        for width in 10...60 {
            let text = WorkoutScreen.render(ScreenState.work.model(), width: width, height: 40).text
            let link = text.contains("https://youtu.be/UpH7rm0cYbM")
            #expect(link || !text.contains("https://"), "at \(width) columns")
            if width >= 20 && !link { #expect(text.contains("o: open video"), "at \(width) columns") }
        }
    }

    @Test(arguments: [80, 100])
    func aNoticeLeavesTheKeyHintsInPlace(width: Int) {
        let model = ScreenState.work.model(notice: "no sound device: cues are silent, see the log for more")
        let status = String(WorkoutScreen.render(model, width: width, height: 24).text.split(separator: "\n")[23])
        #expect(status.contains("? keys · q quit"))
        #expect(status.contains("no sound"))
    }

    @Test func pauseShowsInBigTypeOverDimmedStripedDigitsAndKeepsTheText() {
        let grid = WorkoutScreen.render(ScreenState.paused.model(), width: 100, height: 40)
        let rows = grid.text.split(separator: "\n")
        let words = bigWordRows(grid)
        let digits = (0..<37).filter { y in
            (0..<100).contains { grid.character(x: $0, y: y) == "▀" && !grid[$0, y].style.bold }
        }
        #expect(words.count >= 3 && !digits.isEmpty && words.last! < digits.first!)
        for y in digits {
            for x in 0..<100 where !grid[x, y].style.bold && "█▀▄".contains(grid.character(x: x, y: y)) {
                #expect(grid.character(x: x, y: y) == "▀" && grid[x, y].style.dim, "(\(x), \(y))")
            }
        }
        #expect(rows[39].contains("PAUSED"))
        #expect(grid.text.contains("Jumping Jacks") && grid.text.contains("Jump your feet")
                && grid.text.contains("youtu.be"))
    }

    @Test(arguments: [(200, 60), (100, 30), (80, 24)])
    func helpLeavesTheDigitsVisible(width: Int, height: Int) {
        let grid = WorkoutScreen.render(ScreenState.help.model(), width: width, height: height)
        #expect(grid.text.contains("pause / resume"))
        #expect(digitRows(grid) >= 5)
    }

    @Test func theOverviewMarksDoneCurrentAndToCome() {
        let grid = WorkoutScreen.render(ScreenState.work.model(), width: 200, height: 60)
        let strip = grid.text.split(separator: "\n")[57]
        #expect(strip.filter { $0 == "✓" }.count == 4)
        #expect(strip.filter { $0 == "▶" }.count == 1)
        // Each exercise in its own colour.
        let colours = Set((0..<200).map { grid[$0, 57].style.background })
        #expect(colours.count >= 12)
    }

    /// A flash lights the whole screen for a moment: every cell a blank in the light text colour (without
    /// colour, the body in the other video), and no layout drawn under it; after a rest or at work, in any
    /// colour.
    @Test(arguments: [ColorDepth.direct, .palette256, .basic8, .monochrome], [ScreenState.work, .rest])
    func aFlashLightsTheWholeScreen(depth: ColorDepth, state: ScreenState) {
        var model = state.model()
        let plain = WorkoutScreen.render(model, width: 80, height: 24, depth: depth)
        model.flash = true
        let flashed = WorkoutScreen.render(model, width: 80, height: 24, depth: depth)
        let body = plain[0, 12].style, lit = flashed[0, 0].style
        #expect(flashed.text.allSatisfy { $0 == " " || $0 == "\n" })
        #expect(flashed.cells.allSatisfy { $0.style == lit })
        if depth == .monochrome {
            #expect(lit == body.inverted)
        } else {
            #expect(lit.background == ScreenTheme.textColors(depth).light)
            #expect(OKLab(lit.background).l > OKLab(body.background).l + 0.1, "brighter than the screen it lights")
        }
    }

    @Test func asciiGlyphsDrawEverythingInASCII() {
        for state in ScreenState.allCases {
            for (w, h) in [(200, 60), (80, 24), (40, 12), (26, 7)] {
                var model = state.model()
                model.exercise.title = "Jumping Jacks ⚡ 日本"
                let grid = WorkoutScreen.render(model, width: w, height: h, glyphs: .ascii)
                let ascii = grid.text.allSatisfy { $0.isASCII }
                #expect(ascii, "\(state) at \(w)×\(h)")
            }
        }
        let work = WorkoutScreen.render(ScreenState.work.model(), width: 80, height: 24, glyphs: .ascii).text
        #expect(work.contains("####") && work.contains("#----"))
    }

    @Test func titlesThatDoNotFitEndInAnEllipsis() {
        var model = ScreenState.work.model()
        model.exercise.title = "A very long exercise title that cannot possibly fit on a narrow screen"
        let text = WorkoutScreen.render(model, width: 40, height: 24).text
        let row = text.split(separator: "\n").first { $0.contains("A very long") }
        #expect(row?.hasSuffix("…") == true)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var grid = CellGrid(width: 4, height: 1, fill: CellStyle(foreground: RGB(0, 0, 0), background: RGB(9, 9, 9)))
        grid.put("日本", x: 0, y: 0, style: grid[0, 0].style)
        grid.put("x", x: 1, y: 0, style: grid[0, 0].style)
        #expect(grid.text == " x本")
        #expect(!grid[1, 0].isContinuation)
    }

    /// A run of one cell (a fill, a row of blocks) written over wide characters blanks the halves it cuts at
    /// both ends, and leaves no continuation inside it.
    @Test func runsOverWideCharactersBlankTheHalvesTheyCut() {
        let style = CellStyle(foreground: RGB(0, 0, 0), background: RGB(9, 9, 9))
        var filled = CellGrid(width: 8, height: 1, fill: style)
        filled.put("日本語x", x: 0, y: 0, style: style)
        filled.fill(row: 0, from: 1, to: 5, style: style)
        #expect(filled.text == "      x ")
        var blocks = CellGrid(width: 8, height: 1, fill: style)
        blocks.put("日本語x", x: 0, y: 0, style: style)
        blocks.repeatScalar("#", count: 2, x: 3, y: 0, style: style)
        #expect(blocks.text == "日 ## x ")
        for grid in [filled, blocks] {
            #expect((0..<grid.width).allSatisfy { !grid[$0, 0].isContinuation || grid[$0 - 1, 0].code >= 0x3000 })
        }
    }

    /// Every size from 1×1 to 220×70 (sampled densely) in every kind of state: nothing drawn
    /// outside the grid, no half of a wide character left alone, and no trap.
    @Test(arguments: ScreenState.allCases)
    func rendererFuzz(state: ScreenState) {
        let widths = Array(1...40) + Array(stride(from: 41, through: 220, by: 7)) + [220]
        let heights = Array(1...24) + Array(stride(from: 25, through: 70, by: 5)) + [70]
        // Each state in a different depth and charset, so that all of them are covered.
        let k = ScreenState.allCases.firstIndex(of: state)!
        let renderer = ScreenRenderer(depth: ColorDepth.allCases[k % ColorDepth.allCases.count],
                                      glyphs: k % 2 == 0 ? .unicode : .ascii, metrics: .unicode)
        var model = state.model(remaining: 36_000)
        model.exercise.title = "Wall Sit ⚡ 日本語 🏋️"
        for (k, w) in widths.enumerated() {
            // Every height for every fifth width, a sample of them for the others.
            for (j, h) in heights.enumerated() where k % 5 == 0 || (j + k) % 3 == 0 {
                let grid = renderer.render(model, width: w, height: h)
                guard grid.width == w, grid.height == h, grid.cells.count == w * h else {
                    Issue.record("\(state) at \(w)×\(h): grid is \(grid.width)×\(grid.height)")
                    return
                }
                for y in 0..<h {
                    for x in 0..<w where grid[x, y].isContinuation {
                        if x == 0 || grid.metrics.width(grid.character(x: x - 1, y: y)) != 2 {
                            Issue.record("\(state) at \(w)×\(h): a lone half of a wide character at (\(x), \(y))")
                        }
                    }
                }
            }
        }
    }
}
