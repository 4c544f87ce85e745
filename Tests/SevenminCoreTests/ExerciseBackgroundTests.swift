// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Testing
@testable import SevenminCore

/// Every shipped routine played through at each colour depth, looking at each screen as it is shown.
@Suite("Neighbouring exercises stay apart at every depth")
struct ExerciseBackgroundTests {
    /// The shown background of every segment's screen, in order, with whether it is work.
    static func screens(_ routine: Routine, depth: ColorDepth) -> [(work: Bool, title: String, body: RGB)] {
        var session = WorkoutSession(plan: Plan(routine))
        _ = session.start(at: 0)
        let renderer = ScreenRenderer(depth: depth, glyphs: .unicode, metrics: .unicode)
        return session.plan.segments.map { scheduled in
            let t = scheduled.offset + scheduled.duration / 2
            _ = session.advance(to: t)
            let model = ScreenModel(session: session, at: t)
            let grid = renderer.render(model, width: 80, height: 24)
            // The body, at mid-height on the left edge.
            return (model.kind == .work, model.exercise.title, grid[0, 12].style.shownColors.background)
        }
    }

    @Test(arguments: [ColorDepth.palette256, .basic16, .basic8])
    func noTwoExercisesInARowShareABackgroundNorTakeRests(depth: ColorDepth) throws {
        for (name, bytes) in try shipped() {
            let routine = try RoutineLoader.parse(bytes, path: name)
            let all = Self.screens(routine, depth: depth)
            let rests = Set(all.filter { !$0.work }.map(\.body))
            let work = all.filter(\.work)
            #expect(rests.count == 1, "\(name) at \(depth): rests on \(rests)")
            for screen in work {
                #expect(!rests.contains(screen.body),
                        "\(name) at \(depth): \(screen.title) on the rest's \(screen.body)")
            }
            for (a, b) in zip(work, work.dropFirst()) where a.title != b.title {
                #expect(a.body != b.body, "\(name) at \(depth): \(a.title) and \(b.title) both on \(a.body)")
            }
        }
    }

    /// Side Plank (`#3A7082`) and Wall Sit (flatTeal, darkened for white text to `#3B7082`) were one colour
    /// in 24-bit colour: they are not neighbours, and only neighbours were kept apart.
    @Test(arguments: [ColorDepth.direct, .palette256])
    func noTwoExercisesOfARoutineLookAlike(depth: ColorDepth) throws {
        for (name, bytes) in try shipped() {
            let routine = try RoutineLoader.parse(bytes, path: name)
            let all = Self.screens(routine, depth: depth)
            var seen: [String: RGB] = [:]
            for screen in all where screen.work { seen[screen.title] = screen.body }
            let rest = try #require(all.first { !$0.work }).body
            let apart = ExerciseBackgrounds.minimumDistance
            for (title, body) in seen {
                #expect(OKLab(body).distance(to: OKLab(rest), hueWeight: 1) >= apart * apart, "\(name): \(title)")
                for (other, its) in seen where other < title {
                    let distance = OKLab(body).distance(to: OKLab(its), hueWeight: 1).squareRoot()
                    #expect(distance >= apart, "\(name) at \(depth): \(title) on \(body), \(other) on \(its)")
                }
            }
        }
    }

    @Test(arguments: [ColorDepth.palette256, .basic16, .basic8])
    func theFirstChoiceIsKeptWhereNothingClashes(depth: ColorDepth) {
        let red = FlatColor.red.rgb, teal = FlatColor.teal.rgb
        let shown = ExerciseBackgrounds.assign([red, teal, red], depth: depth)
        #expect(shown[red] == ScreenTheme.readable(on: red, depth: depth).background)
        #expect(shown[red] != shown[teal])
    }

    @Test func theNextNearestReadableColourStandsInWhenTheNearestIsTaken() {
        // flatPurple and flatBlue, exercises 3 and 4 of the classic, meet in one 256-colour index
        // once darkened for white text; the second moves to another readable colour of its hue.
        let purple = FlatColor.purple.rgb, blue = FlatColor.blue.rgb
        #expect(ScreenTheme.readable(on: purple, depth: .palette256).background
            == ScreenTheme.readable(on: blue, depth: .palette256).background)
        let shown = ExerciseBackgrounds.assign([purple, blue], depth: .palette256)
        #expect(shown[purple] != shown[blue])
        let (light, dark) = ScreenTheme.textColors(.palette256)
        let b = shown[blue]!
        #expect(max(b.contrast(with: light), b.contrast(with: dark)) >= ScreenTheme.textContrast)
        #expect(OKLab.hueDifference(OKLab(b).hue, OKLab(blue).hue) < 45)
    }

    /// The choice as first written: every readable palette colour ranked inside the sort's comparison,
    /// worked out for every exercise whether or not its nearest colour was free; apart from every
    /// exercise before it from 256 colours up, else from its neighbours.
    static func plainAssign(_ sequence: [RGB], depth: ColorDepth) -> [RGB: RGB] {
        var neighbours: [RGB: Set<RGB>] = [:]
        for (a, b) in zip(sequence, sequence.dropFirst()) where a != b {
            neighbours[a, default: []].insert(b)
            neighbours[b, default: []].insert(a)
        }
        let restShown = ScreenTheme.readable(on: WorkoutScreen.restBackground, depth: depth).background
        let (light, dark) = ScreenTheme.textColors(depth)
        let range = depth == .basic16 ? 0..<16 : depth == .basic8 ? 0..<8 : 16..<256
        let readable = range.map { TerminalPalette.xterm256[$0] }.filter {
            max($0.contrast(with: light), $0.contrast(with: dark)) >= ScreenTheme.textContrast
        }
        var chosen: [RGB: RGB] = [:]
        var order: [RGB] = []
        for colour in sequence where chosen[colour] == nil {
            let preferred = ScreenTheme.readable(on: colour, depth: depth).background
            let lab = OKLab(colour)
            func rank(_ c: RGB) -> (Int, Double) {
                (lab.chroma > 0.03 && OKLab(c).chroma < 0.03 ? 1 : 0, lab.distance(to: OKLab(c), hueWeight: 2))
            }
            func apart(_ taken: [RGB]) -> (RGB) -> Bool {
                { c in taken.allSatisfy {
                    OKLab(c).distance(to: OKLab($0), hueWeight: 1) >= ExerciseBackgrounds.minimumDistance
                        * ExerciseBackgrounds.minimumDistance } }
            }
            let near = [restShown] + (neighbours[colour] ?? []).compactMap { chosen[$0] }
            let all = depth == .basic16 || depth == .basic8 ? near : [restShown] + order.map { chosen[$0]! }
            let ranked = [preferred] + readable.sorted { rank($0) < rank($1) }
            chosen[colour] = ranked.first(where: apart(all)) ?? ranked.first(where: apart(near)) ?? preferred
            order.append(colour)
        }
        return chosen
    }

    @Test(arguments: [ColorDepth.direct, .palette256, .basic16, .basic8])
    func theChoiceIsTheSameAsRankingEveryColourEveryTime(depth: ColorDepth) throws {
        let plans = try shipped().map { try RoutineLoader.parse($0.bytes, path: $0.name) }
            .map { Plan($0).workColors }
        // The shipped plans, and the flat colours in an order that makes neighbours clash.
        let clashing = [FlatColor.purple, .blue, .red, .teal, .green, .orange, .purple, .blue].map(\.rgb)
        for sequence in plans + [clashing] {
            #expect(ExerciseBackgrounds.assign(sequence, depth: depth) == Self.plainAssign(sequence, depth: depth))
        }
    }

    @Test func withoutColourWorkIsInReverseVideoAndRestIsNot() throws {
        for (name, bytes) in try shipped() {
            let routine = try RoutineLoader.parse(bytes, path: name)
            for screen in Self.screens(routine, depth: .monochrome) {
                #expect(screen.body == (screen.work ? RGB(255, 255, 255) : RGB(0, 0, 0)), "\(name): \(screen.title)")
            }
        }
    }

    @Test(arguments: [ColorDepth.direct, .palette256, .basic16, .basic8, .monochrome])
    func theCurrentTileStandsOutOfTheScreenItIsOn(depth: ColorDepth) throws {
        let model = ScreenState.work.model()
        let shown = WorkoutScreen.render(model, width: 80, height: 24, depth: depth)
        let row = 21
        let marker = (0..<80).first { shown.character(x: $0, y: row) == "▶" }
        let tile = try #require(marker.map { shown[$0, row].style.shownColors.background })
        #expect(tile != shown[0, 12].style.shownColors.background, "\(depth)")
    }
}
