// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Big type, the compact layout, the link and what comes next.
extension WorkoutFrame {
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
            let line = clock + (model.countsUp ? " " + model.words.soFar : "")
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
}
