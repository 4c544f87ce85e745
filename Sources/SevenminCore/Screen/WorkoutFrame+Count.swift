// SPDX-License-Identifier: GPL-3.0-or-later
/// The count asked after a step of as many as you can (`CountEntry`): it takes the screen until given.
extension WorkoutFrame {
    /// "How many? Push-up" on top, the number typed in big type (a "?" before any) and under it the move's
    /// record and the keys; where rows are few the record gives way, then big type does.
    mutating func drawCount(_ ask: ScreenModel.CountAsk) {
        let words = model.words
        let number = ask.digits.isEmpty ? "?" : ask.digits
        var under = [ask.record.map { words.record + " " + $0.valueText }, words.countKeys].compactMap { $0 }
        while under.count + 2 > h { under.removeFirst() }
        center(words.howMany + " " + visible(ask.title), y: 0, style: theme.body.with(bold: true))
        let middle = 1..<(h - under.count)
        // No taller than half the screen: a count of reps read from across the room, not a wall of blocks.
        if let scale = BigType.scale(for: number, width: w - 4, height: min(middle.count, max(3, h / 2)),
                                     halfBlocks: halfBlocks), middle.count >= 3 {
            let y = middle.lowerBound + (middle.count - scale.rows) / 2
            BigType.draw(number, scale: scale, into: &grid, x: (w - BigType.width(number, scale: scale)) / 2, y: y,
                         style: theme.digits, glyphs: glyphs, striped: false)
        } else {
            center(number, y: middle.lowerBound + middle.count / 2, style: theme.digits.with(bold: true))
        }
        for (k, line) in under.enumerated() { center(line, y: middle.upperBound + k, style: theme.body) }
    }
}
