// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The finish summary, and the panels drawn over a frame (help, the quit prompt).
extension WorkoutFrame {
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
        // The command the workout ran beside (`during`), still running or how it ended.
        if let command = model.command { lines.append(fitted(command, w - 2)) }
        // Records set lead, the first words in big type.
        if !summary.records.isEmpty { lines = [model.words.newRecord] + summary.records.map(\.line) + [""] + lines }
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
        guard rows.count >= 5, columns.count >= 14, !model.overlay.isQuitPrompt || rows.count >= size.height else {
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
        if model.overlay.isQuitPrompt {
            let text = model.text, asks = model.overlay.askedCommand != nil
            let keys = asks ? ScreenText.quitCommandAnswers : ScreenText.quitAnswers
            let forms = [shown, [text.quitQuestion, asks ? text.quitCommandCompactKeys : text.quitCompactKeys],
                         [text.quitWord + " " + keys], [text.quitWord, keys]]
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
