// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Testing
@testable import SevenminCore

/// A quiet second, where only the times moved on, is drawn over the last frame: the clock, the status line,
/// the progress bar and the figure alone. What it gives must be the frame drawn whole, every second.
@Suite("Quiet seconds")
struct QuietSecondTests {
    /// Every frame a workout draws, start to finish, its flashes and figure frames included: with `keysAtHand`
    /// off, steps counted in reps end on their own.
    static func frames(_ plan: Plan, settings: CoachSettings) -> [ScreenModel] {
        var app = WorkoutApp(plan: plan, settings: settings)
        var models: [ScreenModel] = []
        let collect = { (effects: [Effect]) in
            for case .draw(let model) in effects { models.append(model) }
        }
        collect(app.start(at: 0))
        collect(app.handle(.audio(.muted), at: 0))
        while let next = app.nextDeadline(), app.session.state != .finished {
            collect(app.handle(.tick, at: next))
        }
        return models
    }

    static func plan(_ path: String) throws -> Plan { Plan(try RoutineLoader.load(path: repositoryRoot.path + path)) }
    /// Two minutes of four exercises, the last on each side: every kind of frame, in few of them.
    static let bench = "/bench/routines/two-minutes.json"

    /// The sizes from the largest to the smallest layout, each with the charset it is tried in.
    static let sizes: [(width: Int, height: Int, unicode: Bool)] = [
        (200, 60, true), (100, 30, true), (80, 24, false), (60, 40, true), (40, 12, true), (30, 8, false),
        (26, 7, true), (20, 6, true), (12, 4, false), (10, 3, true), (9, 3, true), (12, 2, true),
    ]

    /// The frames that a renderer kept for the run gives and a fresh one does not.
    static func check(_ models: [ScreenModel], depth: ColorDepth, width: Int, height: Int, unicode: Bool)
        -> [String] {
        let glyphs: Glyphs = unicode ? .unicode : .ascii
        let running = ScreenRenderer(depth: depth, glyphs: glyphs, metrics: .unicode)
        let fresh = ScreenRenderer(depth: depth, glyphs: glyphs, metrics: .unicode)
        fresh.drawsOver = false
        var differing: [String] = []
        for model in models {
            let whole = fresh.render(model, width: width, height: height)
            let step = running.render(model, width: width, height: height)
            if !step.changes(since: whole).isEmpty || step.links != whole.links {
                differing.append("\(model.clock) \(model.kind) at \(width)×\(height):\n\(step.text)\n---\n\(whole.text)")
            }
        }
        return differing
    }

    @Test(arguments: [ColorDepth.direct, .palette256, .basic8, .monochrome])
    func everySecondOfAWorkoutIsTheFrameDrawnWhole(depth: ColorDepth) throws {
        let plan = try QuietSecondTests.plan(QuietSecondTests.bench)
        let models = QuietSecondTests.frames(plan, settings: CoachSettings(figure: false))
        #expect(models.count > Int(plan.totalDuration), "a frame every second, and the flashes")
        for size in QuietSecondTests.sizes {
            let differing = QuietSecondTests.check(models, depth: depth, width: size.width, height: size.height,
                                                        unicode: size.unicode)
            #expect(differing.isEmpty, "\(differing.count) frames differ, the first: \(differing.first ?? "")")
        }
    }

    /// The classic workout whole, its twelve exercises, in the largest and the smallest layouts.
    @Test(arguments: [(100, 30, true), (40, 12, false), (10, 3, true)])
    func theClassicWhole(size: (width: Int, height: Int, unicode: Bool)) throws {
        let models = QuietSecondTests.frames(try QuietSecondTests.plan("/Workouts/classic.json"),
                                             settings: CoachSettings(figure: false))
        let differing = QuietSecondTests.check(models, depth: .direct, width: size.width, height: size.height,
                                               unicode: size.unicode)
        #expect(differing.isEmpty, "\(differing.count) frames differ, the first: \(differing.first ?? "")")
    }

    /// With the figure moving, a step counted in reps (its clock counting up), a notice on the status line
    /// and the sides switched at half time.
    @Test(arguments: [(100, 30, true), (80, 24, false), (60, 40, true), (40, 12, true), (200, 60, false)])
    func withTheFigureRepsAndANoticeToo(size: (width: Int, height: Int, unicode: Bool)) throws {
        var models = QuietSecondTests.frames(try QuietSecondTests.plan(QuietSecondTests.bench),
                                             settings: CoachSettings())
        models += QuietSecondTests.frames(repsPlan, settings: CoachSettings(keysAtHand: false)).map {
            var noticed = $0
            noticed.notice = "No sound: no audio device"
            return noticed
        }
        let differing = QuietSecondTests.check(models, depth: .palette256, width: size.width,
                                                    height: size.height, unicode: size.unicode)
        #expect(differing.isEmpty, "\(differing.count) frames differ, the first: \(differing.first ?? "")")
    }

    /// The quiet seconds are drawn over the last frame: a test of the fast way that never took it would prove
    /// nothing. Most frames of a workout are quiet seconds, and redraw a few cells.
    @Test func mostSecondsAreDrawnOverTheLastFrame() throws {
        let plan = try QuietSecondTests.plan(QuietSecondTests.bench)
        let models = QuietSecondTests.frames(plan, settings: CoachSettings(figure: false))
        let renderer = ScreenRenderer(depth: .direct, glyphs: .unicode, metrics: .unicode)
        var over = 0
        for model in models {
            _ = renderer.render(model, width: 100, height: 30)
            if renderer.drewOver { over += 1 }
        }
        #expect(over > models.count * 3 / 4, "\(over) of \(models.count) frames drawn over the last")
    }

    @Test func clocksOfTheSameShape() {
        #expect(ScreenRenderer.sameShape("0:29", "0:28"))
        #expect(ScreenRenderer.sameShape("10:00", "09:59"))
        #expect(!ScreenRenderer.sameShape("10:00", "9:59"))
        #expect(!ScreenRenderer.sameShape("1:00:00", "1:00"))
    }
}
