// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Testing
@testable import SevenminCore

@Suite("The move, drawn")
struct FigureTests {
    /// Every shipped figure at four points of its cycle, in Braille and in ASCII.
    @Test func everyShippedFigureAtFourPointsOfItsMove() throws {
        let dir = repositoryRoot.path + "/Tests/SevenminCoreTests/Snapshots/figures"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for name in FigureLibrary.names {
            let figure = FigureLibrary.figures[name]!
            var text = ""
            for braille in [true, false] {
                let frames = (0..<4).map { k in
                    drawn(figure, at: figure.period * Double(k) / 4, braille: braille)
                }
                for row in 0..<10 { text += frames.map { $0[row] }.joined(separator: " | ") + "\n" }
                text += "\n"
            }
            try expectSnapshotText(text, named: "figures/\(name)")
        }
    }

    /// The jump frames of Jump Squats and Burpees cut the head off at the canvas's top: no shipped figure
    /// leaves its canvas, at any size a frame gives it, square or wider or taller than square, on either side.
    @Test func noShippedFigureLeavesItsCanvas() {
        for name in FigureLibrary.names {
            var found: Set<String> = []
            for rows in 4...60 {  // a frame draws a figure in four rows or more
                for columns in [2 * rows - 1, 2 * rows, 2 * rows + 1] {
                    found.formUnion(clipped(FigureLibrary.figures[name]!, columns: columns, rows: rows))
                }
            }
            #expect(found.isEmpty, "\(name): \(found.sorted())")
        }
    }
}

/// What the figure's keyframes would draw off a canvas of `columns` × `rows` cells, on either side: joints,
/// the head's ring and props beyond its edges; empty where nothing is clipped.
private func clipped(_ figure: Figure, columns: Int, rows: Int) -> [String] {
    let canvas = DotCanvas(columns: columns, rows: rows)
    guard let box = FigureDrawing.Box(canvas) else { return [] }
    func off(_ x: Int, _ y: Int) -> Bool { x < 0 || y < 0 || x >= canvas.dotWidth || y >= canvas.dotHeight }
    var found: [String] = []
    for mirrored in [false, true] {
        let props = figure.props(mirrored: mirrored).flatMap { [$0.from, $0.to] }
        for (k, keyframe) in figure.keyframes.enumerated() {
            let pose = mirrored ? keyframe.mirrored : keyframe
            for (joint, point) in zip(Joint.allCases, pose.points) where off(box.place(point).0, box.place(point).1) {
                found.append("keyframe \(k) \(joint)\(mirrored ? " mirrored" : "")")
            }
            let (x, y) = box.place(pose[.head]), r = box.headRadius
            if off(x - r, y - r) || off(x + r, y + r) {
                found.append("keyframe \(k) head's ring\(mirrored ? " mirrored" : "")")
            }
        }
        for point in props where off(box.place(point).0, box.place(point).1) { found.append("a prop") }
    }
    return found
}

/// How far `p` lies from the segment from `a` to `b`.
func distance(_ p: FigurePoint, _ a: FigurePoint, _ b: FigurePoint) -> Double {
    let (dx, dy) = (b.x - a.x, b.y - a.y)
    let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
    let (nx, ny) = (a.x + t * dx - p.x, a.y + t * dy - p.y)
    return (nx * nx + ny * ny).squareRoot()
}

/// The rows of a 20×10 cell grid with `figure` drawn in it as a workout frame draws it.
private func drawn(_ figure: Figure, at t: Double, braille: Bool) -> [String] {
    let style = CellStyle(foreground: RGB(255, 255, 255), background: RGB(0, 0, 0))
    var grid = CellGrid(width: 20, height: 10, fill: style)
    FigurePlacement(x: 0, y: 0, columns: 20, rows: 10, style: style, braille: braille)
        .draw(figure, at: t, mirrored: false, into: &grid)
    return grid.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

/// Compares plain text with `Snapshots/NAME.txt`; `SNAPSHOT_RECORD=1` rewrites the file.
func expectSnapshotText(_ actual: String, named name: String,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
    let path = repositoryRoot.path + "/Tests/SevenminCoreTests/Snapshots/\(name).txt"
    if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" {
        try actual.write(toFile: path, atomically: true, encoding: .utf8)
        return
    }
    let expected = try String(contentsOfFile: path, encoding: .utf8)
    #expect(actual == expected, "snapshot \(name) differs", sourceLocation: sourceLocation)
}

@Suite("Figures for every move")
struct FigureCoverageTests {
    @Test func everyExerciseOfEveryShippedRoutineHasAFigure() throws {
        for (name, bytes) in try shipped() {
            let routine = try RoutineLoader.parse(bytes, path: name)
            for exercise in routine.warmup + routine.exercises + routine.cooldown {
                #expect(exercise.figure != nil, "\(name): \(exercise.title) has no figure")
            }
        }
    }

    @Test func theSchemaNamesEveryShippedFigure() throws {
        let schema = try String(contentsOfFile: repositoryRoot.path + "/Workouts/schema.json", encoding: .utf8)
        let quoted = FigureLibrary.names.map { "\"\($0)\"" }.joined(separator: ", ")
        #expect(schema.contains("{ \"enum\": [\(quoted)] }"))
    }

    @Test func aFigureKeyIsValidatedWithPositions() {
        let bad = #"{"name": "N", "exercises": [{"title": "A", "figure": "jumping-jak"}]}"#
        #expect(throws: RoutineLoadError.self) { try RoutineLoader.parse(Array(bad.utf8), path: "r.json") }
        do {
            _ = try RoutineLoader.parse(Array(bad.utf8), path: "r.json")
        } catch {
            #expect("\(error)".contains("r.json:1:50") || "\(error)".contains("did you mean \"jumping-jack\""),
                    "\(error)")
        }
        let own = """
            {"name": "N", "exercises": [{"title": "A", "cues": ["hips level"], "figure": {"period": 2, "keyframes": [
             {"head": [0.5, 0.1], "neck": [0.5, 0.2], "hip": [0.5, 0.5], "leftElbow": [0.4, 0.3],
              "leftHand": [0.4, 0.5], "rightElbow": [0.6, 0.3], "rightHand": [0.6, 0.5], "leftKnee": [0.45, 0.75],
              "leftFoot": [0.45, 1], "rightKnee": [0.55, 0.75], "rightFoot": [0.55, 1]}]}}]}
            """
        let routine = try? RoutineLoader.parse(Array(own.utf8), path: "r.json")
        #expect(routine?.exercises[0].figure?.period == 2 && routine?.exercises[0].cues == ["hips level"])
        let off = own.replacing("[0.5, 0.1]", with: "[1.5, 0.1]")
        #expect(throws: RoutineLoadError.self) { try RoutineLoader.parse(Array(off.utf8), path: "r.json") }
    }

    @Test func theSecondSideIsTheMirrorOfTheFirst() {
        let figure = FigureLibrary.figures["side-plank"]!
        let first = FigureDrawing.canvas(figure, at: 0, columns: 20, rows: 10)
        let second = FigureDrawing.canvas(figure, at: 0, mirrored: true, columns: 20, rows: 10)
        let mirror = (0..<40).allSatisfy { y in
            (0..<40).allSatisfy { x in first.isSet(x, y) == second.isSet(39 - x, y) }
        }
        #expect(mirror && first != second)
    }

    @Test func aJumpingJackOpensAndClosesOnceASecond() {
        let figure = FigureLibrary.figures["jumping-jack"]!
        #expect(figure.pose(at: 0) == figure.pose(at: 1) && figure.pose(at: 0.5) != figure.pose(at: 0))
        #expect(figure.pose(at: 0.5)[.leftHand].y < figure.pose(at: 0)[.head].y, "hands over the head")
    }

    @Test func framesFollowTheSegmentsOwnTimelineAndStopWhenPaused() throws {
        let routine = try RoutineLoader.load(path: repositoryRoot.path + "/Workouts/classic.json")
        var app = WorkoutApp(plan: Plan(routine), settings: CoachSettings(flash: false))
        _ = app.start(at: 100)
        // Getting ready previews the jumping jack: a frame every eighth of a second from the segment's start.
        #expect(app.nextDeadline() == 100.125)
        _ = app.handle(.tick, at: 100.125)
        #expect(app.nextDeadline() == 100.25)
        _ = app.handle(.key(.character(" ")), at: 100.3)
        // Paused, the figure stands still: the one deadline left lets the screen blank after a long pause.
        #expect(app.nextDeadline() == 100.3 + WorkoutApp.awakePauseLimit)
        var quiet = WorkoutApp(plan: Plan(routine), settings: CoachSettings(flash: false, figure: false))
        _ = quiet.start(at: 100)
        #expect(quiet.nextDeadline() == 101)
    }

    /// Between seconds only the figure moves: the frame is the last one with the figure moved on (no new
    /// model of the screen), and a second's boundary draws the whole screen again.
    @Test func aFrameBetweenSecondsMovesOnlyTheFigure() throws {
        let routine = try RoutineLoader.load(path: repositoryRoot.path + "/Workouts/classic.json")
        var app = WorkoutApp(plan: Plan(routine), settings: CoachSettings(flash: false))
        let drawn = { (effects: [Effect]) -> [ScreenModel] in
            effects.compactMap { if case .draw(let model) = $0 { model } else { nil } }
        }
        let first = try #require(drawn(app.start(at: 100)).last)
        let moved = drawn(app.handle(.tick, at: 100.125))
        #expect(moved.count == 1 && moved[0].figureMoment == 0.125)
        var unmoved = moved[0]
        unmoved.figureMoment = nil
        #expect(unmoved == first, "nothing but the figure changes between seconds")
        let second = try #require(drawn(app.handle(.tick, at: 101)).last)
        #expect(second.figureMoment == nil && second.remaining < first.remaining)
    }

    /// A frame that redraws only the figure's cells is the frame drawn whole, at any moment of the move.
    @Test(arguments: [ColorDepth.direct, .monochrome],
          [(100, 30, true), (80, 24, false), (60, 40, true), (40, 12, true), (200, 60, false)])
    func aFigureFrameEqualsTheWholeFrame(depth: ColorDepth, size: (width: Int, height: Int, unicode: Bool)) throws {
        let unicode = size.unicode
        let routine = try RoutineLoader.load(path: repositoryRoot.path + "/Workouts/classic.json")
        var app = WorkoutApp(plan: Plan(routine), settings: CoachSettings(flash: false))
        var models: [ScreenModel] = []
        let collect = { (effects: [Effect]) in
            for case .draw(let model) in effects { models.append(model) }
        }
        collect(app.start(at: 0))
        var now = 0.0
        while let next = app.nextDeadline(), next < 16 {
            now = next
            collect(app.handle(.tick, at: now))
        }
        #expect(models.filter { $0.figureMoment != nil }.count > 100)
        let glyphs: Glyphs = unicode ? .unicode : .ascii
        let running = ScreenRenderer(depth: depth, glyphs: glyphs, metrics: .unicode)
        for model in models {
            let whole = ScreenRenderer(depth: depth, glyphs: glyphs, metrics: .unicode)
                .render(model, width: size.width, height: size.height)
            let step = running.render(model, width: size.width, height: size.height)
            #expect(step.changes(since: whole).isEmpty, "at \(model.figureTime) s:\n\(step.text)\n\(whole.text)")
        }
    }

    @Test func theFigureIsDrawnBesideTheDigitsAndMovesWithTheSegment() throws {
        let (a, _) = try classicScreen(at: 15, width: 100, height: 30)
        let (b, _) = try classicScreen(at: 15.5, width: 100, height: 30)
        let braille = figureCells
        #expect(braille(a).count > 20 && braille(a).allSatisfy { $0.x >= 70 })
        #expect(a.text != b.text, "a jumping jack moves within half a second")
        #expect(a.text.contains("land softly"))
    }
}

/// The cells of the figure: Braille dots.
func figureCells(_ grid: CellGrid) -> [(x: Int, y: Int)] {
    (0..<grid.height).flatMap { y in
        (0..<grid.width).filter { x in (0x2801...0x28FF).contains(grid.scalars(x: x, y: y).first ?? 0) }
            .map { (x: $0, y: y) }
    }
}

/// The rows and the last column of the big digits: rows with eight blocks or more that are not bold.
func digitBox(_ grid: CellGrid) -> (rows: [Int], right: Int) {
    // Above the progress bar and the status line.
    let blocks = (0..<max(0, grid.height - 2)).map { y in
        (0..<grid.width).filter { "█▀▄".contains(grid.character(x: $0, y: y)) && !grid[$0, y].style.bold }
    }
    let rows = blocks.indices.filter { blocks[$0].count >= min(8, grid.width / 4) }
    return (rows, rows.compactMap { blocks[$0].max() }.max() ?? 0)
}

/// What the classic's screen shows `seconds` after the start.
func classicModel(at seconds: Double) throws -> ScreenModel {
    ScreenModel(session: try classicScreen(at: seconds, width: 1, height: 1).1, at: seconds)
}

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

/// What makes each move that one, where a blind test found two alike or a move misread.
@Suite("Moves told apart")
struct FigureLikenessTests {
    func figure(_ name: String) -> Figure { FigureLibrary.figures[name]! }

    /// March and High Knees were one drawing at two speeds: a knee now drives above the hip in High
    /// Knees, and stays well below it in March, whose arms swing nearly straight, no hand above the chest.
    @Test func marchAndHighKneesAreDifferentDrawings() {
        let (march, highKnees) = (figure("march"), figure("high-knees"))
        #expect(march.keyframes != highKnees.keyframes)
        func highestKnee(_ p: Pose) -> Double { min(p[.leftKnee].y, p[.rightKnee].y) }
        #expect(highKnees.keyframes.filter { highestKnee($0) < $0[.hip].y }.count >= 4)
        #expect(march.keyframes.allSatisfy { highestKnee($0) > $0[.hip].y + 0.1 })
        #expect(march.keyframes.allSatisfy { min($0[.leftHand].y, $0[.rightHand].y) > $0[.neck].y + 0.2 })
        #expect(highKnees.keyframes.contains { min($0[.leftHand].y, $0[.rightHand].y) < $0[.neck].y })
    }

    /// March and High Knees, seen from the side, drew both legs on one line, and a lift of the left knee was
    /// the same drawing as a lift of the right: the far leg and arm are now drawn apart from the near ones, so
    /// that the standing foot and the lifted knee move from one lift to the next.
    @Test(arguments: ["march", "high-knees"])
    func theLiftsOfTheLeftAndTheRightKneeAreToldApart(name: String) {
        let frames = figure(name).keyframes
        for p in frames {
            let (dx, dy) = (p[.leftFoot].x - p[.rightFoot].x, p[.leftFoot].y - p[.rightFoot].y)
            #expect((dx * dx + dy * dy).squareRoot() >= 0.05, "\(name): both feet in one place in \(p)")
        }
        let left = frames.filter { $0[.leftKnee].y < $0[.rightKnee].y - 0.02 }
        let right = frames.filter { $0[.rightKnee].y < $0[.leftKnee].y - 0.02 }
        #expect(!left.isEmpty && !right.isEmpty)
        for l in left {
            for r in right {
                #expect(abs(l[.rightFoot].x - r[.leftFoot].x) >= 0.05, "\(name): the standing foot stays put")
                #expect(abs(l[.leftKnee].x - r[.rightKnee].x) >= 0.05, "\(name): the lifted knee stays put")
            }
        }
    }

    /// Arms hanging along the trunk vanished into it in a standing side view: in every keyframe of every
    /// shipped figure, each arm's elbow or hand stands at least 0.04 of the box off the line from the neck to
    /// the hip.
    @Test func noArmHidesInTheTrunk() {
        for name in FigureLibrary.names {
            for (k, p) in figure(name).keyframes.enumerated() {
                for (elbow, hand) in [(p[.leftElbow], p[.leftHand]), (p[.rightElbow], p[.rightHand])] {
                    let off = max(distance(elbow, p[.neck], p[.hip]), distance(hand, p[.neck], p[.hip]))
                    #expect(off >= 0.04, "\(name) keyframe \(k): \(elbow), \(hand)")
                }
            }
        }
    }

    /// Side Plank read as a plank reaching forward: its top arm points straight up over the shoulder, within
    /// 10° of upright, the hand well above it.
    @Test(arguments: ["side-plank", "side-plank-dip"])
    func theSidePlanksTopArmPointsStraightUp(name: String) {
        for p in figure(name).keyframes {
            let (dx, dy) = (p[.leftHand].x - p[.neck].x, p[.neck].y - p[.leftHand].y)
            // tan 10° is 0.18.
            #expect(dy >= 0.25 && abs(dx) <= dy * 0.18, "\(name): \(p[.leftHand]) over \(p[.neck])")
        }
    }

    /// Calf Raise read as hopping, with no feet: the far leg's knee and foot are the heel and the toes,
    /// the toes stay on the floor, and the heel rises off it.
    @Test func theCalfRaiseHasFeetWhoseHeelsRise() {
        let frames = figure("calf-raise").keyframes
        for p in frames {
            #expect(p[.rightFoot].y >= 0.96 && p[.rightFoot].x - p[.rightKnee].x >= 0.08, "toes ahead, on the floor")
            #expect(p[.leftFoot] == p[.rightKnee], "the heel under the leg")
        }
        #expect(frames.map { $0[.rightKnee].y }.max()! - frames.map { $0[.rightKnee].y }.min()! >= 0.06)
    }

    /// Side Bend's torso never bent: it now leans 20° or more from upright to each side.
    @Test func theSideBendLeansToEachSide() {
        // The tangent of the torso's angle from upright; tan 20° is 0.36.
        let leans = figure("side-bend").keyframes.map { p in (p[.neck].x - p[.hip].x) / (p[.hip].y - p[.neck].y) }
        #expect(leans.contains { $0 <= -0.36 } && leans.contains { $0 >= 0.36 }, "\(leans)")
    }

    /// Child's Pose had the hips high and the arms through the head: the hips now sit back low over the
    /// heels, the head is down, and no arm crosses the head's ring.
    @Test func inChildsPoseTheHipsSitOnTheHeelsAndTheArmsPassTheHead() {
        let p = figure("childs-pose").keyframes[0]
        #expect(abs(p[.hip].x - max(p[.leftFoot].x, p[.rightFoot].x)) <= 0.1 && p[.hip].y >= 0.82)
        #expect(p[.head].y > p[.neck].y, "the head down")
        let head = p[.head], radius = FigureDrawing.headRadius
        for (a, b) in [(p[.neck], p[.leftElbow]), (p[.leftElbow], p[.leftHand])] {
            // The nearest point of the bone to the head's centre lies outside the ring.
            #expect(distance(head, a, b) > radius, "\(a) to \(b)")
        }
    }

    /// Skater had no cross-behind, and then both feet stayed on the floor: it hops from leg to leg, both feet
    /// off the floor between, and on each landing the trailing foot is lifted and crosses behind the landing
    /// one, to its far side.
    @Test func theSkaterHopsAndItsTrailingLegCrossesBehind() {
        let frames = figure("skater").keyframes
        #expect(frames.contains { max($0[.leftFoot].y, $0[.rightFoot].y) <= 0.92 }, "a hop, both feet up")
        let landings = frames.filter { max($0[.leftFoot].y, $0[.rightFoot].y) >= 0.96 }
        #expect(landings.count >= 2)
        for p in landings {
            let leftLands = p[.leftFoot].y > p[.rightFoot].y
            let (landing, trailing) = leftLands ? (p[.leftFoot], p[.rightFoot]) : (p[.rightFoot], p[.leftFoot])
            let hip = p[.hip].x
            #expect(trailing.y <= 0.92, "the trailing foot off the floor: \(p)")
            // On the far side of the landing foot from where the hip is.
            #expect((trailing.x - landing.x) * (hip - landing.x) < 0, "\(p)")
        }
    }

    /// Tuck Jumps' tuck was shallow: in the air, the feet well off the floor, the thighs come up to within
    /// 20° of level.
    @Test func theTuckJumpsThighsComeUpNearLevel() {
        let air = figure("tuck-jump").keyframes.filter { max($0[.leftFoot].y, $0[.rightFoot].y) < 0.8 }
        #expect(!air.isEmpty)
        for p in air {
            for knee in [p[.leftKnee], p[.rightKnee]] {
                // tan 20° is 0.36.
                #expect(abs(knee.y - p[.hip].y) <= abs(knee.x - p[.hip].x) * 0.36, "\(knee) from \(p[.hip])")
            }
        }
    }

    /// V-ups' V floated well above the floor: the hips stay on it, lying and in the V.
    @Test func theVUpBalancesOnTheHipsOnTheFloor() {
        for p in figure("v-up").keyframes { #expect(p[.hip].y >= 0.95, "\(p[.hip])") }
    }

    /// Wall Angels had no wall: its edges stand beside the body, higher than the raised hands.
    @Test func wallAngelsHasItsWall() {
        let walls = figure("wall-angels").props.filter { $0.from.x == $0.to.x }
        #expect(walls.count == 2 && walls.allSatisfy { min($0.from.y, $0.to.y) <= 0.02 })
    }
}
