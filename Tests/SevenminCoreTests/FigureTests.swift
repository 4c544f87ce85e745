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
                    FigureDrawing.lines(figure, at: figure.period * Double(k) / 4, columns: 20, rows: 10,
                                        braille: braille)
                }
                for row in 0..<10 { text += frames.map { $0[row] }.joined(separator: " | ") + "\n" }
                text += "\n"
            }
            try expectSnapshotText(text, named: "figures/\(name)")
        }
    }
}

/// Compares plain text with `Snapshots/NAME.txt`; `SNAPSHOT_RECORD=1` rewrites the file.
func expectSnapshotText(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
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
        let own = #"{"name": "N", "exercises": [{"title": "A", "cues": ["hips level"], "figure": {"period": 2, "keyframes": [{"head": [0.5, 0.1], "neck": [0.5, 0.2], "hip": [0.5, 0.5], "leftElbow": [0.4, 0.3], "leftHand": [0.4, 0.5], "rightElbow": [0.6, 0.3], "rightHand": [0.6, 0.5], "leftKnee": [0.45, 0.75], "leftFoot": [0.45, 1], "rightKnee": [0.55, 0.75], "rightFoot": [0.55, 1]}]}}]}"#
        let routine = try? RoutineLoader.parse(Array(own.utf8), path: "r.json")
        #expect(routine?.exercises[0].figure?.period == 2 && routine?.exercises[0].cues == ["hips level"])
        let off = own.replacing("[0.5, 0.1]", with: "[1.5, 0.1]")
        #expect(throws: RoutineLoadError.self) { try RoutineLoader.parse(Array(off.utf8), path: "r.json") }
    }

    @Test func theSecondSideIsTheMirrorOfTheFirst() {
        let figure = FigureLibrary.figures["side-plank"]!
        let first = FigureDrawing.canvas(figure, at: 0, columns: 20, rows: 10)
        let second = FigureDrawing.canvas(figure, at: 0, mirrored: true, columns: 20, rows: 10)
        let mirror = (0..<40).allSatisfy { y in (0..<40).allSatisfy { x in first.isSet(x, y) == second.isSet(39 - x, y) } }
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
        #expect(app.nextDeadline() == nil)
        var quiet = WorkoutApp(plan: Plan(routine), settings: CoachSettings(flash: false, figure: false))
        _ = quiet.start(at: 100)
        #expect(quiet.nextDeadline() == 101)
    }

    @Test func theFigureIsDrawnBesideTheDigitsAndMovesWithTheSegment() throws {
        let (a, _) = try classicScreen(at: 15, width: 100, height: 30)
        let (b, _) = try classicScreen(at: 15.5, width: 100, height: 30)
        let braille = { (g: CellGrid) in (0..<g.height).flatMap { y in (0..<g.width).filter { x in
            (0x2801...0x28FF).contains(g.scalars(x: x, y: y).first ?? 0) }.map { (x: $0, y: y) } } }
        #expect(braille(a).count > 20 && braille(a).allSatisfy { $0.x >= 70 })
        #expect(a.text != b.text, "a jumping jack moves within half a second")
        #expect(a.text.contains("land softly"))
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
