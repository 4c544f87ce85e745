// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// One frame of the workout screen being drawn: the layout decisions and the drawing, in priority order.
struct WorkoutFrame {
    let model: ScreenModel
    let theme: ScreenTheme
    let glyphs: Glyphs
    let renderer: ScreenRenderer
    var grid: CellGrid
    /// The heading, when the body shows it only in big type.
    var headerWords: String?
    /// Where the figure's dots were drawn, so that a frame moving only the figure redraws those cells alone.
    var figurePlacement: FigurePlacement?
    /// A frame to draw at `width`×`height`.
    init(model: ScreenModel, theme: ScreenTheme, glyphs: Glyphs, width: Int, height: Int, renderer: ScreenRenderer) {
        self.model = model
        self.theme = theme
        self.glyphs = glyphs
        self.renderer = renderer
        grid = CellGrid(width: width, height: height, fill: theme.body)
        grid.asciiOnly = !glyphs.unicodeText
        grid.metrics = renderer.metrics
    }

    var w: Int { grid.width }
    var h: Int { grid.height }
    var clock: String { model.clock }

    /// Text in the terminal's charset: ASCII stand-ins for the few symbols we use, and letters as the
    /// workout's language spells them without accents.
    func say(_ text: String) -> String {
        guard !glyphs.unicodeText, !text.allSatisfy(\.isASCII) else { return text }
        return glyphs.spelt(text.replacing(" · ", with: glyphs.separator)
            .replacing("→", with: ">").replacing("←", with: "<")
            .replacing("…", with: "...").replacing("—", with: "-"), language: model.language)
    }

    /// Columns `text` takes in this terminal.
    func measure(_ text: String) -> Int { grid.metrics.width(text) }

    func fitted(_ text: String, _ width: Int) -> String {
        WorkoutScreen.fitted(say(text), width, ellipsis: glyphs.ellipsis, metrics: grid.metrics)
    }

    mutating func center(_ text: String, y: Int, style: CellStyle, from x0: Int = 0, to x1: Int? = nil) {
        let right = x1 ?? w
        grid.center(fitted(text, right - x0), y: y, style: style, within: x0, right)
    }

    mutating func draw() {
        guard w >= 10, h >= 3 else { return drawTiny() }
        if let ask = model.countAsk { return drawCount(ask) }
        if let summary = model.summary {
            drawSummary(summary)
            if model.overlay != .none { drawPanel(panelLines ?? [], centredIn: 0..<h) }
        } else {
            let bottom = drawFooter()
            if let link = phoneShown {
                // The phone's code and its words take the right and the foot of the body; the workout the rest.
                let layout = PhoneCode.layout(link, words: PhoneWords.of(model.language), width: w, rows: 1..<bottom,
                                              drawsCode: !grid.asciiOnly, metrics: grid.metrics)
                drawBody(rows: layout.body.rows, columns: layout.body.columns.count)
                PhoneCode.draw(link, layout, on: &grid, colour: renderer.depth != .monochrome)
            } else {
                drawBody(rows: 1..<bottom)
            }
            drawHeader()
        }
    }

    /// The phone's page, when its code shows: while getting ready and under the help panel; never over the
    /// quit prompt, whose question must be read, nor over the exercise.
    var phoneShown: PhoneLink? {
        guard let link = model.phone, model.kind == .getReady && model.overlay == .none || model.overlay == .help
        else { return nil }
        return link
    }

    /// The body laid out in its first `columns` columns, as on a screen that wide.
    mutating func drawBody(rows: Range<Int>, columns: Int) {
        guard columns < w else { return drawBody(rows: rows) }
        var part = WorkoutFrame(model: model, theme: theme, glyphs: glyphs, width: columns, height: h,
                                renderer: renderer)
        part.drawBody(rows: rows)
        grid.paste(part.grid, rows: rows, columns: 0..<columns)
        headerWords = part.headerWords
        figurePlacement = part.figurePlacement
    }

    // MARK: Sizes too small for a layout

    mutating func drawTiny() {
        let text = clock + (model.paused ? " " + glyphs.pause : "")
        center(text, y: 0, style: theme.digits.with(bold: true))
    }

    // MARK: Bars

    mutating func drawHeader() {
        grid.fill(row: 0, style: theme.bar)
        // Where we are matters more than the routine's name: on a narrow screen the name gives way,
        // and then the round.
        var right = say(WorkoutScreen.position(model, separator: " · ")) + " "
        if measure(right) > w - 2 { right = "\(model.workNumber)/\(model.workCount) " }
        if measure(right) > w - 1 { right = "" }
        let rightWidth = measure(right)
        // Words set in big type are also said here as text, for a screen reader and a copy of the screen.
        let words = headerWords.map { " · " + $0 } ?? ""
        let room = max(0, w - rightWidth - 1)
        // Where all do not fit, the plan's step gives way, then the routine's name to the words shown big.
        let routine = " · " + model.routineName
        let names = [routine + (model.planLine.map { " · " + $0 } ?? ""), routine] + (words.isEmpty ? [] : [""])
        let name = fitted(names.map { " sevenmin" + $0 + words }.first { measure(say($0)) <= room }
                          ?? " sevenmin" + names[names.count - 1] + words, room)
        grid.put(name, x: 0, y: 0, style: theme.bar.with(bold: true))
        grid.put(right, x: w - rightWidth, y: 0, style: theme.bar)
    }

    /// Draws the status line, the progress bar and the overview strip as space allows; returns the
    /// first row they take.
    mutating func drawFooter() -> Int {
        drawStatus(row: h - 1)
        var top = h - 1
        if h >= 6 {
            top -= 1
            drawProgress(row: top)
        }
        if showsStrip { top -= 1; drawOverview(row: top) }
        return top
    }

    /// Whether the overview strip has its row: from 12 rows up, except where the row would set the words
    /// in big type rather than as text (get ready, rest and the switch of sides at 40×12, or a step counted
    /// in reps with its line under the count).
    var showsStrip: Bool {
        guard h >= 12, !model.overview.isEmpty else { return false }
        guard model.overlay == .none, chosenPlan(rows: 1..<(h - 3), width: w)?.plan.big == nil else { return true }
        return chosenPlan(rows: 1..<(h - 2), width: w)?.plan.big == nil
    }

    mutating func drawStatus(row: Int) {
        grid.fill(row: row, style: theme.bar)
        // Cut whole phrases, never mid-word: what is left of this one first, then of the workout.
        // Counting reps, the clock is no time left: the user ends the step.
        let left = model.countsUp ? " \(clock) · \(model.text.whenDone)" : " \(clock) \(model.words.left)"
        let paused = model.paused ? " · " + model.words.paused.uppercased() : ""
        let toGo = " · \(model.toGo) \(model.text.toGo)"
        let clockOnly = " \(clock)"
        // The heart rate keeps its place beside the clock as long as the clock has room for it.
        let bpm = model.heartRate.map { ($0.map(String.init) ?? "--") + " " + model.words.bpm }
        let phones = model.phone == nil ? "" : " · " + PhoneWords.of(model.language).phones(model.phones)
        func forms(_ heart: String) -> [String] {
            let heart = heart + phones
            return [left + heart + toGo + paused, left + heart + paused, left + heart, clockOnly + heart + paused,
                    clockOnly + heart, clockOnly]
        }
        // The first, which nearly always fits, is the only one measured.
        let plain = forms(bpm.map { " · " + $0 } ?? "").lazy.map(say)
        let k = plain.firstIndex { measure($0) <= w }
        // The zone's word beside the bpm where it costs nothing else: the same form, the key hints beside it.
        let zone = model.heartZone.flatMap { zone in
            bpm.map { (zone: zone, words: $0 + " · " + model.words.heartZones[zone - 1]) }
        }
        var zoned: String?
        if let zone, let k {
            let form = say(forms(" · " + zone.words)[k])
            if measure(form) + measure(say(model.text.keyHints)) + 1 + measure(glyphs.separator) <= w { zoned = form }
        }
        let status = zoned ?? k.map { plain[$0] } ?? fitted(clockOnly, w)
        let used = grid.put(status, x: 0, y: row, style: theme.bar.with(bold: true))
        // The heart rate, with its zone's word where it is shown, on the zone's colour.
        if let zone, let bpm {
            let shown = say(zoned == nil ? bpm : zone.words)
            if let at = status.firstRange(of: shown) {
                grid.put(shown, x: measure(String(status[..<at.lowerBound])), y: row, style: zoneStyle(zone.zone))
            }
        }
        // The key hints keep their place; a notice takes what room is left between, after the command's line.
        var keys = say(model.text.keyHints) + " "
        let notice = [model.command, model.notice].compactMap { $0 }.joined(separator: " · ")
        if !notice.isEmpty, w - used - measure(keys) - 2 < min(24, measure(notice)) {
            keys = say(model.text.shortKeyHints) + " "
        }
        // Set off from what comes before by at least a separator's width, so that nothing runs together.
        let gap = measure(glyphs.separator), keysMeasured = measure(keys)
        let keysWidth = used + keysMeasured + gap <= w ? keysMeasured : 0
        if keysWidth > 0 { grid.put(keys, x: w - keysWidth, y: row, style: theme.bar) }
        if !notice.isEmpty {
            let room = w - used - keysWidth - (keysWidth > 0 ? gap - 1 : 1)
            let text = say(glyphs.separator) + notice
            if room >= 8 { grid.put(fitted(text, room), x: used, y: row, style: theme.bar) }
        }
    }

    mutating func drawProgress(row: Int) {
        let percent = " \(Int((model.progress * 100).rounded(.down)))%"
        let barWidth = max(0, w - 2 - percent.count)
        let filled = Int((Double(barWidth) * min(1, max(0, model.progress))).rounded(.down))
        grid.repeatScalar(glyphs.barFilled, count: filled, x: 1, y: row, style: theme.digits)
        grid.repeatScalar(glyphs.barEmpty, count: barWidth - filled, x: 1 + filled, y: row, style: theme.digits)
        grid.put(percent, x: 1 + barWidth, y: row, style: theme.body)
    }

    /// One run of cells per work segment, in its exercise's colour, marked done, current or to come.
    mutating func drawOverview(row: Int) {
        let items = model.overview
        let room = w - 2
        guard room > 0 else { return }
        // Too many to show whole: a window that keeps the current one in view.
        let shown = min(items.count, room)
        let first = max(0, min(items.count - shown, model.overviewPosition - shown / 2))
        let run = max(1, min(6, room / shown))
        let gap = run >= 3 ? 1 : 0
        var x = 1 + (room - shown * run) / 2
        for k in first..<(first + shown) {
            // A tile in the screen's own colour (the one under way) would vanish: it takes the bars' shade.
            let band = renderer.band(items[k])
            let style = band.shownColors.background == theme.body.shownColors.background ? theme.bar : band
            grid.fill(row: row, from: x, to: x + run - gap, style: style)
            // Skipped ones get no tick.
            let skipped = model.overviewDone.map { !$0.contains(k) } ?? false
            let mark = k < model.overviewPosition ? (skipped ? glyphs.skipped : glyphs.done)
                : k == model.overviewPosition ? (model.kind == .work ? glyphs.current : glyphs.toCome) : glyphs.toCome
            grid.repeatScalar(mark, count: 1, x: x + (run - gap - 1) / 2, y: row, style: style.with(bold: true))
            x += run
        }
    }
}
