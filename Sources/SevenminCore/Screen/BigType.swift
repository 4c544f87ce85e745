// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Big block type for what must be read from across the room: the countdown, the exercise's name and
/// the state words ("Rest", "PAUSED", a count of reps). One 5-pixel-high font of digits, capitals and a
/// few signs, scaled by whole cells across and by half cells down.
public enum BigType {
    /// How large a pixel of the font is drawn: columns across and half-rows down.
    public struct Scale: Equatable, Sendable {
        public var columns: Int
        public var halfRows: Int
        /// Rows the type takes.
        public var rows: Int { (BigType.pixelRows * halfRows + 1) / 2 }

        public init(columns: Int, halfRows: Int) {
            self.columns = columns
            self.halfRows = halfRows
        }
    }

    static let pixelRows = 5
    static let font: [Character: [String]] = [
        "0": ["###", "#.#", "#.#", "#.#", "###"],
        "1": [".#.", "##.", ".#.", ".#.", "###"],
        "2": ["###", "..#", "###", "#..", "###"],
        "3": ["###", "..#", ".##", "..#", "###"],
        "4": ["#.#", "#.#", "###", "..#", "..#"],
        "5": ["###", "#..", "###", "..#", "###"],
        "6": ["###", "#..", "###", "#.#", "###"],
        "7": ["###", "..#", ".#.", ".#.", ".#."],
        "8": ["###", "#.#", "###", "#.#", "###"],
        "9": ["###", "#.#", "###", "..#", "###"],
        ":": [".", "#", ".", "#", "."],
        "+": ["...", ".#.", "###", ".#.", "..."],
        "-": ["...", "...", "###", "...", "..."],
        "A": [".##.", "#..#", "####", "#..#", "#..#"],
        "B": ["###.", "#..#", "###.", "#..#", "###."],
        "C": [".###", "#...", "#...", "#...", ".###"],
        "D": ["###.", "#..#", "#..#", "#..#", "###."],
        "E": ["####", "#...", "###.", "#...", "####"],
        "F": ["####", "#...", "###.", "#...", "#..."],
        "G": [".###", "#...", "#.##", "#..#", ".###"],
        "H": ["#..#", "#..#", "####", "#..#", "#..#"],
        "I": ["###", ".#.", ".#.", ".#.", "###"],
        "J": ["..##", "...#", "...#", "#..#", ".##."],
        "K": ["#..#", "#.#.", "##..", "#.#.", "#..#"],
        "L": ["#...", "#...", "#...", "#...", "####"],
        "M": ["#...#", "##.##", "#.#.#", "#...#", "#...#"],
        "N": ["#..#", "##.#", "#.##", "#..#", "#..#"],
        "O": [".##.", "#..#", "#..#", "#..#", ".##."],
        "P": ["###.", "#..#", "###.", "#...", "#..."],
        "Q": [".##.", "#..#", "#..#", "#.#.", ".#.#"],
        "R": ["###.", "#..#", "###.", "#.#.", "#..#"],
        "S": [".###", "#...", ".##.", "...#", "###."],
        "T": ["###", ".#.", ".#.", ".#.", ".#."],
        "U": ["#..#", "#..#", "#..#", "#..#", ".##."],
        "V": ["#...#", "#...#", "#...#", ".#.#.", "..#.."],
        "W": ["#...#", "#...#", "#.#.#", "##.##", "#...#"],
        "X": ["#...#", ".#.#.", "..#..", ".#.#.", "#...#"],
        "Y": ["#...#", ".#.#.", "..#..", "..#..", "..#.."],
        "Z": ["####", "...#", ".##.", "#...", "####"],
        " ": ["..", "..", "..", "..", ".."],
        "'": ["#", "#", ".", ".", "."],
        ".": [".", ".", ".", ".", "#"],
        ",": [".", ".", ".", "#", "#"],
        "!": ["#", "#", "#", ".", "#"],
        "?": ["###.", "...#", ".##.", "....", ".#.."],
        "/": ["..#", "..#", ".#.", "#..", "#.."],
        "(": [".#", "#.", "#.", "#.", ".#"],
        ")": ["#.", ".#", ".#", ".#", "#."],
        "&": [".#..", "#.#.", ".#.#", "#.#.", ".#.#"],
    ]

    /// The glyphs as pixels, worked out once rather than on every frame; letters are looked up as capitals.
    static let bitmaps: [Character: [[Bool]]] = font.mapValues { rows in rows.map { $0.map { $0 == "#" } } }

    static func bitmap(_ ch: Character) -> [[Bool]]? {
        if let known = bitmaps[ch] { return known }
        let capital = ch.uppercased()
        return capital.count == 1 ? bitmaps[Character(capital)] : nil
    }

    /// Whether every character of `text` has a glyph; text in another script is shown as ordinary text.
    public static func canSet(_ text: String) -> Bool { !text.isEmpty && text.allSatisfy { bitmap($0) != nil } }

    /// Font pixels across `text`: its glyphs with one blank pixel between neighbours.
    public static func pixelWidth(_ text: String) -> Int {
        let widths = text.compactMap { bitmap($0)?[0].count }
        return widths.reduce(0, +) + max(0, widths.count - 1)
    }

    /// Columns `text` takes at `scale`.
    public static func width(_ text: String, scale: Scale) -> Int { pixelWidth(text) * scale.columns }

    /// The largest scale at which one line of `text` fits `width`×`height` cells, pixels no taller than
    /// they are wide (a half-row is about a column); nil if even the smallest does not fit. Without half
    /// blocks the height grows in whole cells.
    public static func scale(for text: String, width: Int, height: Int, halfBlocks: Bool) -> Scale? {
        let pixels = pixelWidth(text)
        guard pixels > 0, width > 0, height > 0 else { return nil }
        let columns = width / pixels
        var halfRows = min(2 * height / pixelRows, max(2, columns))
        if !halfBlocks { halfRows -= halfRows % 2 }
        guard columns >= 1, halfRows >= 2 else { return nil }
        return Scale(columns: min(columns, 2 * halfRows), halfRows: halfRows)
    }

    /// `text` set in as few lines as the largest scale allows within `width`×`height` cells (a blank row
    /// between lines), words wrapped whole and never cut; nil if a word does not fit at the smallest.
    /// Pixels are at most twice as tall as wide, and no taller than `maxHalfRows` half rows.
    public static func fit(_ text: String, width: Int, height: Int, halfBlocks: Bool,
                           maxHalfRows: Int = 8) -> (lines: [String], scale: Scale)? {
        guard canSet(text), width > 0, height > 0 else { return nil }
        let words = text.split(separator: " ").map(String.init)
        let smallest = halfBlocks ? 1 : 2
        for halfRows in stride(from: maxHalfRows, through: smallest, by: halfBlocks ? -1 : -2) {
            let rows = Scale(columns: 1, halfRows: halfRows).rows
            for columns in stride(from: halfRows, through: max(1, (halfRows + 1) / 2), by: -1) {
                let scale = Scale(columns: columns, halfRows: halfRows)
                guard let lines = wrap(words, pixels: width / columns),
                      lines.count * rows + lines.count - 1 <= height else { continue }
                return (lines, scale)
            }
        }
        return nil
    }

    /// Words in lines of at most `pixels` font pixels; nil if a word alone is wider.
    static func wrap(_ words: [String], pixels: Int) -> [String]? {
        var lines: [String] = []
        for word in words {
            guard pixelWidth(word) <= pixels else { return nil }
            if let last = lines.last, pixelWidth(last + " " + word) <= pixels {
                lines[lines.count - 1] = last + " " + word
            } else {
                lines.append(word)
            }
        }
        return lines
    }

    /// Draws `text` with its top left at (`x`, `y`), clipped to the grid. `striped` draws only the top
    /// half of each cell, the look of a countdown on hold.
    public static func draw(_ text: String, scale: Scale, into grid: inout CellGrid, x: Int, y: Int,
                            style: CellStyle, glyphs set: Glyphs, striped: Bool = false) {
        var left = x
        for ch in text {
            guard let bits = bitmap(ch) else { continue }
            for (c, _) in bits[0].enumerated() {
                let x0 = left + c * scale.columns
                for row in 0..<scale.rows {
                    // Which pixel rows cover the top and bottom halves of this cell row.
                    let top = 2 * row / scale.halfRows, bottom = (2 * row + 1) / scale.halfRows
                    let upper = top < pixelRows && bits[top][c]
                    let lower = bottom < pixelRows && bits[bottom][c]
                    let scalar: Unicode.Scalar?
                    switch (upper, lower, striped) {
                    case (true, _, true): scalar = set.stripe
                    case (false, _, true): scalar = nil
                    case (true, true, false): scalar = set.full
                    case (true, false, false): scalar = set.upperHalf ?? set.full
                    case (false, true, false): scalar = set.lowerHalf ?? set.full
                    case (false, false, false): scalar = nil
                    }
                    if let scalar { grid.repeatScalar(scalar, count: scale.columns, x: x0, y: y + row, style: style) }
                }
            }
            left += (bits[0].count + 1) * scale.columns
        }
    }
}
