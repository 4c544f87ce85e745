// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Big block type for what must be read from across the room: the countdown, the exercise's name and
/// the state words ("Rest", "PAUSED", a count of reps: "10 × PUSH-UP"). One 5-pixel-high font of digits,
/// capitals and a few signs, scaled by whole cells across and by half cells down.
public enum BigType {
    /// How large a pixel of the font is drawn: columns across and half-rows down, or, for the smallest
    /// size, half a column across and half a row down in quarter blocks.
    public struct Scale: Equatable, Sendable {
        public var columns: Int
        public var halfRows: Int
        /// Two pixels across a cell, drawn in quarter blocks (`▙▛▜▟`): type three rows tall and half as wide.
        public var halved: Bool
        /// Rows the type takes.
        public var rows: Int { (BigType.pixelRows * halfRows + 1) / 2 }

        public init(columns: Int, halfRows: Int, halved: Bool = false) {
            self.columns = columns
            self.halfRows = halfRows
            self.halved = halved
        }

        /// The smallest size: quarter blocks, three rows tall.
        public static let quarter = Scale(columns: 1, halfRows: 1, halved: true)

        /// Columns `pixels` font pixels take.
        func columns(pixels: Int) -> Int { halved ? (pixels + 1) / 2 : pixels * columns }
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
        "×": ["...", "#.#", ".#.", "#.#", "..."],
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

    /// The same by ASCII code, capitals for small letters, without hashing a character: the clock's
    /// digits are looked up every second.
    static let asciiBitmaps: [[[Bool]]?] = (0..<128).map { code in
        let ch = Character(Unicode.Scalar(UInt8(code)))
        return bitmaps[ch] ?? bitmaps[Character(ch.uppercased())]
    }

    static func bitmap(_ ch: Character) -> [[Bool]]? {
        if let ascii = ch.asciiValue { return asciiBitmaps[Int(ascii)] }
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
    public static func width(_ text: String, scale: Scale) -> Int { scale.columns(pixels: pixelWidth(text)) }

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
    /// Pixels are at most twice as tall as wide, and no taller than `maxHalfRows` half rows. With
    /// `quarterBlocks`, the smallest size is quarter blocks, for a pane as narrow as a tmux quarter.
    public static func fit(_ text: String, width: Int, height: Int, halfBlocks: Bool, quarterBlocks: Bool = false,
                           maxHalfRows: Int = 8) -> Fit? {
        guard canSet(text), width > 0, height > 0 else { return nil }
        let words = text.split(separator: " ").map(String.init)
        let smallest = halfBlocks ? 1 : 2
        var scales: [Scale] = []
        for halfRows in stride(from: maxHalfRows, through: smallest, by: halfBlocks ? -1 : -2) {
            for columns in stride(from: halfRows, through: max(1, (halfRows + 1) / 2), by: -1) {
                scales.append(Scale(columns: columns, halfRows: halfRows))
            }
        }
        if halfBlocks && quarterBlocks { scales.append(.quarter) }
        for scale in scales {
            guard let lines = wrap(words, pixels: scale.halved ? 2 * width : width / scale.columns),
                  lines.count * scale.rows + lines.count - 1 <= height else { continue }
            return (lines, scale)
        }
        return nil
    }

    /// Lines of big type and the scale they are set at.
    public typealias Fit = (lines: [String], scale: Scale)

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

    /// The font's pixels for one line of `text`: five rows, a blank column between glyphs, row by row in
    /// one array (the clock's are worked out every second).
    struct Pixels {
        let width: Int
        let bits: [Bool]
        func on(_ row: Int, _ column: Int) -> Bool {
            row < BigType.pixelRows && column < width && bits[row * width + column]
        }
    }

    static func pixels(_ text: String) -> Pixels {
        let glyphs = text.compactMap(bitmap)
        let width = glyphs.reduce(0) { $0 + $1[0].count } + max(0, glyphs.count - 1)
        var bits = [Bool](repeating: false, count: width * pixelRows)
        var x = 0
        for glyph in glyphs {
            for row in 0..<pixelRows {
                for (column, on) in glyph[row].enumerated() where on { bits[row * width + x + column] = true }
            }
            x += glyph[0].count + 1
        }
        return Pixels(width: width, bits: bits)
    }

    /// Draws `text` with its top left at (`x`, `y`), clipped to the grid. `striped` draws only the top
    /// half of each cell, the look of a countdown on hold.
    public static func draw(_ text: String, scale: Scale, into grid: inout CellGrid, x: Int, y: Int,
                            style: CellStyle, glyphs set: Glyphs, striped: Bool = false) {
        let bits = pixels(text)
        let width = bits.width
        func on(_ r: Int, _ c: Int) -> Bool { bits.on(r, c) }
        let across = scale.halved ? 2 : 1
        for column in stride(from: 0, to: width, by: across) {
            let x0 = x + scale.columns(pixels: column)
            for row in 0..<scale.rows {
                // Which pixel rows cover the top and bottom halves of this cell row, and which pixel
                // columns its left and right halves: the four quarters of the cell.
                let top = 2 * row / scale.halfRows, bottom = (2 * row + 1) / scale.halfRows
                let right = column + across - 1
                let quarters = (on(top, column) ? 1 : 0) | (on(top, right) ? 2 : 0)
                    | (on(bottom, column) ? 4 : 0) | (on(bottom, right) ? 8 : 0)
                let scalar = striped ? (quarters & 3 != 0 ? set.stripe : nil) : set.block(quarters)
                if let scalar {
                    grid.repeatScalar(scalar, count: scale.halved ? 1 : scale.columns, x: x0, y: y + row, style: style)
                }
            }
        }
    }
}
