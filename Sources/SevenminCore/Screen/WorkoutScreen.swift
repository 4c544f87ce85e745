/// The workout screen as a pure function from a model and a size to a grid of cells.
public enum WorkoutScreen {
    /// The background while resting or getting ready: a near-black that lets the
    /// next exercise's colour stand out.
    public static let restBackground = RGB(38, 40, 44)

    /// The smallest size that fits big digits with the description; below it the layout is plain text.
    public static let bigLayoutMinimum = (width: 44, height: 18)

    public static func render(_ model: ScreenModel, width: Int, height: Int) -> CellGrid {
        let background = model.summary != nil ? FlatColor.green.rgb
            : model.kind == .work ? model.exercise.color : restBackground
        let base = CellStyle(foreground: background.contrastingText, background: background)
        var grid = CellGrid(width: width, height: height, fill: base)
        guard width >= 10, height >= 3 else {
            grid.put(TimeFormat.clock(model.remaining), x: 0, y: 0, style: base.with(bold: true))
            return grid
        }
        var pauseTop: Int?
        if let summary = model.summary {
            drawSummary(summary, model: model, into: &grid, style: base)
        } else {
            let big = width >= bigLayoutMinimum.width && height >= bigLayoutMinimum.height
            drawHeader(model, into: &grid, style: base)
            if big { pauseTop = drawFull(model, into: &grid, style: base) } else { drawCompact(model, into: &grid, style: base) }
            drawFooter(model, into: &grid, style: base)
        }
        switch model.overlay {
        case .none: if model.paused && model.summary == nil { drawPaused(into: &grid, style: base, top: pauseTop) }
        case .help: drawBox(helpLines, into: &grid, style: base)
        case .confirmQuit: drawBox(["Quit this workout?", "", "y  quit      n  keep going"], into: &grid, style: base)
        }
        return grid
    }

    // MARK: Parts

    static func barStyle(_ base: CellStyle) -> CellStyle {
        let bar = base.background.mixed(with: RGB(0, 0, 0), amount: 0.35)
        return CellStyle(foreground: bar.contrastingText, background: bar)
    }

    static func drawHeader(_ model: ScreenModel, into grid: inout CellGrid, style base: CellStyle) {
        let bar = barStyle(base)
        grid.fill(row: 0, style: bar)
        var right = model.rounds > 1 ? "Round \(model.round)/\(model.rounds)  " : ""
        right += "\(model.workNumber)/\(model.workCount) "
        let rightWidth = right.terminalWidth
        grid.put(fitted(" sevenmin · " + model.routineName, max(0, grid.width - rightWidth - 1)), x: 0, y: 0, style: bar.with(bold: true))
        grid.put(right, x: grid.width - rightWidth, y: 0, style: bar)
    }

    static func title(_ model: ScreenModel) -> String {
        switch model.kind {
        case .work: return model.exercise.title
        case .getReady: return "Get ready"
        case .rest: return "Rest"
        case .roundRest: return "Rest before round \(model.round)"
        }
    }

    static func subtitle(_ model: ScreenModel) -> String {
        switch model.kind {
        case .work:
            let label = model.stage == .warmup ? "Warm-up" : model.stage == .cooldown ? "Cool-down" : "Exercise"
            var s = "\(label) \(model.exerciseNumber)/\(model.exerciseCount)"
            if let side = model.side { s += side == 1 ? " · first side" : " · switch sides: second side" }
            return s
        case .getReady, .rest, .roundRest:
            return "Next: " + model.exercise.title
        }
    }

    /// Draws the big layout; returns the first row below the digits.
    @discardableResult
    static func drawFull(_ model: ScreenModel, into grid: inout CellGrid, style base: CellStyle) -> Int {
        let w = grid.width, h = grid.height
        let footerTop = h - 3
        // Description and link: during pauses they preview the exercise coming next.
        let textWidth = min(w - 8, 72)
        let left = (w - textWidth) / 2
        let text = model.kind == .work ? model.exercise.description
            : (model.exercise.description.isEmpty ? "" : "Up next — " + model.exercise.description)
        let linkRows = model.exercise.videoURL == nil ? 0 : 2
        let fixedRows = 2 + 1 + BigDigits.height + 1   // title, subtitle, gap, digits, gap
        let room = max(0, footerTop - 2 - fixedRows - linkRows)
        var lines = TextWrap.lines(text, width: textWidth)
        if lines.count > room {
            lines = Array(lines.prefix(room))
            if var last = lines.popLast() {
                while last.terminalWidth > textWidth - 1 { last.removeLast() }
                lines.append(last + "…")
            }
        }
        // Centre the block between the header and the progress bar.
        let blockHeight = fixedRows + lines.count + linkRows
        var y = 1 + max(0, (footerTop - 1 - blockHeight) / 2)
        grid.center(title(model), y: y, style: base.with(bold: true))
        y += 1
        let accent = model.kind == .work ? base : base.with(bold: true, foreground: model.exercise.color)
        grid.center(subtitle(model), y: y, style: accent)
        y += 2
        let digitStyle = model.kind == .work ? base : base.with(foreground: model.exercise.color)
        BigDigits.draw(TimeFormat.clock(model.remaining), into: &grid, y: y, style: digitStyle)
        y += BigDigits.height + 1
        let belowDigits = y
        for line in lines {
            grid.put(line, x: left, y: y, style: model.kind == .work ? base : base.with(dim: true))
            y += 1
        }
        if let link = model.exercise.videoURL, y + 1 < footerTop {
            y += 1
            grid.put("▶ " + link, x: left, y: y, style: base, limit: textWidth)
        }
        return belowDigits
    }

    static func drawCompact(_ model: ScreenModel, into grid: inout CellGrid, style base: CellStyle) {
        let w = grid.width, h = grid.height
        var y = 1
        if h >= 6 { grid.center(title(model), y: y, style: base.with(bold: true)); y += 1 }
        if h >= 8 { grid.center(subtitle(model), y: y, style: base); y += 1 }
        let clockRow = h >= 8 ? y + 1 : y
        grid.center(TimeFormat.clock(model.remaining), y: clockRow, style: base.with(bold: true))
        y = clockRow + 2
        let footerTop = h - 2
        if model.kind == .work {
            let lines = TextWrap.lines(model.exercise.description, width: max(1, w - 2))
            for line in lines.prefix(max(0, footerTop - y - 1)) {
                grid.put(line, x: 1, y: y, style: base)
                y += 1
            }
            if let link = model.exercise.videoURL, y < footerTop {
                grid.put(link, x: 1, y: y, style: base, limit: w - 2)
            }
        }
    }

    static func drawFooter(_ model: ScreenModel, into grid: inout CellGrid, style base: CellStyle) {
        let w = grid.width, h = grid.height
        let bar = barStyle(base)
        // Progress through the whole workout.
        let percent = " \(Int((model.progress * 100).rounded(.down)))%"
        let barWidth = max(0, w - 2 - percent.count)
        let filled = Int((Double(barWidth) * model.progress).rounded(.down))
        let progressRow = h >= 8 ? h - 3 : h - 2
        if h >= 5 {
            grid.repeatScalar("█", count: filled, x: 1, y: progressRow, style: base)
            grid.repeatScalar("░", count: barWidth - filled, x: 1 + filled, y: progressRow, style: base)
            grid.put(percent, x: 1 + barWidth, y: progressRow, style: base)
        }
        // Status line: time left here and overall, or a notice.
        grid.fill(row: h - 1, style: bar)
        if h >= 8 { grid.fill(row: h - 2, style: base) }
        let status = " \(TimeFormat.clock(model.remaining)) left · \(TimeFormat.clock(model.totalRemaining)) to go"
            + (model.paused ? " · PAUSED" : "")
        let keys = model.notice.map { $0 + " " } ?? "space pause · n/p skip · ? keys · q quit "
        let statusWidth = grid.put(status, x: 0, y: h - 1, style: bar.with(bold: true))
        let keysWidth = keys.terminalWidth
        if statusWidth + keysWidth + 2 <= w {
            grid.put(keys, x: w - keysWidth, y: h - 1, style: bar)
        }
    }

    static func drawSummary(_ summary: ScreenModel.Summary, model: ScreenModel, into grid: inout CellGrid, style base: CellStyle) {
        var lines = [
            "Workout complete",
            "",
            model.routineName,
            "",
            "Time: " + TimeFormat.clock(summary.activeTime, roundingUp: false),
            "Exercises done: \(summary.exercisesDone)/\(summary.exerciseCount)"
                + (summary.rounds > 1 ? " in \(summary.rounds) rounds" : ""),
        ]
        if let seed = model.shuffleSeed { lines.append("Shuffled with --seed \(seed)") }
        lines += ["", "Press any key to finish"]
        let top = max(0, (grid.height - lines.count) / 2)
        for (k, line) in lines.enumerated() {
            grid.center(line, y: top + k, style: k == 0 ? base.with(bold: true) : base)
        }
    }

    static let helpLines = [
        "Keys",
        "",
        "space     pause / resume",
        "n  →      next segment",
        "p  ←      previous segment",
        "r         restart this segment",
        "+  -      add / remove 10 seconds",
        "?         show / hide this help",
        "q         quit",
    ]

    /// The pause box sits below the digits when there is room, so the time stays readable.
    static func drawPaused(into grid: inout CellGrid, style base: CellStyle, top: Int?) {
        drawBox(["❚❚  PAUSED", "", "press space to resume"], into: &grid, style: base,
                top: top.flatMap { $0 + 7 <= grid.height - 3 ? $0 : nil })
    }

    /// `text` cut to `width` columns, ending in "…" when cut.
    static func fitted(_ text: String, _ width: Int) -> String {
        guard text.terminalWidth > width else { return text }
        guard width > 1 else { return String(text.prefix(max(0, width))) }
        var out = ""
        var used = 0
        for ch in visible(text) {
            if used + ch.terminalWidth > width - 1 { break }
            out.append(ch)
            used += ch.terminalWidth
        }
        return out + "…"
    }

    /// A box with a border, centred on the screen, in the text colour on the bar colour.
    static func drawBox(_ lines: [String], into grid: inout CellGrid, style base: CellStyle, top: Int? = nil) {
        let inner = (lines.map(\.terminalWidth).max() ?? 0) + 4
        let boxWidth = min(grid.width, inner + 2)
        let boxHeight = min(grid.height, lines.count + 4)
        let x0 = (grid.width - boxWidth) / 2, y0 = top ?? (grid.height - boxHeight) / 2
        let style = CellStyle(foreground: base.foreground, background: base.foreground == FlatColor.white.rgb ? RGB(20, 20, 20) : FlatColor.white.rgb)
        let box = CellStyle(foreground: style.background.contrastingText, background: style.background)
        for y in y0..<(y0 + boxHeight) { grid.fill(row: y, from: x0, to: x0 + boxWidth, style: box) }
        let horizontal = String(repeating: "─", count: max(0, boxWidth - 2))
        grid.put("┌" + horizontal + "┐", x: x0, y: y0, style: box)
        grid.put("└" + horizontal + "┘", x: x0, y: y0 + boxHeight - 1, style: box)
        for y in (y0 + 1)..<(y0 + boxHeight - 1) {
            grid.put("│", x: x0, y: y, style: box)
            grid.put("│", x: x0 + boxWidth - 1, y: y, style: box)
        }
        for (k, line) in lines.enumerated() where y0 + 2 + k < y0 + boxHeight - 1 {
            if k == 0 {
                grid.center(line, y: y0 + 2 + k, style: box.with(bold: true), within: x0 + 1, x0 + boxWidth - 1)
            } else {
                grid.put(line, x: x0 + 3, y: y0 + 2 + k, style: box, limit: boxWidth - 4)
            }
        }
    }
}
