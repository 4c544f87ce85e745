// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore

// Renders a minute of workout frames, one per second of countdown, and reports the time each
// frame took to lay out and to diff against the one before, as the presenter does.
//
// `sevenmin-frame-bench --figure NAME` instead prints the figure's keyframes side by side, as the workout
// screen draws them at 200×60 (50×24 cells of Braille, white on the move's colour), with no name on them:
// strips for a blind naming test (`tmux capture-pane -e` of it, or its output, fed to a screenshot tool).

if let at = CommandLine.arguments.firstIndex(of: "--figure"), at + 1 < CommandLine.arguments.count {
    let name = CommandLine.arguments[at + 1]
    guard let figure = FigureLibrary.figures[name] else {
        print("no figure '\(name)'; there are: \(FigureLibrary.names.joined(separator: ", "))")
        exit(64)
    }
    let (columns, rows, gap) = (50, 24, 2)
    let count = figure.keyframes.count
    let canvases = (0..<count).map {
        FigureDrawing.canvas(figure, at: figure.period * Double($0) / Double(count), columns: columns, rows: rows)
    }
    let body = "\u{1B}[1;38;2;255;255;255;48;2;58;112;130m", plain = "\u{1B}[0m"
    let caption = "\(count) keyframe\(count == 1 ? "" : "s"), one cycle in \(figure.period.fixed(1)) s"
    print(caption.padded(to: count * (columns + gap)))
    for row in 0..<rows {
        var line = ""
        for canvas in canvases {
            line += body
            for column in 0..<columns {
                line += canvas.character(column: column, row: row, braille: true).map(String.init) ?? " "
            }
            line += plain + String(repeating: " ", count: gap)
        }
        print(line)
    }
    exit(0)
}

func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
}

let exercise = Exercise(title: "Jumping Jacks",
                        description: "Jump your feet out wide while raising your arms overhead, then jump back to "
                            + "standing. Keep a brisk, steady rhythm.",
                        videoURL: "https://youtu.be/UpH7rm0cYbM", color: FlatColor.red.rgb, work: 30)
let next = Exercise(title: "Wall Sit", color: FlatColor.teal.rgb, work: 30)
let frames = 2000
let clock = ContinuousClock()
print("size     depth       first frame   render p50   render p99   diff p50   cells changed p50")
for (width, height) in [(200, 60), (100, 30)] {
    for depth in [ColorDepth.direct, .palette256] {
        let renderer = ScreenRenderer(depth: depth, glyphs: .unicode, metrics: .unicode)
        var previous: CellGrid?
        var render: [Double] = [], diff: [Double] = [], changed: [Int] = []
        for k in 0..<frames {
            let model = ScreenModel(routineName: "Classic 7-Minute Workout", kind: .work, exercise: exercise,
                                    upNext: next, workNumber: 5, workCount: 12, exerciseNumber: 5, exerciseCount: 12,
                                    remaining: Double(30 - k % 30), totalRemaining: 400, progress: 0.4,
                                    overview: FlatColor.cycle.prefix(12).map(\.rgb), overviewPosition: 4)
            var grid: CellGrid?
            render.append(milliseconds(clock.measure { grid = renderer.render(model, width: width, height: height) }))
            var cells: [(x: Int, y: Int)] = []
            diff.append(milliseconds(clock.measure { cells = grid!.changes(since: previous) }))
            if previous != nil { changed.append(cells.count) }
            previous = grid
        }
        let first = render[0]
        let sorted = render.dropFirst().sorted(), diffs = diff.dropFirst().sorted()
        func f(_ v: Double) -> String { v.fixed(3) + " ms" }
        let size = "\(width)×\(height)".padded(to: 9)
        let name = depth.rawValue.padded(to: 12)
        let (p50, p99) = (sorted[sorted.count / 2], sorted[sorted.count * 99 / 100])
        print("\(size)\(name)\(f(first))      \(f(p50))     \(f(p99))     "
            + "\(f(diffs[diffs.count / 2]))   \(changed.sorted()[changed.count / 2])")
    }
}
