// SPDX-License-Identifier: GPL-3.0-or-later
/// A table of aligned columns for a command's output, fitted to the terminal's width: where the rows
/// are too wide, the columns named in `shrinking` give up columns in turn, each cut with "…" (a path from
/// its left, keeping the file's name), so no row wraps.
public enum TextTable {
    /// A column that may be cut, and from which end.
    public struct Shrink: Sendable {
        public var column: Int
        public var fromLeft: Bool
        public init(column: Int, fromLeft: Bool = false) {
            self.column = column
            self.fromLeft = fromLeft
        }
    }

    /// The narrowest a cut column becomes.
    static let minimumWidth = 12

    /// `rows` (the first the header) with two spaces between columns, `rightAligned` ones (numbers)
    /// on the right, the last column unpadded, at most `width` columns wide where `shrinking` allows.
    public static func render(_ rows: [[String]], rightAligned: Set<Int> = [], shrinking: [Shrink] = [],
                              width: Int, metrics: TextMetrics) -> String {
        guard let count = rows.first?.count else { return "" }
        var widths = (0..<count).map { c in rows.map { metrics.width($0[c]) }.max() ?? 0 }
        var excess = widths.reduce(2 * (count - 1), +) - width
        for shrink in shrinking where excess > 0 {
            let give = min(excess, max(0, widths[shrink.column] - minimumWidth))
            widths[shrink.column] -= give
            excess -= give
        }
        let fromLeft = Set(shrinking.filter(\.fromLeft).map(\.column))
        return rows.map { row in
            row.enumerated().map { c, cell in
                let fitted = fromLeft.contains(c) ? cutFromLeft(cell, widths[c], metrics: metrics)
                    : WorkoutScreen.fitted(cell, widths[c], metrics: metrics)
                if c == count - 1 { return fitted }
                let pad = String(repeating: " ", count: max(0, widths[c] - metrics.width(fitted)))
                return rightAligned.contains(c) ? pad + fitted : fitted + pad
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// `text` cut to `width` columns from its left: "…/workouts/classic.json".
    static func cutFromLeft(_ text: String, _ width: Int, metrics: TextMetrics) -> String {
        guard metrics.width(text) > width, width > 1 else { return text }
        var tail = ""
        var used = 1
        for ch in text.reversed() {
            let w = metrics.width(ch)
            if used + w > width { break }
            tail.insert(ch, at: tail.startIndex)
            used += w
        }
        return "…" + tail
    }
}
