// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Testing
@testable import SevenminCore

@Suite("Big type for what to do")
struct BigTypeTests {
    @Test func theNameIsAtLeastFiveRowsTallAt200x60() {
        let grid = WorkoutScreen.render(ScreenState.work.model(), width: 200, height: 60)
        let rows = bigWordRows(grid)
        #expect(rows.count >= 5)
        #expect(rows.allSatisfy { $0 < 20 }, "the name sits above the digits")
    }

    @Test(arguments: ScreenState.allCases.filter { $0 != .finished })
    func theDigitsAreAtLeastFiveRowsTallAt40x12(state: ScreenState) {
        #expect(digitRows(WorkoutScreen.render(state.model(), width: 40, height: 12)) >= 5, "\(state)")
    }

    @Test(arguments: [(200, 60), (100, 30), (80, 24), (40, 12)])
    func pausedIsSaidInBigTypeAtEverySize(width: Int, height: Int) {
        let grid = WorkoutScreen.render(ScreenState.paused.model(), width: width, height: height)
        #expect(bigWordRows(grid).count >= 3)
        #expect(digitRows(grid) >= 5)
        let dimmed = (0..<grid.height).flatMap { y in (0..<grid.width).map { (x: $0, y: y) } }
            .filter { "█▀▄".contains(grid.character(x: $0.x, y: $0.y)) && !grid[$0.x, $0.y].style.bold
                && $0.y < grid.height - 3 }
        #expect(!dimmed.isEmpty && dimmed.allSatisfy { grid[$0.x, $0.y].style.dim })
    }

    @Test func aRestSaysWhatComesNextInBigTypeOnItsColour() {
        let grid = WorkoutScreen.render(ScreenState.rest.model(), width: 80, height: 24)
        let words = bigWordRows(grid)
        // "REST" above the digits and "JUMPING JACKS" below them, on a band of its red under "Next:".
        #expect(words.first! < 5 && words.last! > 14)
        #expect(grid.text.split(separator: "\n")[words.last! - 3].contains("Next:"))
        let band = ScreenTheme.readable(on: FlatColor.red.rgb, depth: .direct).background
        #expect(grid[40, words.last!].style.background == band)
    }

    @Test func theFinishIsInBigType() {
        let grid = WorkoutScreen.render(ScreenState.finished.model(), width: 80, height: 24)
        #expect(bigWordRows(grid).count >= 3)
        // Said once more as text in the header, for a screen reader and a copy of the screen.
        #expect(grid.text.split(separator: "\n")[0].contains("Workout complete"))
        #expect(grid.text.contains("Exercises done: 36/36"))
    }

    /// Asked how hard it was, the question is the big type, where there is room, with what the answer does
    /// and the keys under it; the headline follows, and stays in the header.
    @Test(arguments: [(200, 60), (100, 30), (80, 24)])
    func theEffortQuestionIsInBigTypeWithWhatItDoes(width: Int, height: Int) {
        var model = ScreenState.finished.model()
        model.summary?.asksEffort = true
        model.summary?.effortMovesPlan = true
        let grid = WorkoutScreen.render(model, width: width, height: height)
        let lines = grid.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let rows = bigWordRows(grid)
        #expect(rows.count >= 3 && !grid.text.contains("How hard was that?"), "\(grid.text)")
        let under = lines[(rows.last! + 1)...].map { $0.split(separator: " ").joined(separator: " ") }
            .filter { !$0.isEmpty }
        #expect(under.prefix(3) == ["— it sets the next step of your plan", "1–9, 0 for 10 · Enter skips",
                                    "Workout complete"], "\(grid.text)")
        #expect(lines[0].contains("Workout complete"))
    }

    @Test func theSecondSideStartsWithSwitchSides() {
        var model = ScreenState.work.model(remaining: 14)
        (model.side, model.segmentLength) = (2, 30)
        let fresh = WorkoutScreen.render(model, width: 100, height: 30)
        let body = { (grid: CellGrid) in grid.text.split(separator: "\n").dropFirst().joined(separator: "\n") }
        #expect(body(fresh).contains("Jumping Jacks"), "the name as text under the big words")
        model.remaining = 9
        let later = WorkoutScreen.render(model, width: 100, height: 30)
        #expect(!body(later).contains("Jumping Jacks"), "the name is the big words again")
        #expect(bigWordRows(fresh) != [] && bigWordRows(later) != [])
    }

    @Test(arguments: [(200, 60), (100, 30), (80, 24)])
    func longNamesWrapOrShrinkAndAreNeverCut(width: Int, height: Int) throws {
        var model = ScreenState.work.model()
        model.exercise.title = "Alternating Reverse Lunge With Overhead Reach"
        let grid = WorkoutScreen.render(model, width: width, height: height)
        let words = bigWordRows(grid)
        if words.isEmpty {
            #expect(grid.text.contains(model.exercise.title) || grid.text.contains("…"))
        } else {
            // Set whole within the margins.
            for y in words {
                #expect(grid[0, y].style.bold == false && grid[width - 1, y].style.bold == false
                    || grid.character(x: 0, y: y) == " " && grid.character(x: width - 1, y: y) == " ")
            }
        }
        let set = try #require(BigType.fit(model.exercise.title, width: 76, height: 16, halfBlocks: true))
        #expect(set.lines.joined(separator: " ") == model.exercise.title)
        #expect(set.lines.allSatisfy { BigType.width($0, scale: set.scale) <= 76 })
    }

    @Test func textOutsideTheFontStaysAPlainLine() {
        var model = ScreenState.work.model()
        model.exercise.title = "Kniebeugen über Kopf"
        let grid = WorkoutScreen.render(model, width: 200, height: 60)
        #expect(bigWordRows(grid).isEmpty)
        #expect(grid.text.contains("Kniebeugen über Kopf"))
        #expect(BigType.canSet("Wall Sit") && !BigType.canSet("日本") && !BigType.canSet(""))
    }

    /// The smallest size, for a pane as narrow as a tmux quarter: quarter blocks, two pixels a cell each way.
    @Test func theSmallestSizeIsQuarterBlocksThreeRowsTall() throws {
        let set = try #require(BigType.fit("Jumping Jacks", width: 36, height: 3, halfBlocks: true,
                                           quarterBlocks: true))
        #expect(set.lines == ["Jumping Jacks"] && set.scale == .quarter)
        #expect(BigType.width("Jumping Jacks", scale: .quarter) == 31)
        #expect(BigType.fit("Jumping Jacks", width: 36, height: 3, halfBlocks: true) == nil)
        #expect(BigType.fit("Jumping Jacks", width: 36, height: 3, halfBlocks: false, quarterBlocks: true) == nil)
        var grid = CellGrid(width: 5, height: 3, fill: CellStyle(foreground: RGB(0, 0, 0), background: RGB(9, 9, 9)))
        BigType.draw("JA", scale: .quarter, into: &grid, x: 0, y: 0, style: grid[0, 0].style, glyphs: .unicode)
        // J and A, each four pixels wide with one between, five high: the fifth row in the top halves.
        #expect(grid.text == " ▜▗▀▖\n▖▐▐▀▌\n▝▘▝ ▘")
    }

    @Test func aWordTooWideForTheSmallestScaleIsNotSet() {
        #expect(BigType.fit("Supercalifragilistic", width: 40, height: 20, halfBlocks: true) == nil)
        let set = BigType.fit("Wall Sit", width: 40, height: 3, halfBlocks: true)
        #expect(set?.lines == ["Wall Sit"] && set?.scale.rows == 3)
    }
}

@Suite("Small panes")
struct SmallPaneTests {
    @Test func theKeysPanelNeverCoversTheDigitsAndSaysHowManyMoreKeysThereAre() throws {
        let grid = WorkoutScreen.render(ScreenState.help.model(), width: 40, height: 12)
        #expect(digitRows(grid) >= 5)
        let text = grid.text
        let shown = KeyBindings.summary.filter { text.contains($0.action) }.count
        #expect(shown >= 1)
        #expect(text.contains("… \(KeyBindings.summary.count - shown) more"))
        // Where the panel fits whole, every key is listed, Ctrl-Z too.
        let tall = WorkoutScreen.render(ScreenState.help.model(), width: 80, height: 24).text
        #expect(KeyBindings.summary.allSatisfy { tall.contains($0.action) } && tall.contains("Ctrl-Z"))
    }

    @Test func theQuitQuestionFitsUnderTheDigits() {
        let grid = WorkoutScreen.render(ScreenState.quit.model(), width: 40, height: 12)
        #expect(digitRows(grid) >= 5)
        #expect(grid.text.contains("Quit this workout?") && grid.text.contains("y  quit"))
    }
}

@Suite("The smaller things")
struct SmallerThingsTests {
    @Test func tabataCountsItsRoundsNotExerciseOneOfOne() {
        var model = ScreenState.work.model()
        (model.exerciseNumber, model.exerciseCount, model.round, model.rounds, model.workCount) = (1, 1, 3, 8, 8)
        let text = WorkoutScreen.render(model, width: 100, height: 30).text
        #expect(text.contains("Round 3/8") && !text.contains("Exercise 1/1"))
    }

    /// The status line drops whole phrases where it is too narrow: it cut "to go" to "to" at 20 columns.
    @Test(arguments: [(20, ScreenState.work, " 0:25 left"), (30, .paused, " 0:25 left · PAUSED"),
                      (40, .paused, " 0:25 left · 20:34 to go · PAUSED")])
    func theStatusLineLosesWholePhrases(width: Int, state: ScreenState, expected: String) {
        let grid = WorkoutScreen.render(state.model(), width: width, height: 5)
        let status = String(grid.text.split(separator: "\n").last!)
        #expect(status == expected + String(repeating: " ", count: width - expected.count), "|\(status)|")
    }

    @Test(arguments: [40, 60, 80, 100])
    func aNoticeNeverRunsIntoTheKeyHints(width: Int) {
        let model = ScreenState.rest.model(notice: "no sound device: cues are silent")
        let status = String(WorkoutScreen.render(model, width: width, height: 12).text.split(separator: "\n")[11])
        for hint in [ScreenText.english.keyHints, ScreenText.english.shortKeyHints] {
            guard let range = status.firstRange(of: hint) else { continue }
            #expect(status[..<range.lowerBound].hasSuffix("   ") || status[..<range.lowerBound].hasSuffix(" · ")
                || status[..<range.lowerBound].hasSuffix("  "), "|\(status)|")
        }
    }

    @Test func openingAVideoWhereThereIsNoneSaysSoAndInventsNoLink() throws {
        let routine = try RoutineLoader.load(path: repositoryRoot.path + "/Workouts/tabata.json")
        var app = WorkoutApp(plan: Plan(routine))
        _ = app.start(at: 0)
        let effects = app.handle(.key(.character("o")), at: 1)
        #expect(!effects.contains { if case .openLink = $0 { return true } else { return false } })
        #expect(app.screen(at: 1).notice?.hasPrefix("no video for") == true)
    }

    @Test func aSkippedExerciseGetsNoTickInTheStrip() throws {
        let routine = try RoutineLoader.load(path: repositoryRoot.path + "/Workouts/classic.json")
        func strip(skipping: Bool) -> String {
            var app = WorkoutApp(plan: Plan(routine), settings: CoachSettings(flash: false))
            _ = app.start(at: 0)
            _ = app.handle(.tick, at: 12)
            if skipping { _ = app.handle(.key(.character("n")), at: 12) } else { _ = app.handle(.tick, at: 41) }
            let grid = WorkoutScreen.render(app.screen(at: 42), width: 80, height: 24)
            return String(grid.text.split(separator: "\n")[21])
        }
        #expect(strip(skipping: false).contains("✓"))
        let skipped = strip(skipping: true)
        #expect(!skipped.contains("✓") && skipped.contains("–"), "|\(skipped)|")
    }
}
