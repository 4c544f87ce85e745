// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Testing
@testable import SevenminCore

@Suite("Where the figure goes")
struct FigurePlaceTests {
    /// A cell is about twice as tall as wide: a screen of w ≤ 2h cells is taller than wide, and the
    /// figure stands above the digits there, beside them on a wider one.
    @Test(arguments: [(80, 60, true), (100, 50, true), (60, 40, true), (200, 60, false), (100, 30, false),
                      (80, 24, false), (40, 12, false)])
    func aboveTheDigitsOnTallScreensAndBesideThemOnWideOnes(width: Int, height: Int, above: Bool) throws {
        for at in [2.0, 15, 44] {  // getting ready, at work, resting: the move now or the one to come
            let (grid, _) = try classicScreen(at: at, width: width, height: height)
            let figure = figureCells(grid), digits = digitBox(grid)
            #expect(figure.count > 10 && digits.rows.count >= 5, "\(width)x\(height) at \(at):\n\(grid.text)")
            let (top, bottom) = (digits.rows.min() ?? 0, digits.rows.max() ?? 0)
            if above {
                #expect(figure.allSatisfy { $0.y < top }, "\(width)x\(height) at \(at):\n\(grid.text)")
            } else {
                #expect(figure.allSatisfy { $0.x > digits.right }, "\(width)x\(height) at \(at):\n\(grid.text)")
                #expect(figure.contains { (top...bottom).contains($0.y) })
            }
        }
    }

    @Test func at80x24TheFigureBesideTheDigitsIsAtLeast16By8UnderTheBigName() throws {
        let (grid, _) = try classicScreen(at: 15, width: 80, height: 24)
        let figure = figureCells(grid)
        let columns = (figure.map(\.x).max() ?? 0) - (figure.map(\.x).min() ?? 0) + 1
        let rows = (figure.map(\.y).max() ?? 0) - (figure.map(\.y).min() ?? 0) + 1
        #expect(columns >= 16 && rows >= 8, "\(columns)x\(rows):\n\(grid.text)")
        #expect(digitBox(grid).rows.count >= 5 && bigWordRows(grid).count >= 3)
        #expect(grid.text.contains("land softly"), "its form cues under it")
    }

    /// At 40×12 the figure stands beside five rows of digits, under the name in big type; where it
    /// would cost either, it is left out.
    @Test func at40x12OnlyWhereTheDigitsKeepFiveRowsAndTheNameItsBigType() throws {
        let (grid, _) = try classicScreen(at: 15, width: 40, height: 12)
        #expect(figureCells(grid).count > 5 && digitBox(grid).rows.count >= 5 && bigWordRows(grid).count == 3)
        #expect(grid.text.split(separator: "\n")[0].contains("Jumping Jacks"), "said as text in the header")
        // At 34 columns the figure would leave the digits too narrow for five rows.
        let (narrow, _) = try classicScreen(at: 15, width: 34, height: 12)
        #expect(figureCells(narrow).isEmpty && digitBox(narrow).rows.count >= 5 && bigWordRows(narrow).count == 3,
                "34x12:\n\(narrow.text)")
    }

    /// From 10×3 to 200×60, at work, resting and paused: wherever the figure is drawn it keeps off the
    /// digits and the big words, and the digits keep five rows.
    @Test func theFigureNeverCoversTheDigitsOrTheWordsAtAnySize() throws {
        for (at, pause) in [(2.0, nil), (15, nil), (44, nil), (99, 17.5)] as [(Double, Double?)] {
            let session = try classicScreen(at: at, width: 1, height: 1, pauseAt: pause).1
            let renderer = ScreenRenderer(depth: .direct, glyphs: .unicode, metrics: .unicode)
            for width in stride(from: 10, through: 200, by: 19) {
                for height in stride(from: 3, through: 60, by: 6) {
                    let grid = renderer.render(ScreenModel(session: session, at: at), width: width, height: height)
                    let figure = figureCells(grid)
                    guard !figure.isEmpty else { continue }
                    #expect(digitBox(grid).rows.count >= 5, "\(width)x\(height) at \(at):\n\(grid.text)")
                    // On each row, the figure stays outside the span of the blocks, bold (words) or not (digits).
                    var spans: [Int: [Bool: ClosedRange<Int>]] = [:]
                    for y in Set(figure.map(\.y)) {
                        for x in 0..<grid.width where bigBlocks.contains(grid.character(x: x, y: y)) {
                            let bold = grid[x, y].style.bold
                            let low = spans[y]?[bold]?.lowerBound ?? x, high = spans[y]?[bold]?.upperBound ?? x
                            spans[y, default: [:]][bold] = min(low, x)...max(high, x)
                        }
                    }
                    let clear = figure.allSatisfy { cell in
                        spans[cell.y]?.values.allSatisfy { !$0.contains(cell.x) } ?? true
                    }
                    #expect(clear, "\(width)x\(height) at \(at):\n\(grid.text)")
                }
            }
        }
    }

    /// The cells the figure is given in the frame of `model`, as wide × tall.
    func figureBox(_ model: ScreenModel, width: Int, height: Int) -> (columns: Int, rows: Int) {
        let renderer = ScreenRenderer(depth: .direct, glyphs: .unicode, metrics: .unicode)
        let (background, accent) = WorkoutScreen.colors(model)
        var frame = WorkoutFrame(model: model, theme: renderer.theme(background: background, accent: accent,
                                                                     inverse: true),
                                 glyphs: .unicode, width: width, height: height, renderer: renderer)
        frame.draw()
        return frame.figurePlacement.map { ($0.columns, $0.rows) } ?? (0, 0)
    }

    /// A long name wraps or shrinks, and the figure keeps its size: at 200×60 Abdominal Crunch, Step-up onto
    /// Chair, Triceps Dip on Chair and Push-up and Rotation had a quarter of Jumping Jacks' cells.
    @Test(arguments: [(200, 60), (100, 30), (80, 24)])
    func everyClassicFigureIsNearlyAsLargeAsTheJumpingJacks(width: Int, height: Int) throws {
        let starts = (0..<12).map { 10 + 40 * Double($0) + 15 }
        let boxes = try starts.map { t in
            let model = try classicModel(at: t)
            return (model.exercise.title, figureBox(model, width: width, height: height))
        }
        let jacks = try #require(boxes.first { $0.0 == "Jumping Jacks" }?.1)
        #expect(jacks.columns * jacks.rows >= width * height / 12, "\(jacks)")
        for (title, box) in boxes {
            #expect(box.columns * box.rows * 10 >= jacks.columns * jacks.rows * 6,
                    "\(width)x\(height): \(title) \(box), Jumping Jacks \(jacks)")
        }
    }

    /// In ASCII strokes a cell is one stroke, and five rows of them make no body: outside UTF-8 the figure
    /// beside the digits needs eight rows, which 80×24 has and 40×12 does not.
    @Test func inASCIITheFigureNeedsEightRows() throws {
        let model = try classicModel(at: 15)
        var without = model
        without.showsFigure = false
        let render = { (m: ScreenModel, w: Int, h: Int) in
            WorkoutScreen.render(m, width: w, height: h, glyphs: .ascii).text
        }
        #expect(render(model, 80, 24) != render(without, 80, 24))
        #expect(render(model, 40, 12) == render(without, 40, 12))
    }

    @Test func noFigureWithNoFigureOrWhereTheMoveHasNone() throws {
        var model = try classicModel(at: 15)
        model.showsFigure = false
        for (width, height) in [(80, 60), (80, 24), (40, 12)] {
            #expect(figureCells(WorkoutScreen.render(model, width: width, height: height)).isEmpty)
        }
    }
}

@Suite("Form cues in plain mode")
struct PlainCueTests {
    @Test func plainModePrintsTheFormCuesAsTheExerciseStarts() {
        var transcript = PlainTranscript(unicode: false)
        var model = ScreenState.getReady.model()
        transcript.happened(SessionEvent(.started, segment: 0, due: 0))
        _ = transcript.lines(for: model)
        transcript.happened(SessionEvent(.segmentStarted, segment: 1, due: 10))
        model = ScreenState.work.model()
        model.exercise.cues = ["knees behind toes", "hips back"]
        let lines = transcript.lines(for: model)
        #expect(lines.contains { $0.hasSuffix("Form: knees behind toes; hips back") })
        #expect(lines.allSatisfy { $0.allSatisfy(\.isASCII) })
    }
}
