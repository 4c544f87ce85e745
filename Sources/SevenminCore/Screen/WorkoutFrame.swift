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
        let left = model.reps == nil ? " \(clock) \(model.words.left)" : " \(clock) · \(model.text.whenDone)"
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
        // The key hints keep their place; a notice takes what room is left between.
        var keys = say(model.text.keyHints) + " "
        if let notice = model.notice, w - used - measure(keys) - 2 < min(24, measure(notice)) {
            keys = say(model.text.shortKeyHints) + " "
        }
        // Set off from what comes before by at least a separator's width, so that nothing runs together.
        let gap = measure(glyphs.separator), keysMeasured = measure(keys)
        let keysWidth = used + keysMeasured + gap <= w ? keysMeasured : 0
        if keysWidth > 0 { grid.put(keys, x: w - keysWidth, y: row, style: theme.bar) }
        if let notice = model.notice {
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

    // MARK: The body

    var panelLines: [String]? {
        switch model.overlay {
        case .none: return nil
        case .help: return WorkoutScreen.helpLines(model.text, phone: model.phone.map { _ in .of(model.language) })
        case .confirmQuit: return WorkoutScreen.quitLines(model.text)
        }
    }

    func panelSize(_ lines: [String]) -> (width: Int, height: Int) {
        ((lines.map { measure(say($0)) }.max() ?? 0) + 6, lines.count + 4)
    }

    var halfBlocks: Bool { glyphs.upperHalf != nil }

    /// The digits' scale for a free area (the rows left beside the title and next-up lines), if big
    /// digits fit it.
    func digitScale(width: Int, height: Int) -> BigType.Scale? {
        guard width >= WorkoutScreen.bigDigitsMinimum.width, height >= WorkoutScreen.bigDigitsMinimum.height else {
            return nil
        }
        // A margin of two columns each side where the width allows it.
        let margin = width >= 60 ? 4 : 0
        return BigType.scale(for: clock, width: width - margin, height: height, halfBlocks: halfBlocks)
    }

    mutating func drawBody(rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        let free = (width: w, height: rows.count - 2)
        guard let lines = panelLines else {
            var columns = 0..<w
            let place = figurePlace(rows: rows)
            if case .beside(let area) = place {
                drawFigure(rows: rows, columns: area)
                columns = 0..<(area.lowerBound - 1)
            }
            if let scale = digitScale(width: columns.count, height: free.height) {
                drawBig(rows: rows, columns: columns, scale: scale, figure: place)
            } else {
                drawCompact(rows: rows)
            }
            return
        }
        // A panel (help, quit) takes room beside or below the digits, so the time stays in view.
        let panel = panelSize(lines)
        let side = digitScale(width: w - panel.width - 1, height: free.height)
        let below = digitScale(width: w, height: free.height - panel.height)
        if let side, side.rows * side.columns >= (below.map { $0.rows * $0.columns } ?? 0) {
            drawBig(rows: rows, columns: 0..<(w - panel.width - 1), scale: side)
            drawPanel(lines, centredIn: rows, columns: (w - panel.width - 1)..<w)
        } else if let below {
            let split = rows.upperBound - panel.height
            drawBig(rows: rows.lowerBound..<split, columns: 0..<w, scale: below)
            drawPanel(lines, centredIn: split..<rows.upperBound)
        } else if let small = digitScale(width: w, height: rows.count - 2) {
            // No room for the whole panel: the digits keep their five rows and the panel's lines take
            // the rows under them, as many as fit, saying how many more there are.
            let scale = BigType.Scale(columns: min(small.columns, 4), halfRows: 2)
            drawDigits(scale: scale, y: rows.lowerBound, columns: 0..<w)
            drawList(lines, rows: (rows.lowerBound + scale.rows)..<rows.upperBound)
        } else if model.overlay == .help, panel.height > rows.count, rows.count >= 3 {
            // Not even small digits, nor room for the whole box: the time on one row, and the keys
            // under it, as many as fit, saying how many more there are.
            drawCompact(rows: rows.lowerBound..<(rows.lowerBound + 1))
            drawList(lines, rows: (rows.lowerBound + 1)..<rows.upperBound)
        } else {
            drawCompact(rows: rows)
            drawPanel(lines, centredIn: rows)
        }
    }

    /// A panel's lines without its border, in the bar's colours, in `rows`; when they do not all fit,
    /// the last row says how many more there are.
    mutating func drawList(_ lines: [String], rows: Range<Int>) {
        let shown = lines.filter { !$0.isEmpty }
        guard !rows.isEmpty else { return }
        for y in rows { grid.fill(row: y, style: theme.bar) }
        let fits = shown.count <= rows.count
        let kept = fits ? shown : Array(shown.prefix(rows.count - 1))
        for (k, line) in kept.enumerated() {
            let style = k == 0 ? theme.bar.with(bold: true) : theme.bar
            grid.put(fitted(line, w - 2), x: 1, y: rows.lowerBound + k, style: style, limit: w - 2)
        }
        if !fits {
            let more = shown.count - kept.count
            grid.put(fitted(model.text.more(more), w - 2), x: 1, y: rows.upperBound - 1,
                     style: theme.bar.with(bold: true), limit: w - 2)
        }
    }

    /// The countdown in big type, dimmed and striped while on hold, centred in `columns`.
    mutating func drawDigits(scale: BigType.Scale, y: Int, columns: Range<Int>) {
        let x = columns.lowerBound + (columns.count - BigType.width(clock, scale: scale)) / 2
        // On hold the countdown is dimmed and striped, so that from afar it cannot pass for a running one.
        BigType.draw(clock, scale: scale, into: &grid, x: x, y: y,
                     style: model.paused ? theme.digits.with(dim: true) : theme.digits, glyphs: glyphs,
                     striped: model.paused)
    }

    /// Where the move's figure goes in a body of `rows`.
    enum FigurePlace {
        /// A column on the right, the body's whole height: wide screens.
        case beside(Range<Int>)
        /// On the right of the digits, in their rows, under words set across the whole width.
        case besideDigits(digitsWidth: Int, figureWidth: Int)
        /// A band of `rows` rows above the digits: tall screens.
        case above(rows: Int)
    }

    /// The smallest figure drawn beside the digits: as wide as five rows of digits are tall, about square.
    static let smallestFigure = (columns: 10, rows: 5)

    /// Rows the figure needs beside the digits: five in Braille (20 dots), eight in ASCII strokes, where
    /// each cell is one stroke and five make no body.
    var smallestFigureRows: Int { glyphs.unicodeText ? Self.smallestFigure.rows : 8 }

    /// Where the move's figure goes, if anywhere. A terminal cell is about twice as tall as it is wide, so
    /// a screen of `w` ≤ 2`h` cells is at least as tall as it is wide, and the figure goes above the digits;
    /// on a wider one it goes beside them. Where the first choice has no room the others are tried. The
    /// figure gives way before the big words and the digits: it takes no room that would make the words
    /// smaller or leave the digits fewer than five rows.
    func figurePlace(rows: Range<Int>) -> FigurePlace? {
        guard model.showsFigure, model.exercise.figure != nil, let full = chosenPlan(rows: rows, width: w) else {
            return nil
        }
        if w <= 2 * h {
            return placeAbove(rows: rows, full: full) ?? placeBesideDigits(rows: rows, full: full)
                ?? placeBeside(rows: rows, full: full)
        }
        return placeBeside(rows: rows, full: full) ?? placeBesideDigits(rows: rows, full: full)
            ?? placeAbove(rows: rows, full: full)
    }

    /// A quarter of the width on the right, at 80 columns or more, if the words stay big type beside it: a
    /// long name wraps or shrinks there rather than shrink the figure, which is the same size for every move.
    func placeBeside(rows: Range<Int>, full: (plan: BodyPlan, scale: BigType.Scale)) -> FigurePlace? {
        guard w >= 80, rows.count >= 12 else { return nil }
        let width = max(20, w / 4)
        let area = (w - width - 1)..<(w - 1)
        guard let beside = chosenPlan(rows: rows, width: area.lowerBound - 1),
              (beside.plan.big != nil || full.plan.big == nil),
              (beside.plan.bigNext != nil || full.plan.bigNext == nil) else {
            return nil
        }
        return .beside(area)
    }

    /// The digits narrowed for a figure at least 16 columns wide, or at the smallest as wide as it is tall
    /// in dots, while they keep five rows and the words keep theirs.
    func placeBesideDigits(rows: Range<Int>, full: (plan: BodyPlan, scale: BigType.Scale)) -> FigurePlace? {
        for least in [16, Self.smallestFigure.columns] {
            let digitsWidth = w - least - 1
            guard let narrow = chosenPlan(rows: rows, width: w, digitsWidth: digitsWidth),
                  keeps(narrow.plan, full.plan), narrow.scale.rows >= smallestFigureRows else { continue }
            // What the digits leave, less the margins (two columns each side where the width allows, as
            // for the digits alone) and two between, up to a square of dots.
            let spare = w - BigType.width(clock, scale: narrow.scale) - 2 - (w >= 60 ? 4 : 2)
            guard spare >= Self.smallestFigure.columns else { continue }
            let band = narrow.scale.rows + 2
            return .besideDigits(digitsWidth: digitsWidth, figureWidth: min(spare, 2 * band))
        }
        return nil
    }

    /// The rows above the digits that the words and the digits leave, up to a third of the body, if
    /// they come to eight or more.
    func placeAbove(rows: Range<Int>, full: (plan: BodyPlan, scale: BigType.Scale)) -> FigurePlace? {
        let left = rows.count - self.rows(of: full.plan) - full.scale.rows - max(1, textRows(width: w).first ?? 0)
        let band = min(left, rows.count / 3)
        return band >= 8 ? .above(rows: band) : nil
    }

    /// Whether plan `a` sets its words no smaller than `b` does: the figure may not cost the words their size.
    func keeps(_ a: BodyPlan, _ b: BodyPlan) -> Bool {
        func size(_ set: BigSet?) -> Int { set.map { 2 * $0.scale.rows + ($0.scale.halved ? 0 : 1) } ?? 0 }
        return size(a.big) >= size(b.big) && size(a.bigNext) >= size(b.bigNext)
    }

    /// The move, drawn in dots, with its form cues under it where they leave the figure its height; in a
    /// pause, the move to come.
    mutating func drawFigure(rows: Range<Int>, columns: Range<Int>) {
        guard let figure = model.exercise.figure else { return }
        let square = columns.count / 2 + 1
        var cues = model.exercise.cues.prefix(3).flatMap { renderer.wrap(say($0), width: columns.count) }
        if rows.count - cues.count - 1 < min(square, 8) { cues = [] }
        let height = min(rows.count - (cues.isEmpty ? 0 : cues.count + 1), square)
        guard height >= 4 else { return }
        let top = rows.lowerBound + max(0, (rows.count - height - (cues.isEmpty ? 0 : cues.count + 1)) / 2)
        let placement = FigurePlacement(x: columns.lowerBound, y: top, columns: columns.count, rows: height,
                                        style: theme.body, braille: glyphs.unicodeText)
        placement.draw(figure, at: model.figureTime, mirrored: model.side == 2, into: &grid)
        figurePlacement = placement
        for (k, cue) in cues.enumerated() {
            center(cue, y: top + height + 1 + k, style: theme.body, from: columns.lowerBound, to: columns.upperBound)
        }
    }

    /// The big words: what to do now, or what the moment is.
    var heading: String { Self.heading(model) }

    static func heading(_ model: ScreenModel) -> String {
        if model.paused { return model.words.paused }
        if let reps = model.reps { return "\(reps) × " + WorkoutScreen.title(model) }
        if model.kind == .work, model.side == 2, !model.sidesApart, model.segmentLength > 0,
           model.remaining > model.segmentLength / 2 - WorkoutScreen.switchSidesShown {
            return model.words.switchSides
        }
        return WorkoutScreen.title(model)
    }

    typealias BigSet = (lines: [String], scale: BigType.Scale)

    /// What the body holds above and below the digits, apart from the lines that give way first.
    struct BodyPlan {
        var big: BigSet?
        /// In a pause, the next exercise's name in big type, on a band of its colour under "Next:".
        var bigNext: BigSet?
        var titleLine: String?
        var nextLine: Bool
    }

    /// Rows a plan takes besides the digits, with the line under a count of reps, which every plan has.
    func rows(of plan: BodyPlan) -> Int {
        (plan.big.map { bigRows($0) } ?? 0) + (plan.bigNext.map { bigRows($0) + 2 } ?? 0)
            + (plan.titleLine == nil ? 0 : 1) + (plan.nextLine ? 1 : 0) + (model.reps == nil ? 0 : 1)
    }

    /// The plans for a body of `rows`, fullest first: big words for the heading (a fifth of the height)
    /// and, in a pause, for what comes next; then the heading alone; then the heading in three rows, at work
    /// or paused even at the cost of the next-up line; last, text lines only. Long words wrap and
    /// shrink, and where they would still not fit the plan is passed over.
    func bodyPlans(rows: Int, width: Int, textWidth: Int) -> [BodyPlan] {
        let title = WorkoutScreen.title(model)
        let words = say(heading)
        // The name under the big words, unless they say it ("10 × Push-up").
        let under = heading == title || heading.hasSuffix(" × " + title) ? nil : title
        let room = width - (width >= 60 ? 4 : 2)
        var plans: [BodyPlan] = []
        if rows >= 15, let big = renderer.fit(words, width: room, height: rows / 5, halfBlocks: halfBlocks,
                                              quarterBlocks: true) {
            if model.kind != .work, model.upNext != nil,
               let next = renderer.fit(say(model.exercise.title), width: textWidth,
                height: max(3, rows / 8), halfBlocks: halfBlocks, quarterBlocks: true,
                maxHalfRows: big.scale.halfRows) {
                plans.append(BodyPlan(big: big, bigNext: next, titleLine: under, nextLine: false))
            }
            plans.append(BodyPlan(big: big, titleLine: under, nextLine: true))
        }
        // Where rows are few, the words in the smallest big type, the header saying them too; the name and
        // PAUSED then at the cost of the next-up line, which a rest, get ready or switch keeps.
        if let big = renderer.fit(words, width: room, height: 3, halfBlocks: halfBlocks, quarterBlocks: true) {
            plans.append(BodyPlan(big: big, titleLine: nil, nextLine: true))
            if model.paused || model.kind == .work { plans.append(BodyPlan(big: big, titleLine: nil, nextLine: false)) }
        }
        plans.append(BodyPlan(big: nil, titleLine: title, nextLine: true))
        return plans
    }

    /// The fullest plan for a body of `rows` and `width` columns that leaves the digits room, with their
    /// scale; the digits narrowed to `digitsWidth` where a figure stands beside them. At work the digits
    /// shrink, down to half their height, to leave the exercise its own lines (`textRows`).
    func chosenPlan(rows: Range<Int>, width: Int, digitsWidth: Int? = nil) -> (plan: BodyPlan, scale: BigType.Scale)? {
        for plan in bodyPlans(rows: rows.count, width: width, textWidth: min(width - 4, 72)) {
            let height = rows.count - self.rows(of: plan)
            guard let most = digitScale(width: digitsWidth ?? width, height: height) else { continue }
            for text in textRows(width: width) where height - most.rows < text {
                if let fewer = digitScale(width: digitsWidth ?? width, height: height - text),
                   2 * fewer.rows >= most.rows {
                    return (plan, fewer)
                }
            }
            return (plan, most)
        }
        return nil
    }

    /// At work, the rows the exercise's own lines would take under the digits, fullest first: its subtitle,
    /// its link, a row between them and the digits, and three lines of its description, then two, then one.
    /// A panel (help, quit) takes those rows while it is open.
    func textRows(width: Int) -> [Int] {
        guard model.kind == .work, model.summary == nil, model.overlay == .none else { return [] }
        let textWidth = min(width - 4, 72)
        let description = renderer.wrap(say(WorkoutScreen.description(model)), width: max(1, textWidth)).count
        let lines = (WorkoutScreen.subtitle(model).isEmpty ? 0 : 1) + (linkText(width: textWidth) == nil ? 0 : 1) + 1
        guard description > 0 else { return [] }
        return (1...min(3, description)).reversed().map { lines + $0 }
    }

    /// Under the time counted up on a step counted in reps: that it is the time so far, the step's time
    /// limit if it has one, and how to end it: "so far · time limit 1:00 · Enter when done". Where that is
    /// too wide for `width`, how to end it gives way (the status line says it too), then the limit.
    func repsLine(width: Int) -> String? {
        guard model.reps != nil else { return nil }
        let soFar = model.words.soFar, done = model.text.whenDone
        let limit = model.repsLimit.map { [model.words.timeLimit + " " + TimeFormat.clock($0)] } ?? []
        let forms = [[soFar] + limit + [done], [soFar] + limit, [soFar]].map { say($0.joined(separator: " · ")) }
        return forms.first { measure($0) <= width } ?? soFar
    }

    /// Rows a text in big type takes, a blank row between its lines.
    func bigRows(_ set: (lines: [String], scale: BigType.Scale)) -> Int {
        set.lines.count * (set.scale.rows + 1) - 1
    }

    /// Draws lines of big type centred in `columns` from row `y`; returns the row after them.
    mutating func drawBigLines(_ set: (lines: [String], scale: BigType.Scale), y: Int, columns: Range<Int>,
                               style: CellStyle) -> Int {
        var y = y
        for (k, line) in set.lines.enumerated() {
            if k > 0 { y += 1 }
            let x = columns.lowerBound + (columns.count - BigType.width(line, scale: set.scale)) / 2
            BigType.draw(line, scale: set.scale, into: &grid, x: x, y: y, style: style, glyphs: glyphs)
            y += set.scale.rows
        }
        return y
    }

    /// Big words, title, subtitle, the figure above or beside the digits, big digits, description, link
    /// and next up. At work the digits first shrink to keep the description (`chosenPlan`); beyond that the
    /// layout gives way in this order: the description, then the link, then the subtitle, then the figure,
    /// then the big words, the digits last.
    mutating func drawBig(rows: Range<Int>, columns: Range<Int>, scale most: BigType.Scale,
                          figure: FigurePlace? = nil) {
        let textWidth = min(columns.count - 4, 72)
        var digitsWidth: Int?, figureAbove = 0
        switch figure {
        case .besideDigits(let width, _): digitsWidth = width
        case .above(let band): figureAbove = band
        case .beside, nil: break
        }
        // The heart rate beside the digits, as a figure would stand there, where they keep room to be big.
        var heart = digitsWidth == nil ? heartBlock(columns: columns.count, rows: rows.count) : nil
        if let block = heart {
            let narrowed = columns.count - block.width - Self.heartGap
            if chosenPlan(rows: rows, width: columns.count, digitsWidth: narrowed) != nil {
                digitsWidth = narrowed
            } else {
                heart = nil
            }
        }
        let chosen = chosenPlan(rows: rows, width: columns.count, digitsWidth: digitsWidth)
        let plan = chosen?.plan ?? bodyPlans(rows: rows.count, width: columns.count, textWidth: textWidth).last!
        let scale = chosen?.scale ?? most
        var left = rows.count - self.rows(of: plan) - scale.rows - figureAbove
        let subtitle = WorkoutScreen.subtitle(model)
        let showSubtitle = !subtitle.isEmpty && take(&left)
        let link = linkText(width: textWidth)
        let showLink = link != nil && take(&left)
        // A row between the digits and the text under them, then the description, before a row above them.
        let gapBelow = take(&left)
        var description = renderer.wrap(say(WorkoutScreen.description(model)), width: max(1, textWidth))
        if description.count > left, left > 0 {
            description = Array(description.prefix(left))
            description[left - 1] = endingCut(description[left - 1], textWidth)
        } else if left <= 0 {
            description = []
        }
        left -= description.count
        let gapAbove = take(&left)
        let linkGap = showLink && !description.isEmpty && take(&left)

        var y = rows.lowerBound + max(0, left / 2)
        let (x0, x1) = (columns.lowerBound, columns.upperBound)
        if let big = plan.big {
            y = drawBigLines(big, y: y, columns: columns, style: theme.body.with(bold: true))
            if plan.titleLine == nil { headerWords = WorkoutScreen.title(model) }
            if plan.bigNext != nil {
                headerWords = (headerWords.map { $0 + " · " } ?? "") + WorkoutScreen.nextUp(model)
            }
        }
        if let titleLine = plan.titleLine {
            center(titleLine, y: y, style: theme.body.with(bold: true), from: x0, to: x1)
            y += 1
        }
        if showSubtitle {
            center(subtitle, y: y, style: theme.body, from: x0, to: x1)
            y += 1
        }
        if figureAbove > 0 {
            let width = min(columns.count - 2, max(2 * figureAbove + 2, 36))
            let x = columns.lowerBound + (columns.count - width) / 2
            drawFigure(rows: y..<(y + figureAbove), columns: x..<(x + width))
            y += figureAbove
        }
        if gapAbove { y += 1 }
        if case .besideDigits(_, let figureWidth) = figure {
            // The digits and the figure side by side, the pair centred, two columns between.
            let digits = BigType.width(clock, scale: scale)
            let x = columns.lowerBound + max(0, (columns.count - digits - 2 - figureWidth) / 2)
            drawDigits(scale: scale, y: y, columns: x..<(x + digits))
            let band = (y - (gapAbove ? 1 : 0))..<(y + scale.rows + (gapBelow ? 1 : 0))
            drawFigure(rows: band, columns: (x + digits + 2)..<(x + digits + 2 + figureWidth))
        } else if let heart {
            // The digits and the heart rate side by side, the pair centred.
            let digits = BigType.width(clock, scale: scale)
            let x = columns.lowerBound + max(0, (columns.count - digits - Self.heartGap - heart.width) / 2)
            drawDigits(scale: scale, y: y, columns: x..<(x + digits))
            drawHeart(heart, beside: y..<(y + scale.rows), x: x + digits + Self.heartGap)
        } else {
            drawDigits(scale: scale, y: y, columns: columns)
        }
        if model.paused, plan.big == nil {
            // On the countdown itself, in the row above it where there is one.
            let label = " " + glyphs.pause + "  " + model.words.paused.uppercased() + " "
            center(label, y: gapAbove ? y - 1 : y, style: theme.bar.with(bold: true), from: x0, to: x1)
        }
        y += scale.rows
        if let reps = repsLine(width: columns.count) {
            center(reps, y: y, style: theme.body.with(bold: true), from: x0, to: x1)
            y += 1
        }
        if gapBelow { y += 1 }
        // The exercise's own description and link first, then what comes next: under a "Next:" line
        // they would read as the next exercise's.
        let textLeft = columns.lowerBound + (columns.count - textWidth) / 2
        for line in description {
            grid.put(line, x: textLeft, y: y, style: theme.body, limit: textWidth)
            y += 1
        }
        if linkGap { y += 1 }
        if showLink, let link {
            center(link, y: y, style: theme.body.with(underline: true), from: x0, to: x1)
            markLink(link, row: y)
            y += 1
        }
        if let bigNext = plan.bigNext, let band = theme.accent {
            let height = bigRows(bigNext) + 2
            let width = min(columns.count, textWidth + 4)
            let bx = columns.lowerBound + (columns.count - width) / 2
            for row in y..<(y + height) { grid.fill(row: row, from: bx, to: bx + width, style: band) }
            // "Next:" in text on the band's first row, the name in big type under it.
            center(model.words.next + ":", y: y, style: band.with(bold: true), from: bx, to: bx + width)
            _ = drawBigLines(bigNext, y: y + 1, columns: columns, style: band.with(bold: true))
        } else if plan.nextLine {
            drawNextUp(y: y, columns: columns)
        }
    }

    /// The heart rate in the digits' type beside them: the scale of its number and the columns it takes.
    struct HeartBlock {
        var scale: BigType.Scale
        var width: Int
    }

    /// Columns between the digits and the heart rate beside them.
    static let heartGap = 4

    /// The colours of the five heart-rate zones, as sports watches show them: grey, blue, green, yellow, red.
    static let zoneColors = [RGB(150, 150, 150), RGB(30, 120, 230), RGB(40, 170, 70), RGB(240, 190, 0),
                             RGB(220, 40, 40)]

    /// The zone's word drawn on its colour.
    func zoneStyle(_ zone: Int) -> CellStyle {
        renderer.band(Self.zoneColors[min(max(zone, 1), 5) - 1]).with(bold: true)
    }

    /// Where a heart rate is shown, its number in big type of whole cells, three rows tall or more, in at
    /// most a quarter of the width and of the rows; nil where none is shown or there is no such room.
    func heartBlock(columns: Int, rows: Int) -> HeartBlock? {
        guard model.heartRate != nil, model.overlay == .none,
              let scale = BigType.scale(for: "888", width: columns / 4, height: rows / 4, halfBlocks: halfBlocks),
              !scale.halved, scale.rows >= 3 else { return nil }
        let words = [model.words.bpm] + model.words.heartZones.map { " " + $0 + " " }
        let width = max(BigType.width("888", scale: scale), words.map { measure(say($0)) }.max() ?? 0)
        return width <= columns / 3 ? HeartBlock(scale: scale, width: width) : nil
    }

    /// The heart rate beside the digits' `rows`: its number ("--" while none is fresh), "bpm" in the workout's
    /// language under it, and the zone's word on its colour.
    mutating func drawHeart(_ block: HeartBlock, beside rows: Range<Int>, x: Int) {
        let bpm = model.heartRate.flatMap { $0 }
        let text = bpm.map(String.init) ?? "--"
        let top = rows.lowerBound + max(0, (rows.count - block.scale.rows - 2) / 2)
        let left = x + (block.width - BigType.width(text, scale: block.scale)) / 2
        BigType.draw(text, scale: block.scale, into: &grid, x: left, y: top,
                     style: bpm == nil ? theme.digits.with(dim: true) : theme.digits, glyphs: glyphs)
        center(model.words.bpm, y: top + block.scale.rows, style: theme.body.with(bold: true), from: x,
               to: x + block.width)
        if let zone = model.heartZone {
            center(" " + model.words.heartZones[zone - 1] + " ", y: top + block.scale.rows + 1, style: zoneStyle(zone),
                   from: x, to: x + block.width)
        }
    }

    /// Without room for big digits: the countdown as a line of text, and whatever else fits, by priority.
    mutating func drawCompact(rows: Range<Int>) {
        var left = rows.count
        let showClock = take(&left), showTitle = take(&left), showNext = take(&left)
        let subtitle = WorkoutScreen.subtitle(model)
        let showSubtitle = !subtitle.isEmpty && take(&left)
        let link = linkText(width: w - 2)
        let showLink = link != nil && take(&left)
        let wrapped = renderer.wrap(say(WorkoutScreen.description(model)), width: max(1, w - 2))
        let description = Array(wrapped.prefix(max(0, left)))
        left -= description.count
        var y = rows.lowerBound + max(0, left / 2)
        if showTitle { center(WorkoutScreen.title(model), y: y, style: theme.body.with(bold: true)); y += 1 }
        if showSubtitle { center(subtitle, y: y, style: theme.body); y += 1 }
        if showClock {
            let line = clock + (model.reps == nil ? "" : " " + model.words.soFar)
                + (model.paused ? "  " + glyphs.pause + " " + model.words.paused.uppercased() : "")
            center(line, y: y, style: theme.digits.with(bold: true))
            y += 1
        }
        if showNext { drawNextUp(y: y, columns: 0..<w); y += 1 }
        for line in description { grid.put(line, x: 1, y: y, style: theme.body, limit: w - 2); y += 1 }
        if showLink, let link {
            center(link, y: y, style: theme.body.with(underline: true))
            markLink(link, row: y)
        }
    }

    /// Notes the row of a link shown whole, so the terminal can make it clickable.
    mutating func markLink(_ shown: String, row: Int) {
        guard let url = model.exercise.videoURL, shown.hasSuffix(url) else { return }
        grid.links.append(HyperLink(row: row, url: url))
    }

    /// "Next: Wall Sit"; during pauses on a band of that exercise's colour.
    mutating func drawNextUp(y: Int, columns: Range<Int>) {
        let text = WorkoutScreen.nextUp(model)
        if let band = theme.accent {
            let width = min(columns.count, max(measure(text) + 8, columns.count / 2))
            let x0 = columns.lowerBound + (columns.count - width) / 2
            grid.fill(row: y, from: x0, to: x0 + width, style: band)
            center(text, y: y, style: band.with(bold: true), from: x0, to: x0 + width)
        } else {
            center(text, y: y, style: theme.body, from: columns.lowerBound, to: columns.upperBound)
        }
    }

    /// The video link whole, or a hint to open it: a link cut short would lead somewhere else.
    func linkText(width: Int) -> String? {
        guard let url = model.exercise.videoURL else { return nil }
        let full = glyphs.play + url
        if measure(full) <= width { return full }
        return measure("o: open video") <= width ? "o: open video" : nil
    }

    /// The last line that fits of a text cut short: whole words, then an ellipsis.
    func endingCut(_ line: String, _ width: Int) -> String {
        var words = line.split(separator: " ")
        while !words.isEmpty {
            let candidate = words.joined(separator: " ") + " " + glyphs.ellipsis
            if measure(candidate) <= width { return candidate }
            words.removeLast()
        }
        return fitted(line, width)
    }

    /// Takes one row from `left` if there is one.
    func take(_ left: inout Int) -> Bool {
        guard left > 0 else { return false }
        left -= 1
        return true
    }

    // MARK: Summary and panels

    mutating func drawSummary(_ summary: ScreenModel.Summary) {
        let text = model.text
        var lines = [summary.headline(text), "", model.routineName] + (model.planLine.map { [$0] } ?? []) + ["",
                     text.time + model.words.colon + TimeFormat.clock(summary.activeTime, roundingUp: false)]
        if summary.isComplete {
            lines.append(text.exercisesDone + ": \(summary.exercisesDone)/\(summary.exerciseCount)"
                + (summary.rounds > 1 ? text.inRounds(summary.rounds) : ""))
        }
        if let streak = summary.streak { lines.append(text.streak(streak)) }
        if let recovery = summary.heartRecovery {
            lines.append(text.heartRecovery(recovery.drop, recovery.from, recovery.to))
        } else if summary.measuringRecovery {
            lines.append(text.heartRecoveryPending)
        }
        if let seed = model.shuffleSeed { lines.append(text.shuffled + " --seed \(seed)") }
        lines += summary.asksEffort
            ? ["", summary.effortQuestion(text), text.effortKeys].map { glyphs.fold($0, language: model.language) }
            : ["", text.pressAnyKey]
        // The question, when one is asked, in big type where the rows allow and its letters can be set: first,
        // what its answer does and the keys under it, then the rest.
        let question = summary.asksEffort && h >= 15 ? renderer.fit(
            say(text.effortQuestion.replacing("–", with: "-")), width: w - 4,
            height: min(h / 3, h - lines.count - 1), halfBlocks: halfBlocks) : nil
        if question != nil {
            let effect = glyphs.fold(String(summary.effortEffect(text).dropFirst()), language: model.language)
            lines = [text.effortQuestion, effect, lines[lines.count - 1], ""] + lines.dropLast(3)
        }
        // The first line in big type above the rest, where the rows allow.
        let big = question ?? (h >= 15 ? renderer.fit(say(lines[0]), width: w - 4,
                                                      height: min(h / 3, h - lines.count - 1), halfBlocks: halfBlocks)
            : nil)
        var top = max(0, (h - lines.count - (big.map { bigRows($0) } ?? 0)) / 2)
        if let big {
            top = drawBigLines(big, y: max(1, top), columns: 0..<w, style: theme.body.with(bold: true))
            lines.removeFirst()
            headerWords = summary.headline(text)
            drawHeader()
        }
        // The headline in bold: first, or after the question's lines.
        let headline = question == nil ? (big == nil ? 0 : nil) : 3
        for (k, line) in lines.enumerated() {
            center(line, y: top + k, style: k == headline ? theme.body.with(bold: true) : theme.body)
        }
    }

    /// A bordered panel in the bar's colours, centred in the given rows and columns.
    mutating func drawPanel(_ lines: [String], centredIn rows: Range<Int>, columns: Range<Int>? = nil) {
        let columns = columns ?? 0..<w
        let size = panelSize(lines)
        // Too small for the box to show its lines (for the quit prompt, all of them): the lines alone,
        // over the whole screen.
        guard rows.count >= 5, columns.count >= 14, model.overlay != .confirmQuit || rows.count >= size.height else {
            return drawCompactPanel(lines)
        }
        let width = min(columns.count, size.width), height = min(rows.count, size.height)
        let x0 = columns.lowerBound + (columns.count - width) / 2, y0 = rows.lowerBound + (rows.count - height) / 2
        let style = theme.bar
        for y in y0..<(y0 + height) { grid.fill(row: y, from: x0, to: x0 + width, style: style) }
        let b = glyphs.box
        grid.put(b.tl, x: x0, y: y0, style: style)
        grid.repeatScalar(b.h, count: width - 2, x: x0 + 1, y: y0, style: style)
        grid.put(b.tr, x: x0 + width - 1, y: y0, style: style)
        grid.put(b.bl, x: x0, y: y0 + height - 1, style: style)
        grid.repeatScalar(b.h, count: width - 2, x: x0 + 1, y: y0 + height - 1, style: style)
        grid.put(b.br, x: x0 + width - 1, y: y0 + height - 1, style: style)
        for y in (y0 + 1)..<(y0 + height - 1) {
            grid.put(b.v, x: x0, y: y, style: style)
            grid.put(b.v, x: x0 + width - 1, y: y, style: style)
        }
        for (k, line) in lines.enumerated() where y0 + 2 + k < y0 + height - 1 {
            if k == 0 {
                center(line, y: y0 + 2 + k, style: style.with(bold: true), from: x0 + 1, to: x0 + width - 1)
            } else {
                grid.put(fitted(line, width - 4), x: x0 + 3, y: y0 + 2 + k, style: style, limit: width - 4)
            }
        }
    }

    /// A panel's lines without a box, centred on the screen, for sizes down to 10×3: the quit prompt in
    /// words short enough to read there, shorter and shorter, its keys kept whole to the last: the
    /// question in one word on the keys' line, then above them, then the keys before what is left of it.
    mutating func drawCompactPanel(_ lines: [String]) {
        var shown = lines.filter { !$0.isEmpty }
        if model.overlay == .confirmQuit {
            let text = model.text, keys = ScreenText.quitAnswers
            let forms = [shown, [text.quitQuestion, text.quitCompactKeys], [text.quitTiny], [text.quitWord, keys]]
            shown = forms.first(where: fits) ?? [keys + " " + text.quitWord]
        }
        let height = min(h, shown.count)
        // Below the header's row where they leave it, which the header is drawn over.
        let y0 = height < h ? 1 + (h - 1 - height) / 2 : 0
        let style = theme.bar
        for (k, line) in shown.prefix(height).enumerated() {
            grid.fill(row: y0 + k, from: 0, to: w, style: style)
            center(line, y: y0 + k, style: k == 0 ? style.with(bold: true) : style)
        }
    }

    func fits(_ lines: [String]) -> Bool {
        lines.count <= h && lines.allSatisfy { measure(say($0)) <= w }
    }
}
