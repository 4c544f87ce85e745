/// Large clock digits from a 3×5 block font, scaled by whole cells across and by half cells down.
public enum BigDigits {
    /// How large a pixel of the font is drawn: columns across and half-rows down.
    public struct Scale: Equatable, Sendable {
        public var columns: Int
        public var halfRows: Int
        /// Rows the digits take.
        public var rows: Int { (BigDigits.pixelRows * halfRows + 1) / 2 }
    }

    static let pixelRows = 5
    static let glyphs: [Character: [String]] = [
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
    ]

    /// The glyphs as pixels, worked out once rather than on every frame.
    static let bitmaps: [Character: [[Bool]]] = glyphs.mapValues { rows in rows.map { $0.map { $0 == "#" } } }

    /// Font pixels across `text`: its glyphs with one blank pixel between neighbours.
    public static func pixelWidth(_ text: String) -> Int {
        let widths = text.compactMap { glyphs[$0]?[0].count }
        return widths.reduce(0, +) + max(0, widths.count - 1)
    }

    /// Columns `text` takes at `scale`.
    public static func width(_ text: String, scale: Scale) -> Int { pixelWidth(text) * scale.columns }

    /// The largest scale at which `text` fits `width`×`height` cells, pixels no taller than they are
    /// wide (a half-row is about a column), and at least five rows high; nil if even that does not fit.
    /// Without half blocks the height grows in whole cells.
    public static func scale(for text: String, width: Int, height: Int, halfBlocks: Bool) -> Scale? {
        let pixels = pixelWidth(text)
        guard pixels > 0, width > 0, height > 0 else { return nil }
        let columns = width / pixels
        var halfRows = min(2 * height / pixelRows, max(2, columns))
        if !halfBlocks { halfRows -= halfRows % 2 }
        guard columns >= 1, halfRows >= 2 else { return nil }
        return Scale(columns: min(columns, 2 * halfRows), halfRows: halfRows)
    }

    /// Draws `text` with its top left at (`x`, `y`), clipped to the grid.
    public static func draw(_ text: String, scale: Scale, into grid: inout CellGrid, x: Int, y: Int,
                            style: CellStyle, glyphs set: Glyphs) {
        var left = x
        for ch in text {
            guard let bits = bitmaps[ch] else { continue }
            for (c, _) in bits[0].enumerated() {
                let x0 = left + c * scale.columns
                for row in 0..<scale.rows {
                    // Which pixel rows cover the top and bottom halves of this cell row.
                    let top = 2 * row / scale.halfRows, bottom = (2 * row + 1) / scale.halfRows
                    let upper = top < pixelRows && bits[top][c]
                    let lower = bottom < pixelRows && bits[bottom][c]
                    let scalar: Unicode.Scalar?
                    switch (upper, lower) {
                    case (true, true): scalar = set.full
                    case (true, false): scalar = set.upperHalf ?? set.full
                    case (false, true): scalar = set.lowerHalf ?? set.full
                    case (false, false): scalar = nil
                    }
                    if let scalar { grid.repeatScalar(scalar, count: scale.columns, x: x0, y: y + row, style: style) }
                }
            }
            left += (bits[0].count + 1) * scale.columns
        }
    }
}
