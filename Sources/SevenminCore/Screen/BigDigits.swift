/// Large clock digits drawn with block characters, five rows high.
public enum BigDigits {
    public static let height = 5
    /// Each glyph is 3 "pixels" wide; a pixel is two columns so digits look square.
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
    ]

    public static func width(_ text: String) -> Int {
        let glyphs = text.compactMap { self.glyphs[$0] }
        return glyphs.reduce(0) { $0 + $1[0].count * 2 } + max(0, glyphs.count - 1) * 2
    }

    /// Draws `text` centred on the grid with its top at row `y`, cell by cell: one cell at a time,
    /// without building strings every frame.
    public static func draw(_ text: String, into grid: inout CellGrid, y: Int, style: CellStyle) {
        var x = (grid.width - width(text)) / 2
        for ch in text {
            guard let glyph = glyphs[ch] else { continue }
            for (r, row) in glyph.enumerated() {
                for (c, pixel) in row.enumerated() where pixel == "#" {
                    grid.repeatScalar("█", count: 2, x: x + 2 * c, y: y + r, style: style)
                }
            }
            x += glyph[0].count * 2 + 2
        }
    }
}
