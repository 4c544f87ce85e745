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
