// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The body of a frame: the countdown, the figure, the words in big type and the heart rate, fitted to the room.
extension WorkoutFrame {
    var panelLines: [String]? {
        switch model.overlay {
        case .none: return nil
        case .help: return WorkoutScreen.helpLines(model.text, phone: model.phone.map { _ in .of(model.language) })
        case .confirmQuit: return WorkoutScreen.quitLines(model.text)
        case .confirmQuitCommand(let name): return WorkoutScreen.quitLines(model.text, command: visible(name))
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
        } else if let small = digitScale(width: w, height: rows.count - 2),
                  !model.overlay.isQuitPrompt
                    || lines.filter({ !$0.isEmpty }).count <= rows.count - BigType.Scale(columns: 4, halfRows: 2).rows {
            // No room for the whole panel: the digits keep their five rows and the panel's lines take
            // the rows under them, as many as fit, saying how many more there are (a quit prompt's must all).
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
        if model.newRecord != nil { return model.words.newRecord }
        if let reps = model.reps { return "\(reps) × " + WorkoutScreen.title(model) }
        if model.asManyAsYouCan != nil, model.kind == .work {
            return model.words.most + " × " + WorkoutScreen.title(model)
        }
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
            + (plan.titleLine == nil ? 0 : 1) + (plan.nextLine ? 1 : 0) + (hasLineUnderTime ? 1 : 0)
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
    /// Whether the time has a line under it: a step that counts up, or one of as many as you can in a time
    /// with a record to beat.
    var hasLineUnderTime: Bool { model.countsUp || model.countRecord != nil }

    func repsLine(width: Int) -> String? {
        // As many as you can in a time: the record to beat, "record 31 reps in 60 s".
        guard model.countsUp else { return model.countRecord.map { say(model.words.record + " " + $0.valueText) } }
        if let hold = holdLine(width: width) { return hold }
        // As many as you can: the record to beat first ("record 12 reps · so far").
        let soFar = ([model.countRecord.map { model.words.record + " " + $0.valueText }].compactMap { $0 }
            + [model.words.soFar]).joined(separator: " · "), done = model.text.whenDone
        let limit = model.repsLimit.map { [model.words.timeLimit + " " + TimeFormat.clock($0)] } ?? []
        let forms = [[soFar] + limit + [done], [soFar] + limit, [soFar]].map { say($0.joined(separator: " · ")) }
        return forms.first { measure($0) <= width } ?? soFar
    }
}
