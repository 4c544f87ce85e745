// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

/// A grid as snapshot text: the characters, then each cell's style as a letter, then what each letter means.
func snapshotText(_ grid: CellGrid) -> String {
    var legend: [CellStyle] = []
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    var styleRows: [String] = []
    for y in 0..<grid.height {
        var row = ""
        for x in 0..<grid.width {
            let style = grid[x, y].style
            var k = legend.firstIndex(of: style) ?? legend.count
            if k == legend.count { legend.append(style) }
            k = min(k, letters.count - 1)
            row.append(letters[k])
        }
        styleRows.append(row)
    }
    let key = legend.enumerated().map { k, s in
        var attributes = [s.bold ? "bold" : nil, s.dim ? "dim" : nil, s.underline ? "underline" : nil,
                          s.reverse ? "reverse" : nil].compactMap { $0 }.joined(separator: " ")
        if !attributes.isEmpty { attributes = " " + attributes }
        return "\(letters[min(k, letters.count - 1)]) \(s.foreground) on \(s.background)\(attributes)"
    }
    return grid.text + "\n\n" + styleRows.joined(separator: "\n") + "\n\n" + key.joined(separator: "\n") + "\n"
}

/// Compares a grid, styles included, with `Snapshots/NAME.txt`; `SNAPSHOT_RECORD=1` rewrites the file.
/// A difference is reported cell by cell.
func assertSnapshot(_ grid: CellGrid, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots/\(name).txt")
    let actual = snapshotText(grid)
    if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" {
        try? actual.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("No snapshot \(name).txt; run with SNAPSHOT_RECORD=1 to create it", sourceLocation: sourceLocation)
        return
    }
    guard actual != expected else { return }
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
    var diff: [String] = []
    // The text rows, then the style rows, then the legend, each compared cell by cell.
    for k in 0..<max(a.count, e.count) {
        let ar = k < a.count ? a[k] : [], er = k < e.count ? e[k] : []
        let part = k < grid.height ? "text" : k < 2 * grid.height + 1 ? "style" : "legend"
        let row = part == "text" ? k : part == "style" ? k - grid.height - 1 : k - 2 * grid.height - 2
        for x in 0..<max(ar.count, er.count) where (x < ar.count ? ar[x] : " ") != (x < er.count ? er[x] : " ") {
            if part == "legend" {
                diff.append("legend line \(row): expected |\(String(er))|, actual |\(String(ar))|")
                break
            }
            let (want, got) = (x < er.count ? er[x] : " ", x < ar.count ? ar[x] : " ")
            diff.append("\(part) (\(x), \(row)): expected '\(want)', actual '\(got)'")
        }
    }
    let shown = diff.prefix(40).joined(separator: "\n") + (diff.count > 40 ? "\n… and \(diff.count - 40) more" : "")
    Issue.record("Snapshot \(name) differs in \(diff.count) places:\n\(shown)", sourceLocation: sourceLocation)
}

/// A session over the first exercises of classic, advanced to `seconds` after the start; `edit` changes
/// the screen's model before it is drawn.
func classicScreen(at seconds: Double, width: Int, height: Int, overlay: ScreenModel.Overlay = .none,
                   pauseAt: Double? = nil, notice: String? = nil, language: CoachLanguage = .en,
                   edit: (inout ScreenModel) -> Void = { _ in }) throws -> (CellGrid, WorkoutSession) {
    let routine = try RoutineLoader.load(path: repositoryRoot.path + "/Workouts/classic.json")
    var session = WorkoutSession(plan: Plan(routine))
    _ = session.start(at: 0)
    if let pauseAt {
        _ = session.advance(to: pauseAt)
        _ = session.pause(at: pauseAt)
    }
    _ = session.advance(to: seconds)
    var model = ScreenModel(session: session, at: seconds, overlay: overlay, notice: notice)
    model.language = language
    edit(&model)
    return (WorkoutScreen.render(model, width: width, height: height), session)
}

@Suite("Screen snapshots")
struct ScreenSnapshotTests {
    /// The quit prompt can be read at every size: it was cut to nothing at 10×3 and an empty box at 20×5.
    @Test(arguments: [(10, 3, ["Quit? y/n"]), (20, 5, ["Quit this workout?", "y quit · n go on"]),
                      (30, 6, ["Quit this workout?", "n  keep going"]),
                      (40, 12, ["Quit this workout?", "keep going"])])
    func theQuitPromptIsReadableWhenSmall(width: Int, height: Int, expected: [String]) throws {
        let (grid, _) = try classicScreen(at: 15, width: width, height: height, overlay: .confirmQuit)
        for text in expected { #expect(grid.text.contains(text), "\(width)x\(height):\n\(grid.text)") }
    }

    /// At the smallest sizes every language's prompt keeps its question and its keys whole: German's
    /// "Beenden? y/n" was cut to "Beenden? …" at 10×3, the keys lost.
    @Test(arguments: CoachLanguage.allCases)
    func theQuitPromptKeepsItsKeysWhenSmallInEveryLanguage(language: CoachLanguage) throws {
        let text = ScreenText.of(language)
        for (width, height) in [(10, 3), (11, 3), (12, 3), (13, 3), (14, 4), (16, 4)] {
            let (grid, _) = try classicScreen(at: 15, width: width, height: height, overlay: .confirmQuit,
                                              language: language)
            let shown = "\(language) \(width)x\(height):\n\(grid.text)"
            #expect(grid.text.contains(text.quitWord) && grid.text.contains(ScreenText.quitAnswers), "\(shown)")
        }
        // The keys it shows are the ones it takes, in every language: the first quits, the second goes on.
        let keys = ScreenText.quitAnswers.split(separator: "/").map { Key.character(Character(String($0))) }
        #expect(keys.count == 2)
        #expect(KeyBindings.action(for: keys[0], overlay: .confirmQuit, finished: false) == .confirmQuit)
        #expect(KeyBindings.action(for: keys[1], overlay: .confirmQuit, finished: false) == .cancelQuit)
    }

    @Test func work80x24() throws {
        let (grid, _) = try classicScreen(at: 15, width: 80, height: 24)
        assertSnapshot(grid, named: "work-80x24")
        // The whole screen is filled with the exercise's colour, text in a contrasting one.
        #expect(grid[40, 12].style.background == FlatColor.red.rgb)
        #expect(grid[0, 23].style.background != FlatColor.red.rgb)  // status bar is darker
        #expect(bigWordRows(grid).count >= 3)  // the name, in big type
        #expect(grid.text.contains("Exercise 1/12"))
        #expect(grid.text.contains("https://youtu.be/UpH7rm0cYbM"))
        #expect(grid.text.contains("0:25 left"))
    }

    @Test func rest80x24() throws {
        let (grid, _) = try classicScreen(at: 44, width: 80, height: 24)
        assertSnapshot(grid, named: "rest-80x24")
        #expect(grid[40, 12].style.background == WorkoutScreen.restBackground)
        #expect(grid.text.contains("Next:") && bigWordRows(grid).contains { $0 > 14 })
    }

    @Test func getReady80x24() throws {
        let (grid, _) = try classicScreen(at: 2, width: 80, height: 24)
        assertSnapshot(grid, named: "getready-80x24")
    }

    @Test func paused80x24() throws {
        let (grid, _) = try classicScreen(at: 99, width: 80, height: 24, pauseAt: 17.5)
        assertSnapshot(grid, named: "paused-80x24")
        #expect(grid.text.contains("PAUSED"))
        #expect(grid.text.contains("0:23 left"))
    }

    @Test func help80x24() throws {
        let (grid, _) = try classicScreen(at: 15, width: 80, height: 24, overlay: .help)
        assertSnapshot(grid, named: "help-80x24")
    }

    @Test func quitPrompt80x24() throws {
        let (grid, _) = try classicScreen(at: 15, width: 80, height: 24, overlay: .confirmQuit)
        assertSnapshot(grid, named: "quit-80x24")
    }

    /// The side plank: its first side (450–465 s), the switch between in big type on the rest's dark
    /// background with the figure turned for the side to come (465–470), then the second side (470–485).
    @Test func sidePlankShowsTheSideAndTheSwitchBetween() throws {
        let (first, _) = try classicScreen(at: 10 + 11 * 40 + 5, width: 80, height: 24)
        #expect(first.text.contains("Exercise 12/12 · first side"))
        let (switching, session) = try classicScreen(at: 467, width: 80, height: 24)
        assertSnapshot(switching, named: "switch-80x24")
        let model = ScreenModel(session: session, at: 467)
        #expect(model.kind == .switchSides && model.side == 2 && model.workNumber == 12)
        #expect(switching.text.contains("Switch sides") && switching.text.contains("Next: Side Plank"))
        #expect(bigWordRows(switching).count >= 3)
        #expect(switching[0, 12].style.background == WorkoutScreen.restBackground)
        // The figure is drawn as the second side will be: mirrored, as on that side.
        let (second, _) = try classicScreen(at: 470 + model.figureTime, width: 80, height: 24)
        let figure = { (grid: CellGrid) in (2..<20).map { y in (59..<79).map { grid.character(x: $0, y: y) } } }
        #expect(figure(switching) == figure(second))
        #expect(second.text.contains("Exercise 12/12 · second side") && !second.text.contains("Switch sides"))
    }

    @Test func finished80x24() throws {
        let (grid, _) = try classicScreen(at: 600, width: 80, height: 24, notice: "no sound device: cues are silent")
        assertSnapshot(grid, named: "finished-80x24")
        #expect(grid.text.contains("Exercises done: 12/12"))
        #expect(grid.text.contains("Time: 8:05"))
    }

    @Test func aShuffledWorkoutEndsWithItsSeed() throws {
        let routine = try RoutineLoader.load(path: repositoryRoot.path + "/Workouts/classic.json")
        var session = WorkoutSession(plan: Plan(routine))
        _ = session.start(at: 0)
        _ = session.advance(to: 1000)
        let grid = WorkoutScreen.render(ScreenModel(session: session, at: 1000, shuffleSeed: 4711), width: 80,
            height: 24)
        #expect(grid.text.contains("Shuffled with --seed 4711"))
    }

    @Test func work40x12KeepsFiveRowsOfDigits() throws {
        let (grid, _) = try classicScreen(at: 15, width: 40, height: 12)
        assertSnapshot(grid, named: "work-40x12")
        #expect(digitRows(grid) >= 5)
        #expect(grid.text.contains("Jumping Jacks"))
    }

    /// The words between exercises are big type at 40×12 too, as the README promises: Get ready, Rest and
    /// Switch sides were plain text there. The overview strip gives them its row; the next-up line stays.
    @Test(arguments: [(2.0, "Get ready", "getready"), (44, "Rest", "rest"), (467, "Switch sides", "switch")])
    func theStateWordsAreBigTypeAt40x12(at: Double, word: String, name: String) throws {
        let (grid, _) = try classicScreen(at: at, width: 40, height: 12, notice: "no sound device: cues are silent")
        assertSnapshot(grid, named: "\(name)-40x12")
        let rows = grid.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(bigWordRows(grid) == [1, 2, 3] && !rows[1...3].joined().contains(word), "\(grid.text)")
        #expect(rows[0].contains(word) && grid.text.contains("Next: "), "said as text too:\n\(grid.text)")
        #expect(digitRows(grid) >= 5)
    }

    @Test(arguments: [(1, 1), (5, 2), (9, 3), (20, 5), (30, 8), (200, 60)])
    func tinyAndHugeSizesNeverCrash(width: Int, height: Int) throws {
        let (grid, _) = try classicScreen(at: 15, width: width, height: height, overlay: .help)
        #expect(grid.width == width && grid.height == height)
    }

    @Test func textFromFilesIsNeutralised() {
        var grid = CellGrid(width: 20, height: 1, fill: CellStyle(foreground: RGB(0, 0, 0), background: RGB(9, 9, 9)))
        grid.put("a\u{1B}[2Jb\u{9B}", x: 0, y: 0, style: grid[0, 0].style)
        #expect(grid.text.hasPrefix("a^[[2Jb<U+009B>"))
    }

    @Test func wideCharactersTakeTwoColumns() {
        var grid = CellGrid(width: 6, height: 1, fill: CellStyle(foreground: RGB(0, 0, 0), background: RGB(9, 9, 9)))
        grid.put("日本x", x: 0, y: 0, style: grid[0, 0].style)
        #expect(grid.text == "日本x ")
        #expect(grid[1, 0].isContinuation)
    }

    @Test func diffFindsOnlyChangedCells() throws {
        let (a, _) = try classicScreen(at: 15, width: 80, height: 24)
        let (b, _) = try classicScreen(at: 15.5, width: 80, height: 24)
        let (c, _) = try classicScreen(at: 16, width: 80, height: 24)
        // Within one second only the move's figure, on the right, changes.
        #expect(b.changes(since: a).allSatisfy { $0.x >= 58 })
        let changed = c.changes(since: b)
        #expect(!changed.isEmpty && changed.count < 80 * 24 / 4)
        #expect(c.changes(since: nil).count == 80 * 24)
    }
}

/// The same screens across sizes, colour depths and charsets: every size at one depth, and every
/// depth and the ASCII glyphs at one size.
@Suite("Screen snapshots across terminals")
struct TerminalSnapshotTests {
    @Test(arguments: [(200, 60), (100, 30), (80, 24), (40, 12), (26, 7), (10, 3)])
    func sizes(width: Int, height: Int) throws {
        let model = ScreenState.work.model()
        assertSnapshot(WorkoutScreen.render(model, width: width, height: height, depth: .palette256),
                       named: "sizes/work-\(width)x\(height)-256")
    }

    /// Big words (the name, PAUSED, what comes next) and the dimmed digits where a user looks from the mat.
    @Test(arguments: [(200, 60), (100, 30), (80, 24), (40, 12)])
    func bigTypeAtEverySize(width: Int, height: Int) throws {
        for state in [ScreenState.paused, .rest, .finished] {
            assertSnapshot(WorkoutScreen.render(state.model(), width: width, height: height, depth: .palette256),
                           named: "sizes/\(state)-\(width)x\(height)-256")
        }
    }

    /// The classic as a user meets it, the move's figure included, working and paused; the last three
    /// sizes are taller than wide, and the figure stands above the digits.
    @Test(arguments: [(200, 60), (100, 30), (80, 24), (40, 12), (80, 60), (100, 50), (60, 40)])
    func theClassicWithItsFigureAtEverySize(width: Int, height: Int) throws {
        let (work, _) = try classicScreen(at: 15, width: width, height: height)
        assertSnapshot(work, named: "sizes/classic-work-\(width)x\(height)")
        let (paused, _) = try classicScreen(at: 99, width: width, height: height, pauseAt: 17.5)
        assertSnapshot(paused, named: "sizes/classic-paused-\(width)x\(height)")
    }

    @Test(arguments: ColorDepth.allCases)
    func depths(depth: ColorDepth) throws {
        for state in [ScreenState.work, .rest] {
            assertSnapshot(WorkoutScreen.render(state.model(), width: 80, height: 24, depth: depth),
                           named: "depths/\(state)-80x24-\(depth)")
        }
    }

    @Test(arguments: [(80, 24), (40, 12)])
    func asciiGlyphs(width: Int, height: Int) throws {
        assertSnapshot(WorkoutScreen.render(ScreenState.paused.model(), width: width, height: height,
                                            depth: .basic8, glyphs: .ascii),
                       named: "ascii/paused-\(width)x\(height)-8")
    }
}

@Suite("Colours")
struct ColorTests {
    @Test func flatColoursMatchChameleon() {
        // hsb(6, 74, 91), converted as UIKit does.
        #expect(FlatColor.red.rgb == RGB(232, 78, 60))
        #expect(FlatColor.white.rgb == RGB(237, 241, 242))
        #expect(FlatColor.allCases.count == 24)
        #expect(FlatColor(name: "flatNavyBlue") == .navyBlue)
        #expect(FlatColor.navyBlue.name == "flatNavyBlue")
    }

    @Test func nearest256PicksTheCubeColour() {
        #expect(TerminalPalette.nearest256(RGB(255, 0, 0)) == 196)
        #expect(TerminalPalette.nearest256(RGB(0, 0, 0)) == 16)
        #expect(TerminalPalette.nearest256(RGB(128, 128, 128)) == 244)
    }

    @Test func nearest8KeepsFlatColoursDistinctFromGrey() {
        #expect(TerminalPalette.nearest8(FlatColor.red.rgb) == 1)
        #expect(TerminalPalette.nearest8(FlatColor.green.rgb) == 2)
        #expect(TerminalPalette.nearest8(FlatColor.skyBlue.rgb) != 0)
        #expect(TerminalPalette.nearest8(RGB(20, 20, 20)) == 0)
    }
}
